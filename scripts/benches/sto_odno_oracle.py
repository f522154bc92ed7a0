"""``scripts/bench sto_odno_oracle [--games N] [--seed K] [--see hands all]``: what
knowing hidden cards is worth in 101, as a bound for the strong bot.

One seat at 4 (rotating, the seeds of ``scripts/bench bots``) is a bot that CHEATS: it
reads the other hands from the local dealer (``--see hands``: the stock is dealt at
random, 24 deals; ``all``: the stock's order too, one exact rollout), then plays each
candidate card and the round out with the strong bot's model and utility (every seat
following basic's policy, which the three other seats really play).  It prints the
share of series the cheater lost, with the 95 % Wilson interval: no fair bot with this
one-card search can do better than ``hands``."""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Sequence
from typing import Any

from p2pcards.cli._match import game_seeds
from p2pcards.cli._stats import wilson
from p2pcards.games import LocalDealer, Move, load_game
from p2pcards.games.sto_odno import _strong as S
from p2pcards.games.sto_odno._moves import Play
from p2pcards.games.sto_odno.bots import basic_bot


def cheater(dealer: list[Any], see: str) -> Any:
    def bot(view: Any, legal: Sequence[Move], rng: random.Random) -> Move:
        plays = [m for m in legal if isinstance(m, Play)]
        if (
            len(plays) < 2
            or len(plays) != len(legal)
            or view.mode not in ("first", "normal", "cover")
            or any(len(m.cards) != 1 for m in plays)
            or (view.top is None and view.mode != "first")
        ):
            return basic_bot(view, legal, rng)
        d = dealer[0]
        st, cards = d.state, d.cards
        hands = [[S.cid(cards[p]) for p in h] for h in st.hands]
        stock = [S.cid(cards[p]) for p in reversed(st.stock)]
        under = [S.cid(cards[p]) for p in st.discard[:-1]]
        top = S.cid(view.top) if view.top is not None else -1
        named = -1 if view.named is None else int(view.named)
        me = view.seat
        cands: dict[int, Play] = {}
        for m in plays:
            c = S.cid(m.cards[0])
            if c not in cands or (m.suit is not None and int(m.suit) == S._name_suit(hands[me], c)):
                cands[c] = m
        r = random.Random(S.view_seed(view, "oracle"))
        vals = dict.fromkeys(cands, 0.0)
        for _ in range(1 if see == "all" else 24):
            s2 = list(stock)
            if see == "hands":
                r.shuffle(s2)
            for c, m in cands.items():
                rd = S.Round([list(h) for h in hands], s2, list(under), top, named, me, view.mode)
                rd.play(c, -1 if m.suit is None else int(m.suit))
                S.rollout(rd)
                vals[c] += S.utility(rd, me, list(view.scores), S._finish_bonus(rd))
        return cands[max(sorted(cands), key=lambda c: vals[c])]

    return bot


def main(argv: list[str]) -> None:
    p = argparse.ArgumentParser(prog="scripts/bench sto_odno_oracle")
    p.add_argument("--games", type=int, default=400)
    p.add_argument("--seed", type=int, default=17)
    p.add_argument("--see", nargs="+", default=["hands", "all"], choices=["hands", "all"])
    a = p.parse_args(argv)
    game = load_game("101", 4)
    for see in a.see:
        holder: list[Any] = [None]
        bot = cheater(holder, see)
        lost = 0
        for i, gs in enumerate(game_seeds(a.seed, a.games)):
            seat = i % 4
            players: list[Any] = [basic_bot] * 4
            players[seat] = bot
            holder[0] = LocalDealer(game.new_state(), rng=random.Random(gs))
            lost += seat in holder[0].run(players)["losers"]
        lo, hi = wilson(lost, a.games)
        line = {
            "bench": "sto_odno_oracle",
            "sees": see,
            "against": "basic",
            "unit": "share of series lost",
            "value": round(lost / a.games, 3),
            "ci95": [round(lo, 3), round(hi, 3)],
            "games": a.games,
            "seed": a.seed,
        }
        print(json.dumps(line), flush=True)
