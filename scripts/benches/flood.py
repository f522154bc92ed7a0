"""A flood of silent connections against a peer: its peak memory, and the game goes on.

scripts/bench flood [--connections N] [--game GAME]

Inside a private network namespace (unshare -rn, or -n as root; loopback only), three
CLI processes play a 3-seat game (Akulina by default) (host + 2 bots), first undisturbed (baseline),
then with N connections (default 200) opened at once to the host when the game starts
and held silent, re-opened whenever the host drops them, until the game ends
(tests/reliability/_scenarios.py ``flood``).  Prints the host's peak RSS (VmHWM) in MB
for both runs, the game's duration, the flood connections opened, and whether every
peer finished verified with identical logs.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from _util import emit

ROOT = Path(__file__).resolve().parents[2]


def main(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(prog="scripts/bench flood")
    ap.add_argument("--connections", type=int, default=200)
    ap.add_argument("--game", default="akulina", help="a 3-seat game (default akulina)")
    args = ap.parse_args(argv)
    scenario = [sys.executable, str(ROOT / "tests/reliability/_scenarios.py"), "flood",
                json.dumps([args.connections, True, args.game])]  # fmt: skip
    script = 'ip link set lo up && exec "$@"'
    for prefix in (["unshare", "-rn"], ["unshare", "-n"]):
        done = subprocess.run([*prefix, "sh", "-c", script, "sh", *scenario], capture_output=True,
                              text=True, cwd=ROOT, timeout=600)  # fmt: skip
        if "RESULT " in done.stdout:
            break
    else:
        sys.exit(f"flood scenario failed (needs unshare): {done.stderr[-2000:]}")
    line = next(x for x in done.stdout.splitlines() if x.startswith("RESULT "))
    result = json.loads(line[len("RESULT ") :])
    for run in ("baseline", "flood"):
        r = result[run]
        emit("flood.peak_rss", "MB", [r["peak_rss_mb"]], run=run, game=args.game,
             connections=args.connections if run == "flood" else 0,
             opened=r["flood_opened"], game_seconds=r["game_seconds"],
             all_verified=all(r["verified"]) and r["rcs"] == [0, 0, 0],
             logs_identical=r["logs_identical"])  # fmt: skip
