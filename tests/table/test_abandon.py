"""A seat that stops responding: the others end the hand as abandoned, the log records
which seat stalled, nothing already in the log is lost, and the audit reports it."""

from __future__ import annotations

import pytest

from p2pcards.table import Broadcast, HandAbandoned, audit_entries
from tests.table.harness import Harness

STALLED = 2


def silent_after(n: int):  # type: ignore[no-untyped-def]
    sent = {"n": 0}

    def hook(h: Harness, seat: int, b: Broadcast) -> list[bytes]:
        if seat != STALLED:
            return [b.data]
        sent["n"] += 1
        if sent["n"] <= n:
            return [b.data]
        h.silent = {STALLED}  # type: ignore[attr-defined]
        return []

    return hook


@pytest.mark.parametrize("after", [3, 12, 20])
def test_the_others_end_the_hand_when_a_seat_stalls(after: int) -> None:
    h = Harness("akulina", 3, seed=70 + after, tamper=silent_after(after))
    h.run()
    assert all(t.result is None for t in h.tables)  # stuck: seat 2 is silent
    waiting = h.tables[0].expecting()
    assert waiting is not None and STALLED in h.tables[0].awaited()
    h.handle(0, h.tables[0].abandon(STALLED))  # seat 0's timeout fired; seat 1 joins
    h.run()
    for s in (0, 1):
        ab = [o for o in h.outputs[s] if isinstance(o, HandAbandoned)]
        assert len(ab) == 1 and ab[0].seat == STALLED and ab[0].hand == 1
        assert h.tables[s].halted and h.cheats(s) == []
    assert h.logs()[0] == h.logs()[1]
    report = audit_entries(h.logs()[0])
    assert report.verdict == "abandoned"
    assert "seat2 stopped responding" in report.waiting


def test_abandon_needs_the_table_to_wait_for_that_seat() -> None:
    h = Harness("akulina", 3, seed=5)
    h.run()
    with pytest.raises(ValueError):
        h.tables[0].abandon(1)
