"""The group of mental poker version 2: Ristretto255 (RFC 9496) through libsodium (``rbcl``).

Points are 32-byte canonical Ristretto255 encodings, scalars 32-byte little-endian integers
in [0, L).  Ristretto255 is a prime-order group built on Curve25519: every valid encoding
is a point of the prime-order group, so there is no cofactor and no small-order point; the
only point to refuse besides invalid encodings is the identity (32 zero bytes).
docs/mental_poker.md, "Group", has the measurements behind the choice over Ed25519's
subgroup (PyNaCl).

Invariant: every point handed to :func:`add`, :func:`sub`, :func:`mul` is either the
output of :func:`check_point` or computed here from such points.  (libsodium's
``crypto_core_ristretto255_add`` returns an error code for an invalid encoding that the
``rbcl`` wrapper ignores, leaving 32 zero bytes: never pass it unchecked bytes.)

Received data goes through :func:`check_point` / :func:`check_scalar`, which raise
:class:`InvalidPoint` / :class:`InvalidScalar` carrying the seat to blame; a refusal by the
library inside an operation raises :class:`GroupError` (a :class:`MentalPokerError`), never
a bare RuntimeError.

Importing ``rbcl`` writes its bundled libsodium to a temporary file (rbcl's doing, not
this layer's); removing it is I/O, done outside the pure layers
(:func:`p2pcards.peer.remove_rbcl_copy`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import rbcl as _rb

from p2pcards.mental_poker._errors import (
    GroupError,
    InvalidPoint,
    InvalidScalar,
    MalformedMessage,
)

L = 2**252 + 27742317777372353535851937790883648493
"""Order of Ristretto255 (the same prime as Ed25519's subgroup)."""

POINT_BYTES = 32
SCALAR_BYTES = 32
IDENTITY = bytes(32)
"""Encoding of the identity element (never accepted from a peer)."""
ZERO = bytes(32)
ONE = (1).to_bytes(32, "little")
G = _rb.crypto_scalarmult_ristretto255_base(ONE)
"""The standard generator of Ristretto255 (RFC 9496, section 4.4)."""

RandomBytes = Callable[[int], bytes]
"""``random_bytes(n)`` returns ``n`` random bytes (``os.urandom`` in a peer, a seeded
generator in tests and for crash recovery)."""


def scalar(v: int) -> bytes:
    """The 32-byte encoding of ``v mod L``."""
    return (v % L).to_bytes(32, "little")


def to_int(s: bytes) -> int:
    """The integer a 32-byte scalar encodes."""
    return int.from_bytes(s, "little")


def random_scalar(random_bytes: RandomBytes) -> bytes:
    """A uniform scalar in [1, L): 64 bytes from ``random_bytes`` reduced mod L (RFC 9496
    section 4.4's ``scalar_reduce`` of a 64-byte string), drawn again if zero.  Raises
    ValueError if ``random_bytes`` returns anything but 64 bytes."""
    while True:
        b = random_bytes(64)
        if not isinstance(b, bytes) or len(b) != 64:
            raise ValueError("random_bytes(64) returned something else than 64 bytes")
        s = bytes(_rb.crypto_core_ristretto255_scalar_reduce(b))
        if s != ZERO:
            return s


def reduce64(h: bytes) -> bytes:
    """A 64-byte string (a SHA-512 digest) reduced mod L."""
    return bytes(_rb.crypto_core_ristretto255_scalar_reduce(h))


def check_scalar(
    data: object,
    *,
    what: str,
    seat: int | None,
    step: str,
    position: int | None = None,
    nonzero: bool = False,
) -> bytes:
    """Return ``data`` if it is a canonical scalar (32 bytes, value < L; also non-zero when
    ``nonzero``), else raise InvalidScalar blaming ``seat``."""
    if not isinstance(data, bytes) or len(data) != SCALAR_BYTES:
        raise InvalidScalar(
            f"{what} is not a 32-byte scalar", seat=seat, step=step, position=position
        )
    v = int.from_bytes(data, "little")
    if v >= L:
        raise InvalidScalar(f"{what} is not reduced mod L", seat=seat, step=step, position=position)
    if nonzero and v == 0:
        raise InvalidScalar(f"{what} is zero", seat=seat, step=step, position=position)
    return data


def is_point(data: object) -> bool:
    """True when ``data`` is a canonical Ristretto255 encoding of a non-identity point."""
    return (
        isinstance(data, bytes)
        and len(data) == POINT_BYTES
        and data != IDENTITY
        and bool(_rb.crypto_core_ristretto255_is_valid_point(data))
    )


def check_point(
    data: object, *, what: str, seat: int | None, step: str, position: int | None = None
) -> bytes:
    """Return ``data`` if it is a canonical Ristretto255 encoding of a point other than the
    identity, else raise InvalidPoint blaming ``seat`` (~6 µs)."""
    if not isinstance(data, bytes) or len(data) != POINT_BYTES:
        raise InvalidPoint(
            f"{what} is not a 32-byte point", seat=seat, step=step, position=position
        )
    if data == IDENTITY:
        raise InvalidPoint(f"{what} is the identity", seat=seat, step=step, position=position)
    if not _rb.crypto_core_ristretto255_is_valid_point(data):
        raise InvalidPoint(
            f"{what} is not a canonical Ristretto255 encoding",
            seat=seat,
            step=step,
            position=position,
        )
    return data


def check_points(
    data: object, n: int | None, *, what: str, seat: int | None, step: str
) -> list[bytes]:
    """A list of ``n`` (any number if None) checked points (see :func:`check_point`; the
    position of a bad one is its index).  MalformedMessage if ``data`` is not a list of
    ``n`` items."""
    if not isinstance(data, list | tuple) or (n is not None and len(data) != n):
        want = "a list" if n is None else f"a list of {n}"
        raise MalformedMessage(f"{what} is not {want} points", seat=seat, step=step)
    return [check_point(p, what=what, seat=seat, step=step, position=i) for i, p in enumerate(data)]


def mul(s: bytes, p: bytes) -> bytes:
    """``s·p`` (the identity when ``s`` is zero).  Raises GroupError if libsodium refuses."""
    if s == ZERO or p == IDENTITY:
        return IDENTITY
    try:
        return bytes(_rb.crypto_scalarmult_ristretto255(s, p))
    except (RuntimeError, ValueError, TypeError) as e:
        raise GroupError("scalar multiplication refused by libsodium") from e


def mul_base(s: bytes) -> bytes:
    """``s·G`` with libsodium's fixed-base tables (about 3x faster than :func:`mul`)."""
    if s == ZERO:
        return IDENTITY
    try:
        return bytes(_rb.crypto_scalarmult_ristretto255_base(s))
    except (RuntimeError, ValueError, TypeError) as e:
        raise GroupError("base multiplication refused by libsodium") from e


def add(p: bytes, q: bytes) -> bytes:
    """``p + q``."""
    return bytes(_rb.crypto_core_ristretto255_add(p, q))


def sub(p: bytes, q: bytes) -> bytes:
    """``p - q``."""
    return bytes(_rb.crypto_core_ristretto255_sub(p, q))


def add_all(points: Sequence[bytes]) -> bytes:
    """The sum of ``points`` (the identity for none)."""
    if not points:
        return IDENTITY
    acc = points[0]
    for p in points[1:]:
        acc = add(acc, p)
    return acc


def msm(scalars: Sequence[bytes], points: Sequence[bytes]) -> bytes:
    """``Σ scalars[i]·points[i]`` (one multiplication and one addition per term)."""
    return add_all([mul(s, p) for s, p in zip(scalars, points, strict=True)])


def s_add(a: bytes, b: bytes) -> bytes:
    """``a + b mod L``."""
    return bytes(_rb.crypto_core_ristretto255_scalar_add(a, b))


def s_sub(a: bytes, b: bytes) -> bytes:
    """``a - b mod L``."""
    return bytes(_rb.crypto_core_ristretto255_scalar_sub(a, b))


def s_mul(a: bytes, b: bytes) -> bytes:
    """``a · b mod L``."""
    return bytes(_rb.crypto_core_ristretto255_scalar_mul(a, b))


def s_neg(a: bytes) -> bytes:
    """``-a mod L``."""
    return bytes(_rb.crypto_core_ristretto255_scalar_negate(a))


def s_sum(scalars: Sequence[bytes]) -> bytes:
    """``Σ scalars mod L``."""
    acc = ZERO
    for s in scalars:
        acc = s_add(acc, s)
    return acc


def s_prod(scalars: Sequence[bytes]) -> bytes:
    """``Π scalars mod L`` (1 for none)."""
    acc = ONE
    for s in scalars:
        acc = s_mul(acc, s)
    return acc


def from_hash(h: bytes) -> bytes:
    """RFC 9496 section 4.3.4 one-way map of 64 uniform bytes to a point (nobody knows its
    discrete logarithm).  ValueError unless ``h`` is 64 bytes."""
    if len(h) != 64:
        raise ValueError("from_hash needs 64 bytes")
    return bytes(_rb.crypto_core_ristretto255_from_hash(h))
