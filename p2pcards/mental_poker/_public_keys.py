"""Checks of the long-term public keys a peer receives (genesis, handshake).

- An Ed25519 identity key must be 32 bytes, a canonical encoding of a point on the curve,
  not of small order and in the prime-order subgroup: libsodium's
  ``crypto_core_ed25519_is_valid_point``, then, as defence in depth against a library bug
  like CVE-2025-69277 (libsodium before 1.0.20-stable of 2025-12 accepted ``Q + (0, −1)``,
  a point with an order-2 component), the check ``(L+1)·P == P`` with
  ``crypto_scalarmult_ed25519_noclamp``: true exactly for points of the prime-order
  subgroup (``L ≡ 5 mod 8``, so ``(L+1)·T = 6·T ≠ T`` for every torsion point ``T ≠ 0``).
- An X25519 sealing key must be 32 bytes, canonical (``u < 2^255 − 19``, top bit clear) and
  not of small order: libsodium's ``crypto_scalarmult`` refuses small-order points (and an
  all-zero result), which is what made ``seal()`` raise inside libsodium with such a key.

Both raise :class:`InvalidPublicKey` naming the seat; neither ever lets a library error
escape.
"""

from __future__ import annotations

import nacl.bindings as _nb
import nacl.exceptions as _nexc

from p2pcards.mental_poker._errors import InvalidPublicKey

_L = 2**252 + 27742317777372353535851937790883648493
_P = 2**255 - 19
_L_PLUS_1 = (_L + 1).to_bytes(32, "little")
_PROBE = bytes([9]) + bytes(30) + bytes([0x40])  # any non-zero X25519 scalar


def check_ed25519_key(data: object, *, seat: int | None, what: str = "identity key") -> bytes:
    """Return ``data`` if it is a valid Ed25519 public key of the prime-order subgroup,
    else raise InvalidPublicKey (``step`` = ``what``) blaming ``seat``."""
    if not isinstance(data, bytes) or len(data) != 32:
        raise InvalidPublicKey(f"{what} is not 32 bytes", seat=seat, step=what)
    if not _nb.crypto_core_ed25519_is_valid_point(data):
        raise InvalidPublicKey(
            f"{what} is not canonical, not on the curve, of small order or outside the "
            "prime-order subgroup",
            seat=seat,
            step=what,
        )
    try:
        again = _nb.crypto_scalarmult_ed25519_noclamp(_L_PLUS_1, data)
    except (_nexc.RuntimeError, _nexc.CryptoError, ValueError, TypeError):
        again = b""
    if again != data:
        raise InvalidPublicKey(f"{what} is outside the prime-order subgroup", seat=seat, step=what)
    return data


def check_x25519_key(data: object, *, seat: int | None, what: str = "sealing key") -> bytes:
    """Return ``data`` if it is a canonical X25519 public key that is not of small order,
    else raise InvalidPublicKey (``step`` = ``what``) blaming ``seat``."""
    if not isinstance(data, bytes) or len(data) != 32:
        raise InvalidPublicKey(f"{what} is not 32 bytes", seat=seat, step=what)
    if int.from_bytes(data, "little") >= _P:
        raise InvalidPublicKey(f"{what} is not a canonical X25519 key", seat=seat, step=what)
    try:
        _nb.crypto_scalarmult(_PROBE, data)
    except (_nexc.RuntimeError, _nexc.CryptoError, ValueError, TypeError) as e:
        raise InvalidPublicKey(f"{what} is of small order", seat=seat, step=what) from e
    return data
