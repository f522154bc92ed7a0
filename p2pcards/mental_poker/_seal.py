"""Sealed boxes with caller-chosen ephemeral keys (libsodium's ``crypto_box_seal`` format).

``seal(m, pk, e)`` = ``epk || crypto_box(m, nonce, pk, e)`` with ``epk = X25519(e, 9)``
and ``nonce = BLAKE2b-192(epk || pk)``: byte-for-byte what ``crypto_box_seal`` makes when
its internal random ephemeral key is ``e``, so PyNaCl's ``SealedBox(sk).decrypt`` opens
it.  Choosing ``e`` (derived from the sender's persisted secrets) keeps this layer
deterministic and lets the end-of-hand audit re-seal and compare a key share.
"""

from __future__ import annotations

import hashlib

import nacl.bindings as _nb
import nacl.exceptions as _nexc

from p2pcards.mental_poker._group import RandomBytes, draw

X25519_BYTES = 32


def x25519_public_key(secret_key: bytes) -> bytes:
    """The X25519 public key of a 32-byte secret key."""
    return _nb.crypto_scalarmult_base(secret_key)


def x25519_keypair(random_bytes: RandomBytes) -> tuple[bytes, bytes]:
    """A fresh ``(secret_key, public_key)`` for receiving sealed key shares."""
    sk = draw(random_bytes, X25519_BYTES)
    return sk, x25519_public_key(sk)


def seal(message: bytes, recipient_public_key: bytes, ephemeral_secret: bytes) -> bytes:
    """Seal ``message`` to ``recipient_public_key`` with ephemeral secret key
    ``ephemeral_secret`` (32 bytes, never reused for another message to anyone)."""
    epk = _nb.crypto_scalarmult_base(ephemeral_secret)
    nonce = hashlib.blake2b(epk + recipient_public_key, digest_size=24).digest()
    return epk + _nb.crypto_box(message, nonce, recipient_public_key, ephemeral_secret)


class SealOpenError(ValueError):
    """The sealed bytes do not open with this key."""


def unseal(sealed: bytes, recipient_secret_key: bytes) -> bytes:
    """Open a sealed box; raises SealOpenError when it does not authenticate."""
    pk = _nb.crypto_scalarmult_base(recipient_secret_key)
    try:
        return _nb.crypto_box_seal_open(sealed, pk, recipient_secret_key)
    except (_nexc.CryptoError, _nexc.TypeError, _nexc.ValueError) as e:
        raise SealOpenError(str(e)) from e
