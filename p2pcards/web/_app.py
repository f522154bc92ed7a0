"""The Starlette app of one seat's page: the page, its static files and the WebSocket
that carries screens to the browser and the player's choices back.

WebSocket messages (JSON).  Browser → server: ``{"lang": "ru"}`` (first message, and
on every switch), ``{"play": id, "rev": n}`` (the move ``id`` of the screen at revision
``n``; a stale revision is ignored), ``{"continue": true}`` (after the hand's sheet),
``{"again": true}`` (after the game), ``{"shown": n}`` (screen ``n`` is on the page; used
to measure the delay).  Server → browser: ``{"screen": {...}}`` (see
:mod:`p2pcards.web._screen`), ``{"refused": text}``.
"""

from __future__ import annotations

import json
import logging
from importlib import resources
from typing import TYPE_CHECKING, Any

import trio
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from p2pcards.games import GameError
from p2pcards.web._pages import render_page
from p2pcards.web._rules import rules_html
from p2pcards.web._screen import screen
from p2pcards.web._seat import SeatSource
from p2pcards.web._socket import first_of, serve_socket

if TYPE_CHECKING:
    from p2pcards.web._lobby import LobbyService

log = logging.getLogger("p2pcards.web")

HEADERS = {  # also added to every response by the Guard
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": "default-src 'self'; connect-src 'self'; img-src 'self' data:; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
}


class Latency:
    """Delays from a snapshot's making (a move applied) to the browser saying it shows
    that screen (seconds; screens the page never drew, because a newer one came first,
    are not counted)."""

    def __init__(self) -> None:
        self.published: dict[int, float] = {}
        self.samples: list[float] = []
        self.last_shown = -1
        """The newest revision a browser said it shows."""

    def sent(self, rev: int, at: float) -> None:
        """Screen ``rev``, made at trio time ``at``, is going out now."""
        self.published.setdefault(rev, at)
        if len(self.published) > 512:
            self.published.pop(next(iter(self.published)))

    def shown(self, rev: int) -> None:
        """The browser shows screen ``rev``."""
        self.last_shown = max(self.last_shown, rev)
        t0 = self.published.pop(rev, None)
        if t0 is not None:
            self.samples.append(trio.current_time() - t0)


def static_dir() -> str:
    """The folder of the page's static files (HTML, ES modules, CSS)."""
    return str(resources.files("p2pcards.web") / "static")


def _page(name: str, lang: str) -> Response:
    return Response(render_page(name, lang), media_type="text/html; charset=utf-8")


def create_app(
    source: SeatSource | None, token: str, *, lang: str = "en", lobby: LobbyService | None = None
) -> Starlette:
    """The app under ``/<token>/`` (the :class:`~p2pcards.web._security.Guard` in front
    of it checks the token, Host and Origin).  With ``source``: the table page of that
    seat at ``/<token>/``.  Always: the rules of a game as an HTML fragment at
    ``/<token>/rules/<game>/<en|ru>`` (:func:`~p2pcards.web._rules.rules_html`; 404 for
    another game or language), shown by the table page's rules dialog (``?``).  With
    ``lobby`` instead: the lobby page there, and the table page of the lobby's running
    game at ``/<token>/table``.  ``lang`` is the page's first language (the browser may
    switch and remembers its choice)."""
    if (source is None) == (lobby is None):
        raise ValueError("create_app needs a source or a lobby")
    latency = Latency()

    async def index(request: Request) -> Response:
        return _page("index.html", lang)

    async def rules(request: Request) -> Response:
        game, page_lang = request.path_params["game"], request.path_params["lang"]
        try:
            if page_lang not in ("en", "ru"):
                raise ValueError(page_lang)
            html = rules_html(game, page_lang)
        except ValueError:
            return Response("no such rules page", status_code=404, media_type="text/plain")
        return Response(html, media_type="text/html; charset=utf-8")

    async def lobby_page(request: Request) -> Response:
        return _page("lobby.html", lang)

    async def lobby_ws(ws: WebSocket) -> None:
        from p2pcards.web._lobbyapp import lobby_socket  # the lobby's page only

        assert lobby is not None
        await lobby_socket(ws, lobby, lang)

    async def socket(ws: WebSocket) -> None:
        await ws.accept()
        src = source if source is not None else lobby.source if lobby is not None else None
        if src is None:  # no game now (the lobby's page opened too early, or a stale tab)
            await ws.send_text(json.dumps({"nogame": True}))
            await ws.close()
            return
        await table_socket(ws, src, lang, latency)

    routes: list[Any] = [
        WebSocketRoute(f"/{token}/ws", socket),
        Route(f"/{token}/rules/{{game}}/{{lang}}", rules),
    ]
    if lobby is None:
        routes.append(Route(f"/{token}/", index))
    else:
        routes += [
            Route(f"/{token}/", lobby_page),
            Route(f"/{token}/table", index),
            WebSocketRoute(f"/{token}/lobby", lobby_ws),
        ]
        from p2pcards.web._logapp import log_routes

        routes += log_routes(token, lobby, lang, _page)
    routes.append(Mount(f"/{token}/s", StaticFiles(directory=static_dir())))
    app = Starlette(routes=routes)
    app.state.latency = latency
    return app


async def table_socket(ws: WebSocket, source: SeatSource, lang: str, latency: Latency) -> None:
    """Serve one table page's socket (accepted): screens out, the player's choices in."""
    state: dict[str, Any] = {"lang": lang, "sent": -1, "epoch": 0}
    wake = trio.Event()

    async def sender() -> None:
        nonlocal wake
        while True:
            snap = source.snapshot()
            if snap.rev == state["sent"]:
                await first_of(lambda: source.wait_change(state["sent"]), wake.wait)
                continue
            wake = trio.Event()
            epoch = state["epoch"]
            latency.sent(snap.rev, snap.at)
            data = screen(snap, state["lang"], trio.current_time())
            await ws.send_text(json.dumps({"screen": data}, ensure_ascii=False))
            # a language switch that arrived while this screen was on its way asks for
            # the screen again: it must not be marked as sent (the page stayed in the
            # old language until the next move)
            state["sent"] = snap.rev if state["epoch"] == epoch else -1

    def handle(msg: dict[str, Any]) -> str | None:
        if msg.get("lang") in ("ru", "en"):
            state["lang"] = msg["lang"]
            state["sent"] = -1
            state["epoch"] += 1
            wake.set()
        if isinstance(msg.get("shown"), int):
            latency.shown(msg["shown"])
        snap = source.snapshot()
        if "play" in msg:
            i, rev = msg.get("play"), msg.get("rev")
            if rev != snap.rev or not isinstance(i, int) or not 0 <= i < len(snap.legal):
                return "stale"
            try:
                source.play(snap.legal[i])
            except GameError as e:
                log.info("web: move refused: %s", e)
                return "refused"
        if msg.get("continue") is True:
            source.continue_hand()
        if msg.get("again") is True:
            source.play_again()
        if msg.get("leave") is True:
            source.leave()
        return None

    await serve_socket(ws, sender, handle, "table page")
