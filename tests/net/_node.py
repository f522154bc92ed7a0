"""One mesh peer as a separate OS process (driven by _scenarios.py, inside a netns).

argv[1] is a JSON object: index, n, ports, entries (total log length), cut (null or
[i, j, at_seq]: peer i blocks peer j once its log holds entry at_seq).  Entry s is
authored by peer s % n and must equal ``entry_bytes(s, n)`` (the store's validation).
Prints ``RESULT {json}`` when its log is complete, then waits for stdin to close.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys

import trio
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from p2pcards import net

TEST_CONFIG = net.MeshConfig(
    heartbeat_interval=0.2,
    liveness_timeout=1.5,
    backoff_initial=0.05,
    backoff_max=0.5,
    fallback_dial_delay=1.0,
    close_grace=0.5,
)
TABLE_ID = b"test-table-0001"


def node_key(i: int) -> Ed25519PrivateKey:
    """Deterministic test identity of peer ``i``."""
    return Ed25519PrivateKey.from_private_bytes(hashlib.sha256(b"node%d" % i).digest())


def entry_bytes(seq: int, n: int) -> bytes:
    """The only valid entry ``seq`` (authored by peer seq % n); ~200 bytes."""
    return b"entry %d by %d " % (seq, seq % n) + hashlib.sha256(b"%d" % seq).digest() * 6


async def main(cfg: dict) -> None:
    i, n, ports, total = cfg["index"], cfg["n"], cfg["ports"], cfg["entries"]
    cut = cfg.get("cut")
    ids = [net.peer_id_of(node_key(k)) for k in range(n)]
    index_of = {pid: k for k, pid in enumerate(ids)}
    store = net.MemoryLog(validate=lambda seq, data, log: data == entry_bytes(seq, n))
    senders: dict[int, int] = {}
    progress = trio.Event()
    async with net.open_mesh(
        node_key(i), TABLE_ID, store, host="127.0.0.1", port=ports[i], config=TEST_CONFIG
    ) as mesh:
        for k in range(n):
            if k != i:
                mesh.add_peer(ids[k], ("127.0.0.1", ports[k]))

        async def consume() -> None:
            nonlocal progress
            async for event in mesh.events:
                if isinstance(event, net.EntryAccepted):
                    senders[event.seq] = index_of[event.peer_id]
                elif isinstance(event, net.EntryRejected | net.EntryConflict):
                    print("BAD", event, file=sys.stderr, flush=True)
                progress.set()
                progress = trio.Event()

        async with trio.open_nursery() as nursery:
            nursery.start_soon(consume)
            with trio.fail_after(40):
                while len(mesh.connected()) < n - 1:
                    await trio.sleep(0.02)
            cut_done = False
            theirs = sum(1 for s in range(total) if s % n != i)
            with trio.fail_after(40):
                while store.head() < total - 1 or len(senders) < theirs:
                    if cut and not cut_done and cut[0] == i and store.head() >= cut[2]:
                        mesh.block_peer(ids[cut[1]])
                        cut_done = True
                    nxt = store.head() + 1
                    if nxt < total and nxt % n == i:
                        store.append(entry_bytes(nxt, n))
                        mesh.announce()
                        await trio.sleep(0)
                    else:
                        await progress.wait()
            digest = hashlib.sha256(b"".join(store.entries)).hexdigest()
            result = {
                "index": i,
                "head": store.head(),
                "digest": digest,
                "connected": sorted(index_of[p] for p in mesh.connected()),
                "senders": {str(s): k for s, k in senders.items()},
            }
            print("RESULT " + json.dumps(result), flush=True)
            stdin = trio.lowlevel.FdStream(os.dup(0))
            while await stdin.receive_some(1024):
                pass
            nursery.cancel_scope.cancel()


if __name__ == "__main__":
    trio.run(main, json.loads(sys.argv[1]))
