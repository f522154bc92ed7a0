"""Group arithmetic in the prime-order subgroup of Ed25519, only through libsodium.

Points are 32-byte compressed Edwards points; scalars are 32-byte little-endian integers
reduced mod ``L`` (the subgroup order), never zero.  Received data goes through
:func:`check_point` / :func:`check_scalar`; points this process computed itself from
checked inputs are not re-checked.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import nacl.bindings as _nb
import nacl.exceptions as _nexc

from p2pcards.mental_poker._errors import InvalidPoint, InvalidScalar, MentalPokerError

L = 2**252 + 27742317777372353535851937790883648493
"""Order of the prime-order subgroup of Ed25519."""

POINT_BYTES = 32
SCALAR_BYTES = 32
ZERO_SCALAR = bytes(32)
ONE_SCALAR = (1).to_bytes(32, "little")

RandomBytes = Callable[[int], bytes]
"""``random_bytes(n)`` returns ``n`` random bytes (e.g. ``os.urandom``, or
``random.Random(seed).randbytes`` in tests)."""


def draw(random_bytes: RandomBytes, n: int) -> bytes:
    """Call ``random_bytes(n)`` and check that it returned ``n`` bytes (else ValueError)."""
    b = random_bytes(n)
    if not isinstance(b, bytes) or len(b) != n:
        raise ValueError(f"random_bytes({n}) returned {type(b).__name__} of wrong length")
    return b


def random_scalar(random_bytes: RandomBytes) -> bytes:
    """A uniform non-zero scalar: 64 random bytes reduced mod L (redrawn if zero)."""
    while True:
        s = _nb.crypto_core_ed25519_scalar_reduce(draw(random_bytes, 64))
        if s != ZERO_SCALAR:
            return s


def is_canonical_scalar(s: bytes) -> bool:
    """True when ``s`` is 32 bytes encoding an integer in [1, L)."""
    return len(s) == SCALAR_BYTES and 0 < int.from_bytes(s, "little") < L


def check_scalar(
    data: object, *, what: str, seat: int | None, step: str, position: int | None = None
) -> bytes:
    """Return ``data`` if it is a canonical non-zero scalar, else raise InvalidScalar."""
    if not isinstance(data, bytes) or len(data) != SCALAR_BYTES:
        raise InvalidScalar(
            f"{what} is not a 32-byte scalar", seat=seat, step=step, position=position
        )
    v = int.from_bytes(data, "little")
    if v == 0:
        raise InvalidScalar(f"{what} is zero", seat=seat, step=step, position=position)
    if v >= L:
        raise InvalidScalar(f"{what} is not reduced mod L", seat=seat, step=step, position=position)
    return data


def check_point(
    data: object, *, what: str, seat: int | None, step: str, position: int | None = None
) -> bytes:
    """Return ``data`` if it is a valid point of the prime-order subgroup, else raise
    InvalidPoint (``crypto_core_ed25519_is_valid_point``: canonical, on the curve, not of
    small order, in the main subgroup)."""
    if not isinstance(data, bytes) or len(data) != POINT_BYTES:
        raise InvalidPoint(
            f"{what} is not a 32-byte point", seat=seat, step=step, position=position
        )
    if not _nb.crypto_core_ed25519_is_valid_point(data):
        raise InvalidPoint(
            f"{what} is not a valid point (non-canonical, off the curve, small order or "
            "outside the prime-order subgroup)",
            seat=seat,
            step=step,
            position=position,
        )
    return data


def mul(scalar: bytes, point: bytes) -> bytes:
    """``scalar * point`` (no clamping).  Raises MentalPokerError when libsodium refuses
    (a small-order or non-canonical point, or an identity result; cannot happen for a
    checked non-zero scalar and a checked point)."""
    try:
        return _nb.crypto_scalarmult_ed25519_noclamp(scalar, point)
    except _nexc.RuntimeError as e:
        raise MentalPokerError(
            "scalar multiplication refused: small-order or non-canonical point, or identity"
        ) from e


def scalar_mul(a: bytes, b: bytes) -> bytes:
    """``a * b mod L``."""
    return _nb.crypto_core_ed25519_scalar_mul(a, b)


def scalar_invert(a: bytes) -> bytes:
    """``a^-1 mod L`` (``a`` must be non-zero)."""
    return _nb.crypto_core_ed25519_scalar_invert(a)


def scalar_product(scalars: Sequence[bytes]) -> bytes:
    """Product of ``scalars`` mod L (1 for an empty list)."""
    acc = ONE_SCALAR
    for s in scalars:
        acc = _nb.crypto_core_ed25519_scalar_mul(acc, s)
    return acc


def batch_invert(scalars: Sequence[bytes]) -> list[bytes]:
    """Inverses of non-zero ``scalars`` with a single inversion (Montgomery's trick)."""
    if not scalars:
        return []
    prefix = [ONE_SCALAR]
    for s in scalars:
        prefix.append(_nb.crypto_core_ed25519_scalar_mul(prefix[-1], s))
    inv = _nb.crypto_core_ed25519_scalar_invert(prefix[-1])
    out = [b""] * len(scalars)
    for i in range(len(scalars) - 1, -1, -1):
        out[i] = _nb.crypto_core_ed25519_scalar_mul(inv, prefix[i])
        inv = _nb.crypto_core_ed25519_scalar_mul(inv, scalars[i])
    return out


def hash_to_point(uniform: bytes) -> bytes:
    """Elligator 2 map of 32 uniform bytes to the prime-order subgroup
    (``crypto_core_ed25519_from_uniform``); nobody knows the result's discrete log."""
    return _nb.crypto_core_ed25519_from_uniform(uniform)
