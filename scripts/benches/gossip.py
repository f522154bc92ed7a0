"""Mesh gossip: one entry appended by one peer until every other peer accepted it (ms).

scripts/bench gossip [--seats 2 4 8] [--rounds N] [--size BYTES]
All peers run in this one process (one trio loop, one CPU core) and talk over TCP on
127.0.0.1 (nothing leaves the machine), so the figure includes every peer's work done
one after another: an upper bound for peers in separate processes.  Authors rotate;
entries are opaque bytes (no signature check: that is the transcript's cost).
Also reports frames sent per entry (flooding: at most N(N-1) + (N-1)(N-2)).
"""

from __future__ import annotations

import argparse
import hashlib
import time
from contextlib import AsyncExitStack

import trio
from _util import emit
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from p2pcards import net


async def run(n: int, rounds: int, size: int) -> tuple[list[float], float]:
    keys = [
        Ed25519PrivateKey.from_private_bytes(hashlib.sha256(b"bench%d" % i).digest())
        for i in range(n)
    ]
    stores = [net.MemoryLog() for _ in range(n)]
    accepted: dict[int, int] = {}
    done: dict[int, trio.Event] = {}
    latencies: list[float] = []
    async with AsyncExitStack() as stack:
        meshes = [
            await stack.enter_async_context(
                net.open_mesh(keys[i], b"bench", stores[i], host="127.0.0.1")
            )
            for i in range(n)
        ]
        for m in meshes:
            m.set_members({o.id: o.address for o in meshes if o is not m})

        async def consume(m: net.Mesh) -> None:
            async for ev in m.events:
                if isinstance(ev, net.EntryAccepted):
                    accepted[ev.seq] = accepted.get(ev.seq, 0) + 1
                    if accepted[ev.seq] == n - 1:
                        done[ev.seq].set()

        async with trio.open_nursery() as nursery:
            for m in meshes:
                nursery.start_soon(consume, m)
            with trio.fail_after(20):
                while any(len(m.connected()) < n - 1 for m in meshes):
                    await trio.sleep(0.01)
            sent0 = sum(c.frames_sent for c in _conns(meshes))
            for seq in range(rounds):
                author = seq % n
                done[seq] = trio.Event()
                start = time.perf_counter()
                stores[author].append(seq.to_bytes(4, "big") + b"x" * (size - 4))
                meshes[author].announce()
                await done[seq].wait()
                latencies.append((time.perf_counter() - start) * 1000)
            await trio.sleep(0.05)
            frames = sum(c.frames_sent for c in _conns(meshes)) - sent0
            nursery.cancel_scope.cancel()
    return latencies, frames / rounds


def _conns(meshes: list[net.Mesh]) -> list[net.Connection]:
    return [p.conn for m in meshes for p in m._peers.values() if p.conn is not None]


def main(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(prog="scripts/bench gossip")
    ap.add_argument("--seats", type=int, nargs="+", default=[2, 4, 8])
    ap.add_argument("--rounds", type=int, default=300)
    ap.add_argument("--size", type=int, default=200)
    args = ap.parse_args(argv)
    for n in args.seats:
        latencies, frames = trio.run(run, n, args.rounds, args.size)
        emit("gossip", "ms", latencies, seats=n, size=args.size, frames_per_entry=round(frames, 1))
