"""What may be played in 101: the requirement at a turn and the card test (pure).

Sections of sto-odno.ru.txt: "Обычный ход" (suit, rank or a queen), "Особые карты"
(the named suit), "Шестёрка и игра вдвоём" (covering one's own six), "Домашние варианты"
(passing penalties on, the eight that continues, no finishing on a queen).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from p2pcards.cards import Card, Rank, Suit, deck

KING_OF_SPADES = Card(Rank.KING, Suit.SPADES)
QUEEN_OF_HEARTS = Card(Rank.QUEEN, Suit.HEARTS)

MODES = ("first", "normal", "cover", "continue", "penalty")
"""Turn modes: the round's first card (anything); a normal move; covering one's own six
(same suit or a queen); continuing after one's own eight (option); answering a pending
six/seven penalty by passing it on (option)."""


def sto_odno_deck(size: int) -> tuple[Card, ...]:
    """The deck: 36 cards (six to ace) or 52 (two to ace), canonical order."""
    return tuple(deck(size))


@dataclass(frozen=True, slots=True)
class Requirement:
    """What the first card of a play must satisfy.

    ``mode``: one of :data:`MODES`; ``top``: the discard pile's top card (None before
    the first card); ``named``: the suit named by a queen on top; ``cover_suit``: the six
    to cover; ``pass_rank``: the rank that passes a pending penalty on;
    ``queen_finish``: False when a round may not end on a queen (option);
    ``first_pos``: the only position the round's first card may come from (option
    ``first_card=last_dealt``), else None.
    """

    mode: str
    top: Card | None = None
    named: Suit | None = None
    cover_suit: Suit | None = None
    pass_rank: Rank | None = None
    queen_finish: bool = True
    first_pos: int | None = None

    def starts(self, card: Card) -> bool:
        """True if ``card`` may be the (first) card of a play now."""
        m = self.mode
        if m == "first":
            return True
        if m == "penalty":
            return card.rank == self.pass_rank
        if m == "cover":
            return card.rank == Rank.QUEEN or card.suit == self.cover_suit
        if card.rank == Rank.QUEEN:
            return True
        if self.named is not None:
            return card.suit == self.named
        assert self.top is not None
        return card.suit == self.top.suit or card.rank == self.top.rank

    def playable(self, pos: int, card: Card, hand_size: int) -> bool:
        """True if the card at ``pos`` may be played alone from a hand of ``hand_size``
        cards (takes the first-card position and no-queen-finish options into account)."""
        if self.first_pos is not None and self.mode == "first" and pos != self.first_pos:
            return False
        if not self.queen_finish and hand_size == 1 and card.rank == Rank.QUEEN:
            return False
        return self.starts(card)

    def first_playable(self, hand: Sequence[tuple[int, Card]]) -> Card | None:
        """The first card of ``hand`` ((position, card) pairs) that could be played, or
        None: what the audit names when a "could not play" claim is false."""
        for pos, card in hand:
            if self.playable(pos, card, len(hand)):
                return card
        return None
