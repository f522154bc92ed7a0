"""A 2-seat game played through a man-in-the-middle relay (run inside a private netns by
``test_relay.py``; ``python tests/net/_relay_game.py TAMPER_JSON`` prints ``RESULT``).

Every connection between the two peers goes through the relay, whatever the direction:
the host listens on 127.0.0.1:P and the relay on 127.0.0.2:P; the joiner listens on
127.0.0.1:Q and the relay on 127.0.0.3:Q.  The relay dials out from the other address
(127.0.0.3 towards the host, 127.0.0.2 towards the joiner), so the address each peer
learns for the other (source address + the listening port from the handshake) is the
relay's.  The relay records every byte, parses the handshake frames and then the Noise
records, and on each of the first connections does one thing to one record after the
handshake: ``flip`` a bit, ``drop`` it, ``reorder`` it with the next, or ``inject`` a
forged record before it.
"""

from __future__ import annotations

import json
import logging
import os
import random
import struct
import sys
import tempfile
from pathlib import Path
from typing import Any

import msgpack
import trio

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from p2pcards.cards import Card  # noqa: E402
from p2pcards.games import load_game  # noqa: E402
from p2pcards.identity import new_identity  # noqa: E402
from p2pcards.peer import host_table, join_table, play_bot  # noqa: E402
from p2pcards.table import CheatDetected, audit_entries  # noqa: E402
from p2pcards.transcript import RecordType, read_log  # noqa: E402

TAMPER_AT = 2  # the third record after the handshake (heartbeats make sure it comes)


