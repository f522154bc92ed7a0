"""Lots (a fair number no seat can bias): a proven shuffle of ``k`` lot tokens by every
seat in turn (``lot``), then position 0 opened by a round of shares (``lot-open``)
(protocol/mental_poker_v2.md §11).  No commitments, so no last-revealer advantage: once
one honest seat has shuffled, the outcome is uniform."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from p2pcards.games import Random, RandomValue
from p2pcards.mental_poker import (
    Ciphertext,
    check_points,
    check_shares,
    check_shuffle,
    lot_deck,
    lot_outcome,
    make_shares,
    shuffle_proven,
)
from p2pcards.table._steps._base import RoundStep, SingleStep, Step, TableCore
from p2pcards.table._steps._shuffle import own_deck

if TYPE_CHECKING:
    from p2pcards.transcript import Entry


class LotShuffleStep(SingleStep):
    """Seat ``author`` shuffles the lot tokens (body ``[deck', proof]`` as a deck's
    shuffle; a bad proof is blamed at the entry).  After the last seat:
    :class:`LotOpenStep`."""

    kind = "lot"

    def __init__(self, author: int, need: Random, deck: list[Ciphertext]) -> None:
        super().__init__(author)
        self.need = need
        self.deck = deck

    @classmethod
    def start(cls, t: TableCore, need: Random) -> Step:
        """Seat 0's shuffle of ``need``'s lot tokens (a lot of one outcome needs none)."""
        if need.k <= 1:
            return FixedLot(need)
        assert t.joint is not None
        return cls.next(t, 0, need, lot_deck(t.table_id, need.k, t.joint))

    @classmethod
    def next(cls, t: TableCore, seat: int, need: Random, deck: list[Ciphertext]) -> LotShuffleStep:
        """Seat ``seat``'s shuffle of ``deck``."""
        step = cls(seat, need, deck)
        step.start_seq = t.next_seq
        return step

    def about(self) -> dict[str, Any]:
        return {"k": self.need.k, "why": self.need.why, "seat": self.author}

    def body(self, t: TableCore) -> Any:
        assert t.me is not None and t.joint is not None
        ctx = t.proof_ctx(t.me, self.label)
        return shuffle_proven(ctx, t.joint, self.deck, t.stream(self.label))[1]

    def check(self, t: TableCore, entry: Entry) -> None:
        if entry.seat == t.me:
            self.deck = own_deck(entry.body, self.need.k, entry.seat, self.label)
            return
        assert t.joint is not None
        ctx, key, deck_in = t.proof_ctx(entry.seat, self.label), t.joint, self.deck
        self.deck = t.checked(entry, lambda: check_shuffle(ctx, key, deck_in, entry.body))

    def finish(self, t: TableCore, entries: list[Entry]) -> Step | None:
        if self.author + 1 < t.seats:
            return LotShuffleStep.next(t, self.author + 1, self.need, self.deck)
        step = LotOpenStep(tuple(range(t.seats)), self.need, self.deck[0])
        step.start_seq = t.next_seq
        return step


class LotOpenStep(RoundStep):
    """Every seat publishes its share of the shuffled lot deck's position 0 (body
    ``[[D], [c, s]]``, checked at once).  Feeds ``RandomValue`` (the token's index)."""

    kind = "lot-open"

    def __init__(self, seats: tuple[int, ...], need: Random, ct: Ciphertext) -> None:
        super().__init__(seats)
        self.need = need
        self.ct = ct
        self.shares: dict[int, bytes] = {}

    def about(self) -> dict[str, Any]:
        return {"k": self.need.k, "why": self.need.why}

    def body(self, t: TableCore) -> Any:
        assert t.me is not None and t.my_key is not None
        ctx = t.proof_ctx(t.me, self.label)
        return make_shares(ctx, t.my_key, [self.ct[0]], t.stream(self.label))

    def check(self, t: TableCore, entry: Entry) -> None:
        seat = entry.seat
        if seat == t.me:
            body = entry.body
            got = body[0] if isinstance(body, list) and body else None
            self.shares[seat] = check_points(got, 1, what="share", seat=seat, step=self.label)[0]
            return
        ctx, key, c1 = t.proof_ctx(seat, self.label), t.seat_keys[seat], self.ct[0]
        self.shares[seat] = t.checked(entry, lambda: check_shares(ctx, key, [c1], entry.body))[0]

    def finish(self, t: TableCore, entries: list[Entry]) -> Step | None:
        shares = [self.shares[s] for s in range(t.seats)]
        v = lot_outcome(t.table_id, self.need.k, self.ct, shares)
        t.apply(RandomValue(v), entries[-1].seq)
        return None


class FixedLot(SingleStep):
    """A lot of one outcome: 0, with no entry."""

    kind = "lot"

    def __init__(self, need: Random) -> None:
        super().__init__(0)
        self.seats = ()
        self.need = need

    def finish(self, t: TableCore, entries: list[Entry]) -> Step | None:
        t.apply(RandomValue(0), None)
        return None
