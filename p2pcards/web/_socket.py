"""What the table page's and the lobby page's WebSockets share: the receive loop (JSON
objects of bounded size, each given to the page's handler, its refusal sent back), run
beside the page's sender until the browser goes, and waiting for the first of two
events."""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import trio
from starlette.websockets import WebSocket, WebSocketDisconnect

log = logging.getLogger("p2pcards.web")

MAX_MESSAGE = 4096
"""Longest message accepted from the browser (bytes); longer ones close the socket."""


async def serve_socket(
    ws: WebSocket,
    sender: Callable[[], Awaitable[None]],
    handle: Callable[[dict[str, Any]], str | None],
    what: str,
) -> None:
    """Run ``sender`` beside the receive loop of the accepted ``ws`` until the browser
    goes.  Each message must be a JSON object of at most :data:`MAX_MESSAGE` bytes; it
    is given to ``handle``, whose return value (a refusal: a label key or a text) goes
    back as ``{"refused": text}``.  A message too long, not JSON or not an object, or
    one ``handle`` rejects with ValueError/TypeError, closes the socket (code 1003,
    logged with ``what``, the page's name); a disconnect ends it quietly."""

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

    try:
        async with trio.open_nursery() as nursery:
            nursery.start_soon(sender)
            await receiver()
    except* WebSocketDisconnect:
        pass
    except* (ValueError, TypeError) as eg:
        log.info("web: closing a %s socket that sent a bad message: %s", what, eg.exceptions[0])
        await ws.close(code=1003)


async def first_of(*waits: Callable[[], Awaitable[Any]]) -> None:
    """Return as soon as the first of ``waits`` (called now) returns; the others are
    cancelled."""
    async with trio.open_nursery() as n:

        async def one(wait: Callable[[], Awaitable[Any]]) -> None:
            await wait()
            n.cancel_scope.cancel()

        for w in waits:
            n.start_soon(one, w)
