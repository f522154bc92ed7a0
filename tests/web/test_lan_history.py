"""The history of a LAN seat's page (``ControllerSource``) after "Go back to it": a
table rebuilt from its files, as ``resume_table`` does, replays its events to the page
at once; every line must read as it did during play (the move's own "before" view, not
the page's view of the moment: "Bot 1 takes card 1 of 3 from Bot 1")."""

from __future__ import annotations

import random
from pathlib import Path

import trio

from p2pcards.peer import Session
from p2pcards.peer._storage import TableStorage
from p2pcards.table import Table
from p2pcards.web._lan import ControllerSource
from p2pcards.web._screen import screen
from tests.peer.test_controller import _bot_step, _sessions, _start


def _history(source: ControllerSource, lang: str) -> list[str]:
    lines: list[str] = screen(source.snapshot(), lang, 0.0)["history"]
    return lines


async def test_the_history_after_a_resume_equals_the_history_before(tmp_path: Path) -> None:
    ss = _sessions("akulina", 2, 5, tmp_path)
    live = ControllerSource(ss[0].controller)
    rngs = [random.Random(i) for i in range(2)]
    async with trio.open_nursery() as n:
        n.start_soon(live.run)
        _start(ss)
        for _ in range(10):  # the deal, discarded pairs and takes from a neighbour
            assert _bot_step(ss, rngs)
            await trio.testing.wait_all_tasks_blocked()
        before = {lang: _history(live, lang) for lang in ("en", "ru")}
        n.cancel_scope.cancel()
    assert sum(" take" in line for line in before["en"]) >= 4, before["en"]

    old = ss[0].table  # rebuilt from seat 0's files, as resume_table does
    storage = TableStorage(old.table_id, tmp_path / "p0")
    entries = storage.entries()
    table = Table(entries[0], seat=0, identity=old._key, sealing_key=old.sealing,
                  secrets=storage.secrets(), random_bytes=random.Random(9).randbytes)  # fmt: skip
    resumed = Session(table, ss[0].peer_ids, storage)
    resumed.handle(table.start())
    for raw in entries[1:]:
        resumed.handle(table.receive(raw))
    page = ControllerSource(resumed.controller, lobby=True)
    async with trio.open_nursery() as n:
        n.start_soon(page.run)
        await trio.testing.wait_all_tasks_blocked()
        n.cancel_scope.cancel()
    assert {lang: _history(page, lang) for lang in ("en", "ru")} == before
