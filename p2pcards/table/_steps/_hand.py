"""What a hand keeps across its steps: its decks and hand-order commitments."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from p2pcards.mental_poker import DeckSpec, PublicShuffle, ShuffleSecrets


@dataclass
class Deck:
    """One shuffled deck of the current hand, with this seat's secrets (None for an
    observer) and every published share, for the end-of-hand verification."""

    spec: DeckSpec
    record: PublicShuffle
    mine: ShuffleSecrets | None
    sealed: list[tuple[int, int, tuple[int, ...], bytes]] = field(default_factory=list)
    opened: list[tuple[int, tuple[int, ...], Any]] = field(default_factory=list)

    def holds(self, position: int) -> bool:
        """True if ``position`` belongs to this deck."""
        return position in self.spec.positions

    @property
    def first(self) -> int:
        """The deck's first position (unique within a hand: it names the deck)."""
        return self.spec.first


@dataclass
class OrderCommit:
    """A holder's hand-order commitment and the picks made from it."""

    holder: int
    label: int
    commitment: bytes
    positions: tuple[int, ...]
    picks: list[tuple[int, int]] = field(default_factory=list)
