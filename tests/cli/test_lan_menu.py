"""The LAN play menu never ends the program on a wrong answer (issue 15, item 7: a seat
count the game does not allow exited it): it says what is allowed and asks again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import trio

from p2pcards.cli import _lanplay


def test_a_wrong_game_or_seat_count_asks_again(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = iter(["chess", "thousand", "9", "two", "2"])

    async def ask(prompt: str) -> str:
        return next(answers)

    monkeypatch.setattr(_lanplay, "ask", ask)
    game = trio.run(_lanplay.ask_game, "en")
    assert (game.name, game.seats) == ("thousand", 2)
    out = capsys.readouterr().out
    assert "unknown game 'chess'" in out
    assert "p2pcards: thousand is played by 2 to 4 players, not 9" in out
    assert "seats: 'two' is not a number" in out


def test_the_games_are_listed_by_their_russian_titles(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Under --lang ru the menu of games is Russian (it listed akulina, thousand…), and a
    title typed in any case answers it."""
    from tests.ui._latin import foreign_words

    answers = iter(["шахматы", "9", "тысяча", "2"])

    async def ask(prompt: str) -> str:
        return next(answers)

    monkeypatch.setattr(_lanplay, "ask", ask)
    game = trio.run(_lanplay.ask_game, "ru")
    assert (game.name, game.seats) == ("thousand", 2)
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "  1. Сто одно, 2. Акулина, 3. Сундучки, 4. Тысяча"
    assert "введите число от 1 до 4 или название игры" in out  # not "unknown game '9'"
    assert all(not foreign_words(line) for line in out.splitlines()), out


def _answering(monkeypatch: pytest.MonkeyPatch, answers: list[str]) -> list[str]:
    """Feed ``answers`` to the menu's questions; returns the prompts asked."""
    feed = iter(answers)
    prompts: list[str] = []

    async def ask(prompt: str) -> str:
        prompts.append(prompt)
        return next(feed)

    monkeypatch.setattr(_lanplay, "ask", ask)
    return prompts


def test_bots_take_seats_each_at_its_level(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 17: hosting from the terminal lobby offers bots for the other seats, a level
    each, as ``host --bots hard,basic`` (it offered none); a wrong count or level says
    what is allowed and asks again; Enter is the easy level."""
    from p2pcards.games import game_info

    game = game_info("thousand").configure(3)
    prompts = _answering(monkeypatch, ["3", "two", "2", "4", "hard", ""])
    assert trio.run(_lanplay.ask_bots, game, "en") == ["hard", "basic"]
    assert prompts == [
        *["bots in the other seats (0-2, Enter: 0): "] * 3,
        *["Bot 1, level (1-3, Enter: 1): "] * 2,
        "Bot 2, level (1-3, Enter: 1): ",
    ]
    assert capsys.readouterr().out.splitlines() == [
        "please type a number from 0 to 2",
        "please type a number from 0 to 2",
        "  1. easy, 2. medium, 3. hard",
        "please type 1, 2 or 3",
    ]


def test_the_bot_questions_in_russian_and_for_akulina(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """In Russian the levels are numbered and named in Russian (a name answers too);
    Akulina has no strong bot: its bots are easy and no level is asked; Enter is no
    bot."""
    from p2pcards.games import game_info
    from tests.ui._latin import foreign_words

    prompts = _answering(monkeypatch, ["3", "2", "Сильный", "5", "1"])
    assert trio.run(_lanplay.ask_bots, game_info("101").configure(4), "ru") == [
        "medium",
        "hard",
        "basic",
    ]
    assert prompts[0] == "сколько мест займут боты (0-3, Enter: 0): "
    assert prompts[1:] == [f"Бот {n}, уровень (1-3, Enter: 1): " for n in (1, 2, 3, 3)]
    out = capsys.readouterr().out.splitlines()
    assert out == ["  1. лёгкий, 2. средний, 3. сильный", "введите 1, 2 или 3"]
    akulina = game_info("akulina").configure(4)
    prompts = _answering(monkeypatch, ["3"])
    assert trio.run(_lanplay.ask_bots, akulina, "ru") == ["basic"] * 3
    assert len(prompts) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == ["боты играют на лёгком уровне: в игре «Акулина» нет сильного бота"]
    assert all(not foreign_words(line) for line in out + prompts), out
    _answering(monkeypatch, [""])
    assert trio.run(_lanplay.ask_bots, akulina, "en") == []


def test_the_lobby_hosts_with_the_bots_chosen(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``play --tui``, 0 (host a new table), Thousand for 3, 2 bots hard and medium: the
    table is hosted through host.py's path for ``host --bots hard,medium`` (bot
    identities and homes, mark_bots for a resume), with those bots."""
    from contextlib import asynccontextmanager

    from p2pcards.cli import main

    class NoTables:
        def tables(self) -> list[object]:
            return []

    @asynccontextmanager
    async def browse(**kw: object):  # type: ignore[no-untyped-def]
        yield NoTables()

    async def no_sleep(t: float) -> None:
        return None

    hosted: list[tuple[str, int, list[str]]] = []

    async def host_and_play(me: object, game: Any, bots: list[str], lang: str, **kw: Any) -> int:
        hosted.append((game.name, game.seats, bots))
        return 0

    monkeypatch.setattr(_lanplay.net, "browse", browse)
    monkeypatch.setattr(_lanplay.trio, "sleep", no_sleep)
    monkeypatch.setattr(_lanplay, "host_and_play", host_and_play)
    _answering(monkeypatch, ["0", "thousand", "3", "2", "3", "2"])
    assert main(["play", "--tui", "--lang", "en", "--home", str(tmp_path)]) == 0
    assert hosted == [("thousand", 3, ["hard", "medium"])]


def test_a_superscript_digit_is_a_wrong_answer_not_a_crash(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """«²» is a digit to str.isdigit but not a number to int(): the game and seat
    questions crashed on it (ValueError); it is a wrong answer, asked again."""
    _answering(monkeypatch, ["²", "thousand", "²", "2"])
    game = trio.run(_lanplay.ask_game, "en")
    assert (game.name, game.seats) == ("thousand", 2)
    out = capsys.readouterr().out
    assert "unknown game '²'" in out
    assert "seats: '²' is not a number" in out
