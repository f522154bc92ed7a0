"""The web lobby's unfinished tables without a network or a browser: what the page is
told, "Go back to it" (the table id given to resume_table, a failure shown) and "Drop
it" (the marker written, the table no longer offered).  The whole path in a browser is
in tests/web/test_lobby.py."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
import trio

from p2pcards.identity import new_identity
from p2pcards.peer import LobbyError, Unfinished
from p2pcards.web import _lobby
from p2pcards.web._lobby import LobbyService


def _table(tmp_path: Path) -> Unfinished:
    log = tmp_path / "tables" / f"{'ab' * 16}.log"
    log.parent.mkdir()
    log.write_bytes(b"")
    return Unfinished(bytes.fromhex("ab" * 16), log, "akulina", ("Anna", "Bot 1", "Bot 2"), 0)


async def test_go_back_to_an_unfinished_table_or_drop_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lobby = LobbyService(new_identity("Anna"), base=tmp_path)
    u = _table(tmp_path)
    lobby.unfinished = [u]
    [row] = lobby.state()["unfinished"]
    assert (row["id"], row["game"], row["names"]) == (
        "abababab",
        "akulina",
        ["Anna", "Bot 1", "Bot 2"],
    )
    asked: list[Any] = []

    @asynccontextmanager
    async def resume_table(identity: Any, table_id: bytes, **kw: Any) -> AsyncIterator[Any]:
        asked.append((identity.name, table_id, kw["base"], lobby.state()["status"], lobby.resuming))
        raise LobbyError(
            "the players are gone", kind="unreachable", host="10.0.0.2", port=5, seconds=5
        )
        yield  # pragma: no cover

    monkeypatch.setattr(_lobby, "resume_table", resume_table)
    async with trio.open_nursery() as n:
        lobby._nursery = n
        assert lobby.resume("ffff") == "gone"
        assert lobby.resume("ABAB") is None  # the start of the id, any case
        assert lobby.resume("abab") == "busy"
        while lobby.status != "idle":
            await lobby.wait_change(lobby.rev)
    assert asked == [("Anna", u.table_id, tmp_path, "joining", True)]
    assert isinstance(lobby.failure, LobbyError) and lobby.failure.kind == "unreachable"
    rev = lobby.rev
    assert lobby.drop("abababab") is None
    assert u.path.with_suffix(".dropped").exists()
    assert lobby.unfinished == [] and lobby.state()["unfinished"] == [] and lobby.rev > rev
    assert lobby.drop("abababab") == "gone"


def test_the_table_this_lobby_hosts_is_listed_as_its_own_not_to_join() -> None:
    """A new user's trial: while hosting, the page listed the player's own table among
    the tables on the network with a (disabled) Join button, as if it were another's."""
    from p2pcards.net import TableAd
    from p2pcards.web._texts import lobby_labels

    me = new_identity("Аня")
    lobby = LobbyService(me)
    lobby.status, lobby.table_name = "hosting", "Аня: Тысяча"

    def ad(name: str, fingerprint: str) -> TableAd:
        return TableAd(name, b"t" * 16, "thousand", 1, 3, "Аня", b"k" * 32, 4000, fingerprint)

    lobby.tables = [ad("Аня: Тысяча", me.fingerprint), ad("Аня: Тысяча-2", "AAAA-BBBB")]
    assert [t["mine"] for t in lobby.state()["tables"]] == [True, False]
    lobby.status = "idle"  # (after the game: an announced table of ours is a stale one)
    assert [t["mine"] for t in lobby.state()["tables"]] == [False, False]
    assert lobby_labels("ru")["yours"] == "ваш стол"
