"""Helpers for the version-2 tests: seeded randomness, bit flips, a small table."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from p2pcards.mental_poker._domain import ProofContext, card_point
from p2pcards.mental_poker._elgamal import Ciphertext, initial_deck, joint_key, reencrypt
from p2pcards.mental_poker._ristretto import random_scalar
from p2pcards.mental_poker._seat_key import SeatKey

TABLE = b"test-table-v2"


def rng(seed: int) -> Callable[[int], bytes]:
    """A seeded ``random_bytes``."""
    return random.Random(seed).randbytes


def ctx(seat: int, step: str = "step", hand: int = 3, table: bytes = TABLE) -> ProofContext:
    return ProofContext(table, hand, seat, step)


def flip(b: bytes, bit: int = 0) -> bytes:
    """``b`` with one bit flipped."""
    out = bytearray(b)
    out[bit // 8 % len(b)] ^= 1 << (bit % 8)
    return bytes(out)


def copy(body: Any) -> Any:
    """A deep copy of a body made of lists and bytes."""
    if isinstance(body, list | tuple):
        return [copy(x) for x in body]
    return body


class Table:
    """``seats`` seat keys, the joint key and an encrypted deck of ``cards`` cards."""

    def __init__(self, seats: int = 3, cards: int = 5, seed: int = 1) -> None:
        r = rng(seed)
        self.keys = [SeatKey.generate(r) for _ in range(seats)]
        self.pubs = [k.public for k in self.keys]
        self.y = joint_key(self.pubs)
        self.points = [card_point(TABLE, c) for c in range(cards)]
        self.deck: list[Ciphertext] = [
            reencrypt(ct, self.y, random_scalar(r)) for ct in initial_deck(self.points, self.y)
        ]
