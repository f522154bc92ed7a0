"""Serving the page: Hypercorn's trio worker in the caller's trio run, bound to
127.0.0.1 by default, behind the :class:`~p2pcards.web._security.Guard`; with a data
directory, at the address of the last run (:mod:`p2pcards.web._address`)."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import trio
from hypercorn.config import Config
from hypercorn.trio import serve

from p2pcards.web._address import Kept, keep, kept, listen_socket
from p2pcards.web._app import HEADERS, Latency, create_app
from p2pcards.web._seat import SeatSource
from p2pcards.web._security import Guard, allowed_hosts, new_token

if TYPE_CHECKING:
    from p2pcards.web._lobby import LobbyService


@dataclass(frozen=True)
class WebPage:
    """A running page: ``url`` (with the secret token; give it only to the player's
    browser), the bound ``host`` and ``port``, and the measured ``latency``."""

    url: str
    host: str
    port: int
    token: str
    latency: Latency


async def start_page(
    nursery: trio.Nursery,
    source: SeatSource | None,
    *,
    host: str = "127.0.0.1",
    port: int = 0,
    lang: str = "en",
    lobby: LobbyService | None = None,
    home: Path | None = None,
) -> WebPage:
    """Start serving ``source``'s page (or, with ``source`` None, the ``lobby``'s pages)
    in ``nursery`` (cancel it to stop); returns once the socket listens.  ``port`` 0
    picks a free port (a port given is used or fails).  ``home``: the data directory,
    where the page's port and token are kept from run to run
    (:mod:`p2pcards.web._address`): a page left open in the browser reconnects when the
    program is started again; ``port`` 0 then means the last run's port if it is free.
    Without ``home`` (``play --offline``: nothing to resume) the token is new on each
    run.  Raises OSError when the address cannot be bound."""
    kind = "lobby" if lobby is not None else "seat"
    last = kept(home, kind) if home is not None else Kept(new_token(), 0)
    token = last.token
    sock = listen_socket(host, port) if port else listen_socket(host, last.port, fallback=True)
    app = create_app(source, token, lang=lang, lobby=lobby)
    guard = Guard(app, token, headers=HEADERS)
    config = Config()
    config.bind = [f"fd://{sock.detach()}"]  # (hypercorn owns the socket from here)
    config.accesslog = None
    quiet = logging.getLogger("p2pcards.web.hypercorn")
    quiet.setLevel(logging.WARNING)
    config.errorlog = quiet
    config.graceful_timeout = 0.5
    binds: Any = await nursery.start(serve, guard, config)
    bound = str(binds[0]).rsplit(":", 1)
    real_port = int(bound[1])
    guard.allow(allowed_hosts(host, real_port))
    if home is not None:
        keep(home, kind, Kept(token, real_port))
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{real_port}/{token}/"
    return WebPage(url, host, real_port, token, app.state.latency)
