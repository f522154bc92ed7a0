"""Plain data for a browser or ``--json``: :func:`to_plain` turns snapshots, events, views
and moves into dicts, lists, str, int, bool and None only (``json.dumps`` of the result
round-trips to an equal value)."""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from typing import Any

from p2pcards.cards import Card
from p2pcards.games import Move

Plain = dict[str, Any] | list[Any] | str | int | bool | None
"""What :func:`to_plain` returns (nested: the dict and list items are Plain too)."""


def to_plain(obj: Any) -> Any:
    """``obj`` as plain data.

    - a :class:`~p2pcards.cards.Card`: ``{"type": "Card", "code": 0..51, "rank": 2..14,
      "suit": "spades"|"hearts"|"diamonds"|"clubs", "symbol": "Q♣"}``;
    - a suit or rank (an enum): its name in lower case (``"clubs"``, ``"queen"``);
    - a move: ``{"type": class name, "kind": KIND, "seat": …, field: value…}``;
    - any other dataclass (views, needs, events, snapshots): ``{"type": class name,
      field: value…}`` (fields declared with ``repr=False`` left out, e.g. a claim's
      ``check`` function);
    - a mapping: a dict with ``str`` keys (an int key ``3`` becomes ``"3"``);
    - tuples, lists, sets (sorted): lists; ``bytes``: lower-case hex.

    Raises TypeError for anything else (a float among them: durations are given in whole
    milliseconds)."""
    if obj is None or isinstance(obj, str | bool):
        return obj
    if isinstance(obj, Card):
        return {
            "type": "Card",
            "code": obj.code,
            "rank": int(obj.rank),
            "suit": obj.suit.name.lower(),
            "symbol": obj.symbol,
        }
    if isinstance(obj, enum.Enum):
        return obj.name.lower()
    if isinstance(obj, int):
        return int(obj)
    if isinstance(obj, bytes | bytearray | memoryview):
        return bytes(obj).hex()
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        out: dict[str, Any] = {"type": type(obj).__name__}
        if isinstance(obj, Move):
            out["kind"] = obj.KIND
        for f in dataclasses.fields(obj):
            if f.repr:
                out[f.name] = to_plain(getattr(obj, f.name))
        return out
    if isinstance(obj, Mapping):
        return {str(k): to_plain(v) for k, v in obj.items()}
    if isinstance(obj, tuple | list):
        return [to_plain(x) for x in obj]
    if isinstance(obj, set | frozenset):
        return sorted((to_plain(x) for x in obj), key=repr)
    raise TypeError(f"no plain form for {type(obj).__name__}: {obj!r}")
