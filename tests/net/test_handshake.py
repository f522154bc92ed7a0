"""The Noise XX handshake bound to the identities, over in-memory trio streams (no
sockets): who learns what, every refusal, impostors, replays, reflection, bad keys,
tampering with the handshake messages, and the encrypted channel it leaves."""

from __future__ import annotations

import hashlib
from collections.abc import Awaitable, Callable
from typing import Any

import msgpack
import pytest
import trio
import trio.testing
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from p2pcards import PROTOCOL_VERSION, net
from p2pcards.net import _noise

TABLE = b"table-1"


def key(name: str) -> Ed25519PrivateKey:
    return Ed25519PrivateKey.from_private_bytes(hashlib.sha256(name.encode()).digest())


ALICE, BOB, MALLORY = key("alice"), key("bob"), key("mallory")
ALICE_ID, BOB_ID, MALLORY_ID = (net.peer_id_of(k) for k in (ALICE, BOB, MALLORY))


async def _pair(dialer_kw: dict[str, Any], listener_kw: dict[str, Any]) -> tuple[Any, Any]:
    """Run both ends; each result is an Authenticated (its channel echoed once) or the
    NetError it raised."""
    left, right = trio.testing.memory_stream_pair()
    results: dict[str, Any] = {}

    async def side(name: str, stream: trio.abc.Stream, kw: dict[str, Any]) -> None:
        try:
            auth = await net.handshake(net.FrameStream(stream), timeout=2, **kw)
        except net.NetError as exc:
            results[name] = exc
        else:
            results[name] = auth
            assert auth.channel is not None
            await auth.channel.send(f"hello from {name}".encode())
            results[name + " got"] = await auth.channel.receive(2)
        await stream.aclose()

    async with trio.open_nursery() as nursery:
        nursery.start_soon(side, "dialer", left, {"initiator": True, **dialer_kw})
        nursery.start_soon(side, "listener", right, {"initiator": False, **listener_kw})
    if isinstance(results["dialer"], net.Authenticated):
        assert results["dialer got"] == b"hello from listener"
        assert results["listener got"] == b"hello from dialer"
    return results["dialer"], results["listener"]


def _kw(k: Ed25519PrivateKey, head: int = -1, table: bytes = TABLE, **more: Any) -> dict[str, Any]:
    return {"key": k, "table_id": table, "head": head, "listen_port": 4000, **more}


async def test_both_ends_learn_each_other_and_talk_encrypted() -> None:
    d, lis = await _pair(
        _kw(ALICE, 3, expected=BOB_ID),
        _kw(BOB, 9, admit=lambda pid: None if pid == ALICE_ID else "no"),
    )
    assert d == net.Authenticated(BOB_ID, 4000, 9)
    assert lis == net.Authenticated(ALICE_ID, 4000, 3)
    assert isinstance(d.channel.stream, net.SecureStream)


async def test_wrong_key_is_rejected_by_the_dialer_without_naming_keys_in_clear() -> None:
    # Alice expects Bob at this address, but Mallory answers with her own key.
    d, lis = await _pair(_kw(ALICE, expected=BOB_ID), _kw(MALLORY))
    assert isinstance(d, net.HandshakeError)
    assert net.fingerprint(BOB_ID) in str(d) and "not the expected" in str(d)
    assert net.fingerprint(MALLORY_ID) in str(d)
    assert isinstance(lis, net.HandshakeError)
    assert "refused the connection: unexpected key" in str(lis)  # the clear BYE


async def test_listener_refuses_non_member_encrypted() -> None:
    d, lis = await _pair(_kw(MALLORY), _kw(BOB, admit=lambda pid: "not a member"))
    assert isinstance(lis, net.HandshakeError) and "not a member" in str(lis)
    assert net.fingerprint(MALLORY_ID) in str(lis)
    assert isinstance(d, net.HandshakeError) and "not a member" in str(d)


