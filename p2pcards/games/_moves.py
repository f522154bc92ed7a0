"""The base class of every game's moves, and their msgpack-ready codec.

A move is a frozen dataclass whose first field is ``seat`` and whose class has a unique
``KIND`` string within its game.  Fields may be ``int``, ``bool``, ``str``, ``Card``,
``Suit``, ``Rank``, ``X | None`` and ``tuple[X, ...]`` of those.  On the wire a move is
``[KIND, field1, field2, ...]`` with cards as their 0..51 :attr:`Card.code`, suits and
ranks as ints (the ``move`` entry body of ``protocol/table.md`` §2).
"""

from __future__ import annotations

import types
import typing
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from p2pcards.cards import Card, Rank, Suit
from p2pcards.games._errors import DecodeError
from p2pcards.games._events import (
    DealerEvent,
    Opened,
    OrderCommitted,
    RandomValue,
    Revealed,
    Shuffled,
    Taken,
)


@dataclass(frozen=True, slots=True)
class Move:
    """A decision by ``seat``.  Subclasses set ``KIND`` and add their fields."""

    KIND: ClassVar[str] = ""
    seat: int


Event = DealerEvent | Move

_MAX_INT = 2**31


def _encode_value(v: object) -> object:
    if isinstance(v, Card):
        return v.code
    if isinstance(v, tuple):
        return [_encode_value(x) for x in v]
    if isinstance(v, int | str | bool) or v is None:
        return int(v) if isinstance(v, Suit | Rank) else v
    raise TypeError(f"cannot encode {v!r}")


def _decode_value(tp: object, v: object, where: str) -> object:
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(tp)
        if v is None and type(None) in args:
            return None
        inner = [a for a in args if a is not type(None)]
        return _decode_value(inner[0], v, where)
    if origin is tuple:
        (item, _ellipsis) = typing.get_args(tp)
        if not isinstance(v, list | tuple) or len(v) > 1024:
            raise DecodeError(f"{where}: expected a list")
        return tuple(_decode_value(item, x, where) for x in v)
    if tp is bool:
        if not isinstance(v, bool):
            raise DecodeError(f"{where}: expected a boolean")
        return v
    if tp is int:
        if not isinstance(v, int) or isinstance(v, bool) or not -_MAX_INT < v < _MAX_INT:
            raise DecodeError(f"{where}: expected an integer")
        return v
    if tp is str:
        if not isinstance(v, str) or len(v) > 256:
            raise DecodeError(f"{where}: expected a short string")
        return v
    if tp is Card:
        try:
            return Card.from_code(v)  # type: ignore[arg-type]
        except ValueError as e:
            raise DecodeError(f"{where}: {e}") from None
    if tp in (Suit, Rank):
        try:
            return tp(v)  # type: ignore[operator,arg-type]
        except (ValueError, TypeError):
            raise DecodeError(f"{where}: not a {tp.__name__}: {v!r}") from None  # type: ignore[attr-defined]
    raise TypeError(f"unsupported field type {tp!r}")


_HINTS: dict[type[Move], list[tuple[str, object]]] = {}


def _hints(cls: type[Move]) -> list[tuple[str, object]]:
    got = _HINTS.get(cls)
    if got is None:
        hints = typing.get_type_hints(cls)
        got = _HINTS[cls] = [(f.name, hints[f.name]) for f in fields(cls)]
    return got


def encode_event(event: Event) -> list[object]:
    """Plain msgpack-ready data for a move or dealer event.

    Dealer events: ``["shuffled", hand, first, n]``, ``["revealed", [pos...], to]``,
    ``["opened", [pos...], [card codes...]]``, ``["random", value]``,
    ``["ordered", seat]``, ``["taken", position]``.  Moves: ``["move", KIND, seat, ...]``.
    """
    if isinstance(event, Move):
        return [
            "move",
            event.KIND,
            *(_encode_value(getattr(event, n)) for n, _ in _hints(type(event))),
        ]
    if isinstance(event, Shuffled):
        return [event.TAG, event.hand, event.first, event.n]
    if isinstance(event, Revealed):
        return [event.TAG, list(event.positions), event.to]
    if isinstance(event, Opened):
        return [event.TAG, list(event.positions), [c.code for c in event.cards]]
    if isinstance(event, RandomValue):
        return [event.TAG, event.value]
    if isinstance(event, OrderCommitted):
        return [event.TAG, event.seat]
    if isinstance(event, Taken):
        return [event.TAG, event.position]
    raise TypeError(f"not an event: {event!r}")


def decode_event(obj: object, move_types: typing.Mapping[str, type[Move]]) -> Event:
    """Inverse of :func:`encode_event` for a game whose moves are ``move_types`` (KIND ->
    class).  Raises :class:`DecodeError` naming what is wrong; never anything else."""
    if not isinstance(obj, list | tuple) or not obj or not isinstance(obj[0], str):
        raise DecodeError("an event is a list starting with its tag")
    tag, args = obj[0], list(obj[1:])
    if tag == "move":
        if not args or not isinstance(args[0], str) or args[0] not in move_types:
            raise DecodeError(f"unknown move kind {args[0] if args else None!r}")
        cls = move_types[args[0]]
        hints = _hints(cls)
        if len(args) - 1 != len(hints):
            raise DecodeError(f"move {cls.KIND!r} takes {len(hints)} fields")
        vals = {
            n: _decode_value(t, v, f"{cls.KIND}.{n}")
            for (n, t), v in zip(hints, args[1:], strict=True)
        }
        return cls(**vals)  # type: ignore[arg-type]
    spec: dict[str, tuple[type[Any], tuple[object, ...]]] = {
        "shuffled": (Shuffled, (int, int, int)),
        "revealed": (Revealed, (tuple[int, ...], int)),
        "opened": (Opened, (tuple[int, ...], tuple[Card, ...])),
        "random": (RandomValue, (int,)),
        "ordered": (OrderCommitted, (int,)),
        "taken": (Taken, (int,)),
    }
    if tag not in spec:
        raise DecodeError(f"unknown event tag {tag!r}")
    cls_e, types_ = spec[tag]
    if len(args) != len(types_):
        raise DecodeError(f"event {tag!r} takes {len(types_)} fields")
    vals_e = [_decode_value(t, v, tag) for t, v in zip(types_, args, strict=True)]
    event: Event = cls_e(*vals_e)
    return event
