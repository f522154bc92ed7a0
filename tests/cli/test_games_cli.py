"""Unfinished tables are never substituted silently (issue 15, item 2): ``p2pcards
games`` lists them with the commands to resume or drop them, ``games drop`` gives one
up, a headless host or bot of another table refuses naming the unfinished one, and the
same command that sat at a table finds it again.  No network: everything here happens
before a socket is opened."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from p2pcards.cli import main
from p2pcards.cli._lan import _matches
from p2pcards.identity import load_or_create_identity
from p2pcards.peer import unfinished_tables
from tests.cli._tables import unfinished_table
from tests.ui._latin import foreign_words


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    h = tmp_path / "home"
    monkeypatch.setenv("P2PCARDS_HOME", str(h))
    monkeypatch.delenv("P2PCARDS_LANG", raising=False)
    return h


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        rc = main(list(argv))
    except SystemExit as e:
        rc = int(e.code or 0)
    got = capsys.readouterr()
    return rc, got.out, got.err


def test_games_lists_an_unfinished_table_with_the_commands_to_resume_or_drop_it(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    me = load_or_create_identity("Аня")
    tid = unfinished_table(home, me).hex()[:8]
    rc, out, _ = run(capsys, "--lang", "ru", "games")
    assert rc == 0
    lines = out.splitlines()
    assert lines[0].startswith(f"Тысяча {tid} (Аня, Борис, Вера; ")
    assert lines[1].startswith("   не закончен; журнал обрывается на ожидании")
    assert lines[2].split() == ["вернуться:", *f"p2pcards games resume {tid}".split(),
                                "бросить:", *f"p2pcards games drop {tid}".split()]  # fmt: skip
    assert lines[3].endswith(f"{tid}d5d6d7d8d9dadbdcdddedfe0.log")
    assert [x for x in lines if foreign_words(x)] == []
    rc, out, _ = run(capsys, "--lang", "en", "games", "--json")
    (got,) = json.loads(out)
    assert (got["game"], got["players"], got["state"], got["verdict"]) == (
        "thousand", ["Аня", "Борис", "Вера"], "unfinished", "incomplete"
    )  # fmt: skip


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("ru", "его журнал остановился 3 ч назад, дольше предела ожидания стола (120 с): "
         "если тогда не остановились все игроки, остальные закончили игру без вас, и "
         "продолжать её не с кем (бросить его: p2pcards games drop {id})"),
        ("en", "its log stopped 3 h ago, longer than the table's stall limit (120 s): unless "
         "every player stopped then, the others have ended the game without you and nobody "
         "is left to resume it with (p2pcards games drop {id} gives it up)"),
    ],
)  # fmt: skip
def test_a_table_silent_past_its_stall_limit_is_said_to_be_likely_over(
    home: Path, capsys: pytest.CaptureFixture[str], lang: str, said: str
) -> None:
    """A new user's trial (issue 15): after a crash, ``games`` listed a table as
    unfinished for good, though the others had voted the silent seat out long before
    and nobody was left to resume it with.  A log older than the table's stall limit
    says so, with the command that drops it; the resume line stays (everyone may have
    stopped together)."""
    import os
    import time

    me = load_or_create_identity("Аня")
    tid = unfinished_table(home, me).hex()[:8]
    (log,) = (home / "tables").glob("*.log")
    rc, out, _ = run(capsys, "--lang", lang, "games")
    assert rc == 0 and "drop " + tid in out and len(out.splitlines()) == 4  # fresh: no word
    old = time.time() - 3 * 3600 - 60
    os.utime(log, (old, old))
    rc, out, _ = run(capsys, "--lang", lang, "games")
    lines = out.splitlines()
    assert lines[2] == "   " + said.format(id=tid)
    assert f"p2pcards games resume {tid}" in lines[3]
    if lang == "ru":
        assert [x for x in lines if foreign_words(x)] == []
    rc, out, _ = run(capsys, "--lang", lang, "games", "--json")
    assert json.loads(out)[0]["stale"] is True


@pytest.mark.parametrize(
    ("lang", "head", "resume"),
    [
        ("en", "p2pcards: an unfinished table is waiting for you:", "resume it: p2pcards games"),
        ("ru", "p2pcards: вас ждёт 1 незаконченный стол:", "вернуться: p2pcards games resume"),
    ],
)
def test_a_headless_host_of_another_game_refuses_naming_the_unfinished_table(
    home: Path, capsys: pytest.CaptureFixture[str], lang: str, head: str, resume: str
) -> None:
    """Was: "resuming the unfinished thousand table d173fe4e" and a hang, for
    ``host sunduchki --seats 2 --headless basic``."""
    me = load_or_create_identity("Аня")
    tid = unfinished_table(home, me).hex()[:8]
    argv = ["--lang", lang, "host", "sunduchki", "--seats", "2", "--headless", "basic"]
    rc, out, err = run(capsys, *argv, "--no-mdns")
    assert rc == 2 and out == ""
    lines = err.splitlines()
    assert lines[0] == head
    assert f" {tid} (Аня, Борис, Вера; " in lines[1]
    assert lines[2].strip().startswith(resume) and f"drop {tid}" in lines[2]
    assert "--new" in lines[3]
    if lang == "ru":
        assert [x for x in lines if foreign_words(x)] == []
    rc, out, err = run(capsys, "--lang", lang, "bot", "--join", "10.9.9.9:4000")
    assert rc == 2 and err.splitlines()[0] == head  # a bot for another table too


def test_dropping_an_unfinished_table_keeps_its_log_and_stops_offering_it(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    me = load_or_create_identity("Аня")
    tid = unfinished_table(home, me)
    rc, _, err = run(capsys, "--lang", "en", "games", "drop", "ffff")
    assert rc == 2 and "no table 'ffff'" in err
    rc, out, _ = run(capsys, "--lang", "en", "games", "drop", tid.hex()[:6])
    assert rc == 0 and out.startswith(f"dropped Thousand {tid.hex()[:8]} (Аня, Борис, Вера;")
    assert unfinished_tables(me) == []
    assert (home / "tables" / f"{tid.hex()}.log").exists()
    rc, out, _ = run(capsys, "--lang", "en", "games")
    assert out.splitlines()[1].startswith("   dropped unfinished; the log stops")
    assert "games resume" not in out


def test_the_same_command_finds_its_table_again(home: Path) -> None:
    """Running the command that sat at a table again resumes it (the kill-and-restart
    loop relies on it); a command for another game or table does not."""
    me = load_or_create_identity("Аня")
    unfinished_table(home, me, host_address=("10.77.0.1", 40000), name="Аня: Thousand")
    (u,) = unfinished_tables(me)
    assert _matches(u, "thousand", None, "en") and not _matches(u, "sunduchki", None, "en")
    assert _matches(u, None, "10.77.0.1:40000", "en") and not _matches(
        u, None, "10.77.0.1:40001", "en"
    )
    assert _matches(u, None, "Аня: Thousand", "en") and _matches(u, None, "аня", "en")
    assert not _matches(u, None, "Борис", "en")


def test_two_players_with_one_name_are_told_to_pick_names(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Two players on one machine both defaulted to its login name ("root")."""
    from p2pcards.cli._lan import same_name_text

    assert same_name_text("root", "en") == (
        "two players are called 'root': tell them apart by their fingerprints, and next "
        "time each picks a name: p2pcards identity --player-name NAME"
    )
    assert foreign_words(same_name_text("root", "ru").replace("'root'", "")) == []


