"""Domain-separated hashing (SHA-256) with an unambiguous field encoding.

``digest(tag, f1, ..., fn)`` is SHA-256 over ``enc(tag) || enc(f1) || ... || enc(fn)`` where
``enc(b) = u32be(len(b)) || b`` for bytes, an int ``v`` (0 <= v < 2**64) is first written as
8 bytes big-endian, and a list is ``u32be(count)`` followed by ``enc`` of each element.  The
tag is ASCII, ``"p2pcards/mental-poker/" + name``.  protocol/SPEC.md, "Hashing", is normative.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

TAG_PREFIX = "p2pcards/mental-poker/"

Field = bytes | int | Sequence["Field"]


def _u32(n: int) -> bytes:
    return n.to_bytes(4, "big")


def _put(h: hashlib._Hash, f: Field) -> None:
    if isinstance(f, bytes):
        h.update(_u32(len(f)))
        h.update(f)
    elif isinstance(f, int):
        if isinstance(f, bool) or not 0 <= f < 2**64:
            raise ValueError(f"hash field out of range: {f!r}")
        h.update(_u32(8))
        h.update(f.to_bytes(8, "big"))
    else:
        h.update(_u32(len(f)))
        for g in f:
            _put(h, g)


def digest(name: str, *fields: Field) -> bytes:
    """SHA-256 of the tag ``TAG_PREFIX + name`` and ``fields`` (32 bytes)."""
    h = hashlib.sha256()
    _put(h, (TAG_PREFIX + name).encode("ascii"))
    for f in fields:
        _put(h, f)
    return h.digest()
