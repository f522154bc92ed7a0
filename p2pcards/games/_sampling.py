"""Determinization helpers for bots that see only their seat's view.

:func:`view_seed` derives a bot's random seed from the view alone, so a bot that uses it
plays the same move in any two states that look the same from its seat (whatever the
hidden cards are).  :func:`deal_constrained` deals unseen cards to holders at random,
honouring what the public history proves (cards a holder cannot have, cards it must
have).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, TypeVar

T = TypeVar("T", bound=Hashable)


def view_seed(view: Any, salt: str = "") -> int:
    """A 64-bit seed from ``repr(view)`` (a frozen dataclass of public data and the seat's
    own cards) and ``salt``: equal views give equal seeds."""
    h = hashlib.blake2b(f"{salt}|{view!r}".encode(), digest_size=8)
    return int.from_bytes(h.digest(), "big")


def deal_constrained(
    rng: random.Random,
    cards: Sequence[T],
    counts: Mapping[int, int],
    forbidden: Mapping[int, set[T]] | None = None,
    tries: int = 30,
) -> dict[int, list[T]] | None:
    """Deal ``cards`` to holders so holder ``h`` gets exactly ``counts[h]`` of them and
    none of ``forbidden[h]``; each valid deal is roughly equally likely (cards with the
    fewest possible holders are placed first, each to a holder chosen with probability
    proportional to its free places).  Returns None when ``tries`` attempts all fail
    (the constraints may be contradictory).  Raises ValueError when the counts do not
    add up to ``len(cards)``."""
    if sum(counts.values()) != len(cards):
        raise ValueError(f"counts {dict(counts)} do not add up to {len(cards)} cards")
    bad = forbidden or {}
    holders = sorted(counts)
    allowed = {c: [h for h in holders if c not in bad.get(h, ())] for c in cards}
    for _ in range(tries):
        order = list(cards)
        rng.shuffle(order)
        order.sort(key=lambda c: len(allowed[c]))
        free = dict(counts)
        out: dict[int, list[T]] = {h: [] for h in holders}
        for c in order:
            opts = [h for h in allowed[c] if free[h] > 0]
            if not opts:
                break
            pick = rng.randrange(sum(free[h] for h in opts))
            for h in opts:
                pick -= free[h]
                if pick < 0:
                    break
            out[h].append(c)
            free[h] -= 1
        else:
            return out
    return None
