"""The command line in Russian: every subcommand's ``--help`` and the main error paths
under ``--lang ru`` hold no English beyond commands, options, game names and terms
(argparse's own texts included); the language follows the locale, ``--lang`` overrides
and is remembered (issue 15, items 4 and 7)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.cli._cli import fresh_home, run
from tests.ui._latin import foreign_words

SUBCOMMANDS = [
    "simulate", "audit", "replay", "host", "join", "bot", "list", "games", "players", "identity",
    "play",
]  # fmt: skip


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fresh_home(tmp_path, monkeypatch)


def english_lines(text: str) -> list[tuple[str, list[str]]]:
    return [(line, w) for line in text.splitlines() if (w := foreign_words(line))]


LATIN_CAPS = re.compile(r"(?<![$\w])[A-Z][A-Z_]+\b")
"""A word in Latin capitals: a placeholder such as GAME or K=V, unless a term below."""
CAPS_TERMS = {"JSON", "TCP", "UDP", "SSH", "DNS"}


@pytest.mark.parametrize("command", ["", *SUBCOMMANDS])
def test_help_in_russian(capsys: pytest.CaptureFixture[str], command: str) -> None:
    rc, out = run(capsys, "--lang", "ru", *([command] if command else []), "--help")
    assert rc == 0
    assert out.startswith("использование: p2pcards")
    assert "показать эту справку и выйти" in out and "параметры:" in out
    assert english_lines(out) == []
    # the placeholders are Russian too: ИГРА, ДЕЙСТВИЕ, ПАРАМЕТР=ЗНАЧЕНИЕ (issue 15)
    assert set(LATIN_CAPS.findall(out)) <= CAPS_TERMS
    assert "зерно" not in out and "multicast" not in out


def test_russian_placeholders_and_the_seed() -> None:
    from p2pcards.cli import build_parser

    host = build_parser("ru", "host")._subparsers._group_actions[0].choices["host"]  # type: ignore[union-attr]
    usage = host.format_usage()
    assert "[--option ПАРАМЕТР=ЗНАЧЕНИЕ]" in usage and "[--bots ЧИСЛО|УРОВНИ]" in usage
    assert usage.rstrip().endswith("ИГРА")
    games = build_parser("ru", "games")._subparsers._group_actions[0].choices["games"]  # type: ignore[union-attr]
    assert "ДЕЙСТВИЕ" in games.format_usage()
    simulate = build_parser("ru", "simulate")._subparsers._group_actions[0].choices["simulate"]  # type: ignore[union-attr]
    text = simulate.format_help()
    assert "--seed СИД" in text and "сид — начальное число случайности" in text
    en = build_parser("en", "host")._subparsers._group_actions[0].choices["host"]  # type: ignore[union-attr]
    assert "[--option K=V]" in en.format_usage() and "GAME" in en.format_usage()


def test_bots_help_names_the_same_levels_for_host_and_play(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``host --bots N`` said "each plays --strategy", ``play --bots N`` "easy bots"."""
    for command in ("host", "play"):
        out = run(capsys, "--lang", "en", command, "--help")[1]
        flat = " ".join(out.split())
        assert "easy, medium, hard (default easy;" in flat, command
        assert "N bots of the level" in flat, command


