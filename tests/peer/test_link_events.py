"""The connection news a session publishes (PeerLost / PeerBack), from the mesh's link
events one by one (a stand-in for the mesh; real links: test_leave_links.py): one line
per change, none for a seat that left the table (it is gone on purpose, and the mesh
stops dialing it), none once the game is over."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from p2pcards import net
from p2pcards.peer import PeerBack, PeerLost, Session
from p2pcards.ui import Names, Texts, table_event_line
from tests.peer.test_controller import _sessions


class FakeMesh:
    """What a session asks of its mesh here: who is connected, sends (kept), and the
    peers it was told to forget."""

    def __init__(self) -> None:
        self.up: set[bytes] = set()
        self.removed: list[bytes] = []
        self.sent: list[tuple[bytes, bytes]] = []

    def connected(self) -> list[bytes]:
        return sorted(self.up)

    def remove_peer(self, peer_id: bytes) -> None:
        self.removed.append(peer_id)

    async def send_direct(self, peer_id: bytes, data: bytes) -> None:
        self.sent.append((peer_id, data))

    def holds(self, peer_id: bytes, seq: int) -> None:
        pass

    def announce(self) -> None:
        pass

    def peers(self) -> dict[bytes, Any]:
        return {}


def _news(s: Session) -> list[str]:
    """The Russian lines of the connection news published so far."""
    names = Names(tuple(s.names), s.seat)
    return [
        line
        for up in s.controller._journal
        if isinstance(up.event, PeerLost | PeerBack)
        and (line := table_event_line(Texts("ru"), names, up.event))
    ]


def _up(s: Session, seat: int) -> net.PeerConnected:
    return net.PeerConnected(s.peer_ids[seat], None, 0)


def _down(s: Session, seat: int) -> net.PeerDisconnected:
    return net.PeerDisconnected(s.peer_ids[seat], "peer leaving")


async def test_one_line_per_change_when_a_new_connection_replaces_the_old(tmp_path: Path) -> None:
    ss = _sessions("akulina", 3, 5, tmp_path, stall_limit=600)
    s = ss[0]
    s.mesh = FakeMesh()  # type: ignore[assignment]
    names = s.names
    for ev in (_up(s, 1), _down(s, 1), _up(s, 1), _up(s, 1)):  # both sides dialed again
        await s.mesh_event(ev)
    # before: "… снова на связи" twice, one per connection (the second replaced the first)
    assert _news(s) == [
        f"связь потеряна: {names[1]}; переподключаемся…",
        f"{names[1]} снова на связи",
    ]
    assert s.controller.snapshot().connected == (True, True, False)


async def test_a_seat_that_left_is_not_lost_and_is_not_dialed_again(tmp_path: Path) -> None:
    ss = _sessions("akulina", 3, 5, tmp_path, stall_limit=600)
    s = ss[0]
    mesh = s.mesh = FakeMesh()  # type: ignore[assignment]
    mesh.up = {s.peer_ids[1], s.peer_ids[2]}
    for seat in (1, 2):
        await s.mesh_event(_up(s, seat))
    s.feed(ss[1].table.leave()[0].data)  # (his signed leave)
    assert 1 in s.table.departed
    mesh.up.discard(s.peer_ids[1])
    await s.mesh_event(_down(s, 1))  # his program ended after the leave
    assert _news(s) == []  # before: "связь потеряна: …; переподключаемся…"
    assert mesh.removed == [s.peer_ids[1]]  # no more dialing, no connection admitted
    await s.mesh_event(_up(s, 1))
    assert _news(s) == []  # (never "снова на связи")


async def test_a_leave_heard_after_the_link_dropped_stops_the_dialing(tmp_path: Path) -> None:
    """The leave came by another seat (passed on) after his link was down: the line
    said then was true; the mesh stops dialing him from the leave on."""
    ss = _sessions("akulina", 3, 5, tmp_path, stall_limit=600)
    s = ss[0]
    mesh = s.mesh = FakeMesh()  # type: ignore[assignment]
    mesh.up = {s.peer_ids[2]}
    await s.mesh_event(_up(s, 1))
    await s.mesh_event(_down(s, 1))
    s.feed(ss[1].table.leave()[0].data)
    assert mesh.removed == [s.peer_ids[1]]


async def test_no_lost_connection_after_the_game(tmp_path: Path) -> None:
    ss = _sessions("akulina", 2, 5, tmp_path, stall_limit=600)
    s = ss[0]
    s.mesh = FakeMesh()  # type: ignore[assignment]
    await s.mesh_event(_up(s, 1))
    s.done.set()  # (the game is over: the others go home)
    await s.mesh_event(_down(s, 1))
    assert _news(s) == []


async def test_a_seat_that_left_is_not_shown_as_lost_in_the_snapshot(tmp_path: Path) -> None:
    """The web page's banner follows ``snapshot().connected``: a seat that left and whose
    program then ended is not "connection lost"; ``departed`` names it."""
    ss = _sessions("akulina", 3, 5, tmp_path, stall_limit=600)
    s = ss[0]
    mesh = s.mesh = FakeMesh()  # type: ignore[assignment]
    mesh.up = {s.peer_ids[1], s.peer_ids[2]}
    for seat in (1, 2):
        await s.mesh_event(_up(s, seat))
    s.feed(ss[1].table.leave()[0].data)
    await s.mesh_event(_down(s, 1))
    snap = s.controller.snapshot()
    assert snap.connected == (True, True, True) and snap.departed == (1,)
