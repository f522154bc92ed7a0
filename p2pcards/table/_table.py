"""The sans-I/O state machine of one table (h11 style).

Feed it received entry bytes (:meth:`Table.receive`) and local decisions
(:meth:`Table.decide`); it returns :mod:`outputs <p2pcards.table._outputs>`: entries to
broadcast, secrets to persist first, and events for the user interface.  It never does
I/O, never reads a clock and takes its randomness from the ``random_bytes`` it is given.

Every peer holds the same log: the engine's current need decides who may write next
(:mod:`p2pcards.table._steps`), contributions made at once are appended in seat order, so
all honest peers end with byte-identical logs.  A table built with ``seat=None`` is an
*observer*: it follows the log without writing, which is exactly what the audit does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from p2pcards.cards import Card
from p2pcards.games import (
    Finished,
    GameState,
    IllegalMove,
    Move,
    Shuffle,
    forfeit_result,
    load_game,
)
from p2pcards.mental_poker import (
    InvalidPublicKey,
    MentalPokerError,
    ProofContext,
    SeatKey,
    check_ed25519_key,
    check_x25519_key,
)
from p2pcards.table._outputs import (
    Appended,
    Broadcast,
    CheatDetected,
    Evidence,
    Fetch,
    GameOver,
    HandAbandoned,
    HandStarted,
    HandVerified,
    Offence,
    Output,
    Persist,
    Rejected,
    SeatLeft,
    VoteCast,
    Waiting,
)
from p2pcards.table._seed import seeded_stream
from p2pcards.table._steps import (
    REASONS,
    AbandonStep,
    Alter,
    Blame,
    Deck,
    Expect,
    HandReshuffle,
    KeyStep,
    MoveStep,
    RoundStep,
    ShowdownStep,
    SingleStep,
    Slot,
    Step,
    first_step,
    vote_target,
)
from p2pcards.transcript import (
    BadGenesis,
    EquivocationError,
    Head,
    Log,
    OutOfTurn,
    Pending,
    TranscriptError,
    make_accept,
    sign_entry,
)
from p2pcards.transcript import Entry as LogEntry

RandomBytes = Callable[[int], bytes]
MAX_PENDING = 4096
"""Most entries held ahead of the log (all seats together)."""
MAX_AHEAD = 1024
"""How far beyond the log's head a held entry may be (further ones are dropped)."""
MAX_PENDING_PER_SEAT = MAX_PENDING // 8
"""Most entries of one seat held ahead of the log (a flooding seat fills only its own)."""
DUP_WINDOW = 64  # how far back a received entry is compared with the log (duplicates)
_SHOWDOWN = ShowdownStep.kind
_ABANDON = AbandonStep.kind
SEED_KEY = "seed"
"""Where a seat persists its table seed (every body's randomness derives from it)."""
TIME_UP_KEY = "time up"
"""Persisted ``seq``: this seat's own time for its entry at ``seq`` (an index of the one
log) ran out (:meth:`Table.time_up`), kept so that a restarted seat keeps to rule 6 of §3."""
LEAVE = "leave"
"""The kind of a seat's signed leave: a message, never a log entry."""