def test_the_top_level_help_follows_a_russian_locale(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``p2pcards --help`` with ``LANG=ru_RU.UTF-8`` and no ``--lang``: Russian, as the
    subcommands' helps are (issue 15)."""
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    for argv in (["--help"], ["-h"], []):
        rc, out = run(capsys, *argv)
        assert rc in (0, 2)
        assert out.startswith(
            "использование: p2pcards [-h] [--lang {ru,en}] [--version] КОМАНДА ..."
        ), argv
        assert "показать эту справку и выйти" in out and english_lines(out) == []


@pytest.mark.parametrize("command", SUBCOMMANDS)
def test_help_in_english(capsys: pytest.CaptureFixture[str], command: str) -> None:
    rc, out = run(capsys, "--lang", "en", command, "--help")
    assert rc == 0 and out.startswith("usage: p2pcards") and "show this help" in out


ERRORS = [
    (
        ["simulate", "akulina", "--option", "nope=1"],
        "p2pcards: у игры akulina нет варианта правил 'nope' (есть: deck, removed_queen,",
    ),
    (
        ["simulate", "thousand", "--seats", "5"],
        "p2pcards: thousand: число игроков — от 2 до 4, а не 5",
    ),
    (["simulate", "akulina", "--seats", "9"], "akulina: число игроков — от 2 до 8, а не 9"),
    (
        ["simulate", "nogame"],
        "p2pcards: неизвестная игра 'nogame' (игры: 101, akulina, sunduchki, thousand)",
    ),
    (
        ["simulate", "akulina", "--seats", "abc"],
        "ошибка: аргумент --seats: нужно целое число от 1 и больше, а не 'abc'",
    ),
    (["simulate", "akulina", "--option", "deck=abc"], "вариант deck: 'abc' — не число"),
    (["audit"], "ошибка: не хватает обязательных аргументов: ЖУРНАЛ"),
    (["audit", "x.log", "--frobnicate"], "ошибка: неизвестные аргументы: --frobnicate"),
    (
        ["simulate", "akulina", "--bots", "genius"],
        "p2pcards: неизвестный бот 'genius' для akulina (боты: random, basic, strong, easy,",
    ),
    (["--lang", "de"], "недопустимое значение: 'de' (выберите одно из: 'ru', 'en')"),
    (
        ["host", "akulina", "--port", "99999"],
        "ошибка: аргумент --port: нужен номер порта от 0 до 65535, а не '99999'",
    ),
    # the list after a bad option: Russian helps, defaults as typed (false, not False)
    (["simulate", "akulina", "--option", "deck=33"], "  full_deck=false  дама не убирается"),
    (["host", "akulina", "--seats", "3", "--bots", "5"], "p2pcards: --bots: число от 0 до 2"),
]


def test_a_port_out_of_range_in_an_address_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    """``join HOST:99999`` (a new user's trial: the line was English under ``--lang ru``)."""
    from p2pcards.cli._lan import parse_address

    with pytest.raises(SystemExit) as e:
        parse_address("127.0.0.1:99999", "ru")
    assert e.value.code == 2
    assert capsys.readouterr().err == "p2pcards: порт 99999 — не номер порта (1–65535)\n"


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("ru", "p2pcards: 127.0.0.1 — адрес без порта: введите АДРЕС:ПОРТ, как его печатает "
         "хозяин стола (например, p2pcards join 127.0.0.1:40404)\n"),
        ("en", "p2pcards: 127.0.0.1 is an address without its port: type HOST:PORT as the "
         "host prints it (e.g. p2pcards join 127.0.0.1:40404)\n"),
    ],
)  # fmt: skip
def test_an_address_without_its_port_is_not_looked_for_as_a_name(
    capsys: pytest.CaptureFixture[str], lang: str, expected: str
) -> None:
    """``join 127.0.0.1`` (a new user's trial) looked on mDNS for a table called
    "127.0.0.1" and said none was found."""
    from p2pcards.cli._lan import parse_address

    with pytest.raises(SystemExit) as e:
        parse_address("127.0.0.1", lang)
    assert e.value.code == 2
    assert capsys.readouterr().err == expected
    assert parse_address("Аня", lang) is None  # a table's name


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("ru", "p2pcards: 127.0.0.1:notaport: порт «notaport» — не число от 1 до 65535: "
         "введите АДРЕС:ПОРТ, как его печатает хозяин стола (например, p2pcards join "
         "127.0.0.1:40404)\n"),
        ("en", "p2pcards: 127.0.0.1:notaport: the port 'notaport' is not a number from 1 "
         "to 65535: type HOST:PORT as the host prints it (e.g. p2pcards join "
         "127.0.0.1:40404)\n"),
    ],
)  # fmt: skip
def test_an_address_with_a_bad_port_is_not_looked_for_as_a_name(
    capsys: pytest.CaptureFixture[str], lang: str, expected: str
) -> None:
    """``join 127.0.0.1:notaport`` (a new user's trial) looked on mDNS for a table of
    that name; a name with a colon still is one."""
    from p2pcards.cli._lan import parse_address

    with pytest.raises(SystemExit) as e:
        parse_address("127.0.0.1:notaport", lang)
    assert e.value.code == 2
    assert capsys.readouterr().err == expected
    for name in ("Аня: Тысяча", "Аня:Тысяча", "anya:akulina", "Аня", "pc.local: 4o"):
        assert parse_address(name, lang) is None, name
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("127.0.0.1:notaport", ("127.0.0.1", "notaport")),
        ("pc.local:4o404", ("pc.local", "4o404")),
        ("localhost:x", ("localhost", "x")),
        ("[::1]:0", ("[::1]", "0")),
        ("10.0.0.2:70000", ("10.0.0.2", "70000")),
        ("127.0.0.1:²", ("127.0.0.1", "²")),  # (a digit to isdigit, not to int)
        ("127.0.0.1:40404", None),
        ("[::1]:40404", None),
        ("fe80::1", None),  # an IPv6 address alone: no port, rather than a bad one
        ("Аня:Тысяча", None),
        ("Аня: Тысяча", None),
        ("anya:akulina", None),  # (a one-word host part may begin a name)
        ("127.0.0.1: x", None),
        ("127.0.0.1:", None),
        ("127.0.0.1", None),
    ],
)
def test_bad_port_only_for_an_unmistakable_address(
    text: str, expected: tuple[str, str] | None
) -> None:
    from p2pcards.net import bad_port

    assert bad_port(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("fe80::1", "p2pcards: fe80::1 is an address without its port: type HOST:PORT as the "
         "host prints it (e.g. p2pcards join [fe80::1]:40404)\n"),
        ("127.0.0.1:", "p2pcards: 127.0.0.1 is an address without its port: type HOST:PORT "
         "as the host prints it (e.g. p2pcards join 127.0.0.1:40404)\n"),
    ],
)  # fmt: skip
def test_an_ipv6_address_or_an_empty_port_is_an_address_without_its_port(
    capsys: pytest.CaptureFixture[str], text: str, expected: str
) -> None:
    """``join fe80::1`` joined host "fe80:" at port 1; ``join 127.0.0.1:`` was a name."""
    from p2pcards.cli._lan import parse_address

    with pytest.raises(SystemExit) as e:
        parse_address(text, "en")
    assert e.value.code == 2
    assert capsys.readouterr().err == expected
    assert parse_address("[fe80::1]:40404", "en") == ("fe80::1", 40404)


