"""Exponential backoff with jitter for re-dialing peers."""

from __future__ import annotations

import random


class Backoff:
    """Delays (seconds) between reconnection attempts.

    Attempt n (from 0) waits ``min(maximum, initial * factor**n)`` scaled by a random
    factor in ``[1 - jitter, 1]`` ("equal jitter"), so peers that lost each other at once
    do not re-dial in lockstep.  ``rng`` supplies the randomness: pass a seeded
    ``random.Random`` for reproducible tests; by default ``random.SystemRandom()``.
    ``reset()`` after a successful connection.
    """

    def __init__(
        self,
        initial: float = 0.1,
        maximum: float = 5.0,
        factor: float = 2.0,
        jitter: float = 0.5,
        rng: random.Random | None = None,
    ) -> None:
        if not (0 < initial <= maximum and factor >= 1 and 0 <= jitter <= 1):
            raise ValueError("need 0 < initial <= maximum, factor >= 1, 0 <= jitter <= 1")
        self.initial = initial
        self.maximum = maximum
        self.factor = factor
        self.jitter = jitter
        self.rng = rng if rng is not None else random.SystemRandom()
        self.attempt = 0

    def next_delay(self) -> float:
        """Return the delay before the next attempt and count the attempt."""
        base = min(self.maximum, self.initial * self.factor ** min(self.attempt, 64))
        self.attempt += 1
        return base * (1 - self.jitter * self.rng.random())

    def reset(self) -> None:
        """Start again from ``initial`` (after a successful connection)."""
        self.attempt = 0
