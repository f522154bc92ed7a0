"""Sunduchki's ``strong`` bot: deals of the unseen cards consistent with every answer.

:mod:`._infer` turns the public history (asks, answers at each of the three stages,
draws, cards handed over openly, chests) into the suit-sets each opponent may hold of
each rank.  ``basic`` then treats every (opponent, rank) on its own.  The strong bot
deals the unseen cards (the opponents' hidden cards and the stock) at random many
times and keeps the deals in which every opponent's holding of every rank is one of
the possible suit-sets: so the hand sizes, the stock and all the constraints hold
together.  On these deals it

- asks the (opponent, rank) with the best index: the expected gain (the chance ``p``
  that its best guess of count and suits is right, i.e. three yeses, times the cards
  won, with a bonus when they complete a chest, the score of "Пустая рука и конец
  партии", minus, when the guess fails, a cost for having shown the rank it holds)
  divided by the chance of failing ``1 - p`` (a success keeps the turn, so sure
  requests go first);
- names the count of the suit-set most frequent among the deals that agree with the
  answers so far (both must be right: not the most frequent count), then that set's
  suits.

Budget: ``samples × 4`` accepted deals (at most 8 tries per deal wanted and
:data:`MAX_TRIES` in all).  When too few deals
survive (the constraints are tight), it plays ``basic``.  Equal views give equal moves
(the generator is seeded from the view).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from p2pcards.cards import Card, Rank, Suit
from p2pcards.games._moves import Move
from p2pcards.games._sampling import view_seed
from p2pcards.games._search import Budget
from p2pcards.games._state import View
from p2pcards.games.sunduchki._infer import SIZES, infer, suits_of_subset
from p2pcards.games.sunduchki._moves import Ask, AskCount, AskSuits
from p2pcards.games.sunduchki._view import SunduchkiView
from p2pcards.games.sunduchki.bots import basic_bot

CHEST_BONUS = 3.0
"""Worth of completing a chest, in cards won."""
SHOW_COST = 0.15
"""Cost per card held of the asked rank when the request fails (it showed the rank)."""
DEALS_PER_SAMPLE = 4
TRIES_PER_DEAL = 8
MIN_DEALS = 8
MAX_TRIES = 1200
"""Deals tried per decision at most (rejection sampling; keeps ``hard`` within 1 s)."""
INDEX_EPS = 0.05
"""Added to the chance of failing in the ask index (a sure request is not infinite)."""


def holdings(
    view: SunduchkiView, budget: Budget, rng: random.Random
) -> list[dict[tuple[int, Rank], int]] | None:
    """Accepted deals as {(opponent, rank): suit bits it holds}; None when the view does
    not add up or too few deals satisfy the constraints."""
    me = view.seat
    seats = len(view.counts)
    masks = infer(view)
    ranks = list(view.in_play)
    mine = {c for _, cs in view.by_rank for c in cs}
    open_at = {c: s for s, cs in enumerate(view.open_cards) for c in cs}
    unknown = [
        Card(r, u)
        for r in ranks
        for u in Suit
        if Card(r, u) not in mine and Card(r, u) not in open_at
    ]
    opp = [s for s in range(seats) if s != me]
    hidden = {o: view.counts[o] - len(view.open_cards[o]) for o in opp}
    if min(hidden.values(), default=0) < 0 or sum(hidden.values()) + view.stock != len(unknown):
        return None
    base: dict[tuple[int, Rank], int] = {(o, r): 0 for o in opp for r in ranks}
    for c, s in open_at.items():
        if s != me and (s, c.rank) in base:
            base[s, c.rank] |= 1 << int(c.suit)
    want = budget.samples * DEALS_PER_SAMPLE
    out = []
    pool = list(unknown)
    tight = [(key, m) for key, m in masks.items() if key in base and m != 0xFFFF]
    for _ in range(min(want * TRIES_PER_DEAL, MAX_TRIES)):
        rng.shuffle(pool)
        hold = dict(base)
        k = 0
        for o in opp:
            for c in pool[k : k + hidden[o]]:
                hold[o, c.rank] |= 1 << int(c.suit)
            k += hidden[o]
        if all(m >> hold[key] & 1 for key, m in tight):
            out.append(hold)
            if len(out) >= want:
                break
    return out if len(out) >= MIN_DEALS else None


class StrongSunduchki:
    """The strong Sunduchki bot at one :class:`~p2pcards.games._search.Budget`."""

    def __init__(
        self,
        budget: Budget,
        chest_bonus: float = CHEST_BONUS,
        show_cost: float = SHOW_COST,
        partial: float = 1.0,
    ) -> None:
        self.budget = budget
        self.chest_bonus = chest_bonus
        self.show_cost = show_cost
        self.partial = partial

    def __call__(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        if len(legal) == 1 or not isinstance(view, SunduchkiView):
            return legal[0] if len(legal) == 1 else basic_bot(view, legal, rng)
        first = legal[0]
        if not isinstance(first, Ask | AskCount | AskSuits):
            return basic_bot(view, legal, rng)
        r = random.Random(view_seed(view, f"sunduchki-strong-{self.budget.level}"))
        deals = holdings(view, self.budget, r)
        if deals is None:
            return basic_bot(view, legal, rng)
        if isinstance(first, Ask):
            return self._ask(view, legal, deals)
        req = view.request
        if req is None:
            return basic_bot(view, legal, rng)
        got = [d[req.target, req.rank] for d in deals]
        if isinstance(first, AskCount):
            # the request succeeds only when count and suits are both right, so the
            # count to name is the size of the most frequent suit-set, not the most
            # frequent size
            for b, _ in sorted(Counter(b for b in got if b).items(), key=lambda t: (-t[1], t[0])):
                m = next(
                    (m for m in legal if isinstance(m, AskCount) and m.count == SIZES[b]), None
                )
                if m is not None:
                    return m
            return basic_bot(view, legal, rng)
        subsets = Counter(b for b in got if b and SIZES[b] == req.count)
        for b, _ in sorted(subsets.items(), key=lambda t: (-t[1], t[0])):
            suits = suits_of_subset(b)
            pick = next((m for m in legal if isinstance(m, AskSuits) and m.suits == suits), None)
            if pick is not None:
                return pick
        return basic_bot(view, legal, rng)

    def _ask(
        self, view: SunduchkiView, legal: Sequence[Move], deals: list[dict[tuple[int, Rank], int]]
    ) -> Move:
        held = {r: len(cs) for r, cs in view.by_rank}
        n = len(deals)
        best, best_v = legal[0], -1e9
        for m in legal:
            assert isinstance(m, Ask)
            got = Counter(d.get((m.target, m.rank), 0) for d in deals)
            modal = [(c, b) for b, c in got.items() if b]
            if not modal:
                v = -self.show_cost * held.get(m.rank, 0)
            else:
                count, bits = max(modal, key=lambda t: (t[0], -t[1]))
                p = count / n
                size = SIZES[bits]
                chest = held.get(m.rank, 0) + size == 4
                gain = size + self.chest_bonus if chest else size * self.partial
                v = p * gain - (1 - p) * self.show_cost * held.get(m.rank, 0)
                # a success keeps the turn: a sure request first, then the risky ones
                # (asking in decreasing gain / chance of failing maximises the
                # expected gain of a run of requests that stops at the first "no")
                v = v / (1 - p + INDEX_EPS)
            key = v
            if key > best_v:
                best, best_v = m, key
        return best


def make_bot(budget: Budget) -> StrongSunduchki:
    """The strong Sunduchki bot at ``budget``."""
    return StrongSunduchki(budget)
