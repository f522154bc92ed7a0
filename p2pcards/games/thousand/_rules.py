"""Thousand's rules as pure functions of cards and numbers (thousand.ru.txt).

Sections cited: "Колода и стоимость карт" (order, points), "Торговля" (bids),
"Марьяжи и смена козыря" (marriages), "Розыгрыш и взятки" (tricks),
"Запись, бочка и болты" (scoring, barrel, bolts).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from p2pcards.cards import THOUSAND_ORDER, THOUSAND_POINTS, Card, Rank, Suit, deck

R_DECK = "thousand: Колода и стоимость карт"
R_DEAL = "thousand: Раздача и прикуп"
R_BID = "thousand: Торговля"
R_MARRIAGE = "thousand: Марьяжи и смена козыря"
R_PLAY = "thousand: Розыгрыш и взятки"
R_SCORE = "thousand: Запись, бочка и болты"

BASE_LIMIT = 120
"""The most a player may bid without a marriage: every card point of the deck."""
FIRST_BID = 100
"""The first hand's obligatory bid."""
BID_STEP = 5
MARRIAGE_POINTS: Mapping[Suit, int] = {
    Suit.HEARTS: 100,
    Suit.DIAMONDS: 80,
    Suit.CLUBS: 60,
    Suit.SPADES: 40,
}
"""Marriage value by suit ("Марьяжи и смена козыря")."""
FOUR_ACES_POINTS = 200


def thousand_deck() -> tuple[Card, ...]:
    """The 24-card deck, nine to ace in each suit, in canonical order."""
    return tuple(deck(24))


def points(cards: Iterable[Card]) -> int:
    """Card points: ace 11, ten 10, king 4, queen 3, jack 2, nine 0 (120 in the deck)."""
    return sum(THOUSAND_POINTS[c.rank] for c in cards)


def beats(a: Card, b: Card) -> bool:
    """True if ``a`` ranks above ``b`` in the same suit (A > 10 > K > Q > J > 9)."""
    return a.suit == b.suit and THOUSAND_ORDER[a.rank] > THOUSAND_ORDER[b.rank]


def strength(c: Card) -> int:
    """Rank of ``c`` inside its suit, 0 (nine) .. 5 (ace)."""
    return THOUSAND_ORDER[c.rank]


def round5(x: int) -> int:
    """Round to the nearest multiple of 5: remainders 1-2 down, 3-4 up
    (73 -> 75, 22 -> 20, 67 -> 65; "Счёт округляют до пяти")."""
    r = x % 5
    return x - r if r <= 2 else x + 5 - r


def partner(c: Card) -> Card | None:
    """The other card of a marriage: queen for a king and king for a queen, else None."""
    if c.rank == Rank.KING:
        return Card(Rank.QUEEN, c.suit)
    if c.rank == Rank.QUEEN:
        return Card(Rank.KING, c.suit)
    return None


def marriages_in(cards: Iterable[Card]) -> list[Suit]:
    """Suits whose king and queen are both among ``cards``, in suit order."""
    s = set(cards)
    return [u for u in Suit if Card(Rank.KING, u) in s and Card(Rank.QUEEN, u) in s]


def has_four_aces(cards: Iterable[Card]) -> bool:
    """True if all four aces are among ``cards``."""
    return sum(1 for c in cards if c.rank == Rank.ACE) == 4


def bid_limit(cards: Iterable[Card], four_aces: bool = False) -> int:
    """The highest bid allowed with ``cards`` in hand: 120 plus the marriages held (plus
    200 for four aces when that option is on) ("Торговля")."""
    cs = list(cards)
    extra = sum(MARRIAGE_POINTS[u] for u in marriages_in(cs))
    if four_aces and has_four_aces(cs):
        extra += FOUR_ACES_POINTS
    return BASE_LIMIT + extra


def max_public_bid(four_aces: bool) -> int:
    """The highest bid any hand could justify: 120 + all four marriages (+ 200)."""
    return BASE_LIMIT + sum(MARRIAGE_POINTS.values()) + (FOUR_ACES_POINTS if four_aces else 0)


