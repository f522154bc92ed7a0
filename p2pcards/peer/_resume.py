"""Restarting a seat after a crash: reload the table's log and this seat's secrets from
disk, rebuild the table (re-deriving byte-identical entries from the persisted secrets),
reopen the mesh on the same port, and catch up from the other seats."""

from __future__ import annotations

import json
import os
import time
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack
import trio

from p2pcards import net
from p2pcards.files import home
from p2pcards.identity import Identity
from p2pcards.peer._lobby import lobby_error
from p2pcards.peer._session import Session
from p2pcards.peer._storage import TableStorage, read_entries
from p2pcards.table import Table
from p2pcards.transcript import (
    RecordType,
    TranscriptError,
    peek_entry,
    read_log,
    verify_genesis,
)


@dataclass(frozen=True)
class Unfinished:
    """A table under the data directory (read from its files only): ``table_id``,
    ``path`` of its log, the game's name, the seats' ``names``, this identity's ``seat``
    (None: not seated), ``table_name`` (as announced; "" when not recorded),
    ``host_address`` (where the host listened, from this seat's roster; None when not
    recorded), ``mtime`` (the log's last change, seconds since the epoch), ``done``
    (the game ended: a ``.done`` marker), ``dropped`` (given up with
    :func:`drop_table`: a ``.dropped`` marker), ``left`` (this seat left the table and
    the others were told: a ``.left`` marker; they end the hand without it) and ``bots``
    (in-process bots of this host sat at it: a ``.bots`` marker), ``bot_seats``: those
    bots as (data directory, bot or level), read from the marker (empty when they kept
    no files: gone with the host's process, they can never come back), ``options``: the
    game's options as in the genesis."""

    table_id: bytes
    path: Path
    game: str
    names: tuple[str, ...] = ()
    seat: int | None = None
    table_name: str = ""
    host_address: tuple[str, int] | None = None
    mtime: float = 0.0
    done: bool = False
    dropped: bool = False
    left: bool = False
    bots: bool = False
    bot_seats: tuple[tuple[str, str], ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict)

    @property
    def bots_can_return(self) -> bool:
        """Whether every bot of this host that sat here kept its files (its log and
        secrets under its data directory): resuming restarts them."""
        name = self.table_id.hex()
        return bool(self.bot_seats) and all(
            (Path(h) / "tables" / f"{name}{ext}").is_file()
            for h, _s in self.bot_seats
            for ext in (".log", ".secrets")
        )

    @property
    def bots_gone(self) -> bool:
        """This host's in-process bots sat here and cannot come back (they kept no
        files): after a crash the table can never go on."""
        return self.bots and not self.bots_can_return

    @property
    def short_id(self) -> str:
        """The first 8 hex digits of the table id (what the command line shows)."""
        return self.table_id.hex()[:8]


def _roster(log: Path) -> dict[str, Any]:
    """This seat's roster (from the ``.secrets`` beside ``log``), read only; {} if none."""
    try:
        contents = read_log(log.with_suffix(".secrets").read_bytes())
    except (OSError, ValueError, TranscriptError):
        return {}
    for r in contents.records:
        if r.type != RecordType.SECRET:
            continue
        try:
            key, data = msgpack.unpackb(r.data, raw=False)
        except (ValueError, msgpack.UnpackException):
            continue
        if key == "roster" and isinstance(data, dict):
            return data
    return {}