@pytest.mark.parametrize(("argv", "expected"), ERRORS)
def test_errors_in_russian(
    capsys: pytest.CaptureFixture[str], argv: list[str], expected: str
) -> None:
    rc, out = run(capsys, "--lang", "ru", *argv)
    assert rc == 2, out
    assert expected in out
    assert english_lines(out) == []


def test_unreadable_log_in_russian(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rc, out = run(capsys, "--lang", "ru", "audit", str(tmp_path / "missing.log"))
    assert rc == 2
    assert out.startswith("не читается: ") and "файл не найден" in out
    assert english_lines(out) == []
    junk = tmp_path / "junk.log"
    junk.write_bytes(b"not a log at all")
    rc, out = run(capsys, "--lang", "ru", "audit", str(junk))
    assert rc == 2 and out.startswith("не читается: ") and english_lines(out) == []


def test_the_language_follows_the_locale_and_lang_is_remembered(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert run(capsys, "audit")[1].startswith("usage:")
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert run(capsys, "audit")[1].startswith("использование:")
    assert run(capsys, "--lang", "en", "audit")[1].startswith("usage:")
    assert run(capsys, "audit")[1].startswith("usage:")  # remembered over the locale
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert run(capsys, "audit", "--lang", "ru")[1].startswith("использование:")
    assert run(capsys, "audit")[1].startswith("использование:")


RU_NOTE = "Язык интерфейса: русский (запомнено; сменить: --lang en)"
EN_NOTE = "Interface language: English (remembered; to change it: --lang ru)"


def test_a_lang_that_changes_the_remembered_one_says_so_once(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A new user's notes at 882f1ae: a one-off ``--lang`` was remembered without a word.
    On a terminal, the run whose ``--lang`` changes the remembered language says so, in
    that language, with the way back; later runs say nothing."""
    import sys

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)

    def notes(*argv: str) -> list[str]:
        out = run(capsys, *argv)[1]
        return [x for x in out.splitlines() if x in (RU_NOTE, EN_NOTE)]

    assert notes("--lang", "ru", "games") == [RU_NOTE]
    assert notes("--lang", "ru", "games") == []  # the same language: nothing new
    assert notes("games") == []
    assert notes("games", "--lang", "en") == [EN_NOTE]
    assert notes("--lang", "en", "games") == []
    monkeypatch.setattr(sys.stderr, "isatty", lambda: False)  # a script: no one to tell
    assert notes("--lang", "ru", "games") == []


LOCALE_RU_NOTE = (
    "Язык интерфейса: английский, запомнен после прошлого --lang en "
    "(язык системы — русский; сменить: --lang ru)"
)
LOCALE_EN_NOTE = (
    "Interface language: Russian, remembered from an earlier --lang ru "
    "(your locale is English; to change it: --lang en)"
)


def test_a_remembered_lang_that_beats_the_locale_says_so_once(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A new user's trial (issue 15): after one ``--lang en``, a run under a Russian
    locale stayed English with no hint.  The choice stays remembered, and the first run
    whose locale it overrides says so, in the locale's language, with the way back."""
    import sys

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)

    def notes(*argv: str) -> list[str]:
        out = run(capsys, *argv)[1]
        return [x for x in out.splitlines() if x in (LOCALE_RU_NOTE, LOCALE_EN_NOTE)]

    monkeypatch.setenv("LANG", "C.UTF-8")
    assert notes("--lang", "en", "games") == []
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert notes("games") == [LOCALE_RU_NOTE]
    assert run(capsys, "audit")[1].startswith("usage:")  # still remembered, told once
    assert notes("games") == []
    assert notes("--lang", "en", "games") == []  # given: nothing to tell
    monkeypatch.setenv("P2PCARDS_LANG", "en")
    assert notes("games") == []
    monkeypatch.delenv("P2PCARDS_LANG")
    assert notes("--lang", "ru", "games") == []
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    assert notes("games") == [LOCALE_EN_NOTE]
    assert notes("games") == []
    assert notes("--lang", "en", "games") == []
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert notes("games") == [LOCALE_RU_NOTE]  # a new choice: told again


@pytest.mark.parametrize(
    ("command", "said"),
    [
        ("join", "по адресу АДРЕС:ПОРТ (работает и там, где групповая рассылка заблокирована)"),
        ("join", "(чтобы всё же сесть, наберите «да»)"),
        ("join", "если не набрать «да»"),
        ("join", "прекратить попытки, если хозяин стола не ответил за столько секунд"),
        ("host", "(чтобы всё же пустить, наберите «да»)"),
        ("host", "начать игру за новым столом, хотя незаконченный ждёт"),
        ("play", "(по умолчанию 0,6)"),
        ("audit", "запоминается для следующих запусков (по умолчанию — последний --lang,"),
    ],
)
def test_the_russian_help_reads_as_russian(
    capsys: pytest.CaptureFixture[str], command: str, said: str
) -> None:
    """A native speaker's reading of ``--help`` (texts sweep at 882f1ae): HOST:PORT in a
    Russian line, "наберите yes" where the question now takes «да», "сдаться" (a game's
    word) for giving up waiting, a decimal point, a subcommand's --lang said to follow
    only the locale."""
    rc, out = run(capsys, "--lang", "ru", command, "--help")
    assert rc == 0
    assert said in " ".join(out.split())
    assert "сдаться" not in out and "наберите yes" not in out and "HOST:PORT (" not in out


def test_the_forfeit_option_names_its_values_in_russian(
    capsys: pytest.CaptureFixture[str],
) -> None:
    rc, out = run(capsys, "--lang", "ru", "simulate", "akulina", "--option", "nope=1")
    assert rc == 2
    assert (
        "  forfeit=lose  игрок, который завис или ушёл (от 3 мест), проигрывает партию: "
        "'lose' — ему пишется штрафная строка, 'void' — за раздачу ничего не пишется"
    ) in out.splitlines()


def test_the_questions_and_the_warnings_in_russian_hold_no_english() -> None:
    from p2pcards.cli._confirm import question
    from p2pcards.peer import PlayerCheck
    from tests.ui._msgids import messages

    for role in ("joiner", "host"):
        check = PlayerCheck("Аня", b"k" * 32, "AAAA-BBBB-CCCC-DDDD", "new", role=role)
        assert english_lines(question(check, "ru")) == []
    said = [
        k
        for k, m in messages().items()
        if m.where.startswith(("p2pcards/net/", "p2pcards/peer/_session"))
    ]
    assert len(said) >= 6
    from p2pcards.ui import Texts

    for msgid in said:
        assert english_lines(Texts("ru")(msgid)) == [], msgid


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("ru", "p2pcards: имя игрока пустое: задайте его через --player-name ИМЯ\n"),
        ("en", "p2pcards: the player name is empty: choose one with --player-name NAME\n"),
    ],
)
def test_an_empty_player_name_in_both_languages(
    capsys: pytest.CaptureFixture[str], lang: str, said: str
) -> None:
    """It was "p2pcards: display name '  ' is empty" (English, a repr) under --lang ru."""
    rc, out = run(capsys, "--lang", lang, "identity", "--player-name", "  ")
    assert rc == 2
    assert out == said


