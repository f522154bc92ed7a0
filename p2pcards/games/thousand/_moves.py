"""Thousand's moves (thousand.ru.txt).  Cards are named by position; a move that plays a
card also claims which card it is (checked when the position is opened)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from p2pcards.cards import Card
from p2pcards.games._moves import Move


@dataclass(frozen=True, slots=True)
class Bid(Move):
    """Bid ``amount`` points for this hand ("Торговля"): a multiple of 5, at least 5
    above the current bid.  Above 120 it claims a marriage in the bidder's hand (and at
    most 120 plus the marriages it holds); the end-of-hand audit checks the claim."""

    KIND: ClassVar[str] = "bid"
    amount: int


@dataclass(frozen=True, slots=True)
class Pass(Move):
    """Leave this hand's auction ("Пасовать можно с любого момента")."""

    KIND: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class GiveCards(Move):
    """The declarer passes one card face down to each opponent ("Раздача и прикуп"):
    ``positions[0]`` goes to the next seat clockwise, ``positions[1]`` to the one after."""

    KIND: ClassVar[str] = "give"
    positions: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Play(Move):
    """Play the card at ``position``, claimed to be ``card``, into the current trick.

    ``declare`` is "" for a plain card, "marriage" when leading a king or queen declares
    the marriage of its suit (claims the partner card is in hand), or "aces" when leading
    an ace declares four aces (option ``four_aces``; claims the other three aces).
    Following claims the follow-suit / beat / trump duties ("Розыгрыш и взятки").
    """

    KIND: ClassVar[str] = "play"
    position: int
    card: Card
    declare: str = ""


@dataclass(frozen=True, slots=True)
class ChooseTalon(Move):
    """Two seats only: the declarer takes talon ``index`` (0 or 1) of the two face-down
    talons of two cards; the other stays face down, out of the hand ("Вдвоём", see
    ``docs/rules/thousand.md``)."""

    KIND: ClassVar[str] = "talon"
    index: int
