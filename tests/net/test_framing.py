"""Framing and message decoding (sans-I/O, and over in-memory trio streams: no sockets)."""

from __future__ import annotations

import itertools
import struct

import msgpack
import pytest
import trio
import trio.testing
from hypothesis import given
from hypothesis import strategies as st

from p2pcards import net


def test_roundtrip_any_split() -> None:
    payloads = [b"", b"x", b"hello" * 1000, bytes(range(256))]
    wire = b"".join(net.encode_frame(p) for p in payloads)
    for step in (1, 3, 7, 4096, len(wire)):
        dec = net.FrameDecoder()
        got = []
        for i in range(0, len(wire), step):
            dec.feed(wire[i : i + step])
            while (frame := dec.next_frame()) is not None:
                got.append(frame)
        assert got == payloads
        dec.end_of_stream()  # at a boundary: no error
        assert dec.buffered == 0


def test_oversize_prefix_rejected_before_body() -> None:
    dec = net.FrameDecoder(max_frame=1024)
    dec.feed(struct.pack(">I", 0xFFFFFFFF))  # announces 4 GiB, sends nothing more
    with pytest.raises(net.FrameTooLarge) as info:
        dec.next_frame()
    assert info.value.size == 0xFFFFFFFF
    assert info.value.limit == 1024
    assert dec.buffered == 0  # nothing of the body was (or could be) buffered
    with pytest.raises(net.FrameTooLarge):  # the decoder stays failed
        dec.feed(b"more")


def test_cap_is_inclusive_and_configurable() -> None:
    dec = net.FrameDecoder(max_frame=10)
    dec.feed(net.encode_frame(b"0123456789", max_frame=10))
    assert dec.next_frame() == b"0123456789"
    dec.feed(struct.pack(">I", 11))
    with pytest.raises(net.FrameTooLarge):
        dec.next_frame()
    with pytest.raises(net.FrameTooLarge):
        net.encode_frame(b"x" * 11, max_frame=10)


def test_truncated_prefix_and_body() -> None:
    dec = net.FrameDecoder()
    dec.feed(b"\x00\x00")
    assert dec.next_frame() is None
    with pytest.raises(net.FrameTruncated) as info:
        dec.end_of_stream()
    assert (info.value.expected, info.value.received) == (None, 2)
    dec = net.FrameDecoder()
    dec.feed(struct.pack(">I", 100) + b"y" * 40)  # lying prefix: 100 announced, 40 sent
    assert dec.next_frame() is None
    with pytest.raises(net.FrameTruncated) as info:
        dec.end_of_stream()
    assert (info.value.expected, info.value.received) == (100, 40)


async def test_stream_truncated_frame() -> None:
    left, right = trio.testing.memory_stream_pair()
    fs = net.FrameStream(right, peer="tester")
    await left.send_all(struct.pack(">I", 100) + b"z" * 10)
    await left.send_eof()
    with pytest.raises(net.FrameTruncated, match="tester"):
        await fs.receive(timeout=2)


async def test_stream_lying_prefix_times_out() -> None:
    left, right = trio.testing.memory_stream_pair()
    fs = net.FrameStream(right, read_timeout=0.2, peer="slow peer")
    await left.send_all(struct.pack(">I", 100) + b"z" * 10)  # then silence
    with pytest.raises(net.ReadTimeout, match="slow peer") as info:
        await fs.receive()
    assert info.value.seconds == 0.2


async def test_stream_oversize_fails_without_waiting_for_body() -> None:
    left, right = trio.testing.memory_stream_pair()
    fs = net.FrameStream(right, max_frame=1 << 20, read_timeout=5)
    await left.send_all(struct.pack(">I", (1 << 20) + 1))
    with trio.fail_after(1):  # raised at once, not after a timeout
        with pytest.raises(net.FrameTooLarge):
            await fs.receive()


async def test_stream_clean_eof_and_frames() -> None:
    left, right = trio.testing.memory_stream_pair()
    a, b = net.FrameStream(left), net.FrameStream(right)
    await a.send(b"one")
    await a.send(b"two")
    await left.send_eof()
    assert await b.receive(timeout=1) == b"one"
    assert await b.receive(timeout=1) == b"two"
    with pytest.raises(net.ConnectionClosed):
        await b.receive(timeout=1)


def test_message_roundtrip_and_strict_decoding() -> None:
    msg = net.encode(net.MsgType.ENTRY, 7, b"data")
    assert net.decode(msg) == (net.MsgType.ENTRY, [7, b"data"])
    bad = {
        "not a list": msgpack.packb({"a": 1}),
        "unknown type": msgpack.packb([99]),
        "wrong field type": msgpack.packb([int(net.MsgType.ENTRY), "7", b"x"]),
        "bool is not int": msgpack.packb([int(net.MsgType.PING), True]),
        "too many fields": msgpack.packb([int(net.MsgType.PING), 1, 2]),
        "ext type": msgpack.packb([int(net.MsgType.DIRECT), msgpack.ExtType(1, b"x")]),
        "garbage": b"\xc1\xc1",
        "huge array": msgpack.packb([int(net.MsgType.PING), *range(20)]),
    }
    for what, payload in bad.items():
        with pytest.raises(net.ProtocolError, match="seat 3"):
            net.decode(payload, "seat 3")
        assert what


def test_backoff_grows_with_jitter_and_resets() -> None:
    import random

    b = net.Backoff(initial=0.1, maximum=1.0, jitter=0.5, rng=random.Random(1))
    delays = [b.next_delay() for _ in range(8)]
    bases = [0.1, 0.2, 0.4, 0.8, 1.0, 1.0, 1.0, 1.0]
    for d, base in zip(delays, bases, strict=True):
        assert base * 0.5 <= d <= base
    assert len(set(delays)) == len(delays)  # jittered, not lockstep
    b.reset()
    assert 0.05 <= b.next_delay() <= 0.1


@given(
    payloads=st.lists(st.binary(max_size=300), max_size=8),
    cuts=st.lists(st.integers(min_value=0, max_value=3000), max_size=10),
)
def test_decoder_any_payloads_any_splits(payloads: list[bytes], cuts: list[int]) -> None:
    wire = b"".join(net.encode_frame(p) for p in payloads)
    bounds = sorted({0, len(wire), *(c for c in cuts if c < len(wire))})
    dec = net.FrameDecoder(max_frame=300)
    got = []
    for a, b in itertools.pairwise(bounds):
        dec.feed(wire[a:b])
        while (frame := dec.next_frame()) is not None:
            got.append(frame)
    assert got == payloads
    dec.end_of_stream()
