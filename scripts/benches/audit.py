"""``scripts/bench audit [--seats N]``: time to audit the log of a full Akulina hand
(every signature, the hash chain, every proof: seat keys, shuffles, shares, hand
re-shuffles, lots; every claim), in one process; ``--game thousand``: a whole game of
Thousand to 1000 (with the progress callback the CLI's bar uses).  Wall and CPU time (the
CPU figure is the one to trust on a loaded machine).  Also the in-memory
time of the whole hand with N mental-poker tables in one process (all seats' work)."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from _util import emit

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from p2pcards.table import audit_entries
from tests.table.harness import Harness


def main(argv: list[str]) -> None:
    p = argparse.ArgumentParser(prog="scripts/bench audit")
    p.add_argument("--seats", type=int, action="append")
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--game", default="akulina", help="akulina (a hand) or thousand (to 1000)")
    a = p.parse_args(argv)
    for n in a.seats or [2, 4, 8]:
        audits, games, cpu = [], [], []
        hands = 0
        entries = 0
        for r in range(a.runs):
            t0 = time.perf_counter()
            h = Harness(a.game, n, seed=500 + r, duplicate=0.0)
            h.run()
            games.append((time.perf_counter() - t0) * 1000)
            log = h.logs()[0]
            entries = len(log)
            t0, c0 = time.perf_counter(), time.process_time()
            report = audit_entries(log, progress=lambda done, total: None)
            audits.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.process_time() - c0) * 1000)
            assert report.verdict == "verified"
            hands = len(report.hands_verified)
        emit("audit", "ms", audits, game=a.game, seats=n, entries=entries, hands=hands)
        emit("audit", "cpu ms", cpu, game=a.game, seats=n, entries=entries, hands=hands)
        emit("table_inmemory_game", "ms", games, game=a.game, seats=n)
