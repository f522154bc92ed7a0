"""``scripts/bench sto_odno_oracle [--games N] [--seed K] [--see hands all]``: what
knowing hidden cards is worth in 101, as a bound for the strong bot.

One seat at 4 (rotating, the seeds of ``scripts/bench bots``) is a bot that CHEATS: it
reads the other hands from the local dealer (``--see hands``: the stock is dealt at
random, 24 deals; ``all``: the stock's order too, one exact rollout), then plays each
candidate card and the round out with the strong bot's model and utility (every seat
following basic's policy, which the three other seats really play).  It prints the
share of series the cheater lost, with the 95 % Wilson interval: no fair bot with this
one-card search can do better than ``hands``.

``--form FORM`` (a form of ``scripts/bench sto_odno_ab``, e.g. ``hard:mcts=4000`` or
``hard:own=3``): the cheat runs that form's own search (``StrongStoOdno.search``: its
worth, ``own``, ``mcts``) on deals made of the real hands and the real discard pile, the
stock dealt at random afresh for each deal when its order is secret (its real order once
it is a turned-over pile, public anyway); as many deals as that form would search
(``deals=K`` sets them).  It sees the hands but not the stock: the bound for any fair
bot with that search.  ``sight=Q`` in the form: it sees each hidden card of the others
with chance Q (once per position and round), ``next=1``: the next seat's hand only; the
cards it does not see are dealt as the fair bot deals them (``_strong._dealer``).
``--jobs J`` plays the series in J processes (the same results)."""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from sto_odno_ab import make

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


def form_cheater(dealer: list[Any], form: str) -> Any:
    """The cheat of ``--form``: ``form``'s search on the real hands (module docstring)."""
    level, _, rest = form.partition(":")
    flags = dict(f.partition("=")[::2] for f in rest.split(",") if f)
    sight = float(flags.pop("sight", 1))
    only_next = bool(int(flags.pop("next", 0)))
    strong = make(":".join([level, ",".join(f"{k}={v}" for k, v in flags.items())]))
    assert isinstance(strong, S.StrongStoOdno)

    def partial(view: Any, cards: Any) -> Any:
        """``view`` with some hidden cards of the others made known: each with chance
        ``sight`` (drawn once per position and round), or the next seat's (``next=1``)."""
        me, seats = view.seat, len(view.counts)
        known = [list(k) for k in view.known] if view.known else [[] for _ in range(seats)]
        hidden, barred = [], []
        for s in range(seats):
            keep_h, keep_b = [], []
            bars = view.barred[s] if view.barred else ((),) * len(view.hidden[s])
            for p, b in zip(view.hidden[s], bars, strict=True):
                if s == me:
                    seen = False
                elif only_next:
                    seen = s == (me + 1) % seats
                else:
                    seen = random.Random(f"{p}-{sum(view.scores)}-{view.starter}").random() < sight
                if seen:
                    known[s].append(cards[p])
                else:
                    keep_h.append(p)
                    keep_b.append(b)
            hidden.append(tuple(keep_h))
            barred.append(tuple(keep_b))
        return dataclasses.replace(
            view, known=tuple(map(tuple, known)), hidden=tuple(hidden), barred=tuple(barred)
        )

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
        cands = strong.candidates_of(view, plays)
        r = random.Random(S.view_seed(view, f"oracle-{form}"))
        n = strong.budget.samples
        k = strong.deals or max(2, min(S.DEALS_PER_SAMPLE * n, n * S.PER_DECISION // len(cands)))
        if sight < 1 or only_next:  # the cards it does not see dealt as the fair bot does
            deal = S._dealer(partial(view, cards))
            got = None if deal is None else S._posterior(view, deal, r, k, n, strong.eps)
            if got is None:
                return basic_bot(view, legal, rng)
            return strong.search(view, cands, got, r)
        chosen = []
        for _ in range(k):
            s2 = list(stock)
            if not view.stock_cards:
                r.shuffle(s2)
            chosen.append((([list(h) for h in hands], s2, list(under)), 1.0))
        return strong.search(view, cands, chosen, r)

    return bot


def series(job: tuple[str, int, int]) -> tuple[int, float]:
    """Series ``i`` (seed ``gs``) with the cheat of ``see`` in seat ``i % 4``: (lost, the
    series' CPU seconds, the basic seats' included)."""
    see, i, gs = job
    game = load_game("101", 4)
    holder: list[Any] = [None]
    bot = cheater(holder, see) if see in ("hands", "all") else form_cheater(holder, see)
    seat = i % 4
    players: list[Any] = [basic_bot] * 4
    players[seat] = bot
    holder[0] = LocalDealer(game.new_state(), rng=random.Random(gs))
    t = time.process_time()
    lost = int(seat in holder[0].run(players)["losers"])
    return lost, time.process_time() - t


def sees_of(form: str) -> str:
    """What the cheat of ``form`` sees, for the output line."""
    if "sight=" in form:
        return "some of the hands"
    return "the next hand" if "next=" in form else "hands"


def main(argv: list[str]) -> None:
    p = argparse.ArgumentParser(prog="scripts/bench sto_odno_oracle")
    p.add_argument("--games", type=int, default=400)
    p.add_argument("--seed", type=int, default=17)
    p.add_argument("--see", nargs="+", default=None, choices=["hands", "all"])
    p.add_argument("--form", nargs="+", default=[], help="cheats running these forms' search")
    p.add_argument("--jobs", type=int, default=1)
    a = p.parse_args(argv)
    sees = a.see if a.see is not None else ([] if a.form else ["hands", "all"])
    for see in [*sees, *a.form]:
        jobs = [(see, i, gs) for i, gs in enumerate(game_seeds(a.seed, a.games))]
        t0 = time.perf_counter()
        if a.jobs > 1:
            with ProcessPoolExecutor(max_workers=a.jobs) as pool:
                res = list(pool.map(series, jobs, chunksize=4))
        else:
            res = [series(j) for j in jobs]
        lost = sum(x for x, _ in res)
        lo, hi = wilson(lost, a.games)
        line = {
            "bench": "sto_odno_oracle",
            "sees": see if see in ("hands", "all") else sees_of(see),
            **({} if see in ("hands", "all") else {"form": see}),
            "against": "basic",
            "unit": "share of series lost",
            "value": round(lost / a.games, 3),
            "ci95": [round(lo, 3), round(hi, 3)],
            "games": a.games,
            "seed": a.seed,
            "cpu": round(sum(t for _, t in res), 1),
            "seconds": round(time.perf_counter() - t0, 1),
        }
        print(json.dumps(line), flush=True)
