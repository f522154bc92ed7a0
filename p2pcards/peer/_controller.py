"""The seat controller: the one way every front end (terminal, web page, bot, script)
drives a seat of a running :class:`~p2pcards.peer.Session`.

- :meth:`SeatController.snapshot` -> :class:`Snapshot`: what the seat sees now, its legal
  moves, whose turn it is, who the table waits for, how long and for what
  (:class:`Awaiting`), names, fingerprints, scores and the table's status;
- :meth:`SeatController.subscribe` -> :class:`Subscription`: an async iterator of
  :class:`Update` (every session event, in order, numbered); any number of subscribers;
  a subscriber that falls more than ``max_lag`` updates behind is never waited for: it
  gets one :class:`Resynced` (with a fresh snapshot) and continues from the present;
- :meth:`SeatController.play` (raises :class:`NotYourTurn` / :class:`MoveNotLegal` /
  :class:`SeatClosed`), :meth:`SeatController.play_plain` (a move as plain data, from a
  browser), :meth:`SeatController.leave`;
- :meth:`SeatController.drive`: the turn loop and the end of the game, written once
  (the bot runner, the terminal seat and the full-screen UI are thin clients of it);
  returns the :class:`Ending`.

Everything converts to plain data with ``to_plain()`` (see :mod:`p2pcards.peer._plain`).
"""

from __future__ import annotations

import inspect
from collections import deque
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

import trio

from p2pcards.games import IllegalMove, Move, View
from p2pcards.net import fingerprint
from p2pcards.peer._events import Notice, PeerBack, PeerLost, SessionEvent
from p2pcards.peer._plain import to_plain
from p2pcards.table import CheatDetected, HandAbandoned

if TYPE_CHECKING:
    from p2pcards.peer._session import Session

Status = Literal["lobby", "playing", "hand over", "verified", "cheat", "finished", "abandoned"]
"""The table's status: ``lobby`` (seats still accepting the genesis), ``playing``, ``hand
over`` (the end-of-hand reveal is being gathered), ``verified`` (the current hand was
verified, the next has not begun), ``cheat`` (a cheat halted the table), ``finished``
(the game is over, every hand verified), ``abandoned`` (a stalled seat was voted out)."""

Reason = Literal[
    "accept", "shuffle", "keys", "receive", "open", "random", "order", "give", "move",
    "reveal", "abandon", "connect",
]  # fmt: skip
"""What the table waits for: ``accept`` the genesis, a ``shuffle`` pass (``pass_no``),
``keys`` to cards dealt to ``for_seat``, ``for_seat`` to ``receive`` its cards, keys to
``open`` cards, a joint ``random`` draw, ``for_seat`` to ``order`` its hand, ``for_seat``
to ``give`` a card (a hidden card taken from its hand), ``for_seat`` to ``move``, the
end-of-hand ``reveal``, votes to ``abandon`` the hand without ``for_seat``; ``connect``:
a seat restarted (:func:`~p2pcards.peer.resume_table`) waits to hear from any other
seat first (``seats``: the others; ``session.heard``): until then it is offered no move
and votes nobody out, whatever its log waits for (the others may have ended the game
long ago)."""

_REASONS: dict[str, Reason] = {
    "key": "accept",
    "shuffle": "shuffle",
    "share": "keys",
    "open": "open",
    "reencrypt": "give",
    "reshuffle": "order",
    "lot": "random",
    "lot-open": "random",
    "move": "move",
    "showdown": "reveal",
    "reshuffle-open": "reveal",
    "abandon": "abandon",
}


class PlayError(IllegalMove):
    """A move the controller refused (nothing was sent).  ``seat``, ``rule``, ``message``
    as :class:`~p2pcards.games.IllegalMove`."""


class NotYourTurn(PlayError):
    """It is not this seat's decision now (``awaiting`` says whose it is, or None)."""

    def __init__(self, seat: int | None, awaiting: Awaiting | None) -> None:
        self.awaiting = awaiting
        super().__init__(seat, "turn", "it is not your turn")


