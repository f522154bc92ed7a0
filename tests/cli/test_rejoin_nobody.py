"""Coming back to a table nobody serves any more (issue 15, "leave, come back"): a seat
that left was voted out and the others ended the game and quit; the same command brings
the player back to the old screen, where nothing can happen.  It now says so."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from types import SimpleNamespace

import pytest
import trio

from p2pcards.cli._lan import report_rejoin


class _Seat:
    """A resumed seat's controller: seat 1 of 3, ``connected`` as given, no updates."""

    def __init__(self, connected: list[bool]) -> None:
        self.connected = connected

    def snapshot(self) -> SimpleNamespace:
        return SimpleNamespace(seat=1, connected=self.connected)

    @asynccontextmanager
    async def subscribe(self, replay: bool = False) -> AsyncIterator[object]:
        class _Never:
            async def __anext__(self) -> object:
                await trio.sleep_forever()

        yield _Never()


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_nobody_answering_is_said_once(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    with trio.move_on_after(0.3):
        await report_rejoin(_Seat([False, True, False]), 0.0, lang, "62b3b462", nobody_after=0.05)
    out = capsys.readouterr().out.splitlines()
    expected = {
        "en": "nobody at this table answers: they may have ended the game without you (after "
        "you left). q leaves; p2pcards games drop 62b3b462 drops the table",
        "ru": "за этим столом никто не отвечает: возможно, игру закончили без вас (после вашего "
        "ухода). q — выйти; p2pcards games drop 62b3b462 — бросить стол",
    }
    assert out == [expected[lang]]


async def test_a_table_where_someone_answers_is_not_called_silent(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with trio.move_on_after(0.2):
        await report_rejoin(_Seat([True, True, False]), 0.0, "en", "62b3b462", nobody_after=0.05)
    assert capsys.readouterr().out == ""
