"""Card points: which group element stands for which card in one hand.

A card point is ``from_uniform(digest("card", version, table_id, hand, code))``: a point
of the prime-order subgroup whose discrete log nobody knows (never ``scalar * G``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from p2pcards.cards import Card
from p2pcards.mental_poker._group import hash_to_point
from p2pcards.mental_poker._hash import digest

PROTOCOL_VERSION = 1
"""Version of the mental-poker protocol (protocol/SPEC.md); part of every hash."""


def card_point(table_id: bytes, hand: int, card: Card, version: int = PROTOCOL_VERSION) -> bytes:
    """The 32-byte point encoding ``card`` in hand ``hand`` of table ``table_id``."""
    return hash_to_point(digest("card", version, table_id, hand, card.code))


@dataclass(frozen=True, slots=True)
class HandContext:
    """What every hash of a hand is bound to: ``table_id`` (bytes, e.g. the genesis id),
    ``hand`` (number, >= 0), ``seats`` (2..8, all of which take part) and the protocol
    ``version``.  Raises ValueError on bad values."""

    table_id: bytes
    hand: int
    seats: int
    version: int = PROTOCOL_VERSION

    def __post_init__(self) -> None:
        if not isinstance(self.table_id, bytes) or not 1 <= len(self.table_id) <= 64:
            raise ValueError("table_id must be 1..64 bytes")
        if not 0 <= self.hand < 2**32:
            raise ValueError(f"hand number out of range: {self.hand}")
        if not 2 <= self.seats <= 8:
            raise ValueError(f"seats must be 2..8, not {self.seats}")
        if self.version != PROTOCOL_VERSION:
            raise ValueError(f"unsupported mental-poker protocol version {self.version}")


@dataclass(frozen=True, slots=True)
class DeckSpec:
    """One deck to shuffle in a hand: the engine's ``Shuffle(hand, first, cards)`` need.

    ``cards`` is the deck's composition in the need's canonical order (distinct cards);
    the deck's positions are ``first .. first + len(cards) - 1``.  ``points[i]`` is the
    card point of ``cards[i]`` (computed once, ~27 µs each).  Raises ValueError on an
    empty deck, repeated cards or a negative ``first``.
    """

    context: HandContext
    first: int
    cards: tuple[Card, ...]
    points: tuple[bytes, ...] = field(init=False, repr=False, compare=False)
    _by_point: dict[bytes, Card] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        cards = tuple(self.cards)
        if not cards or len(set(cards)) != len(cards):
            raise ValueError("a deck needs at least one card and no card twice")
        if not 0 <= self.first < 2**32 - len(cards):
            raise ValueError(f"first position out of range: {self.first}")
        c = self.context
        points = tuple(card_point(c.table_id, c.hand, card, c.version) for card in cards)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "_by_point", dict(zip(points, cards, strict=True)))

    @classmethod
    def make(
        cls,
        table_id: bytes,
        hand: int,
        seats: int,
        first: int,
        cards: Sequence[Card],
        version: int = PROTOCOL_VERSION,
    ) -> DeckSpec:
        """Shorthand for ``DeckSpec(HandContext(table_id, hand, seats, version), first,
        tuple(cards))``."""
        return cls(HandContext(table_id, hand, seats, version), first, tuple(cards))

    @property
    def n(self) -> int:
        """Number of positions."""
        return len(self.cards)

    @property
    def seats(self) -> int:
        """Number of seats taking part."""
        return self.context.seats

    @property
    def positions(self) -> range:
        """The deck's positions."""
        return range(self.first, self.first + len(self.cards))

    def index(self, position: int) -> int:
        """Index 0..n-1 of ``position`` in this deck; ValueError if it is not in it."""
        i = position - self.first
        if not isinstance(position, int) or isinstance(position, bool) or not 0 <= i < self.n:
            raise ValueError(f"position {position!r} is not in this deck")
        return i

    def card_of_point(self, point: bytes) -> Card | None:
        """The card whose point is ``point``, or None."""
        return self._by_point.get(point)
