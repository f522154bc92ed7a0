"""Protocol steps: how the table answers one engine need with log entries.

Each step says who must write next (one seat, or a *round* of seats contributing at once,
appended in seat order), checks each entry's body as it arrives (blaming its author at
once), and when complete yields the engine event that answers the need.  Entry kinds:

============  =========================  ==============================================
kind          written by                 body
============  =========================  ==============================================
pass          each seat in turn (2N)     mental-poker pass-1 / pass-2 body
share         round: every seat but t    ``[to, [positions], sealed]``
ack           the recipient t            ``[]`` or ``["accuse", seat, reason]``
open          round: every seat          ``[[positions], [keys]]``
rcommit       round: every seat          32-byte commitment
rvalue        round: every seat          32-byte value
order         the holder                 32-byte commitment to a hand order
taken         the holder                 the position handed over
move          the deciding seat          an encoded move (``encode_event``)
secrets       round: every seat          ``{"decks": [...], "orders": [...]}``
============  =========================  ==============================================
"""

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


@dataclass
class OrderCommit:
    """A holder's hand-order commitment and the picks made from it."""

    holder: int
    label: int
    commitment: bytes
    positions: tuple[int, ...]
    picks: list[tuple[int, int]] = field(default_factory=list)


@dataclass
class Expect:
    """Who writes next: ``seats`` (one seat, or a round) and the entry ``kind``;
    ``round`` is True when the seats contribute at once (appended in seat order);
    ``what`` says it in words for "waiting for …"."""

    seats: tuple[int, ...]
    kind: str
    round: bool
    what: str
