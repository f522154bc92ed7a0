"""The vote to end a hand without a seat that stalls or left (``protocol/table.md`` §3,
"Stalls, votes and forfeits").

A seat the table has waited for longer than the table's ``stall_limit`` (a genesis option:
every seat applies the same one), or that signed a leave, is voted out by a round of every
other seat but those that left before the round (they cannot vote), body
``[stalled, reason]`` (``reason``: ``"stall"`` or ``"left"``).  No seat joins
a vote because another asked: each votes on its own clock (or on the leave it verified
itself), so one lying seat cannot exclude a seat that is merely thinking.  Once a seat has
voted it never takes the stalled seat's entry for that slot any more: a late entry is
ignored and logged (a ``Rejected``), never reported as cheating.

When every vote is in: with three or more seats the stalled seat forfeits the hand by the
game's forfeit rule (:func:`p2pcards.games.forfeit_result`; the game ends with that
result); with two seats the hand ends with no result and names the seat (fair exchange
with aborts needs an honest majority: Cleve 1986).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from p2pcards.table._steps._base import Blame, RoundStep, Step, TableCore

if TYPE_CHECKING:
    from p2pcards.transcript import Entry

REASONS = ("stall", "left")
"""Why a vote is cast: the seat was awaited past the limit, or it signed a leave."""


def vote_target(body: Any) -> tuple[int, str] | None:
    """``(stalled seat, reason)`` of a vote body, or None when it is not one."""
    if (
        isinstance(body, list)
        and len(body) == 2
        and isinstance(body[0], int)
        and not isinstance(body[0], bool)
        and body[1] in REASONS
    ):
        return body[0], body[1]
    return None


class AbandonStep(RoundStep):
    """Every seat but ``stalled`` votes to end the hand without it (body
    ``[stalled, reason]``); when all votes are in the hand is forfeited (3+ seats) or
    ends with no result (2 seats).  ``reason`` is this seat's own reason; the others'
    may differ (one saw the leave, another only waited)."""

    kind = "abandon"

    def __init__(self, seats: tuple[int, ...], stalled: int, reason: str = "stall") -> None:
        super().__init__(seats)
        self.stalled = stalled
        self.reason = reason

    @classmethod
    def start(cls, t: TableCore, stalled: int, reason: str = "stall") -> AbandonStep:
        """The vote against ``stalled``: every other seat but those that left before the
        round (:meth:`TableCore.gone`: they cannot vote; two seats leaving at once must not
        stall the vote), unless that would leave no voter."""
        gone = t.gone(t.next_seq)
        voters = tuple(s for s in range(t.seats) if s != stalled and s not in gone)
        step = cls(voters or tuple(s for s in range(t.seats) if s != stalled), stalled, reason)
        step.start_seq = t.next_seq
        return step

    def about(self) -> dict[str, Any]:
        return {"stalled": self.stalled, "reason": self.reason}

    def body(self, t: TableCore) -> Any:
        return [self.stalled, self.reason]

    def check(self, t: TableCore, entry: Entry) -> None:
        target = vote_target(entry.body)
        if target is None or target[0] != self.stalled:
            raise Blame("abandon", f"seat {entry.seat}: malformed vote")

    def finish(self, t: TableCore, entries: list[Entry]) -> Step | None:
        reasons = [vote_target(e.body) for e in entries]
        left = any(r is not None and r[1] == "left" for r in reasons)
        t.hand_abandoned(self.stalled, entries[0].seq, "left" if left else "stall",
                         [e.seat for e in entries])  # fmt: skip
        return None
