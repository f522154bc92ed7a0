"""Bots shared by every game."""

from __future__ import annotations

import random
from collections.abc import Sequence

from p2pcards.games._moves import Move
from p2pcards.games._state import View


def random_bot(view: View, legal: Sequence[Move], rng: random.Random) -> Move:
    """Any legal move, uniformly at random."""
    return legal[rng.randrange(len(legal))]
