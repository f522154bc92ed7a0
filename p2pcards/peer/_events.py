"""What a :class:`~p2pcards.peer.Session` reports besides the table's UI events:
connection news, refused bytes, a storage failure."""

from __future__ import annotations

from dataclasses import dataclass

from p2pcards.table import UIEvent


@dataclass(frozen=True)
class PeerLost:
    """The connection to seat ``seat`` (``name``) dropped; the mesh keeps redialing."""

    seat: int
    name: str
    reason: str


@dataclass(frozen=True)
class PeerBack:
    """Seat ``seat`` (``name``) is connected: ``again`` when this session had lost it
    (a :class:`PeerLost` came first: front ends say "is back"), False for the first
    connection (nothing to tell the player)."""

    seat: int
    name: str
    again: bool = True


@dataclass(frozen=True)
class Misbehaviour:
    """``name`` (seat ``seat``) sent bytes the table refused: ``reason``."""

    seat: int | None
    name: str
    reason: str


@dataclass(frozen=True)
class StorageFailed:
    """Writing this seat's files failed (``message`` names the path and the cure, e.g. a
    full disk).  The session has stopped: nothing more is sent, and :meth:`Session.run`
    raises the :class:`~p2pcards.files.StorageError`."""

    message: str


@dataclass(frozen=True)
class Notice:
    """A line for the player from the program around the seat, shown with the table's
    events (``text``, already in the player's language: "back at the table in 5.28 s").
    An open choice gives way to it (:meth:`~p2pcards.peer.SeatController.drive`), so it
    is drawn with the screen and the menu again, never printed under an open prompt."""

    text: str


SessionEvent = UIEvent | PeerLost | PeerBack | Misbehaviour | StorageFailed | Notice
