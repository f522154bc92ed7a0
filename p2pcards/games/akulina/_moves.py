"""Akulina's moves (akulina.ru.txt)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from p2pcards.cards import Card
from p2pcards.games._moves import Move


@dataclass(frozen=True, slots=True)
class Discard(Move):
    """Discard pairs face up: ``positions[i]`` holds ``cards[i]`` (the claim).

    Before the first draw ("Какие пары сбрасывать"): every pair in the hand at once.
    After a draw ("Один ход"): the drawn card and its partner, or nothing
    (``positions == ()``), which claims that the drawn card pairs with nothing.
    """

    KIND: ClassVar[str] = "discard"
    positions: tuple[int, ...]
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Draw(Move):
    """Take the card at ``index`` of the holder's secretly ordered hand ("Один ход")."""

    KIND: ClassVar[str] = "draw"
    index: int
