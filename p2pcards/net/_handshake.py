"""Mutual authentication of a new connection by Ed25519 identity keys.

Both ends run the same steps over a :class:`~p2pcards.net.FrameStream`:

1. send ``HELLO [version, table_id, key, nonce, listen_port]`` (nonce: 32 fresh bytes
   from :mod:`secrets`);
2. read the other's HELLO; refuse (send ``BYE reason``, raise HandshakeError) if the
   version or table id differ, the key is our own, the key is not the expected one
   (dialer) or ``admit(key)`` returns a refusal reason (listener);
3. send ``AUTH [signature, head]`` where the signature, by our key, covers the msgpack
   array ``["p2pcards-net-auth", version, table_id, our key, their key, their nonce,
   our nonce]``: their fresh nonce makes it unreplayable, the table id binds it to one
   table, the key order makes a reflected signature useless;
4. read their AUTH and verify it over the same array from their side.

The whole exchange must finish within ``timeout`` seconds.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Callable
from dataclasses import dataclass

import msgpack
import trio
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)

from p2pcards import PROTOCOL_VERSION
from p2pcards.net._errors import ConnectionClosed, HandshakeError, NetError
from p2pcards.net._framing import FrameStream
from p2pcards.net._keys import PEER_ID_SIZE, fingerprint, peer_id_of
from p2pcards.net._wire import MsgType, decode, encode

NONCE_SIZE = 32
MAX_TABLE_ID = 64
_LABEL = "p2pcards-net-auth"

Admit = Callable[[bytes], str | None]
"""Listener policy: given the dialer's peer id, return None to admit or a refusal reason."""


@dataclass(frozen=True)
class Authenticated:
    """Outcome of a successful handshake.

    ``peer_id``: the other end's 32-byte key; ``listen_port``: the TCP port it accepts
    connections on (0 if none); ``head``: the highest log sequence number it holds (-1
    when its log is empty).
    """

    peer_id: bytes
    listen_port: int
    head: int


def _signed_bytes(table_id: bytes, signer: bytes, verifier: bytes, vn: bytes, sn: bytes) -> bytes:
    data = [_LABEL, PROTOCOL_VERSION, table_id, signer, verifier, vn, sn]
    packed: bytes = msgpack.packb(data, use_bin_type=True)
    return packed


def hello_message(table_id: bytes, my_id: bytes, nonce: bytes, listen_port: int) -> bytes:
    """Encode our HELLO (exposed so a listener can answer a HELLO it already read)."""
    return encode(MsgType.HELLO, PROTOCOL_VERSION, table_id, my_id, nonce, listen_port)


async def _refuse(fs: FrameStream, reason: str) -> None:
    with trio.move_on_after(0.5):
        try:
            await fs.send(encode(MsgType.BYE, reason))
        except (trio.BrokenResourceError, trio.ClosedResourceError, NetError):
            pass


async def handshake(
    fs: FrameStream,
    *,
    key: Ed25519PrivateKey,
    table_id: bytes,
    head: int,
    listen_port: int,
    expected: bytes | None = None,
    admit: Admit | None = None,
    their_hello: bytes | None = None,
    timeout: float = 5.0,
    peer: str = "peer",
) -> Authenticated:
    """Authenticate both ends of ``fs`` (see the module docstring) and return who it is.

    ``expected``: the dialer's idea of the listener's id (None accepts any key, as when
    joining by host:port; the caller then shows the fingerprint).  ``admit``: the
    listener's policy.  ``their_hello``: the other's HELLO payload if already read.
    ``peer`` names the other end in errors (e.g. its address).

    Raises HandshakeError (refusal, wrong table/key, bad signature, timeout, the other end
    refusing us) or another NetError for transport problems.
    """
    if len(table_id) > MAX_TABLE_ID:
        raise ValueError(f"table id longer than {MAX_TABLE_ID} bytes")
    my_id = peer_id_of(key)
    my_nonce = secrets.token_bytes(NONCE_SIZE)
    with trio.move_on_after(timeout if timeout > 0 else math.inf) as scope:
        try:
            return await _run(
                fs, key, my_id, my_nonce, table_id, head, listen_port, expected, admit,
                their_hello, peer,
            )  # fmt: skip
        except (trio.BrokenResourceError, trio.ClosedResourceError) as exc:
            raise HandshakeError(f"connection to {peer} broke during handshake: {exc}") from None
        except ConnectionClosed:
            raise HandshakeError(f"{peer} closed the connection during handshake") from None
    assert scope.cancelled_caught
    raise HandshakeError(f"handshake with {peer} did not finish within {timeout:g} s")


