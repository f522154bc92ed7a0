"""One authenticated TCP connection to one peer: a reader, one writer, heartbeats.

Its FrameStream runs over the encrypted channel of the handshake (``SecureStream``): a
record that fails authentication ends the connection with an IntegrityError naming the
peer, logged as a warning, and the mesh re-dials with backoff.

Internal to the mesh (``Mesh`` creates and owns them); exposed for tests.  Every byte
written goes through a single writer task.  The writer is fed by a bounded trio memory
channel of encoded control messages (PING, PONG, DIRECT, BYE); log entries are not queued
but pulled from the LogStore by the writer itself, so a slow peer holds at most one
entry in flight and a long catch-up never overflows the queue.  Entries go out in
sequence order, starting after the highest sequence number the peer is known to hold.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import trio

from p2pcards._say import say
from p2pcards.net._errors import (
    ConnectionClosed,
    FrameError,
    IntegrityError,
    NetError,
    ProtocolError,
    ReadTimeout,
)
from p2pcards.net._framing import FrameStream
from p2pcards.net._keys import fingerprint
from p2pcards.net._store import LogStore
from p2pcards.net._wire import MsgType, decode, encode

Handler = Callable[["Connection", MsgType, list[Any]], Awaitable[None]]
log = logging.getLogger("p2pcards.net")
_HANDSHAKE_ONLY = (MsgType.HELLO, MsgType.AUTH, MsgType.WELCOME, MsgType.PROBE, MsgType.INFO)


class Connection:
    """A live connection after a successful handshake.

    Attributes: ``peer_id`` (32-byte key), ``remote_address`` (ip, port of the socket),
    ``listen_port`` (the peer's own listening port), ``dialed_by_me``, ``remote_head``
    (highest seq the peer is known to hold), ``sent_upto`` (highest seq given to it),
    ``close_reason`` (None while open), ``opened_at`` (trio clock, seconds).
    """

    def __init__(
        self,
        fs: FrameStream,
        *,
        peer_id: bytes,
        remote_address: tuple[str, int],
        listen_port: int,
        dialed_by_me: bool,
        remote_head: int,
        store: LogStore,
        heartbeat_interval: float,
        liveness_timeout: float,
        queue_size: int = 256,
        close_grace: float = 1.0,
    ) -> None:
        self.fs = fs
        self.peer_id = peer_id
        self.remote_address = remote_address
        self.listen_port = listen_port
        self.dialed_by_me = dialed_by_me
        self.remote_head = remote_head
        self.sent_upto = remote_head
        self._last_reported = remote_head
        self.store = store
        self.heartbeat_interval = heartbeat_interval
        self.liveness_timeout = liveness_timeout
        self.close_grace = close_grace
        self.close_reason: str | None = None
        self.opened_at = trio.current_time()
        self.name = f"{remote_address[0]}:{remote_address[1]} ({fingerprint(peer_id)})"
        self._send, self._recv = trio.open_memory_channel[bytes | None](queue_size)
        self._scope: trio.CancelScope | None = None
        self._pending_cancel = False
        self.frames_sent = 0
        self.frames_received = 0

    # -- feeding the writer -------------------------------------------------------------

    def wake(self) -> None:
        """Tell the writer the log grew (it sends what the peer lacks)."""
        try:
            self._send.send_nowait(None)
        except (trio.WouldBlock, trio.ClosedResourceError, trio.BrokenResourceError):
            pass  # a full queue means the writer is awake anyway

    def send_nowait(self, message: bytes) -> bool:
        """Queue an encoded message without waiting; False if the queue is full or closed."""
        try:
            self._send.send_nowait(message)
        except (trio.WouldBlock, trio.ClosedResourceError, trio.BrokenResourceError):
            return False
        return True

    async def send(self, message: bytes) -> None:
        """Queue an encoded message, waiting while the queue is full.

        Raises ConnectionClosed if the connection is closing or closed.
        """
        try:
            await self._send.send(message)
        except (trio.ClosedResourceError, trio.BrokenResourceError):
            raise ConnectionClosed(f"connection to {self.name} is closed") from None

    def learn_head(self, head: int) -> None:
        """Record that the peer holds everything up to ``head``."""
        if head > self.remote_head:
            self.remote_head = head
        if head > self.sent_upto:
            self.sent_upto = head

    def reported_head(self, head: int) -> None:
        """The peer's head from a heartbeat.  If it is behind what we sent and made no
        progress since its previous heartbeat, it did not take those entries (its store
        refused them, e.g. before it was ready): send them again from ``head + 1``."""
        stuck = head == self._last_reported and head < self.sent_upto
        self._last_reported = head
        self.learn_head(head)
        if stuck:
            self.sent_upto = head

    # -- lifecycle ------------------------------------------------------------------------

    @property
    def is_open(self) -> bool:
        """True until close() is called or the connection fails."""
        return self.close_reason is None

    def close(self, reason: str = "closed") -> None:
        """Start a clean close: queue BYE, flush the queue, send EOF; bounded by close_grace."""
        if self.close_reason is not None:
            return
        self.close_reason = reason
        self.send_nowait(encode(MsgType.BYE, reason[:200]))
        self._send.close()
        if self._scope is not None:
            self._scope.deadline = min(self._scope.deadline, trio.current_time() + self.close_grace)
        else:
            self._pending_cancel = True

    def abort(self, reason: str) -> None:
        """Drop the connection at once (no BYE)."""
        if self.close_reason is None:
            self.close_reason = reason
        self._send.close()
        if self._scope is not None:
            self._scope.cancel()
        else:
            self._pending_cancel = True

    async def run(self, handler: Handler) -> str:
        """Run reader, writer and heartbeat until the connection ends; return why.

        ``handler(conn, type, fields)`` is awaited for every message other than PING, PONG
        and BYE; a NetError it raises ends the connection.  Never raises NetError or
        transport errors: they end the connection and become the returned reason.
        """
        try:
            with trio.CancelScope() as scope:
                self._scope = scope
                if self._pending_cancel:
                    scope.deadline = trio.current_time() + self.close_grace
                async with trio.open_nursery() as nursery:
                    nursery.start_soon(self._guard, self._writer, nursery.cancel_scope)
                    nursery.start_soon(self._guard, self._heartbeat, nursery.cancel_scope)
                    await self._guard(lambda: self._reader(handler), nursery.cancel_scope)
                    nursery.cancel_scope.cancel()
            if scope.cancelled_caught and self.close_reason is None:
                self.close_reason = "cancelled"
        finally:
            if self.close_reason is None:
                self.close_reason = "closed"
            self._send.close()
            with trio.CancelScope(shield=True):
                await self.fs.aclose()
        return self.close_reason

    async def _guard(self, task: Callable[[], Awaitable[None]], scope: trio.CancelScope) -> None:
        try:
            await task()
        except (NetError, trio.BrokenResourceError, trio.ClosedResourceError, OSError) as exc:
            if self.close_reason is None:
                self.close_reason = _describe(exc)
                if isinstance(exc, ProtocolError | FrameError | ReadTimeout | IntegrityError):
                    said = say(
                        "connection dropped, the network protocol was broken: {peer} "
                        "(p2pcards.log says how)",
                        peer=self.name,
                    )
                    log.warning(
                        "dropped connection %s: %s", self.name, self.close_reason, extra=said
                    )
                else:
                    log.info("connection %s ended: %s", self.name, self.close_reason)
            scope.cancel()

    # -- tasks ----------------------------------------------------------------------------

    async def _reader(self, handler: Handler) -> None:
        while True:
            payload = await self.fs.receive(self.liveness_timeout)
            self.frames_received += 1
            kind, fields = decode(payload, self.name)
            if kind is MsgType.PING:
                self.reported_head(fields[0])
                self.send_nowait(encode(MsgType.PONG, self.store.head()))
                self.wake()
            elif kind is MsgType.PONG:
                self.reported_head(fields[0])
                self.wake()
            elif kind is MsgType.BYE:
                if self.close_reason is None:
                    self.close_reason = f"peer closed: {fields[0]}"
                    self._send.close()
                return
            elif kind in _HANDSHAKE_ONLY:
                raise ProtocolError(f"unexpected {kind.name} from {self.name} after handshake")
            else:
                await handler(self, kind, fields)

    async def _writer(self) -> None:
        async for message in self._recv:
            if message is not None:
                await self.fs.send(message)
                self.frames_sent += 1
            await self._pump_entries()
        # channel closed: clean close, everything queued is flushed
        stream = self.fs.stream
        if isinstance(stream, trio.abc.HalfCloseableStream):
            await stream.send_eof()
        await trio.sleep_forever()  # the reader ends the connection

    async def _pump_entries(self) -> None:
        while self.sent_upto < self.store.head():
            if self.close_reason is not None:
                return
            seq = self.sent_upto + 1
            data = self.store.get(seq)
            if data is None:  # store shrank? never for a well-behaved owner
                return
            await self.fs.send(encode(MsgType.ENTRY, seq, data))
            self.frames_sent += 1
            if seq > self.sent_upto:
                self.sent_upto = seq

    async def _heartbeat(self) -> None:
        while True:
            self.send_nowait(encode(MsgType.PING, self.store.head()))
            await trio.sleep(self.heartbeat_interval)


def _describe(exc: BaseException) -> str:
    if isinstance(exc, ReadTimeout):
        return f"liveness timeout: {exc}"
    if isinstance(exc, ConnectionClosed):
        return str(exc)
    if isinstance(exc, NetError):
        return f"{type(exc).__name__}: {exc}"
    return f"transport error: {exc!r}"
