"""Headless seats: a bot plays a seat through its :class:`~p2pcards.peer.SeatController`,
the same API every front end uses."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from p2pcards.games import Move, game_info
from p2pcards.games._levels import resolve_bot
from p2pcards.peer._controller import Ending, Snapshot, Update
from p2pcards.peer._session import Session


async def play_bot(
    session: Session,
    strategy: str = "basic",
    rng: random.Random | None = None,
    on_event: Callable[[Any], None] | None = None,
) -> Any:
    """Play ``session`` with the game's bot ``strategy`` until the game is over (returns
    the result), a cheat halts the table (returns the first CheatDetected) or the hand is
    abandoned (returns the HandAbandoned).  The bot sees only its seat's view and legal
    moves; ``on_event(event)`` is called for every session event, in order.
    ``strategy``: a bot name or level (:func:`p2pcards.games._levels.resolve_bot`);
    raises OptionError for an unknown one."""
    ending = await run_bot(session, strategy, rng, on_event)
    if ending.status == "finished":
        return ending.result
    if ending.status in ("abandoned", "forfeited"):
        return ending.abandoned
    if ending.status == "cheat":
        return ending.cheats[0]
    return None


async def run_bot(
    session: Session,
    strategy: str = "basic",
    rng: random.Random | None = None,
    on_event: Callable[[Any], None] | None = None,
) -> Ending:
    """As :func:`play_bot`, returning the :class:`~p2pcards.peer.Ending`."""
    seat = session.controller
    bot = resolve_bot(game_info(seat.snapshot().game), strategy)
    rng = rng or random.Random()

    def choose(snap: Snapshot) -> Move:
        assert snap.view is not None  # the controller asks only when the seat has a view
        move: Move = bot(snap.view, list(snap.legal), rng)
        return move

    def show(up: Update, _snap: Snapshot) -> None:
        if on_event is not None:
            on_event(up.event)

    return await seat.drive(choose, show)
