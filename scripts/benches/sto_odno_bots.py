"""``scripts/bench sto_odno_bots [--games N] [--seats S] [--seed K]``: how often 101's
"basic" bot loses a series against "random" bots.

Seats 2: one basic against one random, the basic seat alternating game by game.
Seats 3-4: one basic bot, its seat rotating, against random bots.  Emits the loss rate
of each bot (losses / series; several seats can lose one series) and the loss rate a
seat would have by chance (the mean over all seats)."""

from __future__ import annotations

import argparse
import random

from _util import emit

from p2pcards.games import LocalDealer, load_game
from p2pcards.games.sto_odno import GAME


def main(argv: list[str]) -> None:
    p = argparse.ArgumentParser(prog="scripts/bench sto_odno_bots")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seats", type=int, default=2)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args(argv)
    game = load_game("101", seats=a.seats)
    rng = random.Random(a.seed)
    lost = {"basic": 0, "random": 0}
    seats_of = {"basic": 0, "random": 0}
    rounds = 0
    for i in range(a.games):
        names = ["random"] * a.seats
        names[i % a.seats] = "basic"
        dealer = LocalDealer(game.new_state(), rng=random.Random(rng.getrandbits(64)))
        result = dealer.run([GAME.bots[n] for n in names])
        rounds += result["rounds"]
        for n in names:
            seats_of[n] += 1
        for s in result["losers"]:
            lost[names[s]] += 1
    for n in ("basic", "random"):
        emit(
            "sto_odno_bots",
            "loss rate per seat",
            [lost[n] / seats_of[n]],
            bot=n,
            seats=a.seats,
            games=a.games,
        )
    emit("sto_odno_bots", "deals per series", [rounds / a.games], seats=a.seats, games=a.games)
