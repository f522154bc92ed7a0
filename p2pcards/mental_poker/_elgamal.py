"""ElGamal over Ristretto255 (protocol/mental_poker_v2.md, §5).

A ciphertext is the pair ``(C1, C2) = (r·G, M + r·Y)`` of a message point ``M`` under the
joint key ``Y = Σ Y_i``; on the wire it is the list ``[C1, C2]`` of two 32-byte points.
Re-encryption adds an encryption of the identity: ``(C1 + r·G, C2 + r·Y)``.  Decryption
needs every seat's share ``D_i = x_i·C1``: ``M = C2 − Σ D_i``.
"""

from __future__ import annotations

from collections.abc import Sequence

from p2pcards.mental_poker._errors import MalformedMessage, MentalPokerError
from p2pcards.mental_poker._ristretto import (
    IDENTITY,
    G,
    add,
    add_all,
    check_point,
    mul,
    mul_base,
    sub,
)

Ciphertext = tuple[bytes, bytes]
"""``(C1, C2)``: two points."""


def encrypt(message: bytes, key: bytes, r: bytes) -> Ciphertext:
    """``(r·G, message + r·key)`` (``r`` a non-zero scalar)."""
    return mul_base(r), add(message, mul(r, key))


def reencrypt(ct: Ciphertext, key: bytes, r: bytes) -> Ciphertext:
    """``(C1 + r·G, C2 + r·key)``: the same message under fresh randomness."""
    return add(ct[0], mul_base(r)), add(ct[1], mul(r, key))


def initial_deck(points: Sequence[bytes], key: bytes) -> list[Ciphertext]:
    """The deck every seat computes before the first shuffle: ``(G, M + Y)`` for each point
    (public randomness 1; the first shuffle re-encrypts it)."""
    return [(G, add(m, key)) for m in points]


def joint_key(keys: Sequence[bytes]) -> bytes:
    """``Y = Σ Y_i`` of the seat keys (each checked with its proof of knowledge first).
    Raises MentalPokerError if the sum is the identity (keys that cancel: with proven keys
    only seats that share their secrets can make it, and such a key would hide nothing)."""
    y = add_all(list(keys))
    if y == IDENTITY:
        raise MentalPokerError("the seat keys add up to the identity", step="keys")
    return y


def decrypt(ct: Ciphertext, shares: Sequence[bytes]) -> bytes:
    """``C2 − Σ shares``: the message once every seat's share of ``C1`` is in."""
    return sub(ct[1], add_all(list(shares)))


def check_ciphertext(
    data: object, *, what: str, seat: int | None, step: str, position: int | None = None
) -> Ciphertext:
    """A received ``[C1, C2]`` with both points checked (MalformedMessage / InvalidPoint
    blaming ``seat``)."""
    if not isinstance(data, list | tuple) or len(data) != 2:
        raise MalformedMessage(
            f"{what} is not a pair of points", seat=seat, step=step, position=position
        )
    c1 = check_point(data[0], what=f"{what} C1", seat=seat, step=step, position=position)
    c2 = check_point(data[1], what=f"{what} C2", seat=seat, step=step, position=position)
    return c1, c2


def check_deck(data: object, n: int, *, what: str, seat: int | None, step: str) -> list[Ciphertext]:
    """A received list of ``n`` ciphertexts, each checked (the position of a bad one is its
    index)."""
    if not isinstance(data, list | tuple) or len(data) != n:
        raise MalformedMessage(f"{what} is not a list of {n} ciphertexts", seat=seat, step=step)
    return [
        check_ciphertext(c, what=what, seat=seat, step=step, position=i) for i, c in enumerate(data)
    ]


def deck_wire(deck: Sequence[Ciphertext]) -> list[list[bytes]]:
    """The wire form ``[[C1, C2], ...]`` of a deck."""
    return [[c1, c2] for c1, c2 in deck]
