"""The sans-I/O state machine of one table: lobby (genesis) -> hands -> result.

``Table(genesis, seat=..., identity=..., sealing_key=..., random_bytes=...)``; feed it
``receive(entry_bytes)`` and ``decide(move)``; carry out the returned outputs in order
(:class:`Persist` before :class:`Broadcast`).  ``Table(genesis)`` with no seat is an
observer: the audit.  ``protocol/table.md`` describes the protocol steps, one class
each in :mod:`p2pcards.table._steps`.
"""

from p2pcards.table._audit import AuditReport, audit_entries
from p2pcards.table._outputs import (
    Appended,
    Broadcast,
    CardsOpened,
    CheatDetected,
    Evidence,
    Fetch,
    GameOver,
    HandAbandoned,
    HandStarted,
    HandVerified,
    MoveMade,
    Offence,
    Output,
    Persist,
    Rejected,
    SeatLeft,
    UIEvent,
    VoteCast,
    Waiting,
    YourCards,
    YourTurn,
)
from p2pcards.table._steps import Alter, Expect, Step
from p2pcards.table._table import Table

__all__ = [
    "Alter",
    "Appended",
    "AuditReport",
    "Broadcast",
    "CardsOpened",
    "CheatDetected",
    "Evidence",
    "Expect",
    "Fetch",
    "GameOver",
    "HandAbandoned",
    "HandStarted",
    "HandVerified",
    "MoveMade",
    "Offence",
    "Output",
    "Persist",
    "Rejected",
    "SeatLeft",
    "Step",
    "Table",
    "UIEvent",
    "VoteCast",
    "Waiting",
    "YourCards",
    "YourTurn",
    "audit_entries",
]
