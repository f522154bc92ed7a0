"""What a :class:`~p2pcards.table.Table` hands back to its caller.

Outputs come in a list, in the order they must be carried out: a :class:`Persist` always
comes before the :class:`Broadcast` that depends on it (write it to disk, fsync, then
send).  Everything else is an event for the user interface.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from p2pcards.cards import Card
from p2pcards.games import Claim, Falsified, Move, View


@dataclass(frozen=True, slots=True)
class Broadcast:
    """Send these signed entry bytes to every other seat, in order: this seat's own entry,
    or another seat's entry passed on once (one kept as evidence, or a contribution to a
    round this seat completed, ahead of what it builds on it: ``protocol/table.md`` §3,
    "Forks")."""

    data: bytes
    seq: int
    kind: str


@dataclass(frozen=True, slots=True)
class Appended:
    """Entry ``seq`` (signed bytes ``data``) was appended to the table's log: write it
    to the log file.  Emitted once per entry, in log order; the table's log is the one
    copy of the game."""

    seq: int
    data: bytes


@dataclass(frozen=True, slots=True)
class Evidence:
    """Keep these signed entries as evidence (EVIDENCE records of the log file,
    ``protocol/table.md`` §3 "Evidence"): the entry ``seq`` of ``seat`` that this table
    rejected as a cheat (it follows the :class:`CheatDetected` naming it), and, for an
    equivocation inside an open round, the contribution held first before it.  None of
    them is in the log; the audit feeds them after the log's entries and re-derives the
    same cheat from them, so an honest seat's log names the cheat instead of stopping
    short of it.  Emitted only for an entry validly signed by ``seat``."""

    seat: int
    seq: int
    entries: tuple[bytes, ...]


@dataclass(frozen=True, slots=True)
class Fetch:
    """Ask seat ``seat`` for its log entries ``first``..``last`` (sequence numbers, both
    included) and feed each to ``Table.receive``: this table dropped an entry of ``seat``
    built on another version of them (``protocol/table.md`` §3 "Forks", rule 3), so
    ``seat`` holds a version that differs from this log's in at least one of them, and
    the two versions, met here, name the seat that signed both.  Usually that version
    arrives anyway (``seat`` passed it on ahead of its entry); this covers a copy lost
    with a link.  Emitted by a seated table only, once per seat and range."""

    seat: int
    first: int
    last: int


@dataclass(frozen=True, slots=True)
class Persist:
    """Store this seat's secret ``data`` under ``key`` durably before the next Broadcast."""

    key: str
    data: Any


@dataclass(frozen=True, slots=True)
class HandStarted:
    """A hand (1-based ``hand``) begins: the deck is being shuffled."""

    hand: int


@dataclass(frozen=True, slots=True)
class YourCards:
    """Cards revealed to this seat (a deal, a draw, a card taken or passed to it)."""

    positions: tuple[int, ...]
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class CardsOpened:
    """Cards made public."""

    positions: tuple[int, ...]
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class MoveMade:
    """``seat`` made ``move``; ``before`` is this seat's view (the mover's, on an
    observer's table) just before the move, for a presenter to describe it
    (:meth:`p2pcards.ui.Presenter.move_line`)."""

    seat: int
    move: Move
    before: View


@dataclass(frozen=True, slots=True)
class YourTurn:
    """This seat must decide: one of ``legal``."""

    legal: tuple[Move, ...]


@dataclass(frozen=True, slots=True)
class Waiting:
    """The table waits for ``seats`` to write an entry of ``kind`` (a step, see
    ``protocol/table.md`` §2); ``about`` says what for, as data (e.g. ``{"pass": 1}``,
    ``{"to": 2, "positions": [...]}``, ``{"seat": 1}``, ``{"stalled": 2}``); the
    presenters say it in words (:func:`p2pcards.ui.waiting_reason`)."""

    seats: tuple[int, ...]
    kind: str = ""
    about: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class HandVerified:
    """Every proof of ``hand`` verified at its entry, and the end-of-hand showdown checked
    every claim of the hand that was not proven when made."""

    hand: int


