"""Transcript entries: sign+encode and verify+decode, microseconds per entry.

scripts/bench transcript [--runs N]
Bodies: a small move ([kind, seat, position]) and a key share of 36 positions
(36 x 32-byte keys), the largest entry a 36-card hand sends often.  The last two lines
are bare Ed25519 sign / verify for comparison: the difference is the encoding overhead.
"""

from __future__ import annotations

import argparse
import hashlib
import time

from _util import emit
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from p2pcards.transcript import sign_entry, verify_entry

BODIES = {
    "move": ["draw", 1, 17],
    "keys36": {"positions": list(range(36)), "keys": [bytes([i]) * 32 for i in range(36)]},
}


def main(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(prog="scripts/bench transcript")
    ap.add_argument("--runs", type=int, default=2000)
    args = ap.parse_args(argv)
    key = Ed25519PrivateKey.from_private_bytes(hashlib.sha256(b"bench").digest())
    keys = {1: key.public_key()}
    table, prev = bytes(16), bytes(32)
    for name, body in BODIES.items():
        sign_us: list[float] = []
        verify_us: list[float] = []
        size = 0
        for i in range(args.runs):
            t0 = time.perf_counter()
            e = sign_entry(
                key, table=table, hand=1, seq=i, prev=prev, seat=1, kind="move", body=body
            )
            t1 = time.perf_counter()
            verify_entry(e.raw, keys, table=table, hand=1)
            t2 = time.perf_counter()
            sign_us.append((t1 - t0) * 1e6)
            verify_us.append((t2 - t1) * 1e6)
            size = len(e.raw)
        emit("transcript.sign_encode", "us", sign_us, body=name, bytes=size)
        emit("transcript.verify_decode", "us", verify_us, body=name, bytes=size)
    # the floor: bare Ed25519 on a message of the same size (cryptography), same machine load
    msg = bytes(1419)
    sig = key.sign(msg)
    pub = key.public_key()
    raw_sign: list[float] = []
    raw_verify: list[float] = []
    for _ in range(args.runs):
        t0 = time.perf_counter()
        key.sign(msg)
        t1 = time.perf_counter()
        pub.verify(sig, msg)
        t2 = time.perf_counter()
        raw_sign.append((t1 - t0) * 1e6)
        raw_verify.append((t2 - t1) * 1e6)
    emit("transcript.ed25519_sign_only", "us", raw_sign, bytes=len(msg))
    emit("transcript.ed25519_verify_only", "us", raw_verify, bytes=len(msg))
