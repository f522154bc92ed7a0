"""``scripts/bench bots [--game G ...] [--level L ...] [--games N] [--jobs J]``: how the
strong bots do against ``basic``, how long they think, and ``--jobs`` independence.

For each game and level: one bot at that level against ``basic`` in every other seat,
its seat rotating game by game (``simulate --rotate``), the aims of issue 17:

- thousand (3 seats): share of games won (baseline 1/3; aim >= 0.6 at hard, 400 games);
- 101 (4 seats): share of series lost (aim <= 0.12; the baseline is not 1/4: every seat
  above 101 in the last deal loses, about 1.2 losers per series, so basic against
  basic loses about 0.3);
- sunduchki (3 seats): share of games won (aim >= 0.55; tied leaders all win, so basic
  against basic wins about 0.45, not 1/3).

``--level easy`` measures that baseline (basic in the seat) on the same seeds.

Each line carries the 95 % Wilson interval.  Then the think time per decision of the
level's bot (median, p95 and max, in seconds, measured inside the worker processes:
one line of wall-clock time, one of the thread's CPU time, the figure to read on a
loaded machine) and, with
``--compare-jobs K`` (default 6 games; 0: skip), the same Thousand match at ``--jobs 1``
and ``--jobs 2``: identical records, and the speed-up.  Full size is
``--games 400 --level hard``; on a shared machine run it under ``nice -n 19``.
"""

from __future__ import annotations

import argparse
import json
import time

from _util import emit

from p2pcards.cli._match import MatchSpec, default_jobs, run_match
from p2pcards.cli._stats import wilson
from p2pcards.games import game_info
from p2pcards.games._levels import has_strong

SETUP = {
    "thousand": (3, "share of games won", "winners"),
    "101": (4, "share of series lost", "losers"),
    "sunduchki": (3, "share of games won", "winners"),
}


def match(game: str, level: str, games: int, seed: int, jobs: int) -> None:
    seats, unit, field = SETUP[game]
    spec = MatchSpec(game, seats, {}, (level, *["basic"] * (seats - 1)), rotate=True)
    t0 = time.perf_counter()
    records = run_match(spec, games, seed, jobs, timing=True)
    dt = time.perf_counter() - t0
    k = sum(r.bots.index(level) in getattr(r, field) for r in records)
    lo, hi = wilson(k, games)
    bot = "strong" if level != "easy" and has_strong(game_info(game)) else "basic"
    line = {
        "bench": "bots",
        "game": game,
        "bot": bot,
        "level": level,
        "against": "basic",
        "unit": unit,
        "value": round(k / games, 3),
        "ci95": [round(lo, 3), round(hi, 3)],
        "games": games,
        "seed": seed,
        "jobs": jobs,
        "seconds": round(dt, 1),
    }
    print(json.dumps(line), flush=True)
    think = [t for r in records for t in r.think[r.bots.index(level)]]
    if think:
        emit(
            "bots",
            "think time per decision (s)",
            think,
            game=game,
            level=level,
            bot=bot,
            max=round(max(think), 3),
        )
        cpu = [t for r in records for t in r.think_cpu[r.bots.index(level)]]
        emit(
            "bots",
            "think CPU time per decision (s)",
            cpu,
            game=game,
            level=level,
            bot=bot,
            max=round(max(cpu), 3),
        )


def compare_jobs(games: int, seed: int) -> None:
    spec = MatchSpec("thousand", 3, {"max_hands": 12}, ("medium", "basic", "basic"), True)
    t0 = time.perf_counter()
    one = run_match(spec, games, seed, 1)
    t1 = time.perf_counter()
    two = run_match(spec, games, seed, 2)
    t2 = time.perf_counter()
    out = {
        "bench": "bots",
        "what": "simulate --jobs 2 vs --jobs 1 (thousand, medium vs basic, max_hands=12)",
        "games": games,
        "identical": one == two,
        "unit": "speed-up (time at 1 job / time at 2 jobs)",
        "value": round((t1 - t0) / (t2 - t1), 2),
        "seconds": [round(t1 - t0, 1), round(t2 - t1, 1)],
    }
    print(json.dumps(out), flush=True)


def main(argv: list[str]) -> None:
    p = argparse.ArgumentParser(prog="scripts/bench bots")
    p.add_argument("--game", nargs="+", default=list(SETUP), choices=list(SETUP))
    p.add_argument("--level", nargs="+", default=["medium", "hard"])
    p.add_argument("--games", type=int, default=400)
    p.add_argument("--seed", type=int, default=17)
    p.add_argument("--jobs", type=int, default=default_jobs())
    p.add_argument("--compare-jobs", type=int, default=6, metavar="GAMES")
    a = p.parse_args(argv)
    for game in a.game:
        for level in a.level:
            match(game, level, a.games, a.seed, a.jobs)
    if a.compare_jobs:
        compare_jobs(a.compare_jobs, a.seed)
