"""Cards, suits, ranks, decks, point tables and display names (pure).

A :class:`Card` is an immutable ``(rank, suit)`` pair.  Its natural order is by rank
(2 lowest, ace highest), then suit; a game with another order passes a rank-order key
(see :data:`THOUSAND_ORDER`) to :func:`sort_key`.

Display:

>>> Card(Rank.QUEEN, Suit.SPADES).symbol
'Q♠'
>>> Card(Rank.TEN, Suit.HEARTS).name("ru")
'десятка червей'
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

Lang = Literal["ru", "en"]


class Suit(enum.IntEnum):
    """The four suits, in the bridge order used for sorting: ♠ ♥ ♦ ♣."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def symbol(self) -> str:
        """One-character symbol: ``♠ ♥ ♦ ♣``."""
        return "♠♥♦♣"[self]

    @property
    def letter(self) -> str:
        """ASCII letter used in text input: ``s h d c``."""
        return "shdc"[self]

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    def name_in(self, lang: Lang, case: Literal["nom", "gen"] = "nom") -> str:
        """The suit's name: ``name_in("ru", "gen")`` is "пик" as in "дама пик"."""
        if lang == "en":
            return ("spades", "hearts", "diamonds", "clubs")[self]
        if case == "gen":
            return ("пик", "червей", "бубен", "треф")[self]
        return ("пики", "черви", "бубны", "трефы")[self]


class Rank(enum.IntEnum):
    """Ranks 2..ace with their face values (jack 11, queen 12, king 13, ace 14)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """Short symbol: ``2``..``10``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_SYMBOL[self]

    def name_in(self, lang: Lang, plural: bool = False) -> str:
        """The rank's name in Russian or English ("дама" / "queen"; plural "дамы")."""
        if lang == "en":
            word = _RANK_EN[self]
            return word + ("s" if plural and not word.endswith("x") else "es" if plural else "")
        return (_RANK_RU_PLURAL if plural else _RANK_RU)[self]


_RANK_SYMBOL = {r: (str(int(r)) if r <= 10 else "JQKA"[r - 11]) for r in Rank}
_RANK_EN = {
    Rank.TWO: "two",
    Rank.THREE: "three",
    Rank.FOUR: "four",
    Rank.FIVE: "five",
    Rank.SIX: "six",
    Rank.SEVEN: "seven",
    Rank.EIGHT: "eight",
    Rank.NINE: "nine",
    Rank.TEN: "ten",
    Rank.JACK: "jack",
    Rank.QUEEN: "queen",
    Rank.KING: "king",
    Rank.ACE: "ace",
}
_RANK_RU = {
    Rank.TWO: "двойка",
    Rank.THREE: "тройка",
    Rank.FOUR: "четвёрка",
    Rank.FIVE: "пятёрка",
    Rank.SIX: "шестёрка",
    Rank.SEVEN: "семёрка",
    Rank.EIGHT: "восьмёрка",
    Rank.NINE: "девятка",
    Rank.TEN: "десятка",
    Rank.JACK: "валет",
    Rank.QUEEN: "дама",
    Rank.KING: "король",
    Rank.ACE: "туз",
}
_RANK_RU_PLURAL = {
    Rank.TWO: "двойки",
    Rank.THREE: "тройки",
    Rank.FOUR: "четвёрки",
    Rank.FIVE: "пятёрки",
    Rank.SIX: "шестёрки",
    Rank.SEVEN: "семёрки",
    Rank.EIGHT: "восьмёрки",
    Rank.NINE: "девятки",
    Rank.TEN: "десятки",
    Rank.JACK: "валеты",
    Rank.QUEEN: "дамы",
    Rank.KING: "короли",
    Rank.ACE: "тузы",
}


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One playing card.  Immutable and hashable; ordered by (rank, suit)."""

    rank: Rank
    suit: Suit

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        """Itself (immutable): an engine's :meth:`clone` copies no card."""
        return self

    @property
    def symbol(self) -> str:
        """Short display, e.g. ``Q♠``, ``10♥``."""
        return f"{self.rank.symbol}{self.suit.symbol}"

    @property
    def code(self) -> int:
        """Stable integer code 0..51 (``suit * 13 + rank - 2``), used on the wire."""
        return int(self.suit) * 13 + int(self.rank) - 2

    @classmethod
    def from_code(cls, code: int) -> Card:
        """Inverse of :attr:`code`.  Raises ValueError for a code outside 0..51."""
        if not isinstance(code, int) or isinstance(code, bool) or not 0 <= code < 52:
            raise ValueError(f"not a card code: {code!r}")
        return _BY_CODE[code]

    def name(self, lang: Lang = "en") -> str:
        """Full name: "queen of spades" / "дама пик"."""
        if lang == "en":
            return f"{self.rank.name_in('en')} of {self.suit.name_in('en')}"
        return f"{self.rank.name_in('ru')} {self.suit.name_in('ru', 'gen')}"

    def __str__(self) -> str:
        return self.symbol

    def __repr__(self) -> str:
        return f"Card({self.symbol})"


