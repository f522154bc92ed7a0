"""The seat keys: a round at the start of the table, each key with its proof of
knowledge (``key``; protocol/mental_poker_v2.md §5)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from p2pcards.mental_poker import ProofContext, check_seat_key, joint_key
from p2pcards.table._steps._base import RoundStep, Step, TableCore

if TYPE_CHECKING:
    from p2pcards.transcript import Entry

KEY_LABEL = "seat key"
"""The step label of every seat key's proof (table hand 0: one key per seat and table)."""


class KeyStep(RoundStep):
    """Every seat publishes its ElGamal key ``Y_i`` with a Schnorr proof of knowledge
    bound to the table and its seat (body ``[Y, V, r]``, context hand 0, step
    ``"seat key"``).  A key whose proof fails (a rogue key chosen to cancel the others, a
    copied key, an invalid point) is blamed at its entry.  When all are in, the deck key
    ``Y = Σ Y_i``.  The secret is derived from the seat's persisted seed and never
    published."""

    kind = "key"

    @classmethod
    def start(cls, t: TableCore) -> KeyStep:
        """The key round (before the first need)."""
        step = cls(tuple(range(t.seats)))
        step.start_seq = t.next_seq
        return step

    def __init__(self, seats: tuple[int, ...]) -> None:
        super().__init__(seats)
        self.keys: dict[int, bytes] = {}

    def body(self, t: TableCore) -> Any:
        assert t.my_key is not None and t.me is not None
        ctx = ProofContext(t.table_id, 0, t.me, KEY_LABEL)
        return t.my_key.publish(ctx, t.stream(self.label))

    def check(self, t: TableCore, entry: Entry) -> None:
        if entry.seat == t.me and t.my_key is not None:
            self.keys[entry.seat] = t.my_key.public
            return
        ctx = ProofContext(t.table_id, 0, entry.seat, KEY_LABEL)
        self.keys[entry.seat] = t.checked(entry, lambda: check_seat_key(ctx, entry.body))

    def finish(self, t: TableCore, entries: list[Entry]) -> Step | None:
        keys = [self.keys[s] for s in range(t.seats)]
        if len(set(keys)) != len(keys):
            # a copied key: its proof verifies (the seat knows nothing new), but two seats
            # with one key would leave a card open to one of them; blame the later copy
            for e in entries:
                if keys.index(self.keys[e.seat]) != e.seat:
                    t.cheat(
                        e.seat, e.seq, "seat key", f"seat {e.seat} published another seat's key"
                    )
                    return None
        t.joint = joint_key(keys)
        t.seat_keys = keys
        return None
