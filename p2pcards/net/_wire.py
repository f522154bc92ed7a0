"""Messages inside frames: msgpack lists ``[type, ...]`` decoded with strict limits.

Each frame carries exactly one message, a msgpack array whose first item is a
:class:`MsgType` (a small int) and whose other items are fixed per type (see
``_SHAPES``).  Decoding refuses anything else (extension types, maps with non-str keys,
oversize containers, wrong field types or counts) with ProtocolError naming the peer.

Messages (``bin`` = bytes, ``int`` = signed 64-bit int):

==========  ====================================================  =====================
type        fields                                                 when
==========  ====================================================  =====================
HELLO       version:int, table_id:bin, noise:bin                   dialer's first frame
                                                                   (XX message 1)
AUTH        noise:bin                                              XX messages 2 and 3
WELCOME     (none)                                                 listener admits; the
                                                                   first encrypted frame
PING        head:int                                               heartbeat
PONG        head:int                                               heartbeat answer
ENTRY       seq:int, data:bin                                      gossip of a log entry
WANT        first:int, last:int                                    ask for entries
DIRECT      data:bin                                               payload to one peer
BYE         reason:str                                             clean close
PROBE       (none)                                                 liveness / lookup
INFO        info:map str->(str|int|bin)                            answer to PROBE
==========  ====================================================  =====================
"""

from __future__ import annotations

import enum
from typing import Any

import msgpack

from p2pcards.net._errors import ProtocolError


class MsgType(enum.IntEnum):
    """Message type tags (first item of every message array)."""

    HELLO = 1
    AUTH = 2
    PING = 3
    PONG = 4
    ENTRY = 5
    WANT = 6
    DIRECT = 7
    BYE = 8
    PROBE = 9
    INFO = 10
    WELCOME = 11


_SHAPES: dict[MsgType, tuple[type, ...]] = {
    MsgType.HELLO: (int, bytes, bytes),
    MsgType.AUTH: (bytes,),
    MsgType.PING: (int,),
    MsgType.PONG: (int,),
    MsgType.ENTRY: (int, bytes),
    MsgType.WANT: (int, int),
    MsgType.DIRECT: (bytes,),
    MsgType.BYE: (str,),
    MsgType.PROBE: (),
    MsgType.INFO: (dict,),
    MsgType.WELCOME: (),
}

MAX_INFO_ITEMS = 64


def encode(kind: MsgType, *fields: Any) -> bytes:
    """Pack one message; ``fields`` must match the shape of ``kind`` (not re-checked)."""
    packed: bytes = msgpack.packb([int(kind), *fields], use_bin_type=True)
    return packed


def decode(payload: bytes, peer: str = "peer") -> tuple[MsgType, list[Any]]:
    """Unpack and check one message; return ``(type, fields)``.

    Raises ProtocolError (naming ``peer``) for undecodable bytes, unknown types, wrong
    field counts or types, and containers beyond the strict limits.
    """
    n = len(payload)
    try:
        msg = msgpack.unpackb(
            payload,
            raw=False,
            use_list=True,
            strict_map_key=True,
            max_bin_len=n,
            max_str_len=min(n, 4096),
            max_array_len=8,
            max_map_len=MAX_INFO_ITEMS,
            max_ext_len=0,
        )
    except Exception as exc:  # msgpack raises several unrelated types
        raise ProtocolError(f"undecodable message from {peer}: {exc}") from None
    if not isinstance(msg, list) or not msg or type(msg[0]) is not int:
        raise ProtocolError(f"message from {peer} is not [type, ...]")
    try:
        kind = MsgType(msg[0])
    except ValueError:
        raise ProtocolError(f"unknown message type {msg[0]} from {peer}") from None
    fields = msg[1:]
    shape = _SHAPES[kind]
    if len(fields) != len(shape) or any(
        type(value) is not want for value, want in zip(fields, shape, strict=True)
    ):
        got = ", ".join(type(v).__name__ for v in fields)  # never repr: it may nest deeply
        raise ProtocolError(f"malformed {kind.name} from {peer}: fields ({got})")
    if kind is MsgType.INFO:
        for key, value in fields[0].items():
            if not isinstance(key, str) or type(value) not in (str, int, bytes):
                raise ProtocolError(f"malformed INFO from {peer}: item {key!r:.50}")
    return kind, fields


def peek_version(payload: bytes) -> int | None:
    """The version of a HELLO of any protocol version (``[1, version, ...]``), else None:
    lets a listener refuse an older or newer peer by name rather than as malformed."""
    try:
        msg = msgpack.unpackb(payload, raw=False, max_bin_len=len(payload), max_str_len=0,
                              max_array_len=8, max_map_len=0, max_ext_len=0)  # fmt: skip
    except Exception:  # msgpack raises several unrelated types
        return None
    if (
        isinstance(msg, list)
        and len(msg) >= 2
        and msg[0] == int(MsgType.HELLO)
        and type(msg[1]) is int
    ):
        return int(msg[1])
    return None
