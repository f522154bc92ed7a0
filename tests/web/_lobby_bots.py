"""A web-lobby table with bots is a ``host --bots`` table (``unshare -rn python
tests/web/_lobby_bots.py``; run by tests/web/test_lobby_bots.py), in one process, no
browser.

Anna's lobby hosts Akulina for two with one bot; once the game runs the lobby is
stopped as a crash stops it (no clean-up: the bot's table files are not removed, as
when the process is killed).  A new lobby then offers the table, goes back to it, the
bot comes back from its files with its key, and Anna's seat plays the hand to its end.
Prints one JSON line: the ``.bots`` marker, the bot's files during and after the game,
what ``tempfile`` was asked to make, and the audit of both logs.

Then Vera's lobby hosts Thousand for three with the page's request for a level per bot,
``["hard", "medium"]`` (issue 17): the ``.bots`` marker and the strategy each bot plays
(its name, the level asked and the strong bot's budget) once the game runs.
"""

from __future__ import annotations

import functools
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import trio

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from p2pcards.identity import Identity, load_identity, new_identity  # noqa: E402
from p2pcards.web import _lobby  # noqa: E402
from p2pcards.web._lobby import HostSpec, LobbyService  # noqa: E402
from p2pcards.web._lobbyapp import host_spec  # noqa: E402

LO = ["127.0.0.1"]


def _files(base: Path) -> list[str]:
    return sorted(str(p.relative_to(base)) for p in base.rglob("tables/*") if p.is_file())


def _audit(path: Path) -> str:
    from p2pcards.cli.audit import read_entries
    from p2pcards.table import audit_entries

    return str(audit_entries(read_entries(path)).verdict)


async def _until(lobby: LobbyService, *status: str) -> None:
    with trio.fail_after(60):
        while lobby.status not in status:
            await lobby.wait_change(lobby.rev)


async def _crashed(me: Identity, base: Path, got: dict[str, Any]) -> None:
    lobby = LobbyService(me, interfaces=LO, bind="127.0.0.1", base=base)
    keep = getattr(_lobby, "_remove_table_files", None)
    _lobby._remove_table_files = lambda *a: None  # type: ignore[attr-defined]  # killed: no clean-up
    try:
        async with trio.open_nursery() as n:
            n.start_soon(lobby.run)
            with trio.fail_after(30):
                while lobby._nursery is None:
                    await trio.sleep(0.01)
            assert lobby.host(HostSpec("akulina", 2, {}, bots=1, levels=("basic",))) is None
            await _until(lobby, "playing")
            assert lobby.source is not None
            log = Path(lobby.source.controller.snapshot().log_path)
            got["marker"] = json.loads(log.with_suffix(".bots").read_text(encoding="utf-8"))
            got["files_playing"] = _files(base)
            n.cancel_scope.cancel()
    finally:
        _lobby._remove_table_files = keep  # type: ignore[attr-defined]


async def _resumed(me: Identity, base: Path, got: dict[str, Any]) -> None:
    lobby = LobbyService(me, interfaces=LO, bind="127.0.0.1", base=base)
    async with trio.open_nursery() as n:
        n.start_soon(lobby.run)
        with trio.fail_after(30):
            while not lobby.unfinished:
                await trio.sleep(0.01)
        [u] = lobby.unfinished
        got["offered"] = [u.short_id, list(u.names), u.bots_can_return]
        assert lobby.resume(u.short_id) is None
        await _until(lobby, "playing", "idle")
        source = lobby.source
        assert source is not None, lobby.error
        with trio.fail_after(90):
            while source.ending() is None:
                snap = source.snapshot()
                if snap.legal:
                    source.play(snap.legal[0])
                await source.wait_change(snap.rev)
        await _until(lobby, "over")
        ending = lobby.ending
        assert ending is not None
        got["ending"] = ending.status
        got["log"] = _audit(Path(ending.log_path))
        with trio.fail_after(30):  # the bot ends with the game, its files go
            while _files(base / "bots"):
                await trio.sleep(0.05)
        got["bot_endings"] = [e.status for e in lobby.bot_endings]
        n.cancel_scope.cancel()


async def _levels(me: Identity, base: Path, got: dict[str, Any]) -> None:
    from p2pcards.games import game_info
    from p2pcards.games._levels import resolve_bot

    lobby = LobbyService(me, interfaces=LO, bind="127.0.0.1", base=base)
    played: list[list[Any]] = []
    real = _lobby.run_bot

    async def run_bot(session: Any, strategy: str, rng: Any) -> Any:
        bot = resolve_bot(game_info("thousand"), strategy)
        budget = getattr(getattr(bot, "budget", None), "level", None)
        played.append([session.names[session.seat], strategy, budget])
        return await real(session, strategy, rng)

    _lobby.run_bot = run_bot  # type: ignore[assignment]
    try:
        async with trio.open_nursery() as n:
            n.start_soon(lobby.run)
            with trio.fail_after(30):
                while lobby._nursery is None:
                    await trio.sleep(0.01)
            levels = ["hard", "medium"]
            spec = host_spec({"game": "thousand", "seats": 3, "bots": 2, "levels": levels})
            assert lobby.host(spec) is None
            await _until(lobby, "playing")
            assert lobby.source is not None
            log = Path(lobby.source.controller.snapshot().log_path)
            got["levels_marker"] = json.loads(log.with_suffix(".bots").read_text(encoding="utf-8"))
            with trio.fail_after(30):
                while len(played) < 2:
                    await trio.sleep(0.01)
            got["levels_played"] = sorted(played)
            n.cancel_scope.cancel()
    finally:
        _lobby.run_bot = real  # type: ignore[assignment]


def main() -> None:
    subprocess.run(["ip", "link", "set", "lo", "up"], check=True)
    root = Path(tempfile.mkdtemp())
    base = root / "anna"
    made: list[Any] = []
    real = tempfile.mkdtemp
    tempfile.mkdtemp = lambda *a, **k: made.append(k.get("prefix")) or real(*a, **k)  # type: ignore[assignment]
    _lobby.host_table = functools.partial(_lobby.host_table, mdns=False)  # (faster: not needed)
    me = new_identity("Anna")
    got: dict[str, Any] = {"base": str(base)}
    trio.run(_crashed, me, base, got)
    bot = load_identity(base / "bots" / "1")
    got["bot_name"] = bot.name if bot else None
    trio.run(_resumed, me, base, got)
    got["files_after"] = _files(base)
    got["tempdirs"] = made
    vera = root / "vera"
    got["vera"] = str(vera)
    trio.run(_levels, new_identity("Vera"), vera, got)
    print("RESULT " + json.dumps(got, ensure_ascii=False, default=str), flush=True)


if __name__ == "__main__":
    main()
