"""Who may talk to the page's server: an ASGI middleware that refuses (403) every HTTP
request and WebSocket that lacks the run's secret token or comes from another origin.

The token (``secrets.token_urlsafe``) is the URL's first path segment, so the page's
relative links and module imports carry it; it is compared in constant time.  The
``Host`` header must name the address the server is bound to (no DNS rebinding), and an
``Origin`` header, when present (always on a WebSocket), must be that same origin: no
other local user or web page can drive the seat.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Awaitable, Callable, Iterable, Mapping, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

log = logging.getLogger("p2pcards.web")


def new_token() -> str:
    """A fresh per-run secret: 32 random bytes, URL-safe base64 (43 characters)."""
    return secrets.token_urlsafe(32)


def allowed_hosts(host: str, port: int) -> frozenset[str]:
    """The ``Host`` header values that name the server bound to ``host``:``port``
    (a loopback server answers to 127.0.0.1, localhost and [::1])."""
    if host in ("127.0.0.1", "::1", "localhost"):
        names = ["127.0.0.1", "localhost", "[::1]"]
    else:
        names = [f"[{host}]" if ":" in host else host]
    return frozenset(f"{n}:{port}" for n in names)


class Guard:
    """ASGI middleware in front of ``app``: passes a request on only when its path starts
    with ``/<token>/`` (or is ``/<token>``), its Host is in ``hosts`` and its Origin (if
    any; required on WebSockets) is ``http://`` plus one of ``hosts``; ``headers`` are
    added to every HTTP response it lets through.  Refusals are
    logged at INFO with the reason and answered 403 (a WebSocket is closed before it is
    accepted, which the browser sees as a 403 handshake response)."""

    def __init__(
        self,
        app: ASGIApp,
        token: str,
        hosts: Iterable[str] = (),
        headers: Mapping[str, str] | None = None,
    ) -> None:
        self.app = app
        self.prefix = f"/{token}"
        self.extra = [(k.lower().encode(), v.encode()) for k, v in (headers or {}).items()]
        self.allow(hosts)

    def allow(self, hosts: Iterable[str]) -> None:
        """Set the accepted Host values (once the server knows its port)."""
        self.hosts = frozenset(hosts)
        self.origins = frozenset(f"http://{h}" for h in self.hosts)

    def reason(self, scope: Scope) -> str | None:
        """Why ``scope`` is refused, or None when it may pass."""
        path: str = scope.get("path", "")
        head, _, _ = path[1:].partition("/")
        if not secrets.compare_digest(("/" + head).encode(), self.prefix.encode()):
            return "no token"
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        if headers.get("host") not in self.hosts:
            return f"host {headers.get('host')!r}"
        origin = headers.get("origin")
        if origin is None and scope["type"] == "websocket":
            return "websocket without an origin"
        if origin is not None and origin not in self.origins:
            return f"origin {origin!r}"
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        why = self.reason(scope)
        if why is None and scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return
        if why is None:

            async def send_with_headers(message: Message) -> None:
                if message["type"] == "http.response.start":
                    message["headers"] = [*message.get("headers", []), *self.extra]
                await send(message)

            await self.app(scope, receive, send_with_headers)
            return
        log.info("web: refused %s %s: %s", scope["type"], scope.get("path", "")[:12], why)
        if scope["type"] == "websocket":
            await receive()  # websocket.connect
            await send({"type": "websocket.close", "code": 1008})
            return
        await send(
            {
                "type": "http.response.start",
                "status": 403,
                "headers": [(b"content-type", b"text/plain; charset=utf-8")],
            }
        )
        await send({"type": "http.response.body", "body": b"403 Forbidden\n"})
