"""``scripts/bench honest [--games N] [--seed K] [--game G] [--seats N ...]``: many honest
games through the mental-poker table in memory (tests/games/_drive.py,
tests/table/harness.py: random delivery order, 5% duplicates, basic bots), 2 to 8 seats,
small tables dominating (the default 200 games: 90 of 2 seats, 60 of 3, 30 of 4, 8 of 5,
5 of 6, 4 of 7, 3 of 8; ``--seats``: these seat counts in turn instead; a size the game is
not played by becomes its nearest: Sunduchki's 7 and 8 are 6, Thousand's 2-4).

Emits one JSON line per seat count and one in total: ``games``, ``accusations`` (must be
0), ``identical_logs`` (games whose logs were byte-identical at every seat: must equal
``games``), ``verified`` (games where every seat verified every hand), and the CPU seconds.
Exits with an error when an honest game showed anything else.  The test suite plays 20 of
these (tests/table/test_table.py).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from p2pcards.games import game_info
from tests.games._drive import HONEST_SIZES_200, play_honest


def main(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(prog="scripts/bench honest", description=__doc__)
    ap.add_argument("--games", type=int, default=len(HONEST_SIZES_200))
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--game", default="akulina")
    ap.add_argument(
        "--seats", type=int, nargs="+", help="seat counts to play in turn (default: the 200 mix)"
    )
    args = ap.parse_args(argv)
    info = game_info(args.game)  # sizes the game is not played by: its nearest size
    mix = args.seats or HONEST_SIZES_200
    fit = [min(max(n, info.min_seats), info.max_seats) for n in mix]
    sizes = (fit * (args.games // len(fit) + 1))[: args.games]
    rows: dict[int, dict[str, float]] = {}
    problems = []
    for i, n in enumerate(sizes):
        t0 = time.process_time()
        h, wrong = play_honest(args.game, n, args.seed + i)
        r = rows.setdefault(
            n, {"games": 0, "accusations": 0, "identical_logs": 0, "verified": 0, "cpu": 0.0}
        )
        r["games"] += 1
        r["accusations"] += sum(len(h.cheats(s)) for s in range(n))
        r["identical_logs"] += "logs differ" not in wrong
        r["verified"] += "a hand not verified" not in wrong
        r["cpu"] += time.process_time() - t0
        problems += [(i, n, w) for w in wrong]
    total = {"games": 0, "accusations": 0, "identical_logs": 0, "verified": 0}
    for n in sorted(rows):
        r = rows[n]
        for k in total:
            total[k] += int(r[k])
        print(json.dumps({"bench": "honest", "game": args.game, "seats": n,
                          **{k: int(r[k]) for k in total},
                          "cpu_s": round(r["cpu"], 1)}), flush=True)  # fmt: skip
    print(json.dumps({"bench": "honest", "game": args.game, "seats": "all", **total,
                      "cpu_s": round(time.process_time(), 1)}), flush=True)  # fmt: skip
    if problems:
        sys.exit(f"honest games went wrong: {problems[:5]}")
