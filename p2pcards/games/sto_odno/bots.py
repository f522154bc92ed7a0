"""101 bots.  Each is a function of (view, legal moves, rng) only."""

from __future__ import annotations

import random
from collections.abc import Sequence

from p2pcards.cards import Card, Rank, Suit
from p2pcards.games._bots import random_bot
from p2pcards.games._moves import Move
from p2pcards.games._state import View
from p2pcards.games.sto_odno._moves import Announce, Catch, Play
from p2pcards.games.sto_odno._rules import KING_OF_SPADES
from p2pcards.games.sto_odno._scoring import card_points, finish_bonus

CLOSE = 2
"""An opponent with this many cards or fewer is "close to going out"."""


def _score(view: View, m: Play) -> float:
    hand = [c for _, c in view.hand]
    played = set(m.cards)
    rest = [c for c in hand if c not in played]
    if not rest:  # going out: best of all, more so on a queen
        return 10_000 + finish_bonus(m.cards)
    top = m.cards[-1]
    s = float(sum(card_points(c) for c in m.cards)) + 2 * len(m.cards)
    if any(c.rank == Rank.QUEEN for c in m.cards):
        s -= 100  # keep queens for the end
    seats = len(view.counts)
    direction = getattr(view, "direction", 1)
    nxt = (view.seat + direction) % seats
    if nxt != view.seat and view.counts[nxt] <= CLOSE:
        if top.rank == Rank.SEVEN or top == KING_OF_SPADES:
            s += 200
        elif top.rank == Rank.ACE:
            s += 50
    if top.rank == Rank.SIX and getattr(view, "mode", "") != "penalty":
        cover = [c for c in rest if c.suit == top.suit or c.rank == Rank.QUEEN]
        s += 5 if any(c.rank != Rank.QUEEN for c in cover) else -60
    if m.suit is not None:
        s += _suit_weight(rest, m.suit)
    return s


def _suit_weight(rest: Sequence[Card], suit: Suit) -> float:
    """How good naming ``suit`` is: the cards (not queens) of that suit we keep."""
    mine = [c for c in rest if c.suit == suit and c.rank != Rank.QUEEN]
    return len(mine) + sum(card_points(c) for c in mine) / 100


def basic_bot(view: View, legal: Sequence[Move], rng: random.Random) -> Move:
    """Goes out when it can (on a queen if possible); otherwise keeps queens for the
    end, dumps its highest-valued cards, plays sevens and the king of spades (and aces)
    against a next player close to going out, plays a six only when it can cover it,
    names the suit it holds most of, and passes penalties on when allowed.  With
    ``announce_last`` it catches a forgotten call first and says "Сто одно" whenever it
    may (a play may leave it one card)."""
    for kind in (Catch, Announce):
        said = [m for m in legal if isinstance(m, kind)]
        if said:
            return said[0]
    plays = [m for m in legal if isinstance(m, Play)]
    if not plays:
        return legal[0]
    scored = [(_score(view, m), i) for i, m in enumerate(plays)]
    best = max(s for s, _ in scored)
    top = [plays[i] for s, i in scored if s == best]
    return top[rng.randrange(len(top))]


BOTS = {"random": random_bot, "basic": basic_bot}
