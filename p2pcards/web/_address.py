"""The page's address kept in the data directory, so that a page open in the browser
finds the program again after it was stopped and started again (a crash, a closed
terminal, ``kill``: the table resumes from its log), without a new link.

``web.json`` (mode 0600, in the data directory, mode 0700, beside ``identity.json``) holds,
per kind of page ("lobby": ``p2pcards play``; "seat": ``host``/``join --web``), the port
and the secret token of the last run: the next run binds that port again when it is free
(else any free port, kept in its place) and serves under the same token.  A missing or
damaged file, or one that cannot be written, gives a fresh token and any free port: the
page is a convenience, never a reason to fail.
"""

from __future__ import annotations

import json
import logging
import re
import socket
from dataclasses import dataclass
from pathlib import Path

from p2pcards.files import StorageError, write_atomic
from p2pcards.web._security import new_token

log = logging.getLogger("p2pcards.web")

FILE = "web.json"
"""The file of the kept addresses in the data directory."""

_TOKEN = re.compile(r"[A-Za-z0-9_-]{43}")


@dataclass(frozen=True)
class Kept:
    """The address of a kind of page from the last run: its ``token`` and ``port`` (0:
    none kept)."""

    token: str
    port: int


def _read(base: Path) -> dict[str, object]:
    try:
        data = json.loads((base / FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def kept(base: Path, kind: str) -> Kept:
    """The token and port kept for ``kind`` in the data directory ``base``; a fresh token
    and port 0 when nothing (valid) is kept."""
    got = _read(base).get(kind)
    if isinstance(got, dict):
        token, port = got.get("token"), got.get("port")
        if isinstance(token, str) and _TOKEN.fullmatch(token):
            ok = isinstance(port, int) and not isinstance(port, bool) and 1024 <= port <= 65535
            return Kept(token, port if ok else 0)  # type: ignore[arg-type]
    return Kept(new_token(), 0)


def keep(base: Path, kind: str, address: Kept) -> None:
    """Remember ``address`` for ``kind`` in ``base`` (the other kinds kept as they are);
    a failure to write is logged and otherwise ignored."""
    data = _read(base)
    if data.get(kind) == {"token": address.token, "port": address.port}:
        return
    data[kind] = {"token": address.token, "port": address.port}
    try:
        write_atomic(base / FILE, json.dumps(data, indent=1).encode(), mode=0o600)
    except StorageError as e:
        log.info("web: cannot keep the page's address: %s", e)


def listen_socket(host: str, port: int, *, fallback: bool = False) -> socket.socket:
    """A TCP socket bound (not yet listening) to ``host``:``port`` (0: any free port);
    ``fallback``: with ``port`` taken by another program, to a free port instead.
    Raises OSError when it cannot be bound."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    for p in (port, 0) if port and fallback else (port,):
        sock = socket.socket(family, socket.SOCK_STREAM)
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            sock.bind((host, p))
        except OSError:
            sock.close()
            if p == 0 or not fallback:
                raise
            log.info("web: port %d is taken; the page gets another", p)
            continue
        return sock
    raise AssertionError("unreachable")
