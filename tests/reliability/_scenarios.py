"""Hostile-network scenarios, each run by a test inside a private network namespace
(tests/net/_netns.py); never on a real interface.

``python tests/reliability/_scenarios.py NAME ARGS_JSON`` runs scenario NAME and prints
``RESULT <json>``; the pytest side asserts on it.

* ``attacks``: one honest mesh (in this process, logging captured) and one honest member
  gossiping entries with it, while hostile connections arrive: a slow sender before and
  after the handshake (one byte per second), an impostor (a member's key it cannot sign
  for), an oversized length prefix, a truncated HELLO, garbage after the handshake
  (unknown message type, wrong field types, deep nesting; well encrypted, so it is the
  message layer that refuses it), and a record with a flipped bit after the handshake.
  Reports how long each took to be dropped and the warnings logged.
* ``flood``: a 3-seat game (default Akulina) among three CLI processes (host + 2 bots); once it
  starts, 200 connections are opened at once to the host and held silent (re-opened
  whenever the host drops them) until the game ends.  Reports every peer's exit status
  and verdict, whether the logs are identical, the host's peak RSS (VmHWM) and its
  warnings; with ``baseline`` the same game is first played without the flood.
"""

from __future__ import annotations

import json
import logging
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import msgpack
import trio

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey  # noqa: E402

from p2pcards import PROTOCOL_VERSION, net  # noqa: E402
from p2pcards.net import _noise  # noqa: E402

SCENARIOS: dict[str, Callable[..., Awaitable[Any]]] = {}


