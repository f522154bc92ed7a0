"""Akulina bots.  Each is a function of (view, legal moves, rng) only."""

from __future__ import annotations

import random
from collections.abc import Sequence

from p2pcards.games._bots import random_bot
from p2pcards.games._moves import Move
from p2pcards.games._state import View
from p2pcards.games.akulina._moves import Discard, Draw


def basic_bot(view: View, legal: Sequence[Move], rng: random.Random) -> Move:
    """Discards every pair it can (the most cards), draws a uniformly random index."""
    discards = [m for m in legal if isinstance(m, Discard)]
    if discards:
        return max(discards, key=lambda m: len(m.positions))
    draws = [m for m in legal if isinstance(m, Draw)]
    return draws[rng.randrange(len(draws))] if draws else legal[0]


BOTS = {"random": random_bot, "basic": basic_bot}