async def test_a_peer_that_is_closing_is_going_away_not_a_refusal() -> None:
    """Issue 15: when a seat leaves, its mesh refuses the others' connections with
    "closing" while it shuts down; that is a peer going away (logged at INFO, never a
    warning on the player's terminal), while a refusal for what was sent stays a
    warning."""
    import logging

    from p2pcards.net._mesh import _level

    d, lis = await _pair(_kw(ALICE), _kw(BOB, admit=lambda pid: "closing"))
    assert isinstance(d, net.HandshakeInterrupted) and "is closing" in str(d)
    assert _level(d, closing=False) == logging.INFO
    assert _level(lis, closing=True) == logging.INFO  # (the closing end)
    assert _level(net.HandshakeInterrupted("reset"), closing=False) == logging.INFO
    assert _level(ConnectionResetError(104, "reset"), closing=False) == logging.INFO
    d, lis = await _pair(_kw(MALLORY), _kw(BOB, admit=lambda pid: "not a member"))
    assert _level(d, closing=False) == _level(lis, closing=False) == logging.WARNING
    assert _level(trio.TooSlowError(), closing=False) == logging.WARNING  # a silent peer


async def test_wrong_table_refused() -> None:
    d, lis = await _pair(_kw(ALICE, table=b"other"), _kw(BOB))
    assert isinstance(d, net.HandshakeError) and "wrong table" in str(d)
    assert isinstance(lis, net.HandshakeError) and "wrong table" in str(lis)


async def test_connecting_to_itself_refused() -> None:
    d, lis = await _pair(_kw(ALICE), _kw(ALICE))
    assert isinstance(d, net.HandshakeError) and "connected to itself" in str(d)
    assert isinstance(lis, net.HandshakeError) and "connected to itself" in str(lis)


async def _listener_vs(script: Callable[[net.FrameStream], Awaitable[None]]) -> Any:
    """Bob listens (admitting anyone); ``script`` plays the dialer by hand."""
    left, right = trio.testing.memory_stream_pair()
    outcome: dict[str, Any] = {}

    async def listener() -> None:
        try:
            outcome["r"] = await net.handshake(
                net.FrameStream(right), timeout=2, initiator=False, **_kw(BOB)
            )
        except net.NetError as exc:
            outcome["r"] = exc

    async with trio.open_nursery() as nursery:
        nursery.start_soon(listener)
        fs = net.FrameStream(left)
        try:
            await script(fs)
        except net.NetError as exc:
            outcome["script"] = exc
    return outcome["r"]


def _hand_dialer(
    payload_for: Callable[[_noise.NoiseHandshake, list[Any]], bytes],
    mangle2: Callable[[bytes], bytes] = lambda m: m,
) -> Callable[[net.FrameStream], Awaitable[None]]:
    """A dialer speaking the protocol by hand: ``payload_for(hs, responder_fields)`` gives
    the bytes of its XX message 3 payload."""

    async def script(fs: net.FrameStream) -> None:
        hs = _noise.NoiseHandshake(TABLE, initiator=True)
        await fs.send(net.encode(net.MsgType.HELLO, PROTOCOL_VERSION, TABLE, hs.write()))
        _, (m2,) = net.decode(await fs.receive(2))
        fields = msgpack.unpackb(hs.read(mangle2(m2)))
        await fs.send(net.encode(net.MsgType.AUTH, hs.write(payload_for(hs, fields))))
        await fs.receive(2)  # the encrypted verdict

    return script


def _signed(k: Ed25519PrivateKey, claimed: bytes, role: str, static: bytes) -> bytes:
    sig = k.sign(_noise.signed_bytes(TABLE, role, static))
    return msgpack.packb([claimed, sig, 0, -1])


async def test_honest_hand_dialer_is_admitted() -> None:
    """The by-hand dialer below is correct (so the attacks differ by one thing only)."""
    ok = await _listener_vs(
        _hand_dialer(lambda hs, _: _signed(MALLORY, MALLORY_ID, "initiator", hs.static_public))
    )
    assert ok == net.Authenticated(MALLORY_ID, 0, -1)


