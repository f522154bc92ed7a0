"""The warnings a player sees on the terminal are in the chosen language and name the
culprit by player name and seat counted from 1 (a new user's notes at 882f1ae: refusals
and attacks were English under ``--lang ru``, with the peer's key in place of a name);
the log file keeps the English record.  Every warning or error the package logs carries
its words (``extra=say(…)``, :mod:`p2pcards._say`)."""

from __future__ import annotations

import ast
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from p2pcards import net
from p2pcards.cli._warnings import TerminalFormatter
from p2pcards.peer import Session
from p2pcards.peer._storage import TableStorage
from p2pcards.table import CheatDetected
from tests.table.harness import Harness
from tests.ui._latin import foreign_words

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def session(tmp_path: Path) -> Session:
    h = Harness("akulina", 3, seed=1)
    t = h.tables[0]
    s = Session(t, [x.identity for x in t.genesis.seats], TableStorage(t.table_id, tmp_path))
    s.names = ["Аня", "Борис", "Вера"]
    return s


def _said(caplog: pytest.LogCaptureFixture) -> list[tuple[str, str, str]]:
    """Each warning as (its log file line, its terminal line in Russian, in English)."""
    return [
        (r.getMessage(), TerminalFormatter("ru").format(r), TerminalFormatter("en").format(r))
        for r in caplog.records
        if r.levelno >= logging.WARNING
    ]


def test_a_refused_entry_names_its_sender(
    session: Session, caplog: pytest.LogCaptureFixture
) -> None:
    vera = session.peer_ids[2]
    with caplog.at_level(logging.INFO, "p2pcards"):
        session.feed(b"\x00not an entry", vera)
    [(logged, ru, en)] = _said(caplog)
    assert logged.startswith(f"peer {net.fingerprint(vera)} sent an entry the table refused")
    assert ru == (
        "p2pcards: отвергнута запись от игрока Вера (место 3): она не подходит к журналу "
        "этого стола (почему — сказано в p2pcards.log)"
    )
    assert en == (
        "p2pcards: an entry from Вера (seat 3) was refused: it does not fit this table's log "
        "(p2pcards.log says why)"
    )
    assert foreign_words(ru) == []


