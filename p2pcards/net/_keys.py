"""Peer ids and fingerprints.

A peer id is the raw 32-byte Ed25519 public key of the peer's identity.  Its fingerprint
is what people compare aloud: the SHA-256 of the key, base32-encoded, first 16 characters
in 4 groups of 4 (e.g. ``"K7QX-3MAB-Z2LD-W4PE"``); :func:`short_fingerprint` is the
first group only, used in log messages and mDNS TXT records.
"""

from __future__ import annotations

import base64
import hashlib

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

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
