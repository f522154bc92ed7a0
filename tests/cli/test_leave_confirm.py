"""A stray q does not end a LAN game for everyone (a new user's trial, session 9): q (в,
quit, exit) asks first, saying what leaving does; only y/д leaves, anything else keeps
the player at the table; Ctrl-D (the end of input) still leaves at once.  On the full
screen (while another player thinks and at the menu) and line by line, in English and
Russian.  Through a pseudo-terminal in a private network namespace: tests/cli/
test_lan_leave.py (Vera's q, then y)."""

from __future__ import annotations

import math
from types import SimpleNamespace
from typing import Any

import pytest
import trio

from p2pcards.cli._seat import choose, play_lines
from p2pcards.cli._tui._live import play_seat_live
from p2pcards.cli._tui._menu import leave_question
from p2pcards.cli._tui._seat import Quit
from tests.cli._tui_util import NAMES, scripted_seat
from tests.cli.test_tui_common import _akulina_draw_point
from tests.cli.test_tui_live import _Stuck

ASK = {
    "en": "Leave the table? The others will end the hand without you, and you lose the game. "
    "[y/N] ",
    "ru": "Выйти из-за стола? Остальные закончат раздачу без вас, и вам засчитают поражение "
    "в игре. [д/Н] ",
}
STAY = {"en": "You stay at the table.", "ru": "Вы остаётесь за столом."}


def test_the_question_says_what_leaving_does() -> None:
    assert leave_question("en", 2, "thousand") == (
        "Leave the table? The hand ends at once with no result, and the game is over. [y/N] "
    )
    assert leave_question("ru", 2, "thousand") == (
        "Выйти из-за стола? Раздача сразу закончится без результата, и игра будет окончена. [д/Н] "
    )
    assert leave_question("ru", 3, "101") == (
        "Выйти из-за стола? Остальные закончат раунд без вас, и вам засчитают поражение в "
        "игре. [д/Н] "
    )
    assert leave_question("en", 2, "101") == (
        "Leave the table? The round ends at once with no result, and the game is over. [y/N] "
    )
    assert leave_question("ru", 4, "akulina") == ASK["ru"]
    assert leave_question("en", 3, "akulina") == ASK["en"]


def test_a_seat_nobody_answered_since_its_restart_is_not_told_of_the_others() -> None:
    """A new user's trial (issue 15): restarted after the others had ended the game and
    gone, q asked «… Остальные закончат раздачу без вас …», of players who were not there."""
    assert leave_question("ru", 3, "thousand", heard=False) == (
        "Выйти из-за стола? С вашего возвращения за ним никто не ответил: о вашем уходе никто "
        "не узнает, а та же команда вернёт вас за стол. [д/Н] "
    )
    assert leave_question("en", 2, "101", heard=False) == (
        "Leave the table? Nobody at it has answered since you came back: nobody hears you "
        "leave, and the same command brings you back. [y/N] "
    )


@pytest.mark.parametrize(("lang", "quit_", "yes"), [("en", "q", "y"), ("ru", "в", "д")])
async def test_q_while_another_player_thinks_asks_first(lang: str, quit_: str, yes: str) -> None:
    send, recv = trio.open_memory_channel[Any](10)
    tui = scripted_seat("akulina", [], lang)
    for line in (quit_, "", "quit", "n", "exit", yes):  # no, no, then yes
        send.send_nowait(line)
    with trio.fail_after(30), pytest.raises(BaseExceptionGroup) as got:
        await play_seat_live(_Stuck(seed=1), lang, tui=tui, keys=recv.receive)
    assert [type(e) for e in got.value.exceptions] == [Quit]
    out = tui.console.export_text()
    assert out.count(ASK[lang]) >= 3  # (drawn again with the screen)
    assert out.count(STAY[lang]) >= 1
    # (before: the first q left at once, nothing asked)
    assert out.index(ASK[lang]) < out.index(STAY[lang]) < out.rindex(ASK[lang])


