"""101's ``strong`` bot: determinized rollouts from the seat's view.

For each decision it deals the cards it cannot see (the other hands and the stock) at
random, consistently with the public history in the view (:func:`_dealer`: the discard
pile and a turned-over stock known in order, the cards publicly known to be in a hand
where they are, and no hidden card one its holder's "could not play" claims bar); then
plays every candidate move on every deal
and plays the round out with a fast model of the rules of sto-odno.ru.txt (the chosen
variant: 36 cards, six covered by its player, seven +2 and skip, ace skip, king of
spades +5 and skip, queen names a suit, draw one when stuck, "Конец раунда" scoring
with queens-only hands and the queen finish) where every seat follows basic's policy.
A move is worth the round's outcome for this seat: minus its points (an exact 101
resets to 0) plus half the others' mean points, a large penalty for going above 101,
and a bonus when another seat goes above 101 first.  The move with the best mean wins
(with :data:`BASIC_Z` above 0, only when its mean gain over basic's own card on the same
deals is more than that many standard errors).

The model ignores house options (the bot sees no options: only its view); with them
the rollouts are approximate but the moves stay legal (they are chosen from the legal
list).  Modes it does not model ("continue", "penalty") fall back to ``basic``.  The
random generator is seeded from the view, so equal views give equal moves.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from p2pcards.cards import Card, Suit
from p2pcards.games._moves import Move
from p2pcards.games._sampling import deal_constrained, view_seed
from p2pcards.games._search import Budget
from p2pcards.games._state import View
from p2pcards.games.sto_odno._moves import Play
from p2pcards.games.sto_odno._state import StoOdnoView
from p2pcards.games.sto_odno.bots import basic_bot

SIX, SEVEN, QUEEN, KING, ACE = 6, 7, 12, 13, 14
KS = int(Suit.SPADES) * 9 + (KING - 6)
QH = int(Suit.HEARTS) * 9 + (QUEEN - 6)
PTS = {6: 6, 7: 7, 8: 8, 9: 9, 10: 10, 11: 2, 12: 3, 13: 4, 14: 11}
BUST = 150
"""How much worse going above 101 is than a round's points."""
OTHER_BUST = 60
"""How much better it is when another seat goes above 101 (the series ends, we did not
lose)."""
OTHERS_WEIGHT = 0.5
"""Worth of a point the others take this round (the series is lost by whoever passes
101 first: their points help us)."""
BASIC_Z = 0.0
"""Leaves basic's card only when another card's mean gain over it on the same deals
exceeds this many standard errors (0: the best mean wins).  With the old uniform deals
the rule helped (400 series, seed 17: lost 0.33 without it, 0.29 with it at medium);
with the public pile and bars it hinders (hard, the same series: 0.253 without it,
0.275 with it, basic 0.275)."""
MAX_MOVES = 300
PER_DECISION = 16
"""Rollouts per decision are at most ``samples`` x this (see :class:`StrongStoOdno`)."""
DEALS_PER_SAMPLE = 2
"""Deals per decision are at most ``samples`` x this."""


