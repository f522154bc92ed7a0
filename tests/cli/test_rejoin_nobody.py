"""Coming back to a table nobody serves any more (issue 15, "leave, come back"): a seat
that left was voted out and the others ended the game and quit; the same command brings
the player back to the old screen, where nothing can happen.  It now says so."""

from __future__ import annotations

import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from types import SimpleNamespace

import pytest
import trio

from p2pcards.cli._lan import (
    away_seconds,
    away_shown,
    departed_text,
    nobody_seconds,
    report_rejoin,
)
from p2pcards.peer import Departure


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


AWAY = {
    "en": "nobody at this table answers: you were away 100 s, longer than its stall limit (60 "
    "s), so the others may have ended the game without you. q leaves; p2pcards games drop "
    "62b3b462 drops the table",
    "ru": "за этим столом никто не отвечает: вас не было 100 с, дольше предела ожидания стола "
    "(60 с), так что остальные, возможно, закончили игру без вас. q — выйти; p2pcards games "
    "drop 62b3b462 — бросить стол",
}


def _resumed(away: float, heard: bool = False, back: float = 0.0) -> SimpleNamespace:
    """A resumed session: its log last changed ``away`` seconds before it was back, and it
    has been back ``back`` seconds; stall limit 60 s."""
    return SimpleNamespace(
        away_since=time.time() - back - away - 0.5,
        back_at=time.time() - back,
        heard=heard,
        stall_limit=60.0,
        names=["Ann", "Bob", "Вика"],
        storage=SimpleNamespace(log_path=Path("/x/tables/62b3b462c0ffee.log")),
        table=SimpleNamespace(game=SimpleNamespace(name="thousand")),
    )


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_away_past_the_stall_limit_the_notice_says_so(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A seat killed and voted out: not "after you left" (it never left), and how long it
    was away against the stall limit (session 9)."""
    seat = _Seat([False, True, False])
    with trio.move_on_after(0.3):
        await report_rejoin(seat, 0.0, lang, "62b3b462", 0.05, None, _resumed(100))  # type: ignore[arg-type]
    assert capsys.readouterr().out.splitlines() == [AWAY[lang]]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_leaving_unheard_after_the_stall_limit_says_the_game_may_be_over(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: "nobody was connected to hear it, so the table waits for you: … brings you
    back", to a seat whose table the others had ended long before (session 9)."""
    monkeypatch.setattr(sys, "argv", ["p2pcards", "join", "10.0.0.1:4000"])
    text = departed_text(_resumed(100), Departure("unheard"), lang)  # type: ignore[arg-type]
    expected = {
        "en": "You left the table. Nobody at it answered since you came back: you were away "
        "100 s, longer than its stall limit (60 s), so the others may have ended the game "
        "without you. If so, p2pcards games drop 62b3b462 drops it; p2pcards join "
        "10.0.0.1:4000 tries again.",
        "ru": "Вы вышли из-за стола. С вашего возвращения за ним никто не ответил: вас не было "
        "100 с, дольше предела ожидания стола (60 с), так что остальные, возможно, закончили "
        "игру без вас. Если так, p2pcards games drop 62b3b462 — бросить стол; p2pcards join "
        "10.0.0.1:4000 — попробовать ещё раз.",
    }
    assert text == expected[lang]
    for short in (_resumed(30), _resumed(100, heard=True)):  # the table may well wait
        text = departed_text(short, Departure("unheard"), lang)  # type: ignore[arg-type]
        assert "10.0.0.1:4000" in text and "62b3b462" not in text


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_time_away_ends_when_the_seat_was_back(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A new user's trial: away 100 s, then back 45 s at a table where nobody answers, the
    leave said «вас не было 145 с»: the time back was counted as away too."""
    monkeypatch.setattr(sys, "argv", ["p2pcards", "join", "10.0.0.1:4000"])
    session = _resumed(100, back=45)
    text = departed_text(session, Departure("unheard"), lang)  # type: ignore[arg-type]
    assert ("away 100 s" if lang == "en" else "вас не было 100 с") in text, text
    assert away_seconds(session) == pytest.approx(100.5, abs=0.2)  # type: ignore[arg-type]
    # away 40 s (under the stall limit), back 45: the table may well wait for it
    assert away_seconds(_resumed(40, back=45)) is None  # type: ignore[arg-type]


async def test_an_update_before_the_wait_is_up_is_no_silence(
    capsys: pytest.CaptureFixture[str], autojump_clock: object
) -> None:
    """A playtest (host thousand --bots 2, the program killed, the same command again):
    the player's own move, made while the host's bots were still starting, was an update
    with nobody connected yet, and «за этим столом никто не отвечает…» came at once, then
    «снова за столом через 2,19 с».  Silence is said only once ``nobody_after`` seconds
    pass with nobody connected."""
    seat = _Seat([False, True, False])
    moves = trio.open_memory_channel[object](10)

    @asynccontextmanager
    async def subscribe(replay: bool = False) -> AsyncIterator[object]:
        class _Moves:
            async def __anext__(self) -> object:
                return await moves[1].receive()

        yield _Moves()

    seat.subscribe = subscribe  # type: ignore[method-assign]

    async def play_then_connect() -> None:
        await trio.sleep(5)
        moves[0].send_nowait("Вы играете В♣")  # an update, nobody connected yet
        await trio.sleep(5)
        seat.connected = [True, True, True]  # the bots are back
        moves[0].send_nowait("PeerBack")

    async with trio.open_nursery() as n:
        n.start_soon(play_then_connect)
        await report_rejoin(seat, 0.0, "ru", "62b3b462", nobody_after=20)
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1 and out[0].startswith("снова за столом")  # (the rejoin, only)


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_a_restarted_seat_whose_log_ends_the_game_says_so_at_once(
    lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 15: a seat restarted after the game had ended.  When its own log ends the
    game (its ``.done`` marker lost), it says at once that the game is over, with the
    result and the audit and games hint, and exits (0: verified), instead of a screen
    waiting for players who are gone; a log that does not end it goes on (None)."""
    import random

    from p2pcards.cli._lan import over_at_restart
    from tests.peer.test_controller import _bot_step, _restarted, _sessions, _start

    ss = _sessions("akulina", 2, 1, tmp_path)
    _start(ss)
    rngs = [random.Random(i) for i in range(2)]
    early = _restarted(ss[1], tmp_path / "p1")  # (restarted before the first move)
    assert over_at_restart(early, lang) is None
    while _bot_step(ss, rngs):
        pass
    done = Path(ss[1].log_path).with_suffix(".done")
    done.unlink()
    capsys.readouterr()
    back = _restarted(ss[1], tmp_path / "p1")
    assert over_at_restart(back, lang) == 0
    out = capsys.readouterr().out.splitlines()
    said = {
        "en": f"This game is over: its log ends it, there is nothing to resume. p2pcards audit "
        f"{back.log_path} checks it again; p2pcards games lists it.",
        "ru": f"Эта игра окончена: её запись заканчивается концом игры, продолжать нечего. "
        f"p2pcards audit {back.log_path} проверит её ещё раз; p2pcards games покажет её в "
        f"списке.",
    }
    assert out[0] == said[lang]
    assert any(x.startswith(("result: ", "итог: ")) for x in out), out
    assert done.exists()


def test_a_table_with_a_short_stall_limit_says_sooner_that_nobody_answers() -> None:
    """The resumed table waits 20 s for a first peer, or its stall limit when shorter: after
    that long the others vote a silent seat out (a table with a stall limit of 8 s said
    "nobody answers" only after 20 s)."""
    assert nobody_seconds(120.0) == 20.0  # (the default stall limit)
    assert nobody_seconds(8.0) == 8.0
    assert nobody_seconds(20.0) == 20.0


def test_the_time_away_said_is_longer_than_the_stall_limit() -> None:
    """8.4 s away past a limit of 8 s was said «вас не было 8 с, дольше предела ожидания
    стола (8 с)» (a clean-clone run of tests/cli/test_lan_comeback): now 9."""
    assert away_shown(8.4, 8.0) == 9
    assert away_shown(100.5, 60.0) == 100
    assert away_shown(61.0, 60.0) == 61