def scenario(fn: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
    SCENARIOS[fn.__name__] = fn
    return fn


class Captured(logging.Handler):
    """Keeps every record logged (level, logger, message)."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(f"{record.levelname} {record.name}: {record.getMessage()}")


def key(i: int) -> Ed25519PrivateKey:
    return Ed25519PrivateKey.from_private_bytes(bytes([i]) * 32)


TABLE = bytes(range(16))


async def _hostile_handshake(
    fs: net.FrameStream, me: Ed25519PrivateKey, port: int
) -> net.FrameStream:
    """A correct handshake by ``me`` (an admitted key); returns the encrypted channel."""
    auth = await net.handshake(fs, key=me, table_id=TABLE, head=-1, listen_port=port,
                               initiator=True, timeout=3)  # fmt: skip
    assert auth.channel is not None
    return auth.channel


@scenario
async def attacks() -> dict[str, Any]:
    cap = Captured()
    logging.getLogger("p2pcards").addHandler(cap)
    logging.getLogger("p2pcards").setLevel(logging.INFO)
    cfg = net.MeshConfig(handshake_timeout=2.0, liveness_timeout=2.0, heartbeat_interval=0.5,
                         accept_unknown=True)  # fmt: skip
    honest_store, member_store = net.MemoryLog(), net.MemoryLog()
    out: dict[str, Any] = {"dropped_after": {}, "ports": {}}
    async with (
        net.open_mesh(key(1), TABLE, honest_store, host="127.0.0.1", config=cfg) as mesh,
        net.open_mesh(key(2), TABLE, member_store, host="127.0.0.1", config=cfg) as member,
    ):
        addr = mesh.address
        await member.connect(addr, expected_id=mesh.id)

        async def attacker(name: str, act: Callable[[trio.SocketStream], Awaitable[None]]) -> None:
            stream = await trio.open_tcp_stream(*addr)
            out["ports"][name] = stream.socket.getsockname()[1]
            t0 = trio.current_time()
            try:
                with trio.fail_after(15):
                    await act(stream)
                    while await stream.receive_some(65536):  # until the honest end drops us
                        pass
            except (trio.BrokenResourceError, trio.ClosedResourceError, OSError):
                pass
            except trio.TooSlowError:
                out["dropped_after"][name] = None  # never dropped: a hang
                return
            out["dropped_after"][name] = round(trio.current_time() - t0, 2)
            await stream.aclose()

        async def slow_hello(stream: trio.SocketStream) -> None:
            hello = net.encode_frame(net.encode(net.MsgType.HELLO, PROTOCOL_VERSION, TABLE,
                                                bytes(32)))  # fmt: skip
            for b in hello:
                await stream.send_all(bytes([b]))
                await trio.sleep(1.0)

        async def slow_after_handshake(stream: trio.SocketStream) -> None:
            channel = await _hostile_handshake(net.FrameStream(stream), key(8), 0)
            frame = net.encode_frame(net.encode(net.MsgType.PING, 5))
            for b in frame:  # one encrypted record of one byte per second
                await channel.stream.send_all(bytes([b]))
                await trio.sleep(1.0)

        async def impostor(stream: trio.SocketStream) -> None:
            fs = net.FrameStream(stream)
            claimed = member.id  # a member's key; it holds only key 9
            hs = _noise.NoiseHandshake(TABLE, initiator=True)
            await fs.send(net.encode(net.MsgType.HELLO, PROTOCOL_VERSION, TABLE, hs.write()))
            _, (m2,) = net.decode(await fs.receive(3))
            hs.read(m2)
            sig = key(9).sign(_noise.signed_bytes(TABLE, _noise.INITIATOR, hs.static_public))
            await fs.send(net.encode(net.MsgType.AUTH,
                                     hs.write(msgpack.packb([claimed, sig, 0, -1]))))  # fmt: skip

        async def tampered(stream: trio.SocketStream) -> None:
            channel = await _hostile_handshake(net.FrameStream(stream), key(11), 0)
            secure = channel.stream
            assert isinstance(secure, net.SecureStream)
            record = secure.cipher.seal(net.encode_frame(net.encode(net.MsgType.PING, 5)))
            await stream.send_all(record[:-1] + bytes([record[-1] ^ 1]))

        async def oversized(stream: trio.SocketStream) -> None:
            await stream.send_all(b"\xff\xff\xff\xff" + b"x" * 100)

        async def truncated(stream: trio.SocketStream) -> None:
            hello = net.encode_frame(net.encode(net.MsgType.HELLO, PROTOCOL_VERSION, TABLE,
                                                bytes(32)))  # fmt: skip
            await stream.send_all(hello[:20])
            await stream.send_eof()

        def garbage(i: int, payload: bytes) -> Callable[[trio.SocketStream], Awaitable[None]]:
            async def act(stream: trio.SocketStream) -> None:
                channel = await _hostile_handshake(net.FrameStream(stream), key(20 + i), 0)
                await channel.send(payload)  # each its own key

            return act

        nested: Any = None
        for _ in range(1000):
            nested = [nested]
        attacks_ = {
            "slow_hello": slow_hello,
            "slow_after_handshake": slow_after_handshake,
            "impostor": impostor,
            "oversized": oversized,
            "tampered": tampered,
            "truncated": truncated,
            "unknown_type": garbage(1, msgpack.packb([99, 1])),
            "wrong_types": garbage(2, msgpack.packb([int(net.MsgType.ENTRY), "x", 5])),
            "deep_nesting": garbage(3, msgpack.packb([int(net.MsgType.DIRECT), nested])),
        }
        async with trio.open_nursery() as nursery:
            for name, act in attacks_.items():
                nursery.start_soon(attacker, name, act)

            async def gossip() -> None:  # the honest pair keeps working meanwhile
                for i in range(40):
                    member_store.append(f"entry {i}".encode())
                    member.announce()
                    await trio.sleep(0.1)

            nursery.start_soon(gossip)
        with trio.fail_after(5):
            while honest_store.head() < 39:
                await trio.sleep(0.05)
        out["honest_head"] = honest_store.head()
        out["logs_equal"] = [honest_store.get(i) for i in range(40)] == [
            member_store.get(i) for i in range(40)
        ]
        out["member_connected"] = member.id in mesh.connected()
    out["warnings"] = [line for line in cap.lines if line.startswith("WARNING")]
    return out


# -- the flood ----------------------------------------------------------------------------
def _peak_rss_kib(pid: int) -> int:
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    m = re.search(r"VmHWM:\s+(\d+) kB", text)
    return int(m.group(1)) if m else 0


def _play(port: int, base: Path, flood: int, hold: float, game: str) -> dict[str, Any]:
    """One 3-seat game among three CLI processes; ``flood`` silent connections held
    against the host from the moment the game starts."""
    py = [sys.executable, "-m", "p2pcards.cli"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    common = ["--lang", "en"]
    base.mkdir(parents=True)
    files = [(open(base / f"out{i}", "w+"), open(base / f"err{i}", "w+")) for i in range(3)]
    host = subprocess.Popen(
        [*py, "host", game, "--seats", "3", "--no-mdns", "--bind", "127.0.0.1",
         "--port", str(port), "--headless", "basic", "--open", "--home", str(base / "p0"), *common],
        stdout=files[0][0], stderr=files[0][1], env=env, cwd=ROOT, text=True,
    )  # fmt: skip
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:  # wait until it listens
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            time.sleep(0.05)
    bots = []
    for i in (1, 2):
        cmd = [*py, "bot", "--join", f"127.0.0.1:{port}", "--strategy", "basic", "--yes", "--seed",
               str(i), "--home", str(base / f"p{i}"), *common]  # fmt: skip
        bots.append(subprocess.Popen(cmd, stdout=files[i][0], stderr=files[i][1], env=env,
                                     cwd=ROOT, text=True))  # fmt: skip
    # the game starts once both bots are seated: wait until the host has both connected
    socks: list[socket.socket] = []
    opened = 0
    peak = 0
    started = time.monotonic()
    while time.monotonic() - started < 20:
        if len(list((base / "p0" / "tables").glob("*.log"))) and all(
            list((base / f"p{i}" / "tables").glob("*.log")) for i in (1, 2)
        ):
            break
        time.sleep(0.02)
    flood_started = time.monotonic()
    while host.poll() is None and time.monotonic() - flood_started < 90:
        peak = max(peak, _peak_rss_kib(host.pid))
        if flood:
            alive = []
            for s in socks:  # drop the ones the host closed, re-open them
                try:
                    s.setblocking(False)
                    if s.recv(1) == b"":
                        s.close()
                        continue
                    alive.append(s)
                except BlockingIOError:
                    alive.append(s)
                except OSError:
                    s.close()
            socks = alive
            while len(socks) < flood:
                try:
                    s = socket.create_connection(("127.0.0.1", port), timeout=1)
                    socks.append(s)
                    opened += 1
                except OSError:
                    break
        time.sleep(0.05)
    game_seconds = time.monotonic() - flood_started
    time.sleep(hold)
    for s in socks:
        s.close()
    outs = []
    for p, (fo, fe) in zip([host, *bots], files, strict=True):
        try:
            p.wait(timeout=30)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
        fo.seek(0)
        fe.seek(0)
        outs.append((p.returncode, fo.read(), fe.read()))
    logs = [sorted((base / f"p{i}" / "tables").glob("*.log")) for i in range(3)]
    contents = [paths[0].read_bytes() if paths else b"" for paths in logs]
    return {
        "rcs": [rc for rc, _, _ in outs],
        "verified": ["verified: every hand checked" in o for _, o, _ in outs],
        "logs_identical": len(set(contents)) == 1 and bool(contents[0]),
        "peak_rss_mb": round(peak / 1024, 1),
        "flood_opened": opened,
        "game_seconds": round(game_seconds, 1),
        "host_warnings": [line for line in outs[0][2].splitlines() if "connection" in line][:400],
        "stderr_tails": [e[-1500:] for rc, _o, e in outs if rc != 0],
    }


@scenario
async def flood(connections: int, baseline: bool, game: str = "akulina") -> dict[str, Any]:
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        # (ports below Linux's ephemeral range, 32768-60999: polling 41600 before the host
        # listened once connected a client socket to itself, a TCP self-connect whose port
        # the host then could not bind: "Address already in use", a clean-clone run)
        if baseline:
            out["baseline"] = _play(21500, Path(tmp) / "a", 0, 0.0, game)
        out["flood"] = _play(21600, Path(tmp) / "b", connections, 0.0, game)
    return out


def main() -> None:
    name, args = sys.argv[1], json.loads(sys.argv[2])
    result = trio.run(SCENARIOS[name], *args)
    print("RESULT " + json.dumps(result, ensure_ascii=False), flush=True)


if __name__ == "__main__":
    main()