SCORE_SHEET_ERRORS = [  # every error of the three --scores parsers: (argv, Russian, English)
    (
        ["thousand", "--scores", "Аня=455"],
        "--scores: 1 запись на 3 места (нужно по одной на место, в порядке мест)",
        "--scores: 1 entry for 3 seats (one per seat, in seat order)",
    ),
    (
        ["thousand", "--seats", "2", "--scores", "0,0,0,0,0"],
        "--scores: 5 записей на 2 места",
        "--scores: 5 entries for 2 seats",
    ),
    (
        ["thousand", "--scores", "Аня=abc,0,0"],
        "--scores, запись 1 «Аня=abc»: нужно [ИМЯ=]ОЧКИ[/ПОПЫТКИ][bБОЛТЫ], например "
        "'Борис=880/2' или '455b1'",
        "--scores entry 1 'Аня=abc': expected [NAME=]SCORE[/TRIES][bBOLTS], e.g. 'Борис=880/2' "
        "or '455b1'",
    ),
    (
        ["thousand", "--scores", "0,12,0"],
        "--scores, запись 2 «12»: 12 не делится на 5 (счёт округляется до 5)",
        "--scores entry 2 '12': 12 is not a multiple of 5 (scores are rounded)",
    ),
    (
        ["thousand", "--scores", "0,0,Вера=1000"],
        "--scores, запись 3 «Вера=1000»: счёт 1000 уже дошёл до цели 1000 — партия окончена",
        "--scores entry 3 'Вера=1000': 1000 has reached the target 1000: game over",
    ),
    (
        ["thousand", "--scores", "880/3,0,0"],
        "--scores, запись 1 «880/3»: на бочке 3 раздачи; можно не больше 2 (после 3-й снимается "
        "штраф)",
        "--scores entry 1 '880/3': 3 hands on the barrel; at most 2 (after 3 the penalty is paid)",
    ),
    (
        ["thousand", "--scores", "880/1,880/5,0", "-o", "barrel_tries=1"],
        "--scores, запись 1 «880/1»: на бочке 1 раздача; можно не больше 0",
        "--scores entry 1 '880/1': 1 hand on the barrel; at most 0",
    ),
    (
        ["thousand", "--scores", "900,0,0"],
        "--scores, запись 1 «900»: между бочкой 880 и целью 1000 счёта не бывает",
        "--scores entry 1 '900': no score lies between the barrel 880 and the target 1000",
    ),
    (
        ["thousand", "--scores", "455/1,0,0"],
        "--scores, запись 1 «455/1»: /1 (попытки на бочке) бывает только при счёте 880",
        "--scores entry 1 '455/1': /1 (barrel tries) needs the score 880",
    ),
    (
        ["thousand", "--scores", "455/1,0,0", "-o", "barrel=0"],
        "--scores, запись 1 «455/1»: /1 — это раздачи на бочке, а в этой игре бочки нет",
        "--scores entry 1 '455/1': /1 counts hands on the barrel, and this game has none",
    ),
    (
        ["thousand", "--scores", "0b3,0,0"],
        "--scores, запись 1 «0b3»: 3 болта; можно не больше 2 (за 3-й снимается штраф)",
        "--scores entry 1 '0b3': 3 bolts; at most 2 (at 3 the penalty is paid)",
    ),
    (
        ["thousand", "--scores", "0b1,0,0", "-o", "bolts=1"],
        "--scores, запись 1 «0b1»: 1 болт; можно не больше 0 (за 1-й снимается штраф)",
        "--scores entry 1 '0b1': 1 bolt; at most 0 (at 1 the penalty is paid)",
    ),
    (
        ["101", "--seats", "2", "--scores", "40"],
        "--scores: 1 запись на 2 места",
        "--scores: 1 entry for 2 seats",
    ),
    (
        ["101", "--seats", "2", "--scores", "40,Борис=x"],
        "--scores, запись 2 «Борис=x»: нужно [ИМЯ=]СУММА, например 'Аня=40' или '-20'",
        "--scores entry 2 'Борис=x': expected [NAME=]TOTAL, e.g. 'Аня=40' or '-20'",
    ),
    (
        ["101", "--seats", "2", "--scores", "102,0"],
        "--scores, запись 1 «102»: с суммой 102 серия уже проиграна",
        "--scores entry 1 '102': 102 has lost the series already",
    ),
    (
        ["101", "--seats", "2", "--scores", "101,0"],
        "--scores, запись 1 «101»: ровно 101 записывается как 0 (reset_at_101)",
        "--scores entry 1 '101': exactly 101 is written as 0 (reset_at_101)",
    ),
    (
        ["101", "--seats", "2", "--scores", "100,0", "-o", "hundred_to_fifty=true"],
        "--scores, запись 1 «100»: ровно 100 записывается как 50 (hundred_to_fifty)",
        "--scores entry 1 '100': exactly 100 is written as 50 (hundred_to_fifty)",
    ),
    (
        ["akulina", "--scores", "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21"],
        "--scores: 21 запись на 4 места",
        "--scores: 21 entries for 4 seats",
    ),
    (
        ["akulina", "--scores", "1,-2,0,0"],
        "--scores, запись 2 «-2»: нужно [ИМЯ=]ПРОИГРЫШИ, число от 0 и больше",
        "--scores entry 2 '-2': expected [NAME=]LOSSES, a count of 0 or more",
    ),
]


