"""What the web page needs from a seat: :class:`Snapshot` and the :class:`SeatSource`
protocol.

A seat source is the thin adapter between the page and whoever runs the game: today the
in-process offline table (:mod:`p2pcards.web._offline`); the peer's seat controller
(``p2pcards.peer``: ``snapshot()``, ``subscribe()``, ``play(move)``, ``leave()``) fits
the same shape.  Everything here is plain data; the web layer reads the clock only to
show how long a seat has been awaited.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from p2pcards.games import Game, Move, View


@dataclass(frozen=True)
class HistoryItem:
    """One line of "what just happened": a ``move`` made in the state ``before`` shows,
    or a ready ``fact`` (a msgid of the catalog, filled in with ``args``), or the cards
    the viewer received."""

    move: Move | None = None
    before: View | None = None
    fact: str | None = None
    args: tuple[tuple[str, Any], ...] = ()
    cheat: Any = None
    """A :class:`~p2pcards.table.CheatDetected` (worded in the page's language)."""
    received: tuple[int, ...] = ()
    """Card codes dealt or drawn to the viewer (``fact`` and ``move`` are None)."""
    started: int = 0
    """The number (from 1) of the hand that starts here ("— hand 2 —"), else 0."""


@dataclass(frozen=True)
class Snapshot:
    """What one seat sees at revision ``rev`` (increasing by one per change).

    ``view``: the engine's view for ``seat``; ``legal``: the seat's legal moves (empty
    when it does not decide now); ``awaited``: the seat the table waits for, or None;
    ``awaited_since``: when that wait began (``trio.current_time()`` seconds);
    ``history``: the recent events, oldest first; ``hand_over``: the view at the end of
    the hand just played while the page should show its sheet (``continue_hand()`` moves
    on); ``result``: the game's result once it is over.
    """

    rev: int
    game: Game[Any]
    seat: int
    names: tuple[str, ...]
    view: View
    legal: tuple[Move, ...] = ()
    awaited: int | None = None
    awaited_since: float | None = None
    history: tuple[HistoryItem, ...] = ()
    hand_over: View | None = None
    result: Mapping[str, Any] | None = None
    at: float = 0.0
    """When this revision was made (``trio.current_time()``): the page's delay is
    measured from here to the browser saying it shows it."""
    verdict: str = "offline"
    """"offline" (local dealer, nothing to verify), "playing", "verified", or "cheat"."""
    cheat: Any = None
    """With the verdict "cheat": the :class:`~p2pcards.table.CheatDetected` (worded in
    the page's language)."""
    extra: Mapping[str, Any] = field(default_factory=dict)


class SeatSource(Protocol):
    """A seat the page drives (see the module docstring)."""

    def snapshot(self) -> Snapshot:
        """The current state of the seat."""
        ...

    async def wait_change(self, rev: int) -> Snapshot:
        """Wait until the revision is above ``rev``; return the newest snapshot."""
        ...

    def play(self, move: Move) -> None:
        """Play ``move`` for the seat; raises IllegalMove (a GameError) when it is not one
        of the snapshot's legal moves."""
        ...

    def continue_hand(self) -> None:
        """Leave the end-of-hand sheet and deal the next hand."""
        ...

    def play_again(self) -> None:
        """After the end of the game: a new game with the same seats."""
        ...

    def leave(self) -> None:
        """Leave the table (the player confirmed): no more moves from this seat; the
        others are told (on a LAN table); the snapshot's ``extra["left"]`` is then True."""
        ...