def test_a_cheat_names_the_seat_that_signed_it(
    session: Session, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    cheat = CheatDetected(seat=1, seq=7, rule="a share proof does not hold")
    monkeypatch.setattr(session.table, "receive", lambda data: [cheat])
    monkeypatch.setattr(session, "handle", lambda outs: None)
    with caplog.at_level(logging.INFO, "p2pcards"):
        session.feed(b"relayed", session.peer_ids[2])  # Вера passes on Борис's entry
    [(_logged, ru, en)] = _said(caplog)
    assert ru == (
        "p2pcards: запись игрока Борис (место 2) нарушает правила: она отвергнута и сохранена "
        "как улика (какое правило — скажет p2pcards audit)"
    )
    assert en == (
        "p2pcards: an entry of Борис (seat 2) breaks the rules: it is refused and kept as "
        "evidence (p2pcards audit names the rule)"
    )


async def test_an_entry_that_differs_from_the_log_names_its_sender(
    session: Session, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    boris = session.peer_ids[1]

    class Mesh:
        def connected(self) -> list[bytes]:
            return []

        async def _events(self) -> AsyncIterator[Any]:
            yield net.EntryConflict(4, boris, b"other")

        def __init__(self) -> None:
            self.events = self._events()

    monkeypatch.setattr(session, "feed", lambda data, source=None: None)
    session.mesh = Mesh()  # type: ignore[assignment]
    with caplog.at_level(logging.INFO, "p2pcards"):
        await session._receiver()
    [(_logged, ru, en)] = _said(caplog)
    assert ru == (
        "p2pcards: запись 4 от игрока Борис (место 2) расходится с той, что есть в журнале: "
        "стол её проверяет"
    )
    assert en == (
        "p2pcards: entry 4 from Борис (seat 2) differs from the one this log holds: the table "
        "checks it"
    )


def test_a_late_entry_is_no_warning(session: Session, caplog: pytest.LogCaptureFixture,
                                    monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    """A late entry or vote the table ignores ("never a cheat") is no false alarm on the
    terminal: the log file keeps it (INFO)."""
    from p2pcards.table import Rejected

    late = Rejected(1, "late entry 9 after the vote: ignored", 1)
    monkeypatch.setattr(session.table, "receive", lambda data: [late])
    monkeypatch.setattr(session, "handle", lambda outs: None)
    with caplog.at_level(logging.INFO, "p2pcards"):
        session.feed(b"late", session.peer_ids[1])
    assert _said(caplog) == []
    assert [r.levelno for r in caplog.records] == [logging.INFO]


def test_the_lobby_refusal_reason_is_translated_too() -> None:
    from p2pcards._say import Msgid, say
    from p2pcards.peer._lobby import REFUSALS

    extra = say(
        "refused a join request from [{fingerprint}]: {why}",
        fingerprint="AAAA-BBBB",
        why=Msgid(REFUSALS[1]),
    )
    r = logging.LogRecord("p2pcards.peer", logging.WARNING, "x", 1, "lobby: refused", (), None)
    r.__dict__.update(extra)
    assert TerminalFormatter("ru").format(r) == (
        "p2pcards: просьба сесть за стол от [AAAA-BBBB] отклонена: имя пустое, слишком "
        "длинное или с непечатаемыми знаками"
    )
    assert TerminalFormatter("en").format(r) == (
        "p2pcards: refused a join request from [AAAA-BBBB]: the name is empty, too long or "
        "not printable"
    )


def test_every_warning_the_package_logs_has_its_words() -> None:
    """A log.warning / log.error (… critical, exception, and a log.log that may be a
    warning) anywhere in the package reaches the player's terminal: each gives
    ``extra=say(…)`` (the terminal words it)."""
    bare = []
    for path in sorted((ROOT / "p2pcards").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("warning", "error", "critical", "exception", "log")
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id in ("log", "logger", "logging")
                and not any(k.arg == "extra" for k in node.keywords)
            ):
                bare.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert bare == []


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("ru", "p2pcards: mDNS здесь недоступен, поэтому столов в сети не видно: садитесь за "
               "стол по адресу (p2pcards join АДРЕС:ПОРТ)\n"),
        ("en", "p2pcards: mDNS is unavailable here, so tables on the network cannot be seen: "
               "join by address (p2pcards join HOST:PORT)\n"),
    ],
)  # fmt: skip
def test_list_without_mdns_says_what_works(
    lang: str,
    said: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``list`` where mDNS cannot start printed "mDNS is unavailable: mDNS cannot start on
    any interface: [Errno 19] …" in English (the detail goes to the log)."""
    from p2pcards.cli import main
    from p2pcards.net._discovery import DiscoveryUnavailable

    def no_mdns(*args: Any, **kw: Any) -> Any:
        raise DiscoveryUnavailable("mDNS cannot start on any interface: [Errno 19] No device")

    monkeypatch.setattr("p2pcards.cli.list_tables.trio.run", no_mdns)
    monkeypatch.setenv("P2PCARDS_HOME", str(tmp_path / "home"))
    assert main(["list", "--lang", lang]) == 2
    assert capsys.readouterr().err == said


def test_list_with_no_interface_up_says_mdns_is_unavailable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """With no interface up (not even loopback) zeroconf raises RuntimeError("No
    interfaces to listen on, …"): ``list`` and ``join NAME`` ended in a traceback; it is
    mDNS unavailable, worded as the other causes are."""
    from p2pcards.cli import main
    from p2pcards.net import _discovery

    def no_interfaces(*args: Any, **kw: Any) -> Any:
        raise RuntimeError("No interfaces to listen on, check that any interfaces have IP")

    monkeypatch.setattr(_discovery, "Zeroconf", no_interfaces)
    monkeypatch.setenv("P2PCARDS_HOME", str(tmp_path / "home"))
    assert main(["list", "--lang", "ru", "--timeout", "0.1"]) == 2
    assert capsys.readouterr().err == (
        "p2pcards: mDNS здесь недоступен, поэтому столов в сети не видно: садитесь за стол по "
        "адресу (p2pcards join АДРЕС:ПОРТ)\n"
    )