class Offence(StrEnum):
    """What kind of cheat a :class:`CheatDetected` reports (the presenters say it in
    words: :meth:`p2pcards.ui.Presenter.cheat_text`)."""

    PROTOCOL = "protocol"
    """A step's check failed: a malformed body, a bad proof, a wrong decryption share..."""
    EQUIVOCATION = "equivocation"
    """Two different signed entries for one slot of the log."""
    OUT_OF_TURN = "out of turn"
    """An entry the table does not wait for from that seat."""
    TRANSCRIPT = "transcript"
    """A signed entry that does not fit the log (e.g. for another hand)."""
    ILLEGAL_MOVE = "illegal move"
    """A move the rules refuse in public; ``rule`` names the rules section."""
    FALSE_CLAIM = "false claim"
    """A claim about hidden cards that the revealed cards make false: ``claim`` and
    ``falsified`` say which and why."""


@dataclass(frozen=True, slots=True)
class CheatDetected:
    """``seat`` broke the protocol or a rule (None when it cannot be told yet).

    ``seq``: the log entry at fault (None if it is the absence of one); ``rule``: the rule
    or protocol step broken; ``offence``: what kind of cheat; ``detail``: the lower
    layer's diagnostic (an exception's English text, seats counted from 0) for logs and
    ``audit --json``, not a sentence for players; ``claim``/``falsified``: the false claim
    and why it is false (``offence`` FALSE_CLAIM); ``about``: further data (e.g.
    ``{"accuser": 2}``).  The presenters say it in words with real names
    (:meth:`p2pcards.ui.Presenter.cheat_text`).
    """

    seat: int | None
    seq: int | None
    rule: str
    offence: Offence = Offence.PROTOCOL
    detail: str = ""
    claim: Claim | None = None
    falsified: Falsified | None = None
    about: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Rejected:
    """Bytes dropped because they are not a valid entry of this table (bad signature,
    another table or hand, malformed).  ``seat`` is the seat the bytes claim to come
    from, which may be forged: this is not an accusation.  ``sender``: the seat that
    delivered them, when the caller said (``Table.receive(data, sender)``): the one to
    hold responsible for bytes no seat signed (e.g. a re-encoded frame)."""

    seat: int | None
    reason: str
    sender: int | None = None


@dataclass(frozen=True, slots=True)
class HandAbandoned:
    """Every other seat voted to end ``hand`` because ``seat`` stopped responding while
    the table waited for it, or left (``reason``: ``"stall"`` or ``"left"``; votes from log
    entry ``seq`` on); the game stops here.  ``result``: with three or more seats, the
    game's result after ``seat`` forfeits (:func:`p2pcards.games.forfeit_result`: it is
    the loser, the score sheet gets the game's forfeit line; a :class:`GameOver` with the
    same result follows); with two seats None: the hand ends with no result."""

    hand: int
    seat: int
    seq: int
    reason: str = "stall"
    result: Mapping[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class SeatLeft:
    """``seat`` signed that it leaves the table (``q``, Ctrl-C, Ctrl-D, ``leave()``), at
    log position ``seq``; ``data``: the signed bytes (a session passes them on to the
    other peers).  Only its own key can sign it, so a forged leave excludes nobody; one
    older than an entry of that seat in the log (it came back) is ignored.  The other
    seats may vote it out at once (reason ``"left"``) when the table waits for it."""

    seat: int
    seq: int
    data: bytes = b""


@dataclass(frozen=True, slots=True)
class VoteCast:
    """``voter`` signed a vote to end ``hand`` without ``stalled`` (``reason``:
    ``"stall"``, awaited past the table's limit, or ``"left"``).  A seat never joins
    because another voted: its own clock (or a leave it verified) decides."""

    voter: int
    stalled: int
    reason: str
    hand: int


@dataclass(frozen=True, slots=True)
class GameOver:
    """The game is over; ``result`` as the engine's Finished result."""

    result: Mapping[str, Any] = field(default_factory=dict)


UIEvent = (
    HandStarted
    | YourCards
    | CardsOpened
    | MoveMade
    | YourTurn
    | Waiting
    | HandVerified
    | CheatDetected
    | HandAbandoned
    | VoteCast
    | SeatLeft
    | Rejected
    | GameOver
)
Output = Broadcast | Persist | Appended | Evidence | Fetch | UIEvent
