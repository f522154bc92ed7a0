"""The authenticating handshake, over in-memory trio streams (no sockets)."""

from __future__ import annotations

import hashlib

import pytest
import trio
import trio.testing
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from p2pcards import PROTOCOL_VERSION, net

TABLE = b"table-1"


def key(name: str) -> Ed25519PrivateKey:
    return Ed25519PrivateKey.from_private_bytes(hashlib.sha256(name.encode()).digest())


ALICE, BOB, MALLORY = key("alice"), key("bob"), key("mallory")
ALICE_ID, BOB_ID = net.peer_id_of(ALICE), net.peer_id_of(BOB)


async def _pair(dialer_kw: dict, listener_kw: dict) -> tuple[object, object]:
    left, right = trio.testing.memory_stream_pair()
    results: dict[str, object] = {}

    async def side(name: str, stream: trio.abc.Stream, kw: dict) -> None:
        try:
            results[name] = await net.handshake(net.FrameStream(stream), timeout=2, **kw)
        except net.NetError as exc:
            results[name] = exc
        await stream.aclose()

    async with trio.open_nursery() as nursery:
        nursery.start_soon(side, "dialer", left, dialer_kw)
        nursery.start_soon(side, "listener", right, listener_kw)
    return results["dialer"], results["listener"]


def _kw(k: Ed25519PrivateKey, head: int = -1, table: bytes = TABLE, **more: object) -> dict:
    return {"key": k, "table_id": table, "head": head, "listen_port": 4000, **more}


async def test_both_ends_learn_each_other() -> None:
    d, lis = await _pair(
        _kw(ALICE, 3, expected=BOB_ID),
        _kw(BOB, 9, admit=lambda pid: None if pid == ALICE_ID else "no"),
    )
    assert d == net.Authenticated(BOB_ID, 4000, 9)
    assert lis == net.Authenticated(ALICE_ID, 4000, 3)


async def test_wrong_key_is_rejected_by_the_dialer() -> None:
    # Alice expects Bob at this address, but Mallory answers with her own key.
    d, lis = await _pair(_kw(ALICE, expected=BOB_ID), _kw(MALLORY))
    assert isinstance(d, net.HandshakeError)
    assert net.fingerprint(BOB_ID) in str(d) and "not the expected" in str(d)
    assert isinstance(lis, net.HandshakeError)


async def test_listener_refuses_non_member() -> None:
    d, lis = await _pair(_kw(MALLORY), _kw(BOB, admit=lambda pid: "not a member"))
    assert isinstance(lis, net.HandshakeError) and "not a member" in str(lis)
    assert isinstance(d, net.HandshakeError) and "not a member" in str(d)


async def test_wrong_table_refused() -> None:
    d, lis = await _pair(_kw(ALICE, table=b"other"), _kw(BOB))
    assert isinstance(d, net.HandshakeError) and "wrong table" in str(d)
    assert isinstance(lis, net.HandshakeError) and "wrong table" in str(lis)


async def _impostor(claimed_id: bytes, auth_sig: bytes | None) -> net.NetError | object:
    """Mallory claims ``claimed_id``; she signs with her own key unless auth_sig given."""
    left, right = trio.testing.memory_stream_pair()
    mallory = net.FrameStream(left)
    outcome: dict[str, object] = {}

    async def listener() -> None:
        try:
            outcome["r"] = await net.handshake(
                net.FrameStream(right), timeout=2, **_kw(BOB, admit=lambda pid: None)
            )
        except net.NetError as exc:
            outcome["r"] = exc

    async with trio.open_nursery() as nursery:
        nursery.start_soon(listener)
        await mallory.send(
            net.encode(net.MsgType.HELLO, PROTOCOL_VERSION, TABLE, claimed_id, b"n" * 32, 0)
        )
        _, hello = net.decode(await mallory.receive(timeout=2))
        bob_nonce = hello[3]
        if auth_sig is None:
            auth_sig = MALLORY.sign(b"anything with " + bob_nonce)
        await mallory.send(net.encode(net.MsgType.AUTH, auth_sig, -1))
    return outcome["r"]


async def test_impersonation_fails_signature_check() -> None:
    result = await _impostor(ALICE_ID, None)
    assert isinstance(result, net.HandshakeError)
    assert "bad signature" in str(result)


async def test_replayed_signature_fails() -> None:
    # Record Alice's genuine AUTH from one session with Bob, replay it in another.
    left, right = trio.testing.memory_stream_pair()
    tap = net.FrameStream(right)
    async with trio.open_nursery() as nursery:

        async def alice() -> None:
            with pytest.raises(net.NetError):
                await net.handshake(net.FrameStream(left), timeout=1, **_kw(ALICE))

        nursery.start_soon(alice)
        await tap.receive(timeout=1)  # Alice's HELLO
        await tap.send(net.encode(net.MsgType.HELLO, PROTOCOL_VERSION, TABLE, BOB_ID, b"k" * 32, 0))
        _, (recorded_sig, _) = net.decode(await tap.receive(timeout=1))
        await right.aclose()
    result = await _impostor(ALICE_ID, recorded_sig)
    assert isinstance(result, net.HandshakeError)
    assert "bad signature" in str(result)


async def test_silent_peer_times_out() -> None:
    left, right = trio.testing.memory_stream_pair()
    with pytest.raises(net.HandshakeError, match=r"within 0\.2 s"):
        await net.handshake(net.FrameStream(left), timeout=0.2, **_kw(ALICE))
    await right.aclose()
