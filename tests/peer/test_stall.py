"""Over the network: a seat that stops responding is waited for, then voted out after the
table's stall_limit (a genesis option, 4 s here); with three seats it forfeits the hand,
the log records it and the others' sessions end (issue 8, part 3; issue 12 item 7)."""

from __future__ import annotations

import random
from pathlib import Path

import trio

from p2pcards.games import load_game
from p2pcards.identity import new_identity
from p2pcards.peer import host_table, join_table, play_bot
from p2pcards.table import HandAbandoned, Waiting, audit_entries


async def test_a_stalled_seat_is_named_and_the_hand_abandoned(tmp_path: Path) -> None:
    ids = [new_identity(n) for n in ("A", "B", "Stall")]
    results: dict[int, object] = {}
    waited: list[Waiting] = []
    sessions = {}
    with trio.fail_after(60):
        async with host_table(
            ids[0],
            load_game(
                "akulina", seats=3, stall_limit=4
            ),  # 2 s: under load an honest bot was voted out
            bind="127.0.0.1",
            open_table=True,
            mdns=False,
            base=tmp_path / "p0",
        ) as lobby:
            addr = lobby.address

            async def b() -> None:
                async with join_table(ids[1], addr, base=tmp_path / "p1", yes=True) as jl:
                    s = await jl.started()
                    sessions[1] = s
                    results[1] = await play_bot(s, "basic", random.Random(1))

            async def stall() -> None:
                async with join_table(ids[2], addr, base=tmp_path / "p2", yes=True) as jl:
                    s = await jl.started()
                    async for up in s.controller.subscribe():  # play until its first
                        if type(up.event).__name__ == "YourTurn":  # decision, then freeze
                            await trio.sleep_forever()

            async with trio.open_nursery() as n:
                n.start_soon(b)
                n.start_soon(stall)
                session = await lobby.started()
                sessions[0] = session

                def note(ev: object) -> None:
                    if isinstance(ev, Waiting):
                        waited.append(ev)

                results[0] = await play_bot(session, "basic", random.Random(0), on_event=note)
                while 1 not in results:
                    await trio.sleep(0.05)
                n.cancel_scope.cancel()
    stalled = sessions[0].peer_ids.index(ids[2].peer_id)
    for s in (0, 1):
        ab = results[s]
        assert isinstance(ab, HandAbandoned) and ab.seat == stalled and ab.reason == "stall"
        assert ab.result is not None and ab.result["losers"] == [stalled]  # it forfeits
        assert ab.result["losses"][stalled] == 1
    assert any(stalled in w.seats for w in waited)
    log = [e.raw for e in sessions[0].table.log]
    assert log == [e.raw for e in sessions[1].table.log]
    report = audit_entries(log)
    assert report.verdict == "forfeited" and "Stall stopped responding" in report.waiting
