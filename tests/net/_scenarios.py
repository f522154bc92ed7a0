"""Network scenarios, each run by a test inside a private netns (see _netns.py).

``python tests/net/_scenarios.py NAME ARGS_JSON``: runs scenario NAME with the JSON list
of arguments and prints ``RESULT <json>``; the pytest side asserts on that.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import trio

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from _node import TABLE_ID, TEST_CONFIG, node_key  # noqa: E402

from p2pcards import net  # noqa: E402

SCENARIOS: dict[str, Callable[..., Awaitable[Any]]] = {}


def scenario(fn: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
    SCENARIOS[fn.__name__] = fn
    return fn


async def _read_result(proc: trio.Process) -> dict[str, Any]:
    assert proc.stdout is not None
    buf = b""
    while b"\n" not in buf or not any(
        line.startswith(b"RESULT ") for line in buf.split(b"\n")[:-1]
    ):
        data = await proc.stdout.receive_some(65536)
        if not data:
            raise RuntimeError(f"node exited without a result: {buf[-2000:]!r}")
        buf += data
    for line in buf.split(b"\n"):
        if line.startswith(b"RESULT "):
            return dict(json.loads(line[len(b"RESULT ") :]))
    raise AssertionError


@scenario
async def mesh(n: int, entries: int, cut: list[int] | None) -> Any:
    """``n`` node processes gossip ``entries`` round-robin entries; optionally a cut link."""
    ports = [41000 + k for k in range(n)]
    results: list[dict[str, Any]] = []
    procs: list[trio.Process] = []
    env = {**os.environ}
    async with trio.open_nursery() as nursery:
        for k in range(n):
            cfg = {"index": k, "n": n, "ports": ports, "entries": entries, "cut": cut}
            proc = await trio.lowlevel.open_process(
                [sys.executable, str(HERE / "_node.py"), json.dumps(cfg)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                env=env,
            )
            procs.append(proc)

        async def collect(proc: trio.Process) -> None:
            results.append(await _read_result(proc))

        # generous: four interpreters start and import on a loaded 2-core machine first
        # (17 s failed once under load 20); the node processes end as soon as they are done
        with trio.fail_after(90):
            async with trio.open_nursery() as inner:
                for proc in procs:
                    inner.start_soon(collect, proc)
        for proc in procs:
            assert proc.stdin is not None
            await proc.stdin.aclose()
        with trio.fail_after(20):
            for proc in procs:
                await proc.wait()
        nursery.cancel_scope.cancel()
    return {
        "results": sorted(results, key=lambda r: r["index"]),
        "exit_codes": [p.returncode for p in procs],
    }


@scenario
async def pair() -> Any:
    """Two in-process meshes: connect by address, probe, direct message, clean close."""
    out: dict[str, Any] = {}
    log_a, log_b = net.MemoryLog(), net.MemoryLog()
    for k in range(5):
        log_a.append(b"a%d" % k)
    cfg = net.MeshConfig(**{**TEST_CONFIG.__dict__, "accept_unknown": True})
    async with net.open_mesh(node_key(0), TABLE_ID, log_a, host="127.0.0.1", config=cfg) as a:
        a.info = {"name": "Table A", "seats": 4}
        info = await net.probe(a.address)
        out["probe"] = {
            "name": info["name"],
            "seats": info["seats"],
            "key_ok": info["fp"] == net.fingerprint(a.id) and a.id not in info.values(),
            "table_ok": info["table_id"] == TABLE_ID,
        }
        async with net.open_mesh(
            node_key(1), TABLE_ID, log_b, host="127.0.0.1", config=TEST_CONFIG
        ) as b:
            got = await b.connect(a.address)
            out["connected_to_a"] = got == a.id
            with trio.fail_after(5):
                while log_b.head() < 4:
                    await trio.sleep(0.01)
            out["b_log"] = [e.decode() for e in log_b.entries]
            await b.send_direct(a.id, b"secret for a")
            with trio.fail_after(5):
                async for event in a.events:
                    if isinstance(event, net.DirectReceived):
                        out["direct"] = [event.peer_id == b.id, event.data.decode()]
                        break
            try:
                await a.send_direct(b"\x00" * 32, b"x")
            except net.PeerUnavailable as exc:
                out["unavailable"] = str(exc)
        with trio.fail_after(5):
            async for event in a.events:
                if isinstance(event, net.PeerDisconnected):
                    out["disconnect_reason"] = event.reason
                    break
        # listening on all interfaces: IPv4 and IPv6 share one port, reachable by both
        async with net.open_mesh(node_key(3), TABLE_ID, net.MemoryLog()) as d:
            out["all_ports"] = sorted({p for _, p in d.listen_addresses})
            out["all_families"] = sorted(h for h, _ in d.listen_addresses)
            out["port_ok"] = out["all_ports"] == [d.address[1]]
            for h in ("127.0.0.1", "::1"):
                found = await net.probe((h, d.address[1]))
                out[f"probe {h}"] = found["fp"] == net.fingerprint(d.id)
        # wrong table: a mesh for another table cannot connect
        async with net.open_mesh(
            node_key(2), b"other-table", net.MemoryLog(), host="127.0.0.1", config=TEST_CONFIG
        ) as c:
            try:
                await c.connect(a.address)
            except net.HandshakeError as exc:
                out["wrong_table"] = str(exc)
    return out


@scenario
async def reconnect() -> Any:
    """A blocked link re-dials after unblock and the gap is filled from the log."""
    out: dict[str, Any] = {}
    la, lb = net.MemoryLog(), net.MemoryLog()
    async with (
        net.open_mesh(node_key(0), TABLE_ID, la, host="127.0.0.1", config=TEST_CONFIG) as a,
        net.open_mesh(node_key(1), TABLE_ID, lb, host="127.0.0.1", config=TEST_CONFIG) as b,
    ):
        a.add_peer(b.id, b.address)
        b.add_peer(a.id, a.address)
        with trio.fail_after(5):
            while not (a.connected() and b.connected()):
                await trio.sleep(0.01)
        la.append(b"e0")
        a.announce()
        with trio.fail_after(5):
            while lb.head() < 0:
                await trio.sleep(0.01)
        b.block_peer(a.id)
        with trio.fail_after(5):
            while a.connected() or b.connected():
                await trio.sleep(0.01)
        for k in range(1, 6):
            la.append(b"e%d" % k)
        a.announce()
        await trio.sleep(0.5)  # a keeps re-dialing and is refused
        out["while_blocked"] = [lb.head(), a.connected() == [], b.peers()[a.id].blocked]
        start = trio.current_time()
        b.unblock_peer(a.id)
        with trio.fail_after(8):
            while lb.head() < 5:
                await trio.sleep(0.01)
        out["caught_up_after"] = trio.current_time() - start
        out["b_log"] = [e.decode() for e in lb.entries]
    return out


@scenario
async def bad_entries() -> Any:
    """A hand-driven peer sends conflicting, invalid, far-ahead and malformed frames."""
    out: dict[str, Any] = {}
    lb = net.MemoryLog(validate=lambda seq, data, log: data.startswith(b"ok"))
    lb.append(b"ok-b0")
    mallory = node_key(2)
    async with net.open_mesh(node_key(1), TABLE_ID, lb, host="127.0.0.1", config=TEST_CONFIG) as b:
        b.add_peer(net.peer_id_of(mallory))
        raw = net.FrameStream(await trio.open_tcp_stream(*b.address))
        auth = await net.handshake(
            raw,
            key=mallory,
            table_id=TABLE_ID,
            head=9,
            listen_port=0,
            expected=b.id,
            initiator=True,
        )
        assert auth.channel is not None
        fs = auth.channel  # everything after the handshake is encrypted
        for seq, data in [(0, b"ok-evil0"), (1, b"bad"), (1, b"ok-m1"), (7, b"ok-far")]:
            await fs.send(net.encode(net.MsgType.ENTRY, seq, data))
        await fs.send(b"\xc1 not msgpack")
        events = []
        with trio.fail_after(5):
            async for ev in b.events:
                who = ev.peer_id == net.peer_id_of(mallory)
                row = [type(ev).__name__, getattr(ev, "seq", None), who, ""]
                if isinstance(ev, net.EntryConflict | net.EntryRejected):
                    row[3] = ev.data.decode()
                if isinstance(ev, net.PeerDisconnected):
                    row[3] = ev.reason
                    events.append(row)
                    break
                events.append(row)
        out["events"] = events
        out["b_log"] = [e.decode() for e in lb.entries]
        await fs.aclose()
    return out


@scenario
async def late_store() -> Any:
    """Entries a store refused (not ready yet) are sent again once it takes them."""
    out: dict[str, Any] = {}
    ready = False
    la = net.MemoryLog()
    for k in range(4):
        la.append(b"e%d" % k)
    refused: list[int] = []

    def validate(seq: int, data: bytes, log: list[bytes]) -> bool:
        if not ready:
            refused.append(seq)
        return ready

    lb = net.MemoryLog(validate=validate)
    async with (
        net.open_mesh(node_key(0), TABLE_ID, la, host="127.0.0.1", config=TEST_CONFIG) as a,
        net.open_mesh(node_key(1), TABLE_ID, lb, host="127.0.0.1", config=TEST_CONFIG) as b,
    ):
        a.add_peer(b.id)
        await b.connect(a.address, expected_id=a.id)
        await trio.sleep(0.5)
        out["before"] = lb.head()
        ready = True
        start = trio.current_time()
        with trio.fail_after(5):
            while lb.head() < 3:
                await trio.sleep(0.01)
        out["after"] = trio.current_time() - start
        out["b_log"] = [e.decode() for e in lb.entries]
        out["refused"] = sorted(set(refused))
    return out


@scenario
async def silent_peer() -> Any:
    """A peer that authenticates then goes silent is dropped by the liveness timeout."""
    out: dict[str, Any] = {}
    log = net.MemoryLog()
    async with net.open_mesh(node_key(0), TABLE_ID, log, host="127.0.0.1", config=TEST_CONFIG) as a:
        a.add_peer(net.peer_id_of(node_key(1)))
        stream = await trio.open_tcp_stream(*a.address)
        fs = net.FrameStream(stream)
        await net.handshake(
            fs,
            key=node_key(1),
            table_id=TABLE_ID,
            head=-1,
            listen_port=0,
            expected=a.id,
            initiator=True,
        )
        start = trio.current_time()
        seen: list[str] = []
        with trio.fail_after(8):
            async for event in a.events:
                seen.append(type(event).__name__)
                if isinstance(event, net.PeerDisconnected):
                    out["events"] = seen
                    out["reason"] = event.reason
                    out["after"] = trio.current_time() - start
                    break
        await fs.aclose()
    return out


class Actor:
    """A child process speaking JSON lines on stdout and taking commands on stdin."""

    def __init__(self, proc: trio.Process, label: str) -> None:
        self.proc = proc
        self.label = label
        self._buf = b""

    @classmethod
    async def start(cls, label: str, *args: str) -> Actor:
        proc = await trio.lowlevel.open_process(
            [sys.executable, str(HERE / "_discovery_node.py"), *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )
        return cls(proc, label)

    async def line(self, timeout: float = 8.0) -> dict[str, Any]:
        assert self.proc.stdout is not None
        with trio.fail_after(timeout):
            while b"\n" not in self._buf:
                data = await self.proc.stdout.receive_some(65536)
                if not data:
                    raise RuntimeError(f"{self.label} exited (code {await self.proc.wait()})")
                self._buf += data
        line, self._buf = self._buf.split(b"\n", 1)
        print(f"{trio.current_time():.2f} {self.label}: {line.decode()}", file=sys.stderr)
        return dict(json.loads(line))

    async def wait_for(self, timeout: float = 8.0, **match: Any) -> dict[str, Any]:
        """Next line whose items include ``match`` (others are skipped)."""
        with trio.fail_after(timeout):
            while True:
                msg = await self.line()
                if all(msg.get(k) == v for k, v in match.items()):
                    return msg

    async def send(self, text: str) -> None:
        assert self.proc.stdin is not None
        await self.proc.stdin.send_all(text.encode() + b"\n")


@scenario
async def discovery() -> Any:
    """Browser sees a table appear with its TXT, update, clash-rename, close, die."""
    out: dict[str, Any] = {}
    table1, table2 = "a1" * 8, "b2" * 8
    browser = await Actor.start("browser", "browse")
    await browser.wait_for(browsing=True)
    cfg = {"name": "Стол Пети", "port": 42001, "taken": 1, "seats": 4, "host": "Петя",
           "key": 0, "table": table1}  # fmt: skip
    host1 = await Actor.start("host1", "host", json.dumps(cfg))
    out["host1_name"] = (await host1.line())["name"]
    found = await browser.wait_for(event="TableFound", name=out["host1_name"])
    out["found"] = {k: v for k, v in found.items() if k != "t"}
    out["expected_fp"] = net.fingerprint(net.peer_id_of(node_key(0)))
    await host1.send("taken 2")
    await host1.wait_for(updated=2)
    updated = await browser.wait_for(event="TableUpdated", name=out["host1_name"])
    out["updated_taken"] = updated["taken"]
    cfg2 = {**cfg, "port": 42002, "key": 1, "host": "Вася", "table": table2}
    host2 = await Actor.start("host2", "host", json.dumps(cfg2))
    out["host2_name"] = (await host2.line())["name"]
    found2 = await browser.wait_for(event="TableFound", name=out["host2_name"])
    out["found2_host"] = found2["host"]
    start = trio.current_time()
    await host1.send("quit")
    lost = await browser.wait_for(event="TableLost", name=out["host1_name"])
    out["lost1"] = [lost["reason"], trio.current_time() - start]
    await host1.proc.wait()
    start = trio.current_time()
    host2.proc.kill()  # SIGKILL: no goodbye, mDNS records stay cached
    await host2.proc.wait()
    lost = await browser.wait_for(event="TableLost", name=out["host2_name"])
    out["lost2"] = [lost["reason"], trio.current_time() - start]
    browser.proc.kill()
    await browser.proc.wait()
    return out


@scenario
async def join_no_multicast() -> Any:
    """No multicast route: browsing finds nothing, joining by host:port still works."""
    out: dict[str, Any] = {}
    cfg = {"name": "Стол Пети", "port": 42001, "taken": 1, "seats": 4, "host": "Петя",
           "key": 0, "table": "c3" * 8, "entries": 12}  # fmt: skip
    host = await Actor.start("host", "host", json.dumps(cfg))
    out["host_name"] = (await host.line())["name"]
    async with net.browse(interfaces=["127.0.0.1"], probe_interval=0.3) as browser:
        await trio.sleep(1.5)
        out["browsed"] = [t.name for t in browser.tables()]
    info = await net.probe(("127.0.0.1", 42001))
    out["probe"] = {"name": info["name"], "game": info["game"]}
    log = net.MemoryLog()
    async with net.open_mesh(
        node_key(5), info["table_id"], log, host="127.0.0.1", config=TEST_CONFIG
    ) as mesh:
        peer = await mesh.connect(("127.0.0.1", 42001))  # the key comes in the handshake
        out["host_key_ok"] = peer == net.peer_id_of(node_key(0)) and info["fp"] == net.fingerprint(
            peer
        )
        with trio.fail_after(5):
            while log.head() < 11:
                await trio.sleep(0.01)
        out["log"] = [e.decode() for e in log.entries]
    await host.send("quit")
    await host.proc.wait()
    out["host_exit"] = host.proc.returncode
    return out


@scenario
async def join_wrong_fingerprint() -> Any:
    """A joiner expecting the host fingerprint it saw advertised, while another key
    answers at that address (a spoofed mDNS answer): refused before it asks for a seat."""
    from p2pcards.games import load_game
    from p2pcards.identity import new_identity
    from p2pcards.peer import LobbyError, host_table, join_table

    out: dict[str, Any] = {}
    host, joiner = new_identity("Петя"), new_identity("Вася")
    import tempfile

    base = Path(tempfile.mkdtemp())
    async with host_table(host, load_game("akulina", seats=2), bind="127.0.0.1", mdns=False,
                          base=base / "h", open_table=True) as lobby:  # fmt: skip
        info = await net.probe(lobby.address)
        keyless = "key" not in info and host.peer_id not in info.values()
        out["info_fp_ok"] = info["fp"] == host.fingerprint and keyless
        try:
            async with join_table(joiner, lobby.address, expect_fingerprint="AAAA-BBBB-CCCC-DDDD",
                                  base=base / "j", timeout=3, yes=True):  # fmt: skip
                out["joined"] = True
        except LobbyError as e:
            out["refused"] = str(e)
    return out


def main() -> None:
    name = sys.argv[1]
    args = json.loads(sys.argv[2]) if len(sys.argv) > 2 else []
    assert os.environ.get("P2PCARDS_IN_NETNS") == "1", "scenarios run only inside a netns"
    result = trio.run(SCENARIOS[name], *args)
    print("RESULT " + json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
