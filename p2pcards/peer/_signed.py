"""Signed lobby messages (``docs/net.md`` "Lobby"; ``protocol/transcript.md`` section 7).

Every lobby message travels inside the link's Noise channel *and* carries its sender's
Ed25519 signature, so what one peer says about itself (its name, its sealing key) can be
shown to the others and checked by them: the host forwards each seat's signed ``join``
statement in its ``lobby`` messages, and no host, relay or stranger can change a seat's
name or key on the way.  Wire form (msgpack)::

    [kind: str, body: bin, signature: bin(64)]
    signature = Ed25519-Sign(sender, msgpack ["p2pcards-lobby", 1, table_id, kind, body])

``body`` is itself a msgpack array, decoded only after the signature verified, in its
one canonical encoding (re-encoding it must give the same bytes).  Kinds and bodies:
``join`` ``[name, sealing_key]``, ``lobby`` ``[[[identity, join_body, join_sig], …],
total]``, ``start`` ``[genesis, roster]``, ``refuse`` ``[reason, code]`` (code: "full",
"not admitted", "name taken", "invalid").
"""

from __future__ import annotations

from typing import Any

import msgpack
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

LOBBY_DOMAIN = "p2pcards-lobby"
LOBBY_VERSION = 1
MAX_LOBBY_MSG = 64 * 1024
KINDS = ("join", "lobby", "start", "refuse")


class LobbyMessageError(ValueError):
    """A lobby message that is malformed, of an unknown kind or not signed by its
    sender; the message says which."""


def _signed_bytes(table_id: bytes, kind: str, body: bytes) -> bytes:
    data: bytes = msgpack.packb(
        [LOBBY_DOMAIN, LOBBY_VERSION, table_id, kind, body], use_bin_type=True
    )
    return data


def pack_body(*items: Any) -> bytes:
    """The msgpack bytes of a body (an array of ``items``)."""
    data: bytes = msgpack.packb(list(items), use_bin_type=True)
    return data


def sign_body(key: Ed25519PrivateKey, table_id: bytes, kind: str, body: bytes) -> bytes:
    """The 64-byte signature of ``body`` as a ``kind`` message of table ``table_id``."""
    return key.sign(_signed_bytes(table_id, kind, body))


def seal_message(key: Ed25519PrivateKey, table_id: bytes, kind: str, *items: Any) -> bytes:
    """A signed lobby message of ``kind`` whose body is the array ``items``."""
    body = pack_body(*items)
    data: bytes = msgpack.packb(
        [kind, body, sign_body(key, table_id, kind, body)], use_bin_type=True
    )
    return data


def _decode(data: bytes) -> Any:
    return msgpack.unpackb(
        data,
        raw=False,
        max_bin_len=MAX_LOBBY_MSG,
        max_str_len=4096,
        max_array_len=64,
        max_map_len=0,
        max_ext_len=0,
        strict_map_key=True,
    )


def verify_body(sender: bytes, table_id: bytes, kind: str, body: object, sig: object) -> list[Any]:
    """Check ``sig`` over ``body`` by ``sender`` (raw Ed25519 key) and decode the body.
    Raises :class:`LobbyMessageError`."""
    if not isinstance(body, bytes) or not isinstance(sig, bytes) or len(sig) != 64:
        raise LobbyMessageError(f"{kind}: malformed body or signature")
    try:
        Ed25519PublicKey.from_public_bytes(sender).verify(sig, _signed_bytes(table_id, kind, body))
    except (InvalidSignature, ValueError):
        raise LobbyMessageError(f"{kind}: bad signature") from None
    try:
        items = _decode(body)
    except (ValueError, TypeError, msgpack.UnpackException):
        raise LobbyMessageError(f"{kind}: undecodable body") from None
    if not isinstance(items, list) or pack_body(*items) != body:
        raise LobbyMessageError(f"{kind}: body not in its canonical encoding")
    return items


def open_message(data: bytes, sender: bytes, table_id: bytes) -> tuple[str, list[Any]]:
    """(kind, body items) of a lobby message from ``sender`` (the key the Noise
    handshake proved).  Raises :class:`LobbyMessageError` for anything else: not an
    array of kind, body and signature, an unknown kind, a signature that is not the
    sender's over this table's message."""
    try:
        msg = _decode(data)
    except (ValueError, TypeError, msgpack.UnpackException):
        raise LobbyMessageError("undecodable lobby message") from None
    if not (isinstance(msg, list) and len(msg) == 3 and msg[0] in KINDS):
        raise LobbyMessageError("not a lobby message")
    kind, body, sig = msg
    return kind, verify_body(sender, table_id, kind, body, sig)
