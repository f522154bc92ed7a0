"""A headless peer written against the Python API (docs/api.md).

    .venv/bin/python scripts/example_bot.py HOST:PORT [--strategy basic]

It creates (or loads) an identity, joins the table hosted at HOST:PORT, plays its seat
with a bot strategy and prints every event and the final verdict.  The bot sees only its
own seat's view, like any player.
"""

from __future__ import annotations

import argparse
import random

import trio

from p2pcards.identity import load_or_create_identity
from p2pcards.net import fingerprint
from p2pcards.peer import join_table, run_bot


async def main(address: tuple[str, int], strategy: str) -> None:
    me = load_or_create_identity()
    async with join_table(me, address, yes=True) as lobby:  # yes: no one to confirm the host
        print("host fingerprint:", fingerprint(lobby.host_key))
        async for update in lobby.updates:
            print("lobby:", ", ".join(update.names), f"({len(update.names)}/{update.total})")
            if len(update.names) == update.total:
                break
        session = await lobby.started()
        ending = await run_bot(session, strategy, random.Random(), on_event=print)
        print("result:", ending.status, ending.result)
        print("hands verified:", ending.verified, "log:", ending.log_path)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("address", help="HOST:PORT of the table")
    ap.add_argument("--strategy", default="basic")
    a = ap.parse_args()
    host, _, port = a.address.rpartition(":")
    trio.run(main, (host, int(port)), a.strategy)