RANK = [c % 9 + 6 for c in range(36)]
SUIT = [c // 9 for c in range(36)]
BASE = [PTS[c % 9 + 6] + 2.0 - (100 if c % 9 + 6 == QUEEN else 0) for c in range(36)]
"""basic's score of playing card ``c`` before the situational terms (see :func:`policy`)."""


def cid(c: Card) -> int:
    """The int of a 36-deck card: suit * 9 + rank - 6."""
    return int(c.suit) * 9 + int(c.rank) - 6


def _rank(c: int) -> int:
    return c % 9 + 6


def _suit(c: int) -> int:
    return c // 9


def hand_points(hand: Sequence[int]) -> int:
    """Points of a hand left at the end ("Конец раунда"): queens only 20 each (40 the
    queen of hearts), else by the table."""
    if hand and all(_rank(c) == QUEEN for c in hand):
        return sum(40 if c == QH else 20 for c in hand)
    return sum(PTS[_rank(c)] for c in hand)


class Round:
    """A perfect-information 101 round in the default variant (ints)."""

    __slots__ = ("hands", "mode", "named", "stock", "top", "turn", "under", "winner")

    def __init__(
        self,
        hands: list[list[int]],
        stock: list[int],
        under: list[int],
        top: int,
        named: int,
        turn: int,
        mode: str,
    ) -> None:
        self.hands = hands
        self.stock = stock
        self.under = under
        self.top = top
        self.named = named
        self.turn = turn
        self.mode = mode
        self.winner = -1

    def playable(self, hand: Sequence[int]) -> list[int]:
        """The cards of ``hand`` that may be played now."""
        if self.mode == "first":
            return list(hand)
        top = self.top
        if self.mode == "cover":
            u = SUIT[top]
            return [c for c in hand if SUIT[c] == u or RANK[c] == QUEEN]
        if RANK[top] == QUEEN and self.named >= 0:
            u = self.named
            return [c for c in hand if SUIT[c] == u or RANK[c] == QUEEN]
        u, k = SUIT[top], RANK[top]
        return [c for c in hand if SUIT[c] == u or RANK[c] == k or RANK[c] == QUEEN]

    def draw(self, seat: int, n: int) -> None:
        for _ in range(n):
            if not self.stock:
                if not self.under:
                    return
                # the pile under the top card turned over: its bottom card is drawn first
                self.stock, self.under = self.under[::-1], []
            self.hands[seat].append(self.stock.pop())

    def play(self, c: int, named: int) -> None:
        seat = self.turn
        n = len(self.hands)
        hand = self.hands[seat]
        hand.remove(c)
        self.under.append(self.top)
        self.top = c
        r = RANK[c]
        self.named = named if r == QUEEN else -1
        nxt = (seat + 1) % n
        if r == SIX:
            self.mode = "cover"
            if not hand:  # the last six must be covered: draw and pass
                self.draw(seat, 1)
                self.mode, self.turn = "normal", nxt
            return
        self.mode = "normal"
        if r == SEVEN:
            self.draw(nxt, 2)
            nxt = (nxt + 1) % n
        elif c == KS:
            self.draw(nxt, 5)
            nxt = (nxt + 1) % n
        elif r == ACE:
            nxt = (nxt + 1) % n
        if not hand:
            self.winner = seat
            return
        self.turn = nxt

    def stuck(self) -> None:
        """No card to play: draw one and pass the turn."""
        seat = self.turn
        self.draw(seat, 1)
        self.mode = "normal"
        self.turn = (seat + 1) % len(self.hands)


def policy(r: Round) -> tuple[int, int] | None:
    """basic's choice (card, named suit) for the seat to move, or None when stuck."""
    hand = r.hands[r.turn]
    cands = r.playable(hand)
    if not cands:
        return None
    n = len(r.hands)
    nxt = (r.turn + 1) % n
    close = nxt != r.turn and len(r.hands[nxt]) <= 2
    last = len(hand) == 1
    best, best_s = cands[0], -1e9
    for c in cands:
        rank = RANK[c]
        if last and rank != SIX:
            s = 10_000.0 + (40 if c == QH else 20 if rank == QUEEN else 0)
        else:
            s = BASE[c]
            if close:
                if rank == SEVEN or c == KS:
                    s += 200
                elif rank == ACE:
                    s += 50
            if rank == SIX:
                u = SUIT[c]
                s += 5 if any(d != c and SUIT[d] == u and RANK[d] != QUEEN for d in hand) else -60
        if s > best_s:
            best, best_s = c, s
    return best, _name_suit(hand, best) if RANK[best] == QUEEN else -1


def _name_suit(hand: Sequence[int], played: int) -> int:
    counts = [0, 0, 0, 0]
    for d in hand:
        if d != played and _rank(d) != QUEEN:
            counts[_suit(d)] += 1
    return max(range(4), key=lambda u: (counts[u], -u))


def rollout(r: Round) -> Round:
    """Play ``r`` to the end of the round (or :data:`MAX_MOVES` moves) by the policy."""
    for _ in range(MAX_MOVES):
        if r.winner >= 0:
            break
        m = policy(r)
        if m is None:
            r.stuck()
        else:
            r.play(*m)
    return r


def utility(r: Round, me: int, scores: Sequence[int], finish: int) -> float:
    """The round's worth to ``me`` (see the module docstring); ``finish``: the queen
    bonus the winner takes (20 or 40), computed by the caller."""

    def total(s: int) -> int:
        if s == r.winner:
            return scores[s] - finish
        t = scores[s] + hand_points(r.hands[s])
        return 0 if t == 101 else t

    mine = total(me)
    others = [s for s in range(len(r.hands)) if s != me]
    u = -float(mine - scores[me])
    u += OTHERS_WEIGHT * sum(total(s) - scores[s] for s in others) / max(1, len(others))
    if mine > 101:
        u -= BUST
    elif any(total(s) > 101 for s in range(len(r.hands)) if s != me):
        u += OTHER_BUST
    return u


def _finish_bonus(r: Round) -> int:
    if r.winner < 0 or _rank(r.top) != QUEEN:
        return 0
    return 40 if r.top == QH else 20


class StrongStoOdno:
    """The strong 101 bot at one :class:`~p2pcards.games._search.Budget`."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget

    def __call__(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        plays = [m for m in legal if isinstance(m, Play)]
        if (
            not isinstance(view, StoOdnoView)
            or len(plays) < 2
            or len(plays) != len(legal)
            or view.mode not in ("first", "normal", "cover")
            or any(len(m.cards) != 1 for m in plays)
            or (view.top is None and view.mode != "first")
        ):
            return basic_bot(view, legal, rng)
        r = random.Random(view_seed(view, f"101-strong-{self.budget.level}"))
        me = view.seat
        mine = [cid(c) for _, c in view.hand]
        # one candidate per card: a queen names the suit basic would name
        cands: dict[int, Play] = {}
        for m in plays:
            c = cid(m.cards[0])
            want = _name_suit(mine, c)
            if c not in cands or (m.suit is not None and int(m.suit) == want):
                cands[c] = m
        deal = _dealer(view)
        if deal is None:
            return basic_bot(view, legal, rng)
        top = cid(view.top) if view.top is not None else -1
        scores = list(view.scores)
        named = -1 if view.named is None else int(view.named)
        vals: dict[int, list[float]] = {c: [] for c in cands}
        # at most samples x PER_DECISION rollouts: fewer deals when there are many cards
        n = self.budget.samples
        deals = max(2, min(DEALS_PER_SAMPLE * n, n * PER_DECISION // len(cands)))
        for _ in range(deals):
            dealt = deal(r)
            if dealt is None:
                return basic_bot(view, legal, rng)
            hands, stock, under = dealt
            for c, m in cands.items():
                rd = Round(
                    [list(h) for h in hands], list(stock), list(under), top, named, me, view.mode
                )
                rd.play(c, -1 if m.suit is None else int(m.suit))
                rollout(rd)
                vals[c].append(utility(rd, me, scores, _finish_bonus(rd)))
        best = max(sorted(cands), key=lambda c: sum(vals[c]))
        # basic's card unless the deals show another is better beyond their noise (the
        # same deals for every card: the paired differences' mean against its error)
        plain = basic_bot(view, legal, random.Random(view_seed(view, "101-strong-basic")))
        c0 = cid(plain.cards[0]) if isinstance(plain, Play) and plain.cards else -1
        if c0 not in vals or c0 == best or BASIC_Z <= 0:
            return cands[best]
        diff = [a - b for a, b in zip(vals[best], vals[c0], strict=True)]
        mean = sum(diff) / len(diff)
        var = sum((x - mean) ** 2 for x in diff) / max(1, len(diff) - 1)
        return cands[best] if mean > BASIC_Z * math.sqrt(var / len(diff)) else plain


Deal = tuple[list[list[int]], list[int], list[int]]
"""One determinization: (hands, stock, under) as the model's lists (see :class:`Round`)."""


def _dealer(view: StoOdnoView) -> Callable[[random.Random], Deal | None] | None:
    """A function dealing the cards ``view``'s seat cannot see, consistently with the
    public history: the discard pile (``view.pile``) is known and in order, cards known
    to be in a hand stay there, a turned-over stock is known in order, and each hidden
    card avoids the cards its holder's "could not play" claims bar (``view.barred``).
    None when the view does not add up (house options the model lacks)."""
    me = view.seat
    seats = len(view.counts)
    mine = [cid(c) for _, c in view.hand]
    known = [[cid(c) for c in k] for k in view.known] if view.known else [[]] * seats
    pile = [cid(c) for c in view.pile]
    if len(pile) != view.discard:
        return None
    under = pile[:-1]
    open_stock = [cid(c) for c in view.stock_cards]
    seen = set(mine) | set(pile) | set(open_stock) | {c for k in known for c in k}
    pool = [c for c in range(36) if c not in seen]
    need = {s: view.counts[s] - len(known[s]) for s in range(seats) if s != me}
    n_stock = 0 if open_stock else view.stock
    if (open_stock and len(open_stock) != view.stock) or min(need.values()) < 0:
        return None
    if sum(need.values()) + n_stock != len(pool):
        return None
    barred = view.barred or tuple(((),) * need.get(s, 0) for s in range(seats))
    if any(len(barred[s]) != need[s] for s in need):
        return None
    stock_fixed = open_stock[::-1]  # the model draws from the end
    # one holder per hidden card that has a bar, the rest dealt freely
    slots = [(s, j) for s in need for j, b in enumerate(barred[s]) if b]
    if not slots:

        def free(r: random.Random) -> Deal | None:
            r.shuffle(pool)
            k, hands = 0, []
            for s in range(seats):
                if s == me:
                    hands.append(list(mine))
                    continue
                hands.append(known[s] + pool[k : k + need[s]])
                k += need[s]
            return hands, stock_fixed + pool[k:], list(under)

        return free
    counts = {i: 1 for i in range(len(slots))}
    rest = sum(need.values()) - len(slots)
    counts[-1] = rest + n_stock  # the free hidden cards and the stock
    forbidden = {i: {cid(c) for c in barred[s][j]} for i, (s, j) in enumerate(slots)}
    free_n = {s: need[s] - sum(1 for t, _ in slots if t == s) for s in need}

    def constrained(r: random.Random) -> Deal | None:
        d = deal_constrained(r, pool, counts, forbidden, tries=8)
        if d is None:
            return None
        loose = d[-1]
        r.shuffle(loose)
        hands = [list(mine) if s == me else list(known[s]) for s in range(seats)]
        for i, (s, _) in enumerate(slots):
            hands[s].extend(d[i])
        k = 0
        for s in need:
            hands[s].extend(loose[k : k + free_n[s]])
            k += free_n[s]
        return hands, stock_fixed + loose[k:], list(under)

    return constrained


def make_bot(budget: Budget) -> StrongStoOdno:
    """The strong 101 bot at ``budget``."""
    return StrongStoOdno(budget)
