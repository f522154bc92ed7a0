"""Honest in-memory tables play to the end with no dealer; logs are byte-identical."""

from __future__ import annotations

import pytest

from p2pcards.table import HandVerified, YourCards, audit_entries
from tests.table.harness import Harness


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_honest_akulina_table_plays_to_the_end(seats: int) -> None:
    h = Harness("akulina", seats, seed=seats)
    h.run()
    results = [t.result for t in h.tables]
    assert all(r is not None for r in results)
    assert all(r == results[0] for r in results)
    logs = h.logs()
    assert all(log == logs[0] for log in logs)
    for s in range(seats):
        assert h.cheats(s) == []
        assert any(isinstance(o, HandVerified) for o in h.outputs[s])
        dealt = [o for o in h.outputs[s] if isinstance(o, YourCards)]
        assert dealt, "each seat sees its own cards"
    report = audit_entries(logs[0])
    assert report.verdict == "verified", report.to_json()
    assert report.result == results[0]


def test_two_hundred_honest_games_raise_no_accusation() -> None:
    """200 honest games over 2..8 seats: no accusation, byte-identical logs, all verified.
    Small tables dominate to keep the suite quick; every size is played."""
    sizes = [2] * 90 + [3] * 60 + [4] * 30 + [5] * 8 + [6] * 5 + [7] * 4 + [8] * 3
    for i, n in enumerate(sizes):
        h = Harness("akulina", n, seed=1000 + i, duplicate=0.05)
        h.run()
        logs = h.logs()
        assert all(log == logs[0] for log in logs), f"game {i}: logs differ"
        for s in range(n):
            assert h.cheats(s) == [], f"game {i}: seat {s} accused someone"
            assert h.tables[s].verified == [1]
        assert h.tables[0].result is not None