class _Captured(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(f"{record.levelname} {record.name}: {record.getMessage()}")


class _Direction:
    """Splits one direction of a relayed connection into units: ``frames`` 4-byte-framed
    handshake messages, then 2-byte-framed Noise records."""

    def __init__(self, frames: int) -> None:
        self.frames = frames
        self.buf = b""
        self.records = 0

    def units(self, data: bytes) -> list[tuple[str, bytes]]:
        self.buf += data
        out = []
        while True:
            size = 4 if self.frames else 2
            if len(self.buf) < size:
                return out
            n = int.from_bytes(self.buf[:size], "big")
            if len(self.buf) < size + n:
                return out
            unit, self.buf = self.buf[: size + n], self.buf[size + n :]
            if self.frames:
                self.frames -= 1
                out.append(("frame", unit))
            else:
                out.append(("record", unit))


class Relay:
    """Forward connections from ``listen`` to ``target``, dialing out from ``source``."""

    def __init__(self, listen: tuple[str, int], target: tuple[str, int], source: str,
                 plan: list[str]) -> None:  # fmt: skip
        self.listen, self.target, self.source = listen, target, source
        self.plan = plan
        self.captured = bytearray()  # every byte of every non-probe connection
        self.public = bytearray()  # PROBE / INFO exchanges (the table's public directory)
        self.done: list[str] = []
        self.connections = 0

    async def serve(self, task_status: Any = trio.TASK_STATUS_IGNORED) -> None:
        listeners = await trio.open_tcp_listeners(self.listen[1], host=self.listen[0])
        task_status.started()
        await trio.serve_listeners(self._handle, listeners)

    async def _handle(self, client: trio.SocketStream) -> None:
        self.connections += 1
        sock = trio.socket.socket()
        try:
            await sock.bind((self.source, 0))
            await sock.connect(self.target)
        except OSError:
            sock.close()
            await client.aclose()
            return
        upstream = trio.SocketStream(sock)
        state: dict[str, Any] = {"probe": None, "action": None}
        async with trio.open_nursery() as nursery:
            nursery.start_soon(self._pump, client, upstream, _Direction(2), state, 0, nursery)
            nursery.start_soon(self._pump, upstream, client, _Direction(1), state, 1, nursery)
        await client.aclose()
        await upstream.aclose()

    async def _pump(self, src: trio.SocketStream, dst: trio.SocketStream, d: _Direction,
                    state: dict[str, Any], side: int, nursery: trio.Nursery) -> None:  # fmt: skip
        held: bytes | None = None
        try:
            while data := await src.receive_some(65536):
                for kind, unit in d.units(data):
                    if state["probe"] is None:  # the first frame of the dialer
                        state["probe"] = unit[4:] == b"\x91\x09"  # msgpack [PROBE]
                        if not state["probe"] and self.plan:
                            state["action"] = (self.plan.pop(0), len(self.done) % 2)
                    (self.public if state["probe"] else self.captured).extend(unit)
                    action = state["action"]
                    if kind == "record" and action is not None and action[1] == side:
                        index = d.records
                        d.records += 1
                        if held is not None:  # reorder: the next one first, then it
                            await dst.send_all(unit + held)
                            held = None
                            continue
                        if index == TAMPER_AT:
                            what = action[0]
                            self.done.append(what)
                            state["action"] = None
                            if what == "flip":
                                unit = unit[:5] + bytes([unit[5] ^ 0x10]) + unit[6:]
                            elif what == "drop":
                                continue
                            elif what == "reorder":
                                held = unit
                                continue
                            elif what == "inject":
                                forged = os.urandom(24)
                                unit = struct.pack(">H", len(forged)) + forged + unit
                    await dst.send_all(unit)
        except (trio.BrokenResourceError, trio.ClosedResourceError, OSError):
            pass
        nursery.cancel_scope.cancel()


async def game(plan: list[str]) -> dict[str, Any]:
    cap = _Captured()
    logging.getLogger("p2pcards").addHandler(cap)
    logging.getLogger("p2pcards").setLevel(logging.INFO)
    names = ["Аня", "Boris"]
    ids = [new_identity(n) for n in names]
    out: dict[str, Any] = {}
    results: dict[int, Any] = {}
    logs: dict[int, str] = {}
    cheats: list[str] = []
    relays: list[Relay] = []
    base = Path(tempfile.mkdtemp())
    with trio.fail_after(120):
        async with (
            host_table(ids[0], load_game("akulina", seats=2), bind="127.0.0.1", mdns=False,
                       base=base / "p0", table_name="Стол Ани", open_table=True) as lobby,
            trio.open_nursery() as nursery,
        ):  # fmt: skip
            port = lobby.address[1]
            to_host = Relay(("127.0.0.2", port), ("127.0.0.1", port), "127.0.0.3", list(plan))
            await nursery.start(to_host.serve)
            relays.append(to_host)

            def watch(ev: Any) -> None:
                if isinstance(ev, CheatDetected):
                    cheats.append(repr(ev))

            async def joiner() -> None:
                async with join_table(ids[1], ("127.0.0.2", port), bind="127.0.0.1",
                                      base=base / "p1", yes=True) as jl:  # fmt: skip
                    q = jl.address[1]
                    to_joiner = Relay(
                        ("127.0.0.3", q), ("127.0.0.1", q), "127.0.0.2", to_host.plan
                    )  # fmt: skip
                    await nursery.start(to_joiner.serve)
                    relays.append(to_joiner)
                    s = await jl.started()
                    results[1] = await play_bot(s, "basic", random.Random(1), watch)
                    logs[1] = s.log_path
                    await s.done.wait()

            async with trio.open_nursery() as players:
                players.start_soon(joiner)
                session = await lobby.started()
                results[0] = await play_bot(session, "basic", random.Random(0), watch)
                logs[0] = session.log_path
            nursery.cancel_scope.cancel()
    files = [Path(logs[i]).read_bytes() for i in (0, 1)]
    entries = [r.data for r in read_log(files[0]).records if r.type == RecordType.ENTRY]
    report = audit_entries(entries)
    out["results_equal"] = results[0] == results[1] and isinstance(results[0], dict)
    out["loser"] = results[0].get("loser") if isinstance(results[0], dict) else None
    out["logs_identical"] = files[0] == files[1]
    out["verdict"] = report.verdict
    out["cheats"] = cheats
    out["tampered"] = [w for r in relays for w in r.done]
    out["connections"] = [r.connections for r in relays]
    captured = b"".join(bytes(r.captured) for r in relays)
    public = b"".join(bytes(r.public) for r in relays)
    out["captured_bytes"] = len(captured)
    secrets = {
        "names": [n.encode() for n in names],
        "table name": ["Стол Ани".encode()],
        "game": [b"akulina"],
        # every card as a msgpack string ("Q♠": 5-6 bytes); a bare 3-byte suit symbol
        # turns up by chance in ~100 KiB of ciphertext about once in 40 runs
        "suits": [msgpack.packb(Card.from_code(c).symbol) for c in range(52)],
        "entry keys": [
            b"\xa8protocol",
            b"\xa5seats",
            b"\xa7sealing",
            b"\xa8identity",
            b"\xa7genesis",
            b"\xa7options",
        ],
        "identity keys": [i.peer_id for i in ids],
        "sealing keys": [i.sealing_public for i in ids],
    }
    out["found"] = {k: [v.hex() for v in vs if v in captured] for k, vs in secrets.items()}
    out["entries_in_clear"] = sum(e in captured for e in entries)
    out["public_has_keys"] = [i.peer_id in public for i in ids]
    out["warnings"] = [line for line in cap.lines if line.startswith("WARNING")]
    out["fingerprints"] = [i.fingerprint for i in ids]
    return out


def main() -> None:
    assert os.environ.get("P2PCARDS_IN_NETNS") == "1", "runs only inside a netns"
    result = trio.run(game, json.loads(sys.argv[1]))
    print("RESULT " + json.dumps(result, ensure_ascii=False), flush=True)


if __name__ == "__main__":
    main()