def trick_winner(cards: Sequence[Card], trump: Suit | None) -> int:
    """Index in ``cards`` (play order, lead first) of the card that takes the trick: the
    highest trump if any was played, else the highest card of the led suit."""
    best = 0
    for i in range(1, len(cards)):
        c, b = cards[i], cards[best]
        if c.suit == b.suit:
            if beats(c, b):
                best = i
        elif trump is not None and c.suit == trump:
            best = i
    return best


def allowed_plays(hand: Sequence[Card], trick: Sequence[Card], trump: Suit | None) -> list[Card]:
    """The cards of ``hand`` that may be played on ``trick`` ("Розыгрыш и взятки").

    Leading: any card.  Following: a card of the led suit that beats the highest card of
    the led suit in the trick if there is one, else any card of the led suit; without the
    led suit, a trump; without trump either, any card.
    """
    if not trick:
        return list(hand)
    led = trick[0].suit
    same = [c for c in hand if c.suit == led]
    if same:
        top = max((c for c in trick if c.suit == led), key=strength)
        higher = [c for c in same if beats(c, top)]
        return higher or same
    trumps = [c for c in hand if trump is not None and c.suit == trump]
    return trumps or list(hand)


def duty(trick: Sequence[Card], trump: Suit | None, played: Card) -> dict[str, Any] | None:
    """The hidden duty a play of ``played`` on ``trick`` claims, as data, or None when
    the play needs no claim (leading, or beating the led suit's highest card).

    ``{"duty": "higher", "led": suit, "top": card}``: the player has no card of the led
    suit higher than ``top``; ``{"duty": "suit", "led": suit}``: it has no card of the
    led suit; ``{"duty": "suit_and_trump", "led": suit, "trump": suit}``: it has neither
    the led suit nor a trump ("Розыгрыш и взятки").
    """
    if not trick:
        return None
    led = trick[0].suit
    if played.suit == led:
        top = max((c for c in trick if c.suit == led), key=strength)
        if beats(played, top):
            return None
        return {"duty": "higher", "led": led, "top": top}
    if trump is None or trump == led or played.suit == trump:
        return {"duty": "suit", "led": led}
    return {"duty": "suit_and_trump", "led": led, "trump": trump}


# ---------------------------------------------------------------- scoring


@dataclass(frozen=True)
class Standing:
    """The running score sheet of one seat: ``score`` in points, ``barrel`` the number of
    hands already played on the barrel (None when not on it), ``bolts`` the bolts counted
    toward the next penalty."""

    score: int = 0
    barrel: int | None = None
    bolts: int = 0


@dataclass(frozen=True)
class ScoringRules:
    """The scoring options (see ``docs/rules/thousand.md``).

    ``barrel``: threshold (0: no barrel); ``barrel_bid``: the bid that leaves it;
    ``barrel_tries``/``barrel_penalty``: hands allowed on it and the cost of failing;
    ``bolts``/``bolt_penalty``: bolts per penalty and its cost; ``bolts_in_row``: only
    consecutive bolts count; ``declarer_scores``: "taken" or "bid"; ``compare``: "raw" or
    "rounded" (what is compared with the bid); ``rounding``: "five" (scores written
    rounded to 5) or "none"; ``barrel_exact``: only a made bid of exactly ``barrel_bid``
    leaves the barrel upward.
    """

    barrel: int = 880
    barrel_bid: int = 120
    barrel_tries: int = 3
    barrel_penalty: int = 120
    bolts: int = 3
    bolt_penalty: int = 120
    bolts_in_row: bool = True
    declarer_scores: str = "taken"
    compare: str = "raw"
    rounding: str = "five"
    barrel_exact: bool = False

    def round(self, x: int) -> int:
        """``x`` rounded as the table writes scores: to 5 (:func:`round5`) or, with
        ``rounding="none"``, unchanged."""
        return round5(x) if self.rounding == "five" else x

    def leaves_barrel(self, bid: int) -> bool:
        """True if a made ``bid`` takes its declarer off the barrel upward: at least
        ``barrel_bid``, or exactly it with ``barrel_exact``."""
        return bid == self.barrel_bid if self.barrel_exact else bid >= self.barrel_bid


