"""``p2pcards players`` (issue 13 item 5): the known players listed with their
fingerprints, forgotten one by one; the file is private (0600 even if it was not) and a
damaged one is named, never silently dropped."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from p2pcards.cli import main
from p2pcards.identity import new_identity
from p2pcards.peer import KnownPlayers
from tests.ui._latin import foreign_words


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    h = tmp_path / "home"
    monkeypatch.setenv("P2PCARDS_HOME", str(h))
    return h


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    rc = main(list(argv))
    got = capsys.readouterr()
    return rc, got.out + got.err


def test_list_and_forget(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    boris, vera = new_identity("Борис"), new_identity("Vera")
    assert run(capsys, "--lang", "en", "players")[1].startswith("no known players yet")
    KnownPlayers(home).remember([("Борис", boris.peer_id), ("Vera", vera.peer_id)])
    rc, out = run(capsys, "--lang", "en", "players")
    assert rc == 0 and out.splitlines() == [
        f"Vera  [{vera.fingerprint}]",
        f"Борис  [{boris.fingerprint}]",
    ]
    rc, out = run(capsys, "--lang", "ru", "players", "forget", "борис")  # case-folded
    assert rc == 0 and out.strip() == "забыт: «борис»" and not foreign_words(out)
    assert KnownPlayers(home).players() == [("Vera", vera.peer_id)]
    rc, out = run(capsys, "--lang", "en", "players", "forget", "Борис")
    assert rc == 1 and "no known player called 'Борис'" in out


def test_the_file_is_tightened_and_a_damaged_one_is_named(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    KnownPlayers(home).remember([("Борис", new_identity("b").peer_id)])
    path = home / "known_players.json"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    os.chmod(path, 0o644)
    assert len(KnownPlayers(home).players()) == 1
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    path.write_text('{"version": 1, "players": {"x": {"name": "x", "key": "00"}}}')
    rc, out = run(capsys, "--lang", "en", "players")
    assert rc == 2 and str(path) in out and "damaged" in out


def test_a_known_player_check() -> None:
    kp = KnownPlayers.__new__(KnownPlayers)  # no file: the logic alone
    a, b = new_identity("Аня"), new_identity("Аня")
    kp._players = {"аня": ("Аня", a.peer_id)}
    assert kp.check("Аня", a.peer_id).status == "known"
    assert kp.check(" аня ", a.peer_id).status == "known"
    c = kp.check("Аня", b.peer_id, "host")
    assert (c.status, c.known_fingerprint, c.role) == ("changed", a.fingerprint, "host")
    r = kp.check("Anna", a.peer_id)
    assert (r.status, r.known_name) == ("renamed", "Аня")
    assert kp.check("Boris", b.peer_id).status == "new"


def test_the_confirmation_errors_are_worded_in_russian() -> None:
    from p2pcards.cli._lan import lobby_error_text
    from p2pcards.peer import LobbyError

    fp, old = "AAAA-BBBB-CCCC-DDDD", "EEEE-FFFF-GGGG-HHHH"
    changed = LobbyError(
        "x", kind="key changed", name="Аня", fingerprint=fp, known_fingerprint=old, role="host"
    )
    text = lobby_error_text(changed, "ru")
    assert text.startswith("ВНИМАНИЕ: Аня [AAAA-BBBB-CCCC-DDDD]") and old in text
    assert "p2pcards players forget 'Аня'" in text and not foreign_words(text)
    for e in (
        LobbyError("x", kind="not confirmed", name="Аня", fingerprint=fp),
        LobbyError("x", kind="not admitted", host="10.0.0.1", port=4000),
        LobbyError("x", kind="name taken", host="10.0.0.1", port=4000, name="Гоша"),
    ):
        text = lobby_error_text(e, "ru")
        assert text != "x" and not foreign_words(text), text


def test_the_fingerprint_questions_fit_a_bot() -> None:
    """A bot has no screen: the questions point to what p2pcards identity shows on the
    other side's computer, a bot's included, in both languages (the Russian with no gendered "его
    экран" for a player who may be Вера)."""
    from p2pcards.cli._confirm import question
    from p2pcards.peer import PlayerCheck

    check = PlayerCheck("Бот 1", b"k" * 32, "AAAA-BBBB-CCCC-DDDD", "new", role="host")
    en, ru = question(check, "en"), question(check, "ru")
    assert "p2pcards identity shows on the host's computer" in en and "bot" not in en
    assert "p2pcards identity на компьютере хозяина" in ru and "бот" not in ru
    assert "screen" not in en and "theirs" not in en
    assert "экран" not in ru and not foreign_words(ru)
    # the host's question about a joiner speaks to a person about a person (issue 15):
    # what their own p2pcards identity shows, which a bot's computer shows too
    check = PlayerCheck("Бот 1", b"k" * 32, "AAAA-BBBB-CCCC-DDDD", "new", role="joiner")
    en, ru = question(check, "en"), question(check, "ru")
    assert "p2pcards identity shows on their computer" in en and "bot" not in en
    assert "p2pcards identity на компьютере этого игрока" in ru and "бот" not in ru
    assert "экран" not in ru and "screen" not in en and not foreign_words(ru)


def test_a_hosts_bots_keep_their_keys(home: Path) -> None:
    """host --bots gave each bot a fresh key at every table, so a player who had met the
    host's "Бот 1" was warned at the next table that "Бот 1" came with another key (as
    of someone pretending to be it).  The keys are kept in the host's data directory;
    only the name follows the host's language."""
    from p2pcards.cli.host import host_bots

    first, again, english = host_bots(2, "ru"), host_bots(2, "ru"), host_bots(1, "en")
    assert [b.name for b in first] == ["Бот 1", "Бот 2"] and english[0].name == "Bot 1"
    assert [b.peer_id for b in again] == [b.peer_id for b in first]
    assert first[0].peer_id != first[1].peer_id
    assert english[0].peer_id == first[0].peer_id
    known = KnownPlayers(home / "joiner")
    known.remember([(b.name, b.peer_id) for b in first])
    assert [known.check(b.name, b.peer_id, "seat").status for b in again] == ["known"] * 2


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("ru", ["list          список знакомых игроков с отпечатками их ключей (по умолчанию)",
                "forget        забыть игрока (он сменил компьютер): за следующим столом о его "
                "ключе спросят заново"]),
        ("en", ["list          list the players you know, with their key fingerprints (the "
                "default)",
                "forget        forget a player (they changed computers): the next table asks "
                "about their key"]),
    ],
)  # fmt: skip
def test_the_help_describes_list_and_forget(
    home: Path, capsys: pytest.CaptureFixture[str], lang: str, said: list[str]
) -> None:
    """``players --help`` showed "{list,forget}" with no word on either: each is a
    subcommand with its help line, as ``games``' drop and resume are."""
    with pytest.raises(SystemExit):
        main(["--lang", lang, "players", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "{list,forget}" not in out
    for line in said:
        assert " ".join(line.split()) in out
    for action in ("list", "forget"):
        with pytest.raises(SystemExit):
            main(["--lang", lang, "players", action, "--help"])
        assert capsys.readouterr().out.startswith(
            f"{'использование' if lang == 'ru' else 'usage'}: p2pcards players {action}"
        )


def test_list_and_forget_with_home_before_the_action(
    tmp_path: Path, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = tmp_path / "other"
    boris = new_identity("Борис")
    KnownPlayers(other).remember([("Борис", boris.peer_id)])
    rc, out = run(capsys, "--lang", "en", "players", "--home", str(other), "list")
    assert rc == 0 and out.splitlines() == [f"Борис  [{boris.fingerprint}]"]
    rc, out = run(capsys, "--lang", "en", "players", "--home", str(other), "forget", "Борис")
    assert rc == 0 and KnownPlayers(other).players() == []
    rc, out = run(capsys, "--lang", "ru", "players", "forget")  # (it said "имя NAME")
    assert (rc, out) == (2, "p2pcards: для players forget нужно ИМЯ игрока, которого забыть\n")
    rc, out = run(capsys, "--lang", "en", "players", "forget")
    assert (rc, out) == (2, "p2pcards: players forget needs a NAME\n")
