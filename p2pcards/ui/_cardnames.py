"""Card words the card layer does not carry: Russian ranks in the accusative, and the
Russian letters of the court cards and the ace (В, Д, К, Т for J, Q, K, A)."""

from __future__ import annotations

from collections.abc import Iterable

from p2pcards.cards import Card, Rank

RANK_LETTERS_RU = {Rank.JACK: "В", Rank.QUEEN: "Д", Rank.KING: "К", Rank.ACE: "Т"}
"""The letters Russian cards and score sheets print: валет, дама, король, туз."""


def rank_symbol(rank: Rank, lang: str = "en") -> str:
    """The rank's short symbol in ``lang``: ``10``, ``Q`` / ``10``, ``Д``."""
    if lang == "ru":
        return RANK_LETTERS_RU.get(rank, rank.symbol)
    return rank.symbol


def card_symbol(card: Card, lang: str = "en") -> str:
    """The card's symbol in ``lang``: ``Q♠`` / ``Д♠``."""
    return rank_symbol(card.rank, lang) + card.suit.symbol


def cards_symbols(cards: Iterable[Card], lang: str = "en") -> str:
    """Cards as space-separated symbols in ``lang``: ``"Q♠ 10♥"`` / ``"Д♠ 10♥"``."""
    return " ".join(card_symbol(c, lang) for c in cards)


_RANK_ACC_RU = {
    Rank.TWO: "двойку",
    Rank.THREE: "тройку",
    Rank.FOUR: "четвёрку",
    Rank.FIVE: "пятёрку",
    Rank.SIX: "шестёрку",
    Rank.SEVEN: "семёрку",
    Rank.EIGHT: "восьмёрку",
    Rank.NINE: "девятку",
    Rank.TEN: "десятку",
    Rank.JACK: "валета",
    Rank.QUEEN: "даму",
    Rank.KING: "короля",
    Rank.ACE: "туза",
}


def rank_acc(rank: Rank) -> str:
    """The Russian rank name in the accusative singular ("положить семёрку", "туза")."""
    return _RANK_ACC_RU[rank]