async def test_impostor_claiming_a_key_cannot_sign_for_it() -> None:
    r = await _listener_vs(
        _hand_dialer(lambda hs, _: _signed(MALLORY, ALICE_ID, "initiator", hs.static_public))
    )
    assert isinstance(r, net.HandshakeError) and "failed to prove its key (bad signature)" in str(r)
    assert net.fingerprint(ALICE_ID) in str(r)


async def test_replayed_payload_of_another_connection_fails() -> None:
    """Alice's genuine payload (signing her static key of another connection), replayed
    by Mallory over her own static key: the signature does not cover this static key."""
    other_static = _noise.NoiseHandshake(TABLE, initiator=True).static_public
    recorded = _signed(ALICE, ALICE_ID, "initiator", other_static)
    r = await _listener_vs(_hand_dialer(lambda hs, _: recorded))
    assert isinstance(r, net.HandshakeError) and "bad signature" in str(r)


async def test_reflected_responder_payload_fails() -> None:
    """Bob's own payload (role responder) sent back to him: wrong role and key."""
    r = await _listener_vs(_hand_dialer(lambda hs, f: msgpack.packb([f[0], f[1], 0, -1])))
    assert isinstance(r, net.HandshakeError)
    assert "connected to itself" in str(r) or "bad signature" in str(r)
    # and signed for our own static, but with the responder role:
    r = await _listener_vs(
        _hand_dialer(lambda hs, _: _signed(MALLORY, MALLORY_ID, "responder", hs.static_public))
    )
    assert isinstance(r, net.HandshakeError) and "bad signature" in str(r)


SMALL_ORDER = bytes.fromhex("ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f")
"""The point (0, -1), of order 2."""
NON_CANONICAL = bytes.fromhex("edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f")
"""y = p (not reduced)."""


@pytest.mark.parametrize(
    ("bad", "why"),
    [
        (SMALL_ORDER, "unusable identity key"),
        (NON_CANONICAL, "unusable identity key"),
        (bytes(32), "unusable identity key"),
        (b"\x01" + bytes(31), "unusable identity key"),  # the neutral element
    ],
)
async def test_bad_identity_keys_refused(bad: bytes, why: str) -> None:
    r = await _listener_vs(_hand_dialer(lambda hs, _: _signed(MALLORY, bad, "initiator",
                                                              hs.static_public)))  # fmt: skip
    assert isinstance(r, net.HandshakeError) and why in str(r)


@pytest.mark.parametrize(
    ("payload", "why"),
    [
        (b"\xc1", "undecodable handshake payload"),
        (msgpack.packb([ALICE_ID, b"x" * 64, 0]), "malformed handshake payload"),
        (msgpack.packb([ALICE_ID, b"x" * 63, 0, -1]), "malformed handshake payload"),
        (msgpack.packb({"a": 1}), "undecodable handshake payload"),
    ],
)
async def test_malformed_payloads_refused(payload: bytes, why: str) -> None:
    r = await _listener_vs(_hand_dialer(lambda hs, _: payload))
    assert isinstance(r, net.HandshakeError) and why in str(r)


async def test_port_and_head_are_checked() -> None:
    def bad_port(hs: _noise.NoiseHandshake, _: Any) -> bytes:
        sig = MALLORY.sign(_noise.signed_bytes(TABLE, "initiator", hs.static_public))
        return msgpack.packb([MALLORY_ID, sig, 70000, -1])

    r = await _listener_vs(_hand_dialer(bad_port))
    assert isinstance(r, net.HandshakeError) and "bad listen port 70000" in str(r)