def hand_gains(
    taken: Sequence[int], declarer: int, bid: int, rules: ScoringRules
) -> tuple[list[int], bool]:
    """Score of one hand before the barrel and bolts: ``taken[s]`` is seat s's card
    points plus declared marriages.  Returns (gain per seat, whether the declarer made
    its bid).  Defenders get their total rounded to 5; the declarer gets its rounded
    total (or the bid, ``declarer_scores="bid"``) if it made the bid, else minus the bid.
    """
    total = taken[declarer]
    made = (total if rules.compare == "raw" else rules.round(total)) >= bid
    gains = [rules.round(t) for t in taken]
    if made:
        gains[declarer] = rules.round(total) if rules.declarer_scores == "taken" else bid
    else:
        gains[declarer] = -bid
    return gains, made


def settle(
    before: Standing,
    gain: int,
    *,
    declarer: bool,
    bid: int,
    made: bool,
    tricks: int,
    rules: ScoringRules,
    sitting_out: bool = False,
) -> tuple[Standing, list[str]]:
    """Apply one hand's ``gain`` to a seat's :class:`Standing` ("Запись, бочка и болты").

    Barrel (threshold ``rules.barrel``, 0 = none): a score reaching the threshold stops
    at it and the seat mounts the barrel (it cannot jump over: 800 + 250 -> 880).  On the
    barrel a defender gains nothing; the declarer leaves it upward only by making a bid of
    at least ``barrel_bid`` (then it scores as usual), drops off by failing its bid (the
    bid is subtracted); after ``barrel_tries`` hands on it without leaving, it loses
    ``barrel_penalty`` and is off.  A made bid leaves the barrel if
    :meth:`ScoringRules.leaves_barrel` says so.  Bolt: no trick this hand; the
    ``bolts``-th bolt (in a row, or in all, ``bolts_in_row``) costs ``bolt_penalty`` and
    resets the count.

    ``sitting_out``: the dealer of a four-seat table, who plays no card this hand: its
    ``gain`` (the talon's points) is added and may mount the barrel, but on the barrel it
    gains nothing and the hand is not a try; it is never a bolt and keeps its bolt count.

    Returns the new standing and notes: "barrel", "off_barrel", "barrel_penalty",
    "bolt", "bolt_penalty".
    """
    notes: list[str] = []
    score, barrel, bolts = before.score, before.barrel, before.bolts
    if sitting_out:
        if barrel is None:
            score += gain
            if rules.barrel and score >= rules.barrel:
                score, barrel = rules.barrel, 0
                notes.append("barrel")
        return replace(before, score=score, barrel=barrel, bolts=bolts), notes
    if barrel is not None:
        if declarer and made and rules.leaves_barrel(bid):
            score += gain
            barrel = None
        elif declarer and not made:
            score += gain
            barrel = None
            notes.append("off_barrel")
        else:
            barrel += 1
            if barrel >= rules.barrel_tries:
                score -= rules.barrel_penalty
                barrel = None
                notes += ["barrel_penalty", "off_barrel"]
    else:
        score += gain
        if rules.barrel and score >= rules.barrel:
            score = rules.barrel
            barrel = 0
            notes.append("barrel")
    if tricks == 0:
        bolts += 1
        notes.append("bolt")
        if bolts >= rules.bolts:
            score -= rules.bolt_penalty
            bolts = 0
            notes.append("bolt_penalty")
            if barrel is not None and score < rules.barrel:
                barrel = None
                notes.append("off_barrel")
    elif rules.bolts_in_row:
        bolts = 0
    return replace(before, score=score, barrel=barrel, bolts=bolts), notes
