"""The shuffle: every seat in turn, pass 1 then pass 2 (``pass``; SPEC §5)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from p2pcards.games import Shuffle, Shuffled
from p2pcards.table._steps._base import Alter, SingleStep, Step, TableCore

if TYPE_CHECKING:
    from p2pcards.table._steps._hand import Deck
    from p2pcards.transcript import Entry


class PassStep(SingleStep):
    """One seat's pass (``pass_no`` 1 or 2) over ``deck``.  Body: SPEC §5.2 / §5.3.
    Checked point by point (``PublicShuffle.accept``: an invalid, small-order or repeated
    point is blamed at once).  The last of the 2N passes feeds ``Shuffled``."""

    kind = "pass"

    def __init__(self, author: int, pass_no: int, deck: Deck) -> None:
        super().__init__(author)
        self.pass_no = pass_no
        self.deck = deck

    @classmethod
    def start(cls, t: TableCore, need: Shuffle) -> PassStep:
        """The next pass of ``need``'s deck (starting a new hand or deck when needed)."""
        if need.hand + 1 != t.hand:
            t.begin_hand(need.hand + 1)
        if not t.decks or t.decks[-1].first != need.first:
            t.new_deck(need.first, need.cards)
        deck = t.decks[-1]
        turn = deck.record.turn
        assert turn is not None
        return cls(turn[1], turn[0], deck)

    def about(self) -> dict[str, Any]:
        return {"pass": self.pass_no, "deck": self.deck.first}

    def body(self, t: TableCore) -> Any:
        assert self.deck.mine is not None
        return self.deck.record.contribute(self.deck.mine)

    def own_body(self, t: TableCore, alter: Alter | None) -> Any:
        if alter is None:
            return self.body(t)
        # modified software (tests): keep its own record consistent with what it sends
        deck = self.deck
        assert deck.mine is not None and t.me is not None
        body = alter(t, self, deck.record.compute(deck.mine))
        deck.record._record(t.me, body)
        return body

    def check(self, t: TableCore, entry: Entry) -> None:
        if entry.seat != t.me:
            self.deck.record.accept(entry.seat, entry.body)

    def finish(self, t: TableCore, entries: list[Entry]) -> Step | None:
        if self.deck.record.done:
            need = t.engine.need()
            assert isinstance(need, Shuffle)
            t.apply(Shuffled(need.hand, need.first, need.n), entries[-1].seq)
        return None
