"""Domain-separated hashing (SHA-256) with an unambiguous field encoding.

``digest(name, f1, ..., fn)`` is SHA-256 over ``enc(tag) || enc(f1) || ... || enc(fn)``
where ``tag = "p2pcards/v1/mental-poker/" + name`` (ASCII), ``enc(b) = u32be(len(b)) || b``
for bytes, an int ``v`` (0 <= v < 2**64) is encoded as the 8 bytes ``u64be(v)`` (so
``enc(v) = 00000008 || u64be(v)``), and a list is ``u32be(count)`` followed by ``enc`` of
each element.  protocol/SPEC.md, "Hashing", is normative.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

TAG_PREFIX = "p2pcards/v1/mental-poker/"

Field = bytes | int | Sequence["Field"]


def _enc(f: Field, out: list[bytes]) -> None:
    if isinstance(f, bytes):
        out.append(len(f).to_bytes(4, "big"))
        out.append(f)
    elif isinstance(f, int):
        if isinstance(f, bool) or not 0 <= f < 2**64:
            raise ValueError(f"hash field out of range: {f!r}")
        out.append(b"\x00\x00\x00\x08")
        out.append(f.to_bytes(8, "big"))
    else:
        out.append(len(f).to_bytes(4, "big"))
        for g in f:
            _enc(g, out)


def preimage(name: str, *fields: Field) -> bytes:
    """The exact bytes :func:`digest` hashes."""
    out: list[bytes] = []
    _enc((TAG_PREFIX + name).encode("ascii"), out)
    for f in fields:
        _enc(f, out)
    return b"".join(out)


def digest(name: str, *fields: Field) -> bytes:
    """SHA-256 of :func:`preimage` (32 bytes)."""
    return hashlib.sha256(preimage(name, *fields)).digest()