class MoveNotLegal(PlayError):
    """The move is not among the legal moves; ``rule`` names the rule it breaks (the
    engine's rule section when it names one, else ``"legal moves"``)."""


class SeatClosed(PlayError):
    """The seat left (:meth:`SeatController.leave`) or the session stopped."""


class CannotVote(ValueError):
    """:meth:`SeatController.vote_out` refused: the table does not wait for that seat,
    or it neither left nor was awaited past the table's ``stall_limit``."""


@dataclass(frozen=True, slots=True)
class Awaiting:
    """Who the table waits for now and why.

    ``seats``: the seats it waits for (this seat among them when it is its turn);
    ``reason``: see :data:`Reason`; ``for_seat``: the seat the step is about (whose
    cards, whose move), else None; ``pass_no``: the shuffle pass (1 or 2) for
    ``reason="shuffle"``, else None; ``waited_ms``: whole milliseconds waited so far for
    these seats; ``voters``: whether any seat can vote them out once the stall limit
    passes (this seat, heard from the others, not awaited, its vote not cast yet, or
    another seat, not awaited, whose link is up); False: nobody can (every other link
    is down and this seat has voted, or it restarted and has heard no one); None: nobody
    can, but an awaited seat's link is up (a voter back after a crash, about to cast the
    vote awaited from it): the wait ends by that seat's own entry, so a front end says no
    stall limit (it said «на связи нет никого…» while that seat was back)."""

    seats: tuple[int, ...]
    reason: Reason
    for_seat: int | None = None
    pass_no: int | None = None
    waited_ms: int = 0
    voters: bool | None = True


@dataclass(frozen=True, slots=True)
class Snapshot:
    """What a seat's front end shows, at one moment.

    ``game``: the game's name; ``options``: its options (name -> value); ``seat``: this
    seat; ``names``/``fingerprints``: per seat (``XXXX-XXXX-XXXX-XXXX``); ``table_code``:
    the code every player reads aloud once (``"K7QX 3MAB Z2LD W4PE"``, derived from the
    genesis: :func:`p2pcards.transcript.table_code`); ``connected``: per seat, whether its
    link is up (this seat: True; a seat that left the table keeps its state of before: it is
    gone on purpose, not "lost", see ``departed``); ``status``: :data:`Status`; ``hand``:
    the hand number (1-based, 0 before the first); ``view``: the engine's view for this seat
    (the game's View class; None in the lobby); ``legal``: this seat's legal moves (empty
    unless ``my_turn``); ``turn``: the seat whose decision it is, else None; ``awaiting``:
    who the table waits for (None when it waits for nobody); ``scores``: per seat, the
    game's running score (Thousand, 101: points; Sunduchki: chests; Akulina: losses), ()
    when the game has none; ``verified``: hands verified so far; ``cheats``: every cheat
    detected; ``abandoned``: the abandoned hand, else None; ``result``: the game's result
    once over; ``log_path``: the table's log file; ``log_length``: entries in the log."""

    game: str
    options: Mapping[str, Any]
    seat: int | None
    names: tuple[str, ...]
    fingerprints: tuple[str, ...]
    table_code: str
    connected: tuple[bool, ...]
    status: Status
    hand: int
    view: View | None
    legal: tuple[Move, ...]
    my_turn: bool
    turn: int | None
    awaiting: Awaiting | None
    scores: tuple[int, ...]
    verified: tuple[int, ...]
    cheats: tuple[CheatDetected, ...]
    abandoned: HandAbandoned | None
    result: Mapping[str, Any] | None
    log_path: str
    log_length: int
    departed: tuple[int, ...] = ()
    voting: int | None = None
    can_vote_out: tuple[int, ...] = ()

    def to_plain(self) -> dict[str, Any]:
        """Plain data (str/int/bool/None, lists, dicts): see :func:`to_plain`."""
        out: dict[str, Any] = to_plain(self)
        return out


