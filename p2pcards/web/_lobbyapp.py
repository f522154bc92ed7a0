"""The lobby page's WebSocket: the lobby's state out (with every text in the page's
language), the player's commands in.

Browser → server: ``{"lang": "ru"}``, ``{"host": {"game", "seats", "options": {name:
value}, "bots": n, "levels": [level of Бот 1, ...]}}`` (or ``"level"``: one for every
bot, as the page sent before levels were chosen per bot), ``{"join": "name or
host:port"}``, ``{"cancel": true}``,
``{"answer": {"fingerprint", "ok"}}`` (the player's answer about a joiner or a host),
``{"resume": id}`` / ``{"drop": id}`` (an unfinished table, by the start of its id).
Server → browser: ``{"lobby": {...}}`` (:meth:`~p2pcards.web._lobby.LobbyService.state`
plus ``"lang"``, ``"labels"``, ``"games"``, ``"status_text"`` and ``"join_lines"``),
``{"refused": text}``.
"""

from __future__ import annotations

import dataclasses
import json
import logging
from typing import Any

import trio
from starlette.websockets import WebSocket

from p2pcards import net
from p2pcards.cli._i18n import error_text
from p2pcards.games import OptionError, game_info
from p2pcards.peer import LobbyError, address_text
from p2pcards.ui import Texts
from p2pcards.web._lobby import HostSpec, LobbyService, games_offered
from p2pcards.web._socket import first_of, serve_socket
from p2pcards.web._texts import N_, ask_text, join_lines, lobby_labels, lobby_status

log = logging.getLogger("p2pcards.web")


def lobby_screen(lobby: LobbyService, lang: str) -> dict[str, Any]:
    """The lobby page's data in ``lang``."""
    st = lobby.state()
    st["lang"] = lang
    if lobby.failure is not None:
        st["error"] = failure_text(lang, lobby.failure)
    if st.get("browse_error"):  # (the English detail is in the log file)
        st["browse_error"] = Texts(lang)(MDNS_UNAVAILABLE)
    st["labels"] = lobby_labels(lang)
    st["games"] = games_offered(lang)
    st["status_text"] = lobby_status(lang, st)
    st["join_lines"] = join_lines(lang, st)
    for a in st["asks"]:
        a["text"] = ask_text(lang, a)
    for u in st["unfinished"]:
        u["title"] = title(u["game"], lang)
    return st


def host_spec(data: Any) -> HostSpec:
    """A :class:`HostSpec` from the browser's ``{"host": {...}}``; ValueError/TypeError
    when its shape is wrong (the socket is closed then).  The levels are checked by
    :meth:`LobbyService.host` (a count other than the bots' or an unknown level is
    worded on the page)."""
    if not isinstance(data, dict):
        raise ValueError("host: not an object")
    options = data.get("options", {})
    if not isinstance(options, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in options.items()
    ):
        raise ValueError("host: options must be strings")
    game, seats, bots = data.get("game"), data.get("seats"), data.get("bots", 0)
    if not isinstance(game, str) or not isinstance(seats, int) or not isinstance(bots, int):
        raise ValueError("host: game, seats, bots")
    levels = data.get("levels")
    if levels is None:  # the page before the levels per bot: one for all
        level = data.get("level", "basic")
        if not isinstance(level, str):
            raise ValueError("host: level")
        levels = [level] * max(bots, 0)
    if not isinstance(levels, list) or not all(isinstance(x, str) for x in levels):
        raise ValueError("host: levels must be strings")
    return HostSpec(game, seats, options, bots, tuple(levels))


MDNS_UNAVAILABLE = N_(
    "mDNS is unavailable here, so tables on the network cannot be seen: join by address "
    "(host:port, what the host's page shows)"
)
MDNS_NO_ANNOUNCE = N_(
    "mDNS is unavailable here, so the table cannot be announced on the network (no "
    "multicast, or a firewall)"
)
"""The lobby's lines when mDNS cannot run here (no multicast, a firewall)."""


def failure_text(lang: str, e: Exception) -> str:
    """Why hosting or joining failed, in ``lang``: a :class:`~p2pcards.peer.LobbyError`
    by its ``kind`` (the page's own words where the terminal's name a command or a key
    to press; :func:`p2pcards.cli._lan.lobby_error_text` for the others), an
    OptionError through the catalog, anything else as it is."""
    if isinstance(e, OptionError):
        return error_text(lang, e)
    if isinstance(e, net.DiscoveryUnavailable):
        return Texts(lang)(MDNS_NO_ANNOUNCE)
    if not isinstance(e, LobbyError):
        return str(e)
    t, p = Texts(lang), dict(e.params)
    where = address_text((str(p.get("host", "")), int(p.get("port", 0))))
    if e.kind == "not found":
        return t("no table called “{target}” is on the network", target=p.get("target", ""))
    if e.kind == "not confirmed":
        return t("you did not sit at {name}'s table", name=p.get("name", ""))
    if e.kind in ("unreachable", "refused"):
        return t(
            "no answer from {where}: is the host's program running, and is this the address "
            "it shows?",
            where=where,
        )
    from p2pcards.cli._lan import lobby_error_text

    return lobby_error_text(e, lang)


def title(game: str, lang: str) -> str:
    """The game's title in ``lang``, or its name when unknown."""
    try:
        return game_info(game).title["ru" if lang == "ru" else "en"]
    except OptionError:
        return game


async def lobby_socket(ws: WebSocket, lobby: LobbyService, lang: str) -> None:
    """Serve one lobby page's socket until it closes."""
    await ws.accept()
    state: dict[str, Any] = {"lang": lang, "sent": -1, "epoch": 0}
    wake = trio.Event()

    async def sender() -> None:
        nonlocal wake
        while True:
            if lobby.rev == state["sent"]:
                await first_of(lambda: lobby.wait_change(state["sent"]), wake.wait)
                continue
            wake = trio.Event()
            rev, epoch = lobby.rev, state["epoch"]
            data = lobby_screen(lobby, str(state["lang"]))
            await ws.send_text(json.dumps({"lobby": data}, ensure_ascii=False))
            # a language switch on the way asks for the lobby again, in the new language
            state["sent"] = rev if state["epoch"] == epoch else -1

    def handle(msg: dict[str, Any]) -> str | None:
        if msg.get("lang") in ("ru", "en"):
            state["lang"] = msg["lang"]
            state["sent"] = -1
            state["epoch"] += 1
            wake.set()
        if "host" in msg:
            spec = host_spec(msg["host"])  # the table's and bots' names in the page's language
            name = f"{lobby.identity.name}: {title(spec.game, str(state['lang']))}"
            spec = dataclasses.replace(spec, table_name=name, lang=str(state["lang"]))
            try:
                return lobby.host(spec)
            except OptionError as e:
                return error_text(str(state["lang"]), e)
        if "join" in msg:
            target = msg["join"]
            if not isinstance(target, str):
                raise ValueError("join: not a string")
            return lobby.join(target)
        for what in ("resume", "drop"):
            if what in msg:
                table_id = msg[what]
                if not isinstance(table_id, str):
                    raise ValueError(f"{what}: not a string")
                return lobby.resume(table_id) if what == "resume" else lobby.drop(table_id)
        if msg.get("cancel") is True:
            lobby.cancel()
        if "answer" in msg:
            a = msg["answer"]
            if not isinstance(a, dict) or not isinstance(a.get("fingerprint"), str):
                raise ValueError("answer: {fingerprint, ok}")
            lobby.answer(a["fingerprint"], a.get("ok") is True)
        return None

    await serve_socket(ws, sender, handle, "lobby")
