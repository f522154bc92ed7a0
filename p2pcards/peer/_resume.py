"""Restarting a seat after a crash: reload the table's log and this seat's secrets from
disk, rebuild the table (re-deriving byte-identical entries from the persisted secrets),
reopen the mesh on the same port, and catch up from the other seats."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import trio

from p2pcards import net
from p2pcards.files import home
from p2pcards.identity import Identity
from p2pcards.peer._lobby import LobbyError
from p2pcards.peer._session import Session
from p2pcards.peer._storage import TableStorage, read_entries
from p2pcards.table import Table
from p2pcards.transcript import TranscriptError, peek_entry, verify_genesis


@dataclass(frozen=True)
class Unfinished:
    """A table this identity sits at whose game has not ended: ``table_id``, ``path``
    of its log, the game's name."""

    table_id: bytes
    path: Path
    game: str


def unfinished_tables(identity: Identity, base: Path | None = None) -> list[Unfinished]:
    """Tables under the data directory where ``identity`` has a seat and no ``.done``
    marker (the game did not end), newest first.  Reads only: no file is created,
    written or left open."""
    root = (base if base is not None else home()) / "tables"
    out = []
    try:
        logs = sorted(root.glob("*.log"), key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return []
    for log in logs:
        if log.with_suffix(".done").exists():
            continue
        try:
            entries = read_entries(log)  # read only: creates and keeps open nothing
            if not entries:
                continue
            _e, g = verify_genesis(entries[0])
        except (ValueError, TranscriptError, OSError):
            continue
        if any(s.identity == identity.peer_id for s in g.seats):
            out.append(Unfinished(g.table, log, g.game))
    return out


@asynccontextmanager
async def resume_table(
    identity: Identity,
    table_id: bytes,
    *,
    base: Path | None = None,
    random_bytes: Callable[[int], bytes] = os.urandom,
    lang: str = "en",
    abandon_after: float = 900.0,
) -> AsyncIterator[Session]:
    """Rebuild and rejoin an unfinished table; yields the running Session.

    Raises LobbyError when the files do not hold a table this identity sits at.
    """
    storage = TableStorage(table_id, base)
    entries = storage.entries()
    secrets = storage.secrets()
    if not entries:
        raise LobbyError(f"no log of table {table_id.hex()} to resume")
    _e, g = verify_genesis(entries[0])
    ids = [s.identity for s in g.seats]
    if identity.peer_id not in ids:
        raise LobbyError("this identity has no seat at that table")
    me = ids.index(identity.peer_id)
    table = Table(
        entries[0],
        seat=me,
        identity=identity.signing_key,
        sealing_key=bytes(identity.sealing_key),
        random_bytes=random_bytes,
        secrets=secrets,
    )
    roster = secrets.get("roster") or {"members": [], "port": 0, "bind": ""}
    session = Session(table, ids, storage, abandon_after)
    # replay what is on disk before any network traffic
    session.handle(table.start())
    for raw in entries[1:]:
        try:
            peek_entry(raw)
        except TranscriptError:
            break
        session.handle(table.receive(raw))
    store = session.store
    bind = roster.get("bind") or None
    try:
        mesh_cm = net.open_mesh(
            identity.signing_key, table_id, store, host=bind, port=int(roster.get("port", 0))
        )
        mesh = await mesh_cm.__aenter__()
    except OSError:
        mesh_cm = net.open_mesh(identity.signing_key, table_id, store, host=bind, port=0)
        mesh = await mesh_cm.__aenter__()
    try:
        members = {
            bytes(m[0]): ((str(m[1]), int(m[2])) if m[1] else None)
            for m in roster.get("members", [])
            if bytes(m[0]) != identity.peer_id
        }
        for pid in ids:
            if pid != identity.peer_id:
                members.setdefault(pid, None)
        mesh.set_members(members)
        async with trio.open_nursery() as nursery:
            await nursery.start(session.run, mesh)
            yield session
            nursery.cancel_scope.cancel()
    finally:
        await mesh_cm.__aexit__(None, None, None)
