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

from collections.abc import Callable, Mapping
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from p2pcards.cards import Card
from p2pcards.games import (
    CommitOrder,
    Decision,
    DecodeError,
    Finished,
    GameState,
    IllegalMove,
    Move,
    Open,
    Opened,
    OrderCommitted,
    Random,
    RandomValue,
    Reveal,
    Revealed,
    Shuffle,
    Shuffled,
    TakeHidden,
    Taken,
    load_game,
)
from p2pcards.mental_poker import (
    DeckSpec,
    HandContext,
    HandOrderSecret,
    MentalPokerError,
    OpenShare,
    PublicShuffle,
    SealedShare,
    ShuffleSecrets,
    check_open_body,
    check_order,
    check_random_value,
    open_body,
    open_key_shares,
    order_commitment,
    random_commitment,
    random_result,
    random_value,
    seal_key_shares,
    unlock,
    verify_deck,
)
from p2pcards.table._outputs import (
    Broadcast,
    CardsOpened,
    CheatDetected,
    GameOver,
    HandAbandoned,
    HandStarted,
    HandVerified,
    MoveMade,
    Output,
    Persist,
    Rejected,
    Waiting,
    YourCards,
    YourTurn,
)
from p2pcards.table._steps import Deck, Expect, OrderCommit
from p2pcards.transcript import Entry as LogEntry
from p2pcards.transcript import (
    EquivocationError,
    Log,
    OutOfTurn,
    Round,
    TranscriptError,
    make_accept,
)

RandomBytes = Callable[[int], bytes]
MAX_PENDING = 4096
DUP_WINDOW = 64  # how far back a received entry is compared with the log (duplicates)


