"""Sunduchki's ``strong`` bot: deals of the unseen cards consistent with every answer.

:mod:`._infer` turns the public history (asks, answers at each of the three stages,
draws, cards handed over openly, chests) into the suit-sets each opponent may hold of
each rank.  ``basic`` then treats every (opponent, rank) on its own.  The strong bot
deals the unseen cards (the opponents' hidden cards and the stock) at random many
times and keeps the deals in which every opponent's holding of every rank is one of
the possible suit-sets: so the hand sizes, the stock and all the constraints hold
together.  With ``as_basic`` (the default) the possible suit-sets are also narrowed by
what each opponent's count and suits say of its own hand if it plays ``basic``'s rule
(:func:`._rollout.basic_masks`: naming ♦ says it holds ♠ and ♥ when the target could
have held them).  On these deals it

- asks the (opponent, rank) with the best index: the expected gain (the chance ``p``
  that its best guess of count and suits is right, i.e. three yeses, times the cards
  won, with a bonus when they complete a chest, the score of "Пустая рука и конец
  партии", minus, when the guess fails, a cost for having shown the rank it holds)
  divided by the chance of failing ``1 - p`` (a success keeps the turn, so sure
  requests go first);
- names the count of the suit-set most frequent among the deals that agree with the
  answers so far (both must be right: not the most frequent count), then that set's
  suits.

With ``rollout_deals`` > 0 (:data:`ROLLOUT_DEALS`, by level) the asks are searched
instead: the ``width`` best by the index are each played, with the suit-set it would
name, on each of the first ``rollout_deals`` deals in :mod:`._rollout` (an open-card
simulation in which every seat plays ``basic``'s rule on what it would know: so the
opponents answer as ``basic`` does), to the end of the game (``horizon=0``: value the
win plus ``margin`` × its chests over the best other seat's) or until its own next turn
(``horizon=1``: value its chests, plus ``material_w`` × the squares of its cards per
rank, minus the other seats' mean); the best mean is asked.

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
from p2pcards.games.sunduchki._infer import SIZES, infer, public_masks, suits_of_subset
from p2pcards.games.sunduchki._moves import Ask, AskCount, AskSuits
from p2pcards.games.sunduchki._rollout import Sim, basic_masks
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
ROLLOUT_DEALS = {"medium": 0, "hard": 0}
"""Deals each candidate ask is played out on, by level (0: no rollouts, the index).
Off at both levels: played out to the end on 12 deals (4 candidates) at ``medium`` it
measured -0.020 [-0.107, 0.067] against the index (``scripts/bench sunduchki_ab
--games 200 --seed 100``)."""
WIDTH = {"medium": 4, "hard": 5}
"""Candidate asks played out (the best by the index)."""
MARGIN = 0.05
"""Worth of each chest of margin over the best other seat, beside the win itself."""
INDEX_EPS = 0.05
"""Added to the chance of failing in the ask index (a sure request is not infinite)."""


Deal = tuple[dict[int, list[Card]], list[Card]]
"""A sampled deal: each opponent's hidden cards, and the stock in a random order."""


def sample_deals(
    view: SunduchkiView, budget: Budget, rng: random.Random, as_basic: bool = False
) -> list[Deal] | None:
    """Deals of the unseen cards (each opponent's hidden cards, the stock shuffled) in
    which every opponent's holding of every rank is possible (:func:`._infer.infer`;
    with ``as_basic``, also what its questions say if it plays ``basic``'s rule,
    :func:`._rollout.basic_masks`); None when the view does not add up or fewer than
    :data:`MIN_DEALS` are found."""
    me = view.seat
    seats = len(view.counts)
    masks = infer(view, basic_masks(view) if as_basic else None)
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
    out: list[Deal] = []
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
            hands: dict[int, list[Card]] = {}
            k = 0
            for o in opp:
                hands[o] = pool[k : k + hidden[o]]
                k += hidden[o]
            out.append((hands, pool[k:]))
            if len(out) >= want:
                break
    return out if len(out) >= MIN_DEALS else None


def holdings_of(view: SunduchkiView, deals: list[Deal]) -> list[dict[tuple[int, Rank], int]]:
    """Each deal as {(opponent, rank): suit bits it holds (hidden and open)}."""
    opp = [s for s in range(len(view.counts)) if s != view.seat]
    out = []
    for hands, _ in deals:
        hold: dict[tuple[int, Rank], int] = {(o, r): 0 for o in opp for r in view.in_play}
        for o in opp:
            for c in (*hands[o], *view.open_cards[o]):
                hold[o, c.rank] |= 1 << int(c.suit)
        out.append(hold)
    return out


def holdings(
    view: SunduchkiView, budget: Budget, rng: random.Random, as_basic: bool = False
) -> list[dict[tuple[int, Rank], int]] | None:
    """Accepted deals as {(opponent, rank): suit bits it holds}; None when the view does
    not add up or too few deals satisfy the constraints."""
    deals = sample_deals(view, budget, rng, as_basic)
    return None if deals is None else holdings_of(view, deals)


