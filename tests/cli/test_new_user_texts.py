"""What a new user is told (a tester's notes): no "is back" for a first connection,
leaving worded as leaving in ``audit`` and ``games``, Russian titles on Russian screens
(the default table name, ``audit``'s header), the joiner's menu about an unfinished
table, ``join --timeout`` bounding a refused address, and a join by name that names a
started game as a reason."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
import trio

from p2pcards import net
from p2pcards.cli import main
from p2pcards.cli._lan import _ask_about, find_table
from p2pcards.cli.games import verdict_text
from p2pcards.games import game_info
from p2pcards.peer import PeerBack, Session, Unfinished
from p2pcards.peer._lobby import default_table_name
from p2pcards.peer._storage import TableStorage
from p2pcards.table import Broadcast, audit_entries
from p2pcards.ui import Names, Texts, table_event_line
from tests.cli.test_audit_cli import write_log
from tests.table.harness import Harness
from tests.table.test_abandon import Hold, stalled_table


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("P2PCARDS_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("P2PCARDS_LANG", raising=False)


class _Mesh:
    """The mesh's events, scripted; what is sent goes nowhere."""

    def __init__(self, events: AsyncIterator[Any]) -> None:
        self.events = events

    async def send_direct(self, peer_id: bytes, data: bytes) -> None:
        pass

    def connected(self) -> list[bytes]:
        return []  # (no link made before the table started)


async def test_the_first_connection_is_no_news_a_reconnection_is(tmp_path: Path) -> None:
    h = Harness("akulina", 2, seed=1)
    t = h.tables[0]
    ids = [x.identity for x in t.genesis.seats]
    s = Session(t, ids, TableStorage(t.table_id, tmp_path / "p0"))

    async def events() -> AsyncIterator[Any]:
        yield net.PeerConnected(ids[1], None, 0)
        yield net.PeerDisconnected(ids[1], "reset")
        yield net.PeerConnected(ids[1], None, 0)

    s.mesh = _Mesh(events())  # type: ignore[assignment]
    await s._receiver()
    backs = [u.event for u in s.controller._journal if isinstance(u.event, PeerBack)]
    assert [(b.seat, b.again) for b in backs] == [(1, False), (1, True)]
    assert s.controller.snapshot().connected == (True, True)
    t_ru = Texts("ru")
    lines = [table_event_line(t_ru, Names(("Аня", "Борис")), b) for b in backs]
    assert lines == [None, "seat1 снова на связи"]


@pytest.fixture(scope="module")
def left_log() -> list[bytes]:
    """Akulina for two: seat 1 leaves while the table waits for its move; voted out."""
    h = stalled_table("akulina", 2, Hold(1, kind="move"), seed=3)
    [b] = h.tables[1].leave()
    assert isinstance(b, Broadcast) and b.kind == "leave"
    h.handle(0, h.tables[0].receive(b.data))
    h.handle(0, h.tables[0].abandon(1, "left"))
    h.run()
    return h.logs()[0]


def test_leaving_is_worded_as_leaving_and_titles_in_russian(
    tmp_path: Path, left_log: list[bytes], capsys: pytest.CaptureFixture[str]
) -> None:
    report = audit_entries(left_log)
    assert report.verdict == "abandoned"
    assert "seat1 left the table" in report.waiting and "stopped" not in report.waiting
    u = Unfinished(b"\x01" * 16, Path("t.log"), "akulina", names=("Аня", "Борис"))
    assert verdict_text(u, report, "en") == "abandoned in hand 1: Борис left the table"
    # no gendered slot ("стол покинул игрок Вера"): the noun phrase the table's lines use
    assert verdict_text(u, report, "ru") == "прервано в раздаче 1: Борис (место покинуто)"
    log = write_log(tmp_path / "t.log", left_log)
    main(["audit", str(log), "--lang", "en"])
    out = capsys.readouterr().out
    assert out.startswith("game: Akulina (Old Maid), seats: seat0, seat1")
    assert "was ended without the seat that left the table: seat1 (entry " in out
    assert "stopped responding" not in out
    main(["audit", str(log), "--lang", "ru"])
    out = capsys.readouterr().out
    assert out.startswith("игра: Акулина, игроки: seat0, seat1")
    # a neutral wording: "остальные игроки" read wrong at two seats (issue 15)
    assert "раздача 1 закончена без игрока, покинувшего стол: seat1 (запись " in out
    assert "перестал отвечать" not in out and "остальные" not in out
    assert "покинул" not in out


def test_the_default_table_name_is_in_the_hosts_language() -> None:
    title = game_info("101").title
    assert default_table_name("Аня", title, "ru") == "Аня: Сто одно"
    assert default_table_name("Anna", title, "en") == "Anna: 101 (One Hundred and One)"


@pytest.mark.parametrize("joining", [True, False])
def test_the_menu_about_an_unfinished_table_says_join_or_start(
    joining: bool, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("2\n"))
    u = Unfinished(b"\x01" * 16, Path("x.log"), "thousand", names=("Аня", "Борис"))
    assert trio.run(_ask_about, u, "ru", joining) == "new"
    out = capsys.readouterr().out
    if joining:
        assert "  2. сесть за новый стол" in out and "и сесть за новый стол" in out
        assert "открыть" not in out
    else:
        assert "  2. открыть новый стол" in out