@pytest.mark.parametrize(("argv", "ru", "en"), SCORE_SHEET_ERRORS)
def test_score_sheet_errors_in_both_languages(
    capsys: pytest.CaptureFixture[str], argv: list[str], ru: str, en: str
) -> None:
    """``host thousand --scores …`` said "scores entry 1 '900': no score lies between the
    barrel 880 and the target 1000" under ``--lang ru``, and "1 entries" in English; the
    bolts' limit said "the 3th is paid".  Each parser's errors come through the catalog,
    with their counts in the plural form of the language."""
    for lang, said in (("ru", ru), ("en", en)):
        rc, out = run(capsys, "--lang", lang, "simulate", *argv, "--games", "1")
        assert rc == 2, out
        first = out.splitlines()[0]
        assert first.startswith(f"p2pcards: {said}"), first
        if lang == "ru":
            assert english_lines(out) == []


@pytest.mark.parametrize(
    ("argv", "lang", "said"),
    [
        (
            ["host", "thousand", "--scores", "Аня=abc"],
            "en",
            "p2pcards: --scores entry 1 'Аня=abc': expected [NAME=]SCORE[/TRIES][bBOLTS], e.g. "
            "'Борис=880/2' or '455b1'\n"
            "  --scores: start from a score sheet: one [NAME=]SCORE[/TRIES][bBOLTS] per seat in "
            "seat order, e.g. 'Аня=455,Борис=880/2,Вера=120b1' (empty: everyone at 0)\n",
        ),
        (
            ["host", "thousand", "--scores", "Аня=abc"],
            "ru",
            "p2pcards: --scores, запись 1 «Аня=abc»: нужно [ИМЯ=]ОЧКИ[/ПОПЫТКИ][bБОЛТЫ], "
            "например 'Борис=880/2' или '455b1'\n"
            "  --scores: начать с записи на бумаге: по месту [ИМЯ=]ОЧКИ[/ПОПЫТКИ][bБОЛТЫ] в "
            "порядке мест, например 'Аня=455,Борис=880/2,Вера=120b1' (пусто: у всех 0)\n",
        ),
        (  # too few entries, one of them bad: the bad one is named
            ["host", "akulina", "--scores", "1,два"],
            "ru",
            "p2pcards: --scores, запись 2 «два»: нужно [ИМЯ=]ПРОИГРЫШИ, число от 0 и больше\n"
            "  --scores: продолжить серию с записи: по месту [ИМЯ=]ПРОИГРЫШИ в порядке мест, "
            "например 'Аня=2,Борис=0,Вера=1,Дима=3'; hands — сколько раздач ещё сыграть\n",
        ),
        (  # given as --option scores=…: named so
            ["host", "101", "--seats", "2", "-o", "scores=40"],
            "en",
            "p2pcards: scores: 1 entry for 2 seats (one per seat, in seat order)\n"
            "  scores: continue a series from a score sheet: one [NAME=]TOTAL per seat in seat "
            "order, e.g. 'Аня=40,Борис=-20,Вера=95' (empty: everyone at 0)\n",
        ),
    ],
)
def test_a_bad_score_sheet_names_the_entry_and_the_option_as_typed(
    capsys: pytest.CaptureFixture[str], argv: list[str], lang: str, said: str
) -> None:
    """``host thousand --scores 'Аня=abc'`` said "scores: 1 entry for 3 seats" (the count
    was checked before the entries), called the option "scores", and listed all 20
    options of the game after it: now the bad entry, the option as typed and the sheet's
    form, two lines."""
    assert run(capsys, "--lang", lang, *argv) == (2, said)


