"""Steps that no engine need asks for: the abandon vote."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from p2pcards.table._steps._base import Blame, RoundStep, Step, TableCore

if TYPE_CHECKING:
    from p2pcards.transcript import Entry


class AbandonStep(RoundStep):
    """Every seat but ``stalled`` votes to end the hand without it (body
    ``[stalled]``); when all votes are in the hand is abandoned."""

    kind = "abandon"

    def __init__(self, seats: tuple[int, ...], stalled: int) -> None:
        super().__init__(seats)
        self.stalled = stalled

    @classmethod
    def start(cls, t: TableCore, stalled: int) -> AbandonStep:
        """The vote against ``stalled``."""
        return cls(tuple(s for s in range(t.seats) if s != stalled), stalled)

    def about(self) -> dict[str, Any]:
        return {"stalled": self.stalled}

    def body(self, t: TableCore) -> Any:
        return [self.stalled]

    def check(self, t: TableCore, entry: Entry) -> None:
        if entry.body != [self.stalled]:
            raise Blame("abandon", f"seat {entry.seat}: malformed vote")

    def finish(self, t: TableCore, entries: list[Entry]) -> Step | None:
        t.hand_abandoned(self.stalled, entries[0].seq)
        return None
