"""Honest in-memory tables play to the end with no dealer; logs are byte-identical."""

from __future__ import annotations

import pytest

from p2pcards.table import HandVerified, YourCards, audit_entries
from tests.games._drive import HONEST_SIZES_LARGE, tally
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
    # the end of the last hand: each seat that re-shuffled opened every re-shuffle, so
    # every claim of the hand was checked (protocol/table.md §2, reshuffle-open)
    t = h.tables[0]
    holders = sorted({r.holder for r in t.reshuffles})
    assert holders and all(r.psi is not None for r in t.reshuffles)
    last = [e for e in t.log if e.hand == t.hand]
    assert [e.seat for e in last if e.kind == "reshuffle-open"] == holders
    claims = [c for c in t.engine.claims() if c.hand == t.hand - 1]
    assert claims and t.claims_checked[t.hand] == len(claims)


def test_honest_games_at_five_to_eight_seats_raise_no_accusation() -> None:
    """Honest games at 5 and 8 seats (2-4: above): no accusation, byte-identical logs,
    every hand verified, a result.  ``scripts/bench honest`` plays 200 over 2-8."""
    t = tally(HONEST_SIZES_LARGE)
    assert t.games == 2
    assert t.problems == []
    assert (t.accusations, t.logs_differ, t.unverified, t.unfinished) == (0, 0, 0, 0)


def test_an_entry_delivered_again_is_not_verified_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Over the LAN every entry arrives twice or more (directly from its author and by
    the log gossip): the exact bytes of a logged entry are dropped without a second
    signature check, and change nothing."""
    from p2pcards.transcript import Log

    h = Harness("akulina", 3, seed=21, duplicate=0.0)
    h.run()
    t = h.tables[1]
    theirs = [e.raw for e in t.log if e.seat != 1][-5:]
    calls: list[bytes] = []
    real = Log.verify
    monkeypatch.setattr(Log, "verify", lambda self, d: calls.append(d) or real(self, d))
    before = [e.raw for e in t.log]
    for raw in theirs:
        assert t.receive(raw) == []
    assert calls == []
    assert [e.raw for e in t.log] == before and t.cheats == []
    # bytes that are not in the log are still verified (and a forgery still rejected)
    forged = theirs[-1][:-1] + bytes([theirs[-1][-1] ^ 1])
    outs = t.receive(forged)
    assert calls == [forged]
    assert any(type(o).__name__ == "Rejected" for o in outs)