@dataclass(frozen=True, slots=True)
class Resynced:
    """This subscriber fell behind by more than the buffer: ``missed`` updates were
    skipped; ``snapshot`` is the state now (redraw from it)."""

    missed: int
    snapshot: Snapshot


@dataclass(frozen=True, slots=True)
class Update:
    """One change: ``seq`` counts the session's updates from 0 (every subscriber sees the
    same numbers); ``event``: a session event (``p2pcards.table`` UI events,
    :class:`~p2pcards.peer.PeerLost` and the like) or :class:`Resynced`."""

    seq: int
    event: SessionEvent | Resynced

    def to_plain(self) -> dict[str, Any]:
        """Plain data: ``{"type": "Update", "seq": …, "event": {"type": …, …}}``."""
        out: dict[str, Any] = to_plain(self)
        return out


EndStatus = Literal["finished", "forfeited", "cheat", "abandoned", "failed", "left"]
"""How a game ended for a seat (:attr:`Ending.status`)."""


@dataclass(frozen=True, slots=True)
class Ending:
    """How the game ended for this seat.

    ``status``: "finished", "forfeited" (three or more seats: the others voted out a
    seat that left or stopped responding, which forfeits, and the game is over with
    its result: ``abandoned.result``; the audit's verdict "forfeited"), "cheat",
    "abandoned" (two seats: the hand was ended without a seat, no result), "failed"
    (this seat's storage failed) or "left"; ``result``: the engine's result (finished
    games); ``verified``: hands verified; ``cheats``; ``abandoned``; ``log_path``;
    ``names``."""

    status: EndStatus
    result: Mapping[str, Any] | None
    verified: tuple[int, ...]
    cheats: tuple[CheatDetected, ...]
    abandoned: HandAbandoned | None
    log_path: str
    names: tuple[str, ...]

    def to_plain(self) -> dict[str, Any]:
        """Plain data (see :func:`to_plain`)."""
        out: dict[str, Any] = to_plain(self)
        return out


class Subscription:
    """An async iterator of :class:`Update` from one :class:`SeatController`.

    Ends (StopAsyncIteration) after :meth:`close`, or once the controller is closed and
    every retained update was delivered.  Use as ``async with controller.subscribe() as
    updates: async for up in updates: …`` or iterate directly."""

    def __init__(self, controller: SeatController, next_seq: int) -> None:
        self._c = controller
        self._next = next_seq
        self._closed = False

    def __aiter__(self) -> Subscription:
        return self

    async def __anext__(self) -> Update:
        c = self._c
        while True:
            if self._closed:
                raise StopAsyncIteration
            first = c._seq - len(c._journal)
            if self._next < first:  # fell behind: skip to the present
                missed = c._seq - self._next
                self._next = c._seq
                return Update(c._seq - 1, Resynced(missed, c.snapshot()))
            if self._next < c._seq:
                up = c._journal[self._next - first]
                self._next += 1
                return up
            if c._closed:
                raise StopAsyncIteration
            await c._changed.wait()

    @property
    def pending(self) -> int:
        """Updates ready to be read without waiting."""
        return max(0, self._c._seq - self._next)

    def close(self) -> None:
        """Stop this subscription (the iterator ends)."""
        self._closed = True

    async def __aenter__(self) -> Subscription:
        return self

    async def __aexit__(self, *exc: object) -> None:
        self.close()


Choose = Callable[[Snapshot], "Move | Awaitable[Move]"]
OnUpdate = Callable[[Update, Snapshot], "Awaitable[None] | None"]


WARN_SECONDS = 30.0
"""On the player's turn, warn once this many seconds (at most half the table's stall
limit) before the others may vote the seat out as not answering."""


def warn_before(stall_limit: float) -> float:
    """How many seconds before the stall limit runs out the player is warned."""
    return min(WARN_SECONDS, stall_limit / 2)


