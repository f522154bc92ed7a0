"""``scripts/bench sto_odno_regret [--a A] [--b B] [--series N] [--seed K]``: how far
two forms of 101's strong bot are from the best card, judged with the hidden cards.

Positions: every decision of seat 0 with two or more cards to play in ``N`` series of
four ``basic`` bots (seeds ``game_seeds(K, N)``).  At each, every legal play (each suit
of a queen) is played on the real deal, hands and stock as they are, and the round
played out by basic's policy (which the other seats really play); the value is the
strong bot's round utility (``_strong.utility``).  A form's regret is the best value
minus the value of the play it chose.  Prints one JSON line: each form's mean regret
and the mean of (B - A) over the positions with its 95 % interval (negative: B chooses
better), and how many positions the two forms chose differently.  This is the
one-card search's own yardstick (exact rollouts by basic's policy): it measures how
well a form guesses the hidden cards and averages out the stock, not its utility.

Forms as in ``scripts/bench sto_odno_ab``, and ``hands``: a cheat that reads the
other hands (the stock's order dealt at random, 48 times), a bound on what guessing
the hands better can give.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from typing import Any

from sto_odno_ab import make

from p2pcards.cli._match import game_seeds
from p2pcards.games import Decision, LocalDealer, load_game
from p2pcards.games.sto_odno import GAME
from p2pcards.games.sto_odno import _strong as S
from p2pcards.games.sto_odno._moves import Play


def truth(
    dealer: LocalDealer, view: Any, legal: list[Any], shuffles: int = 0
) -> dict[tuple[int, int], float]:
    """The value of every legal play on the real deal (see the module docstring); with
    ``shuffles``, the mean over that many random orders of the secret stock instead
    (the cheat that sees the hands)."""
    st, cards = dealer.state, dealer.cards
    hands = [[S.cid(cards[p]) for p in sorted(h)] for h in st.hands]  # type: ignore[attr-defined]
    stock = [S.cid(cards[p]) for p in reversed(st.stock)]  # type: ignore[attr-defined]
    under = [S.cid(cards[p]) for p in st.discard[:-1]]  # type: ignore[attr-defined]
    top = S.cid(view.top) if view.top is not None else -1
    named = -1 if view.named is None else int(view.named)
    stocks = [stock]
    if shuffles and not view.stock_cards:
        r = random.Random(len(dealer.events))
        stocks = [r.sample(stock, len(stock)) for _ in range(shuffles)]
    out = {}
    for m in legal:
        c, u = S.cid(m.cards[0]), -1 if m.suit is None else int(m.suit)
        total = 0.0
        for order in stocks:
            rd = S.Round(
                [list(h) for h in hands], list(order), list(under), top, named, 0, view.mode
            )
            rd.play(c, u)
            S.rollout(rd)
            total += S.utility(rd, 0, list(view.scores), S._finish_bonus(rd))
        out[c, u] = total / len(stocks)
    return out


def choose(form: str, bot: Any, dealer: LocalDealer, view: Any, legal: list[Any]) -> Any:
    """The play ``form`` chooses; ``hands`` (a cheat) reads the hidden hands and
    averages 48 random orders of the stock, each queen naming basic's suit."""
    if form != "hands":
        return bot(view, legal, random.Random(0))
    v = truth(dealer, view, legal, shuffles=48)
    mine = [S.cid(c) for _, c in view.hand]
    ok = [
        m for m in legal if m.suit is None or int(m.suit) == S._name_suit(mine, S.cid(m.cards[0]))
    ]
    return max(ok, key=lambda m: v[S.cid(m.cards[0]), -1 if m.suit is None else int(m.suit)])


def main(argv: list[str]) -> None:
    p = argparse.ArgumentParser(prog="scripts/bench sto_odno_regret")
    p.add_argument("--a", default="hard:candidates=1")
    p.add_argument("--b", default="hard")
    p.add_argument("--series", type=int, default=20)
    p.add_argument("--seed", type=int, default=17)
    a = p.parse_args(argv)
    game = load_game("101", seats=4)
    basic = GAME.bots["basic"]
    forms = [a.a, a.b]
    bots = [None if f == "hands" else make(f) for f in forms]
    regrets: list[list[float]] = [[], []]
    t0 = time.perf_counter()
    for gs in game_seeds(a.seed, a.series):
        state = game.new_state()
        dealer = LocalDealer(state, rng=random.Random(gs))
        while not state.is_finished:
            if dealer.answer() is not None:
                continue
            need = state.need()
            assert isinstance(need, Decision)
            s = need.seat
            view = state.view(s, dealer.knowledge[s])
            legal = state.legal_moves(s, dealer.knowledge[s])
            plays = [m for m in legal if isinstance(m, Play)]
            if (
                s == 0
                and len({m.cards for m in plays}) > 1
                and len(plays) == len(legal)
                and view.mode in ("first", "normal", "cover")
                and all(len(m.cards) == 1 for m in plays)
            ):
                v = truth(dealer, view, plays)
                best = max(v.values())
                for k, bot in enumerate(bots):
                    m = choose(forms[k], bot, dealer, view, legal)
                    u = -1 if m.suit is None else int(m.suit)
                    regrets[k].append(best - v[S.cid(m.cards[0]), u])
            dealer.apply(basic(view, legal, dealer.player_rngs[s]))
    xs, ys = regrets
    diffs = [y - x for x, y in zip(xs, ys, strict=True)]
    n = len(diffs)
    m = statistics.fmean(diffs)
    se = statistics.stdev(diffs) / math.sqrt(n) if n > 1 else 0.0
    out = {
        "bench": "sto_odno_regret",
        "a": a.a,
        "b": a.b,
        "series": a.series,
        "positions": n,
        "seed": a.seed,
        "unit": "regret (utility points) against the best play on the real deal, B - A",
        "value": round(m, 2),
        "ci95": [round(m - 1.96 * se, 2), round(m + 1.96 * se, 2)],
        "regret_a": round(statistics.fmean(xs), 2),
        "regret_b": round(statistics.fmean(ys), 2),
        "differ": sum(d != 0 for d in diffs),
        "seconds": round(time.perf_counter() - t0, 1),
    }
    print(json.dumps(out), flush=True)