_BY_CODE = [Card(Rank(r), Suit(s)) for s in range(4) for r in range(2, 15)]
_SUIT_BY_LETTER = {s.letter: s for s in Suit} | {s.symbol: s for s in Suit}
_RANK_BY_SYMBOL = {r.symbol: r for r in Rank} | {"T": Rank.TEN}
_RANK_BY_SYMBOL |= {"В": Rank.JACK, "Д": Rank.QUEEN, "К": Rank.KING, "Т": Rank.ACE}
"""Rank symbols a typed card may use: ``J Q K A`` and the Russian ``В Д К Т`` (валет,
дама, король, туз; Cyrillic letters: a Latin ``T`` is the ten)."""


def parse_card(text: str) -> Card:
    """Parse ``"Q♠"``, ``"QS"``, ``"10h"``, ``"th"`` into a Card.

    Raises ValueError with the offending text when it is not a card.
    """
    t = text.strip()
    if len(t) < 2:
        raise ValueError(f"not a card: {text!r}")
    rank = _RANK_BY_SYMBOL.get(t[:-1].upper())
    suit = _SUIT_BY_LETTER.get(t[-1].lower())
    if rank is None or suit is None:
        raise ValueError(f"not a card: {text!r} (expected e.g. Q♠, QS, 10h)")
    return Card(rank, suit)


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse a comma- or space-separated list of cards (or an iterable of strings)."""
    parts = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_card(p) for p in parts]


def deck(size: int) -> list[Card]:
    """A fresh ordered deck of ``size`` cards: 24 (9..A), 32 (7..A), 36 (6..A) or 52.

    Order: suit by suit (♠ ♥ ♦ ♣), ranks ascending.  Raises ValueError for other sizes.
    """
    low = {24: 9, 32: 7, 36: 6, 52: 2}.get(size)
    if low is None:
        raise ValueError(f"no standard deck of {size} cards (24, 32, 36 or 52)")
    return [Card(Rank(r), s) for s in Suit for r in range(low, 15)]


# Rank orders inside a suit, lowest first, for games whose order differs from face value.
THOUSAND_ORDER: Mapping[Rank, int] = {
    Rank.NINE: 0,
    Rank.JACK: 1,
    Rank.QUEEN: 2,
    Rank.KING: 3,
    Rank.TEN: 4,
    Rank.ACE: 5,
}

# Point tables per game (card -> points).  Thousand: thousand.ru.txt, "Очки";
# 101: sto-odno.ru.txt, "Подсчёт очков" (queens-only hands are scored by the engine).
THOUSAND_POINTS: Mapping[Rank, int] = {
    Rank.ACE: 11,
    Rank.TEN: 10,
    Rank.KING: 4,
    Rank.QUEEN: 3,
    Rank.JACK: 2,
    Rank.NINE: 0,
}
STO_ODNO_POINTS: Mapping[Rank, int] = {
    Rank.TWO: 2,
    Rank.THREE: 3,
    Rank.FOUR: 4,
    Rank.FIVE: 5,
    Rank.SIX: 6,
    Rank.SEVEN: 7,
    Rank.EIGHT: 8,
    Rank.NINE: 9,
    Rank.TEN: 10,
    Rank.JACK: 2,
    Rank.QUEEN: 3,
    Rank.KING: 4,
    Rank.ACE: 11,
}


def sort_key(order: Mapping[Rank, int] | None = None) -> Callable[[Card], tuple[int, int]]:
    """A key function sorting cards by suit, then by rank in ``order`` (face value if None)."""

    def key(card: Card) -> tuple[int, int]:
        return (int(card.suit), order[card.rank] if order is not None else int(card.rank))

    return key


def sorted_hand(cards: Iterable[Card], order: Mapping[Rank, int] | None = None) -> list[Card]:
    """Cards sorted for display: grouped by suit, ranks ascending in ``order``."""
    k = sort_key(order)
    return sorted(cards, key=k)


def symbols(cards: Sequence[Card]) -> str:
    """Cards as space-separated symbols: ``"Q♠ 10♥"``."""
    return " ".join(c.symbol for c in cards)
