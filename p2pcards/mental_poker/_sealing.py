"""X25519 sealing key pairs (the ``sealing`` key of each seat in the genesis; checked by
:func:`p2pcards.mental_poker.check_x25519_key` wherever it is received)."""

from __future__ import annotations

import nacl.bindings as _nb

from p2pcards.mental_poker._draw import RandomBytes, draw

X25519_BYTES = 32


def x25519_public_key(secret_key: bytes) -> bytes:
    """The X25519 public key of a 32-byte secret key."""
    return _nb.crypto_scalarmult_base(secret_key)


def x25519_keypair(random_bytes: RandomBytes) -> tuple[bytes, bytes]:
    """A fresh ``(secret_key, public_key)`` from 32 bytes of ``random_bytes``."""
    sk = draw(random_bytes, X25519_BYTES)
    return sk, x25519_public_key(sk)