def test_the_default_name_is_the_full_name_of_the_os_user(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import pwd

    from p2pcards import identity

    class Entry:
        pw_gecos = "Анна Петрова,,,"

    monkeypatch.setenv("LOGNAME", "anna")
    monkeypatch.setattr(pwd, "getpwuid", lambda uid: Entry())
    assert identity.new_identity().name == "Анна Петрова"
    Entry.pw_gecos = ""
    assert identity.new_identity().name == "anna"  # no full name: the login


def test_an_address_out_of_range_is_refused_in_russian_beside_an_unfinished_table(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``join 127.0.0.1:99999`` with an unfinished table on record: the check against it
    read the address with English texts (a new user's trial, under ``--lang ru``)."""
    me = load_or_create_identity("Аня")
    unfinished_table(home, me, host_address=("10.77.0.1", 40000), name="Аня: Thousand")
    (u,) = unfinished_tables(me)
    with pytest.raises(SystemExit) as e:
        _matches(u, None, "127.0.0.1:99999", "ru")
    assert e.value.code == 2
    assert capsys.readouterr().err == "p2pcards: порт 99999 — не номер порта (1–65535)\n"


@pytest.mark.parametrize(
    ("marker", "said"),
    [
        (
            "left",
            "you left it: the others ended the hand without you (their logs have the "
            "end); the log stops",
        ),  # (issue 15 item 5: not a present tense, stale later)
        ("bots", "over: its bots were in the host's program, which stopped; the log stops"),
    ],
)
def test_a_table_left_or_with_the_hosts_bots_is_never_offered_again(
    home: Path, capsys: pytest.CaptureFixture[str], marker: str, said: str
) -> None:
    """Issue 15: a table this seat left (the others were told, and end the hand without
    it) or one where this host's in-process bots sat (gone with its process after a
    crash) can never go on: it is no longer unfinished (host and join offered it, and
    a bot host restarted after Ctrl-C waited for ever), games lists it without the
    resume line, and games resume refuses it."""
    me = load_or_create_identity("Аня")
    tid = unfinished_table(home, me)
    (home / "tables" / f"{tid.hex()}.log").with_suffix(f".{marker}").touch()
    assert unfinished_tables(me) == []
    rc, out, _ = run(capsys, "--lang", "en", "games")
    assert rc == 0 and out.splitlines()[1].startswith("   " + said)
    assert "resume:" not in out
    rc, out, _ = run(capsys, "--lang", "en", "games", "--json")
    assert json.loads(out)[0]["state"] == "over"
    rc, out, err = run(capsys, "--lang", "ru", "games", "resume", tid.hex()[:8])
    assert rc == 2 and err.startswith(f"p2pcards: стол {tid.hex()[:8]} продолжить нельзя: ")


def test_a_table_of_that_name_open_now_is_a_new_one_never_the_unfinished_one(
    home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 15: a host's next table often has the same name as the last; joining it by
    that name resumed the dead unfinished table without asking.  A table announced now
    is a new one (a started table is no longer announced): headless, the join refuses
    naming the unfinished table; with nothing announced, the same command resumes."""
    import argparse

    import trio

    from p2pcards.cli import _lan

    me = load_or_create_identity("Аня")
    unfinished_table(home, me, name="Стол Бори")
    resumed = []

    async def resume(identity: object, u: object, args: object, lang: str) -> int:
        resumed.append(u)
        return 0

    monkeypatch.setattr(_lan, "resume_one", resume)
    args = argparse.Namespace(new=False, interface=None)
    for is_open, rc in ((True, 2), (False, 0)):

        async def announced(target: str, interfaces: object, is_open: bool = is_open) -> bool:
            assert target == "Стол Бори"
            return is_open

        monkeypatch.setattr(_lan, "announced", announced)
        got = trio.run(lambda: _lan.resume_unfinished(me, args, "en", target="Стол Бори"))
        assert got == rc and len(resumed) == (0 if is_open else 1)
    assert "an unfinished table is waiting for you" in capsys.readouterr().err


def test_home_before_the_action_is_the_home_used(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``games --home DIR drop ID`` looked in $P2PCARDS_HOME (the subcommand's --home,
    absent, reset DIR to None): "no table" for a table that is in DIR."""
    me = load_or_create_identity("Аня")
    tid = unfinished_table(home, me)
    monkeypatch.setenv("P2PCARDS_HOME", str(tmp_path / "elsewhere"))
    rc, out, err = run(capsys, "--lang", "en", "games", "--home", str(home), "drop", tid.hex()[:6])
    assert (rc, err) == (0, "")
    assert out.startswith(f"dropped Thousand {tid.hex()[:8]} (Аня, Борис, Вера;")


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("ru", "p2pcards: не удаётся создать личный каталог {path}: часть пути — не каталог"),
        ("en", "p2pcards: cannot create a private directory {path}: a path component is not a "
         "directory"),
    ],
)  # fmt: skip
def test_games_with_an_unusable_home_says_why(
    lang: str, said: str, home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``games --home DIR`` where DIR cannot be created ended in a StorageError
    traceback; it says why, in the language, with exit status 2."""
    (tmp_path / "a-file").write_text("")
    bad = tmp_path / "a-file" / "home"
    for argv in (["games"], ["games", "drop", "abcd"]):
        rc, out, err = run(capsys, "--lang", lang, *argv, "--home", str(bad))
        assert rc == 2 and out == ""
        assert err.startswith(said.format(path=bad)), err
        assert "Traceback" not in err


def test_a_directory_that_cannot_be_created_is_worded_in_russian() -> None:
    """ENOENT from mkdir (a path under /proc) gave the C library's English, "No such file
    or directory", inside the Russian line."""
    import errno

    from p2pcards.cli._i18n import error_text
    from p2pcards.files import _explain

    e = _explain("create a private directory", Path("/proc/x"), OSError(errno.ENOENT, "No such"))
    assert error_text("ru", e) == (
        "не удаётся создать личный каталог /proc/x: каталог на этом пути здесь создать нельзя: "
        "выберите другой через P2PCARDS_HOME=..."
    )


def test_a_game_ended_by_a_forfeit_is_listed_as_finished_with_its_result(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A table of three where seat 2 left and forfeited (its others' log, as written):
    ``games`` said «прервано в раздаче 1: seat2 (место покинуто)», an aborted game,
    though the game ended with its result; now it is finished by forfeit, with who lost.
    A two-seat hand ended without a seat stays "abandoned in hand 1" (no result)."""
    from p2pcards.transcript import peek_entry
    from tests.cli.test_audit_cli import write_log
    from tests.table.test_abandon import Hold, stalled_table
    from tests.table.test_leave import _leave_bytes

    h = stalled_table("akulina", 3, Hold(2, kind="move"), seed=3)
    data = _leave_bytes(h, 2)
    for s in (0, 1):
        h.handle(s, h.tables[s].receive(data))
        h.handle(s, h.tables[s].abandon(2, "left"))
    h.run()
    tid = peek_entry(h.logs()[0][0]).table.hex()
    (home / "tables").mkdir(parents=True)
    write_log(home / "tables" / f"{tid}.log", h.logs()[0])
    said = {}
    for lang in ("en", "ru"):
        rc, out, _ = run(capsys, "--lang", lang, "games")
        assert rc == 0
        said[lang] = out.splitlines()[1]
    assert said == {
        "en": "   finished by forfeit in hand 1: seat2 left the table; seat2 lost (1 loss); "
        "seat0 and seat1 0",
        "ru": "   завершено досрочно в раздаче 1: seat2 (место покинуто); проигравший: seat2 "
        "(1 проигрыш); seat0 и seat1 — 0",
    }
    rc, out, _ = run(capsys, "games", "--json")
    (got,) = json.loads(out)
    assert (got["state"], got["verdict"], got["result"]["losers"]) == ("over", "forfeited", [2])
