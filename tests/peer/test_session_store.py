"""The log gossip hands a Session's store the next entry: the table checks its signature
once (the store used to verify it, then the table again), and garbage is refused."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import pytest
import trio

from p2pcards.peer import Session
from p2pcards.peer._storage import TableStorage
from p2pcards.table import Broadcast
from p2pcards.transcript import Log, peek_entry
from tests.table.harness import Harness


class _Dealt(Exception):
    """The first decision of a harness game: the seating, the keys and the deal are done."""


@functools.cache
def _dealt(n: int, seed: int) -> tuple[bytes, ...]:
    def stop(h: Harness, seat: int, t: Any, legal: list[Any]) -> None:
        raise _Dealt

    h = Harness("akulina", n, seed=seed, decide=stop)
    with pytest.raises(_Dealt):
        h.run()
    return tuple(h.logs()[0])


def dealt_log(n: int, seed: int) -> list[bytes]:
    """Seat 0's log of an honest ``n``-seat Akulina harness game (``seed``) up to its
    first move: what these tests feed (a whole game was played for its first entries)."""
    return list(_dealt(n, seed))


async def test_a_gossiped_entry_is_verified_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The store only queues what the mesh offers (no verification there, no call back
    into the mesh); the table checks each entry once; garbage changes nothing; the log
    file and the store follow the table's log, the one copy."""
    full = dealt_log(3, 4)
    fresh = Harness("akulina", 3, seed=4)  # the same seats and genesis, nothing played
    t = fresh.tables[2]
    storage = TableStorage(t.table_id, tmp_path)
    storage.append_entries([full[0]])  # (the lobby writes the genesis)
    s = Session(t, [x.identity for x in t.genesis.seats], storage)
    s.handle(t.start())
    calls: list[bytes] = []
    real = Log.verify
    monkeypatch.setattr(Log, "verify", lambda self, d: calls.append(d) or real(self, d))
    assert s.store.offer(1, full[1])  # seat 1's accept: queued
    assert calls == [] and s.store.head() == 0  # not verified, not appended yet
    s.take_gossip()
    assert calls == [full[1]]  # appended with our own (entry 2)
    assert [s.store.get(i) for i in range(3)] == full[:3] == [e.raw for e in t.log]
    assert not s.store.offer(2, full[2])  # held already
    forged = full[3][:-1] + bytes([full[3][-1] ^ 1])
    assert s.store.offer(3, forged)  # queued: the table refuses it (a bad signature)
    s.take_gossip()
    assert len(t.log) == 3
    calls.clear()
    assert s.store.offer(3, full[3]) and s.store.offer(4, full[4])  # seats 0, 1's keys
    s.take_gossip()
    assert calls == [full[3], full[4]]
    assert [e.raw for e in t.log][:6] == full[:6]  # the key round, with our own key
    assert s.store.head() == len(t.log) - 1  # the store is the table's log
    assert TableStorage(t.table_id, tmp_path).entries() == [e.raw for e in t.log]  # the file


class QuietMesh:
    """A mesh stand-in: no peer, nothing received; records direct sends."""

    def __init__(self) -> None:
        self.sent: list[bytes] = []
        self._send, self.events = trio.open_memory_channel[object](0)

    async def send_direct(self, peer_id: bytes, data: bytes) -> None:
        self.sent.append(data)

    def connected(self) -> list[bytes]:
        return []

    def announce(self) -> None:
        pass

    def holds(self, peer_id: bytes, seq: int) -> None:
        pass

    def peers(self) -> dict[bytes, object]:
        return {}


async def test_entries_gossiped_before_the_session_runs_do_not_skip_its_accept(
    tmp_path: Path,
) -> None:
    """The gossip may hand a joiner the others' accepts between the lobby's start and
    Session.run: the session must still sign its own accept (it skipped it when the log
    held more than the genesis, and the table never started)."""
    src = Harness("akulina", 4, seed=5)  # the genesis and the accepts (not a whole deal)
    full = [src.tables[0].log[0].raw]
    full += [o.data for i in (1, 2, 3) for o in src.tables[i].start() if isinstance(o, Broadcast)]
    t = Harness("akulina", 4, seed=5).tables[3]
    s = Session(t, [x.identity for x in t.genesis.seats], TableStorage(t.table_id, tmp_path))
    s.handle([])
    assert s.store.offer(1, full[1]) and s.store.offer(2, full[2])  # before run()
    mesh = QuietMesh()
    async with trio.open_nursery() as n:
        await n.start(s.run, mesh)
        await trio.sleep(0.01)
        n.cancel_scope.cancel()
    assert t.log.started and [e.raw for e in t.log][:4] == full[:4]


