"""Checks of Sunduchki's hidden-information claims, run by the end-of-hand audit.

Each function returns a ``check(cards)`` for :meth:`GameState.add_claim`: ``cards`` maps
every position of the hand to its card (after the end-of-hand reveal); the check returns
None when the claim holds, else a :class:`~p2pcards.games.Falsified` with the card(s)
that make it false (sunduchki.ru.txt, "Ход: три вопроса по порядку").  No prose: the
presenter (:mod:`p2pcards.ui.sunduchki`) says it in words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from p2pcards.cards import Card, Rank, Suit
from p2pcards.games._state import ClaimCheck, Falsified

Check = ClaimCheck


def _of_rank(cards: Mapping[int, Card], positions: Sequence[int], rank: Rank) -> list[Card]:
    return sorted((cards[p] for p in positions if cards[p].rank == rank), key=lambda c: c.suit)


def complete_chests(cards: Sequence[Card]) -> list[Rank]:
    """Ranks of which ``cards`` hold all four, ascending."""
    counts: dict[Rank, int] = {}
    for c in cards:
        counts[c.rank] = counts.get(c.rank, 0) + 1
    return sorted(r for r, n in counts.items() if n == 4)


def holds_rank(hand: tuple[int, ...], rank: Rank) -> Check:
    """The asker's implicit "I hold this rank": false with the whole hand held."""

    def check(cards: Mapping[int, Card]) -> Falsified | None:
        if _of_rank(cards, hand, rank):
            return None
        return Falsified(tuple(sorted(cards[p] for p in hand)))

    return check


def answered_count(hand: tuple[int, ...], rank: Rank, low: int, high: int, yes: bool) -> Check:
    """An answer about how many cards of ``rank`` the seat holds.

    The answer is true when the count is within ``low..high`` (inclusive) if ``yes``,
    outside it if not.  Question 1 ("do you have?") is ``1..4``; question 2 ("exactly
    n?") is ``n..n``; the one-question scheme's "no" is ``1..4`` with ``yes=False``.
    False: the cards of ``rank`` held (none for a false "yes" to question 1).
    """

    def check(cards: Mapping[int, Card]) -> Falsified | None:
        held = _of_rank(cards, hand, rank)
        if (low <= len(held) <= high) == yes:
            return None
        return Falsified(tuple(held))

    return check


def answered_suits(hand: tuple[int, ...], rank: Rank, suits: tuple[Suit, ...]) -> Check:
    """A "no" to question 3: the seat's cards of ``rank`` are not exactly ``suits``;
    false with those cards."""

    def check(cards: Mapping[int, Card]) -> Falsified | None:
        held = _of_rank(cards, hand, rank)
        if sorted(c.suit for c in held) != sorted(suits):
            return None
        return Falsified(tuple(held))

    return check


def no_chest(hand: tuple[int, ...]) -> Check:
    """After a chest declaration: the rest of the hand holds no complete chest; false
    with the four cards of the lowest chest kept."""

    def check(cards: Mapping[int, Card]) -> Falsified | None:
        got = complete_chests([cards[p] for p in hand])
        if not got:
            return None
        return Falsified(tuple(_of_rank(cards, hand, got[0])))

    return check


def holds_cards(positions: Sequence[int], claimed: Sequence[Card]) -> Check:
    """``show_chests=end``: the chest set aside face down at ``positions`` is the
    ``claimed`` cards; false with the first wrong card, ``about`` = ``{"position": p,
    "claimed": the card claimed there}``."""

    def check(cards: Mapping[int, Card]) -> Falsified | None:
        wrong = [(p, c) for p, c in zip(positions, claimed, strict=True) if cards[p] != c]
        if not wrong:
            return None
        p, c = wrong[0]
        return Falsified((cards[p],), {"position": p, "claimed": c})

    return check
