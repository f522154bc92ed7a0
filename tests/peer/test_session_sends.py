"""What a Session sends directly: only entries not yet in its own log (round
contributions such as accepts and key shares).  An entry its table has appended (a
shuffle pass, a move) reaches the peers by the log gossip alone; sending it directly as
well made every peer receive and verify it twice."""

from __future__ import annotations

from pathlib import Path

import trio

from p2pcards.peer import Session
from p2pcards.peer._storage import TableStorage
from tests.table.harness import Harness


def queued(session: Session) -> list[bytes]:
    out = []
    while True:
        try:
            out.append(session._send_r.receive_nowait())
        except trio.WouldBlock:
            return out


def test_only_entries_outside_the_log_are_sent_directly(tmp_path: Path) -> None:
    h = Harness("akulina", 3, seed=2)
    ids = [t.genesis.seats[i].identity for i, t in enumerate(h.tables)]
    s0, s1, s2 = (
        Session(h.tables[i], ids, TableStorage(h.tables[i].table_id, base=tmp_path / f"p{i}"))
        for i in range(3)
    )
    s0.handle(h.tables[0].start())
    s1.handle(h.tables[1].start())
    s2.handle(h.tables[2].start())
    assert queued(s0) == []  # nothing to accept
    # seat 1's accept is entry 1, appended at once: the gossip carries it
    assert queued(s1) == [] and s1.store.entries[1] == h.tables[1].log[1].raw
    # seat 2's accept waits for entry 1 (not in its log yet): sent directly
    [accept2] = queued(s2)
    assert len(h.tables[2].log) == 1
    s0.feed(s1.store.entries[1])
    s0.feed(accept2)
    # seat 0's table has started the hand and written its first shuffle pass
    log = h.tables[0].log
    assert log[-1].seat == 0 and log[-1].kind == "pass"
    assert queued(s0) == []  # in the log: the gossip carries it
    assert s0.store.entries[-1] == log[-1].raw  # ... from the store the mesh serves
