"""101's scoring: the value of a hand left at the end of a round and the series score.

Sections of sto-odno.ru.txt: "Конец раунда и стоимость оставшихся карт" (card values,
queens-only hands, finishing on a queen), "Счёт серии: ровно 101 обнуляется" (exactly 101
becomes 0, above 101 loses), "Домашние варианты" (100 becomes 50, nine worth 0, the king
of spades worth 40).
"""

from __future__ import annotations

from collections.abc import Sequence

from p2pcards.cards import STO_ODNO_POINTS, Card, Rank
from p2pcards.games.sto_odno._rules import KING_OF_SPADES, QUEEN_OF_HEARTS

LIMIT = 101
"""The series threshold: a total above it loses; exactly it becomes 0."""


def card_points(card: Card, *, nine_zero: bool = False, king_spades: int = 4) -> int:
    """Penalty points of ``card`` left in a mixed hand: 6-10 face value (a nine 0 with
    ``nine_zero``), jack 2, queen 3, king 4 (the king of spades ``king_spades``), ace 11;
    twos to fives of a 52-card deck at face value."""
    if card == KING_OF_SPADES:
        return king_spades
    if card.rank == Rank.NINE and nine_zero:
        return 0
    return STO_ODNO_POINTS[card.rank]


def queen_points(card: Card) -> int:
    """A queen in a hand of queens only: 20, the queen of hearts 40."""
    return 40 if card == QUEEN_OF_HEARTS else 20


def hand_points(cards: Sequence[Card], *, nine_zero: bool = False, king_spades: int = 4) -> int:
    """Points of a hand left at the end of a round.

    A non-empty hand of queens only scores :func:`queen_points` per queen (a lone queen
    20, the queen of hearts 40); otherwise each card scores :func:`card_points`
    (the queen of hearts, a jack and a nine: 3 + 2 + 9 = 14).
    """
    if cards and all(c.rank == Rank.QUEEN for c in cards):
        return sum(queen_points(c) for c in cards)
    return sum(card_points(c, nine_zero=nine_zero, king_spades=king_spades) for c in cards)


def finish_bonus(last: Sequence[Card]) -> int:
    """What the round's winner subtracts for the queens of its finishing play: 20 per
    queen, 40 for the queen of hearts (0 when it did not finish on a queen)."""
    if not last or last[-1].rank != Rank.QUEEN:
        return 0
    return sum(queen_points(c) for c in last if c.rank == Rank.QUEEN)


def new_score(old: int, added: int, *, hundred_to_fifty: bool = False) -> int:
    """The series score after adding ``added`` (negative for a queen finish) to ``old``.

    Exactly 101 becomes 0 (99 + 2 -> 0); exactly 100 stays 100 (94 + 6 -> 100), or
    becomes 50 with ``hundred_to_fifty``; above 101 the value stays, and the seat has
    lost (see :func:`lost`).  Negative totals are allowed (15 - 40 -> -25).
    """
    total = old + added
    if total == LIMIT:
        return 0
    if total == 100 and hundred_to_fifty:
        return 50
    return total


def lost(score: int) -> bool:
    """True when a series score is above 101 (94 + 12 = 106 loses)."""
    return score > LIMIT
