"""Peer-to-peer networking for one table: framing, authenticated and encrypted connections
(Noise XX bound to the Ed25519 identities), a gossiping full mesh, and LAN discovery.
It moves bytes; it knows nothing of games or tables.

Public API (see ``docs/net.md`` for the protocol and a walk-through)::

    from p2pcards import net

    store = net.MemoryLog()                       # or the peer layer's LogStore
    async with net.open_mesh(key, table_id, store, host="0.0.0.0") as mesh:
        peer_id = await mesh.connect(("192.168.1.7", 40123))  # join by host:port
        mesh.add_peer(other_id, ("192.168.1.9", 40200))       # or a known member
        store.append(b"entry"); mesh.announce()               # gossip
        await mesh.send_direct(peer_id, b"sealed")            # one peer only
        async for event in mesh.events: ...

    info = await net.probe(("192.168.1.7", 40123))  # who listens there (no auth)

    async with net.advertise(net.TableAd(...)) as advert:  # mDNS, see _discovery
        await advert.update(seats_taken=2)
    async with net.browse() as browser:                    # TableFound/Updated/Lost
        browser.tables()                                   # one per (name, host key)
        async for event in browser.events: ...

Framing (sans-I/O): ``FrameDecoder``, ``encode_frame``, ``FrameStream`` (trio).
Errors: everything raised is a ``NetError``.
"""

from p2pcards.net._address import bad_port, is_ip, is_port
from p2pcards.net._backoff import Backoff
from p2pcards.net._browse import (
    Browser,
    DiscoveryEvent,
    TableFound,
    TableLost,
    TableUpdated,
    browse,
    same_name_keys,
)
from p2pcards.net._channel import SecureStream
from p2pcards.net._connection import Connection
from p2pcards.net._discovery import (
    SERVICE_TYPE,
    Advertiser,
    DiscoveryUnavailable,
    TableAd,
    advertise,
)
from p2pcards.net._errors import (
    ConnectionClosed,
    ConnectionRefused,
    FrameError,
    FrameTooLarge,
    FrameTruncated,
    HandshakeError,
    HandshakeInterrupted,
    IntegrityError,
    NetError,
    PeerUnavailable,
    ProtocolError,
    ReadTimeout,
)
from p2pcards.net._events import (
    DirectReceived,
    EntryAccepted,
    EntryConflict,
    EntryRejected,
    MeshEvent,
    PeerConnected,
    PeerDisconnected,
)
from p2pcards.net._framing import (
    DEFAULT_MAX_FRAME,
    HEADER_SIZE,
    FrameDecoder,
    FrameStream,
    encode_frame,
)
from p2pcards.net._handshake import Authenticated, handshake
from p2pcards.net._keys import (
    PEER_ID_SIZE,
    check_peer_id,
    fingerprint,
    peer_id_of,
    short_fingerprint,
)
from p2pcards.net._mesh import Address, Mesh, MeshConfig, PeerStatus, open_mesh, probe
from p2pcards.net._store import LogStore, MemoryLog
from p2pcards.net._wire import MsgType, decode, encode

__all__ = [
    "DEFAULT_MAX_FRAME",
    "HEADER_SIZE",
    "PEER_ID_SIZE",
    "SERVICE_TYPE",
    "Address",
    "Advertiser",
    "Authenticated",
    "Backoff",
    "Browser",
    "Connection",
    "ConnectionClosed",
    "ConnectionRefused",
    "DirectReceived",
    "DiscoveryEvent",
    "DiscoveryUnavailable",
    "EntryAccepted",
    "EntryConflict",
    "EntryRejected",
    "FrameDecoder",
    "FrameError",
    "FrameStream",
    "FrameTooLarge",
    "FrameTruncated",
    "HandshakeError",
    "HandshakeInterrupted",
    "IntegrityError",
    "LogStore",
    "MemoryLog",
    "Mesh",
    "MeshConfig",
    "MeshEvent",
    "MsgType",
    "NetError",
    "PeerConnected",
    "PeerDisconnected",
    "PeerStatus",
    "PeerUnavailable",
    "ProtocolError",
    "ReadTimeout",
    "SecureStream",
    "TableAd",
    "TableFound",
    "TableLost",
    "TableUpdated",
    "advertise",
    "bad_port",
    "browse",
    "check_peer_id",
    "decode",
    "encode",
    "encode_frame",
    "fingerprint",
    "handshake",
    "is_ip",
    "is_port",
    "open_mesh",
    "peer_id_of",
    "probe",
    "same_name_keys",
    "short_fingerprint",
]