async def test_tampered_handshake_message_fails() -> None:
    """A relay flipping one bit of XX message 2: the dialer's decryption fails."""
    left, right = trio.testing.memory_stream_pair()
    outcome: dict[str, Any] = {}

    async def listener() -> None:
        try:
            await net.handshake(net.FrameStream(right), timeout=2, initiator=False, **_kw(BOB))
        except net.NetError as exc:
            outcome["listener"] = exc

    async def dialer_through_tamperer() -> None:
        hs = _noise.NoiseHandshake(TABLE, initiator=True)
        fs = net.FrameStream(left)
        await fs.send(net.encode(net.MsgType.HELLO, PROTOCOL_VERSION, TABLE, hs.write()))
        _, (m2,) = net.decode(await fs.receive(2))
        flipped = m2[:40] + bytes([m2[40] ^ 1]) + m2[41:]
        with pytest.raises(net.HandshakeError, match="altered in transit"):
            hs.read(flipped)
        await fs.aclose()

    async with trio.open_nursery() as nursery:
        nursery.start_soon(listener)
        nursery.start_soon(dialer_through_tamperer)
    assert isinstance(outcome["listener"], net.HandshakeError)


async def test_a_different_prologue_fails() -> None:
    """A table id changed in the clear HELLO by a relay: the prologues differ."""
    i = _noise.NoiseHandshake(b"table-1", initiator=True)
    r = _noise.NoiseHandshake(b"table-2", initiator=False)
    r.read(i.write())
    with pytest.raises(net.HandshakeError, match="another table"):
        i.read(r.write(b""))


async def test_old_protocol_version_refused_by_name() -> None:
    async def v1(fs: net.FrameStream) -> None:
        old = msgpack.packb([1, 1, TABLE, ALICE_ID, bytes(32), 0])  # a version-1 HELLO
        await fs.send(old)
        kind, fields = net.decode(await fs.receive(2))
        assert kind is net.MsgType.BYE
        assert fields[0] == f"protocol version 1 is not {PROTOCOL_VERSION}"

    r = await _listener_vs(v1)
    assert isinstance(r, net.HandshakeError) and "protocol version 1" in str(r)


async def test_silent_peer_times_out() -> None:
    left, right = trio.testing.memory_stream_pair()
    with pytest.raises(net.HandshakeError, match=r"within 0\.2 s"):
        await net.handshake(net.FrameStream(left), timeout=0.2, initiator=True, **_kw(ALICE))
    await right.aclose()


async def test_nothing_identifying_in_clear() -> None:
    """Every byte of a handshake plus a few frames: no identity key, no payload text."""
    left, right = trio.testing.memory_stream_pair()
    wire = bytearray()

    class Tap(trio.abc.Stream):
        def __init__(self, inner: trio.abc.Stream) -> None:
            self.inner = inner

        async def send_all(self, data: bytes | bytearray | memoryview) -> None:
            wire.extend(data)
            await self.inner.send_all(data)

        async def wait_send_all_might_not_block(self) -> None:
            await self.inner.wait_send_all_might_not_block()

        async def receive_some(self, max_bytes: int | None = None) -> bytes:
            return await self.inner.receive_some(max_bytes)

        async def aclose(self) -> None:
            await self.inner.aclose()

    async def side(stream: trio.abc.Stream, initiator: bool, k: Ed25519PrivateKey) -> None:
        auth = await net.handshake(net.FrameStream(Tap(stream)), timeout=2,
                                   initiator=initiator, **_kw(k, 1234))  # fmt: skip
        assert auth.channel is not None
        await auth.channel.send(net.encode(net.MsgType.DIRECT, "Петя ♠ akulina".encode()))
        await auth.channel.receive(2)

    async with trio.open_nursery() as nursery:
        nursery.start_soon(side, left, True, ALICE)
        nursery.start_soon(side, right, False, BOB)
    data = bytes(wire)
    for secret in (ALICE_ID, BOB_ID, "Петя".encode(), "♠".encode(), b"akulina"):
        assert secret not in data
    assert TABLE in data  # the table id is in clear (it is on mDNS anyway)
