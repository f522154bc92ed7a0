"""The shuffle: one proven re-encryption shuffle per seat, in seat order (``shuffle``;
protocol/mental_poker_v2.md §9)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from p2pcards.games import Shuffle, Shuffled
from p2pcards.mental_poker import (
    Ciphertext,
    card_point,
    check_deck,
    check_shuffle,
    initial_deck,
    shuffle_proven,
)
from p2pcards.table._steps._base import SingleStep, Step, TableCore
from p2pcards.table._steps._hand import Deck, Slot

if TYPE_CHECKING:
    from p2pcards.transcript import Entry


def own_deck(body: Any, n: int, seat: int, label: str) -> list[Ciphertext]:
    """The output deck of this seat's own shuffle body (its proof is not re-checked; a
    malformed deck, possible only from modified software, is still refused)."""
    return check_deck(body[0] if isinstance(body, list) and body else None, n,
                      what="shuffled ciphertext", seat=seat, step=label)  # fmt: skip


class ShuffleStep(SingleStep):
    """Seat ``author`` re-encrypts and permutes ``deck`` and proves it (body
    ``[deck', proof]``, Terelius–Wikström).  Every other seat checks the proof when the
    entry arrives: a replaced, swapped, duplicated or foreign-key ciphertext, or a planted
    linear relation (a ciphertext that is no re-encryption of an input) is blamed on the
    shuffler at its entry.  After the last seat the deck's positions get their
    ciphertexts and ``Shuffled`` is fed."""

    kind = "shuffle"

    def __init__(self, author: int, deck: Deck) -> None:
        super().__init__(author)
        self.deck = deck

    @classmethod
    def start(cls, t: TableCore, need: Shuffle) -> ShuffleStep:
        """Seat 0's shuffle of ``need``'s new deck (starting a new hand when needed)."""
        if need.hand + 1 != t.hand:
            t.begin_hand(need.hand + 1)
        assert t.joint is not None
        points = {card_point(t.table_id, c.code): c for c in need.cards}
        deck = Deck(need.first, need.cards, points, [])
        deck.current = initial_deck([card_point(t.table_id, c.code) for c in need.cards], t.joint)
        t.add_deck(deck)
        return cls.next(t, 0, deck)

    @classmethod
    def next(cls, t: TableCore, seat: int, deck: Deck) -> ShuffleStep:
        """Seat ``seat``'s shuffle of ``deck``, written at the next sequence number."""
        step = cls(seat, deck)
        step.start_seq = t.next_seq
        return step

    def about(self) -> dict[str, Any]:
        return {"seat": self.author, "deck": self.deck.first}

    def body(self, t: TableCore) -> Any:
        assert t.joint is not None and t.me is not None
        ctx = t.proof_ctx(t.me, self.label)
        _out, body = shuffle_proven(ctx, t.joint, self.deck.current, t.stream(self.label))
        return body

    def check(self, t: TableCore, entry: Entry) -> None:
        deck, n = self.deck, len(self.deck.cards)
        if entry.seat == t.me:
            deck.current = own_deck(entry.body, n, entry.seat, self.label)
            return
        assert t.joint is not None
        ctx, key, deck_in = t.proof_ctx(entry.seat, self.label), t.joint, deck.current
        deck.current = t.checked(entry, lambda: check_shuffle(ctx, key, deck_in, entry.body))

    def finish(self, t: TableCore, entries: list[Entry]) -> Step | None:
        deck = self.deck
        if self.author + 1 < t.seats:
            return ShuffleStep.next(t, self.author + 1, deck)
        for i, ct in enumerate(deck.current):
            t.slots[deck.first + i] = Slot(ct)
        t.apply(Shuffled(t.hand - 1, deck.first, len(deck.cards)), entries[-1].seq)
        return None
