"""Per-step randomness derived from one persisted seed (crash recovery without equivocation).

A seat draws one 32-byte *table seed* from its ``random_bytes`` and persists it before it
publishes anything.  The randomness of every body it signs later (its seat key, each
shuffle, share proof, re-encryption) is the ChaCha20 keystream (RFC 8439, through
``cryptography``) under the key ``HMAC-SHA256(seed, label)``, where ``label`` names the
step uniquely in the log (``"<hand>/<kind> <first seq>"``).  So a restarted seat that
replays its log re-makes every body byte for byte, and a body never reuses another
step's randomness.
"""

from __future__ import annotations

import hashlib
import hmac

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms

from p2pcards.mental_poker import RandomBytes

_NONCE = bytes(16)  # counter 0, nonce 0: each key is used for one stream only


def seeded_stream(seed: bytes, label: str) -> RandomBytes:
    """A ``random_bytes(n)`` function reading the keystream of ``label`` under ``seed``
    (successive calls continue the stream)."""
    key = hmac.new(seed, label.encode("utf-8"), hashlib.sha256).digest()
    enc = Cipher(algorithms.ChaCha20(key, _NONCE), mode=None).encryptor()

    def random_bytes(n: int) -> bytes:
        return enc.update(bytes(n))

    return random_bytes
