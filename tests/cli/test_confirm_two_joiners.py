"""Two players who ask for a seat at the same moment (a new user's trial, three friends
joining within seconds): the host is asked about one, then the other, each question on
its own line, and each answer goes to its own question.  Before, both questions were
printed on one line, the first answer let the first player in and the second answer went
to the lobby's idle handler, so the second player waited for ever."""

from __future__ import annotations

import pytest
import trio
import trio.testing

from p2pcards.cli._confirm import terminal_confirm
from p2pcards.cli._keyboard import Keys
from p2pcards.peer import PlayerCheck


async def test_two_joiners_at_once_are_asked_about_one_after_the_other(
    capsys: pytest.CaptureFixture[str],
) -> None:
    typed_s, typed_r = trio.open_memory_channel[str | None](10)
    idle: list[str | None] = []
    keys = Keys(idle.append, source=typed_r.receive)
    confirm = terminal_confirm("ru")
    boris = PlayerCheck("Борис", b"b" * 32, "BBBB-BBBB-BBBB-BBBB", "new")
    vera = PlayerCheck("Вера", b"v" * 32, "VVVV-VVVV-VVVV-VVVV", "new")
    answers: dict[str, bool] = {}

    async def one(check: PlayerCheck) -> None:
        answers[check.name] = await confirm(check)

    async with trio.open_nursery() as nursery:
        nursery.start_soon(keys.run)
        nursery.start_soon(one, boris)
        await trio.testing.wait_all_tasks_blocked()
        nursery.start_soon(one, vera)
        await trio.testing.wait_all_tasks_blocked()
        shown = capsys.readouterr().out
        assert "Борис [BBBB-BBBB-BBBB-BBBB] просится за стол" in shown
        assert "Вера" not in shown  # her question waits for the answer about Boris
        await typed_s.send("да")
        await trio.testing.wait_all_tasks_blocked()
        assert answers == {"Борис": True}
        assert "Вера [VVVV-VVVV-VVVV-VVVV] просится за стол" in capsys.readouterr().out
        await typed_s.send("нет")
        await trio.testing.wait_all_tasks_blocked()
        assert answers == {"Борис": True, "Вера": False}
        assert idle == []  # no answer went astray
        await typed_s.send(None)  # the end of input ends the router
