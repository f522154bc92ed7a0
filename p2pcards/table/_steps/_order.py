"""A hidden hand order: its commitment (``order``) and a pick from it (``taken``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from p2pcards.games import CommitOrder, OrderCommitted, TakeHidden, Taken
from p2pcards.mental_poker import HandOrderSecret, order_commitment
from p2pcards.table._steps._base import Blame, SingleStep, Step, TableCore
from p2pcards.table._steps._hand import OrderCommit

if TYPE_CHECKING:
    from p2pcards.transcript import Entry


class OrderStep(SingleStep):
    """The holder commits to a secret order of its hand (32 bytes, SPEC §9; label =
    index of this CommitOrder in the hand).  Feeds ``OrderCommitted``."""

    kind = "order"

    def __init__(self, need: CommitOrder) -> None:
        super().__init__(need.seat)
        self.need = need

    @classmethod
    def start(cls, t: TableCore, need: CommitOrder) -> OrderStep:
        """The commitment of ``need``."""
        return cls(need)

    def about(self) -> dict[str, Any]:
        return {"holder": self.need.seat}

    def body(self, t: TableCore) -> Any:
        label, rnd, held, me = t.labels["order"], t.random, self.need.positions, t.me
        assert rnd is not None and me is not None
        wire = t.secret(
            f"hand{t.hand}/order{label}",
            lambda: HandOrderSecret.generate(held, rnd).to_wire(),
        )
        sec = HandOrderSecret.from_wire(wire, me)
        t.my_orders.append(sec)
        return order_commitment(t.ctx(), me, label, sec.order, sec.salt)

    def check(self, t: TableCore, entry: Entry) -> None:
        if not (isinstance(entry.body, bytes) and len(entry.body) == 32):
            raise Blame(self.kind, f"seat {entry.seat}: malformed {self.kind!r} body")

    def finish(self, t: TableCore, entries: list[Entry]) -> Step | None:
        entry = entries[-1]
        need = self.need
        t.orders.append(OrderCommit(need.seat, t.labels["order"], entry.body, need.positions))
        t.labels["order"] += 1
        t.apply(OrderCommitted(need.seat), entry.seq)
        return None


class TakenStep(SingleStep):
    """The holder hands over the position at ``need.index`` of its committed order
    (body: the position).  The pick is checked against the order at the end of the hand.
    Feeds ``Taken``."""

    kind = "taken"

    def __init__(self, need: TakeHidden) -> None:
        super().__init__(need.holder)
        self.need = need

    @classmethod
    def start(cls, t: TableCore, need: TakeHidden) -> TakenStep:
        """The pick of ``need``."""
        return cls(need)

    def about(self) -> dict[str, Any]:
        return {"holder": self.need.holder, "taker": self.need.taker, "index": self.need.index}

    def body(self, t: TableCore) -> Any:
        return t.my_orders[-1].pick(self.need.index)

    def check(self, t: TableCore, entry: Entry) -> None:
        body = entry.body
        if not (isinstance(body, int) and not isinstance(body, bool)):
            raise Blame(self.kind, f"seat {entry.seat}: malformed {self.kind!r} body")

    def finish(self, t: TableCore, entries: list[Entry]) -> Step | None:
        entry, need = entries[-1], self.need
        mine = [o for o in t.orders if o.holder == need.holder]
        mine[-1].picks.append((need.index, entry.body))
        t.apply(Taken(entry.body), entry.seq)
        return None
