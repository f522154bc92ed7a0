"""Thousand bots.  Each is a function of (view, legal moves, rng) only.

``random`` picks any legal move.  ``basic`` bids from a hand-strength estimate that
counts its marriages, passes its cheapest cards, declares marriages when leading, cashes
aces, wins tricks cheaply and otherwise throws its cheapest card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from p2pcards.cards import THOUSAND_ORDER, Card, Rank, Suit
from p2pcards.games._bots import random_bot
from p2pcards.games._moves import Move
from p2pcards.games._state import View
from p2pcards.games.thousand._moves import Bid, ChooseTalon, GiveCards, Pass, Play
from p2pcards.games.thousand._rules import (
    MARRIAGE_POINTS,
    marriages_in,
    points,
    strength,
    trick_winner,
)
from p2pcards.games.thousand._state import ThousandView

TALON_ALLOWANCE = 15
"""Points ``basic`` expects from the talon and its opponents' cards in its tricks."""

BARREL_RISK = 15
"""How far below the barrel bid ``basic``'s estimate may be when it goes for it."""


def estimate(cards: Sequence[Card]) -> int:
    """``basic``'s guess of the points ``cards`` (a 7-card hand, or 10 with two seats)
    take as declarer: aces and guarded tens, marriages with their king and queen, plus an
    allowance (and, in a ten-card hand, two points per card beyond seven: longer hands
    hold more of the deck's points)."""
    est = TALON_ALLOWANCE + 2 * max(0, len(cards) - 7)
    for u in Suit:
        ranks = {c.rank for c in cards if c.suit == u}
        if Rank.ACE in ranks:
            est += 16
            if Rank.TEN in ranks:
                est += 13
        elif Rank.TEN in ranks:
            est += 4
    for u in marriages_in(cards):
        est += MARRIAGE_POINTS[u] + 7
    return est


def _cheap(c: Card) -> tuple[int, int]:
    return (points([c]), strength(c))


def basic_bot(view: View, legal: Sequence[Move], rng: random.Random) -> Move:
    """A simple sensible player (see the module docstring)."""
    assert isinstance(view, ThousandView)
    first = legal[0]
    if isinstance(first, Pass | Bid):
        return _bid(view, legal)
    if isinstance(first, ChooseTalon):  # two seats: the talons are alike unseen
        return legal[rng.randrange(len(legal))]
    if isinstance(first, GiveCards):
        return _give(view, legal)
    plays = [m for m in legal if isinstance(m, Play)]
    return _play(view, plays) if plays else legal[rng.randrange(len(legal))]


def _bid(view: ThousandView, legal: Sequence[Move]) -> Move:
    cards = [c for _, c in view.hand]
    most = estimate(cards) // 5 * 5
    if view.barrel[view.seat] is not None:
        # On the barrel only a bid of barrel_bid helps: go for it with a fair hand.
        jump = [m for m in legal if isinstance(m, Bid) and m.amount == view.barrel_bid]
        if jump and most >= view.barrel_bid - BARREL_RISK:
            return jump[0]
    bids = [m for m in legal if isinstance(m, Bid) and m.amount <= most]
    if bids:
        return min(bids, key=lambda m: m.amount)
    return next(m for m in legal if isinstance(m, Pass))


def _give(view: ThousandView, legal: Sequence[Move]) -> Move:
    cards = dict(view.hand)
    keep = set(marriages_in(cards.values()))

    def worth(p: int) -> tuple[int, int, int, int]:
        c = cards[p]
        return (int(c.suit in keep and c.rank in (Rank.KING, Rank.QUEEN)), *_cheap(c), p)

    a, b = sorted(cards, key=worth)[:2]
    for mv in (GiveCards(view.seat, (a, b)), GiveCards(view.seat, (b, a))):
        if mv in legal:
            return mv
    return legal[0]


# the cards of each card's suit in the Thousand deck (9 to ace) that rank above it
_ABOVE: dict[Card, tuple[Card, ...]] = {
    Card(r, s): tuple(Card(o, s) for o in THOUSAND_ORDER if THOUSAND_ORDER[o] > THOUSAND_ORDER[r])
    for s in Suit
    for r in THOUSAND_ORDER
}


def _master(c: Card, mine: set[Card], played: set[Card]) -> bool:
    """No unseen card of ``c``'s suit ranks above it."""
    return all(o in mine or o in played for o in _ABOVE[c])


def _play(view: ThousandView, plays: Sequence[Play]) -> Play:
    mine = {c for _, c in view.hand}
    played = set(view.played)
    if not view.trick:
        declares = [m for m in plays if m.declare == "marriage"]
        if declares:
            best = max(MARRIAGE_POINTS[m.card.suit] for m in declares)
            top = [m for m in declares if MARRIAGE_POINTS[m.card.suit] == best]
            return min(top, key=lambda m: strength(m.card))  # lead the queen
        aces = [m for m in plays if m.declare == "aces"]
        if aces:
            return aces[0]
        plain = [m for m in plays if not m.declare]
        masters = [m for m in plain if _master(m.card, mine, played)]
        if masters:
            return max(masters, key=lambda m: _cheap(m.card))
        return min(plain, key=lambda m: _cheap(m.card))
    trick = [c for _, c in view.trick]
    plain = [m for m in plays if not m.declare]
    winners = [m for m in plain if trick_winner([*trick, m.card], view.trump) == len(trick)]
    if winners:
        if len(trick) == len(view.players) - 1:  # last to play: the trick is ours
            return min(winners, key=lambda m: _cheap(m.card))
        safe = [
            m
            for m in winners
            if _master(m.card, mine, played)
            or (view.trump is not None and m.card.suit == view.trump)
        ]
        if safe:
            return min(safe, key=lambda m: _cheap(m.card))
    return min(plain, key=lambda m: _cheap(m.card))


BOTS = {"random": random_bot, "basic": basic_bot}