class Table:
    """One table, from the genesis to the end of the game.

    ``genesis``: the signed genesis entry (bytes); ``seat``: this peer's seat (None: an
    observer that only follows and checks); ``identity``: this seat's Ed25519 key;
    ``sealing_key``: its 32-byte X25519 secret key (its public half is in the genesis);
    ``random_bytes(n)``: this seat's source of randomness (``os.urandom`` in the peer, a
    seeded generator in tests); ``secrets``:
    what this seat persisted before a crash (key -> data, from :class:`Persist`
    outputs): after a restart, feed the stored log to :meth:`receive` and the table
    re-derives byte-identical entries from them instead of drawing new randomness (so a
    restarted seat never equivocates), and re-sends a move it had decided.

    Raises :class:`~p2pcards.transcript.BadGenesis` for a bad genesis and
    :class:`~p2pcards.games.OptionError` when it names an unknown game or option.
    """

    def __init__(
        self,
        genesis: bytes,
        *,
        seat: int | None = None,
        identity: Ed25519PrivateKey | None = None,
        sealing_key: bytes | None = None,
        random_bytes: RandomBytes | None = None,
        secrets: Mapping[str, Any] | None = None,
    ) -> None:
        self.log = Log(genesis)
        self.genesis = self.log.genesis
        self.seats = len(self.genesis.seats)
        self.table_id = self.log.table
        self.game = load_game(self.genesis.game, seats=self.seats, **dict(self.genesis.options))
        self.engine: GameState = self.game.new_state()
        if seat is not None and (identity is None or sealing_key is None or random_bytes is None):
            raise ValueError("a seated table needs identity, sealing_key and random_bytes")
        self.me = seat
        self._key = identity
        self._sealing = sealing_key
        self._random = random_bytes
        self._restored: dict[str, Any] = dict(secrets or {})
        self.knowledge: dict[int, Card] = {}
        self.hand = 0  # transcript hand number (engine hand + 1); 0 before the first
        self.decks: list[Deck] = []
        self.orders: list[OrderCommit] = []
        self._my_orders: list[HandOrderSecret] = []
        self._labels = {"random": 0, "order": 0}
        self._revealed = True  # the end-of-hand reveal of hand 0 (none) is done
        self._pending: dict[int, list[LogEntry]] = {}
        self._npending = 0
        self._out: list[Output] = []
        self._recent: dict[bytes, None] = {}  # the last log entries' bytes (duplicates)
        self._recent_n = 0
        self._sub = ""  # sub-phase of a multi-phase step
        self._rnd: Round | None = None
        self._data: dict[str, Any] = {}
        self._waiting_said: tuple[tuple[int, ...], str] | None = None
        self._turn_said = False
        self._move_seq: dict[tuple[int, int], int] = {}
        self.aborting: CheatDetected | None = None
        self.cheats: list[CheatDetected] = []
        self.verified: list[int] = []
        self.result: Mapping[str, Any] | None = None
        self._accuse: tuple[int, str] | None = None
        self._accuser: int | None = None
        self._abandon: int | None = None  # the stalled seat we voted to leave behind
        self.abandoned: HandAbandoned | None = None
        self.events: list[tuple[int, Any]] = []
        """Every engine event applied, with its transcript hand (for replays)."""
        self.revealed_cards: dict[int, dict[int, Card]] = {}
        """Every card of each verified hand (transcript hand -> position -> card)."""

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

    def start(self) -> list[Output]:
        """Begin: seats other than 0 sign their accept of the genesis.  Returns outputs."""
        if self.me is not None and self.me != 0 and len(self.log) <= self.me:
            assert self._key is not None
            entry = make_accept(self._key, self.me, self.log[0])
            self._stash(entry)
            self._out.append(Broadcast(entry.raw, entry.seq, entry.kind))
        return self._pump()

    def receive(self, data: bytes) -> list[Output]:
        """Take one received entry (signed bytes).  Invalid bytes give a
        :class:`Rejected` output and change nothing; a signed entry that breaks the
        protocol gives :class:`CheatDetected` naming its seat.  The exact bytes of an
        entry already in the log (the same entry delivered again, directly and by gossip)
        are dropped at once: verified when first taken, they change nothing."""
        if self._recently_logged(data):
            return self._drain()
        try:
            entry = self.log.verify(data)
        except TranscriptError as e:
            self._out.append(Rejected(e.seat, str(e)))
            return self._drain()
        if entry.seq < len(self.log):
            try:
                self.log.append(entry)
            except EquivocationError as e:
                self._cheat(entry.seat, entry.seq, "equivocation", str(e))
            except OutOfTurn as e:
                if entry.kind == "secrets":  # its author aborted a step we completed
                    self._out.append(Rejected(entry.seat, str(e)))
                else:
                    self._cheat(entry.seat, entry.seq, "out of turn", str(e))
            except TranscriptError as e:
                self._out.append(Rejected(entry.seat, str(e)))
            return self._pump()
        self._stash(entry)
        return self._pump()

    def decide(self, move: Move) -> list[Output]:
        """This seat's move.  Raises :class:`~p2pcards.games.IllegalMove` (nothing is
        sent) when it is not this seat's turn or ``move`` is not among its legal moves."""
        need = self.engine.need()
        if self.me is None or not isinstance(need, Decision) or need.seat != self.me:
            raise IllegalMove(self.me, "turn", "it is not your turn")
        if self.halted or self._abandon is not None or self._sub == "sent":
            raise IllegalMove(self.me, "turn", "the table is not waiting for your move")
        legal = self.engine.legal_moves(self.me, self.knowledge)
        if move not in legal:
            raise IllegalMove(self.me, "legal moves", f"{move!r} is not a legal move now")
        body = self.game.encode_event(move)
        key = f"move{len(self.log)}"
        self._restored[key] = body
        self._out.append(Persist(key, body))
        self._write_single("move", body)
        self._sub = "sent"
        return self._pump()

    def abandon(self, stalled: int) -> list[Output]:
        """Vote to end the hand because ``stalled`` does not respond (the peer layer
        calls this after its timeout, or when the player agrees).  The hand ends as
        abandoned, recorded in the log, once every other seat has voted too.  From now on
        this seat ignores the stalled seat's late entries for this hand.  Raises
        ValueError when the table is not waiting for ``stalled``."""
        exp = self._expect()
        if self.me is None or exp is None or stalled == self.me:
            raise ValueError("nothing to abandon")
        if stalled not in self._missing(exp):
            raise ValueError(f"the table is not waiting for seat {stalled}")
        if self._abandon is None:
            self._abandon = stalled
            self._reset_step()
        return self._pump()

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
        if self.me is None or self.halted:
            return []
        return self.engine.legal_moves(self.me, self.knowledge)

    def view(self) -> Any:
        """The engine's view for this seat (see the game's View class)."""
        assert self.me is not None
        return self.engine.view(self.me, self.knowledge)

    def expecting(self) -> Expect | None:
        """Who the table waits for now (None when finished or halted for good)."""
        return self._expect()

    # ------------------------------------------------------------------ internals
    def _drain(self) -> list[Output]:
        out, self._out = self._out, []
        return out

    def _stash(self, entry: LogEntry) -> None:
        if self._npending >= MAX_PENDING:
            self._out.append(Rejected(entry.seat, "too many entries ahead of the log"))
            return
        bucket = self._pending.setdefault(entry.seq, [])
        if all(e.raw != entry.raw for e in bucket):
            bucket.append(entry)
            self._npending += 1

    def _restash(self, entries: list[LogEntry]) -> None:
        for e in entries:
            self._stash(e)

    def _take(self, seq: int) -> list[LogEntry]:
        got = self._pending.pop(seq, [])
        self._npending -= len(got)
        return got

    def _cheat(self, seat: int | None, seq: int | None, rule: str, message: str) -> None:
        ev = CheatDetected(seat, seq, rule, message)
        self.cheats.append(ev)
        self._out.append(ev)
        if self.aborting is None:
            self.aborting = ev
            self._reset_step()

    def _reset_step(self) -> None:
        self._sub = ""
        self._rnd = None
        self._data = {}
        self._waiting_said = None
        self._turn_said = False

    def _secret(self, key: str, make: Callable[[], Any]) -> Any:
        """A persisted secret (after a restart) or a fresh one, persisted now."""
        if key in self._restored:
            return self._restored[key]
        value = make()
        self._restored[key] = value
        self._out.append(Persist(key, value))
        return value

    def _ctx(self) -> HandContext:
        return HandContext(self.table_id, self.hand, self.seats)

    # ---------------------------------------------------------------- the loop
    def _pump(self) -> list[Output]:
        while True:
            if not self.log.started:
                self._accepts()
                if not self.log.started:
                    break
            exp = self._expect()
            if exp is None:
                break
            if not self._step(exp):
                if (
                    exp.kind == "move"
                    and self.me in exp.seats
                    and self._sub != "sent"
                    and f"move{len(self.log)}" in self._restored
                ):
                    # a move decided before a crash: send the very same entry again
                    self._write_single("move", self._restored[f"move{len(self.log)}"])
                    self._sub = "sent"
                    continue
                if exp.kind == "move" and self.me in exp.seats:
                    if not self._turn_said:
                        self._turn_said = True
                        self._out.append(YourTurn(tuple(self.legal_moves())))
                waiting = tuple(s for s in self._missing(exp) if s != self.me)
                if waiting and self._waiting_said != (waiting, exp.what):
                    self._waiting_said = (waiting, exp.what)
                    self._out.append(Waiting(waiting, exp.what))
                break
        return self._drain()

    def _accepts(self) -> None:
        for seq in range(len(self.log), self.seats):
            for entry in self._take(seq):
                try:
                    self.log.append(entry)
                except TranscriptError as e:
                    self._out.append(Rejected(entry.seat, str(e)))
            if len(self.log) <= seq:
                break

    def _missing(self, exp: Expect) -> tuple[int, ...]:
        if self._rnd is not None:
            return self._rnd.missing
        return exp.seats

    def _expect(self) -> Expect | None:
        """What the protocol waits for now, setting up the step if it is new."""
        if self.abandoned is not None:
            return None
        if self._abandon is not None:
            others = tuple(s for s in range(self.seats) if s != self._abandon)
            return Expect(
                others, "abandon", True, f"agreement to end the hand without seat {self._abandon}"
            )
        if self.aborting is not None:
            if self._revealed:
                return None
            return Expect(tuple(range(self.seats)), "secrets", True, "the end-of-hand reveal")
        need = self.engine.need()
        new_hand = isinstance(need, Finished) or (
            isinstance(need, Shuffle) and need.hand + 1 != self.hand
        )
        if new_hand and not self._revealed:
            return Expect(tuple(range(self.seats)), "secrets", True, "the end-of-hand reveal")
        if isinstance(need, Finished):
            if self.result is None:
                self.result = need.result
                self._out.append(GameOver(need.result))
            return None
        all_seats = tuple(range(self.seats))
        if isinstance(need, Shuffle):
            if new_hand:
                self._begin_hand(need.hand + 1)
            if not self.decks or self.decks[-1].spec.first != need.first:
                self._new_deck(need)
            turn = self.decks[-1].record.turn
            assert turn is not None
            return Expect((turn[1],), "pass", False, f"the shuffle (pass {turn[0]})")
        if isinstance(need, Reveal):
            if self._sub != "ack":
                others = tuple(s for s in all_seats if s != need.to)
                return Expect(others, "share", True, f"keys for seat {need.to}'s cards")
            return Expect((need.to,), "ack", False, f"seat {need.to} to receive its cards")
        if isinstance(need, Open):
            return Expect(all_seats, "open", True, "keys to open cards")
        if isinstance(need, Random):
            if self._sub != "rvalue":
                return Expect(all_seats, "rcommit", True, "a joint random draw")
            return Expect(all_seats, "rvalue", True, "a joint random draw")
        if isinstance(need, CommitOrder):
            return Expect((need.seat,), "order", False, f"seat {need.seat} to order its hand")
        if isinstance(need, TakeHidden):
            return Expect((need.holder,), "taken", False, f"seat {need.holder} to hand a card over")
        if isinstance(need, Decision):
            return Expect((need.seat,), "move", False, f"seat {need.seat} to move")
        raise AssertionError(f"unknown need {need!r}")

    def _step(self, exp: Expect) -> bool:
        """Advance the current step; True if it made progress (the loop goes on)."""
        try:
            if exp.round:
                return self._step_round(exp)
            return self._step_single(exp)
        except MentalPokerError as e:
            self._cheat(e.seat, self._data.get("seq"), e.step or "mental poker", str(e))
            return True

    # -- single-author steps
    def _step_single(self, exp: Expect) -> bool:
        (author,) = exp.seats
        if author == self.me and exp.kind != "move" and not self._data.get("written"):
            self._data["written"] = True
            self._write_single(exp.kind, self._my_body(exp))
        seq = len(self.log)
        todo = self._take(seq)
        while todo:
            entry = todo.pop(0)
            if entry.kind == "abandon":
                self._restash([entry])
                if self._other_votes_abandon(entry, author):
                    return True
                continue
            if self.aborting is not None or entry.kind == "secrets":
                self._restash([entry, *todo] if self.aborting is not None else [entry])
                if self.aborting is not None:
                    return True
                continue
            if entry.seat != author or entry.kind != exp.kind:
                self._cheat(
                    entry.seat,
                    entry.seq,
                    "out of turn",
                    f"seat {entry.seat} wrote {entry.kind!r} where seat {author} must write "
                    f"{exp.kind!r}",
                )
                return True
            if entry.hand != self.hand:  # else the next honest entry would look wrong
                self._cheat(
                    entry.seat,
                    entry.seq,
                    "transcript",
                    f"seat {entry.seat}: entry for hand {entry.hand}, expected hand {self.hand}",
                )
                return True
            self._data["seq"] = entry.seq
            if not self._check_single(exp, entry):
                return True
            try:
                self.log.append(entry)
            except TranscriptError as e:
                self._cheat(entry.seat, entry.seq, "transcript", str(e))
                return True
            self._finish_single(exp, entry)
            self._restash(todo)
            return True
        return False

    def _write_single(self, kind: str, body: Any) -> None:
        assert self.me is not None and self._key is not None
        entry = self.log.sign_next(self._key, self.me, kind, body, self.hand)
        self._out.append(Broadcast(entry.raw, entry.seq, kind))
        self._stash(entry)

    # -- rounds
    def _step_round(self, exp: Expect) -> bool:
        if self._rnd is None:
            self._rnd = self.log.open_round(exp.seats, exp.kind, self.hand)
            if self.me in exp.seats:
                assert self._key is not None and self.me is not None
                body = self._my_body(exp)
                entry = self._rnd.sign(self._key, self.me, body)
                self._out.append(Broadcast(entry.raw, entry.seq, entry.kind))
                self._rnd.offer(entry)
                self._check_contribution(exp, entry)
        rnd = self._rnd
        progressed = False
        for seq in rnd.seqs.values():
            todo = self._take(seq)
            while todo:
                entry = todo.pop(0)
                if self.aborting is not None and exp.kind != "secrets":
                    self._restash([entry, *todo])
                    return True
                if entry.kind in ("secrets", "abandon") and exp.kind != entry.kind:
                    self._restash([entry])  # its author aborted: wait until we see why
                    if entry.kind == "abandon" and self._other_votes_abandon(entry, None):
                        return True
                    continue
                if exp.kind == "abandon" and entry.kind != "abandon":
                    continue  # a late entry of the step we left behind
                if self.aborting is not None and entry.kind != "secrets":
                    continue  # stale contributions to the abandoned step
                try:
                    new = rnd.offer(entry)
                except TranscriptError as e:
                    self._cheat(entry.seat, entry.seq, "out of turn", str(e))
                    return True
                if new:
                    progressed = True
                    self._data["seq"] = entry.seq
                    self._check_contribution(exp, entry)
                    if self.aborting is not None and exp.kind != "secrets":
                        return True
        if not rnd.complete:
            return progressed
        entries = self.log.append_round(rnd)
        self._rnd = None
        self._finish_round(exp, entries)
        return True

    # ---------------------------------------------------------------- bodies
    def _my_body(self, exp: Expect) -> Any:
        need = self.engine.need()
        me = self.me
        assert me is not None and self._random is not None
        kind = exp.kind
        if kind == "pass":
            deck = self.decks[-1]
            assert deck.mine is not None
            return deck.record.contribute(deck.mine)
        if kind == "share":
            assert isinstance(need, Reveal)
            pk = self.genesis.seats[need.to].sealing
            groups = []
            for deck, ps in self._by_deck(need.positions):
                assert deck.mine is not None
                groups.append(seal_key_shares(deck.spec, deck.mine, need.to, pk, ps))
            return [need.to, list(need.positions), groups]
        if kind == "ack":
            if self._accuse is not None:
                seat, why = self._accuse
                return ["accuse", seat, why]
            return []
        if kind == "open":
            assert isinstance(need, Open)
            bodies = []
            for deck, ps in self._by_deck(need.positions):
                assert deck.mine is not None
                bodies.append(open_body(deck.spec, deck.mine, ps))
            return bodies
        if kind == "rcommit":
            rnd = self._random
            value = self._secret(
                f"hand{self.hand}/random{self._labels['random']}", lambda: random_value(rnd)
            )
            self._data["my_value"] = value
            return random_commitment(self._ctx(), self._labels["random"], me, value)
        if kind == "rvalue":
            return self._data["my_value"]
        if kind == "order":
            assert isinstance(need, CommitOrder)
            label = self._labels["order"]
            rnd, held = self._random, need.positions
            wire = self._secret(
                f"hand{self.hand}/order{label}",
                lambda: HandOrderSecret.generate(held, rnd).to_wire(),
            )
            sec = HandOrderSecret.from_wire(wire, me)
            self._my_orders.append(sec)
            return order_commitment(self._ctx(), me, label, sec.order, sec.salt)
        if kind == "taken":
            assert isinstance(need, TakeHidden)
            return self._my_orders[-1].pick(need.index)
        if kind == "abandon":
            return [self._abandon]
        if kind == "secrets":
            return {
                "decks": [d.mine.to_wire() for d in self.decks if d.mine is not None],
                "orders": [o.to_wire() for o in self._my_orders],
            }
        raise AssertionError(kind)

    def _other_votes_abandon(self, entry: LogEntry, author: int | None) -> bool:
        """Another seat voted to abandon: join the vote if it names a seat we are
        waiting for too (the timeout is a table option, so honest seats agree); True if
        we switched to the vote."""
        body = entry.body
        if self._abandon is not None or not isinstance(body, list) or len(body) != 1:
            return False
        stalled = body[0]
        exp = self._expect()
        if exp is None or not isinstance(stalled, int) or stalled == self.me:
            return False
        if author is not None and stalled != author:
            return False
        if stalled not in self._missing(exp):
            return False
        self._abandon = stalled
        self._reset_step()
        return True

    def _by_deck(self, positions: tuple[int, ...]) -> list[tuple[Deck, list[int]]]:
        groups: list[tuple[Deck, list[int]]] = []
        for deck in self.decks:
            ps = [p for p in positions if deck.holds(p)]
            if ps:
                groups.append((deck, ps))
        if sum(len(ps) for _, ps in groups) != len(positions):
            raise AssertionError("the engine named a position outside every deck")
        return groups

    # ---------------------------------------------------------------- checks
    def _check_single(self, exp: Expect, entry: LogEntry) -> bool:
        """Check a single author's body; False (and a cheat) if it is bad."""
        body, seat = entry.body, entry.seat
        need = self.engine.need()
        if exp.kind == "pass":
            if seat != self.me:
                self.decks[-1].record.accept(seat, body)
            return True
        if exp.kind == "ack":
            if body == []:
                return True
            if (
                isinstance(body, list)
                and len(body) == 3
                and body[0] == "accuse"
                and isinstance(body[1], int)
                and -1 <= body[1] < self.seats
            ):
                self._data["accuse"] = (body[1], str(body[2])[:200])
                return True
        elif exp.kind == "order":
            if isinstance(body, bytes) and len(body) == 32:
                return True
        elif exp.kind == "taken":
            assert isinstance(need, TakeHidden)
            if isinstance(body, int) and not isinstance(body, bool):
                return True
        elif exp.kind == "move":
            try:
                move = self.game.decode_event(body)
            except DecodeError as e:
                self._cheat(seat, entry.seq, "move encoding", f"seat {seat}: {e}")
                return False
            if not isinstance(move, Move) or move.seat != seat:
                self._cheat(seat, entry.seq, "move", f"seat {seat} wrote a move for another seat")
                return False
            self._data["move"] = move
            return True
        self._cheat(seat, entry.seq, exp.kind, f"seat {seat}: malformed {exp.kind!r} body")
        return False

    def _check_contribution(self, exp: Expect, entry: LogEntry) -> None:
        """Check one round contribution as it arrives (blame its author at once)."""
        body, seat = entry.body, entry.seat
        need = self.engine.need()
        kind = exp.kind
        if kind == "share":
            assert isinstance(need, Reveal)
            groups = self._by_deck(need.positions)
            if (
                not isinstance(body, list)
                or len(body) != 3
                or body[0] != need.to
                or body[1] != list(need.positions)
                or not isinstance(body[2], list)
                or len(body[2]) != len(groups)
            ):
                self._cheat(seat, entry.seq, "share", f"seat {seat}: malformed key share")
                return
            for (deck, ps), sealed in zip(groups, body[2], strict=True):
                if not isinstance(sealed, bytes):
                    self._cheat(seat, entry.seq, "share", f"seat {seat}: malformed key share")
                    return
                deck.sealed.append((seat, need.to, tuple(ps), sealed))
                if need.to == self.me and seat != self.me and self._accuse is None:
                    assert self._sealing is not None
                    try:
                        keys = open_key_shares(
                            deck.record, sealed, seat, need.to, self._sealing, ps
                        )
                    except MentalPokerError as e:
                        self._accuse = (seat, str(e))
                        self._out.append(CheatDetected(seat, entry.seq, e.step, str(e)))
                        continue
                    store = self._data.setdefault("keys", {}).setdefault(id(deck), {})
                    for p, k in keys.items():
                        store.setdefault(p, {})[seat] = k
            return
        if kind == "open":
            assert isinstance(need, Open)
            groups = self._by_deck(need.positions)
            if not isinstance(body, list) or len(body) != len(groups):
                self._cheat(seat, entry.seq, "open", f"seat {seat}: malformed open")
                return
            for (deck, ps), b in zip(groups, body, strict=True):
                keys = check_open_body(deck.record, seat, b, ps)
                deck.opened.append((seat, tuple(ps), b))
                got = self._data.setdefault("keys", {}).setdefault(id(deck), {})
                for p, k in keys.items():
                    got.setdefault(p, {})[seat] = k
            return
        if kind == "rcommit":
            if not isinstance(body, bytes) or len(body) != 32:
                self._cheat(seat, entry.seq, "random", f"seat {seat}: malformed commitment")
                return
            self._data.setdefault("commit", {})[seat] = body
            return
        if kind == "rvalue":
            com = self._data["commit"][seat]
            v = check_random_value(self._ctx(), self._labels["random"], seat, body, com)
            self._data.setdefault("values", {})[seat] = v
            return
        if kind == "abandon":
            if body != [self._abandon]:
                self._cheat(seat, entry.seq, "abandon", f"seat {seat}: malformed vote")
            return
        if kind == "secrets":
            if (
                not isinstance(body, dict)
                or not isinstance(body.get("decks"), list)
                or not isinstance(body.get("orders"), list)
            ):
                self._cheat(seat, entry.seq, "secrets", f"seat {seat}: malformed secrets")
                return
            self._data.setdefault("secrets", {})[seat] = body
            return
        raise AssertionError(kind)

    # ---------------------------------------------------------------- completion
    def _apply(self, event: Any, seq: int | None) -> bool:
        """Apply an engine event; a rule broken in public is a cheat by its seat."""
        before = self.engine.step
        try:
            self.engine.apply(event)
        except IllegalMove as e:
            self._cheat(e.seat, seq, e.rule, e.message)
            return False
        self.events.append((self.hand, event))
        if isinstance(event, Move) and seq is not None:
            self._move_seq[(self.engine.hand_no, before)] = seq
        return True

    def _finish_single(self, exp: Expect, entry: LogEntry) -> None:
        need = self.engine.need()
        kind = exp.kind
        if kind == "pass":
            deck = self.decks[-1]
            if deck.record.done:
                assert isinstance(need, Shuffle)
                self._apply(Shuffled(need.hand, need.first, need.n), entry.seq)
                self._reset_step()
            else:
                self._data = {}
            return
        if kind == "ack":
            assert isinstance(need, Reveal)
            accuse = self._data.get("accuse")
            if accuse is not None:
                self._accuser = need.to
                self._cheat(
                    accuse[0] if accuse[0] >= 0 else None,
                    entry.seq,
                    "key share",
                    f"seat {need.to} reports: {accuse[1]}; the end-of-hand reveal decides",
                )
                return
            self._apply(Revealed(need.positions, need.to), entry.seq)
            self._reset_step()
            return
        if kind == "order":
            assert isinstance(need, CommitOrder)
            self.orders.append(
                OrderCommit(need.seat, self._labels["order"], entry.body, need.positions)
            )
            self._labels["order"] += 1
            self._apply(OrderCommitted(need.seat), entry.seq)
            self._reset_step()
            return
        if kind == "taken":
            assert isinstance(need, TakeHidden)
            mine = [o for o in self.orders if o.holder == need.holder]
            mine[-1].picks.append((need.index, entry.body))
            if self._apply(Taken(entry.body), entry.seq):
                self._reset_step()
            return
        if kind == "move":
            move = self._data["move"]
            before = self.engine.view(move.seat if self.me is None else self.me, self.knowledge)
            if self._apply(move, entry.seq):
                self._out.append(MoveMade(move.seat, move, before))
                self._reset_step()
            return
        raise AssertionError(kind)

    def _finish_round(self, exp: Expect, entries: list[LogEntry]) -> None:
        need = self.engine.need()
        kind = exp.kind
        seq = entries[-1].seq
        if kind == "share":
            assert isinstance(need, Reveal)
            if need.to == self.me and self._accuse is None:
                cards = self._unlock_mine(need.positions)
                if cards is not None:
                    self._out.append(YourCards(need.positions, cards))
            self._rnd = None
            self._sub = "ack"
            self._data = {}
            return
        if kind == "open":
            assert isinstance(need, Open)
            cards_by_pos: dict[int, Card] = {}
            for deck, _ps in self._by_deck(need.positions):
                cards_by_pos.update(unlock(deck.record, self._data["keys"][id(deck)]))
            cards = tuple(cards_by_pos[p] for p in need.positions)
            self.knowledge.update(cards_by_pos)
            if self._apply(Opened(need.positions, cards), seq):
                self._out.append(CardsOpened(need.positions, cards))
                self._reset_step()
            return
        if kind == "rcommit":
            self._sub = "rvalue"
            return
        if kind == "rvalue":
            assert isinstance(need, Random)
            values = [self._data["values"][s] for s in range(self.seats)]
            v = random_result(self._ctx(), self._labels["random"], values, need.k)
            self._labels["random"] += 1
            self._apply(RandomValue(v), seq)
            self._reset_step()
            return
        if kind == "abandon":
            assert self._abandon is not None
            self.abandoned = HandAbandoned(self.hand, self._abandon, entries[0].seq)
            self._out.append(self.abandoned)
            self._reset_step()
            return
        if kind == "secrets":
            self._end_of_hand(self._data["secrets"], seq)
            self._revealed = True
            self._reset_step()
            return
        raise AssertionError(kind)

    def _unlock_mine(self, positions: tuple[int, ...]) -> tuple[Card, ...] | None:
        got: dict[int, Card] = {}
        try:
            for deck, ps in self._by_deck(positions):
                assert deck.mine is not None
                keys = self._data["keys"][id(deck)]
                for p in ps:
                    keys[p][self.me] = deck.mine.key(p)  # type: ignore[index]
                got.update(unlock(deck.record, {p: keys[p] for p in ps}))
        except MentalPokerError as e:
            self._accuse = (-1, str(e))
            self._out.append(CheatDetected(None, None, "unlock", str(e)))
            return None
        self.knowledge.update(got)
        return tuple(got[p] for p in positions)

    # ---------------------------------------------------------------- hands
    def _begin_hand(self, hand: int) -> None:
        self.hand = hand
        self.decks = []
        self.orders = []
        self._my_orders = []
        self._labels = {"random": 0, "order": 0}
        self.knowledge = {}
        self._revealed = False
        self._accuse = None
        self._out.append(HandStarted(hand))

    def _new_deck(self, need: Shuffle) -> None:
        spec = DeckSpec.make(self.table_id, self.hand, self.seats, need.first, need.cards)
        mine = None
        if self.me is not None:
            rnd, me = self._random, self.me
            assert rnd is not None
            wire = self._secret(
                f"hand{self.hand}/deck{need.first}",
                lambda: ShuffleSecrets.generate(spec, me, rnd).to_wire(),
            )
            mine = ShuffleSecrets.from_wire(wire, spec, me)
        self.decks.append(Deck(spec, PublicShuffle(spec), mine))

    def _end_of_hand(self, secrets: Mapping[int, Any], seq: int) -> None:
        """Verify every deck, order and claim of the hand from the revealed secrets."""
        cheats_before = len(self.cheats)
        cards: dict[int, Card] = {}
        pks = [s.sealing for s in self.genesis.seats]
        try:
            for i, deck in enumerate(self.decks):
                revealed = []
                for s in range(self.seats):
                    ds = secrets[s]["decks"]
                    revealed.append(ds[i] if i < len(ds) else None)
                cards.update(
                    verify_deck(
                        deck.spec,
                        deck.record.bodies,
                        revealed,
                        sealed_shares=[SealedShare(*sh) for sh in deck.sealed],
                        open_shares=[OpenShare(*op) for op in deck.opened],
                        public_keys=pks,
                    )
                )
            counts: dict[int, int] = {}
            for oc in self.orders:
                k = counts.get(oc.holder, 0)
                counts[oc.holder] = k + 1
                orders = secrets[oc.holder]["orders"]
                check_order(
                    self._ctx(),
                    oc.holder,
                    oc.label,
                    oc.commitment,
                    orders[k] if k < len(orders) else None,
                    oc.positions,
                    oc.picks,
                )
        except MentalPokerError as e:
            self._cheat(e.seat, seq, e.step, str(e))
            return
        for claim in self.engine.claims():
            if claim.hand != self.hand - 1:
                continue
            try:
                why = claim.check(cards)
            except KeyError:
                why = f"{claim.text}: refers to a card outside the hand"
            if why is not None:
                at = self._move_seq.get((claim.hand, claim.step))
                self._cheat(claim.seat, at, claim.rule, why)
        self.revealed_cards[self.hand] = cards
        if self._accuser is not None and len(self.cheats) == cheats_before:
            # an accusation that the revealed secrets do not bear out
            self._cheat(
                self._accuser,
                seq,
                "false accusation",
                f"seat {self._accuser} reported a bad key share, but every share was right",
            )
        if len(self.cheats) == cheats_before and self.aborting is None:
            self.verified.append(self.hand)
            self._out.append(HandVerified(self.hand))
