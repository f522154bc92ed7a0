"""The log viewer's routes (the lobby's pages): the viewer page, the list of past games
and a log laid out for viewing, by table id from the data directory or uploaded as a
file (``POST``).  The audit runs in a worker thread: the game goes on meanwhile."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import trio
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from p2pcards.games import OptionError, game_info
from p2pcards.peer import known_tables
from p2pcards.transcript import LogFileError
from p2pcards.web._logview import TABLE_ID, load_log, log_view, read_log_file
from p2pcards.web._texts import logview_labels

if TYPE_CHECKING:
    from p2pcards.web._lobby import LobbyService

MAX_UPLOAD = 64 * 1024 * 1024
"""Largest log file accepted for upload (bytes)."""

PAST_GAMES = 100
"""How many past games the list shows (newest first)."""


def _lang(request: Request, default: str) -> str:
    got = request.query_params.get("lang", default)
    return "ru" if got == "ru" else "en"


def past_games(lobby: LobbyService, lang: str) -> list[dict[str, Any]]:
    """The player's past games in the data directory, newest first: id, game, its title
    in ``lang``, the seats' names, the date (local time) and whether the game ended."""
    out = []
    for u in known_tables(lobby.identity, lobby.base)[:PAST_GAMES]:
        try:
            title = game_info(u.game).title["ru" if lang == "ru" else "en"]
        except OptionError:
            title = u.game
        date = datetime.datetime.fromtimestamp(u.mtime).strftime("%Y-%m-%d %H:%M")
        out.append(
            {
                "id": u.table_id.hex(),
                "game": u.game,
                "title": title,
                "names": list(u.names),
                "date": date,
                "done": u.done,
            }
        )
    return out


def log_routes(
    token: str, lobby: LobbyService, lang: str, page: Callable[[str, str], Response]
) -> list[Route]:
    """The routes under ``/<token>/logs``; ``page(name, lang)`` serves a static HTML page."""

    async def logs_page(request: Request) -> Response:
        return page("logs.html", lang)

    async def logs_list(request: Request) -> Response:
        want = _lang(request, lang)
        games = await trio.to_thread.run_sync(past_games, lobby, want)
        return JSONResponse({"labels": logview_labels(want), "games": games})

    async def logs_view(request: Request) -> Response:
        want = _lang(request, lang)
        if request.method == "POST":
            size = request.headers.get("content-length", "")
            if not size.isdigit() or int(size) > MAX_UPLOAD:
                return JSONResponse({"error": "too large"}, status_code=413)
            data = await request.body()
            if len(data) > MAX_UPLOAD:
                return JSONResponse({"error": "too large"}, status_code=413)

            def view() -> dict[str, Any]:
                try:
                    entries, evidence = read_log_file(data)
                except LogFileError as e:
                    lab = logview_labels(want)
                    return {"verdict": "unreadable", "verdict_text": lab["unreadable"] + str(e)}
                return log_view(entries, want, evidence)

            return JSONResponse(await trio.to_thread.run_sync(view))
        table_id = request.query_params.get("id", "")
        if not TABLE_ID.match(table_id):
            return JSONResponse({"error": "no such log"}, status_code=404)
        path = lobby.tables_dir() / f"{table_id}.log"
        return JSONResponse(await trio.to_thread.run_sync(load_log, path, want))

    return [
        Route(f"/{token}/logs", logs_page),
        Route(f"/{token}/logs/list", logs_list),
        Route(f"/{token}/logs/view", logs_view, methods=["GET", "POST"]),
    ]
