"""``scripts/bench thousand_ab [--a A] [--b B] [--deals N] [--hands H] [--seed K]``:
two forms of Thousand's strong bot compared on the same deals (paired).

For each deal (seed K + i) and each seat, the seat is played by form A and then by form
B, the other two seats by ``basic``, for ``H`` hands (``max_hands``); the figure is the
seat's score minus the mean of the other two at the end.  Prints one JSON line with the
mean of (B - A) over the pairs and its 95 % interval (normal, 1.96 standard errors),
the means of A and B, and how many pairs differed at all; then the same for the pairs
where the seat defended under both forms (``defender``) and where it declared under
both (``declarer``).

Forms: ``LEVEL[:flag=value,...]``, e.g. ``hard``, ``hard:talon_aware=0``,
``hard:defender=own``, ``hard:samples=96``; ``basic`` is the basic bot.  The flags are
the keyword arguments of :class:`p2pcards.games.thousand._strong.StrongThousand` and
the budget's ``samples`` and ``exact_tricks``.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import time
from typing import Any

from _util import paired

from p2pcards.games import LocalDealer, load_game
from p2pcards.games._dealer import Player
from p2pcards.games._search import LEVELS
from p2pcards.games.thousand import GAME
from p2pcards.games.thousand._strong import StrongThousand


def make(form: str) -> Player:
    """The player of a form (see the module docstring)."""
    if form == "basic":
        return GAME.bots["basic"]
    level, _, rest = form.partition(":")
    kw: dict[str, Any] = {}
    for item in filter(None, rest.split(",")):
        k, _, v = item.partition("=")
        kw[k] = int(v) if v.lstrip("-").isdigit() else v
    budget = LEVELS[level]
    for k in ("samples", "exact_tricks"):
        if k in kw:
            budget = dataclasses.replace(budget, **{k: kw.pop(k)})
    return StrongThousand(budget, **kw)


def play(game: Any, seed: int, seat: int, bot: Player) -> tuple[float, bool]:
    """(the seat's score minus the others' mean, whether it declared the first hand)."""
    players = [GAME.bots["basic"]] * 3
    players[seat] = bot
    state = game.new_state()
    dealer = LocalDealer(state, rng=random.Random(seed))
    scores = dealer.run(players)["scores"]
    declared = bool(state.sheet) and state.sheet[0].declarer == seat
    return scores[seat] - (sum(scores) - scores[seat]) / 2, declared


def main(argv: list[str]) -> None:
    p = argparse.ArgumentParser(prog="scripts/bench thousand_ab")
    p.add_argument("--a", default="hard:talon_aware=0,defender=own")
    p.add_argument("--b", default="hard")
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--hands", type=int, default=1)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args(argv)
    game = load_game("thousand", seats=3, max_hands=a.hands)
    bot_a, bot_b = make(a.a), make(a.b)
    xs, ys = [], []
    roles: dict[str, tuple[list[float], list[float]]] = {"defender": ([], []), "declarer": ([], [])}
    t0 = time.perf_counter()
    for i in range(a.deals):
        for seat in range(3):
            x, dx = play(game, a.seed + i, seat, bot_a)
            y, dy = play(game, a.seed + i, seat, bot_b)
            xs.append(x)
            ys.append(y)
            if dx == dy:
                r = roles["declarer" if dx else "defender"]
                r[0].append(x)
                r[1].append(y)
    out = {
        "bench": "thousand_ab",
        "a": a.a,
        "b": a.b,
        "hands": a.hands,
        "pairs": len(xs),
        "seed": a.seed,
        "unit": "score minus the others' mean, B - A (points)",
        **paired(xs, ys, 1, "mean"),
        **{
            k: {"pairs": len(r[0]), **paired(*r, 1, "mean")}
            for k, r in roles.items()
            if len(r[0]) > 1
        },
        "seconds": round(time.perf_counter() - t0, 1),
    }
    print(json.dumps(out), flush=True)
