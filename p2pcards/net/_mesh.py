"""The full mesh of one table: connections, dialing rule, gossip, direct delivery.

Usage::

    async with open_mesh(key, table_id, store, host="0.0.0.0", port=0) as mesh:
        mesh.add_peer(other_id, ("192.168.1.7", 40123))   # or await mesh.connect(addr)
        store.append(entry); mesh.announce()              # gossip a local entry
        await mesh.send_direct(other_id, b"...")           # one seat only
        async for event in mesh.events: ...                # PeerConnected, EntryAccepted, ...

Connections: one TCP connection per pair of peers, authenticated by both Ed25519 keys
and encrypted (Noise XX, ``_handshake``; a record failing authentication drops the
connection, which is then re-dialed).  Dialing rule: the peer whose id (raw key bytes)
sorts lower dials at once; the higher one dials only after ``fallback_dial_delay`` seconds without a
connection (for when the lower one does not know its address).  If two connections for
one pair ever coexist, both ends keep the same one: the one dialed by the lower id, and
among those the newest.  Lost connections are re-dialed with exponential backoff and
jitter (:class:`~p2pcards.net.Backoff`, randomness from ``rng``).

Gossip: the log (a :class:`~p2pcards.net.LogStore`) is replicated by every connection's
writer sending, in order, the entries after the highest one the peer is known to hold.
A peer is known to hold ``seq`` once it said so (handshake, PING/PONG heads) or sent it
to us.  Every accepted entry is thus forwarded to every peer that may lack it, so a
table whose mesh lost links still gets every entry as long as it stays connected; on
(re)connect the handshake exchanges heads and the gap is filled from the log.
"""

from __future__ import annotations

