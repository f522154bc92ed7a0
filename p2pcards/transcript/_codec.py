"""Strict msgpack for hostile input: bounded sizes, no ext types, no floats, bounded
nesting.  Every failure is a :class:`MalformedEntry`; nothing else escapes.

Plain data (what an entry body may hold): ``None``, ``bool``, ``int`` (signed or
unsigned 64-bit), ``str``, ``bytes``, ``list`` and ``dict`` whose keys are ``str``,
``bytes`` or ``int``.  Tuples are accepted when packing and come back as lists.
"""

from __future__ import annotations

from typing import Any

import msgpack

from p2pcards.transcript._errors import MalformedEntry

MAX_ENTRY_BYTES = 1 << 20
"""Largest signed entry accepted, in bytes (1 MiB); checked before any decoding."""
MAX_BIN_LEN = 1 << 16
"""Largest ``bin`` inside a body, in bytes."""
MAX_STR_LEN = 4096
"""Largest ``str`` inside a body, in bytes of UTF-8."""
MAX_ARRAY_LEN = 4096
"""Longest array inside a body."""
MAX_MAP_LEN = 1024
"""Largest map inside a body."""
MAX_DEPTH = 16
"""Deepest nesting of arrays and maps inside a body (the body itself is depth 1)."""

_INT_MIN = -(2**63)
_INT_MAX = 2**64 - 1


def pack(obj: Any, *, check: bool = True) -> bytes:
    """Pack plain data (checked with :func:`check_plain` unless ``check`` is false, for
    structures built here) into msgpack bytes.

    Raises ``TypeError`` for anything that is not plain data (a caller's bug)."""
    if check:
        check_plain(obj, error=TypeError)
    out: bytes = msgpack.packb(obj, use_bin_type=True)
    return out


def unpack(
    data: bytes,
    *,
    what: str,
    seat: int | None = None,
    max_bin_len: int = MAX_BIN_LEN,
    max_str_len: int = MAX_STR_LEN,
    max_array_len: int = MAX_ARRAY_LEN,
    max_map_len: int = MAX_MAP_LEN,
    check: bool = True,
) -> Any:
    """Unpack one msgpack object filling all of ``data`` under the given limits, then
    check it is plain data no deeper than :data:`MAX_DEPTH` (skipped when ``check`` is
    false: for the frame and header, whose fields the caller checks one by one).

    ``what`` names the thing for the error message ("entry frame", "entry body", ...).
    Raises :class:`MalformedEntry` (with ``seat``) on any failure."""
    if not isinstance(data, bytes | bytearray | memoryview):
        raise MalformedEntry(seat, f"{what}: expected bytes, got {type(data).__name__}")
    if len(data) > MAX_ENTRY_BYTES:
        raise MalformedEntry(seat, f"{what}: {len(data)} bytes, limit {MAX_ENTRY_BYTES}")
    try:
        obj = msgpack.unpackb(
            data,
            raw=False,
            use_list=True,
            strict_map_key=False,
            max_bin_len=max_bin_len,
            max_str_len=max_str_len,
            max_array_len=max_array_len,
            max_map_len=max_map_len,
            max_ext_len=0,
        )
    except Exception as e:  # msgpack raises many ValueError/TypeError subclasses
        raise MalformedEntry(seat, f"{what}: not valid msgpack ({type(e).__name__}: {e})") from e
    if check:
        check_plain(obj, error=MalformedEntry, seat=seat, what=what)
    return obj


def check_plain(
    obj: Any,
    *,
    error: type[Exception] = MalformedEntry,
    seat: int | None = None,
    what: str = "body",
) -> None:
    """Check that ``obj`` is plain data no deeper than :data:`MAX_DEPTH` (iteratively,
    so hostile nesting cannot exhaust the Python stack).  Raises ``error``."""

    def fail(msg: str) -> Exception:
        if error is MalformedEntry:
            return MalformedEntry(seat, f"{what}: {msg}")
        return error(f"{what}: {msg}")

    stack: list[tuple[Any, int]] = [(obj, 1)]
    while stack:
        x, depth = stack.pop()
        if isinstance(x, list | tuple | dict):
            if depth > MAX_DEPTH:
                raise fail(f"nested deeper than {MAX_DEPTH}")
            if isinstance(x, dict):
                for k in x:
                    if isinstance(k, bool) or not isinstance(k, str | bytes | int):
                        raise fail(f"map key of type {type(k).__name__}")
                    if isinstance(k, int) and not _INT_MIN <= k <= _INT_MAX:
                        raise fail(f"integer {k} out of the 64-bit range")
                items: Any = x.values()
            else:
                items = x
            for v in items:  # fast path for the exact plain scalar types
                t = type(v)
                if t is bytes or t is str or t is bool or v is None:
                    continue
                if t is int and _INT_MIN <= v <= _INT_MAX:
                    continue
                stack.append((v, depth + 1))
        elif x is None or isinstance(x, bool | str | bytes):
            continue
        elif isinstance(x, int):
            if not _INT_MIN <= x <= _INT_MAX:
                raise fail(f"integer {x} out of the 64-bit range")
        else:
            raise fail(f"value of type {type(x).__name__} is not plain data")
