"""The command line as a new user meets it: number options checked at parsing (exit 2,
no traceback, both languages), each subcommand's help with only its own options, the
bot levels named in the help, and ``--home`` keeping the remembered language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli._cli import fresh_home, run
from tests.ui._latin import foreign_words


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fresh_home(tmp_path, monkeypatch)


BAD_NUMBERS = [
    (["list", "--timeout", "-1"], "--timeout", "'-1'"),
    (["list", "--timeout", "nan"], "--timeout", "'nan'"),
    (["join", "x", "--timeout", "-3"], "--timeout", "'-3'"),
    (["bot", "--join", "x", "--timeout", "inf"], "--timeout", "'inf'"),
    (["simulate", "akulina", "--seats", "-2"], "--seats", "'-2'"),
    (["host", "akulina", "--port", "70000"], "--port", "'70000'"),
    (["host", "akulina", "--stall-limit", "0"], "--stall-limit", "'0'"),
    (["play", "--offline", "akulina", "--bot-delay", "-1"], "--bot-delay", "'-1'"),
    (["play", "--web-port", "-5"], "--web-port", "'-5'"),
]


@pytest.mark.parametrize(("argv", "option", "value"), BAD_NUMBERS)
def test_a_bad_number_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], argv: list[str], option: str, value: str
) -> None:
    rc, out = run(capsys, "--lang", "en", *argv)
    assert rc == 2, out
    assert f"error: argument {option}: expected " in out and value in out
    assert "Traceback" not in out
    rc, out = run(capsys, "--lang", "ru", *argv)
    assert rc == 2, out
    assert f"ошибка: аргумент {option}: " in out and value in out
    line = next(x for x in out.splitlines() if "ошибка" in x)
    assert foreign_words(line.replace(option, "")) == [], line


def test_a_timeout_of_zero_or_a_fraction_is_accepted(capsys: pytest.CaptureFixture[str]) -> None:
    from p2pcards.cli import build_parser

    args = build_parser("en").parse_args(["list", "--timeout", "0.5"])
    assert args.timeout == 0.5
    assert build_parser("en").parse_args(["join", "x", "--timeout", "0"]).timeout == 0.0


@pytest.mark.parametrize(
    ("command", "absent"),
    [
        ("identity", ["--new", "--interface"]),
        ("players", ["--new", "--interface", "--player-name"]),
        ("list", ["--new", "--player-name"]),
    ],
)
def test_help_shows_only_the_commands_own_options(
    capsys: pytest.CaptureFixture[str], command: str, absent: list[str]
) -> None:
    rc, out = run(capsys, "--lang", "en", command, "--help")
    assert rc == 0 and "--home" in out
    assert [a for a in absent if a in out] == []


@pytest.mark.parametrize(
    ("lang", "usage", "said"),
    [
        (
            "en",
            "usage: p2pcards list [-h] [--lang {ru,en}] [--home HOME] [--interface IP] "
            "[--json] [--timeout TIMEOUT]",
            "p2pcards list: error: unrecognized arguments: --player-name Аня: p2pcards list "
            "takes only the options of the usage line above (p2pcards list --help says what "
            "each does)",
        ),
        (
            "ru",
            "использование: p2pcards list [-h] [--lang {ru,en}] [--home КАТАЛОГ] "
            "[--interface АДРЕС] [--json] [--timeout СЕКУНДЫ]",
            "p2pcards list: ошибка: неизвестные аргументы: --player-name Аня: p2pcards list "
            "принимает только параметры из строки использования выше (что делает каждый — в "
            "p2pcards list --help)",
        ),
    ],
)
def test_an_option_of_another_command_is_refused_with_the_commands_own_usage(
    capsys: pytest.CaptureFixture[str], lang: str, usage: str, said: str
) -> None:
    """A new user's trial (issue 15): ``list --player-name Аня`` (host and join take it)
    was refused with the top-level usage ("p2pcards [-h] [--lang {ru,en}] COMMAND ...")
    and no word of what list takes."""
    rc, out = run(capsys, "--lang", lang, "list", "--player-name", "Аня")
    assert rc == 2
    assert " ".join(out.split()) == f"{usage} {said}"  # the usage line wraps


def test_bot_help_names_the_levels(capsys: pytest.CaptureFixture[str]) -> None:
    for command in (["bot"], ["host"], ["play"], ["simulate"]):
        rc, out = run(capsys, "--lang", "en", *command, "--help")
        assert rc == 0
        text = " ".join(out.split())
        assert "easy, medium, hard" in text and "strong" in text, command
    rc, out = run(capsys, "--lang", "en", "bot", "--help")
    assert "random or basic)" not in " ".join(out.split())


def test_lang_is_remembered_in_home(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    own = tmp_path / "home"
    other = tmp_path / "hX"
    rc, out = run(capsys, "--lang", "ru", "identity", "--home", str(other))
    assert rc == 0 and "отпечаток" in out
    assert json.loads((other / "config.json").read_text()) == {"lang": "ru"}
    assert not (own / "config.json").exists()
    assert run(capsys, "identity", f"--home={other}")[1].startswith("имя")  # read back there
    monkeypatch.setenv("P2PCARDS_HOME", str(own))  # identity --home set it, in this process
    assert run(capsys, "identity")[1].startswith("name")  # the own home keeps its language


def test_the_options_listed_after_a_bad_one_show_defaults_as_typed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The list after a bad --option showed Python's ``full_deck=False``; the value one
    types is ``false``."""
    rc, out = run(capsys, "simulate", "akulina", "-o", "deck=33", "--lang", "ru")
    assert rc == 2
    assert "  full_deck=false  " in out and "False" not in out


def test_version_prints_the_version_and_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    from importlib import metadata

    import p2pcards

    assert p2pcards.__version__ == metadata.version("p2pcards")  # (pyproject.toml's)
    for lang in ("en", "ru"):
        rc, out = run(capsys, "--lang", lang, "--version")
        assert (rc, out) == (0, f"p2pcards {p2pcards.__version__}\n")
    rc, out = run(capsys, "--lang", "en", "--help")
    assert rc == 0 and "--version" in out and "show the version of p2pcards and exit" in out
    rc, out = run(capsys, "--lang", "ru", "--help")
    assert rc == 0 and "--version" in out and "показать версию p2pcards и выйти" in out
