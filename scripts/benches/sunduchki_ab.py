"""``scripts/bench sunduchki_ab [--a A] [--b B] [--games N] [--seed K] [--seats S]``:
two forms of Sunduchki's strong bot compared on the same deals (paired).

Game ``i`` (seed K + i) is played twice with the same deck and generators: once with
form A in seat ``i % S``, once with form B there, every other seat ``basic``.  Prints one
JSON line: the share of games each form won, the paired difference B - A with its 95 %
interval (normal, 1.96 standard errors of the per-game difference) and how many games
had a different outcome.

Forms: ``basic``, ``LEVEL`` or ``LEVEL:flag=value,...`` (the keyword arguments of
:class:`p2pcards.games.sunduchki._strong.StrongSunduchki`, e.g. ``hard:show_cost=0.3``;
the rollout search: ``medium:rollout_deals=32,width=12,horizon=1``).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from _util import paired

from p2pcards.games import LocalDealer, load_game
from p2pcards.games._dealer import Player
from p2pcards.games._search import LEVELS
from p2pcards.games.sunduchki import GAME
from p2pcards.games.sunduchki._strong import StrongSunduchki


def make(form: str) -> Player:
    """The player of a form (see the module docstring)."""
    if form == "basic":
        return GAME.bots["basic"]
    level, _, rest = form.partition(":")
    kw: dict[str, Any] = {}
    for item in filter(None, rest.split(",")):
        k, _, v = item.partition("=")
        kw[k] = float(v)
    return StrongSunduchki(LEVELS[level], **kw)


def won(game: Any, seed: int, seat: int, bot: Player) -> int:
    players = [GAME.bots["basic"]] * game.seats
    players[seat] = bot
    dealer = LocalDealer(game.new_state(), rng=random.Random(seed))
    return int(seat in dealer.run(players)["winners"])


def main(argv: list[str]) -> None:
    p = argparse.ArgumentParser(prog="scripts/bench sunduchki_ab")
    p.add_argument("--a", default="basic")
    p.add_argument("--b", default="hard")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--seats", type=int, default=3)
    a = p.parse_args(argv)
    game = load_game("sunduchki", seats=a.seats)
    bot_a, bot_b = make(a.a), make(a.b)
    xs, ys = [], []
    t0 = time.perf_counter()
    for i in range(a.games):
        xs.append(won(game, a.seed + i, i % a.seats, bot_a))
        ys.append(won(game, a.seed + i, i % a.seats, bot_b))
    out = {
        "bench": "sunduchki_ab",
        "a": a.a,
        "b": a.b,
        "seats": a.seats,
        "games": a.games,
        "seed": a.seed,
        "unit": "share of games won, B - A",
        **paired(xs, ys, 3, "won"),
        "seconds": round(time.perf_counter() - t0, 1),
    }
    print(json.dumps(out), flush=True)
