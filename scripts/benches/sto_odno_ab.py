"""``scripts/bench sto_odno_ab [--a A] [--b B] [--series N] [--seed K] [--jobs J]``: two forms of
101's strong bot compared on the same series (paired).

Series i (the seeds of ``scripts/bench bots``, ``game_seeds(K, N)``) is played twice
with one seat (``i % 4``) taken by form A, then by form B, the other three seats by
``basic``.  Prints one JSON line: the share of series each form lost, the mean of
(B lost - A lost) over the pairs with its 95 % interval (normal, 1.96 standard errors;
negative: B loses less), how many pairs differed, each form's CPU seconds and its CPU
seconds per decision (median, p95, max over its decisions with two or more legal moves).

Forms: ``LEVEL[:flag=value,...]``, e.g. ``hard``, ``hard:eps=0.05``,
``hard:candidates=1`` (no weighing by past plays), ``hard:samples=48``; ``basic`` is
the basic bot.  The flags are the keyword arguments of
:class:`p2pcards.games.sto_odno._strong.StrongStoOdno` and the budget's ``samples``.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from _util import paired

from p2pcards.cli._match import game_seeds
from p2pcards.games import LocalDealer, load_game
from p2pcards.games._dealer import Player
from p2pcards.games._search import LEVELS
from p2pcards.games.sto_odno import GAME
from p2pcards.games.sto_odno._strong import StrongStoOdno


def make(form: str) -> Player:
    """The player of a form (see the module docstring)."""
    if form == "basic":
        return GAME.bots["basic"]
    level, _, rest = form.partition(":")
    kw: dict[str, Any] = {}
    for item in filter(None, rest.split(",")):
        k, _, v = item.partition("=")
        try:
            kw[k] = int(v)
        except ValueError:
            kw[k] = float(v)
    budget = LEVELS[level]
    if "samples" in kw:
        budget = dataclasses.replace(budget, samples=kw.pop("samples"))
    return StrongStoOdno(budget, **kw)


def lost(game: Any, seed: int, seat: int, bot: Player, cpu: list[float] | None = None) -> int:
    """Whether ``bot`` in ``seat`` lost the series of ``seed``; with ``cpu``, the thread's
    CPU seconds of each of its decisions with two or more legal moves appended."""
    players = [GAME.bots["basic"]] * 4
    if cpu is None:
        players[seat] = bot
    else:

        def timed(view: Any, legal: Any, rng: random.Random) -> Any:
            t = time.thread_time()
            m = bot(view, legal, rng)
            if len(legal) > 1:
                cpu.append(time.thread_time() - t)
            return m

        players[seat] = timed
    dealer = LocalDealer(game.new_state(), rng=random.Random(seed))
    return int(seat in dealer.run(players)["losers"])


def pair(job: tuple[str, str, int, int]) -> tuple[int, int, float, float, list[float], list[float]]:
    """One series played by form A and by form B in seat ``i % 4``: (A lost, B lost,
    A's and B's CPU seconds, the CPU seconds of A's and B's decisions)."""
    fa, fb, i, gs = job
    game = load_game("101", seats=4)
    out = []
    for f in (fa, fb):
        t = time.process_time()
        ts: list[float] = []
        out.append((lost(game, gs, i % 4, make(f), ts), time.process_time() - t, ts))
    return out[0][0], out[1][0], out[0][1], out[1][1], out[0][2], out[1][2]


def cpu_stats(ts: list[float]) -> dict[str, Any]:
    """Median, p95 and max CPU seconds per decision, and how many decisions."""
    ts = sorted(ts) or [0.0]
    p95 = ts[min(len(ts) - 1, round(0.95 * (len(ts) - 1)))]
    return {
        "median": round(statistics.median(ts), 3),
        "p95": round(p95, 3),
        "max": round(ts[-1], 3),
        "decisions": len(ts),
    }


def main(argv: list[str]) -> None:
    p = argparse.ArgumentParser(prog="scripts/bench sto_odno_ab")
    p.add_argument("--a", default="hard:candidates=1")
    p.add_argument("--b", default="hard")
    p.add_argument("--series", type=int, default=200)
    p.add_argument("--seed", type=int, default=17)
    p.add_argument("--jobs", type=int, default=1)
    a = p.parse_args(argv)
    jobs = [(a.a, a.b, i, gs) for i, gs in enumerate(game_seeds(a.seed, a.series))]
    t0 = time.perf_counter()
    if a.jobs > 1:
        with ProcessPoolExecutor(max_workers=a.jobs) as pool:
            res = list(pool.map(pair, jobs, chunksize=4))
    else:
        res = [pair(j) for j in jobs]
    xs = [r[0] for r in res]
    ys = [r[1] for r in res]
    out = {
        "bench": "sto_odno_ab",
        "a": a.a,
        "b": a.b,
        "series": len(xs),
        "seed": a.seed,
        "unit": "share of series lost, B - A",
        **paired(xs, ys, 3, "lost"),
        "cpu_a": round(sum(r[2] for r in res), 1),
        "cpu_b": round(sum(r[3] for r in res), 1),
        "cpu_decision_a": cpu_stats([t for r in res for t in r[4]]),
        "cpu_decision_b": cpu_stats([t for r in res for t in r[5]]),
        "seconds": round(time.perf_counter() - t0, 1),
    }
    print(json.dumps(out), flush=True)
