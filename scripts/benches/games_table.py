"""``scripts/bench games_table [--games thousand 101 sunduchki] [--seed K]``: whole games
through the mental-poker table, every seat a Table in memory (tests/table/harness.py:
random delivery order, duplicates, basic bots), no dealer.

Plays a full game of Thousand to 1000 with 3 seats from 0 (22 hands: too slow for the
test suite, which continues one from a score sheet near the barrel), a whole series of
101 with 2 and 4 seats and a game of Sunduchki with 3, 4, 5 and 6 seats (the suite plays
2 and 6).  Each must end with byte-identical logs, every hand verified by every seat,
equal results and a verifying log audit (else the bench stops with an error).  Emits
the seconds of CPU per game, the hands played and the audit's seconds.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from _util import emit

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from p2pcards.table import audit_entries
from tests.table.harness import Harness

PLAYS: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "thousand": [(3, {})],
    "101": [(2, {}), (4, {})],
    "sunduchki": [(3, {}), (4, {}), (5, {}), (6, {})],
}


def play(game: str, seats: int, options: dict[str, Any], seed: int) -> None:
    t0 = time.process_time()
    h = Harness(game, seats, seed=seed, options=options)
    h.run(max_steps=20_000_000)
    cpu = time.process_time() - t0
    results = [t.result for t in h.tables]
    logs = h.logs()
    hands = h.tables[0].hand
    problems = []
    if results[0] is None or any(r != results[0] for r in results):
        problems.append("results missing or different")
    if any(log != logs[0] for log in logs):
        problems.append("logs differ")
    if any(t.verified != list(range(1, hands + 1)) or t.cheats for t in h.tables):
        problems.append("a hand not verified, or an accusation")
    t1 = time.process_time()
    report = audit_entries(logs[0])
    audit = time.process_time() - t1
    if report.verdict != "verified" or report.result != results[0]:
        problems.append(f"audit: {report.verdict}")
    if problems:
        sys.exit(f"scripts/bench games_table: {game} with {seats} seats: {problems}")
    emit(
        "games_table",
        "s cpu per game",
        [cpu],
        game=game,
        seats=seats,
        hands=hands,
        entries=len(logs[0]),
        result=results[0].get("scores", results[0].get("chests")),
    )
    emit("games_table", "s cpu log audit", [audit], game=game, seats=seats, hands=hands)


def main(argv: list[str]) -> None:
    p = argparse.ArgumentParser(prog="scripts/bench games_table")
    p.add_argument("--games", nargs="+", default=list(PLAYS), choices=list(PLAYS))
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args(argv)
    for game in a.games:
        for seats, options in PLAYS[game]:
            play(game, seats, options, a.seed)
