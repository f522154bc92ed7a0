"""Taking a hidden card from a hand (Akulina): the holder re-shuffles its hand with a proof
(``reshuffle``), then the taker's index names a card of the new order (no entry) and the
shares for the taker follow (protocol/table.md §2).

The re-shuffle is the same proven shuffle as the deck's (a deck of the ``k`` cards of the
hand): after it, no seat but the holder knows which position holds which card, so nobody
can steer the taker's pick, and a third seat that once held a card cannot follow it from
hand to hand.

At the end of the hand (every card open), each seat that re-shuffled its hand opens its
re-shuffles (``reshuffle-open``, one round): the permutation and the re-encryption
randomizers of each, never a secret key.  Every seat checks them against the logged
ciphertexts, so the end-of-hand check follows every position through every re-shuffle
(Akulina's "no pair" made before a re-shuffle is checked on the cards the hand held).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from p2pcards.games import CommitOrder, OrderCommitted, TakeHidden, Taken
from p2pcards.mental_poker import (
    Ciphertext,
    MentalPokerError,
    check_scalar,
    check_shuffle,
    prove_shuffle,
    reencrypt,
    shuffle,
)
from p2pcards.mental_poker import deck_wire as _wire
from p2pcards.table._steps._base import Blame, RoundStep, SingleStep, Step, TableCore
from p2pcards.table._steps._hand import HandReshuffle
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
        self.deck_in: list[Ciphertext] = []

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
        deck_in = self.deck_in = [t.slots[p].ct for p in self.positions]
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
        record = HandReshuffle(t.engine.step, holder, ps, self.deck_in, self.out, self.label)
        t.reshuffles.append(record)
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


def shuffle_opening(t: TableCore, r: HandReshuffle) -> list[Any]:
    """This seat's opening of its re-shuffle ``r``: ``[psi, [r_0 … r_{k-1}]]`` with
    ``out[i] = in[psi[i]]`` re-encrypted with ``r_i`` (the witness re-made from the stream
    of ``r``'s step, as when the re-shuffle was written)."""
    assert t.joint is not None
    _, w = shuffle(r.deck_in, t.joint, t.stream(r.label))
    return [list(w.psi), [w.rr[j] for j in w.psi]]


def check_opening(t: TableCore, r: HandReshuffle, data: object, seat: int) -> tuple[int, ...]:
    """The permutation of an opening ``data`` of re-shuffle ``r`` (protocol/table.md §2,
    ``reshuffle-open``) once ``out[i] == reencrypt(in[psi[i]], Y, r_i)`` for every ``i``;
    raises :class:`Blame` (or ``InvalidScalar``) naming what is wrong."""
    assert t.joint is not None
    k = len(r.positions)
    what = f"seat {seat}'s opening of its re-shuffle {r.label!r}"
    if not (isinstance(data, list) and len(data) == 2):
        raise Blame(ReshuffleOpenStep.kind, f"{what} is not [psi, randomizers]")
    psi, rs = data
    if not (
        isinstance(psi, list) and all(type(j) is int for j in psi) and sorted(psi) == list(range(k))
    ):
        raise Blame(ReshuffleOpenStep.kind, f"{what}: psi is not a permutation of {k}")
    if not (isinstance(rs, list) and len(rs) == k):
        raise Blame(ReshuffleOpenStep.kind, f"{what}: not {k} randomizers")
    for i in range(k):
        ri = check_scalar(rs[i], what="a re-shuffle randomizer", seat=seat, step=r.label)
        if reencrypt(r.deck_in[psi[i]], t.joint, ri) != r.out[i]:
            raise Blame(
                ReshuffleOpenStep.kind,
                f"{what}: output {i} is not input {psi[i]} re-encrypted with its randomizer",
            )
    return tuple(psi)


class ReshuffleOpenStep(RoundStep):
    """The end of a hand with hand re-shuffles: a round of the seats that re-shuffled,
    each opening all its re-shuffles of the hand in order (body ``[[psi, [r…]] …]``).  A
    wrong opening is blamed on its seat at its entry; a withheld one is a stall.  Then
    the claims of the hand are checked (:meth:`TableCore.end_of_hand`)."""

    kind = "reshuffle-open"

    def __init__(self, t: TableCore) -> None:
        super().__init__(tuple(sorted({r.holder for r in t.reshuffles})))
        self.start_seq = t.next_seq
        self.hand = t.hand

    @classmethod
    def start(cls, t: TableCore) -> ReshuffleOpenStep:
        """The opening round of the current hand's re-shuffles."""
        return cls(t)

    def about(self) -> dict[str, Any]:
        return {"hand": self.hand}

    def body(self, t: TableCore) -> Any:
        assert t.me is not None
        return [shuffle_opening(t, r) for r in t.reshuffles if r.holder == t.me]

    def check(self, t: TableCore, entry: Entry) -> None:
        mine = [r for r in t.reshuffles if r.holder == entry.seat]
        body = entry.body
        if not (isinstance(body, list) and len(body) == len(mine)):
            raise Blame(
                self.kind, f"seat {entry.seat}: not one opening per re-shuffle ({len(mine)})"
            )
        try:
            psis = [check_opening(t, r, d, entry.seat) for r, d in zip(mine, body, strict=True)]
        except MentalPokerError as e:
            raise Blame(self.kind, f"seat {entry.seat}: {e}") from None
        for r, psi in zip(mine, psis, strict=True):
            r.psi = psi

    def finish(self, t: TableCore, entries: list[Entry]) -> Step | None:
        t.end_of_hand(entries[-1].seq if entries else None)
        return None
