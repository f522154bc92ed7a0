"""Unbiased draws from caller-supplied random bytes."""

from __future__ import annotations

from collections.abc import Callable

RandomBytes = Callable[[int], bytes]


def draw(random_bytes: RandomBytes, n: int) -> bytes:
    """Call ``random_bytes(n)`` and check that it returned ``n`` bytes (else ValueError)."""
    b = random_bytes(n)
    if not isinstance(b, bytes) or len(b) != n:
        raise ValueError(f"random_bytes({n}) returned {type(b).__name__} of wrong length")
    return b


def randbelow(random_bytes: RandomBytes, n: int) -> int:
    """A uniform integer in ``[0, n)`` (1 <= n <= 2**32): 8-byte big-endian draws,
    rejecting those at or above the largest multiple of ``n`` (no modulo bias)."""
    if not 1 <= n <= 2**32:
        raise ValueError(f"randbelow bound out of range: {n}")
    limit = 2**64 - (2**64 % n)
    while True:
        v = int.from_bytes(draw(random_bytes, 8), "big")
        if v < limit:
            return v % n


def random_permutation(random_bytes: RandomBytes, n: int) -> list[int]:
    """A uniform permutation of ``range(n)`` (Fisher-Yates with :func:`randbelow`)."""
    p = list(range(n))
    for i in range(n - 1, 0, -1):
        j = randbelow(random_bytes, i + 1)
        p[i], p[j] = p[j], p[i]
    return p