def test_a_game_without_scores_says_so_in_russian() -> None:
    from p2pcards.cli._i18n import error_text
    from p2pcards.games import OptionError, load_game

    with pytest.raises(OptionError) as e:
        load_game("sunduchki").new_state(scores=[1, 2, 3])
    assert error_text("ru", e.value) == (
        "игра sunduchki не ведёт счёт между раздачами: начинать не с чего"
    )


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("ru", "Борис [BBBB-BBBB-BBBB-BBBB] просится за стол: сравните отпечаток с тем, что "
         "показывает p2pcards identity на компьютере этого игрока. Пустить? [д/Н] "),
        ("en", "Борис [BBBB-BBBB-BBBB-BBBB] asks for a seat: compare the fingerprint with the "
         "one p2pcards identity shows on their computer. Let them in? [y/N] "),
    ],
)  # fmt: skip
def test_the_hosts_question_speaks_of_the_player_not_a_bot(lang: str, said: str) -> None:
    """A human host was asked about a human joiner "(a bot prints its own where it was
    started)": the question tells the host how to check this player's fingerprint."""
    from p2pcards.cli._confirm import question
    from p2pcards.peer import PlayerCheck

    check = PlayerCheck("Борис", b"k" * 32, "BBBB-BBBB-BBBB-BBBB", "new", role="joiner")
    text = question(check, lang)
    assert text == said
    assert "бот" not in text and "bot" not in text


