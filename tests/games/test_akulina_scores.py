"""Akulina: a series continued from a paper sheet of losses (akulina.ru.txt, «Для серии
можно записывать по одному проигрышу последнему участнику»)."""

from __future__ import annotations

import re

import pytest

from p2pcards.games import LocalDealer, OptionError, load_game
from p2pcards.games.akulina import GAME, ScoreSheetError


def test_series_from_a_sheet_adds_this_hand_s_loss() -> None:
    game = load_game("akulina", seats=3)
    state = game.new_state(scores=[("Аня", 2), 0, 1])
    assert state.game.options["scores"] == "Аня=2,0,1" and state.losses == [2, 0, 1]
    result = LocalDealer.seeded(state, 3).run([GAME.bots["basic"]] * 3)
    loser = result["loser"]
    expected = [2, 0, 1]
    expected[loser] += 1
    assert result["losses"] == expected and result["hands"] == 1
    worst = max(expected)
    assert result["losers"] == [s for s in range(3) if expected[s] == worst]


@pytest.mark.parametrize(
    ("sheet", "message"),
    [
        ("1,2", "2 entries for 3 seats"),
        ("1,-2,0", "entry 2 '-2': expected [NAME=]LOSSES"),
        ("1,два,0", "entry 2 'два': expected [NAME=]LOSSES"),
    ],
)
def test_bad_sheets_are_refused(sheet: str, message: str) -> None:
    with pytest.raises(ScoreSheetError, match=re.escape(message)) as e:
        load_game("akulina", seats=3, scores=sheet)
    assert isinstance(e.value, OptionError) and isinstance(e.value, ValueError)
