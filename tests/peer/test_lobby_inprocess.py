"""Four peers in one trio run, joined by host:port on loopback (no mDNS, no packet
leaves the machine): the table forms, plays Akulina to the end, every log is
byte-identical and every file audits as verified."""

from __future__ import annotations

import random
from pathlib import Path

import trio

from p2pcards.games import load_game
from p2pcards.identity import new_identity
from p2pcards.peer import host_table, join_table, play_bot
from p2pcards.table import audit_entries
from p2pcards.transcript import RecordType, read_log


async def test_four_peers_play_akulina_over_loopback(tmp_path: Path) -> None:
    ids = [new_identity(n) for n in ("Аня", "Boris", "Вера", "Dima")]
    results: dict[int, object] = {}
    logs: dict[int, str] = {}
    with trio.fail_after(60):
        async with host_table(
            ids[0],
            load_game("akulina", seats=4),
            bind="127.0.0.1",
            open_table=True,
            mdns=False,
            base=tmp_path / "p0",
        ) as lobby:
            addr = lobby.address

            async def joiner(i: int) -> None:
                async with join_table(ids[i], addr, base=tmp_path / f"p{i}", yes=True) as jl:
                    s = await jl.started()
                    results[i] = await play_bot(s, "basic", random.Random(i))
                    logs[i] = s.log_path
                    await s.done.wait()

            async with trio.open_nursery() as n:
                for i in (1, 2, 3):
                    n.start_soon(joiner, i)
                session = await lobby.started()
                # the joiners connected in the lobby, on the same mesh: the table shows
                # them connected (not "connection lost, reconnecting…" until a reconnect)
                with trio.move_on_after(10):
                    while not all(session.controller.snapshot().connected):
                        await trio.sleep(0.01)
                connected_at_start = session.controller.snapshot().connected
                results[0] = await play_bot(session, "basic", random.Random(0))
                logs[0] = session.log_path
    assert connected_at_start == (True, True, True, True)
    assert len(results) == 4 and all(r == results[0] for r in results.values())
    assert isinstance(results[0], dict) and results[0]["loser"] in range(4)
    files = [Path(logs[i]).read_bytes() for i in range(4)]
    assert all(f == files[0] for f in files)
    entries = [r.data for r in read_log(files[0]).records if r.type == RecordType.ENTRY]
    report = audit_entries(entries)
    assert report.verdict == "verified" and report.seats[0] == "Аня"
    assert sorted(report.seats) == sorted(["Аня", "Boris", "Вера", "Dima"])


async def test_a_link_cut_mid_hand_is_bridged_by_gossip(tmp_path: Path) -> None:
    """The link between seats 1 and 2 is cut (both ways) right after the shuffle; the hand
    still completes, every log identical, through the other seats' log gossip."""
    ids = [new_identity(n) for n in ("A", "B", "C", "D")]
    sessions: dict[int, object] = {}
    results: dict[int, object] = {}
    with trio.fail_after(90):
        async with host_table(
            ids[0],
            load_game("akulina", seats=4),
            bind="127.0.0.1",
            open_table=True,
            mdns=False,
            base=tmp_path / "p0",
        ) as lobby:
            addr = lobby.address

            async def joiner(i: int) -> None:
                async with join_table(ids[i], addr, base=tmp_path / f"p{i}", yes=True) as jl:
                    s = await jl.started()
                    sessions[i] = s
                    results[i] = await play_bot(s, "basic", random.Random(i))
                    await s.done.wait()

            async def cutter() -> None:
                while len(sessions) < 4 or any(
                    len(sessions[i].table.log) < 20
                    for i in (1, 2)  # type: ignore[attr-defined]
                ):
                    await trio.sleep(0.01)
                s1, s2 = sessions[1], sessions[2]
                s1.mesh.block_peer(s1.peer_ids[2])  # type: ignore[attr-defined]
                s2.mesh.block_peer(s2.peer_ids[1])  # type: ignore[attr-defined]

            async with trio.open_nursery() as n:
                for i in (1, 2, 3):
                    n.start_soon(joiner, i)
                n.start_soon(cutter)
                session = await lobby.started()
                sessions[0] = session
                results[0] = await play_bot(session, "basic", random.Random(0))
    assert len(results) == 4 and all(r == results[0] for r in results.values())
    logs = [[e.raw for e in sessions[i].table.log] for i in range(4)]  # type: ignore[attr-defined]
    assert all(log == logs[0] for log in logs)
    s1 = sessions[1]
    assert not s1.mesh.peers()[s1.peer_ids[2]].connected  # type: ignore[attr-defined]


async def test_a_lost_start_message_is_recovered_from_the_log_gossip(
    tmp_path: Path, monkeypatch
) -> None:
    """The host's "start" never reaches one joiner (as when the host crashes while
    sending it): the joiner starts from the genesis the log gossip brings."""
    import p2pcards.peer._lobby as lobby_mod

    ids = [new_identity(n) for n in ("H", "J1", "J2")]
    real_send = lobby_mod._send

    async def lossy(mesh, peer_id, data):  # type: ignore[no-untyped-def]
        if peer_id == ids[2].peer_id and data[:8].find(b"start") >= 0:
            return
        await real_send(mesh, peer_id, data)

    monkeypatch.setattr(lobby_mod, "_send", lossy)
    results: dict[int, object] = {}
    with trio.fail_after(60):
        async with host_table(
            ids[0],
            load_game("akulina", seats=3),
            bind="127.0.0.1",
            open_table=True,
            mdns=False,
            base=tmp_path / "p0",
        ) as lobby:
            addr = lobby.address

            async def joiner(i: int) -> None:
                async with join_table(ids[i], addr, base=tmp_path / f"p{i}", yes=True) as jl:
                    s = await jl.started()
                    results[i] = await play_bot(s, "basic", random.Random(i))
                    await s.done.wait()

            async with trio.open_nursery() as n:
                n.start_soon(joiner, 1)
                await trio.sleep(0.3)
                n.start_soon(joiner, 2)
                session = await lobby.started()
                results[0] = await play_bot(session, "basic", random.Random(0))
    assert len(results) == 3 and all(r == results[0] for r in results.values())


async def test_a_host_still_starting_is_waited_for_and_nothing_listening_is_named(
    tmp_path: Path,
) -> None:
    """Joining within 5 s of the host's start on a loaded machine: nothing listens yet
    (refused), which is tried again for longer than the 5 s a silent address gets (with
    a 5 s limit on every failure, the bots of the kill-and-restart loop, started 0.5 s
    after their host, gave up); a port where nothing ever listens is named as such."""
    import socket

    import pytest

    from p2pcards.peer import LobbyError, probe_table

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with trio.fail_after(30):
        async with trio.open_nursery() as n:

            async def late_host() -> None:
                await trio.sleep(1.5)
                async with host_table(
                    new_identity("Аня"), load_game("akulina", seats=2), bind="127.0.0.1",
                    port=port, mdns=False, base=tmp_path, open_table=True,
                ):  # fmt: skip
                    await trio.sleep_forever()

            n.start_soon(late_host)
            info = await probe_table(("127.0.0.1", port), timeout=1.0)
            assert info["game"] == "akulina"
            n.cancel_scope.cancel()
        told: list[float] = []
        with pytest.raises(LobbyError) as got:
            await probe_table(
                ("127.0.0.1", port), timeout=1.0, starting=1.0, on_refused=told.append
            )
        assert got.value.kind == "refused" and got.value.params["port"] == port
        assert told == [1.0]  # said once, at the first refusal (a front end says it retries)
