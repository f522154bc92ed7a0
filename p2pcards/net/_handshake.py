"""Authenticated, encrypted connections: the Noise XX handshake bound to both identity
keys (the sans-I/O part is :mod:`p2pcards.net._noise`), run over a
:class:`~p2pcards.net.FrameStream`.

The dialer is the Noise initiator, the listener the responder.  Frames (4-byte length,
msgpack message) until the channel is up::

    dialer   -> listener   HELLO [version, table_id, XX message 1]     in clear
    listener -> dialer     AUTH  [XX message 2]   (or BYE reason)      identity encrypted
    dialer   -> listener   AUTH  [XX message 3]   (or BYE reason)      identity encrypted
    listener -> dialer     WELCOME []             (or BYE reason)      first encrypted frame

From then on every byte both ways is a Noise transport record (``SPEC.md`` §15): the
frames keep their 4-byte framing inside the encrypted stream.  Refusals before the
channel is up go in clear and name no key: a wrong version or table id (listener), an
unexpected key ("unexpected key", dialer; the details stay local).  The listener's
verdict on the dialer (``admit``, a key of its own, a bad signature) goes encrypted.
The dialer learns the listener's key in message 2 and may insist on one (``expected``);
the listener learns the dialer's in message 3, so the dialer's identity is shown only to
the holder of the key it authenticated.  The whole exchange must finish within
``timeout`` seconds.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import trio
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from p2pcards import PROTOCOL_VERSION
from p2pcards.net._channel import SecureStream
from p2pcards.net._errors import (
    ConnectionClosed,
    HandshakeError,
    HandshakeInterrupted,
    NetError,
    ProtocolError,
)
from p2pcards.net._framing import FrameStream
from p2pcards.net._keys import fingerprint, peer_id_of
from p2pcards.net._noise import (
    INITIATOR,
    RESPONDER,
    NoiseHandshake,
    PeerProof,
    identity_payload,
    verify_payload,
)
from p2pcards.net._wire import MsgType, decode, encode, peek_version

MAX_TABLE_ID = 64
CLOSING = "closing"
"""The reason a mesh that is closing (its seat left, or its game ended) refuses a
connection with; the dialer takes it as :class:`HandshakeInterrupted` (the peer is going
away: nothing was refused for what the dialer sent)."""

Admit = Callable[[bytes], str | None]
"""Listener policy: given the dialer's peer id, return None to admit or a refusal reason."""


@dataclass(frozen=True)
class Authenticated:
    """Outcome of a successful handshake.

    ``peer_id``: the other end's 32-byte identity key; ``listen_port``: the TCP port it
    accepts connections on (0 if none); ``head``: the highest log sequence number it holds
    (-1 when its log is empty); ``channel``: the encrypted FrameStream to use from now on
    (not compared).
    """

    peer_id: bytes
    listen_port: int
    head: int
    channel: FrameStream | None = field(default=None, compare=False, repr=False)


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
    initiator: bool,
    expected: bytes | None = None,
    admit: Admit | None = None,
    their_hello: bytes | None = None,
    timeout: float = 5.0,
    peer: str = "peer",
    static: bytes | None = None,
) -> Authenticated:
    """Authenticate both ends of ``fs`` and encrypt it (see the module docstring).

    ``initiator``: True for the dialer.  ``expected`` (dialer): the listener's id it
    insists on (None accepts any key, as when joining by host:port; the caller then shows
    the fingerprint).  ``admit`` (listener): its policy.  ``their_hello`` (listener): the
    HELLO frame if already read.  ``peer`` names the other end in errors (its address).
    ``static``: our Noise static private key (default fresh; for tests).

    Returns the other end's identity, port and head, and the encrypted channel (use it,
    not ``fs``, from now on).  Raises HandshakeError (refusal, wrong table/version/key,
    bad signature, failed decryption, timeout, the other end refusing us) or another
    NetError for transport problems.
    """
    if len(table_id) > MAX_TABLE_ID:
        raise ValueError(f"table id longer than {MAX_TABLE_ID} bytes")
    with trio.move_on_after(timeout if timeout > 0 else math.inf) as scope:
        try:
            if initiator:
                return await _initiate(fs, key, table_id, head, listen_port, expected,
                                       peer, static)  # fmt: skip
            return await _respond(fs, key, table_id, head, listen_port, admit, their_hello,
                                  peer, static)  # fmt: skip
        except (trio.BrokenResourceError, trio.ClosedResourceError) as exc:
            why = f"connection to {peer} broke during handshake: {exc}"
            raise HandshakeInterrupted(why) from None
        except ConnectionClosed:
            raise HandshakeInterrupted(f"{peer} closed the connection during handshake") from None
    assert scope.cancelled_caught
    raise HandshakeInterrupted(f"handshake with {peer} did not finish within {timeout:g} s")


async def _receive(fs: FrameStream, want: MsgType, peer: str) -> list[object]:
    kind, fields = decode(await fs.receive(), peer)
    if kind is MsgType.BYE:
        if fields[0] == CLOSING:  # it is leaving: nothing was refused
            raise HandshakeInterrupted(f"{peer} is closing")
        raise HandshakeError(f"{peer} refused the connection: {fields[0]}")
    if kind is not want:
        raise HandshakeError(f"{peer} sent {kind.name} where {want.name} was expected")
    return fields


