"""``scripts/bench thousand_end [--a A] [--b B] [--positions N] [--seed K] [--late S]``:
two forms of Thousand's strong bot compared on the end of the game (paired, games won).

Late score sheets are taken from games of three ``basic`` bots stopped after a random
number of hands (seed K + i; kept when the leader has at least ``S`` points, default
750: near or on the barrel, 880, where a game is won or lost).  From each sheet, for
each seat, the game is played to its end with that seat played by form A and then by
form B (the other two by ``basic``, the same dealer seed).  Prints one JSON line: the
share of games won by A and by B, the mean of (B won - A won) over the pairs with its
95 % interval (normal), and how many pairs differed.  Forms as in ``thousand_ab``.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from _util import paired
from thousand_ab import make

from p2pcards.games import LocalDealer, load_game
from p2pcards.games._dealer import Player
from p2pcards.games.thousand import GAME


def sheets(n: int, seed: int, late: int) -> list[str]:
    """``n`` late score sheets ("s0,s1,s2"; 880 is on the barrel, no try used)."""
    out: list[str] = []
    i = 0
    basic = [GAME.bots["basic"]] * 3
    while len(out) < n:
        rng = random.Random(seed + i)
        i += 1
        hands = rng.randrange(12, 45)
        game = load_game("thousand", seats=3, max_hands=hands)
        res = LocalDealer(game.new_state(), rng=rng).run(basic)
        scores = res["scores"]
        if not res.get("capped") or max(scores) < late or max(scores) >= 1000:
            continue
        out.append(",".join(str(s) for s in scores))
    return out


def play(sheet: str, seed: int, seat: int, bot: Player) -> int:
    players = [GAME.bots["basic"]] * 3
    players[seat] = bot
    game = load_game("thousand", seats=3, scores=sheet)
    res: Any = LocalDealer(game.new_state(), rng=random.Random(seed)).run(players)
    return int(seat in res["winners"])


def main(argv: list[str]) -> None:
    p = argparse.ArgumentParser(prog="scripts/bench thousand_end")
    p.add_argument("--a", default="hard:barrel_logic=0")
    p.add_argument("--b", default="hard")
    p.add_argument("--positions", type=int, default=40)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--late", type=int, default=750)
    a = p.parse_args(argv)
    bot_a, bot_b = make(a.a), make(a.b)
    xs, ys = [], []
    t0 = time.perf_counter()
    for i, sheet in enumerate(sheets(a.positions, a.seed, a.late)):
        for seat in range(3):
            x = play(sheet, a.seed + 7919 * i, seat, bot_a)
            y = play(sheet, a.seed + 7919 * i, seat, bot_b)
            xs.append(x)
            ys.append(y)
    out = {
        "bench": "thousand_end",
        "a": a.a,
        "b": a.b,
        "positions": a.positions,
        "pairs": len(xs),
        "seed": a.seed,
        "late": a.late,
        "unit": "share of games won from a late sheet, B - A",
        **paired(xs, ys, 3, "won"),
        "seconds": round(time.perf_counter() - t0, 1),
    }
    print(json.dumps(out), flush=True)
