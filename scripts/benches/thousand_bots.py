"""``scripts/bench thousand_bots [--games N] [--seed K] [--basic B]``: Thousand's "basic"
bot against "random" bots.

``--basic 1`` (default): one basic bot, its seat rotating game by game, against two
random bots; ``--basic 2``: two basic bots against one random.  Emits each bot's win
rate per seat, its mean final score, the mean score difference basic minus random, the
mean hands per game and the share of games ended by the hand cap."""

from __future__ import annotations

import argparse
import random

from _util import emit

from p2pcards.games import LocalDealer, load_game
from p2pcards.games.thousand import GAME


def main(argv: list[str]) -> None:
    p = argparse.ArgumentParser(prog="scripts/bench thousand_bots")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--basic", type=int, default=1, choices=(1, 2))
    a = p.parse_args(argv)
    game = load_game("thousand")
    rng = random.Random(a.seed)
    wins = {"basic": 0, "random": 0}
    seats_of = {"basic": 0, "random": 0}
    total = {"basic": 0, "random": 0}
    hands = capped = 0
    for i in range(a.games):
        names = ["random"] * 3 if a.basic == 1 else ["basic"] * 3
        names[i % 3] = "basic" if a.basic == 1 else "random"
        dealer = LocalDealer(game.new_state(), rng=random.Random(rng.getrandbits(64)))
        result = dealer.run([GAME.bots[n] for n in names])
        hands += result["hands"]
        capped += result["capped"]
        for s, n in enumerate(names):
            seats_of[n] += 1
            total[n] += result["scores"][s]
        for s in result["winners"]:
            wins[names[s]] += 1
    mean = {n: total[n] / seats_of[n] for n in total}
    for n in ("basic", "random"):
        emit(
            "thousand_bots",
            "win rate per seat",
            [wins[n] / seats_of[n]],
            bot=n,
            basic_seats=a.basic,
            games=a.games,
        )
        emit(
            "thousand_bots",
            "mean final score",
            [mean[n]],
            bot=n,
            basic_seats=a.basic,
            games=a.games,
        )
    emit(
        "thousand_bots",
        "score difference basic - random",
        [mean["basic"] - mean["random"]],
        basic_seats=a.basic,
        games=a.games,
    )
    emit("thousand_bots", "hands per game", [hands / a.games], basic_seats=a.basic, games=a.games)
    emit(
        "thousand_bots",
        "games ended by the hand cap",
        [capped / a.games],
        basic_seats=a.basic,
        games=a.games,
    )