HOST_QUESTION = {
    "ru": "хозяин стола Аня [AAAA-AAAA-AAAA-AAAA] вам незнаком: сравните отпечаток с тем, что "
    "показывает p2pcards identity на компьютере хозяина. Сесть за этот стол?",
    "en": "the host Аня [AAAA-AAAA-AAAA-AAAA] is new to you: compare the fingerprint with the "
    "one p2pcards identity shows on the host's computer. Sit at this table?",
}
JOINER_QUESTION = {
    "ru": "Борис [BBBB-BBBB-BBBB-BBBB] просится за стол: сравните отпечаток с тем, что "
    "показывает p2pcards identity на компьютере этого игрока. Пустить?",
    "en": "Борис [BBBB-BBBB-BBBB-BBBB] asks for a seat: compare the fingerprint with the one "
    "p2pcards identity shows on their computer. Let them in?",
}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_joiners_question_and_the_web_lobbys_speak_of_no_bot(lang: str) -> None:
    """A new user's trial (issue 15): a joiner was asked about a human host "(a bot host
    prints its own where it was started)", and the web lobby asked both questions with
    their bot asides: the terminal and the page now ask the same, true for any host."""
    from p2pcards.cli._confirm import question, yes_no
    from p2pcards.peer import PlayerCheck
    from p2pcards.web._texts import ask_text

    host = PlayerCheck("Аня", b"a" * 32, "AAAA-AAAA-AAAA-AAAA", "new", role="host")
    joiner = PlayerCheck("Борис", b"b" * 32, "BBBB-BBBB-BBBB-BBBB", "new", role="joiner")
    assert question(host, lang) == f"{HOST_QUESTION[lang]} {yes_no(lang)}"
    said = HOST_QUESTION[lang]
    assert ask_text(lang, host.to_plain()) == said[:1].upper() + said[1:]
    assert ask_text(lang, joiner.to_plain()) == JOINER_QUESTION[lang]
    for text in (question(host, lang), ask_text(lang, joiner.to_plain())):
        assert "бот" not in text and "bot" not in text


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("ru", "p2pcards: неизвестный бот 'nope' (боты: random, basic, strong, easy, medium, "
         "hard)\n"),
        ("en", "p2pcards: unknown bot 'nope' (bots: random, basic, strong, easy, medium, hard)\n"),
    ],
)  # fmt: skip
def test_a_bot_of_no_game_is_refused_before_it_looks_for_the_table(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lang: str, said: str
) -> None:
    """``bot --join NAME --strategy nope`` looked for the table first (and, found, would
    have taken a seat it could not play): a strategy no game has is refused at once."""
    import p2pcards.cli.join as join

    def no_lan(*args: object) -> int:
        raise AssertionError("the LAN was used")

    monkeypatch.setattr(join, "run_lan", no_lan)
    rc, out = run(capsys, "--lang", lang, "bot", "--join", "x", "--strategy", "nope")
    assert (rc, out) == (2, said)


