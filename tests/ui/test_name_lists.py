"""Lists of names joined as a sentence joins them, in both languages (a new user's notes
at 882f1ae: Akulina's result line named two forfeiters as one, their names pasted
together with a comma under "проигравший"): "Борис и Вера", "Борис, Вера и Галя",
"Boris and Vera"; one helper (:meth:`p2pcards.ui.Texts.join`) joins every list."""

from __future__ import annotations

import pytest

from p2pcards.ui import Names, Texts, presenter, result_line, waiting_line

RU = Names(("Аня", "Борис", "Вера", "Галя"))
EN = Names(("Anna", "Boris", "Vera", "Galya"))
TWO_LEFT = {  # Akulina at 4: Борис stalled, Вера had left before the vote (forfeit_result)
    "loser": 1,
    "losses": [0, 1, 1, 0],
    "hands": 1,
    "losers": [1, 2],
    "winners": [0, 3],
    "forfeit": {"seat": 1, "hand": 0, "rule": "lose", "penalty": 1, "also": [2], "penalties": [1]},
}


@pytest.mark.parametrize(
    ("lang", "items", "said"),
    [
        ("ru", [], "-"),
        ("ru", ["Борис"], "Борис"),
        ("ru", ["Борис", "Вера"], "Борис и Вера"),
        ("ru", ["Борис", "Вера", "Галя"], "Борис, Вера и Галя"),
        ("en", ["Boris", "Vera"], "Boris and Vera"),
        ("en", ["Boris", "Vera", "Galya"], "Boris, Vera and Galya"),
    ],
)
def test_a_list_of_names(lang: str, items: list[str], said: str) -> None:
    assert Texts(lang).join(items) == said


def test_akulina_names_both_forfeiters() -> None:
    ru, en = presenter("akulina", "ru"), presenter("akulina", "en")
    assert ru.result_lines(TWO_LEFT, RU) == ["проигравшие: Борис и Вера (поражение без игры)"]
    assert en.result_lines(TWO_LEFT, EN) == ["losers: Boris and Vera (forfeit the hand)"]
    one = {**TWO_LEFT, "losers": [1], "forfeit": {"seat": 1, "hand": 0, "rule": "lose"}}
    assert ru.result_lines(one, RU) == ["проигравший: Борис (поражение без игры)"]
    assert en.result_lines(one, EN) == ["loser: Boris (forfeits the hand)"]


def test_the_result_line_and_the_waiting_line_join_names() -> None:
    assert result_line(Texts("ru"), TWO_LEFT, RU) == (
        "проигравшие: Борис и Вера; проигрыши: Аня 0, Борис 1, Вера 1, Галя 0"
    )
    assert result_line(Texts("en"), TWO_LEFT, EN).startswith("lost: Boris and Vera; ")
    assert waiting_line(Texts("ru"), RU, [1, 2, 3], 12) == "ждём: Борис, Вера и Галя… 12 с"
    assert waiting_line(Texts("en"), EN, [1, 2]) == "waiting for Boris and Vera…"


def test_winners_and_losers_agree_in_number() -> None:
    p = presenter("thousand", "ru")
    res = {"winners": [0], "losers": [1, 2], "scores": [1000, 500, 300]}
    assert p.result_lines(res, RU)[-2:] == ["победитель: Аня", "проигравшие: Борис и Вера"]
    p = presenter("thousand", "en")
    assert p.result_lines(res, EN)[-2:] == ["winner: Anna", "losers: Boris and Vera"]
