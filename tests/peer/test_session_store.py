"""The log gossip hands a Session's store the next entry: the table checks its signature
once (the store used to verify it, then the table again), and garbage is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from p2pcards.peer import Session
from p2pcards.peer._storage import TableStorage
from p2pcards.transcript import Log
from tests.table.harness import Harness


async def test_a_gossiped_entry_is_verified_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    played = Harness("akulina", 3, seed=4)
    played.run()
    full = played.logs()[0]
    fresh = Harness("akulina", 3, seed=4)  # the same seats and genesis, nothing played
    t = fresh.tables[2]
    s = Session(t, [x.identity for x in t.genesis.seats], TableStorage(t.table_id, tmp_path))
    s.handle(t.start())
    calls: list[bytes] = []
    real = Log.verify
    monkeypatch.setattr(Log, "verify", lambda self, d: calls.append(d) or real(self, d))
    assert s.store.offer(1, full[1])  # seat 1's accept: appended with our own (entry 2)
    assert calls == [full[1]]
    assert s.store.entries == full[:3] == [e.raw for e in t.log]
    assert not s.store.offer(2, full[2])  # held already
    assert not s.store.offer(3, full[4])  # not entry 3
    forged = full[3][:-1] + bytes([full[3][-1] ^ 1])
    assert not s.store.offer(3, forged)  # a bad signature
    calls.clear()
    assert s.store.offer(3, full[3])  # seat 0's first shuffle pass
    assert calls == [full[3]]
    assert s.store.entries[:4] == full[:4]
    assert s.store.entries == [e.raw for e in t.log]  # the store mirrors the log
