"""A discovery actor in its own OS process (driven by _scenarios.py inside a netns).

``host CONFIG_JSON``: run a mesh (so probes answer) and advertise a table on 127.0.0.1;
prints ``{"name": actual_name}``; then reads commands on stdin: ``taken N`` (update TXT,
prints ``{"updated": N}``) or ``quit`` (unregister, exit).
``browse``: print every discovery event as one JSON line.
"""

from __future__ import annotations

import json
import os
import sys

import trio

from p2pcards import net

LO = ["127.0.0.1"]


def say(obj: object) -> None:
    print(json.dumps(obj, ensure_ascii=False), flush=True)


async def host(cfg: dict) -> None:
    from _node import node_key

    k = node_key(cfg["key"])
    table_id = bytes.fromhex(cfg["table"])
    log = net.MemoryLog()
    for e in range(cfg.get("entries", 0)):
        log.append(b"entry %d" % e)
    config = net.MeshConfig(accept_unknown=True)
    async with net.open_mesh(
        k, table_id, log, host="127.0.0.1", port=cfg["port"], config=config
    ) as m:
        m.info = {"name": cfg["name"], "game": "akulina"}
        ad = net.TableAd(
            name=cfg["name"],
            table_id=table_id,
            game="akulina",
            seats_taken=cfg["taken"],
            seats_total=cfg["seats"],
            host_name=cfg["host"],
            host_key=m.id,
            port=m.address[1],
        )
        async with net.advertise(ad, interfaces=LO) as advert:
            say({"name": advert.name})
            stdin = trio.lowlevel.FdStream(os.dup(0))
            buf = b""
            while True:
                data = await stdin.receive_some(1024)
                if not data:
                    return
                buf += data
                while b"\n" in buf:
                    line, buf = buf.split(b"\n", 1)
                    cmd = line.decode().split()
                    if cmd[0] == "taken":
                        await advert.update(seats_taken=int(cmd[1]))
                        say({"updated": int(cmd[1])})
                    elif cmd[0] == "quit":
                        return


async def browse() -> None:
    async with net.browse(interfaces=LO, probe_interval=0.3, probe_timeout=0.5) as browser:
        say({"browsing": True})
        async for event in browser.events:
            if isinstance(event, net.TableFound | net.TableUpdated):
                t = event.table
                say(
                    {
                        "event": type(event).__name__,
                        "name": t.name,
                        "game": t.game,
                        "taken": t.seats_taken,
                        "seats": t.seats_total,
                        "host": t.host_name,
                        "fp": t.fingerprint,
                        "table": t.table_id.hex(),
                        "address": list(t.address),
                        "version": t.version,
                        "t": trio.current_time(),
                    }
                )
            else:
                say({"event": "TableLost", "name": event.name, "reason": event.reason})


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    if sys.argv[1] == "host":
        trio.run(host, json.loads(sys.argv[2]))
    else:
        trio.run(browse)
