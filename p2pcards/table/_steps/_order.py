"""Taking a hidden card from a hand (Akulina): the holder re-shuffles its hand with a proof
(``reshuffle``), then the taker's index names a card of the new order (no entry) and the
shares for the taker follow (protocol/table.md §2).

The re-shuffle is the same proven shuffle as the deck's (a deck of the ``k`` cards of the
hand): after it, no seat but the holder knows which position holds which card, so nobody
can steer the taker's pick, and a third seat that once held a card cannot follow it from
hand to hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from p2pcards.games import CommitOrder, OrderCommitted, TakeHidden, Taken
from p2pcards.mental_poker import Ciphertext, check_shuffle, prove_shuffle, shuffle
from p2pcards.mental_poker import deck_wire as _wire
from p2pcards.table._steps._base import SingleStep, Step, TableCore
from p2pcards.table._steps._shuffle import own_deck

if TYPE_CHECKING:
    from p2pcards.transcript import Entry


class ReshuffleStep(SingleStep):
    """The holder re-encrypts and permutes the ciphertexts of its hand ``positions``
    (sorted) with a Terelius–Wikström proof (body ``[deck', proof]``); position
    ``positions[i]`` then holds ``deck'[i]``.  A bad proof is blamed on the holder at its
    entry.  Feeds ``OrderCommitted``."""

    kind = "reshuffle"

    def __init__(self, need: CommitOrder) -> None:
        super().__init__(need.seat)
        self.need = need
        self.positions = tuple(need.positions)
        self.psi: tuple[int, ...] | None = None
        self.out: list[Ciphertext] = []

    @classmethod
    def start(cls, t: TableCore, need: CommitOrder) -> ReshuffleStep:
        """The re-shuffle of ``need``'s hand."""
        step = cls(need)
        step.start_seq = t.next_seq
        return step

    def about(self) -> dict[str, Any]:
        return {"seat": self.need.seat, "positions": list(self.positions)}

    def body(self, t: TableCore) -> Any:
        assert t.me is not None and t.joint is not None
        rnd = t.stream(self.label)
        deck_in = [t.slots[p].ct for p in self.positions]
        out, witness = shuffle(deck_in, t.joint, rnd)
        proof = prove_shuffle(t.proof_ctx(t.me, self.label), t.joint, deck_in, out, witness, rnd)
        self.psi = witness.psi
        return [_wire(out), proof]

    def check(self, t: TableCore, entry: Entry) -> None:
        n = len(self.positions)
        deck_in = [t.slots[p].ct for p in self.positions]
        if entry.seat == t.me:
            self.out = own_deck(entry.body, n, entry.seat, self.label)
            return
        assert t.joint is not None
        ctx, key = t.proof_ctx(entry.seat, self.label), t.joint
        self.out = t.checked(entry, lambda: check_shuffle(ctx, key, deck_in, entry.body))

    def finish(self, t: TableCore, entries: list[Entry]) -> Step | None:
        holder, ps = self.need.seat, self.positions
        old = {p: t.knowledge.get(p) for p in ps}
        for p in ps:
            t.knowledge.pop(p, None)
        for i, p in enumerate(ps):
            t.slots[p].renew(self.out[i], holder)
            if holder == t.me and self.psi is not None:
                card = old[ps[self.psi[i]]]
                if card is not None:
                    t.knowledge[p] = card
        t.reshuffled = (holder, ps)
        t.reshuffle_step = t.engine.step
        t.reshuffles.append((t.engine.step, ps))
        t.apply(OrderCommitted(holder), entries[-1].seq)
        return None


class TakeStep(SingleStep):
    """The taker's index names ``positions[index]`` of the re-shuffled hand: no entry
    (everyone derives it).  Feeds ``Taken``."""

    kind = "take"

    def __init__(self, need: TakeHidden) -> None:
        super().__init__(need.holder)
        self.need = need
        self.seats = ()

    @classmethod
    def start(cls, t: TableCore, need: TakeHidden) -> TakeStep:
        """The pick of ``need`` (a step with no entry)."""
        return cls(need)

    def finish(self, t: TableCore, entries: list[Entry]) -> Step | None:
        need = self.need
        assert t.reshuffled is not None and t.reshuffled[0] == need.holder
        p = t.reshuffled[1][need.index]
        t.slots[p].owner = None
        t.apply(Taken(p), None)
        return None