class StrongSunduchki:
    """The strong Sunduchki bot at one :class:`~p2pcards.games._search.Budget`."""

    def __init__(
        self,
        budget: Budget,
        chest_bonus: float = CHEST_BONUS,
        show_cost: float = SHOW_COST,
        partial: float = 1.0,
        rollout_deals: int | None = None,
        width: int | None = None,
        margin: float = MARGIN,
        horizon: int = 0,
        material_w: float = 0.0,
        as_basic: float = 1.0,
    ) -> None:
        self.budget = budget
        self.chest_bonus = chest_bonus
        self.show_cost = show_cost
        self.partial = partial
        self.rollout_deals = int(
            ROLLOUT_DEALS[budget.level] if rollout_deals is None else rollout_deals
        )
        self.width = int(WIDTH[budget.level] if width is None else width)
        self.margin = margin
        self.horizon = int(horizon)
        self.material_w = material_w
        self.as_basic = bool(as_basic)

    def __call__(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        if len(legal) == 1 or not isinstance(view, SunduchkiView):
            return legal[0] if len(legal) == 1 else basic_bot(view, legal, rng)
        first = legal[0]
        if not isinstance(first, Ask | AskCount | AskSuits):
            return basic_bot(view, legal, rng)
        r = random.Random(view_seed(view, f"sunduchki-strong-{self.budget.level}"))
        if isinstance(first, Ask):
            full = sample_deals(view, self.budget, r, self.as_basic)
            if full is None:
                return basic_bot(view, legal, rng)
            hold = holdings_of(view, full)
            ranked = self._rank_asks(view, legal, hold)
            if self.rollout_deals <= 0 or len(ranked) == 1:
                return ranked[0]
            return self._search(view, ranked[: self.width], full, hold, r)
        deals = holdings(view, self.budget, r, self.as_basic)
        if deals is None:
            return basic_bot(view, legal, rng)
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

    def _rank_asks(
        self, view: SunduchkiView, legal: Sequence[Move], deals: list[dict[tuple[int, Rank], int]]
    ) -> list[Ask]:
        """The legal asks, best index first (ties: the engine's order)."""
        held = {r: len(cs) for r, cs in view.by_rank}
        n = len(deals)
        scored: list[tuple[float, int, Ask]] = []
        for i, m in enumerate(legal):
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
            scored.append((-v, i, m))
        return [m for _, _, m in sorted(scored)]

    def _search(
        self,
        view: SunduchkiView,
        cands: list[Ask],
        deals: list[Deal],
        hold: list[dict[tuple[int, Rank], int]],
        rng: random.Random,
    ) -> Ask:
        """Each candidate ask, with the suit-set it would name, played on each of the
        first ``rollout_deals`` deals, then the game played out by ``basic``'s rule for
        every seat (:mod:`._rollout`); the best mean of win (a shared win counts) plus
        ``margin`` × (own chests − the best other seat's).  The same deals and the same
        generators for every candidate (paired)."""
        me = view.seat
        pm = public_masks(view)
        mine = [c for _, cs in view.by_rank for c in cs]
        held = {r: len(cs) for r, cs in view.by_rank}
        guesses: list[int | None] = []
        for m in cands:
            top = max(min(4 - max(held.get(m.rank, 0), 1), view.counts[m.target]), 1)
            mine_bits = sum(1 << int(c.suit) for c in mine if c.rank == m.rank)
            got = Counter(
                b
                for d in hold
                if (b := d[m.target, m.rank]) and SIZES[b] <= top and not b & mine_bits
            )
            guesses.append(min(got.items(), key=lambda t: (-t[1], t[0]))[0] if got else None)
        totals = [0.0] * len(cands)
        for hands, stock in deals[: self.rollout_deals]:
            seed = rng.getrandbits(32)
            full = [
                mine if s == me else [*hands[s], *view.open_cards[s]]
                for s in range(len(view.counts))
            ]
            root = Sim.build(full, view.open_cards, stock, view.scores, view.in_play, pm)
            for i, m in enumerate(cands):
                sim = root.copy()
                g = guesses[i]
                if g is None:  # no deal gives it any: basic's guess
                    g = sim.guess(me, m.target, int(m.rank))
                ok = sim.request(me, m.target, int(m.rank), g)
                rngs = [random.Random(seed + s) for s in range(sim.n)]
                nxt = sim.after(me, ok)
                ch = sim.chests
                if self.horizon:
                    sim.play(nxt, rngs, until=me)
                    others = [s for s in range(sim.n) if s != me]
                    mean = sum(ch[s] + self.material_w * sim.material(s) for s in others)
                    totals[i] += ch[me] + self.material_w * sim.material(me) - mean / len(others)
                    continue
                sim.play(nxt, rngs)
                best_other = max(c for s, c in enumerate(ch) if s != me)
                totals[i] += (ch[me] >= best_other) + self.margin * (ch[me] - best_other)
        return cands[max(range(len(cands)), key=lambda i: (totals[i], -i))]


def make_bot(budget: Budget) -> StrongSunduchki:
    """The strong Sunduchki bot at ``budget``."""
    return StrongSunduchki(budget)
