"""The Python API for playing over the network (I/O: trio, files).

A peer has an identity (``p2pcards.identity``); it hosts or joins a table, then plays
through a :class:`Session`: iterate ``session.events`` (the table's UI events plus
connection news) and call ``session.move(move)`` on ``YourTurn``.  Bots use exactly this
API (:func:`play_bot`).  See ``docs/api.md`` and ``scripts/example_bot.py``.

    async with host_table(me, load_game("akulina", seats=4)) as lobby:
        session = await lobby.started()
        result = await play_bot(session, "basic")
"""

from p2pcards.peer._bot import play_bot
from p2pcards.peer._lobby import (
    Lobby,
    LobbyError,
    LobbyUpdate,
    host_table,
    join_table,
    probe_table,
)
from p2pcards.peer._resume import Unfinished, resume_table, unfinished_tables
from p2pcards.peer._session import (
    Misbehaviour,
    PeerBack,
    PeerLost,
    Session,
    SessionEvent,
    StorageFailed,
)
from p2pcards.peer._storage import TableStorage

__all__ = [
    "Lobby",
    "LobbyError",
    "LobbyUpdate",
    "Misbehaviour",
    "PeerBack",
    "PeerLost",
    "Session",
    "SessionEvent",
    "StorageFailed",
    "TableStorage",
    "Unfinished",
    "host_table",
    "join_table",
    "play_bot",
    "probe_table",
    "resume_table",
    "unfinished_tables",
]
