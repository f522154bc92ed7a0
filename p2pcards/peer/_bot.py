"""Headless seats: a bot plays a Session through the same API a script would use."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from p2pcards.games import game_info
from p2pcards.peer._session import Session
from p2pcards.table import CheatDetected, GameOver, HandAbandoned, YourTurn


async def play_bot(
    session: Session,
    strategy: str = "basic",
    rng: random.Random | None = None,
    on_event: Callable[[Any], None] | None = None,
) -> Any:
    """Play ``session`` with the game's bot ``strategy`` until the game is over (returns
    the result) or a cheat halts the table (returns the CheatDetected).  The bot sees
    only its seat's view and legal moves."""
    bot = game_info(session.table.game.name).bots[strategy]
    rng = rng or random.Random()
    async for ev in session.events:
        if on_event is not None:
            on_event(ev)
        if isinstance(ev, YourTurn):
            legal = session.table.legal_moves()
            if legal:
                session.move(bot(session.table.view(), legal, rng))
        elif isinstance(ev, GameOver | HandAbandoned):
            return ev.result if isinstance(ev, GameOver) else ev
        elif isinstance(ev, CheatDetected) and session.table.halted:
            if session.table.expecting() is None:
                return ev
    return None
