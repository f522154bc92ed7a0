"""A joint random number: a round of commitments, then a round of values (SPEC §10)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from p2pcards.games import Random, RandomValue
from p2pcards.mental_poker import (
    check_random_value,
    random_commitment,
    random_result,
    random_value,
)
from p2pcards.table._steps._base import Blame, RoundStep, Step, TableCore

if TYPE_CHECKING:
    from p2pcards.transcript import Entry


class RCommitStep(RoundStep):
    """Every seat commits to a random value (32 bytes; label = index of this Random in
    the hand).  Next: :class:`RValueStep`."""

    kind = "rcommit"

    def __init__(self, seats: tuple[int, ...], need: Random) -> None:
        super().__init__(seats)
        self.need = need
        self.commits: dict[int, bytes] = {}
        self.my_value: bytes | None = None

    @classmethod
    def start(cls, t: TableCore, need: Random) -> RCommitStep:
        """The commitment round of ``need``."""
        return cls(tuple(range(t.seats)), need)

    def about(self) -> dict[str, Any]:
        return {"k": self.need.k, "why": self.need.why, "phase": "commit"}

    def body(self, t: TableCore) -> Any:
        rnd, me, label = t.random, t.me, t.labels["random"]
        assert rnd is not None and me is not None
        value = t.secret(f"hand{t.hand}/random{label}", lambda: random_value(rnd))
        self.my_value = value
        return random_commitment(t.ctx(), label, me, value)

    def check(self, t: TableCore, entry: Entry) -> None:
        body = entry.body
        if not isinstance(body, bytes) or len(body) != 32:
            raise Blame("random", f"seat {entry.seat}: malformed commitment")
        self.commits[entry.seat] = body

    def finish(self, t: TableCore, entries: list[Entry]) -> Step | None:
        return RValueStep(self)


class RValueStep(RoundStep):
    """Every seat reveals its value, checked against its commitment.  Feeds
    ``RandomValue`` (SPEC §10's result below ``need.k``)."""

    kind = "rvalue"

    def __init__(self, commit: RCommitStep) -> None:
        super().__init__(commit.seats)
        self.need = commit.need
        self.commits = commit.commits
        self.my_value = commit.my_value
        self.values: dict[int, Any] = {}

    def about(self) -> dict[str, Any]:
        return {"k": self.need.k, "why": self.need.why, "phase": "reveal"}

    def body(self, t: TableCore) -> Any:
        return self.my_value

    def check(self, t: TableCore, entry: Entry) -> None:
        seat = entry.seat
        label = t.labels["random"]
        self.values[seat] = check_random_value(t.ctx(), label, seat, entry.body, self.commits[seat])

    def finish(self, t: TableCore, entries: list[Entry]) -> Step | None:
        values = [self.values[s] for s in range(t.seats)]
        v = random_result(t.ctx(), t.labels["random"], values, self.need.k)
        t.labels["random"] += 1
        t.apply(RandomValue(v), entries[-1].seq)
        return None