class Table:
    """One table, from the genesis to the end of the game.

    ``genesis``: the signed genesis entry (bytes); ``seat``: this peer's seat (None: an
    observer that only follows and checks); ``identity``: this seat's Ed25519 key;
    ``sealing_key``: its 32-byte X25519 secret key (its public half is in the genesis;
    the table itself no longer seals anything); ``random_bytes(n)``: this seat's source
    of randomness (``os.urandom`` in the peer, a seeded generator in tests; the table
    draws one 32-byte seed from it, persisted as ``"seed"``, and derives every body's
    randomness from that: :mod:`p2pcards.table._seed`); ``secrets``: what this seat
    persisted before a crash (key -> data, from :class:`Persist` outputs): after a
    restart, feed the stored log to :meth:`receive` and the table re-derives
    byte-identical entries from them (so a restarted seat never equivocates), and
    re-sends a move it had decided.  ``proof_cache``: a dict shared by tables of one
    process (tests, simulations) so an entry's proofs are checked once for all of them:
    the key is the entry's exact bytes, which bind the chain before it (every contribution
    of the rounds before it) but not the other contributions of its own round (share it
    only between tables holding one log).

    The protocol steps are objects (:mod:`p2pcards.table._steps`): the table runs the
    loop, holds entries that arrived early (:class:`~p2pcards.transcript.Pending`,
    bounded) and reports cheats.

    Raises :class:`~p2pcards.transcript.BadGenesis` for a bad genesis (also an identity
    or sealing key that is not canonical or of small order: protocol/mental_poker_v2.md
    §12, naming the seat) and :class:`~p2pcards.games.OptionError` when it names an
    unknown game or option.
    """

    alter: Alter | None = None
    """Test seam, for modified software only: ``alter(table, step, honest_body)`` returns
    the body this seat signs instead (a cheating seat in the tests)."""

    def __init__(
        self,
        genesis: bytes,
        *,
        seat: int | None = None,
        identity: Ed25519PrivateKey | None = None,
        sealing_key: bytes | None = None,
        random_bytes: RandomBytes | None = None,
        secrets: Mapping[str, Any] | None = None,
        proof_cache: dict[bytes, Any] | None = None,
    ) -> None:
        self.log = Log(genesis)
        self.genesis = self.log.genesis
        self.seats = len(self.genesis.seats)
        self.table_id = self.log.table
        for i, info in enumerate(self.genesis.seats):
            try:
                check_ed25519_key(info.identity, seat=i)
                check_x25519_key(info.sealing, seat=i)
            except InvalidPublicKey as e:
                raise BadGenesis(i, f"seat {i}: {e.message}") from e
        self.game = load_game(self.genesis.game, seats=self.seats, **dict(self.genesis.options))
        self.engine: GameState = self.game.new_state()
        if seat is not None and (identity is None or sealing_key is None or random_bytes is None):
            raise ValueError("a seated table needs identity, sealing_key and random_bytes")
        self.me = seat
        self._key = identity
        self.sealing = sealing_key
        self.random = random_bytes
        self._restored: dict[str, Any] = dict(secrets or {})
        self.knowledge: dict[int, Card] = {}
        self.hand = 0  # transcript hand number (engine hand + 1); 0 before the first
        self.decks: list[Deck] = []
        self.slots: dict[int, Slot] = {}
        self.proven: dict[tuple[int, int], tuple[Any, frozenset[Card]]] = {}
        self.seat_keys: list[bytes] = []
        self.joint: bytes | None = None
        self._my_key: SeatKey | None = None
        self.reshuffled: tuple[int, tuple[int, ...]] | None = None
        self.reshuffle_step = -1  # engine step of the hand's last hand re-shuffle
        self.reshuffles: list[HandReshuffle] = []  # the hand's re-shuffles, in order
        self.revealed = True  # the end-of-hand showdown of hand 0 (none) is done
        self._cache = proof_cache
        self._points: dict[bytes, Card] = {}
        self.pending = Pending(MAX_PENDING, MAX_AHEAD, MAX_PENDING_PER_SEAT)
        """Verified entries that arrived before the log reached them."""
        self._out: list[Output] = []
        self._recent: dict[bytes, None] = {}  # the last log entries' bytes (duplicates)
        self._recent_n = 0
        self._step: Step | None = None  # the step now running (None: make it from the need)
        self._waiting_said: tuple[tuple[int, ...], str, str] | None = None
        self._move_seq: dict[tuple[int, int], int] = {}
        self.aborting: CheatDetected | None = None
        self.cheats: list[CheatDetected] = []
        self.verified: list[int] = []
        self.result: Mapping[str, Any] | None = None
        self._abandon: int | None = None  # the stalled seat we voted to leave behind
        self._abandon_reason = "stall"
        self._votes_seen: set[bytes] = set()  # stale votes reported (Rejected) once
        self._votes_told: set[bytes] = set()  # other seats' votes reported (VoteCast) once
        self._against_me: dict[int, LogEntry] = {}  # votes to end this hand without us
        self._time_up_at: int | None = self._restored.get(TIME_UP_KEY)
        """The log length when this seat's own time for its entry ran out (:meth:`time_up`)."""
        self._hand_start: GameState | None = None  # the engine as the hand began
        self.departed: dict[int, int] = {}
        """Seats that signed a leave -> its log position (cleared when it writes again)."""
        self._leaves_seen: set[bytes] = set()
        self._passed_on: set[bytes] = set()  # other seats' entries passed on (once each)
        self._fetched: set[tuple[int, int, int]] = set()  # Fetch outputs (once each)
        self.left = False  # this seat signed its leave: it writes nothing more
        self.abandoned: HandAbandoned | None = None
        self.events: list[tuple[int, Any]] = []
        """Every engine event applied, with its transcript hand (for replays)."""
        self.revealed_cards: dict[int, dict[int, Card]] = {}
        """Every card opened in each verified hand (transcript hand -> position -> card)."""
        self.claims_checked: dict[int, int] = {}
        """How many claims each hand's end checked against the opened cards."""

    # ------------------------------------------------------------------ public API
    @property
    def finished(self) -> bool:
        """True when the game is over and its last hand has been verified."""
        return self.result is not None

    @property
    def halted(self) -> bool:
        """True once a cheat was detected (the table then only gathers the hand's
        secrets) or the hand was abandoned: the game makes no further progress."""
        return self.aborting is not None or self.abandoned is not None

    @property
    def may_decide(self) -> bool:
        """True when :meth:`decide` would take a legal move of this seat now."""
        step = self._current()
        return (
            isinstance(step, MoveStep)
            and step.author == self.me
            and not step.sent
            and not self.halted
            and self._abandon is None
            and not self.left
            and not self.out_of_time
        )

    @property
    def out_of_time(self) -> bool:
        """True when this seat's own time for the entry the table awaits from it is up
        (:meth:`time_up`, and the log has not grown since) and it holds another seat's
        vote against it signed at the log's head: it then writes no entry for that slot
        and waits for the other votes (``protocol/table.md`` §3, rule 6)."""
        return (
            self.me is not None
            and self._time_up_at == len(self.log)
            and self.abandoned is None
            and self._vote_held(self.me)
        )

    def time_up(self) -> list[Output]:
        """This seat's peer layer waited the table's ``stall_limit`` for this seat's own
        entry (on its own clock, the one it votes by): its time for the slot the table
        awaits from it is up, until the log grows.  While it also holds another seat's
        vote against it signed at the head (:attr:`out_of_time`), :meth:`decide` raises
        and :meth:`expecting` names the voters still missing: the seat that voted never
        takes the entry (rule 3), so writing it late would split the table whenever a
        voter is missing (a dead laptop), and the voter, present all along, would be the
        one voted out (``protocol/table.md`` §3, rule 6).  Its time is not up on another
        seat's word (rule 2): a vote against a seat that is still in time counts for
        nothing here.  Does nothing when the table does not await this seat.  Returns
        outputs (a :class:`Waiting` for the missing votes, once it applies)."""
        if self.me is not None and not self.halted and self.me in self.awaited():
            if self._time_up_at != len(self.log):
                self._time_up_at = len(self.log)
                self._waiting_said = None
                self.persist(TIME_UP_KEY, len(self.log))  # (kept on a restart)
        return self._pump()

    def _conceded(self) -> Expect:
        """What an :attr:`out_of_time` seat waits for: the votes of every other seat
        that can still vote (kind ``"abandon"``, about ``{"stalled": me}``)."""
        assert self.me is not None
        gone = self.gone(self.next_seq)
        voters = tuple(s for s in range(self.seats) if s != self.me and s not in gone)
        return Expect(voters, "abandon", True, {"stalled": self.me, "reason": "stall"})

    def _votes_missing(self) -> tuple[int, ...]:
        """The voters of :meth:`_conceded` whose vote against this seat at the head is
        not held here."""
        assert self.me is not None
        held = self._voters_held(self.me)
        return tuple(s for s in self._conceded().seats if s not in held)

    def start(self) -> list[Output]:
        """Begin: seats other than 0 sign their accept of the genesis.  Returns outputs."""
        if self.me is not None and self.me != 0 and len(self.log) <= self.me:
            assert self._key is not None
            entry = make_accept(self._key, self.me, self.log[0])
            self._stash(entry)
            self._out.append(Broadcast(entry.raw, entry.seq, entry.kind))
        return self._pump()

    def receive(self, data: bytes, sender: int | None = None) -> list[Output]:
        """Take one received entry (signed bytes); ``sender``: the seat that delivered
        them, when known (named in a :class:`Rejected`).  Invalid bytes give a
        :class:`Rejected` output and change nothing; a signed entry that breaks the
        protocol gives :class:`CheatDetected` naming its seat.  The exact bytes of an
        entry already in the log (the same entry delivered again, directly and by gossip)
        are dropped at once: verified when first taken, they change nothing.  An entry too
        far ahead of the log (more than :data:`MAX_AHEAD`), or beyond its seat's share of
        the pending buffer, is dropped with a :class:`Rejected`."""
        if self._recently_logged(data):
            return self._drain()
        try:
            entry = self.log.verify(data)
        except TranscriptError as e:
            self._out.append(Rejected(e.seat, str(e), sender))
            return self._drain()
        if entry.kind == LEAVE:
            return self._pump() if self._seat_left(entry, sender) else self._drain()
        if entry.kind == _ABANDON and entry.hand == self.hand:
            target = vote_target(entry.body)
            if target is not None and target[0] == self.me:
                self._vote_against_me(entry)
        if entry.seq < len(self.log):
            self._behind(entry, sender)
            return self._pump()
        self._stash(entry, sender, received=True)
        return self._pump()

    def _behind(self, entry: LogEntry, sender: int | None = None) -> None:
        """An entry for a slot the log has filled: a copy is dropped, another entry of the
        same seat is an equivocation (both passed on), one of another seat out of turn."""
        try:
            self.log.append(entry)
        except EquivocationError as e:
            self.reject(entry, "equivocation", str(e), Offence.EQUIVOCATION)
            self._pass_on([self.log[entry.seq], entry])  # the log's version too
        except OutOfTurn as e:
            if entry.kind == _SHOWDOWN:  # a showdown share for a round the log closed
                self._out.append(Rejected(entry.seat, str(e), sender))
            elif entry.kind == _ABANDON:  # a vote that lost the race with the entry
                self._stale_vote(entry, sender)
            elif self._voted_out(entry.seat, entry.seq):
                self._out.append(
                    Rejected(entry.seat, f"late entry {entry.seq} after the vote: ignored")
                )
            else:
                self.reject(entry, "out of turn", str(e), Offence.OUT_OF_TURN)
        except TranscriptError as e:
            self._out.append(Rejected(entry.seat, str(e), sender))

    def decide(self, move: Move) -> list[Output]:
        """This seat's move.  Raises :class:`~p2pcards.games.IllegalMove` (nothing is
        sent) when it is not this seat's turn or ``move`` is not among its legal moves."""
        step = self._current()
        if self.me is None or not isinstance(step, MoveStep) or step.author != self.me:
            raise IllegalMove(self.me, "turn", "it is not your turn")
        if self.halted or self._abandon is not None or self.left:
            raise IllegalMove(self.me, "turn", "the table is not waiting for your move")
        if self.out_of_time:
            raise IllegalMove(self.me, "turn", "your time is up: the others are voting")
        body = step.decide(self, move, self.alter)
        self._write_single(step, body)
        return self._pump()

    def abandon(self, stalled: int, reason: str = "stall") -> list[Output]:
        """Vote to end the hand without ``stalled`` (``reason``: ``"stall"`` when the
        peer layer waited for it past the table's ``stall_limit``, ``"left"`` when it
        verified the seat's signed leave).  The vote is recorded in the log once every
        other seat has voted too (each on its own clock: a seat never joins because
        another voted); then the seat forfeits the hand (3+ seats) or the hand ends with
        no result (2 seats).  From now on this seat ignores the stalled seat's late
        entries for this hand (logged as :class:`Rejected`).  Raises ValueError when the
        table is not waiting for ``stalled``, or it is this seat."""
        step = self._current()
        if self.me is None or step is None or stalled == self.me or reason not in REASONS:
            raise ValueError("nothing to abandon")
        if self.left:
            raise ValueError("this seat has left the table")
        if (
            self._abandon is None
            and stalled not in step.missing()
            and not self.left_alone(stalled, reason, self.next_seq)
        ):
            raise ValueError(f"the table is not waiting for seat {stalled}")
        if self._abandon is None:
            self._abandon = stalled
            self._abandon_reason = reason
            self._reset_step()
            self._out.append(VoteCast(self.me, stalled, reason, self.hand))
        return self._pump()

    def leave(self) -> list[Output]:
        """This seat leaves: sign a leave (kind ``"leave"``, at the next log position, or
        after this seat's contribution to the open round when the log has not reached
        it yet; body ``[]``) for the peer layer to send to every other seat, which may then vote
        this seat out at once (``reason="left"``).  It is a message, never a log entry;
        this seat makes no more moves.  Raises ValueError for an observer."""
        if self.me is None or self._key is None:
            raise ValueError("an observer has no seat to leave")
        seq = self.log.head.seq + 1
        step = self._step
        if isinstance(step, RoundStep) and step.rnd is not None and self.me in step.rnd.seqs:
            # our contribution to the open round is signed for a position the log has not
            # reached yet: the leave comes after it, or a seat holding the whole round
            # would take it for a leave older than our entries (a replay) and ignore it
            seq = max(seq, step.rnd.seqs[self.me] + 1)
        entry = sign_entry(
            self._key,
            table=self.table_id,
            hand=self.hand,
            seq=seq,
            prev=self.log.head.hash,
            seat=self.me,
            kind=LEAVE,
            body=[],
        )
        self.left = True
        return [Broadcast(entry.raw, entry.seq, LEAVE)]

    def _seat_left(self, entry: LogEntry, sender: int | None) -> bool:
        """A verified leave of another seat: record it once, unless that seat has
        written an entry at or after its position since (it came back; a replay).  True
        when this seat's open vote round waited for that seat and is made again without
        it (:meth:`gone`)."""
        s = entry.seat
        if s == self.me or entry.raw in self._leaves_seen:
            return False
        self._leaves_seen.add(entry.raw)
        if any(self.log[i].seat == s for i in range(entry.seq, len(self.log))):
            self._out.append(Rejected(s, "a leave older than its entries: ignored", sender))
            return False
        self.departed[s] = entry.seq
        self._out.append(SeatLeft(s, entry.seq, entry.raw))
        step = self._step
        if (
            isinstance(step, AbandonStep)
            and s in step.seats
            and s in self.gone(step.start_seq)
            and (step.rnd is None or step.rnd.get(s) is None)
        ):
            # our vote round waits for a seat that has left: the round again without it
            # (our vote is signed again at its place: the same bytes if the place is the
            # same); the votes it held are offered to the new round
            held = [] if step.rnd is None else [step.rnd.get(x) for x in step.rnd.seats]
            self._reset_step()
            self._restash([e for e in held if e is not None and e.seat != self.me])
            return True
        return False

    def left_alone(self, seat: int, reason: str, seq: int) -> bool:
        """Whether a vote at ``seq`` may end the hand without ``seat`` though the table
        does not wait for it (``protocol/table.md`` §3, rule 1): on the leave that
        ``seat`` signed (:meth:`gone` at ``seq``), at any place of the hand.  At two
        seats always: the one other seat is the only voter and the hand cannot go on
        without ``seat`` (every card opened needs both).  At three or more, when this
        seat is itself awaited (the log cannot pass its head without this seat's entry,
        so every voter opens the round at that head), or it holds another seat's vote
        against ``seat`` signed at its log's head (it joins that vote: safe, because
        ``seat`` signed its leave itself, so no lying voter can exclude a seat that is
        merely thinking; rule 2 is about votes on a stall).  The others then end the hand
        at once, whoever's turn it was.  An observer (the audit) follows such a vote."""
        if reason != "left" or seat not in self.gone(seq):
            return False
        if self.seats == 2 or self.me is None:
            return True
        return self.me in self.awaited() or self._vote_held(seat)

    def _vote_held(self, seat: int) -> bool:
        """True when another seat's vote against ``seat``, signed at this log's head (a
        contribution to a vote round starting at the next position), waits here."""
        return bool(self._voters_held(seat))

    def _voters_held(self, seat: int) -> set[int]:
        """The other seats whose vote against ``seat``, signed at this log's head, waits
        here (:attr:`pending`)."""
        head = self.log.head.hash
        return {
            e.seat
            for e in self.pending.entries()
            if e.kind == _ABANDON
            and e.seat != self.me
            and e.prev == head
            and e.hand == self.hand
            and (vote_target(e.body) or (None,))[0] == seat
        }

    def votable_departed(self) -> tuple[int, ...]:
        """The seats that signed a leave and may be voted out now (reason ``"left"``):
        those the table waits for, and the others when :meth:`left_alone` allows it (at
        two seats on any turn; at three or more when this seat is awaited, or another
        seat voted first)."""
        if self.me is None or self.left:
            return ()
        awaited = self.awaited()
        return tuple(
            s
            for s in sorted(self.departed)
            if s != self.me and (s in awaited or self.left_alone(s, "left", self.next_seq))
        )

    def gone(self, seq: int) -> frozenset[int]:
        """The seats that can no longer vote at a round starting at ``seq`` (each signed a
        leave at most at ``seq`` and wrote nothing at or after it since: :attr:`departed`);
        never this seat."""
        return frozenset(s for s, at in self.departed.items() if at <= seq and s != self.me)

    @property
    def voting(self) -> int | None:
        """The seat this seat voted to leave behind in this hand, or None."""
        return self._abandon if self.abandoned is None else None

    def _recently_logged(self, data: bytes) -> bool:
        """True when ``data`` are the bytes of one of the last DUP_WINDOW log entries."""
        log, recent = self.log, self._recent
        n = len(log)
        if n != self._recent_n:
            for i in range(max(self._recent_n, n - DUP_WINDOW), n):
                recent[log[i].raw] = None
            while len(recent) > DUP_WINDOW:
                del recent[next(iter(recent))]
            self._recent_n = n
        return data in recent

    def legal_moves(self) -> list[Move]:
        """This seat's legal moves now (empty when it is not its decision)."""
        if self.me is None or self.halted or self.out_of_time:
            return []
        return self.engine.legal_moves(self.me, self.knowledge)

    def view(self) -> Any:
        """The engine's view for this seat (see the game's View class)."""
        assert self.me is not None
        return self.engine.view(self.me, self.knowledge)

    def expecting(self) -> Expect | None:
        """Who the table waits for now (None when finished or halted for good); before
        every seat accepted the genesis, the seats whose accept is missing (kind
        ``"accept"``)."""
        if not self.log.started and self.abandoned is None:
            return Expect(tuple(range(len(self.log), self.seats)), "accept", False)
        if self.out_of_time:
            return self._conceded()
        step = self._current()
        return step.expect() if step is not None else None

    def open_round_entries(self) -> list[bytes]:
        """The contributions to the round now open that this table holds (its own and
        those received): they are in no log until the round completes, so the log
        gossip cannot carry them; a peer that reconnects is sent them again from here
        (a record lost with a dropped link would otherwise stall the round)."""
        step = self._step
        if not isinstance(step, RoundStep) or step.rnd is None:
            return []
        got = (step.rnd.get(s) for s in step.rnd.seats)
        return [e.raw for e in got if e is not None]

    def awaited(self) -> tuple[int, ...]:
        """The seats whose entry the table waits for now (a round's missing ones)."""
        step = self._current()
        return step.missing() if step is not None else ()

    # ------------------------------------------------------ what the steps use (TableCore)
    @property
    def next_seq(self) -> int:
        """The sequence number of the next log entry."""
        return len(self.log)

    def emit(self, out: Output) -> None:
        """Append an output for the caller."""
        self._out.append(out)

    def restored(self, key: str) -> Any | None:
        """A secret persisted before a restart, or None."""
        return self._restored.get(key)

    def persist(self, key: str, value: Any) -> None:
        """Keep ``value`` under ``key`` and output a :class:`Persist` for it."""
        self._restored[key] = value
        self._out.append(Persist(key, value))

    def secret(self, key: str, make: Callable[[], Any]) -> Any:
        """A persisted secret (after a restart) or a fresh one, persisted now."""
        if key in self._restored:
            return self._restored[key]
        value = make()
        self.persist(key, value)
        return value

    @property
    def my_key(self) -> SeatKey | None:
        """This seat's ElGamal key (derived from its persisted seed; None: an observer)."""
        if self._my_key is None and self.me is not None:
            self._my_key = SeatKey.generate(seeded_stream(self._seed(), "seat key secret"))
        return self._my_key

    def _seed(self) -> bytes:
        rnd = self.random
        assert rnd is not None
        seed: bytes = self.secret(SEED_KEY, lambda: rnd(32))
        return seed

    def proof_ctx(self, seat: int, label: str) -> ProofContext:
        """The proof context of seat ``seat``'s proof at step ``label`` of this hand."""
        return ProofContext(self.table_id, self.hand, seat, label)

    def stream(self, label: str) -> Callable[[int], bytes]:
        """This seat's randomness for step ``label`` (from its persisted seed)."""
        return seeded_stream(self._seed(), f"{self.hand}/{label}")

    def checked(self, entry: LogEntry, check: Callable[[], Any]) -> Any:
        """``check()``, or its result for the same entry bytes checked before by a table
        sharing this one's ``proof_cache`` (a failure is never cached)."""
        if self._cache is None:
            return check()
        got = self._cache.get(entry.raw)
        if got is None:
            got = check()
            self._cache[entry.raw] = got
        return got

    def card_of(self, point: bytes) -> Card | None:
        """The card of a decrypted card point of this hand's decks (None: no card)."""
        return self._points.get(point)

    def cheat(
        self,
        seat: int | None,
        seq: int | None,
        rule: str,
        detail: str,
        offence: Offence = Offence.PROTOCOL,
        **data: Any,
    ) -> None:
        """Report a cheat; the first one stops the hand (nothing more is written).
        ``data``: the :class:`CheatDetected` fields ``claim``, ``falsified``, ``about``."""
        ev = CheatDetected(seat, seq, rule, offence, detail, **data)
        self.cheats.append(ev)
        self._out.append(ev)
        if self.aborting is None:
            self.aborting = ev
            if self._abandon is None:  # (a vote under way goes on: it ends the hand)
                self._reset_step()

    def reject(
        self,
        entry: LogEntry,
        rule: str,
        detail: str,
        offence: Offence = Offence.PROTOCOL,
        held: LogEntry | None = None,
    ) -> None:
        """Blame the author of ``entry`` (validly signed, not in the log) at its sequence
        number and keep it as :class:`Evidence` (with ``held``, the contribution of the
        same seat held first, for an equivocation inside a round)."""
        self.cheat(entry.seat, entry.seq, rule, detail, offence)
        kept = (entry.raw,) if held is None else (held.raw, entry.raw)
        self._out.append(Evidence(entry.seat, entry.seq, kept))
        self._pass_on([entry] if held is None else [held, entry])

    def _pass_on(self, entries: list[LogEntry]) -> None:
        """Send other seats' entries on to every other seat, each once: the entries this
        seat keeps as evidence, and the contributions of each round it completes, before
        anything it builds on them (protocol/table.md §3, "Evidence" and "Forks").  A
        seat that got another version of one of them sees that this seat's next entry
        was built on another round (its ``prev`` is the round link of every
        contribution) and waits; sent ahead of that entry on the same link, the copy
        reaches it even when a relay brought the entry first, and the two versions meet
        and name the equivocator."""
        if self.me is None:
            return
        for e in entries:
            if e.raw not in self._passed_on and e.seat != self.me:
                self._passed_on.add(e.raw)
                self._out.append(Broadcast(e.raw, e.seq, e.kind))

    def _off_fork(self, entry: LogEntry, anchor: Head) -> bool:
        """True (and ``entry`` dropped) when ``entry``, validly signed and due now, was
        signed on another version of the log: its ``prev`` is not ``anchor``'s link (of the
        entry this log holds before it) nor the hash or link of any entry of this log.
        That is no proof against its signer, who may be honest and have been sent another
        version of an earlier entry by a seat that equivocated; so it is
        :class:`Rejected`, not an accusation, and the equivocating seat is blamed when
        the two versions of its entry meet.  After a round the link commits to every
        contribution (protocol/transcript.md §4), so an entry built on another version of
        any of them is caught here, whichever path brought it first; its author passed
        that version on ahead of it on its own link (:meth:`_pass_on`), so the version
        reaches this seat too; in case that copy was lost, a :class:`Fetch` asks the author
        for its version of the run of entries ending at ``anchor`` (once).  A ``prev``
        that names an entry of this log in the wrong place is another matter: that
        history is common to every version, so the checks that follow blame it."""
        if entry.prev == anchor.hash or self.log.knows(entry.prev):
            return False
        why = (
            f"entry {entry.seq} follows another version of entry {anchor.seq} than this "
            "log holds: dropped"
        )
        self._out.append(Rejected(entry.seat, why))
        # the entries that differ are in the run (a turn, or a round's contributions)
        # ending at the anchor: ask the author for its version of them
        last = first = anchor.seq
        while first > 1 and self.log[first - 1].prev == self.log[last].prev:
            first -= 1
        ask = (entry.seat, first, last)
        if self.me is not None and entry.seat != self.me and last >= 1 and ask not in self._fetched:
            self._fetched.add(ask)
            self._out.append(Fetch(*ask))
        return True

    def _check(self, step: Step, entry: LogEntry) -> bool:
        """``step.check(entry)``; a :class:`Blame` or a mental-poker error blames the
        entry's author (:meth:`reject`).  True when the entry passed."""
        try:
            step.check(self, entry)
        except Blame as b:
            self.reject(entry, b.rule, b.message)
            return False
        except MentalPokerError as e:
            self.reject(entry, e.step or "mental poker", str(e))
            return False
        return True

    def apply(self, event: Any, seq: int | None) -> bool:
        """Apply an engine event; a rule broken in public is a cheat by its seat."""
        before = self.engine.step
        try:
            self.engine.apply(event)
        except IllegalMove as e:
            self.cheat(e.seat, seq, e.rule, e.message, Offence.ILLEGAL_MOVE)
            return False
        self.events.append((self.hand, event))
        if isinstance(event, Move) and seq is not None:
            self._move_seq[(self.engine.hand_no, before)] = seq
        return True

    def hand_abandoned(
        self, stalled: int, seq: int, reason: str = "stall", voters: Iterable[int] = ()
    ) -> None:
        """The other seats ended the hand without ``stalled`` (votes from ``seq``, by the
        seats ``voters``): with three or more seats it forfeits by the game's rule, and so
        does every seat that did not vote (it had left before the round: §3 rule 4), and
        the game is over."""
        result = None
        if self.seats >= 3:
            start = self._hand_start if self._hand_start is not None else self.engine
            voted = set(voters)
            also = tuple(s for s in range(self.seats) if voted and s not in voted)
            result = forfeit_result(start, self.engine, stalled, also)
        self.abandoned = HandAbandoned(self.hand, stalled, seq, reason, result)
        self._out.append(self.abandoned)
        if result is not None:
            self.result = result
            self._out.append(GameOver(result))

    def _voted_out(self, seat: int, seq: int) -> bool:
        """True when ``seat``'s entry ``seq`` comes after the others voted it out."""
        a = self.abandoned
        return a is not None and a.seat == seat and seq >= a.seq

    def _report_vote(self, entry: LogEntry) -> None:
        """Report another seat's valid vote of this hand once (:class:`VoteCast`),
        whichever way it comes: one this seat does not join yet, one in its own vote
        round (the voters see each other's votes, not only their own), one against this
        seat (it is told), and again when it follows that round."""
        target = vote_target(entry.body)
        if target is not None and entry.hand == self.hand and entry.raw not in self._votes_told:
            self._votes_told.add(entry.raw)
            self._out.append(VoteCast(entry.seat, target[0], target[1], self.hand))

    def _stale_vote(self, entry: LogEntry, sender: int | None) -> None:
        """A validly signed vote that does not fit the log (the entry it gave up on
        arrived first, or the hand moved on): ignored and logged, never a cheat; a vote
        against this seat is counted (every other seat's: this seat is out)."""
        if entry.raw not in self._votes_seen:
            self._votes_seen.add(entry.raw)
            why = f"vote {entry.seq} came after the entry it gave up on: ignored"
            self._out.append(Rejected(entry.seat, why, sender))

    def _vote_against_me(self, entry: LogEntry) -> bool:
        """Count a vote to end the hand without this seat.  When every other seat has
        voted: if the votes fit this seat's log, follow the vote round (True); if this
        seat already wrote the entry they gave up on, stop (the others' logs record the
        vote; this one cannot)."""
        if self.halted or self.me is None:
            return False
        self._report_vote(entry)  # (the seat voted against hears of it too)
        self._against_me[entry.seat] = entry
        first = min(e.seq for e in self._against_me.values())
        gone = self.gone(first)
        if any(s != self.me and s not in gone and s not in self._against_me
               for s in range(self.seats)):  # fmt: skip
            return False
        votes = sorted(self._against_me.values(), key=lambda e: e.seq)
        if votes[0].seq == len(self.log) and self._abandon != self.me:
            self._abandon = self.me  # follow the round (this seat writes nothing in it)
            self._reset_step()
            return True
        if votes[0].seq < len(self.log) or self._abandon is not None:
            # this seat wrote the entry they gave up on, or it voted itself and so will
            # never take the entries they built on: its log cannot hold their votes
            left = any(vote_target(v.body) == (self.me, "left") for v in votes)
            self.hand_abandoned(self.me, votes[0].seq, "left" if left else "stall",
                                [v.seat for v in votes])  # fmt: skip
        return False

    # ------------------------------------------------------------------ internals
    def _drain(self) -> list[Output]:
        out, self._out = self._out, []
        return out

    def _stash(self, entry: LogEntry, sender: int | None = None, received: bool = False) -> None:
        head = len(self.log) - 1
        if not self.pending.add(entry, head) and received:
            why = self.pending.refusal(entry, head)
            if why is not None:
                self._out.append(Rejected(entry.seat, why, sender))

    def _restash(self, entries: list[LogEntry]) -> None:
        for e in entries:
            if e.seq < len(self.log):  # another version held with the one just appended
                self._behind(e)
            else:
                self._stash(e)

    def _reset_step(self) -> None:
        self._step = None
        self._waiting_said = None

    def _appended(self, entries: list[LogEntry]) -> None:
        for e in entries:
            self._out.append(Appended(e.seq, e.raw))
            if self.departed.get(e.seat, e.seq + 1) <= e.seq:
                del self.departed[e.seat]  # it came back

    # ---------------------------------------------------------------- the loop
    def _pump(self) -> list[Output]:
        while True:
            if not self.log.started:
                self._accepts()
                if not self.log.started:
                    break
            step = self._current()
            if step is None:
                break
            if not step.seats:  # nothing to publish: finished at once
                self._finished(step, [])
                continue
            if self._advance(step):
                continue
            act = step.idle(self) if not self.left else None
            if act is not None:
                assert isinstance(step, SingleStep)
                self._write_single(step, act[0])
                continue
            waiting = tuple(s for s in step.missing() if s != self.me)
            exp = step.expect()
            if self.out_of_time:  # (our time is up: we wait for the votes against us)
                waiting, exp = self._votes_missing(), self._conceded()
            said = (waiting, exp.kind, repr(exp.about))
            if waiting and self._waiting_said != said:
                self._waiting_said = said
                self._out.append(Waiting(waiting, exp.kind, exp.about))
            break
        return self._drain()

    def _accepts(self) -> None:
        for seq in range(len(self.log), self.seats):
            for entry in self.pending.take(seq):
                try:
                    if self.log.append(entry) is not None:
                        self._appended([entry])
                except TranscriptError as e:
                    self._out.append(Rejected(entry.seat, str(e)))
            if len(self.log) <= seq:
                break

    def _current(self) -> Step | None:
        """The step the protocol runs now, made from the engine's need if it is new; None
        until every seat has accepted the genesis (a step made earlier, because a front
        end asked :attr:`may_decide` meanwhile, took the log's length then into its label
        and so into its proofs' randomness: a restarted seat, asked nothing before its
        replay, then signed another proof for the same position, an equivocation of its
        own; tests/table/test_restart_poll.py)."""
        if self.abandoned is not None or not self.log.started:
            return None
        if self._step is None:
            self._step = self._new_step()
        return self._step

    def _new_step(self) -> Step | None:
        if self._abandon is not None:
            return AbandonStep.start(self, self._abandon, self._abandon_reason)
        if self.aborting is not None:
            return None
        if not self.seat_keys:
            return KeyStep.start(self)
        need = self.engine.need()
        new_hand = isinstance(need, Finished) or (
            isinstance(need, Shuffle) and need.hand + 1 != self.hand
        )
        if new_hand and not self.revealed:
            return ShowdownStep.start(self)
        if isinstance(need, Finished):
            if self.result is None:
                self.result = need.result
                self._out.append(GameOver(need.result))
            return None
        return first_step(self, need)

    def _advance(self, step: Step) -> bool:
        """Advance the current step; True if it made progress (the loop goes on)."""
        try:
            if isinstance(step, RoundStep):
                return self._advance_round(step)
            assert isinstance(step, SingleStep)
            return self._advance_single(step)
        except MentalPokerError as e:
            self.cheat(e.seat, step.seq, e.step or "mental poker", str(e))
            return True

    def _finished(self, step: Step, entries: list[LogEntry]) -> None:
        try:
            nxt = step.finish(self, entries)
        except MentalPokerError as e:
            self.cheat(e.seat, entries[-1].seq if entries else None, e.step or step.kind, str(e))
            return
        if self._step is not step:
            return  # a cheat stopped the step
        if nxt is not None:
            self._step = nxt
        else:
            self._reset_step()

    # -- single-author steps
    def _advance_single(self, step: SingleStep) -> bool:
        author = step.author
        if author == self.me and step.auto and not step.written and not self.left:
            step.written = True
            self._write_single(step, step.own_body(self, self.alter))
        seq = len(self.log)
        todo = self.pending.take(seq)
        while todo:
            entry = todo.pop(0)
            if entry.kind == _ABANDON:
                self._restash([entry])
                if self._other_votes_abandon(entry, author):
                    return True
                continue
            if self.aborting is not None:
                self._restash([entry, *todo])
                return True
            if self._off_fork(entry, self.log.head):
                continue
            if entry.seat != author or entry.kind != step.kind:
                self.reject(
                    entry,
                    "out of turn",
                    f"seat {entry.seat} wrote {entry.kind!r} where seat {author} must write "
                    f"{step.kind!r}",
                    Offence.OUT_OF_TURN,
                )
                return True
            if entry.hand != self.hand:  # else the next honest entry would look wrong
                self.reject(
                    entry,
                    "transcript",
                    f"seat {entry.seat}: entry for hand {entry.hand}, expected hand {self.hand}",
                    Offence.TRANSCRIPT,
                )
                return True
            if entry.prev == self.log.last.prev:  # (the log's sibling rule is for rounds)
                self.reject(
                    entry,
                    "transcript",
                    f"seat {entry.seat}: entry {entry.seq} is a turn but does not follow "
                    "the entry before it",
                    Offence.TRANSCRIPT,
                )
                return True
            step.seq = entry.seq
            if not self._check(step, entry):
                return True
            try:
                self.log.append(entry)
            except TranscriptError as e:
                self.reject(entry, "transcript", str(e), Offence.TRANSCRIPT)
                return True
            self._appended([entry])
            self._finished(step, [entry])
            self._restash(todo)
            return True
        return False

    def _write_single(self, step: SingleStep, body: Any) -> None:
        assert self.me is not None and self._key is not None
        entry = self.log.sign_next(self._key, self.me, step.kind, body, self.hand)
        self._out.append(Broadcast(entry.raw, entry.seq, step.kind))
        self._stash(entry)

    # -- rounds
    def _advance_round(self, step: RoundStep) -> bool:
        if step.rnd is None:
            step.rnd = self.log.open_round(step.seats, step.kind, self.hand)
            if self.me in step.seats and not self.left:  # (after a leave: nothing more)
                assert self._key is not None and self.me is not None
                body = step.own_body(self, self.alter)
                entry = step.rnd.sign(self._key, self.me, body)
                self._out.append(Broadcast(entry.raw, entry.seq, entry.kind))
                step.rnd.offer(entry)
                self._check(step, entry)
                if self._step is not step:
                    return True
        rnd = step.rnd
        progressed = False
        for seq in rnd.seqs.values():
            todo = self.pending.take(seq)
            while todo:
                entry = todo.pop(0)
                if self.aborting is not None and step.kind not in (_SHOWDOWN, _ABANDON):
                    self._restash([entry, *todo])
                    return True
                if entry.kind == _ABANDON and step.kind != entry.kind:
                    self._restash([entry])  # its author voted: join if we wait for it too
                    if self._other_votes_abandon(entry, None):
                        return True
                    continue
                if step.kind == _ABANDON and entry.kind != _ABANDON:
                    why = f"late entry {entry.seq} after this seat's vote: ignored"
                    self._out.append(Rejected(entry.seat, why))  # (of the step left behind)
                    continue
                if step.kind == _ABANDON and vote_target(entry.body) is not None:
                    assert isinstance(step, AbandonStep)
                    if vote_target(entry.body)[0] != step.stalled:  # type: ignore[index]
                        self._stale_vote(entry, None)  # (one against us was counted)
                        continue
                if self.aborting is not None and entry.kind not in (_SHOWDOWN, _ABANDON):
                    continue  # stale contributions to the abandoned step
                if self._off_fork(entry, rnd.anchor):
                    continue
                held = rnd.get(entry.seat)
                try:
                    new = rnd.offer(entry)
                except EquivocationError as e:
                    self.reject(entry, "equivocation", str(e), Offence.EQUIVOCATION, held)
                    return True
                except TranscriptError as e:
                    if step.kind == _ABANDON and entry.kind == _ABANDON:
                        self._stale_vote(entry, None)  # (its place in a round made again)
                        continue
                    self.reject(entry, "out of turn", str(e), Offence.OUT_OF_TURN)
                    return True
                if new:
                    progressed = True
                    step.seq = entry.seq
                    self._check(step, entry)
                    if isinstance(step, AbandonStep) and entry.seat != self.me:
                        self._report_vote(entry)
                    if self._step is not step or (
                        self.aborting is not None and step.kind not in (_SHOWDOWN, _ABANDON)
                    ):
                        self._restash(todo)
                        return True
        if not rnd.complete:
            return progressed
        entries = self.log.append_round(rnd)
        self._appended(entries)
        self._pass_on(entries)  # before anything this seat builds on them
        self._finished(step, entries)
        return True

    def _other_votes_abandon(self, entry: LogEntry, author: int | None) -> bool:
        """Another seat voted to end the hand without a seat (its entry is held until
        the vote round is this seat's step).  A seated table reports it once
        (:class:`VoteCast`) and joins only when its own peer layer votes
        (:meth:`abandon`): a lying seat cannot exclude a seat that is merely thinking.
        A vote against this seat is counted (:meth:`_vote_against_me`).  The observer
        (the audit) follows the round at once.  True if the table switched to the
        vote."""
        target = vote_target(entry.body)
        if self._abandon is not None or target is None:
            return False
        stalled, reason = target
        step = self._current()
        if step is None or entry.hand != self.hand:
            return False
        if stalled == self.me:
            return self._vote_against_me(entry)
        if self.left_alone(stalled, reason, entry.seq):
            pass  # (on its leave, at any place of the hand: two seats, or it voted first)
        elif stalled not in step.missing() or (author is not None and stalled != author):
            return False
        self._report_vote(entry)
        if self.me is not None:
            return False
        self._abandon = stalled
        self._reset_step()
        return True

    # ---------------------------------------------------------------- hands
    def begin_hand(self, hand: int) -> None:
        """Start transcript hand ``hand``: new decks, positions and knowledge."""
        self.hand = hand
        self.decks = []
        self.slots = {}
        self.proven = {}
        self._points = {}
        self.reshuffled = None
        self.reshuffle_step = -1
        self.reshuffles = []
        self.knowledge = {}
        self.revealed = False
        self._against_me = {}
        self._hand_start = self.engine.clone()
        self._out.append(HandStarted(hand))

    def add_deck(self, deck: Deck) -> None:
        """A new deck of the hand (its card points become decryptable)."""
        self.decks.append(deck)
        self._points.update(deck.points)

    def _cards_once_at(self, claim: Any, cards: Mapping[int, Card]) -> dict[int, Card]:
        """Cards of ``cards`` (position -> card at the end of the hand) known to have lain
        at ``claim.set_of`` when the claim was made, placed on positions of it (a part of
        its cards: only a set claim may be checked on them).  A card at ``q`` at the end
        was, before a re-shuffle of positions ``H`` containing ``q``, somewhere in ``H``
        (a re-shuffle permutes a hand's cards among its positions; a take moves a
        position, not its card), so going back through the re-shuffles made since the
        claim, its possible positions grow to a set ``P``; ``P`` within ``set_of``: it
        was there."""
        at = set(claim.set_of)
        since = [set(r.positions) for r in self.reshuffles if r.step > claim.step]
        known = []
        for q in sorted(cards):
            was = {q}
            for h in reversed(since):
                if was & h:
                    was |= h
            if was <= at:
                known.append(cards[q])
        return dict(zip(sorted(at), known, strict=False))

    def _cards_then(self, claim: Any, cards: Mapping[int, Card]) -> dict[int, Card]:
        """The card every position held when ``claim`` was made (position -> card), from
        ``cards`` (position -> card at the end of the hand) and the opened permutations
        of the re-shuffles made since: going forward through them, re-shuffle ``r`` moves
        the card at ``r.positions[r.psi[i]]`` to ``r.positions[i]`` (a take moves a
        position, not its card)."""
        since = [r for r in self.reshuffles if r.step > claim.step]
        moves = []
        for r in since:
            assert r.psi is not None
            moves.append({r.positions[j]: r.positions[i] for i, j in enumerate(r.psi)})
        then: dict[int, Card] = {}
        for p in self.slots:
            q = p
            for m in moves:
                q = m.get(q, q)
            if q in cards:
                then[p] = cards[q]
        return then

    def end_of_hand(self, seq: int | None) -> None:
        """Check every claim of the hand against the cards opened by its end (the
        showdown opens every card still hidden in a hand).  A claim made before a hand
        re-shuffle (Akulina) no longer has its cards at its positions: once every
        re-shuffle of the hand is opened (``reshuffle-open``), each claim is checked on
        the cards its positions held when it was made (:meth:`_cards_then`); without the
        openings (not reached when a seat withholds them: a stall) a set claim
        (``Claim.set_of``) is checked on the cards known to have been among its positions
        (:meth:`_cards_once_at`), any other is skipped."""
        cheats_before = len(self.cheats)
        cards = {p: s.card for p, s in self.slots.items() if s.card is not None}
        checked = 0
        opened = all(r.psi is not None for r in self.reshuffles)
        for claim in self.engine.claims():
            if claim.hand != self.hand - 1:
                continue
            seen = cards
            if claim.step < self.reshuffle_step and opened:
                seen = self._cards_then(claim, cards)
            elif claim.step < self.reshuffle_step:
                if not claim.set_of:
                    continue
                seen = self._cards_once_at(claim, cards)
            try:
                why = claim.check(seen)
            except KeyError:
                continue  # refers to a card nobody opened: not checkable here
            checked += 1
            if why is not None:
                at = self._move_seq.get((claim.hand, claim.step))
                self.cheat(
                    claim.seat,
                    at,
                    claim.rule,
                    f"{claim.kind} {dict(claim.about)}: the opened cards make the claim false "
                    f"{why}",
                    Offence.FALSE_CLAIM,
                    claim=claim,
                    falsified=why,
                )
        self.revealed_cards[self.hand] = cards
        self.claims_checked[self.hand] = checked
        if len(self.cheats) == cheats_before and self.aborting is None:
            self.verified.append(self.hand)
            self._out.append(HandVerified(self.hand))