def test_join_timeout_bounds_a_refused_address(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    tries = []

    async def refused(address: net.Address, timeout: float) -> dict[str, Any]:
        tries.append(address)
        raise net.ConnectionRefused("connection refused")

    monkeypatch.setattr("p2pcards.net.probe", refused)
    rc = main(["join", "127.0.0.1:1", "--timeout", "0.2", "--lang", "en"])
    err = capsys.readouterr().err
    assert rc == 2
    assert "nothing listens at 127.0.0.1:1 (tried for 0.2 s)" in err
    assert tries and set(tries) == {("127.0.0.1", 1)}


def test_a_name_not_announced_names_a_started_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    class Browser:
        def tables(self) -> dict[str, Any]:
            return {}

    @asynccontextmanager
    async def browse(interfaces: Any = None) -> AsyncIterator[Browser]:
        yield Browser()

    monkeypatch.setattr("p2pcards.net.browse", browse)
    for lang, started in [
        ("en", "its game has already started"),
        ("ru", "игра за ним уже началась"),
    ]:
        with pytest.raises(SystemExit) as e:
            trio.run(find_table, "аня", None, lang, 0.2)
        assert e.value.code == 1
        assert started in capsys.readouterr().out


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("ru", "Выход. Незаконченный стол 01010101 остаётся как есть: вернуться за него — "
               "p2pcards games resume 01010101, бросить — p2pcards games drop 01010101."),
        ("en", "Quit. The unfinished table 01010101 stays as it is: p2pcards games resume "
               "01010101 resumes it, p2pcards games drop 01010101 drops it."),
    ],
)  # fmt: skip
def test_q_at_the_unfinished_table_question_is_no_leaving_of_a_table(
    lang: str, said: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 15: q at the question about an unfinished table said "вы вышли из-за стола"
    to someone who never sat down; it says that nothing changed and how to resume or
    drop the table (status 130, as for every q)."""
    import argparse

    from p2pcards.cli._lan import run_lan

    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    u = Unfinished(b"\x01" * 16, Path("x.log"), "thousand", names=("Аня", "Борис"))

    async def ask(args: argparse.Namespace) -> int:
        await _ask_about(u, lang, True)
        return 0

    assert run_lan(ask, argparse.Namespace(lang=lang)) == 130
    out = capsys.readouterr().out
    assert out.splitlines()[-1].endswith(said)
    assert "из-за стола" not in out and "left the table" not in out


def test_question_mark_line_by_line_says_where_the_rules_page_is() -> None:
    """Issue 15: line by line (no terminal) there is no pager, so ? prints the keys and
    the installed rules page's path, not its hundreds of lines."""
    from p2pcards.cli._seat import _rules, rules_path
    from p2pcards.ui._rules import rules_page

    text = _rules("akulina", "ru", {})
    keys, where = text.splitlines()
    assert keys.startswith("Клавиши: номер выбирает вариант")
    path = rules_path("akulina", "ru")
    assert where == f"Правила игры «Акулина»: {path}"
    assert Path(path).read_text(encoding="utf-8") == rules_page("akulina", "ru")
    assert rules_path("akulina", "en").endswith("akulina.md")


async def test_q_while_the_lobby_waits_for_the_seats_leaves(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 15: q typed while a host waits for joiners was never read (only Ctrl-C
    worked): the lobby reads the one stdin reader; a question asked meanwhile (the
    host's "let them in?") still gets its answer."""
    import os

    from p2pcards.cli import _keyboard
    from p2pcards.cli._lan import follow_lobby
    from p2pcards.cli._tui import Quit

    r, w = os.pipe()

    class Tty(io.TextIOWrapper):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr("sys.stdin", Tty(os.fdopen(r, "rb"), encoding="utf-8"))
    answers = []

    async def typed(line: str, seen: str) -> None:
        os.write(w, line.encode())
        while seen not in capsys.readouterr().out:
            await trio.sleep(0.01)

    class Lobby:
        async def _updates(self) -> AsyncIterator[Any]:
            await typed("5\n", "the game has not started (q leaves)")  # not a question
            answers.append(await _keyboard.ask("let them in? "))
            await typed("q\n", "")
            await trio.sleep_forever()
            yield None

        def __init__(self) -> None:
            self.updates = self._updates()

        async def started(self) -> Any:
            await trio.sleep_forever()

    async def answer() -> None:
        while not (_keyboard._router is not None and _keyboard._router.open):
            await trio.sleep(0.01)
        os.write(w, b"y\n")

    with trio.fail_after(10), pytest.raises(BaseExceptionGroup) as got:
        async with trio.open_nursery() as n:
            n.start_soon(answer)
            await follow_lobby(Lobby(), "en")
    os.close(w)
    from p2pcards._exceptions import leaves

    assert [type(e) for e in leaves(got.value)] == [Quit]
    assert answers == ["y"]
