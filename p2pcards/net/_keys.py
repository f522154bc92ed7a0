"""Peer ids and fingerprints.

A peer id is the raw 32-byte Ed25519 public key of the peer's identity.  Its fingerprint
is what people compare aloud: the SHA-256 of the key, base32-encoded, first 16 characters
in 4 groups of 4 (e.g. ``"K7QX-3MAB-Z2LD-W4PE"``); :func:`short_fingerprint` is the
first group only, used in log messages and mDNS TXT records.  :func:`check_peer_id`
validates a key received from anyone (canonical encoding, on the curve, not of small
order, in the prime-order subgroup) with the group layer's
:func:`p2pcards.mental_poker.check_ed25519_key`.
"""

from __future__ import annotations

import base64
import hashlib

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from p2pcards.mental_poker import InvalidPublicKey, check_ed25519_key

PEER_ID_SIZE = 32


def peer_id_of(key: Ed25519PrivateKey) -> bytes:
    """Return the 32-byte raw public key (the peer id) of an Ed25519 private key."""
    return key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)


def fingerprint(peer_id: bytes) -> str:
    """Return ``"XXXX-XXXX-XXXX-XXXX"``: base32 of SHA-256(peer_id), 16 chars in 4 groups.

    80 bits: enough for people to tell identities apart by reading them aloud.
    """
    text = base64.b32encode(hashlib.sha256(peer_id).digest()).decode("ascii")[:16]
    return "-".join(text[i : i + 4] for i in range(0, 16, 4))


def short_fingerprint(peer_id: bytes) -> str:
    """Return the first group of :func:`fingerprint` (4 chars), for logs and TXT."""
    return fingerprint(peer_id)[:4]


def check_peer_id(peer_id: bytes) -> str | None:
    """None if ``peer_id`` is a usable Ed25519 public key, else why not.

    Usable: 32 bytes, the canonical encoding of a point on the curve, not of small order
    and in the prime-order subgroup (:func:`p2pcards.mental_poker.check_ed25519_key`:
    libsodium's ``crypto_core_ed25519_is_valid_point`` and an ``(L+1)·P == P`` check; the
    library itself is checked at start-up by :mod:`p2pcards.selftest`).
    """
    try:
        check_ed25519_key(peer_id, seat=None)
    except InvalidPublicKey as exc:
        return str(exc)
    return None
