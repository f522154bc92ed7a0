"""Checks of Sunduchki's hidden-information claims, run by the end-of-hand audit.

Each function returns a ``check(cards)`` for :meth:`GameState.add_claim`: ``cards`` maps
every position of the hand to its card (after the end-of-hand reveal); the check returns
None when the claim holds, else a sentence naming the seat, the question and the card(s)
that make it false (sunduchki.ru.txt, "Ход: три вопроса по порядку").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from p2pcards.cards import Card, Rank, Suit

Check = Callable[[Mapping[int, Card]], str | None]


def _of_rank(cards: Mapping[int, Card], positions: Sequence[int], rank: Rank) -> list[Card]:
    return sorted((cards[p] for p in positions if cards[p].rank == rank), key=lambda c: c.suit)


def _syms(cards: Sequence[Card]) -> str:
    return " ".join(c.symbol for c in cards) or "nothing"


def complete_chests(cards: Sequence[Card]) -> list[Rank]:
    """Ranks of which ``cards`` hold all four, ascending."""
    counts: dict[Rank, int] = {}
    for c in cards:
        counts[c.rank] = counts.get(c.rank, 0) + 1
    return sorted(r for r, n in counts.items() if n == 4)


def holds_rank(seat: int, question: str, hand: tuple[int, ...], rank: Rank) -> Check:
    """The asker's implicit "I hold this rank" behind ``question``."""

    def check(cards: Mapping[int, Card]) -> str | None:
        if _of_rank(cards, hand, rank):
            return None
        held = _syms(sorted(cards[p] for p in hand))
        return f"seat {seat} asked {question} holding no {rank.name_in('en')}: its hand was {held}"

    return check


def answered_count(
    seat: int, question: str, hand: tuple[int, ...], rank: Rank, low: int, high: int, yes: bool
) -> Check:
    """An answer about how many cards of ``rank`` the seat holds.

    The answer is true when the count is within ``low..high`` (inclusive) if ``yes``,
    outside it if not.  Question 1 ("do you have?") is ``1..4``; question 2 ("exactly
    n?") is ``n..n``; the one-question scheme's "no" is ``1..4`` with ``yes=False``.
    """

    def check(cards: Mapping[int, Card]) -> str | None:
        held = _of_rank(cards, hand, rank)
        if (low <= len(held) <= high) == yes:
            return None
        word = "yes" if yes else "no"
        if not held:
            return f"seat {seat} answered {word} to {question} but held no {rank.name_in('en')}"
        return (
            f"seat {seat} answered {word} to {question} but held "
            f"{len(held)}: {_syms(held)} ({held[0].name('en')})"
        )

    return check


def answered_suits(
    seat: int, question: str, hand: tuple[int, ...], rank: Rank, suits: tuple[Suit, ...]
) -> Check:
    """A "no" to question 3: the seat's cards of ``rank`` are not exactly ``suits``."""

    def check(cards: Mapping[int, Card]) -> str | None:
        held = _of_rank(cards, hand, rank)
        if sorted(c.suit for c in held) != sorted(suits):
            return None
        return (
            f"seat {seat} answered no to {question} but held exactly those cards: "
            f"{_syms(held)} ({held[0].name('en')})"
        )

    return check


def no_chest(seat: int, when: str, hand: tuple[int, ...]) -> Check:
    """After a chest declaration: the rest of the hand holds no complete chest."""

    def check(cards: Mapping[int, Card]) -> str | None:
        got = complete_chests([cards[p] for p in hand])
        if not got:
            return None
        four = _of_rank(cards, hand, got[0])
        return (
            f"seat {seat} kept a complete chest {when} instead of setting it aside: {_syms(four)}"
        )

    return check


def holds_cards(seat: int, positions: Sequence[int], claimed: Sequence[Card]) -> Check:
    """``show_chests=end``: the chest ``seat`` set aside face down at ``positions`` is the
    ``claimed`` cards."""

    def check(cards: Mapping[int, Card]) -> str | None:
        wrong = [(p, c) for p, c in zip(positions, claimed, strict=True) if cards[p] != c]
        if not wrong:
            return None
        p, c = wrong[0]
        return (
            f"seat {seat} set aside face down {_syms(list(claimed))} but position {p} "
            f"holds {cards[p].symbol}, not {c.symbol}"
        )

    return check
