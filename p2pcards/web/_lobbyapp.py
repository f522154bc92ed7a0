"""The lobby page's WebSocket: the lobby's state out (with every text in the page's
language), the player's commands in.

Browser → server: ``{"lang": "ru"}``, ``{"host": {"game", "seats", "options": {name:
value}, "bots": n, "level"}}``, ``{"join": "name or host:port"}``, ``{"cancel": true}``,
``{"answer": {"fingerprint", "ok"}}`` (the player's answer about a joiner or a host).
Server → browser: ``{"lobby": {...}}`` (:meth:`~p2pcards.web._lobby.LobbyService.state`
plus ``"lang"``, ``"labels"``, ``"games"`` and ``"status_text"``), ``{"refused": text}``.
"""

from __future__ import annotations

import json
import logging
from typing import Any

import trio
from starlette.websockets import WebSocket, WebSocketDisconnect

from p2pcards.web._lobby import HostSpec, LobbyService, games_offered
from p2pcards.web._texts import ask_text, lobby_labels, lobby_status

log = logging.getLogger("p2pcards.web")

MAX_MESSAGE = 4096
"""Longest message accepted from the browser (bytes)."""


def lobby_screen(lobby: LobbyService, lang: str) -> dict[str, Any]:
    """The lobby page's data in ``lang``."""
    st = lobby.state()
    st["lang"] = lang
    st["labels"] = lobby_labels(lang)
    st["games"] = games_offered(lang)
    st["status_text"] = lobby_status(lang, st)
    for a in st["asks"]:
        a["text"] = ask_text(lang, a)
    return st


def host_spec(data: Any) -> HostSpec:
    """A :class:`HostSpec` from the browser's ``{"host": {...}}``; ValueError/TypeError
    when its shape is wrong (the socket is closed then)."""
    if not isinstance(data, dict):
        raise ValueError("host: not an object")
    options = data.get("options", {})
    if not isinstance(options, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in options.items()
    ):
        raise ValueError("host: options must be strings")
    game, seats, bots = data.get("game"), data.get("seats"), data.get("bots", 0)
    level = data.get("level", "basic")
    if not isinstance(game, str) or not isinstance(seats, int) or not isinstance(bots, int):
        raise ValueError("host: game, seats, bots")
    if not isinstance(level, str):
        raise ValueError("host: level")
    return HostSpec(game, seats, options, bots, level)


async def lobby_socket(ws: WebSocket, lobby: LobbyService, lang: str) -> None:
    """Serve one lobby page's socket until it closes."""
    await ws.accept()
    state: dict[str, Any] = {"lang": lang, "sent": -1, "epoch": 0}
    wake = trio.Event()

    async def changed_or_woken(woke: trio.Event) -> None:
        async with trio.open_nursery() as n:

            async def change() -> None:
                await lobby.wait_change(state["sent"])
                n.cancel_scope.cancel()

            async def woken() -> None:
                await woke.wait()
                n.cancel_scope.cancel()

            n.start_soon(change)
            n.start_soon(woken)

    async def sender() -> None:
        nonlocal wake
        while True:
            if lobby.rev == state["sent"]:
                await changed_or_woken(wake)
                continue
            wake = trio.Event()
            rev, epoch = lobby.rev, state["epoch"]
            data = lobby_screen(lobby, str(state["lang"]))
            await ws.send_text(json.dumps({"lobby": data}, ensure_ascii=False))
            # a language switch on the way asks for the lobby again, in the new language
            state["sent"] = rev if state["epoch"] == epoch else -1

    async def receiver() -> None:
        while True:
            text = await ws.receive_text()
            if len(text) > MAX_MESSAGE:
                raise ValueError("message too long")
            msg = json.loads(text)
            if not isinstance(msg, dict):
                raise ValueError("not an object")
            refusal = handle(msg)
            if refusal:
                await ws.send_text(json.dumps({"refused": refusal}, ensure_ascii=False))

    def handle(msg: dict[str, Any]) -> str | None:
        if msg.get("lang") in ("ru", "en"):
            state["lang"] = msg["lang"]
            state["sent"] = -1
            state["epoch"] += 1
            wake.set()
        if "host" in msg:
            return lobby.host(host_spec(msg["host"]))
        if "join" in msg:
            target = msg["join"]
            if not isinstance(target, str):
                raise ValueError("join: not a string")
            return lobby.join(target)
        if msg.get("cancel") is True:
            lobby.cancel()
        if "answer" in msg:
            a = msg["answer"]
            if not isinstance(a, dict) or not isinstance(a.get("fingerprint"), str):
                raise ValueError("answer: {fingerprint, ok}")
            lobby.answer(a["fingerprint"], a.get("ok") is True)
        return None

    try:
        async with trio.open_nursery() as nursery:
            nursery.start_soon(sender)
            await receiver()
    except* WebSocketDisconnect:
        pass
    except* (ValueError, TypeError) as eg:
        log.info("web: closing a lobby socket that sent a bad message: %s", eg.exceptions[0])
        await ws.close(code=1003)
