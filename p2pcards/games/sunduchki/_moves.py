"""Sunduchki's moves (sunduchki.ru.txt, "Ход: три вопроса по порядку").

A request is a chain of moves: the asker's :class:`Ask` (opponent and rank), then the
asked seat's :class:`Answer`; after a "yes" the asker's :class:`AskCount`, an answer,
the asker's :class:`AskSuits`, and a last answer that names the positions of the cards
it hands over.  In the one-question scheme (option ``questions=one``) the answer to
:class:`Ask` hands over every card of the rank at once.  :class:`SetAside` shows and
sets aside chests (or, with no positions, claims that the hand holds none).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from p2pcards.cards import Card, Rank, Suit
from p2pcards.games._moves import Move


@dataclass(frozen=True, slots=True)
class Ask(Move):
    """Question 1: "seat ``target``, do you have ``rank``?".

    Claims (checked by the audit) that the asker holds at least one card of ``rank``.
    """

    KIND: ClassVar[str] = "ask"
    target: int
    rank: Rank


@dataclass(frozen=True, slots=True)
class AskCount(Move):
    """Question 2: "exactly ``count`` of them?" (1..3: the asker holds one itself)."""

    KIND: ClassVar[str] = "count"
    count: int


@dataclass(frozen=True, slots=True)
class AskSuits(Move):
    """Question 3: "the suits ``suits``?": exactly ``count`` distinct suits, ascending."""

    KIND: ClassVar[str] = "suits"
    suits: tuple[Suit, ...]


@dataclass(frozen=True, slots=True)
class Answer(Move):
    """The asked seat's "yes" or "no" to the current question.

    ``positions``/``cards`` are empty except when cards change hands: a "yes" to the
    last question (the named cards, in the order of the named suits) or, in the
    one-question scheme, a "yes" handing over every card of the rank.  ``cards[i]`` is
    the claimed card at ``positions[i]``; they are opened at once (ClaimMismatch if they
    differ).  Every other answer is a claim about the hidden hand checked by the audit.
    """

    KIND: ClassVar[str] = "answer"
    yes: bool
    positions: tuple[int, ...] = ()
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class SetAside(Move):
    """Show and set aside complete chests: ``cards[i]`` is at ``positions[i]``.

    With no positions: "my hand holds no complete chest".  After either form the rest of
    the hand is claimed to hold no chest (audit).  Asked for after the deal, after a draw
    and after cards are received, whenever the hand has four cards or more.
    """

    KIND: ClassVar[str] = "chest"
    positions: tuple[int, ...] = ()
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Challenge(Move):
    """Option ``show_chests=end``: "the chest of ``rank`` you set aside face down is
    false: I hold one of its cards".  Offered (and then the only move) to a seat asking
    while it holds a card of a rank set aside face down, which only a false chest makes
    possible.  The chest is opened at once; whoever lied is blamed."""

    KIND: ClassVar[str] = "challenge"
    rank: Rank
