"""``scripts/bench sto_odno_round [--a A] [--b B] [--positions N] [--seed K] [--jobs J]``:
two forms of 101's strong bot compared on single rounds (paired), a quicker and less
noisy yardstick than whole series (``sto_odno_ab``).

Positions: the totals before each round of series of four ``basic`` bots (the seeds of
``scripts/bench bots``, ``game_seeds(K, ...)``), the first ``N``.  Position ``j`` is one
round dealt from those totals (option ``scores``, ``max_rounds=1``, the same deal for A
and B) with seat ``j % 4`` taken by form A, then by form B, the other seats by
``basic``.  Each form scores the race model's chance of losing the series from the
totals after the round (``_strong.lose_chance``, in percent: 100 lost, 0 another seat
lost); the line gives both means and the mean of B - A with its 95 % interval
(negative: B does better), and the mean round points of each form.  Forms as in
``scripts/bench sto_odno_ab``.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from concurrent.futures import ProcessPoolExecutor

from _util import paired
from sto_odno_ab import make

from p2pcards.cli._match import game_seeds
from p2pcards.games import LocalDealer, load_game
from p2pcards.games.sto_odno import GAME
from p2pcards.games.sto_odno import _strong as S


def positions(seed: int, n: int) -> list[tuple[list[int], int]]:
    """(totals before a round, a deal seed) for the first ``n`` rounds of basic series."""
    out: list[tuple[list[int], int]] = []
    game = load_game("101", seats=4)
    for gs in game_seeds(seed, n):
        res = LocalDealer(game.new_state(), rng=random.Random(gs)).run([GAME.bots["basic"]] * 4)
        totals = [0, 0, 0, 0]
        for k, e in enumerate(res["sheet"]):
            if "scores" not in e:
                continue
            out.append((list(totals), gs * 1000 + k))
            totals = list(e["scores"])
            if len(out) >= n:
                return out
    return out


def play(job: tuple[str, str, int, list[int], int]) -> tuple[float, float, int, int]:
    """Position ``j`` played by form A and form B: (A's loss chance, B's, A's round
    points, B's)."""
    fa, fb, j, totals, ds = job
    seat = j % 4
    game = load_game("101", seats=4, scores=",".join(map(str, totals)), max_rounds=1)
    out: list[tuple[float, int]] = []
    for f in (fa, fb):
        players = [GAME.bots["basic"]] * 4
        players[seat] = make(f)
        res = LocalDealer(game.new_state(), rng=random.Random(ds)).run(players)
        sc = list(res["scores"])
        out.append((100 * S.lose_chance(sc, seat), sc[seat] - totals[seat]))
    return out[0][0], out[1][0], out[0][1], out[1][1]


def main(argv: list[str]) -> None:
    p = argparse.ArgumentParser(prog="scripts/bench sto_odno_round")
    p.add_argument("--a", default="hard")
    p.add_argument("--b", default="hard:own=3")
    p.add_argument("--positions", type=int, default=400)
    p.add_argument("--seed", type=int, default=17)
    p.add_argument("--jobs", type=int, default=1)
    a = p.parse_args(argv)
    jobs = [(a.a, a.b, j, t, ds) for j, (t, ds) in enumerate(positions(a.seed, a.positions))]
    t0 = time.perf_counter()
    if a.jobs > 1:
        with ProcessPoolExecutor(max_workers=a.jobs) as pool:
            res = list(pool.map(play, jobs, chunksize=8))
    else:
        res = [play(j) for j in jobs]
    out = {
        "bench": "sto_odno_round",
        "a": a.a,
        "b": a.b,
        "positions": len(res),
        "seed": a.seed,
        "unit": "race-model chance of losing the series after the round (%), B - A",
        **paired([r[0] for r in res], [r[1] for r in res], 2, "lose"),
        "points_a": round(sum(r[2] for r in res) / len(res), 2),
        "points_b": round(sum(r[3] for r in res) / len(res), 2),
        "seconds": round(time.perf_counter() - t0, 1),
    }
    print(json.dumps(out), flush=True)
