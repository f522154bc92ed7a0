"""``scripts/bench sunduchki_bots [--games N] [--seed K] [--seats S]``: Sunduchki's
"basic" bot against "random".

Each game seats one basic bot, its seat rotating game by game, against ``S - 1`` random
bots (default ``S = 2``: one against one).  Emits each bot's win rate per seat (a shared
win counts for every winner), its mean chests per game, the margin (basic minus random
win rate), moves per game, the share of games ended by the safety cap, and games per
second with the local dealer."""

from __future__ import annotations

import argparse
import random
import time

from _util import emit

from p2pcards.games import LocalDealer, load_game
from p2pcards.games.sunduchki import GAME


def main(argv: list[str]) -> None:
    p = argparse.ArgumentParser(prog="scripts/bench sunduchki_bots")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--seats", type=int, default=2)
    a = p.parse_args(argv)
    game = load_game("sunduchki", seats=a.seats)
    rng = random.Random(a.seed)
    wins = {"basic": 0, "random": 0}
    seats_of = {"basic": 0, "random": 0}
    chests = {"basic": 0, "random": 0}
    moves = capped = 0
    t0 = time.perf_counter()
    for i in range(a.games):
        names = ["random"] * a.seats
        names[i % a.seats] = "basic"
        dealer = LocalDealer(game.new_state(), rng=random.Random(rng.getrandbits(64)))
        result = dealer.run([GAME.bots[n] for n in names])
        moves += result["moves"]
        capped += result["capped"] or result["stalled"]
        for s, n in enumerate(names):
            seats_of[n] += 1
            chests[n] += result["chests"][s]
        for s in result["winners"]:
            wins[names[s]] += 1
    dt = time.perf_counter() - t0
    rate = {n: wins[n] / seats_of[n] for n in wins}
    common = {"seats": a.seats, "games": a.games}
    for n in ("basic", "random"):
        emit("sunduchki_bots", "win rate per seat", [rate[n]], bot=n, **common)
        emit("sunduchki_bots", "mean chests", [chests[n] / seats_of[n]], bot=n, **common)
    emit(
        "sunduchki_bots",
        "win rate margin basic - random",
        [rate["basic"] - rate["random"]],
        **common,
    )
    emit("sunduchki_bots", "moves per game", [moves / a.games], **common)
    emit("sunduchki_bots", "games ended by the safety cap", [capped / a.games], **common)
    emit("sunduchki_bots", "games per second", [a.games / dt], **common)
