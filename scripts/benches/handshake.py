"""``scripts/bench handshake [--runs N]``: the cost of the encrypted transport.

- ``handshake``: one whole ``net.handshake`` (both ends, Noise XX + identity signatures
  + WELCOME) over an in-memory trio stream pair, wall time in ms;
- ``handshake cpu, one side``: the sans-I/O part of one side only (Noise messages,
  signing, verifying), ms;
- ``frame``: per frame of a given payload size, the bytes on the wire and the time to
  send and receive it, plain framing (4-byte prefix) beside the encrypted channel
  (prefix inside a Noise record: +18 bytes), in µs per frame; measured side by side in
  one run, with their ratio.
"""

from __future__ import annotations

import argparse
import hashlib
import time

import trio
import trio.testing
from _util import emit
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from p2pcards import net
from p2pcards.net import _noise
from p2pcards.net._framing import FrameDecoder

TABLE = bytes(range(16))


def _key(name: str) -> Ed25519PrivateKey:
    return Ed25519PrivateKey.from_private_bytes(hashlib.sha256(name.encode()).digest())


A, B = _key("a"), _key("b")


async def _one_handshake() -> float:
    left, right = trio.testing.memory_stream_pair()
    kw = {"table_id": TABLE, "head": -1, "listen_port": 1, "timeout": 10}
    t0 = time.perf_counter()
    async with trio.open_nursery() as n:
        n.start_soon(lambda: net.handshake(net.FrameStream(left), key=A, initiator=True, **kw))
        n.start_soon(lambda: net.handshake(net.FrameStream(right), key=B, initiator=False, **kw))
    return (time.perf_counter() - t0) * 1000


def _one_side_cpu() -> float:
    """The initiator's own work only (the responder's messages are made beforehand)."""
    i = _noise.NoiseHandshake(TABLE, initiator=True)
    r = _noise.NoiseHandshake(TABLE, initiator=False)
    m1 = i.write()
    r.read(m1)
    m2 = r.write(_noise.identity_payload(B, TABLE, "responder", r.static_public, 1, -1))
    t0 = time.perf_counter()
    payload = i.read(m2)
    assert i.remote_static is not None
    _noise.verify_payload(payload, TABLE, "responder", i.remote_static)
    i.write(_noise.identity_payload(A, TABLE, "initiator", i.static_public, 1, -1))
    return (time.perf_counter() - t0) * 1000 + 0 * len(m1)


def _ciphers() -> tuple[_noise.TransportCipher, _noise.TransportCipher]:
    i = _noise.NoiseHandshake(TABLE, initiator=True)
    r = _noise.NoiseHandshake(TABLE, initiator=False)
    r.read(i.write())
    i.read(r.write(b""))
    r.read(i.write(b""))
    return i.transport(), r.transport()


def _frames(size: int, n: int) -> tuple[float, float, int, int]:
    """(plain µs/frame, encrypted µs/frame, plain bytes, encrypted bytes)."""
    payload = bytes(size)
    dec = FrameDecoder()
    t0 = time.perf_counter()
    for _ in range(n):
        wire = net.encode_frame(payload)
        dec.feed(wire)
        assert dec.next_frame() is not None
    plain = (time.perf_counter() - t0) / n * 1e6
    plain_bytes = len(wire)
    a, b = _ciphers()
    dec = FrameDecoder()
    t0 = time.perf_counter()
    for _ in range(n):
        wire = a.seal(net.encode_frame(payload))
        b.feed(wire)
        pt = b.next_plaintext()
        assert pt is not None
        dec.feed(pt)
        assert dec.next_frame() is not None
    encrypted = (time.perf_counter() - t0) / n * 1e6
    return plain, encrypted, plain_bytes, len(wire)


def main(argv: list[str]) -> None:
    p = argparse.ArgumentParser(prog="scripts/bench handshake")
    p.add_argument("--runs", type=int, default=200)
    args = p.parse_args(argv)
    times = [trio.run(_one_handshake) for _ in range(args.runs)]
    emit("handshake", "ms", times, pattern="Noise_XX_25519_ChaChaPoly_SHA256", both_ends=True)
    emit("handshake cpu, one side", "ms", [_one_side_cpu() for _ in range(args.runs)])
    for size in (16, 200, 2000, 20000):
        rows = [_frames(size, 2000) for _ in range(7)]
        plain = [r[0] for r in rows]
        enc = [r[1] for r in rows]
        emit("frame, plain", "us", plain, payload=size, wire_bytes=rows[0][2])
        emit("frame, encrypted", "us", enc, payload=size, wire_bytes=rows[0][3],
             overhead_bytes=rows[0][3] - rows[0][2],
             ratio=round(sorted(enc)[3] / sorted(plain)[3], 2))  # fmt: skip


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