async def test_a_lobby_message_after_the_start_is_not_taken_for_an_entry(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A joiner whose session began from the genesis the gossip brought then gets the
    host's "start" lobby message: it was fed to the table as an entry and logged as
    "peer … sent an entry the table refused: Rejected(… 3 exceeds max_array_len(2))"
    on a normal join (issue 15, item 6)."""
    from p2pcards.identity import new_identity
    from p2pcards.peer._signed import seal_message

    full = dealt_log(3, 4)
    fresh = Harness("akulina", 3, seed=4)
    t = fresh.tables[2]
    storage = TableStorage(t.table_id, tmp_path)
    storage.append_entries([full[0]])
    s = Session(t, [x.identity for x in t.genesis.seats], storage)
    s.handle(t.start())
    host = new_identity("host")
    start = seal_message(host.signing_key, t.table_id, "start", full[0], [])
    calls: list[bytes] = []
    real = Log.verify
    monkeypatch.setattr(Log, "verify", lambda self, d: calls.append(d) or real(self, d))
    with caplog.at_level("WARNING", logger="p2pcards.peer"):
        assert not s.receive_direct(start, host.peer_id)
        assert s.receive_direct(full[1], t.genesis.seats[1].identity)  # an entry: taken
    assert calls == [full[1]]
    assert caplog.records == []


class RecordingMesh:
    """A mesh stand-in that records what the session tells it about the peers."""

    def __init__(self) -> None:
        self.held: list[tuple[bytes, int]] = []

    def holds(self, peer_id: bytes, seq: int) -> None:
        self.held.append((peer_id, seq))

    def announce(self) -> None:
        pass


async def test_an_entry_is_never_gossiped_back_to_its_author(tmp_path: Path) -> None:
    """Seat 0's own entries (its key, a round's contribution, its shuffle, appended as it
    signs it, its share) are sent directly, in order with its other messages (its leave
    must not overtake them); every entry another seat wrote is marked as held by its
    author, so the log gossip never sends it back (issue 12)."""
    full = dealt_log(3, 4)
    t = Harness("akulina", 3, seed=4).tables[0]
    storage = TableStorage(t.table_id, tmp_path)
    storage.append_entries([full[0]])
    ids = [x.identity for x in t.genesis.seats]
    s = Session(t, ids, storage)
    mesh = RecordingMesh()
    s.mesh = mesh  # type: ignore[assignment]
    s.handle(t.start())
    for raw in full[1:9]:
        s.feed(raw)
    assert [e.raw for e in t.log] == full[:9]
    kinds = [(e.seat, e.kind) for e in t.log]
    assert kinds[3:9] == [(0, "key"), (1, "key"), (2, "key"), (0, "shuffle"), (1, "shuffle"),
                          (2, "shuffle")]  # fmt: skip
    direct = []
    while True:
        try:
            direct.append(s._send_r.receive_nowait())
        except trio.WouldBlock:
            break
    own = [d for d in direct if peek_entry(d).seat == 0]
    assert [(peek_entry(d).seq, peek_entry(d).kind) for d in own] == [
        (3, "key"), (6, "shuffle"), (9, "share")
    ]  # fmt: skip
    assert own[:2] == [full[3], full[6]]
    # and the others' contributions to the key round, passed on ahead of its shuffle
    # (protocol/table.md §3, "Forks")
    assert [d for d in direct if d not in own][:2] == [full[4], full[5]]
    assert direct.index(full[5]) < direct.index(full[6])
    assert (ids[1], 7) in mesh.held and (ids[2], 8) in mesh.held
    assert (ids[1], 8) not in mesh.held and (ids[2], 7) not in mesh.held
    assert (ids[1], 1) in mesh.held and (ids[2], 5) in mesh.held
    assert all(pid != ids[0] for pid, _seq in mesh.held)


def _queued(r: Any) -> list[Any]:
    out = []
    while True:
        try:
            out.append(r.receive_nowait())
        except trio.WouldBlock:
            return out


async def test_a_fetch_asks_the_author_and_is_answered_once(tmp_path: Path) -> None:
    """protocol/table.md §3 "Forks", rule 3: a table that dropped an entry built on another
    version of entries first..last (Fetch) asks its author alone for them, and a session
    asked answers with its log's entries, once, cut to what it holds and to MAX_FETCH;
    a malformed or oversized fetch is ignored."""
    import msgpack

    from p2pcards.peer._session import FETCH
    from p2pcards.table import Fetch

    full = dealt_log(3, 4)
    t = Harness("akulina", 3, seed=4).tables[0]
    storage = TableStorage(t.table_id, tmp_path)
    storage.append_entries([full[0]])
    ids = [x.identity for x in t.genesis.seats]
    s = Session(t, ids, storage)
    s.mesh = RecordingMesh()  # type: ignore[assignment]
    s.handle(t.start())
    for raw in full[1:6]:  # to the key round (no shuffle to check)
        s.feed(raw)
    _queued(s._direct_r)
    s.handle([Fetch(2, 3, 5)])
    assert _queued(s._direct_r) == [(ids[2], msgpack.packb([FETCH, 3, 5]))]
    ask = msgpack.packb([FETCH, 3, 5])
    assert not s.receive_direct(ask, ids[1])  # (a session message, not an entry)
    assert _queued(s._direct_r) == [(ids[1], full[i]) for i in (3, 4, 5)]
    assert not s.receive_direct(ask, ids[1]) and _queued(s._direct_r) == []  # once
    assert s.store.head() == 6  # (its own shuffle, appended as it signed it)
    s.receive_direct(msgpack.packb([FETCH, 5, 9]), ids[2])  # cut to the log's head
    assert _queued(s._direct_r) == [(ids[2], t.log[5].raw), (ids[2], t.log[6].raw)]
    for bad in ([FETCH, 1, 8 + 1], [FETCH, 7, 8], [FETCH, 0, 2], [FETCH, 5, 4],
                [FETCH, True, 2], [FETCH, 1], ["fetchx", 1, 2], [FETCH, "1", 2]):  # fmt: skip
        assert not s.receive_direct(msgpack.packb(bad), ids[2])
    assert not s.receive_direct(b"\x93\xa5fetch\x01", ids[2])  # truncated
    assert _queued(s._direct_r) == []
