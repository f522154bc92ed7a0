"""Events a :class:`~p2pcards.net.Mesh` reports on its ``events`` channel.

Peer ids are 32-byte Ed25519 public keys; addresses are ``(host, port)`` tuples where
port is the peer's listening port (what to dial to reach it again).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PeerConnected:
    """A connection to ``peer_id`` is authenticated and live (first one, or again)."""

    peer_id: bytes
    address: tuple[str, int] | None
    head: int


@dataclass(frozen=True)
class PeerDisconnected:
    """The connection to ``peer_id`` ended; ``reason`` says why (for logs and UI)."""

    peer_id: bytes
    reason: str


@dataclass(frozen=True)
class EntryAccepted:
    """The store accepted entry ``seq`` received from ``peer_id`` (not sent for local ones)."""

    seq: int
    peer_id: bytes


@dataclass(frozen=True)
class EntryRejected:
    """The store refused entry ``seq`` (``data``) sent by ``peer_id``: blame evidence."""

    seq: int
    peer_id: bytes
    data: bytes


@dataclass(frozen=True)
class EntryConflict:
    """``peer_id`` sent, for ``seq`` already held, bytes different from ours (``data``).

    Two different entries for one slot: the table layer decides who equivocated.
    """

    seq: int
    peer_id: bytes
    data: bytes


@dataclass(frozen=True)
class DirectReceived:
    """``peer_id`` sent ``data`` to this peer only (``Mesh.send_direct``)."""

    peer_id: bytes
    data: bytes


MeshEvent = (
    PeerConnected | PeerDisconnected | EntryAccepted | EntryRejected | EntryConflict
    | DirectReceived
)  # fmt: skip
