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
A move is worth the round's outcome for this seat: minus 100 times its chance of
losing the series from the totals after the round (:func:`race_utility`: a seat
above 101 has lost, exactly 101 becomes 0, and otherwise a race in which every seat's
round points are drawn from what basic bots score, :data:`ROUND_POINTS`).  With
``race=0`` the older worth: minus its points plus half the others' mean points, a
large penalty for going above 101, and a bonus when another seat goes above 101 first
(:func:`utility`).  The move with the best mean wins.

The deals are weighed by what the other seats' plays of this round say about the cards
they kept (:func:`_likelihood`: a seat that played a seven when it held an ace it could
play did not follow basic's policy, so such deals are unlikely), and the searched deals
are drawn from many by those weights (:func:`_posterior`).

The model ignores house options (the bot sees no options: only its view); with them
the rollouts are approximate but the moves stay legal (they are chosen from the legal
list).  Modes it does not model ("continue", "penalty") fall back to ``basic``.  The
random generator is seeded from the view, so equal views give equal moves.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable, Sequence

from p2pcards.cards import Card, Rank, Suit
from p2pcards.games._moves import Move
from p2pcards.games._sampling import view_seed
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
MAX_MOVES = 300
PER_DECISION = 16
"""Rollouts per decision are at most ``samples`` x this (see :class:`StrongStoOdno`)."""
DEALS_PER_SAMPLE = 2
"""Deals per decision are at most ``samples`` x this."""
CANDIDATES = 32
"""Deals weighed by the other seats' past plays per decision: ``samples`` x this, of which
the searched ones are drawn (:func:`_posterior`, eps :data:`EPS`); 1 weighs nothing.
Paired against 1 (eps 0.1, the older suit naming) on fresh series (``scripts/bench
sto_odno_ab --series N --seed K --jobs 2``, hard): seed 18, 400 series, B - A -0.025
[-0.079, 0.029]; seed 19, 600 series, -0.063 [-0.106, -0.021]; the 1,000 together
0.256 -> 0.208, -0.048 [-0.081, -0.014] (docs/bots.md)."""
EPS = 0.03
"""The chance that a seat's play is not basic's in :func:`_likelihood`."""


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

    def copy(self) -> Round:
        """An independent copy (the hands, stock and pile lists copied)."""
        c = Round(
            [list(h) for h in self.hands],
            list(self.stock),
            list(self.under),
            self.top,
            self.named,
            self.turn,
            self.mode,
        )
        c.winner = self.winner
        return c

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
            s = _score(c, hand, close)
        if s > best_s:
            best, best_s = c, s
    return best, _name_suit(hand, best) if RANK[best] == QUEEN else -1


def _name_suit(hand: Sequence[int], played: int) -> int:
    """The suit basic names with the queen ``played``: the most other non-queen cards,
    ties broken by their points (``bots._suit_weight``), then the lowest suit."""
    return _suits_named(hand, played)[0]


def policy_step(r: Round) -> None:
    """One move of the seat to play in ``r`` by the policy (or its draw or pass when it
    has no playable card)."""
    m = policy(r)
    if m is None:
        r.stuck()
    else:
        r.play(*m)


def rollout(r: Round) -> Round:
    """Play ``r`` to the end of the round (or :data:`MAX_MOVES` moves) by the policy."""
    for _ in range(MAX_MOVES):
        if r.winner >= 0:
            break
        policy_step(r)
    return r


def rollout_own(
    r: Round,
    me: int,
    value: Callable[[Round, int, Sequence[int], int], float],
    scores: Sequence[int],
    limit: int = 3,
) -> Round:
    """Play ``r`` to the end like :func:`rollout`, except that at up to ``limit`` of
    ``me``'s own decisions with two or more playable cards it plays the card whose basic
    rollout (:func:`rollout`) is worth most to it by ``value`` (a one-step search on
    this deal; a queen names basic's suit)."""
    for _ in range(MAX_MOVES):
        if r.winner >= 0:
            break
        if r.turn == me and limit > 0:
            hand = r.hands[me]
            cands = r.playable(hand)
            if len(cands) >= 2:
                limit -= 1
                best, best_v = -1, -1e18
                for c in cands:
                    rc = r.copy()
                    rc.play(c, _name_suit(hand, c) if RANK[c] == QUEEN else -1)
                    rollout(rc)
                    v = value(rc, me, scores, _finish_bonus(rc))
                    if v > best_v:
                        best, best_v = c, v
                r.play(best, _name_suit(hand, best) if RANK[best] == QUEEN else -1)
                continue
        policy_step(r)
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


ROUND_POINTS = (
    (-40, 18), (-20, 50), (0, 183), (3, 36), (8, 97), (13, 113), (18, 128), (23, 94),
    (28, 78), (33, 57), (38, 46), (43, 29), (48, 23), (53, 18), (58, 13), (63, 7),
    (68, 3), (75, 9),
)  # fmt: skip
"""What one seat scores in a round of four basic bots, per mille, in 5-point bins
(2,564 seat-rounds of 150 series, seeds 1000-1149: the winner's 0 or -20/-40 for a
queen, the others' hands); the race model of :func:`lose_chance`."""
HORIZON = 40
"""Rounds the race model looks ahead."""
LOW = -200
"""Scores below this count as this in the race model."""
_BUST: list[list[float]] = []


def _bust_table() -> list[list[float]]:
    """``t[s - LOW][k]``: the chance that a seat at score ``s`` (``LOW`` .. 101) first
    goes above 101 in round ``k + 1`` from now, each round's points drawn independently
    from :data:`ROUND_POINTS` (exactly 101 becomes 0, "Счёт серии")."""
    if _BUST:
        return _BUST
    total = sum(w for _, w in ROUND_POINTS)
    dist = [(x, w / total) for x, w in ROUND_POINTS]
    size = 102 - LOW
    prev = [[0.0] * HORIZON for _ in range(size)]
    for k in range(HORIZON):
        for i in range(size):
            sc = i + LOW
            acc = 0.0
            for x, w in dist:
                t = sc + x
                if t > 101:
                    if k == 0:
                        acc += w
                elif k > 0:
                    t = 0 if t == 101 else max(LOW, t)
                    acc += w * prev[t - LOW][k - 1]
            prev[i][k] = acc
    _BUST.extend(prev)
    return _BUST


def lose_chance(totals: Sequence[int], me: int) -> float:
    """The chance that ``me`` loses the series from ``totals`` (after a round): 1 or 0
    when a seat is above 101 (the series is over), else by the race model: each seat's
    first round above 101 is independent (:func:`_bust_table`), and ``me`` loses when
    no other seat went above 101 in an earlier round."""
    if any(t > 101 for t in totals):
        return 1.0 if totals[me] > 101 else 0.0
    table = _bust_table()
    rows = [table[max(LOW, t) - LOW] for t in totals]
    mine = rows[me]
    others = [r for s, r in enumerate(rows) if s != me]
    alive = [1.0] * len(others)  # chance each other seat has not gone above 101 yet
    p = 0.0
    for k in range(HORIZON):
        q = mine[k]
        for a in alive:
            q *= a
        p += q
        alive = [a - r[k] for a, r in zip(alive, others, strict=True)]
    return p


def race_utility(r: Round, me: int, scores: Sequence[int], finish: int) -> float:
    """The round's worth to ``me`` by the race model: minus 100 times its chance of
    losing the series from the totals after the round (:func:`lose_chance`)."""
    totals = []
    for s in range(len(r.hands)):
        if s == r.winner:
            totals.append(scores[s] - finish)
        else:
            t = scores[s] + hand_points(r.hands[s])
            totals.append(0 if t == 101 else t)
    return -100.0 * lose_chance(totals, me)


def _finish_bonus(r: Round) -> int:
    if r.winner < 0 or _rank(r.top) != QUEEN:
        return 0
    return 40 if r.top == QH else 20


class StrongStoOdno:
    """The strong 101 bot at one :class:`~p2pcards.games._search.Budget`."""

    def __init__(
        self,
        budget: Budget,
        *,
        candidates: int = 0,
        eps: float = EPS,
        queen_suits: int = 0,
        race: int = 1,
        own: int = 0,
        deals: int = 0,
        mcts: int = 0,
        expand: int = 16,
        ucb: float = 0.05,
        bias: float = 0.02,
        read: int = 0,
    ) -> None:
        self.budget = budget
        self.read = read
        self.candidates = candidates if candidates else CANDIDATES
        self.eps = eps
        self.queen_suits = bool(queen_suits)
        self.value = race_utility if race else utility
        self.own = own
        self.deals = deals
        self.mcts = mcts
        self.expand = expand
        self.ucb = ucb
        self.bias = bias

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
        cands = self.candidates_of(view, plays)
        deal = _dealer(view)
        if deal is None:
            return basic_bot(view, legal, rng)
        if self.read:
            bars = play_bars(view)
            read = _dealer(dataclasses.replace(view, barred=bars)) if bars else None
        else:
            read = None
        # at most samples x PER_DECISION rollouts: fewer deals when there are many cards
        n = self.budget.samples
        deals = max(2, min(DEALS_PER_SAMPLE * n, n * PER_DECISION // len(cands)))
        if self.deals:
            deals = self.deals
        chosen = None
        if read is not None:  # plays that fit basic's: deals that fit them
            chosen = _posterior(view, read, r, deals, self.candidates * n, self.eps)
        if chosen is None:
            chosen = _posterior(view, deal, r, deals, self.candidates * n, self.eps)
        if chosen is None:
            return basic_bot(view, legal, rng)
        return self.search(view, cands, chosen, r)

    def candidates_of(
        self, view: StoOdnoView, plays: Sequence[Play]
    ) -> dict[tuple[int, int], Play]:
        """One candidate per card of ``plays`` keyed by (card, -1): a queen names the suit
        basic would name (keyed by (card, suit) for every suit with ``queen_suits``)."""
        mine = [cid(c) for _, c in view.hand]
        cands: dict[tuple[int, int], Play] = {}
        for m in plays:
            c = cid(m.cards[0])
            u = -1 if m.suit is None else int(m.suit)
            if self.queen_suits and u >= 0:
                cands[c, u] = m
            elif (c, -1) not in cands or u == _name_suit(mine, c):
                cands[c, -1] = m
        return cands

    def search(
        self,
        view: StoOdnoView,
        cands: dict[tuple[int, int], Play],
        chosen: Sequence[tuple[Deal, float]],
        r: random.Random,
    ) -> Play:
        """The candidate with the best value on the deals ``chosen`` (the one-card search,
        ``own`` or ``mcts``); ``scripts/bench sto_odno_oracle`` calls it with real hands."""
        me = view.seat
        top = cid(view.top) if view.top is not None else -1
        scores = list(view.scores)
        named = -1 if view.named is None else int(view.named)
        vals: dict[tuple[int, int], list[float]] = {c: [] for c in cands}
        if self.mcts:
            start = Round([], [], [], top, named, me, view.mode)
            keys = sorted(cands)
            suits = [_suit_of(cands[k]) for k in keys]
            best = ismcts(
                start,
                [d for d, _ in chosen],
                [(k[0], u) for k, u in zip(keys, suits, strict=True)],
                me,
                scores,
                self.value,
                r,
                self.mcts,
                shuffle_stock=not view.stock_cards,
                expand=self.expand,
                c=self.ucb,
                bias=self.bias,
            )
            return cands[keys[best]]
        for (hands, stock, under), w in chosen:
            for key, m in cands.items():
                rd = Round(
                    [list(h) for h in hands], list(stock), list(under), top, named, me, view.mode
                )
                rd.play(key[0], -1 if m.suit is None else int(m.suit))
                if self.own:
                    rollout_own(rd, me, self.value, scores, self.own)
                else:
                    rollout(rd)
                vals[key].append(w * self.value(rd, me, scores, _finish_bonus(rd)))
        return cands[max(sorted(cands), key=lambda c: sum(vals[c]))]


Deal = tuple[list[list[int]], list[int], list[int]]
"""One determinization: (hands, stock, under) as the model's lists (see :class:`Round`)."""


class _Node:
    """One of the searching seat's information sets in :func:`ismcts`: visits, and per
    action its visits and summed value."""

    __slots__ = ("n", "visits", "wins")

    def __init__(self, k: int) -> None:
        self.visits = 0
        self.n = [0] * k
        self.wins = [0.0] * k


def _ucb(node: _Node, c: float, prior: int, bias: float) -> int:
    """The action of ``node`` with the best upper confidence bound (values in [0, 1];
    an untried action counts as the node's mean, "first-play urgency"; action
    ``prior``, basic's card, gets ``bias`` more: it is left only for a clearly better
    one)."""
    mean = sum(node.wins) / max(1, node.visits)
    log_n = math.log(node.visits + 1)
    best, best_v = 0, -1e18
    for i, k in enumerate(node.n):
        v = node.wins[i] / k + c * math.sqrt(log_n / k) if k else mean + c
        if i == prior:
            v += bias
        if v > best_v:
            best, best_v = i, v
    return best


def ismcts(
    start: Round,
    deals: Sequence[Deal],
    actions: Sequence[tuple[int, int]],
    me: int,
    scores: Sequence[int],
    value: Callable[[Round, int, Sequence[int], int], float],
    rng: random.Random,
    iterations: int,
    *,
    shuffle_stock: bool = True,
    expand: int = 16,
    c: float = 0.05,
    bias: float = 0.02,
) -> int:
    """Single-observer information-set MCTS (Cowling, Powley and Whitehouse 2012) over
    ``me``'s own decisions; the index of the root action (``actions``: (card, named
    suit)) with the best mean.

    Every root action is tried on each deal in turn (the same deal for all of them, as
    in a paired comparison: ``iterations`` / their number deals, ``deals`` cycled, the
    secret stock shuffled afresh on each new pass with ``shuffle_stock``) from
    ``start``'s top card, named suit and mode.  The other seats play basic's policy
    (what the model of the round assumes of them).  ``me``'s later decisions with two
    or more playable cards are nodes keyed by what ``me`` sees there (its hand, the top
    card, the named suit, the mode, the hand sizes, and the node and action leading
    there): a node visited fewer than ``expand`` times plays basic's card, then UCB1
    (constant ``c``, basic's card ``bias`` ahead) over its playable cards (a queen
    naming basic's suit).  The value at the round's end is ``value`` (minus 100 times
    the chance of losing the series), scaled to [0, 1] and backed up along the path."""
    root = _Node(len(actions))
    table: dict[tuple[object, ...], tuple[_Node, list[int]]] = {}
    k = len(actions)
    st: list[int] = []
    for i in range(max(k, iterations - iterations % k)):
        a, d = i % k, i // k
        hands, stock, under = deals[d % len(deals)]
        if a == 0:
            st = list(stock)
            if shuffle_stock and d >= len(deals):
                rng.shuffle(st)
        rd = Round(
            [list(h) for h in hands], list(st), list(under), start.top, start.named, me, start.mode
        )
        path: list[tuple[_Node, int]] = [(root, a)]
        rd.play(*actions[a])
        node_id: tuple[object, ...] = (a,)
        leaf = False
        while rd.winner < 0:
            if rd.turn == me and not leaf:
                hand = rd.hands[me]
                cards = sorted(rd.playable(hand))
                if len(cards) >= 2:
                    key = (
                        node_id,
                        tuple(sorted(hand)),
                        rd.top,
                        rd.named,
                        rd.mode,
                        tuple(len(h) for h in rd.hands),
                    )
                    got = table.get(key)
                    if got is None:
                        got = (_Node(len(cards)), cards)
                        table[key] = got
                    node, acts = got
                    m = policy(rd)
                    assert m is not None
                    j = acts.index(m[0])
                    if node.visits < expand:
                        leaf = node.visits == 0
                    else:
                        j = _ucb(node, c, j, bias)
                    path.append((node, j))
                    card = acts[j]
                    rd.play(card, _name_suit(hand, card) if RANK[card] == QUEEN else -1)
                    node_id = (key, j)
                    continue
            m = policy(rd)
            if m is None:
                rd.stuck()
            else:
                rd.play(*m)
        v = value(rd, me, scores, _finish_bonus(rd)) / 100.0 + 1.0
        for node, j in path:
            node.visits += 1
            node.n[j] += 1
            node.wins[j] += v
    return max(range(len(actions)), key=lambda k: (root.wins[k] / max(1, root.n[k]), -k))


def _dealer(view: StoOdnoView) -> Callable[[random.Random], Deal | None] | None:
    """A function dealing the cards ``view``'s seat cannot see, consistently with the
    public history: the discard pile (``view.pile``) is known and in order, cards known
    to be in a hand stay there, a turned-over stock is known in order, and each hidden
    card avoids the cards its holder's "could not play" claims bar (``view.barred``).
    Another seat's hand is its known cards (``view.known``) then its hidden ones in
    position order (``view.hidden``).  None when the view does not add up (house
    options the model lacks)."""
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
    forbidden = [{cid(c) for c in barred[s][j]} for s, j in slots]
    slot_of = {sj: i for i, sj in enumerate(slots)}
    place = _slot_dealer(pool, forbidden)

    def constrained(r: random.Random) -> Deal | None:
        d = place(r)
        if d is None:
            return None
        one, loose = d
        hands = [list(mine) if s == me else list(known[s]) for s in range(seats)]
        k = 0
        for s in need:
            h = hands[s]
            for j in range(need[s]):
                i = slot_of.get((s, j))
                if i is None:
                    h.append(loose[k])
                    k += 1
                else:
                    h.append(one[i])
        return hands, stock_fixed + loose[k:], list(under)

    return constrained


def _slot_dealer(
    pool: Sequence[int], forbidden: Sequence[set[int]], tries: int = 8
) -> Callable[[random.Random], tuple[list[int], list[int]] | None]:
    """A function dealing ``pool`` to one card per slot (slot ``i`` none of
    ``forbidden[i]``) and the rest loose (shuffled): the algorithm of
    :func:`~p2pcards.games._sampling.deal_constrained` (cards with the fewest possible
    places first, each to a free place at random; the cards no slot forbids fill what
    is left at random), with the places each card may take computed once."""
    n = len(forbidden)
    allowed = {c: [i for i in range(n) if c not in forbidden[i]] for c in pool}
    loose_n = len(pool) - n
    free_cards = [c for c in pool if len(allowed[c]) == n]
    groups: dict[int, list[int]] = {}
    for c in pool:
        if len(allowed[c]) < n:
            groups.setdefault(len(allowed[c]), []).append(c)
    ordered = [groups[k] for k in sorted(groups)]

    def place(r: random.Random) -> tuple[list[int], list[int]] | None:
        for _ in range(tries):
            one = [-1] * n
            loose: list[int] = []
            left = loose_n
            ok = True
            for group in ordered:
                g = list(group)
                r.shuffle(g)
                for c in g:
                    opts = [i for i in allowed[c] if one[i] < 0]
                    if not opts and not left:
                        ok = False
                        break
                    pick = r.randrange(len(opts) + left)
                    if pick < len(opts):
                        one[opts[pick]] = c
                    else:
                        loose.append(c)
                        left -= 1
                if not ok:
                    break
            if not ok:
                continue
            rest = list(free_cards)
            r.shuffle(rest)
            k = 0
            for i in range(n):
                if one[i] < 0:
                    one[i] = rest[k]
                    k += 1
            loose.extend(rest[k:])
            r.shuffle(loose)
            return one, loose
        return None

    return place


def _score_bounds(c: int, close: bool, held: int) -> tuple[float, float]:
    """The lowest and the highest score basic (``bots._score``) may give playing ``c``
    from a hand of ``held`` cards, not its last, whatever the other cards: a six's
    cover term (+5 or -60) and a queen's suit weight (0 up to the other cards' count,
    each at most 1.11) depend on them."""
    s = _score(c, (), close)
    if RANK[c] == SIX:
        return s - 60, s + 5
    if RANK[c] == QUEEN:
        return s, s + 1.11 * (held - 1)
    return s, s


def play_bars(view: StoOdnoView) -> tuple[tuple[tuple[Card, ...], ...], ...] | None:
    """``view.barred`` with what the other seats' plays of this round say, read as
    basic's (``bots.basic_bot``: the highest-scoring playable card): a seat that played
    ``x`` holding two cards or more held, at that moment, no playable card that basic
    scores higher than ``x`` whatever the rest of the hand (:func:`_score_bounds`), so
    each of those positions still hidden is none of them.  None when the view's plays
    do not fit its hidden positions."""
    me = view.seat
    seats = len(view.counts)
    if len(view.hidden) != seats:
        return None
    base = view.barred or tuple(((),) * len(view.hidden[s]) for s in range(seats))
    if any(len(base[s]) != len(view.hidden[s]) for s in range(seats)):
        return None
    extra: dict[int, set[int]] = {}
    deck = [Card(Rank(_rank(c)), Suit(_suit(c))) for c in range(36)]
    for pp in view.plays:
        s, req = pp.seat, pp.requirement
        if s == me or len(pp.cards) != 1 or len(pp.held) < 2:
            continue
        if req.mode not in ("first", "normal", "cover") or (req.mode != "first" and not req.top):
            continue
        close = pp.next_count <= 2 and seats > 1
        x = cid(pp.cards[0])
        high = _score_bounds(x, close, len(pp.held))[1]
        bar = {
            c
            for c in range(36)
            if RANK[c] != QUEEN
            and c != x
            and req.starts(deck[c])
            and _score_bounds(c, close, len(pp.held))[0] > high
        }
        if not bar:
            continue
        for p, card in pp.held:
            if card is None:
                extra.setdefault(p, set()).update(bar)
    if not extra:
        return base
    out = []
    for s in range(seats):
        row = []
        for p, b in zip(view.hidden[s], base[s], strict=True):
            more = extra.get(p)
            if s == me or not more:
                row.append(b)
                continue
            cards = {cid(c) for c in b} | more
            row.append(tuple(deck[c] for c in sorted(cards, key=lambda c: (_suit(c), _rank(c)))))
        out.append(tuple(row))
    return tuple(out)


def _likelihood(view: StoOdnoView, eps: float) -> Callable[[list[list[int]]], float] | None:
    """How likely the other seats' plays of this round (``view.plays``) are in a deal
    of :func:`_dealer`: the product over their plays of the chance that a seat following
    basic's policy (:func:`policy`, the highest-scoring playable card, and the suit it
    holds most of named with a queen) plays what it played, with probability ``1 -
    eps``, or any playable card (any suit) with ``eps``; so a player who plays
    differently makes deals less likely, never impossible.  None when no play says
    anything (then every deal is as likely)."""
    me = view.seat
    if len(view.hidden) != len(view.counts):
        return None
    known_n = [len(k) for k in view.known] if view.known else [0] * len(view.counts)
    index = {
        p: known_n[s] + j for s, ps in enumerate(view.hidden) if s != me for j, p in enumerate(ps)
    }
    # one entry per play of another seat: (seat, the held cards that are public, the
    # indices in its dealt hand of the others, the card played, the suit named, which
    # cards were playable, basic's score of each card before the six's term)
    entries = []
    for pp in view.plays:
        s, req = pp.seat, pp.requirement
        if s == me or len(pp.cards) != 1 or len(pp.held) < 2:
            continue
        if req.mode not in ("first", "normal", "cover"):
            continue
        if req.mode != "first" and req.top is None:
            continue
        fixed: list[int] = []
        idx: list[int] = []
        for p, c in pp.held:
            if c is not None:
                fixed.append(cid(c))
            elif p in index:
                idx.append(index[p])
            else:
                return None  # a hidden card that is not in its holder's hand: no model
        u = -1
        if req.mode == "cover" and req.cover_suit is not None:
            u = int(req.cover_suit)
        elif req.named is not None:
            u = int(req.named)
        if req.mode == "first":
            ok = [True] * 36
        elif u >= 0:
            ok = [SUIT[c] == u or RANK[c] == QUEEN for c in range(36)]
        else:
            assert req.top is not None
            t = cid(req.top)
            ok = [SUIT[c] == SUIT[t] or RANK[c] == RANK[t] or RANK[c] == QUEEN for c in range(36)]
        close = pp.next_count <= 2 and len(view.counts) > 1
        score = [_score(c, (), close) for c in range(36)]
        obs = cid(pp.cards[0])
        suit = -1 if pp.suit is None else int(pp.suit)
        entries.append((s, fixed, idx, obs, suit, ok, score))
    if not entries:
        return None

    def like(hands: list[list[int]]) -> float:
        w = 1.0
        for s, fixed, idx, obs, suit, ok, score in entries:
            hs = hands[s]
            hand = fixed + [hs[i] for i in idx]
            if RANK[obs] == QUEEN and suit >= 0 and len(hand) > 1:
                names = _suits_named(hand, obs)
                w *= (1 - eps) / len(names) + eps / 4 if suit in names else eps / 4
            cands = [c for c in hand if ok[c]]
            k = len(cands)
            if k < 2:
                continue
            best: list[int] = []
            best_s = -1e9
            for c in cands:
                sc = score[c]
                if RANK[c] == SIX:
                    u = SUIT[c]
                    sc += (
                        5
                        if any(d != c and SUIT[d] == u and RANK[d] != QUEEN for d in hand)
                        else -60
                    )
                if sc > best_s:
                    best, best_s = [c], sc
                elif sc == best_s:
                    best.append(c)
            w *= (1 - eps) / len(best) + eps / k if obs in best else eps / k
        return w

    return like


def _score(c: int, hand: Sequence[int], close: bool) -> float:
    """basic's score of playing ``c`` from ``hand`` (:func:`policy`; the six's term only
    when ``hand`` is given, the last card's never)."""
    rank = RANK[c]
    s = BASE[c]
    if close:
        if rank == SEVEN or c == KS:
            s += 200
        elif rank == ACE:
            s += 50
    if rank == SIX and hand:
        u = SUIT[c]
        s += 5 if any(d != c and SUIT[d] == u and RANK[d] != QUEEN for d in hand) else -60
    return s


def _suits_named(hand: Sequence[int], played: int) -> list[int]:
    """The suits basic may name with the queen ``played`` from ``hand``: those with the
    most other non-queen cards, ties broken by their points (bots.py ``_suit_weight``)."""
    weight = [0.0] * 4
    for d in hand:
        if d != played and RANK[d] != QUEEN:
            weight[SUIT[d]] += 1 + PTS[RANK[d]] / 100
    top = max(weight)
    return [u for u in range(4) if weight[u] == top]


def _posterior(
    view: StoOdnoView,
    deal: Callable[[random.Random], Deal | None],
    r: random.Random,
    k: int,
    n: int,
    eps: float,
) -> list[tuple[Deal, float]] | None:
    """``k`` deals (with weight 1 each: the caller's weights are kept for a later
    variant), drawn from ``n`` deals of ``deal`` weighted by :func:`_likelihood`
    (systematic resampling); a deal drawn several times gives its hands to each copy,
    each copy with the stock in a fresh random order (what the stock holds is fixed by
    the hands; its order, when secret, is not).  Just ``k`` deals when no play says
    anything.  A deal that fails (:func:`_dealer` found none in its tries) is left out;
    None when half of them fail."""
    like = _likelihood(view, eps)
    if like is None or n <= k:
        out = [(d, 1.0) for d in (deal(r) for _ in range(k)) if d is not None]
        return out if 2 * len(out) >= k else None
    pool = [d for d in (deal(r) for _ in range(n)) if d is not None]
    if 2 * len(pool) < n:
        return None
    ws = [like(d[0]) for d in pool]
    step = sum(ws) / k
    x = r.random() * step
    acc = 0.0
    fixed = len(view.stock_cards)
    chosen: list[tuple[Deal, float]] = []
    for d, w in zip(pool, ws, strict=True):
        acc += w
        first = True
        while x < acc and len(chosen) < k:
            if first:
                chosen.append((d, 1.0))
                first = False
            else:
                hands, stock, under = d
                secret = stock[fixed:]
                r.shuffle(secret)
                chosen.append((([list(h) for h in hands], stock[:fixed] + secret, under), 1.0))
            x += step
    return chosen


def _suit_of(m: Play) -> int:
    """The suit ``m`` names as an int, -1 for none."""
    return -1 if m.suit is None else int(m.suit)


def make_bot(budget: Budget) -> StrongStoOdno:
    """The strong 101 bot at ``budget``."""
    return StrongStoOdno(budget)