def test_a_score_sheet_whose_names_are_not_the_seats_is_warned_of() -> None:
    """``host thousand --bots 2 --scores 'Аня=455,Борис=880/2,Вера=120'`` (the README's
    example, a new user's trial) gave Борис's 880 on the barrel to "Бот 1" without a word:
    the sheet goes by seat order.  The host and every seat are told at the start."""
    from p2pcards.cli._lan import sheet_order_text

    sheet = "Аня=455,Борис=880/2,Вера=120"
    assert sheet_order_text(sheet, ["Аня", "Бот 1", "Бот 2"], "ru") == (
        "ВНИМАНИЕ: счёт с листа идёт по порядку мест, а не по именам: "
        "Бот 1 ← Борис=880/2; Бот 2 ← Вера=120"
    )
    assert sheet_order_text(sheet, ["Аня", "Вера", "Борис"], "en") == (
        "WARNING: the score sheet goes by seat order, not by name: "
        "Вера ← Борис=880/2; Борис ← Вера=120"
    )
    assert sheet_order_text(sheet, ["Аня", "Борис", "Вера"], "ru") is None
    assert sheet_order_text("455,880/2,120", ["Аня", "Бот 1", "Бот 2"], "ru") is None
    assert sheet_order_text(None, ["Аня", "Борис"], "ru") is None


def test_an_unknown_bot_of_the_browser_table_is_said_in_russian(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``play --offline 101 --bots nope`` (the page in the browser) printed the
    OptionError's English text under --lang ru (pick_bots made it a ValueError of its
    English str); and 101's round limit was described in «раздач» (hands), not rounds."""
    rc, out = run(capsys, "--lang", "ru", "play", "--offline", "101", "--no-browser",
                  "--bots", "nope")  # fmt: skip
    assert (rc, out) == (
        2,
        "p2pcards: неизвестный бот 'nope' для 101 (боты: random, basic, strong, easy, "
        "medium, hard)\n",
    )
    rc, out = run(capsys, "--lang", "ru", "simulate", "101", "--option", "nope=1")
    line = next(x for x in out.splitlines() if x.strip().startswith("max_rounds="))
    assert "после стольких раундов" in line and "раздач" not in line
