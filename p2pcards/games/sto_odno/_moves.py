"""101's moves (sto-odno.ru.txt).

Cards are referred to by position; a play carries the claimed cards, checked when the
positions are opened (a lie raises ClaimMismatch).  Drawing or passing carries the claim
"I could not play", checked by the end-of-hand audit.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from p2pcards.cards import Card, Suit
from p2pcards.games._moves import Move


@dataclass(frozen=True, slots=True)
class Play(Move):
    """Play ``cards`` (claimed) from ``positions`` of the hand onto the discard pile, in
    order; the last one ends on top ("Обычный ход").  One card unless the ``multi``
    option allows several of one rank.  ``suit`` is the suit named when the top card
    is a queen ("Особые карты"), else None.
    """

    KIND: ClassVar[str] = "play"
    positions: tuple[int, ...]
    cards: tuple[Card, ...]
    suit: Suit | None


@dataclass(frozen=True, slots=True)
class Draw(Move):
    """Take one card from the stock: the claim "I have no card I may play (or cover
    my six with)" ("Обычный ход", "Шестёрка и игра вдвоём")."""

    KIND: ClassVar[str] = "draw"


@dataclass(frozen=True, slots=True)
class Pass(Move):
    """No card may be played and there is nothing to draw: the turn passes.  Claims
    "I have no card I may play" ("Что отдельно оговорено": тупик без добора)."""

    KIND: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class TakePenalty(Move):
    """Accept a pending six or seven penalty instead of passing it on (option
    ``pass_penalty``, "Домашние варианты")."""

    KIND: ClassVar[str] = "take"


@dataclass(frozen=True, slots=True)
class Announce(Move):
    """Say "Сто одно" (option ``announce_last``): made on your own turn, before the play
    that leaves you with one card ("Спорные моменты": the warning before the last card;
    the timing rule is in ``docs/rules/101.md``)."""

    KIND: ClassVar[str] = "announce"


@dataclass(frozen=True, slots=True)
class Catch(Move):
    """Claim that seat ``target`` forgot to say "Сто одно" (option ``announce_last``):
    only as the first move of the next decision by another seat after the play that left
    ``target`` with one card; ``target`` then draws ``announce_penalty`` cards."""

    KIND: ClassVar[str] = "catch"
    target: int