def _secure(fs: FrameStream, hs: NoiseHandshake, name: str) -> FrameStream:
    secure = SecureStream(fs.stream, hs.transport(name), fs.detach())
    return FrameStream(secure, max_frame=fs.max_frame, read_timeout=fs.read_timeout, peer=name)


async def _initiate(
    fs: FrameStream,
    key: Ed25519PrivateKey,
    table_id: bytes,
    head: int,
    listen_port: int,
    expected: bytes | None,
    peer: str,
    static: bytes | None,
) -> Authenticated:
    hs = NoiseHandshake(table_id, initiator=True, static=static, peer=peer)
    await fs.send(encode(MsgType.HELLO, PROTOCOL_VERSION, table_id, hs.write()))
    (message2,) = await _receive(fs, MsgType.AUTH, peer)
    assert isinstance(message2, bytes)
    try:
        payload = hs.read(message2)
        assert hs.remote_static is not None
        proof = verify_payload(payload, table_id, RESPONDER, hs.remote_static, peer)
    except HandshakeError:
        await _refuse(fs, "handshake failed")
        raise
    if proof.peer_id == peer_id_of(key):
        await _refuse(fs, "connected to itself")
        raise HandshakeError(f"refused {peer}: connected to itself")
    if expected is not None and proof.peer_id != expected:
        await _refuse(fs, "unexpected key")  # in clear: name no key
        raise HandshakeError(f"refused {peer}: key {fingerprint(proof.peer_id)} is not the "
                             f"expected {fingerprint(expected)}")  # fmt: skip
    mine = identity_payload(key, table_id, INITIATOR, hs.static_public, listen_port, head)
    await fs.send(encode(MsgType.AUTH, hs.write(mine)))
    name = f"{peer} ({fingerprint(proof.peer_id)})"
    channel = _secure(fs, hs, name)
    await _receive(channel, MsgType.WELCOME, name)
    return Authenticated(proof.peer_id, proof.listen_port, proof.head, channel)


def _check_hello(payload: bytes, table_id: bytes, peer: str) -> tuple[bytes | None, str | None]:
    """(XX message 1, None) or (None, refusal reason) for a HELLO frame."""
    try:
        kind, fields = decode(payload, peer)
    except ProtocolError:
        version = peek_version(payload)
        if version is not None and version != PROTOCOL_VERSION:
            return None, f"protocol version {version} is not {PROTOCOL_VERSION}"
        raise
    if kind is MsgType.BYE:
        raise HandshakeError(f"{peer} refused the connection: {fields[0]}")
    if kind is not MsgType.HELLO:
        raise HandshakeError(f"{peer} sent {kind.name} where HELLO was expected")
    version, their_table, message1 = fields
    if version != PROTOCOL_VERSION:
        return None, f"protocol version {version} is not {PROTOCOL_VERSION}"
    if their_table != table_id:
        return None, f"wrong table id {their_table.hex()[:16]} (this is {table_id.hex()[:16]})"
    return message1, None


async def _respond(
    fs: FrameStream,
    key: Ed25519PrivateKey,
    table_id: bytes,
    head: int,
    listen_port: int,
    admit: Admit | None,
    their_hello: bytes | None,
    peer: str,
    static: bytes | None,
) -> Authenticated:
    hello = their_hello if their_hello is not None else await fs.receive()
    message1, reason = _check_hello(hello, table_id, peer)
    if reason is not None:
        await _refuse(fs, reason)
        raise HandshakeError(f"refused {peer}: {reason}")
    assert message1 is not None
    hs = NoiseHandshake(table_id, initiator=False, static=static, peer=peer)
    try:
        if hs.read(message1):
            raise HandshakeError(f"{peer} sent a payload in XX message 1")
    except HandshakeError:
        await _refuse(fs, "handshake failed")
        raise
    mine = identity_payload(key, table_id, RESPONDER, hs.static_public, listen_port, head)
    await fs.send(encode(MsgType.AUTH, hs.write(mine)))
    (message3,) = await _receive(fs, MsgType.AUTH, peer)
    assert isinstance(message3, bytes)
    payload = hs.read(message3)  # failure: nothing to answer on (no channel yet)
    assert hs.remote_static is not None
    try:
        proof: PeerProof = verify_payload(payload, table_id, INITIATOR, hs.remote_static, peer)
    except HandshakeError:
        await _refuse(_secure(fs, hs, peer), "bad handshake payload")
        raise
    name = f"{peer} ({fingerprint(proof.peer_id)})"
    channel = _secure(fs, hs, name)
    if proof.peer_id == peer_id_of(key):
        reason = "connected to itself"
    else:
        reason = admit(proof.peer_id) if admit is not None else None
    if reason is not None:
        await _refuse(channel, reason)  # encrypted: the reason may name keys
        raise HandshakeError(f"refused {name}: {reason}")
    await channel.send(encode(MsgType.WELCOME))
    return Authenticated(proof.peer_id, proof.listen_port, proof.head, channel)
