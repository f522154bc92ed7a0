"""Opening positions to everyone: a round of open keys (``open``; SPEC §7)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from p2pcards.cards import Card
from p2pcards.games import Open, Opened
from p2pcards.mental_poker import check_open_body, open_body, unlock
from p2pcards.table._outputs import CardsOpened
from p2pcards.table._steps._base import Blame, RoundStep, Step, TableCore

if TYPE_CHECKING:
    from p2pcards.transcript import Entry


class OpenStep(RoundStep):
    """Every seat publishes its keys of ``need.positions``: body ``[open body per
    deck]``, each key checked against its commitment as it arrives.  Feeds
    ``Opened(positions, cards)`` (and ``CardsOpened``)."""

    kind = "open"

    def __init__(self, seats: tuple[int, ...], need: Open) -> None:
        super().__init__(seats)
        self.need = need
        self.keys: dict[int, dict[int, dict[int, bytes]]] = {}
        """deck (first position) -> position -> seat -> key."""

    @classmethod
    def start(cls, t: TableCore, need: Open) -> OpenStep:
        """The open round of ``need``."""
        return cls(tuple(range(t.seats)), need)

    def about(self) -> dict[str, Any]:
        return {"positions": list(self.need.positions)}

    def body(self, t: TableCore) -> Any:
        bodies = []
        for deck, ps in t.by_deck(self.need.positions):
            assert deck.mine is not None
            bodies.append(open_body(deck.spec, deck.mine, ps))
        return bodies

    def check(self, t: TableCore, entry: Entry) -> None:
        body, seat = entry.body, entry.seat
        groups = t.by_deck(self.need.positions)
        if not isinstance(body, list) or len(body) != len(groups):
            raise Blame("open", f"seat {seat}: malformed open")
        for (deck, ps), b in zip(groups, body, strict=True):
            keys = check_open_body(deck.record, seat, b, ps)
            deck.opened.append((seat, tuple(ps), b))
            got = self.keys.setdefault(deck.first, {})
            for p, k in keys.items():
                got.setdefault(p, {})[seat] = k

    def finish(self, t: TableCore, entries: list[Entry]) -> Step | None:
        positions = self.need.positions
        cards_by_pos: dict[int, Card] = {}
        for deck, _ps in t.by_deck(positions):
            cards_by_pos.update(unlock(deck.record, self.keys[deck.first]))
        cards = tuple(cards_by_pos[p] for p in positions)
        t.knowledge.update(cards_by_pos)
        if t.apply(Opened(positions, cards), entries[-1].seq):
            t.emit(CardsOpened(positions, cards))
        return None