import logging
import math
import random
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import trio
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from p2pcards._say import say
from p2pcards.net._backoff import Backoff
from p2pcards.net._connection import Connection
from p2pcards.net._errors import (
    ConnectionClosed,
    ConnectionRefused,
    HandshakeError,
    HandshakeInterrupted,
    NetError,
    PeerUnavailable,
    ProtocolError,
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
from p2pcards.net._framing import DEFAULT_MAX_FRAME, FrameStream
from p2pcards.net._handshake import CLOSING, handshake
from p2pcards.net._keys import fingerprint, peer_id_of
from p2pcards.net._store import LogStore
from p2pcards.net._wire import MsgType, decode, encode

Address = tuple[str, int]
log = logging.getLogger("p2pcards.net")


@dataclass(frozen=True)
class MeshConfig:
    """Tunables of a mesh (seconds, bytes, counts).

    ``accept_unknown``: admit dialers whose key is not a known peer (a lobby host does;
    they become peers).  ``info``: extra items answered to PROBE (str -> str|int|bytes).
    """

    max_frame: int = DEFAULT_MAX_FRAME
    heartbeat_interval: float = 1.0
    liveness_timeout: float = 5.0
    handshake_timeout: float = 5.0
    connect_timeout: float = 5.0
    backoff_initial: float = 0.1
    backoff_max: float = 5.0
    fallback_dial_delay: float = 3.0
    queue_size: int = 256
    event_queue_size: int = 4096
    close_grace: float = 1.0
    max_pending_handshakes: int = 32
    accept_unknown: bool = False


@dataclass(frozen=True)
class PeerStatus:
    """A peer as the mesh sees it (``Mesh.peers()``)."""

    peer_id: bytes
    address: Address | None
    connected: bool
    remote_head: int
    blocked: bool


@dataclass(eq=False)
class _Peer:
    peer_id: bytes
    address: Address | None = None
    conn: Connection | None = None
    blocked: bool = False
    removed: bool = False
    dialing: bool = False
    changed: trio.Event = field(default_factory=trio.Event)

    def poke(self) -> None:
        self.changed.set()
        self.changed = trio.Event()


class Mesh:
    """One peer's side of a table's mesh; create it with :func:`open_mesh`.

    ``id`` (our 32-byte key), ``table_id``, ``address`` (our listening (host, port); with
    ``listen_addresses`` all of them, one port for every address family),
    ``events`` (a trio MemoryReceiveChannel of MeshEvent; consume it, the mesh waits when
    it is full), ``info`` (dict answered to PROBE besides ``table_id`` and ``fp``: it is
    public, answered to anyone who asks).
    """

    def __init__(
        self,
        key: Ed25519PrivateKey,
        table_id: bytes,
        store: LogStore,
        nursery: trio.Nursery,
        config: MeshConfig,
        rng: random.Random | None,
    ) -> None:
        self.key = key
        self.id = peer_id_of(key)
        self.table_id = table_id
        self.store = store
        self.config = config
        self.rng = rng if rng is not None else random.SystemRandom()
        self.address: Address = ("", 0)
        self.listen_addresses: list[Address] = []
        self.info: dict[str, str | int | bytes] = {}
        self._nursery = nursery
        self._peers: dict[bytes, _Peer] = {}
        self._events_send, self.events = trio.open_memory_channel[MeshEvent](
            config.event_queue_size
        )
        self._pending = trio.Semaphore(config.max_pending_handshakes)
        self._refused = 0  # connections dropped for want of a handshake slot, not yet logged
        self._refused_logged = -math.inf
        self._closing = False

    # -- membership -----------------------------------------------------------------------

    def add_peer(self, peer_id: bytes, address: Address | None = None) -> None:
        """Make ``peer_id`` a member of this mesh (reachable at ``address`` if given).

        Connections from it are admitted; we dial it if we may (see the module
        docstring).  Calling again updates the address.
        """
        if peer_id == self.id:
            return
        p = self._peers.get(peer_id)
        if p is None or p.removed:
            p = self._peers[peer_id] = _Peer(peer_id)
        if address is not None:
            p.address = address
        self._maybe_dial(p)

    def set_members(self, members: Mapping[bytes, Address | None]) -> None:
        """Add every member (see add_peer); our own id is ignored.  Others stay."""
        for peer_id, address in members.items():
            self.add_peer(peer_id, address)

    def remove_peer(self, peer_id: bytes) -> None:
        """Forget ``peer_id``: close its connection and stop dialing it."""
        p = self._peers.pop(peer_id, None)
        if p is not None:
            p.removed = True
            if p.conn is not None:
                p.conn.close("removed from the table")
            p.poke()

    def block_peer(self, peer_id: bytes) -> None:
        """Close and refuse every connection with ``peer_id`` (both directions).

        For fault injection in tests and for banning a seat.  Gossip still brings its
        entries through other peers.
        """
        p = self._peers.get(peer_id)
        if p is None:
            p = self._peers[peer_id] = _Peer(peer_id)
        p.blocked = True
        if p.conn is not None:
            p.conn.close("blocked")
        p.poke()

    def unblock_peer(self, peer_id: bytes) -> None:
        """Undo :meth:`block_peer`; dialing resumes if we may dial it."""
        p = self._peers.get(peer_id)
        if p is not None and p.blocked:
            p.blocked = False
            p.poke()
            self._maybe_dial(p)

    def peers(self) -> dict[bytes, PeerStatus]:
        """Status of every known peer, by peer id."""
        return {
            p.peer_id: PeerStatus(
                p.peer_id,
                p.address,
                p.conn is not None,
                p.conn.remote_head if p.conn is not None else -1,
                p.blocked,
            )
            for p in self._peers.values()
        }

    def connected(self) -> list[bytes]:
        """Ids of the peers with a live connection, sorted."""
        return sorted(i for i, p in self._peers.items() if p.conn is not None)

    # -- data -----------------------------------------------------------------------------

    def announce(self) -> None:
        """Call after appending local entries to the store: gossip them to every peer."""
        for p in self._peers.values():
            if p.conn is not None:
                p.conn.wake()

    def holds(self, peer_id: bytes, seq: int) -> None:
        """The owner knows that ``peer_id`` holds entry ``seq`` (it wrote it): the log
        gossip will not send it that entry when it is the next one due (it sends every
        entry after it as usual; a peer whose heartbeats show it did not take it gets it
        again from its head).  Nothing happens when the peer is not connected or is due
        an earlier entry first."""
        p = self._peers.get(peer_id)
        if p is not None and p.conn is not None and p.conn.sent_upto == seq - 1:
            p.conn.sent_upto = seq

    async def send_direct(self, peer_id: bytes, data: bytes) -> None:
        """Send ``data`` to ``peer_id`` only, over its connection (not gossiped).

        Waits while its queue is full.  Raises PeerUnavailable when there is no live
        connection to it (the caller decides whether to retry), ValueError when ``data``
        does not fit in a frame.  Best effort: a message queued on a connection that then
        breaks is lost, and nothing is kept for a peer that is away.  Whatever the other
        side must eventually get has to be re-sent on its next PeerConnected (or be put in
        the log, which gossip and catch-up deliver).
        """
        if len(data) > self.config.max_frame - 16:
            raise ValueError(f"direct payload of {len(data)} bytes exceeds the frame cap")
        p = self._peers.get(peer_id)
        if p is None or p.conn is None:
            raise PeerUnavailable(f"no connection to {fingerprint(peer_id)}")
        try:
            await p.conn.send(encode(MsgType.DIRECT, data))
        except ConnectionClosed as exc:
            raise PeerUnavailable(str(exc)) from None

    # -- connecting -----------------------------------------------------------------------

    async def connect(self, address: Address, expected_id: bytes | None = None) -> bytes:
        """Dial ``address`` once (join by host:port), authenticate, return the peer's id.

        ``expected_id`` None accepts whatever key answers (show its fingerprint to the
        user).  The peer becomes a member; the connection then runs in the background.
        Raises HandshakeError or NetError (unreachable, timeout).
        """
        conn = await self._dial(address, expected_id)
        p = self._peers.get(conn.peer_id)
        if p is None or p.removed:
            p = self._peers[conn.peer_id] = _Peer(conn.peer_id)
        p.address = (address[0], conn.listen_port or address[1])
        if await self._attach(conn):
            self._nursery.start_soon(self._run_conn, conn)
        self._maybe_dial(p)
        return conn.peer_id

    async def _dial(self, address: Address, expected: bytes | None) -> Connection:
        host, port = address
        name = f"{host}:{port}"
        try:
            with trio.fail_after(self.config.connect_timeout):
                stream = await trio.open_tcp_stream(host, port)
        except trio.TooSlowError:
            raise NetError(f"cannot reach {name}: no answer within "
                           f"{self.config.connect_timeout:g} s") from None  # fmt: skip
        except OSError as exc:
            raise NetError(f"cannot reach {name}: {exc.strerror or exc}") from None
        fs = FrameStream(stream, max_frame=self.config.max_frame, peer=name)
        try:
            auth = await handshake(
                fs,
                key=self.key,
                table_id=self.table_id,
                head=self.store.head(),
                listen_port=self.address[1],
                initiator=True,
                expected=expected,
                timeout=self.config.handshake_timeout,
                peer=name,
            )
        except BaseException:
            with trio.CancelScope(shield=True):
                await fs.aclose()
            raise
        assert auth.channel is not None
        return self._new_connection(auth.channel, auth.peer_id, (host, port), auth.listen_port,
                                    True, auth.head)  # fmt: skip

    def _new_connection(
        self,
        fs: FrameStream,
        peer_id: bytes,
        remote: Address,
        listen_port: int,
        dialed_by_me: bool,
        head: int,
    ) -> Connection:
        return Connection(
            fs,
            peer_id=peer_id,
            remote_address=remote,
            listen_port=listen_port,
            dialed_by_me=dialed_by_me,
            remote_head=head,
            store=self.store,
            heartbeat_interval=self.config.heartbeat_interval,
            liveness_timeout=self.config.liveness_timeout,
            queue_size=self.config.queue_size,
            close_grace=self.config.close_grace,
        )

    def _may_dial(self, p: _Peer) -> bool:
        return not (self._closing or p.removed or p.blocked or p.address is None)

    def _maybe_dial(self, p: _Peer) -> None:
        if self._may_dial(p) and not p.dialing:
            p.dialing = True
            self._nursery.start_soon(self._dial_loop, p)

    async def _dial_loop(self, p: _Peer) -> None:
        backoff = Backoff(self.config.backoff_initial, self.config.backoff_max, rng=self.rng)
        try:
            while self._may_dial(p):
                if p.conn is not None:
                    await p.changed.wait()
                    continue
                if self.id > p.peer_id:  # the lower id dials; we only fall back
                    with trio.move_on_after(self.config.fallback_dial_delay):
                        await p.changed.wait()
                        continue
                    if p.conn is not None or not self._may_dial(p):
                        continue
                assert p.address is not None
                try:
                    conn = await self._dial(p.address, p.peer_id)
                except HandshakeError as exc:
                    said = say(
                        "could not authenticate the player with the key [{fingerprint}] "
                        "(p2pcards.log says why): trying again",
                        fingerprint=fingerprint(p.peer_id),
                    )
                    log.log(_level(exc, self._closing), "could not authenticate %s: %s",
                            fingerprint(p.peer_id), exc, extra=said)  # fmt: skip
                    with trio.move_on_after(backoff.next_delay()):
                        await p.changed.wait()
                    continue
                except NetError:
                    with trio.move_on_after(backoff.next_delay()):
                        await p.changed.wait()
                    continue
                backoff.reset()
                if await self._attach(conn):
                    await self._run_conn(conn)
                await trio.sleep(backoff.next_delay())
        finally:
            p.dialing = False

    # -- accepting ------------------------------------------------------------------------

    def _admit(self, peer_id: bytes) -> str | None:
        p = self._peers.get(peer_id)
        if self._closing:
            return CLOSING
        if p is not None and p.blocked:
            return "blocked"
        if (p is None or p.removed) and not self.config.accept_unknown:
            return f"{fingerprint(peer_id)} is not a member of this table"
        return None

    async def _handle_incoming(self, stream: trio.SocketStream) -> None:
        try:
            ip, port = stream.socket.getpeername()[:2]
        except OSError:
            await stream.aclose()
            return
        name = f"{ip}:{port}"
        fs = FrameStream(stream, max_frame=self.config.max_frame, peer=name)
        try:
            self._pending.acquire_nowait()
        except trio.WouldBlock:
            self._refused += 1
            now = trio.current_time()
            if now - self._refused_logged >= 1.0:  # at most one line a second in a flood
                said = say(
                    "dropped a connection from {address}: too many handshakes at once (limit {n})",
                    address=name,
                    n=self.config.max_pending_handshakes,
                )
                log.warning(
                    "dropped connection from %s: %d handshakes already in progress "
                    "(%d dropped since the last report)",
                    name,
                    self.config.max_pending_handshakes,
                    self._refused,
                    extra=said,
                )
                self._refused, self._refused_logged = 0, now
            await fs.aclose()
            return
        try:
            with trio.fail_after(self.config.handshake_timeout):
                first = await fs.receive()
                if _is_probe(first):
                    await fs.send(encode(MsgType.INFO, self._probe_info()))
                    await fs.aclose()
                    return
            auth = await handshake(
                fs,
                key=self.key,
                table_id=self.table_id,
                head=self.store.head(),
                listen_port=self.address[1],
                initiator=False,
                admit=self._admit,
                their_hello=first,
                timeout=self.config.handshake_timeout,
                peer=name,
            )
        except (NetError, trio.TooSlowError, trio.BrokenResourceError, OSError) as exc:
            if isinstance(exc, trio.TooSlowError):
                why = f"no HELLO within {self.config.handshake_timeout:g} s"
            else:
                why = str(exc) or type(exc).__name__
            said = say(
                "refused a connection from {address}: its handshake failed (p2pcards.log says why)",
                address=name,
            )
            log.log(
                _level(exc, self._closing),
                "refused connection from %s: %s",
                name,
                why,
                extra=said,
            )
            with trio.CancelScope(shield=True):
                await fs.aclose()
            return
        finally:
            self._pending.release()
        assert auth.channel is not None
        conn = self._new_connection(auth.channel, auth.peer_id, (ip, port), auth.listen_port,
                                    False, auth.head)  # fmt: skip
        p = self._peers.get(auth.peer_id)
        if p is None or p.removed:
            p = self._peers[auth.peer_id] = _Peer(auth.peer_id)
        if auth.listen_port:
            p.address = (ip, auth.listen_port)
        if await self._attach(conn):
            self._maybe_dial(p)
            await self._run_conn(conn)

    def _probe_info(self) -> dict[str, str | int | bytes]:
        return {**self.info, "table_id": self.table_id, "fp": fingerprint(self.id)}

    # -- connection bookkeeping -----------------------------------------------------------

    def _rank(self, conn: Connection) -> tuple[bool, float]:
        dialer = self.id if conn.dialed_by_me else conn.peer_id
        return (dialer == min(self.id, conn.peer_id), conn.opened_at)

    async def _attach(self, conn: Connection) -> bool:
        p = self._peers.get(conn.peer_id)
        if p is None or p.removed or p.blocked or self._closing:
            conn.close("not wanted")
            await conn.run(self._on_message)
            return False
        old = p.conn
        if old is not None:
            if self._rank(conn) < self._rank(old):
                conn.close("duplicate connection")
                await conn.run(self._on_message)
                return False
            old.close("replaced by a newer connection")
        p.conn = conn
        p.poke()
        address = (conn.remote_address[0], conn.listen_port) if conn.listen_port else None
        await self._events_send.send(PeerConnected(conn.peer_id, address, conn.remote_head))
        conn.wake()
        return True

    async def _run_conn(self, conn: Connection) -> None:
        reason = await conn.run(self._on_message)
        p = self._peers.get(conn.peer_id)
        if p is not None and p.conn is conn:
            p.conn = None
            p.poke()
            if not self._closing:
                await self._events_send.send(PeerDisconnected(conn.peer_id, reason))

    async def _on_message(self, conn: Connection, kind: MsgType, fields: list[Any]) -> None:
        if kind is MsgType.ENTRY:
            seq, data = fields
            if seq < 0:
                raise ProtocolError(f"negative sequence number from {conn.name}")
            conn.learn_head(seq)
            head = self.store.head()
            if seq <= head:
                if self.store.get(seq) != data:
                    await self._events_send.send(EntryConflict(seq, conn.peer_id, data))
            elif seq <= head + 1 + getattr(self.store, "ahead", 0):
                if self.store.offer(seq, data):
                    await self._events_send.send(EntryAccepted(seq, conn.peer_id))
                    if self.store.head() > head:  # appended now (not queued): pass it on
                        self.announce()
                else:
                    await self._events_send.send(EntryRejected(seq, conn.peer_id, data))
            # further ahead: an honest peer sends in order after what we hold; ignore it,
            # the entries in between come from whoever has them.
        elif kind is MsgType.DIRECT:
            await self._events_send.send(DirectReceived(conn.peer_id, fields[0]))
        else:
            raise ProtocolError(f"unexpected {kind.name} from {conn.name}")

    async def aclose(self) -> None:
        """Say BYE on every connection and stop dialing (open_mesh calls this on exit)."""
        self._closing = True
        for p in self._peers.values():
            if p.conn is not None:
                p.conn.close("peer leaving")
            p.poke()


def _is_probe(payload: bytes) -> bool:
    try:
        kind, _ = decode(payload)
    except ProtocolError:
        return False  # the handshake names what is wrong with it
    return kind is MsgType.PROBE


async def _listen(host: str | None, port: int) -> list[trio.SocketListener]:
    """Listeners on ``host`` (None: every IPv4 and, if available, IPv6 address), all on
    one port: trio would give each family its own port when ``port`` is 0, and peers
    dial the single port we announce."""
    if host is not None:
        return await trio.open_tcp_listeners(port, host=host)
    listeners = await trio.open_tcp_listeners(port, host="0.0.0.0")
    actual = listeners[0].socket.getsockname()[1]
    try:
        listeners += await trio.open_tcp_listeners(actual, host="::")
    except OSError:
        pass  # no IPv6 here: IPv4 only
    return listeners


@asynccontextmanager
async def open_mesh(
    key: Ed25519PrivateKey,
    table_id: bytes,
    store: LogStore,
    *,
    host: str | None = None,
    port: int = 0,
    config: MeshConfig | None = None,
    rng: random.Random | None = None,
) -> AsyncIterator[Mesh]:
    """Listen on ``host``:``port`` (None: all interfaces; port 0: any) and run a Mesh.

    ``key`` is this peer's identity, ``table_id`` (at most 64 bytes) binds every
    handshake to one table, ``store`` is the replicated log, ``rng`` feeds the reconnect
    jitter (default ``random.SystemRandom()``).  On exit every connection is closed with
    BYE (within ``config.close_grace`` seconds) and all tasks stop.  Raises OSError if
    the port cannot be bound.
    """
    cfg = config if config is not None else MeshConfig()
    listeners = await _listen(host, port)
    async with trio.open_nursery() as nursery:
        mesh = Mesh(key, table_id, store, nursery, cfg, rng)
        names = [listener.socket.getsockname() for listener in listeners]
        mesh.listen_addresses = [(str(n[0]), int(n[1])) for n in names]
        mesh.address = mesh.listen_addresses[0]
        await nursery.start(trio.serve_listeners, mesh._handle_incoming, listeners)
        try:
            yield mesh
        finally:
            await mesh.aclose()
            with trio.move_on_after(cfg.close_grace + 0.1) as scope:
                scope.shield = True
                while any(p.conn is not None for p in mesh._peers.values()):
                    await trio.sleep(0.01)
            mesh._events_send.close()
            nursery.cancel_scope.cancel()


def _level(exc: BaseException, closing: bool) -> int:
    """The log level of a handshake that failed with ``exc``: INFO when the other end
    went away (the link broke or closed mid-way, or it is closing: a peer leaving the
    table or ending its game does that) or this mesh is closing itself; WARNING for
    anything a peer sent or failed to send in time (a refusal, a bad proof, a malformed
    or truncated frame, a silent connection).  A peer leaving is not a warning: the
    player's terminal shows nothing of it (the table says "Boris left the table")."""
    routine = HandshakeInterrupted | trio.BrokenResourceError | trio.ClosedResourceError
    if closing or isinstance(exc, routine | OSError):
        return logging.INFO
    return logging.WARNING


def _refused(exc: BaseException) -> bool:
    """Whether a failed connect was refused at every address tried (trio groups the
    attempts' errors in the OSError's cause)."""
    if isinstance(exc, ConnectionRefusedError):
        return True
    leaves = list(getattr(exc.__cause__, "exceptions", None) or [])
    return bool(leaves) and all(isinstance(e, ConnectionRefusedError) for e in leaves)


async def probe(
    address: Address, timeout: float = 3.0, max_frame: int = 64 * 1024
) -> dict[str, Any]:
    """Ask the peer listening at ``address`` who it is, without authenticating.

    Returns its INFO map: at least ``table_id`` (bytes) and ``fp`` (the fingerprint of
    its key, :func:`~p2pcards.net.fingerprint`: the key itself is not given to strangers,
    the handshake reveals and proves it), plus what its app put in ``Mesh.info``.  Used
    for join by host:port and as the liveness check of discovered tables.  Raises
    NetError if nothing valid answers within ``timeout`` seconds.
    """
    name = f"{address[0]}:{address[1]}"
    try:
        with trio.fail_after(timeout):
            stream = await trio.open_tcp_stream(*address)
            fs = FrameStream(stream, max_frame=max_frame, peer=name)
            try:
                await fs.send(encode(MsgType.PROBE))
                kind, fields = decode(await fs.receive(), name)
            finally:
                with trio.CancelScope(shield=True):
                    await fs.aclose()
    except trio.TooSlowError:
        raise NetError(f"{name} did not answer within {timeout:g} s") from None
    except (OSError, trio.BrokenResourceError) as exc:
        if _refused(exc):
            raise ConnectionRefused(f"cannot reach {name}: connection refused") from None
        raise NetError(f"cannot reach {name}: {exc}") from None
    if kind is not MsgType.INFO:
        raise ProtocolError(f"{name} answered PROBE with {kind.name}")
    info: dict[str, Any] = fields[0]
    if not isinstance(info.get("table_id"), bytes) or not isinstance(info.get("fp"), str):
        raise ProtocolError(f"{name} answered PROBE without table_id and fp")
    return info
