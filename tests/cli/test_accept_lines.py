"""«все места заняты: игра начинается» only once every seat accepted the table (issue 15,
a new user's trial, session 10: the host said it as soon as the last seat was taken,
while that joiner was still answering a question and nothing had started).  Until then
the host's terminal says whom it waits for, once per change.  In one trio run on
loopback (no mDNS): the host's lines, as ``play_to_end(starting=True)`` prints them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import trio

from p2pcards.cli._lan import every_seat_accepted
from p2pcards.games import load_game
from p2pcards.identity import Identity, new_identity
from p2pcards.peer import KnownPlayers, PlayerCheck, host_table, join_table

LO = "127.0.0.1"


async def test_the_game_starts_only_once_every_seat_accepted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Вера is asked about a «Глеб» she knows with another key: while she answers, the
    host says it waits for her to accept, not that the game starts; once she says yes,
    it says the game starts, once."""
    vera, gleb = new_identity("Вера"), new_identity("Глеб")
    known = KnownPlayers(tmp_path / "Вера")
    known.remember([("Глеб", new_identity("Глеб").peer_id)])
    asked, answer, done = trio.Event(), trio.Event(), trio.Event()

    async def confirm(check: PlayerCheck) -> bool:
        asked.set()
        await answer.wait()
        return True

    with trio.fail_after(30):
        async with host_table(
            new_identity("Аня"),
            load_game("akulina", seats=3),
            bind=LO,
            mdns=False,
            open_table=True,
            base=tmp_path / "Аня",
        ) as lobby:

            async def sit(who: Identity, **kw: Any) -> None:
                async with join_table(
                    who, lobby.address, bind=LO, base=tmp_path / who.name, **kw
                ) as jl:
                    await jl.started()
                    await done.wait()

            async with trio.open_nursery() as n:
                n.start_soon(lambda: sit(gleb, yes=True))
                async for u in lobby.updates:  # Глеб at seat 2, Вера at 3
                    if "Глеб" in u.names:
                        break
                n.start_soon(lambda: sit(vera, yes=True, known=known, confirm=confirm))
                session = await lobby.started()
                capsys.readouterr()
                n.start_soon(lambda: every_seat_accepted(session, "ru"))
                await asked.wait()
                await trio.sleep(1.6)  # (the first waiting line after ACCEPT_QUIET, 1 s)
                before = capsys.readouterr().out
                answer.set()
                while not session.table.log.started:
                    await trio.sleep(0.05)
                await trio.sleep(0.5)
                after = capsys.readouterr().out
                done.set()
    assert "игра начинается" not in before
    lines = before.splitlines()
    assert lines and lines[-1] == "ждём, пока стол примут: Вера"
    assert len(lines) == len(set(lines))  # once per change
    assert after == "все места заняты: игра начинается\n"


async def test_a_normal_start_says_only_that_the_game_starts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Nobody is asked anything: the accepts come within a moment, and the host says
    nothing of them (no waiting line on every normal start), only that the game
    starts."""
    done = trio.Event()
    with trio.fail_after(30):
        async with host_table(
            new_identity("Аня"),
            load_game("akulina", seats=3),
            bind=LO,
            mdns=False,
            open_table=True,
            base=tmp_path / "Аня",
        ) as lobby:

            async def sit(who: Identity) -> None:
                async with join_table(
                    who, lobby.address, bind=LO, base=tmp_path / who.name, yes=True
                ) as jl:
                    await jl.started()
                    await done.wait()

            async with trio.open_nursery() as n:
                for name in ("Глеб", "Вера"):
                    n.start_soon(sit, new_identity(name))
                session = await lobby.started()
                capsys.readouterr()
                await every_seat_accepted(session, "ru")
                assert session.table.log.started
                done.set()
    assert capsys.readouterr().out == "все места заняты: игра начинается\n"
