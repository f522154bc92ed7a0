"""The unambiguous field encoding of every hash of mental poker (protocol/mental_poker_v2.md
§3): ``enc(b) = u32be(len(b)) || b`` for bytes, ``u32be(8) || u64be(v)`` for an integer
``v`` (0 <= v < 2**64), ``u32be(count)`` then each element for a list."""

from __future__ import annotations

from collections.abc import Sequence

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