async def _receive(fs: FrameStream, want: MsgType, peer: str) -> list[object]:
    kind, fields = decode(await fs.receive(), peer)
    if kind is MsgType.BYE:
        raise HandshakeError(f"{peer} refused the connection: {fields[0]}")
    if kind is not want:
        raise HandshakeError(f"{peer} sent {kind.name} where {want.name} was expected")
    return fields


async def _run(
    fs: FrameStream,
    key: Ed25519PrivateKey,
    my_id: bytes,
    my_nonce: bytes,
    table_id: bytes,
    head: int,
    listen_port: int,
    expected: bytes | None,
    admit: Admit | None,
    their_hello: bytes | None,
    peer: str,
) -> Authenticated:
    if their_hello is None:
        await fs.send(hello_message(table_id, my_id, my_nonce, listen_port))
        fields = await _receive(fs, MsgType.HELLO, peer)
    else:
        kind, fields = decode(their_hello, peer)
        if kind is not MsgType.HELLO:
            raise HandshakeError(f"{peer} sent {kind.name} where HELLO was expected")
        await fs.send(hello_message(table_id, my_id, my_nonce, listen_port))
    version, their_table, their_id, their_nonce, their_port = fields
    assert isinstance(their_table, bytes) and isinstance(their_id, bytes)
    assert isinstance(their_nonce, bytes) and isinstance(their_port, int)
    reason = None
    if version != PROTOCOL_VERSION:
        reason = f"protocol version {version} is not {PROTOCOL_VERSION}"
    elif their_table != table_id:
        reason = f"wrong table id {their_table.hex()[:16]} (this is {table_id.hex()[:16]})"
    elif len(their_id) != PEER_ID_SIZE or len(their_nonce) != NONCE_SIZE:
        reason = "malformed key or nonce"
    elif their_id == my_id:
        reason = "connected to itself"
    elif not 0 <= their_port <= 65535:
        reason = f"bad listen port {their_port}"
    elif expected is not None and their_id != expected:
        reason = f"key {fingerprint(their_id)} is not the expected {fingerprint(expected)}"
    elif admit is not None:
        reason = admit(their_id)
    if reason is not None:
        await _refuse(fs, reason)
        raise HandshakeError(f"refused {peer}: {reason}")
    peer = f"{peer} ({fingerprint(their_id)})"
    mine = _signed_bytes(table_id, my_id, their_id, their_nonce, my_nonce)
    await fs.send(encode(MsgType.AUTH, key.sign(mine), head))
    signature, their_head = await _receive(fs, MsgType.AUTH, peer)
    assert isinstance(signature, bytes) and isinstance(their_head, int)
    theirs = _signed_bytes(table_id, their_id, my_id, my_nonce, their_nonce)
    try:
        Ed25519PublicKey.from_public_bytes(their_id).verify(signature, theirs)
    except (InvalidSignature, ValueError):
        await _refuse(fs, "bad handshake signature")
        raise HandshakeError(f"{peer} failed to prove its key (bad signature)") from None
    if their_head < -1:
        raise HandshakeError(f"{peer} announced an impossible log head {their_head}")
    return Authenticated(their_id, their_port, their_head)
