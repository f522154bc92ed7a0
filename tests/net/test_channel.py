"""The encrypted channel after the handshake (sans-I/O TransportCipher, and SecureStream
under a FrameStream over memory streams): every flip, drop, reorder, replay, injection
and truncation is detected, naming the peer; the framing cap still holds inside."""

from __future__ import annotations

import pytest
import trio
import trio.testing

from p2pcards import net
from p2pcards.net import _noise


def _ciphers() -> tuple[_noise.TransportCipher, _noise.TransportCipher]:
    i = _noise.NoiseHandshake(b"t", initiator=True)
    r = _noise.NoiseHandshake(b"t", initiator=False)
    r.read(i.write())
    i.read(r.write(b"r"))
    r.read(i.write(b"i"))
    return i.transport("responder R"), r.transport("initiator I")


def _records(cipher: _noise.TransportCipher, *plaintexts: bytes) -> list[bytes]:
    return [cipher.seal(p) for p in plaintexts]


def _open_all(cipher: _noise.TransportCipher, data: bytes) -> list[bytes]:
    cipher.feed(data)
    out = []
    while (p := cipher.next_plaintext()) is not None:
        out.append(p)
    return out


def test_round_trip_both_ways_any_split() -> None:
    a, b = _ciphers()
    wire = b"".join(_records(a, b"one", b"", b"three" * 1000))
    for i in range(len(wire)):  # byte by byte
        b.feed(wire[i : i + 1])
    got = []
    while (p := b.next_plaintext()) is not None:
        got.append(p)
    assert got == [b"one", b"", b"three" * 1000]
    assert _open_all(a, b.seal(b"back")) == [b"back"]


def test_overhead_is_18_bytes_per_record() -> None:
    a, _ = _ciphers()
    assert len(a.seal(b"x" * 100)) == 100 + 2 + 16


def test_long_plaintext_is_split_into_records() -> None:
    a, b = _ciphers()
    big = bytes(range(256)) * 1024  # 256 KiB
    wire = a.seal(big)
    assert a.sealed == 5  # 4 full records of 65519 bytes and one more
    assert b"".join(_open_all(b, wire)) == big


def _fails(receiver: _noise.TransportCipher, data: bytes) -> net.IntegrityError:
    with pytest.raises(net.IntegrityError) as info:
        _open_all(receiver, data)
    return info.value


def test_flipped_bit_detected_naming_the_peer() -> None:
    a, b = _ciphers()
    r1, r2 = _records(a, b"first", b"second")
    assert _open_all(b, r1) == [b"first"]
    for pos in (2, 5, len(r2) - 1):  # body, body, tag
        bad = r2[:pos] + bytes([r2[pos] ^ 0x80]) + r2[pos + 1 :]
        a2, b2 = _ciphers()
        _open_all(b2, a2.seal(b"first"))
        a2.seal(b"second")
        err = _fails(b2, bad)
        assert "initiator I" in str(err) and "record 1" in str(err)
        assert "failed authentication" in str(err)
    with pytest.raises(net.IntegrityError):  # and the channel stays dead
        b2.next_plaintext()


def test_dropped_record_detected() -> None:
    a, b = _ciphers()
    _r1, r2 = _records(a, b"first", b"second")
    _fails(b, r2)  # r1 never arrived: nonce 0 expected, record has nonce 1


def test_reordered_records_detected() -> None:
    a, b = _ciphers()
    r1, r2 = _records(a, b"first", b"second")
    _fails(b, r2 + r1)


def test_replayed_record_detected() -> None:
    a, b = _ciphers()
    (r1,) = _records(a, b"first")
    assert _open_all(b, r1) == [b"first"]
    _fails(b, r1)


def test_injected_record_detected() -> None:
    a, b = _ciphers()
    (r1,) = _records(a, b"first")
    forged = (20).to_bytes(2, "big") + bytes(20)
    _fails(b, forged + r1)
    _, b2 = _ciphers()
    _fails(b2, (3).to_bytes(2, "big") + b"abc")  # shorter than a tag


def test_reflected_record_detected() -> None:
    """A record the initiator sent, bounced back to it: the directions have own keys."""
    a, _ = _ciphers()
    (r1,) = _records(a, b"first")
    _fails(a, r1)


def test_dropped_bytes_detected() -> None:
    a, b = _ciphers()
    r1, r2 = _records(a, b"first" * 10, b"second" * 10)
    _fails(b, r1[:10] + r1[20:] + r2)


def test_truncated_record_at_end_of_stream() -> None:
    a, b = _ciphers()
    (r1,) = _records(a, b"first")
    b.feed(r1[:-3])
    assert b.next_plaintext() is None
    with pytest.raises(net.FrameTruncated, match="ended mid-record"):
        b.end_of_stream()


async def test_secure_stream_framing_cap_and_tamper_over_memory_streams() -> None:
    a, b = _ciphers()
    left, right = trio.testing.memory_stream_pair()
    sender = net.FrameStream(net.SecureStream(left, a), max_frame=1000)
    receiver = net.FrameStream(net.SecureStream(right, b), max_frame=1000, peer="I")
    await sender.send(b"x" * 1000)
    assert await receiver.receive(1) == b"x" * 1000
    # a lying length prefix inside the encrypted stream: refused before allocating
    await sender.stream.send_all(b"\xff\xff\xff\xff")
    with pytest.raises(net.FrameTooLarge, match="exceeds the cap of 1000"):
        await receiver.receive(1)
    # a flipped byte on the wire
    a, b = _ciphers()
    left, right = trio.testing.memory_stream_pair()
    receiver = net.FrameStream(net.SecureStream(right, b), peer="I")
    record = a.seal(net.encode_frame(b"hello"))
    await left.send_all(record[:-1] + bytes([record[-1] ^ 1]))
    with pytest.raises(net.IntegrityError, match="initiator I"):
        await receiver.receive(1)


async def test_slow_sender_inside_the_channel_times_out() -> None:
    a, b = _ciphers()
    left, right = trio.testing.memory_stream_pair()
    receiver = net.FrameStream(net.SecureStream(right, b), peer="I")
    record = a.seal(net.encode_frame(b"hello"))
    await left.send_all(record[:5])  # and nothing more
    with pytest.raises(net.ReadTimeout):
        await receiver.receive(0.2)