def known_tables(identity: Identity | None = None, base: Path | None = None) -> list[Unfinished]:
    """Every table log under the data directory (``base``, else :func:`~p2pcards.files.home`),
    newest first; with ``identity``, only the tables where it has a seat.  Reads only: no
    file is created, written or left open; an unreadable log is left out."""
    root = (base if base is not None else home()) / "tables"
    out = []
    try:
        logs = sorted(root.glob("*.log"), key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return []
    for log in logs:
        try:
            entries = read_entries(log)  # read only: creates and keeps open nothing
            if not entries:
                continue
            _e, g = verify_genesis(entries[0])
            mtime = log.stat().st_mtime
        except (ValueError, TranscriptError, OSError):
            continue
        ids = [s.identity for s in g.seats]
        seat = ids.index(identity.peer_id) if identity and identity.peer_id in ids else None
        if identity is not None and seat is None:
            continue
        roster = _roster(log) if seat is not None else {}
        members = roster.get("members") or []
        host = None
        if members and isinstance(members[0], list) and len(members[0]) == 3 and members[0][1]:
            host = (str(members[0][1]), int(members[0][2]))
        out.append(
            Unfinished(
                g.table,
                log,
                g.game,
                tuple(s.name for s in g.seats),
                seat,
                str(roster.get("name", "")),
                host,
                mtime,
                log.with_suffix(".done").exists(),
                log.with_suffix(".dropped").exists(),
                log.with_suffix(".left").exists(),
                log.with_suffix(".bots").exists(),
                _bot_seats(log.with_suffix(".bots")),
                dict(g.options),
            )
        )
    return out


def _bot_seats(marker: Path) -> tuple[tuple[str, str], ...]:
    """The bots a ``.bots`` marker names ((data directory, bot or level) each; () for
    none, an empty marker of an older version, or an unreadable one)."""
    try:
        data = json.loads(marker.read_text(encoding="utf-8") or "[]")
    except (OSError, ValueError):
        return ()
    if not isinstance(data, list):
        return ()
    out = []
    for b in data:
        if isinstance(b, dict) and isinstance(b.get("home"), str):
            out.append((b["home"], str(b.get("strategy") or "basic")))
    return tuple(out)


def unfinished_tables(identity: Identity, base: Path | None = None) -> list[Unfinished]:
    """Tables under the data directory where ``identity`` has a seat that can go on,
    newest first: no ``.done`` marker (the game did not end), no ``.dropped`` one, no
    ``.left`` one (this seat left and the others end the hand without it), and when
    this host's in-process bots sat at it (``.bots``), each bot kept its files, so that
    resuming restarts it (:attr:`Unfinished.bots_can_return`; bots of an older version,
    gone with the process after a crash, never come back).  Reads only: no file is
    created, written or left open."""
    return [
        u
        for u in known_tables(identity, base)
        if not (u.done or u.dropped or u.left or u.bots_gone)
    ]


def drop_table(table: Unfinished) -> Path:
    """Give up an unfinished table: a ``.dropped`` marker beside its log, so that it is
    no longer offered for resuming.  The log and the secrets stay (the log can still be
    audited).  Returns the marker's path; raises OSError when it cannot be written."""
    marker = table.path.with_suffix(".dropped")
    marker.touch()
    return marker


def replayed_session(
    storage: TableStorage,
    signing_key: Any,
    sealing_key: bytes,
    random_bytes: Callable[[int], bytes] = os.urandom,
) -> Session:
    """A restarted seat's :class:`Session`, rebuilt from its files (``storage``: the log
    and the secrets; the seat's identity ``signing_key`` and ``sealing_key``) and the log
    replayed, before any network (:func:`resume_table` opens the mesh then).  It has heard
    from no other seat yet (``heard`` False: no move offered, no vote), was away since
    its log last changed (``away_since``) and is back now (``back_at``)."""
    back_at = time.time()  # (it was away until now, not until it leaves again)
    try:  # (its last entry before the restart: since when this seat heard nothing)
        away_since: float | None = storage.log_path.stat().st_mtime
    except OSError:
        away_since = None
    entries = storage.entries()
    secrets = storage.secrets()
    _e, g = verify_genesis(entries[0])
    ids = [s.identity for s in g.seats]
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

    me = ids.index(signing_key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw))
    table = Table(
        entries[0],
        seat=me,
        identity=signing_key,
        sealing_key=sealing_key,
        random_bytes=random_bytes,
        secrets=secrets,
    )
    session = Session(table, ids, storage)
    session.heard = False  # (no move, no vote until another seat's link is up again)
    session.away_since = away_since
    session.back_at = back_at
    # replay what is on disk before any network traffic
    session.handle(table.start())
    for raw in entries[1:]:
        try:
            peek_entry(raw)
        except TranscriptError:
            break
        session.handle(table.receive(raw))
    for raw in storage.evidence():  # a cheat rejected before the restart: rejected again
        session.handle(table.receive(raw))
    if table.me in table.awaited() and away_since is not None and not table.halted:
        # its own turn: the others' clocks ran while it was away, and so does its own, from
        # its log's last change (a laptop closed on its turn comes back with its time up:
        # protocol/table.md §3 rule 6), not from the restart
        session.waiting_since = trio.current_time() - max(0.0, back_at - away_since)
    return session


@asynccontextmanager
async def resume_table(
    identity: Identity,
    table_id: bytes,
    *,
    base: Path | None = None,
    random_bytes: Callable[[int], bytes] = os.urandom,
    lang: str = "en",
) -> AsyncIterator[Session]:
    """Rebuild and rejoin an unfinished table; yields the running Session.

    Raises LobbyError when the files do not hold a table this identity sits at.
    """
    storage = TableStorage(table_id, base)
    entries = storage.entries()
    if not entries:
        raise lobby_error("no log of table {table} to resume", table=table_id.hex()[:8])
    _e, g = verify_genesis(entries[0])
    ids = [s.identity for s in g.seats]
    if identity.peer_id not in ids:
        raise lobby_error("you have no seat at table {table}", table=table_id.hex()[:8])
    session = replayed_session(
        storage, identity.signing_key, bytes(identity.sealing_key), random_bytes
    )
    roster = storage.secrets().get("roster") or {"members": [], "port": 0, "bind": ""}
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
