"""The terminal's yes/no questions in both languages (a new user's notes at 882f1ae):
"[y/N]" stood in Russian lines; a Russian question ends in "[д/Н]" and takes д/да/y/yes
and н/нет/n/no, an English one ends in "[y/N]"; one helper asks them all."""

from __future__ import annotations

import io

import pytest
import trio

from p2pcards.cli._confirm import ask, question, read_yes_no, yes_no
from p2pcards.peer import PlayerCheck

FP = "AAAA-BBBB-CCCC-DDDD"


def _check(role: str, status: str = "new") -> PlayerCheck:
    return PlayerCheck("Бот 1", b"k" * 32, FP, status, role=role, known_fingerprint="EEEE")


@pytest.mark.parametrize(
    ("role", "lang", "end"),
    [
        ("joiner", "ru", "Пустить? [д/Н] "),
        ("host", "ru", "Сесть за этот стол? [д/Н] "),
        ("joiner", "en", "Let them in? [y/N] "),
        ("host", "en", "Sit at this table? [y/N] "),
    ],
)
def test_the_questions_end_in_the_languages_yes_no(role: str, lang: str, end: str) -> None:
    text = question(_check(role), lang)
    assert text.endswith(end)
    assert ("[y/N]" in text) == (lang == "en")


def test_the_answers_in_both_languages() -> None:
    assert yes_no("ru") == "[д/Н] " and yes_no("en") == "[y/N] "
    for a in ("д", "да", "Да", "y", "yes", "YES", " д "):
        assert read_yes_no(a) is True, a
    for a in ("", "н", "нет", "Нет", "n", "no"):
        assert read_yes_no(a) is False, a
    for a in ("x", "1", "ok", "дп"):
        assert read_yes_no(a) is None, a


@pytest.mark.parametrize(
    ("lang", "typed", "said", "again"),
    [
        ("ru", "да\n", True, ""),
        ("ru", "н\n", False, ""),
        ("ru", "\n", False, ""),
        ("ru", "ok\nд\n", True, "ответьте д (да) или н (нет)\n"),
        ("en", "what\nn\n", False, "answer y (yes) or n (no)\n"),
        ("en", "", False, ""),  # the end of input: nobody said yes
    ],
)
def test_a_joiner_is_let_in_by_a_yes_in_either_language(
    lang: str,
    typed: str,
    said: bool,
    again: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    assert trio.run(ask, _check("joiner"), lang) is said
    out = capsys.readouterr().out
    prompt = question(_check("joiner"), lang)
    assert out == prompt + again + (prompt if again else "")


@pytest.mark.parametrize(("typed", "said"), [("да\n", True), ("yes\n", True), ("д\n", False)])
def test_a_changed_key_needs_the_whole_word(
    typed: str, said: bool, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    assert trio.run(ask, _check("joiner", "changed"), "ru") is said
    got = capsys.readouterr()
    assert got.out == "чтобы всё же принять новый ключ, наберите «да»: "
    assert got.err.startswith("ВНИМАНИЕ: Бот 1 [AAAA-BBBB-CCCC-DDDD]")
