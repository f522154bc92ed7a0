"""The seats of a table dial each other once the host's start reaches them, each at its
own moment: a seat that has it dials one still without it, or still confirming a seat
(issue 15, a new user's trial, session 10: while Вера answered a question, both
terminals filled with «соединение … отклонено: рукопожатие не удалось», her program
refusing each dial as "not a member of this table" and the dialler trying again).  A
joiner takes the seats of the host's seat list as members, so their dials are let in.
In one trio run on loopback (no mDNS)."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest
import trio

from p2pcards.games import load_game
from p2pcards.identity import Identity, new_identity
from p2pcards.peer import KnownPlayers, PlayerCheck, host_table, join_table

LO = "127.0.0.1"


def _pair() -> tuple[Identity, Identity]:
    """Глеб and Вера, Глеб's key the lower: he dials her at once (the lower id dials;
    the higher waits 3 s before it dials too)."""
    while True:
        gleb, vera = new_identity("Глеб"), new_identity("Вера")
        if gleb.peer_id < vera.peer_id:
            return gleb, vera


async def test_a_seat_dialled_while_it_confirms_lets_the_dial_in(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Вера knows another «Глеб»: she is asked about him when the start comes and takes
    1.5 s to say yes, while Глеб, started, dials her.  No handshake is refused (before:
    a warning on each side at every retry), and the three sit at the table."""
    gleb, vera = _pair()
    known = KnownPlayers(tmp_path / "Вера")
    known.remember([("Глеб", new_identity("Глеб").peer_id)])
    asked: list[str] = []
    up = trio.Event()

    async def confirm(check: PlayerCheck) -> bool:
        asked.append(check.status)
        await trio.sleep(1.5)
        return True

    caplog.set_level(logging.INFO, "p2pcards")
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
                    s = await jl.started()
                    while not all(s.controller.snapshot().connected):
                        await trio.sleep(0.05)
                    await up.wait()

            async with trio.open_nursery() as n:
                n.start_soon(lambda: sit(gleb, yes=True))
                n.start_soon(lambda: sit(vera, yes=True, known=known, confirm=confirm))
                session = await lobby.started()
                while not session.table.log.started:  # every seat accepted
                    await trio.sleep(0.05)
                up.set()
    assert asked == ["changed"]
    refused = [r.getMessage() for r in caplog.records if "not a member" in r.getMessage()]
    assert refused == []  # (a dial as the test ends may meet a mesh closing: INFO)
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []
