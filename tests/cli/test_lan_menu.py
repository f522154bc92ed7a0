"""The LAN play menu never ends the program on a wrong answer (issue 15, item 7: a seat
count the game does not allow exited it): it says what is allowed and asks again."""

from __future__ import annotations

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
