"""The page's address kept in the data directory (p2pcards.web._address, issue 15: a page
open in the browser could not find the program started again, whose port and token were
new on every run): the next run serves at the same port and token; a port taken by
another program gives another port, kept in its place; a damaged file a fresh token; the
lobby's and a seat's pages apart; ``play --offline`` (no data directory) fresh each run.
The browser's side (the same page reconnecting to a restarted program) is
tests/web/test_lan_restart.py."""

from __future__ import annotations

import json
import socket
import stat
import urllib.request
from pathlib import Path

import pytest
import trio

from p2pcards.games import load_game
from p2pcards.identity import new_identity
from p2pcards.web import OfflineTable, WebPage, start_page
from p2pcards.web._address import FILE, kept
from p2pcards.web._lobby import LobbyService
from p2pcards.web._run import pick_bots

NAMES = ["Anna", "Bot 1", "Bot 2"]


async def _run_once(
    home: Path | None, *, port: int = 0, lobby: bool = False
) -> tuple[WebPage, int]:
    """Serve a page (an offline table's, or an idle lobby's) once: its address and the
    HTTP status of its first page."""
    source, service = None, None
    if lobby:
        service = LobbyService(new_identity("Anna"), base=home)
    else:
        game = load_game("akulina", seats=3)
        source = OfflineTable(game, human=0, bots=pick_bots(game, "basic", 0), names=NAMES, seed=1)
    async with trio.open_nursery() as n:
        page = await start_page(n, source, lobby=service, home=home, port=port)
        status = await trio.to_thread.run_sync(lambda: urllib.request.urlopen(page.url).status)
        n.cancel_scope.cancel()
    return page, status


async def test_the_next_run_serves_at_the_same_address(tmp_path: Path) -> None:
    first, ok1 = await _run_once(tmp_path)
    again, ok2 = await _run_once(tmp_path)
    assert (ok1, ok2) == (200, 200)
    assert again.url == first.url and again.token == first.token and first.port > 0
    assert stat.S_IMODE((tmp_path / FILE).stat().st_mode) == 0o600
    saved = json.loads((tmp_path / FILE).read_text())
    assert saved == {"seat": {"token": first.token, "port": first.port}}
    # the lobby's page (p2pcards play) is kept apart: a lobby tab never lands on a seat's
    lobby, _ = await _run_once(tmp_path, lobby=True)
    lobby_again, _ = await _run_once(tmp_path, lobby=True)
    assert lobby_again.url == lobby.url and lobby.token != first.token
    assert lobby.port != first.port
    assert json.loads((tmp_path / FILE).read_text())["seat"] == saved["seat"]


async def test_a_taken_port_gives_another_which_is_kept(tmp_path: Path) -> None:
    first, _ = await _run_once(tmp_path)
    with socket.socket() as other:  # another program took the port meanwhile
        other.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # (its TIME_WAIT)
        other.bind(("127.0.0.1", first.port))
        other.listen()
        moved, ok = await _run_once(tmp_path)
        assert ok == 200 and moved.port != first.port and moved.token == first.token
        # a port asked for (--web-port) is that port or an error
        with pytest.raises(ExceptionGroup) as refused:
            await _run_once(tmp_path, port=first.port)
        assert refused.group_contains(OSError)
    assert kept(tmp_path, "seat").port == moved.port


async def test_a_damaged_file_or_no_data_directory_gives_a_fresh_token(tmp_path: Path) -> None:
    (tmp_path / FILE).write_text('{"seat": {"token": "short", "port": 80}')
    page, ok = await _run_once(tmp_path)
    assert ok == 200 and len(page.token) == 43
    assert kept(tmp_path, "seat").token == page.token
    one, _ = await _run_once(None)
    two, _ = await _run_once(None)
    assert one.token != two.token
