"""The Python API for playing over the network (I/O: trio, files).

A peer has an identity (``p2pcards.identity``); it hosts or joins a table, then plays
its seat through the :class:`SeatController` of the running :class:`Session`
(``session.controller``): ``snapshot()``, ``subscribe()``, ``play(move)``, ``leave()``
and the turn loop ``drive(choose)``.  Bots use exactly this API (:func:`play_bot`).
See ``docs/api.md`` and ``scripts/example_bot.py``.

    async with host_table(me, load_game("akulina", seats=4), open_table=True) as lobby:
        session = await lobby.started()
        result = await play_bot(session, "basic")
"""

from p2pcards.peer._addresses import address_text, joinable_addresses
from p2pcards.peer._bot import play_bot, run_bot
from p2pcards.peer._controller import (
    Awaiting,
    CannotVote,
    Ending,
    MoveNotLegal,
    NotYourTurn,
    PlayError,
    Resynced,
    SeatClosed,
    SeatController,
    Snapshot,
    Subscription,
    Update,
)
from p2pcards.peer._events import (
    Misbehaviour,
    Notice,
    PeerBack,
    PeerLost,
    SessionEvent,
    StorageFailed,
)
from p2pcards.peer._known import KnownPlayers, PlayerCheck
from p2pcards.peer._lobby import (
    Confirm,
    Lobby,
    LobbyError,
    LobbyUpdate,
    host_table,
    join_table,
    lobby_error,
    probe_table,
)
from p2pcards.peer._plain import to_plain
from p2pcards.peer._rbcl import remove_rbcl_copy
from p2pcards.peer._resume import (
    Unfinished,
    drop_table,
    known_tables,
    resume_table,
    unfinished_tables,
)
from p2pcards.peer._session import Departure, Session
from p2pcards.peer._storage import TableStorage

__all__ = [
    "Awaiting",
    "CannotVote",
    "Confirm",
    "Departure",
    "Ending",
    "KnownPlayers",
    "Lobby",
    "LobbyError",
    "LobbyUpdate",
    "Misbehaviour",
    "MoveNotLegal",
    "NotYourTurn",
    "Notice",
    "PeerBack",
    "PeerLost",
    "PlayError",
    "PlayerCheck",
    "Resynced",
    "SeatClosed",
    "SeatController",
    "Session",
    "SessionEvent",
    "Snapshot",
    "StorageFailed",
    "Subscription",
    "TableStorage",
    "Unfinished",
    "Update",
    "address_text",
    "drop_table",
    "host_table",
    "join_table",
    "joinable_addresses",
    "known_tables",
    "lobby_error",
    "play_bot",
    "probe_table",
    "remove_rbcl_copy",
    "resume_table",
    "run_bot",
    "to_plain",
    "unfinished_tables",
]

remove_rbcl_copy()  # mental_poker (through table) has loaded rbcl by now