_MOOT = object()
"""What :meth:`SeatController._choice` returns for a choice given up."""


class SeatController:
    """One seat of a running :class:`~p2pcards.peer.Session` (``session.controller``).

    ``max_lag``: how many updates are kept for subscribers that read slowly; one that
    falls further behind gets a :class:`Resynced` instead of blocking the table.
    """

    def __init__(self, session: Session, max_lag: int = 4096) -> None:
        self.session = session
        self.max_lag = max_lag
        self._journal: deque[Update] = deque(maxlen=max_lag)
        self._seq = 0
        self._changed = trio.Event()
        self._closed = False
        self._left = False
        self._news = 0  # links lost or back, notices: an open choice gives way to them
        n = len(session.names)
        self._connected = [s == session.seat for s in range(n)]
        self._fingerprints = tuple(fingerprint(p) for p in session.peer_ids)

    # -- fed by the session ------------------------------------------------------------
    def _publish(self, ev: SessionEvent) -> None:
        """Record one session event and wake the subscribers (called synchronously by
        the session, in order)."""
        if isinstance(ev, PeerLost):
            self._connected[ev.seat] = False
            self._news += 1
        elif isinstance(ev, PeerBack):
            self._connected[ev.seat] = True
            self._news += ev.again
        elif isinstance(ev, Notice):
            self._news += 1
        self._journal.append(Update(self._seq, ev))
        self._seq += 1
        self._changed.set()
        self._changed = trio.Event()

    def close(self) -> None:
        """No more updates: subscribers end after the retained ones."""
        self._closed = True
        self._changed.set()

    # -- the API -----------------------------------------------------------------------
    def subscribe(self, replay: bool = True) -> Subscription:
        """A new subscriber.  ``replay``: start with every update still retained (all of
        them early in a game: what a front end started right after the lobby needs);
        False: only updates from now on."""
        start = self._seq - len(self._journal) if replay else self._seq
        return Subscription(self, start)

    @property
    def published(self) -> int:
        """How many updates were published so far (the next one's ``seq``).  An update
        with ``seq < published - 1`` is not the latest: a snapshot taken now is ahead of
        it (a resume replays the whole log at once; a front end then says the present's
        facts at the latest update, not at the first one replayed)."""
        return self._seq

    def snapshot(self) -> Snapshot:
        """What this seat sees now."""
        s = self.session
        t = s.table
        started = t.log.started
        legal: tuple[Move, ...] = ()
        exp = t.expecting() if started else None
        turn = None
        if exp is not None and exp.kind == "move":
            turn = exp.seats[0]
        my_turn = turn is not None and turn == s.seat and not self._left and s.failed is None
        # (a restarted seat that heard no one yet: no move, as if the table were live; a
        # new user's trial showed «Ваш ход» and took a move at a table the others had
        # ended and gone from)
        my_turn = my_turn and s.heard
        if my_turn:
            legal = tuple(t.legal_moves())
            my_turn = bool(legal)
        view = t.view() if started and s.seat is not None else None
        scores = getattr(view, "scores", None)
        if scores is None:
            scores = getattr(view, "losses", None) or ()
        return Snapshot(
            game=t.game.name,
            options=dict(t.game.options),
            seat=s.seat,
            names=tuple(s.names),
            fingerprints=self._fingerprints,
            table_code=s.table_code,
            connected=tuple(self._connected),
            status=self._status(exp),
            hand=t.hand,
            view=view,
            legal=legal,
            my_turn=my_turn,
            turn=turn,
            awaiting=self._awaiting(exp, my_turn),
            scores=tuple(int(x) for x in scores),
            verified=tuple(t.verified),
            cheats=tuple(t.cheats),
            abandoned=t.abandoned,
            result=t.result,
            log_path=s.log_path,
            log_length=len(t.log),
            departed=tuple(sorted(t.departed)),
            voting=t.voting,
            can_vote_out=self._can_vote_out(),
        )

    def _can_vote_out(self) -> tuple[int, ...]:
        s = self.session
        t = s.table
        if not t.log.started or t.halted or t.finished or t.left or t.voting is not None:
            return ()
        if not s.heard:  # (restarted, connected to nobody: it knows nothing of a stall)
            return ()
        waited = (
            s.waiting_since is not None and trio.current_time() - s.waiting_since >= s.stall_limit
        )
        left = t.votable_departed()
        return (
            tuple(
                x
                for x in t.awaited()
                if x != s.seat and x not in left and waited and x in s.waiting_for
            )
            + left
        )

    def turn_seconds_left(self) -> float | None:
        """On this seat's turn, the seconds left before the others may vote it out as
        not answering (the table's ``stall_limit`` from when the log last grew, on this
        seat's clock: theirs started at about the same moment); None when it is not this
        seat's turn."""
        s = self.session
        t = s.table
        if s.waiting_since is None or not t.may_decide or t.halted or t.left or not s.heard:
            return None
        return s.stall_limit - (trio.current_time() - s.waiting_since)

    def warning_in(self) -> float | None:
        """On this seat's turn, the seconds until its player is to be warned that the
        others may soon end the hand without it (0: now; :func:`warn_before` the stall
        limit runs out: "30 s left to make your move…", :func:`p2pcards.ui.
        stall_warning_line`), the same moment for every front end (the full screen, the
        plain terminal, the web page); None when it is not this seat's turn."""
        left = self.turn_seconds_left()
        if left is None:
            return None
        return max(0.0, left - warn_before(self.session.stall_limit))

    def vote_out(self, seat: int) -> None:
        """Vote to end the hand without ``seat`` now: it left the table (reason
        ``"left"``), or the table waited for it past its ``stall_limit``.  The hand ends
        once every other seat has voted (``HandAbandoned``; with 3+ seats it forfeits).
        Raises :class:`CannotVote` when ``seat`` is not in ``snapshot().can_vote_out``."""
        if seat not in self._can_vote_out():
            raise CannotVote(f"seat {seat} cannot be voted out now")
        t = self.session.table
        self.session.handle(t.abandon(seat, "left" if seat in t.departed else "stall"))

    def play(self, move: Move) -> None:
        """Make this seat's move.  Raises :class:`SeatClosed` after :meth:`leave` or a
        storage failure, :class:`NotYourTurn` when it is not this seat's decision, and
        :class:`MoveNotLegal` (naming the rule) when ``move`` is not legal now; nothing
        is sent then."""
        if move not in self._legal_or_raise():
            raise self._why_not(move)
        self.session.move(move)

    def play_plain(self, data: Mapping[str, Any]) -> Move:
        """Make the legal move whose :func:`to_plain` form equals ``data`` (what a
        browser sends back: one of ``snapshot().to_plain()["legal"]``); returns it.
        Raises as :meth:`play`."""
        for m in self._legal_or_raise():
            if to_plain(m) == data:
                self.session.move(m)
                return m
        raise MoveNotLegal(self.session.seat, "legal moves", f"{data!r} is not a legal move now")

    def _legal_or_raise(self) -> list[Move]:
        s = self.session
        if self._left or s.failed is not None:
            raise SeatClosed(s.seat, "seat", "this seat has left the table")
        t = s.table
        exp = t.expecting() if t.log.started else None
        legal = t.legal_moves() if exp is not None and exp.kind == "move" else []
        if exp is None or exp.seats[0] != s.seat or not legal or not s.heard:
            raise NotYourTurn(s.seat, self._awaiting(exp, False))
        return legal

    def leave(self) -> None:
        """Leave the table: this seat signs a leave that every other seat receives
        (``SeatLeft``: "Boris left the table"; they may vote it out at once); no more moves
        from this seat (:meth:`play` raises :class:`SeatClosed`), every subscription ends,
        the session stops once the leave is sent (``session.left_sent``; at most 2 s)."""
        self._left = True
        self.close()
        self.session.leave()

    def ending(self) -> Ending | None:
        """The :class:`Ending` once the game is over for this seat, else None."""
        s = self.session
        t = s.table
        status: EndStatus
        if s.failed is not None:
            status = "failed"
        elif t.abandoned is not None:
            status = "abandoned" if t.abandoned.result is None else "forfeited"
        elif t.aborting is not None and t.expecting() is None:
            status = "cheat"
        elif t.finished:
            status = "finished"
        elif self._left:
            status = "left"
        else:
            return None
        return Ending(
            status=status,
            result=t.result,
            verified=tuple(t.verified),
            cheats=tuple(t.cheats),
            abandoned=t.abandoned,
            log_path=s.log_path,
            names=tuple(s.names),
        )

    async def drive(self, choose: Choose, on_update: OnUpdate | None = None) -> Ending:
        """The turn loop: follow every update (``on_update(update, snapshot)``, sync or
        async); whenever it is this seat's turn and every update so far was shown,
        ``choose(snapshot)`` (sync or async) gives the move, which is played; an async
        choice still open is given up when the game ends for this seat, its turn passes or
        another seat leaves (then shown, and the choice asked again).  Returns the
        :class:`Ending` once the game is over, a cheat halted the table, the hand was
        abandoned, storage failed or the seat left; for a finished game it first waits
        until the session has served the last entries (``session.done``)."""
        async with self.subscribe() as updates:
            while self.ending() is None:
                try:
                    up = await updates.__anext__()
                except StopAsyncIteration:
                    break
                snap = self.snapshot()
                if on_update is not None:
                    r = on_update(up, snap)
                    if inspect.isawaitable(r):
                        await r
                if updates.pending == 0 and snap.my_turn and not self._left:
                    move = await self._choice(choose, snap)
                    if move is not _MOOT and not self._left:
                        try:
                            self.play(move)
                        except NotYourTurn:  # the table moved on while choosing
                            pass
            # what ended the game is shown too (a choice given up when the hand ended at
            # once left "Vera left the table" and the votes unshown)
            while updates.pending and on_update is not None:
                up = await updates.__anext__()
                r = on_update(up, self.snapshot())
                if inspect.isawaitable(r):
                    await r
        s = self.session
        if not s.table.halted and s.failed is None and not self._left:
            await s.done.wait()
        return self.ending() or self._left_ending()

    async def _choice(self, choose: Choose, snap: Snapshot) -> Any:
        """``choose(snap)``, given up (returns ``_MOOT``) as soon as the choice is moot or
        the player must see something first: the game ended for this seat, it is no
        longer its turn (e.g. the others voted it out), or another seat left the table
        (the front end shows the departure, then asks again).  Other updates wait until
        the choice is made (a peer sending junk cannot keep the player from answering),
        but for news the player must see with the menu: a link lost or back, a
        :class:`~p2pcards.peer.Notice` (after a resume, "back at the table": the screen and
        the whole menu are drawn again, not a line under the prompt)."""
        got = choose(snap)
        if not inspect.isawaitable(got):
            return got
        departed = snap.departed
        news = self._news
        result: list[Any] = []

        async def pick() -> None:
            result.append(await got)
            nursery.cancel_scope.cancel()

        async with trio.open_nursery() as nursery:
            nursery.start_soon(pick)
            while True:
                changed = self._changed
                await changed.wait()
                if self._closed or self.ending() is not None:
                    nursery.cancel_scope.cancel()
                    break
                now = self.snapshot()
                if not now.my_turn or now.departed != departed or self._news != news:
                    nursery.cancel_scope.cancel()
                    break
        return result[0] if result else _MOOT

    def _left_ending(self) -> Ending:
        s, t = self.session, self.session.table
        return Ending(
            "left", t.result, tuple(t.verified), tuple(t.cheats), t.abandoned, s.log_path,
            tuple(s.names),
        )  # fmt: skip

    # -- internals ---------------------------------------------------------------------
    def _why_not(self, move: Move) -> MoveNotLegal:
        """The rule ``move`` breaks: the engine's, when applying it to a copy of the
        public state names one; else "legal moves"."""
        t = self.session.table
        try:
            t.engine.clone().apply(move)
        except IllegalMove as e:
            return MoveNotLegal(self.session.seat, e.rule, e.message)
        except Exception:
            pass
        return MoveNotLegal(self.session.seat, "legal moves", f"{move!r} is not a legal move now")

    def _status(self, exp: Any) -> Status:
        t = self.session.table
        if not t.log.started:
            return "lobby"
        if t.abandoned is not None:
            return "abandoned"
        if t.aborting is not None:
            return "cheat"
        if t.finished:
            return "finished"
        if exp is not None and exp.kind in ("showdown", "reshuffle-open"):
            return "hand over"
        if t.verified and t.verified[-1] == t.hand:
            return "verified"
        return "playing"

    def _awaiting(self, exp: Any, my_turn: bool) -> Awaiting | None:
        s = self.session
        t = s.table
        if not t.log.started:
            missing = tuple(i for i in range(len(s.names)) if i >= len(t.log))
            return Awaiting(missing, "accept") if missing else None
        if exp is None:
            return None
        if not s.heard:  # (restarted: the others first, whatever the log waits for)
            others = tuple(x for x in range(len(s.names)) if x != s.seat)
            waited = 0
            if s.waiting_since is not None:
                waited = max(0, int((trio.current_time() - s.waiting_since) * 1000))
            return Awaiting(others, "connect", waited_ms=waited)
        reason = _REASONS.get(exp.kind, "move")
        if my_turn:
            seats: tuple[int, ...] = (s.seat,) if s.seat is not None else ()
        else:
            seats = tuple(x for x in s.waiting_for if x in exp.seats) or tuple(
                x for x in exp.seats if x != s.seat
            )
        waited = 0
        if s.waiting_since is not None and not my_turn:
            waited = max(0, int((trio.current_time() - s.waiting_since) * 1000))
        for_seat, pass_no = self._about(exp)
        # (a seat voted out cannot vote against the seat that withholds its vote)
        out = (*seats, for_seat) if reason == "abandon" and for_seat is not None else seats
        return Awaiting(seats, reason, for_seat, pass_no, waited, self._voters(out, seats))

    def _voters(self, awaited: tuple[int, ...], seats: tuple[int, ...]) -> bool | None:
        """Whether a seat can vote ``awaited`` out at the stall limit (:class:`Awaiting`);
        None: nobody can, but one of ``seats`` (those whose entry is awaited) is connected."""
        s = self.session
        t = s.table
        me = s.seat
        if me is not None and me not in awaited and s.heard and not (t.left or self._left):
            if t.voting is None and not t.halted:
                return True
        if any(up for x, up in enumerate(self._connected) if x != me and x not in awaited):
            return True
        if any(self._connected[x] for x in seats if x != me and 0 <= x < len(self._connected)):
            return None
        return False

    def _about(self, exp: Any) -> tuple[int | None, int | None]:
        """(for_seat, pass_no) of the current step: from the step's structured ``about``
        when the table gives one, else from the engine's need."""
        about = getattr(exp, "about", None)
        if about:
            for_seat = next(
                (about[k] for k in ("to", "seat", "holder", "stalled") if k in about), None
            )
            return for_seat, about.get("pass")
        t = self.session.table
        if exp.kind == "abandon":
            others = set(exp.seats)
            left = [x for x in range(len(self.session.names)) if x not in others]
            return (left[0] if left else None), None
        need = t.engine.need()
        for attr in ("to", "seat", "holder"):
            v = getattr(need, attr, None)
            if isinstance(v, int) and exp.kind in ("share", "reshuffle", "move"):
                return v, None
        return None, None