async def test_ctrl_d_while_another_player_thinks_leaves_at_once() -> None:
    send, recv = trio.open_memory_channel[Any](10)
    tui = scripted_seat("akulina", [])
    send.send_nowait(None)
    with trio.fail_after(30), pytest.raises(BaseExceptionGroup) as got:
        await play_seat_live(_Stuck(seed=1), "en", tui=tui, keys=recv.receive)
    assert [type(e) for e in got.value.exceptions] == [Quit]
    assert ASK["en"] not in tui.console.export_text()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_q_at_the_menu_asks_first(lang: str) -> None:
    view, legal = _akulina_draw_point()
    seat = scripted_seat("akulina", ["q", "no", "2"], lang)
    seat.leave_question = ASK[lang]
    assert seat.choose_sync(view, legal, NAMES) == legal[1]  # type: ignore[arg-type]
    assert STAY[lang] in seat.console.export_text()
    seat = scripted_seat("akulina", ["в", "да"], lang)
    seat.leave_question = ASK[lang]
    with pytest.raises(Quit):
        seat.choose_sync(view, legal, NAMES)  # type: ignore[arg-type]
    seat = scripted_seat("akulina", ["q"], lang)  # Ctrl-D at the question: leaves
    seat.leave_question = ASK[lang]
    with pytest.raises(Quit):
        seat.choose_sync(view, legal, NAMES)  # type: ignore[arg-type]


class _Keys:
    def __init__(self, lines: list[str | None]) -> None:
        self.lines = lines

    async def line(self) -> str | None:
        return self.lines.pop(0)


@pytest.mark.parametrize(("lang", "yes"), [("en", "y"), ("ru", "д")])
async def test_q_at_the_plain_prompt_asks_first(
    lang: str, yes: str, capsys: pytest.CaptureFixture[str]
) -> None:
    view, legal = _akulina_draw_point()
    snap = SimpleNamespace(legal=tuple(legal), view=view, names=NAMES[:4], game="akulina",
                           options={}, seat=view.seat)  # fmt: skip
    keys = _Keys(["q", "n", "2"])
    assert await choose(snap, lang, keys) == legal[1]  # type: ignore[arg-type]
    out = capsys.readouterr().out
    assert ASK[lang] in out and STAY[lang] in out
    keys = _Keys(["q", yes])
    with pytest.raises(Quit):
        await choose(snap, lang, keys)  # type: ignore[arg-type]
    assert ASK[lang] in capsys.readouterr().out
    keys = _Keys([None])  # Ctrl-D: at once
    with pytest.raises(Quit):
        await choose(snap, lang, keys)  # type: ignore[arg-type]
    assert ASK[lang] not in capsys.readouterr().out


class _Waiting:
    """A plain seat's stand-in controller: the table waits for another player."""

    def __init__(self) -> None:
        self.controller = self

    def snapshot(self) -> Any:
        return SimpleNamespace(game="akulina", options={}, names=NAMES[:3])

    def warning_in(self) -> float | None:
        return None

    async def drive(self, pick: Any, show: Any) -> Any:
        await trio.sleep_forever()


@pytest.mark.parametrize(("lang", "yes"), [("en", "yes"), ("ru", "да")])
async def test_q_while_another_player_thinks_asks_first_line_by_line(
    lang: str, yes: str, capsys: pytest.CaptureFixture[str]
) -> None:
    lines: list[str | None] = ["q", "н", "выход", yes]
    waited = trio.Event()

    async def source() -> str | None:
        if not lines:
            waited.set()
            await trio.sleep(math.inf)
        return lines.pop(0)

    with trio.fail_after(30), pytest.raises(BaseExceptionGroup) as got:
        await play_lines(_Waiting(), lang, source=source)  # type: ignore[arg-type]
    assert [type(e) for e in got.value.exceptions] == [Quit]
    out = capsys.readouterr().out
    assert out.count(ASK[lang]) == 2 and out.count(STAY[lang]) == 1
    assert out.index(ASK[lang]) < out.index(STAY[lang]) < out.rindex(ASK[lang])
