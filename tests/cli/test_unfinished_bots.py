"""``host`` meeting an unfinished table of its own with bots (issue 15: never substitute
one silently; a new user's trial: ``host … --bots`` with other options resumed an old
bots table, saying "эта команда за ним сидела", which was untrue): the same command is
the same game, seats, options and bots; another one is another table: headless it
refuses naming the unfinished table and the commands to resume or drop it, interactive
it asks.  A bots table can be resumed only when its bots kept their files (the host's
``bots/N``); an older one, whose bots' files went with the process, is never offered.
No network (the resume itself: test_lan_bots_resume.py)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest
import trio

from p2pcards.cli import _lan, main
from p2pcards.cli._lan import Departed, _matches
from p2pcards.games import load_game
from p2pcards.identity import Identity, load_or_create_identity
from p2pcards.peer import unfinished_tables
from tests.cli._tables import unfinished_table
from tests.ui._latin import foreign_words


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    h = tmp_path / "home"
    monkeypatch.setenv("P2PCARDS_HOME", str(h))
    monkeypatch.delenv("P2PCARDS_LANG", raising=False)
    return h


def bots_table(home: Path, me: Identity, files: bool = True) -> str:
    """An unfinished Thousand table hosted by ``me`` with the host's two bots (their
    files kept in ``bots/1`` and ``bots/2`` when ``files``); its short id."""
    tid = unfinished_table(home, me, "thousand", ("Бот 1", "Бот 2"))
    bots = [{"home": str(home / "bots" / str(i)), "strategy": "basic"} for i in (1, 2)]
    (home / "tables" / f"{tid.hex()}.bots").write_text(json.dumps(bots))
    for b in bots if files else ():
        for ext in (".log", ".secrets"):
            f = Path(b["home"]) / "tables" / f"{tid.hex()}{ext}"
            f.parent.mkdir(parents=True, exist_ok=True)
            f.write_bytes(b"")
    return tid.hex()[:8]


def test_the_same_host_command_is_the_same_game_seats_options_and_bots(home: Path) -> None:
    me = load_or_create_identity("Аня")
    bots_table(home, me)
    (u,) = unfinished_tables(me)
    assert u.bot_seats == tuple((str(home / "bots" / str(i)), "basic") for i in (1, 2))
    same = load_game("thousand")
    assert _matches(u, "thousand", None, "ru", (same, ["basic", "basic"]))
    for other, bots in (
        (load_game("thousand", target=1001), ["basic", "basic"]),  # other options
        (load_game("thousand", stall_limit=60), ["basic", "basic"]),
        (load_game("thousand", seats=2), ["basic"]),  # other seats
        (same, ["basic"]),  # one bot: a player joins the other seat
        (same, ["hard", "basic"]),  # other bots
    ):
        assert not _matches(u, "thousand", None, "ru", (other, bots)), (other.options, bots)


def test_a_bots_table_whose_bots_kept_no_files_is_never_offered(home: Path) -> None:
    me = load_or_create_identity("Аня")
    bots_table(home, me, files=False)
    assert unfinished_tables(me) == []


def test_a_headless_host_with_other_options_refuses_naming_the_bots_table(
    home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: "возвращаемся за незаконченный стол …, игра Тысяча (эта команда за ним
    сидела…)", then a table of other options whose bots never came."""
    me = load_or_create_identity("Аня")
    tid = bots_table(home, me)
    resumed: list[object] = []

    async def resume(*args: object) -> int:
        resumed.append(args)
        return 0

    def new_table(*args: object, **kwargs: object) -> None:
        raise AssertionError("a new table was opened")

    monkeypatch.setattr(_lan, "resume_one", resume)
    monkeypatch.setattr("p2pcards.cli.host.host_table", new_table)
    argv = ["--lang", "ru", "host", "thousand", "--bots", "2", "--headless", "basic",
            "--option", "target=1001", "--no-mdns"]  # fmt: skip
    assert main(argv) == 2
    got = capsys.readouterr()
    assert resumed == [] and got.out == ""
    lines = got.err.splitlines()
    assert lines[0] == "p2pcards: вас ждёт 1 незаконченный стол:"
    assert lines[1].startswith(f"  Тысяча {tid} (Аня, Бот 1, Бот 2; ")
    assert lines[2].split() == ["вернуться:", *f"p2pcards games resume {tid}".split(),
                                "бросить:", *f"p2pcards games drop {tid}".split()]  # fmt: skip
    assert "--new" in lines[3]
    assert [x for x in lines if foreign_words(x)] == []
    # the same command (default options, two basic bots) resumes it
    assert main([*argv[:-3], "--no-mdns"]) == 0 and len(resumed) == 1
    assert "возвращаемся за незаконченный стол" in capsys.readouterr().out


def test_an_interactive_host_with_other_options_asks(
    home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    me = load_or_create_identity("Аня")
    tid = bots_table(home, me)
    answers = iter(["5", "q"])

    async def ask(prompt: str) -> str:
        print(prompt)
        return next(answers)

    monkeypatch.setattr("p2pcards.cli._keyboard.ask", ask)
    args = argparse.Namespace(new=False, interface=None)
    hosting = (load_game("thousand", target=1001), ["basic", "basic"])

    async def run() -> None:
        await _lan.resume_unfinished(
            me, args, "ru", game="thousand", interactive=True, hosting=hosting
        )

    with pytest.raises(Departed) as e:
        trio.run(run)
    assert e.value.code == 130 and f"games resume {tid}" in e.value.text
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"У вас есть незаконченный стол: Тысяча {tid} (Аня, Бот 1, ")
    assert lines[1:5] == [
        "  1. вернуться за него",
        "  2. открыть новый стол (незаконченный останется: p2pcards games)",
        "  3. бросить его (журнал останется для проверки) и открыть новый стол",
        "  q. выйти",
    ]
