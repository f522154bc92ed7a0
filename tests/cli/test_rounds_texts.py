"""101 calls a deal a round (its rules, its own texts: «раунд»): the command line's
texts about a hand that every game shares said «раздача» / "hand" in 101 too: the stall
line at the start, the final verdict, the end after a leave, the line of a player who
left, ``games``' line of a table left, ``simulate``'s averages (issue 15)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from p2pcards.cli._lan import departed_text, final_report, stall_text
from tests.ui._latin import foreign_words


def _session(game: str, seats: int) -> object:
    table = SimpleNamespace(game=SimpleNamespace(name=game, options={}))
    return SimpleNamespace(stall_limit=60.0, names=("Аня", "Борис", "Вера")[:seats], table=table)


@pytest.mark.parametrize(
    ("game", "lang", "word"),
    [("101", "ru", "раунд"), ("101", "en", "round"), ("akulina", "ru", "раздач"),
     ("thousand", "en", "hand")],
)  # fmt: skip
def test_the_hand_is_a_round_in_101(
    game: str, lang: str, word: str, capsys: pytest.CaptureFixture[str]
) -> None:
    other = {"раунд": "раздач", "round": "hand", "раздач": "раунд", "hand": "round"}[word]
    texts = [stall_text(_session(game, 2), lang)]  # type: ignore[arg-type]
    for what in ("ended", "told"):
        for seats in (2, 3):
            gone = SimpleNamespace(what=what)
            texts.append(departed_text(_session(game, seats), gone, lang))  # type: ignore[arg-type]
    ending = SimpleNamespace(
        log_path="t.log", names=("Аня", "Борис"), abandoned=None, cheats=(), result=None,
        verified=(1, 2),
    )  # fmt: skip
    assert final_report(ending, lang, game) == 0  # type: ignore[arg-type]
    texts.append(capsys.readouterr().out.splitlines()[-1])
    for text in texts:
        assert word in text and other not in text, text
        if lang == "ru":
            assert foreign_words(text) == [], text
    if game == "101":
        assert (
            texts[-1]
            == {
                "ru": "проверено, обмана нет; проверенные раунды: 1, 2",
                "en": "verified: every round checked (1, 2)",
            }[lang]
        )


@pytest.mark.parametrize(
    ("game", "lang", "line"),
    [
        ("101", "ru", "Игра окончена: для нового раунда нужны все игроки, а один выбыл (она "
         "есть в p2pcards games)."),
        ("101", "en", "The game is over: a new round needs every player, and one is out "
         "(p2pcards games lists it)."),
        ("akulina", "ru", "Игра окончена: для новой раздачи нужны все игроки, а один выбыл "
         "(она есть в p2pcards games)."),
    ],
)  # fmt: skip
def test_the_end_after_a_seat_voted_out_says_why_no_hand_follows(
    game: str, lang: str, line: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """It read «Игра окончена: без одного из игроков раунд не сдаётся» (a new user's
    trial: odd Russian); said after the line of the hand ended without the seat."""
    from p2pcards.table import HandAbandoned

    for result, rc in ((None, 3), ({"losers": [1], "winners": [0, 2]}, 0)):
        ending = SimpleNamespace(
            log_path="t.log", names=("Аня", "Борис", "Вера"), cheats=(), result=result,
            verified=(), abandoned=HandAbandoned(1, 1, 9, "left", result),
        )  # fmt: skip
        assert final_report(ending, lang, game, said_result=True) == rc  # type: ignore[arg-type]
        assert capsys.readouterr().out.splitlines()[-1] == line


def test_a_101_table_left_is_a_round_ended_without_you() -> None:
    from p2pcards.cli.games import verdict_text
    from p2pcards.peer import Unfinished
    from p2pcards.table import AuditReport

    report = AuditReport("incomplete")
    u = Unfinished(b"\x01" * 16, Path("t.log"), "101", names=("Аня", "Борис"), left=True)
    assert verdict_text(u, report, "ru").startswith(
        "вы вышли из-за стола: остальные закончили раунд без вас (конец — в их журналах); "
    )
    assert verdict_text(u, report, "en").startswith(
        "you left it: the others ended the round without you (their logs have the end); "
    )


def test_simulate_101_averages_per_round(capsys: pytest.CaptureFixture[str]) -> None:
    from p2pcards.cli import main

    assert main(["simulate", "101", "--seats", "2", "--games", "1", "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert "в среднем ходов за раунд: " in out and "в среднем раундов за партию: " in out
    assert "раздач" not in out
