"""Length-prefixed frames: a sans-I/O decoder and trio stream helpers.

Wire format: every frame is a 4-byte big-endian unsigned length ``n`` followed by ``n``
bytes of payload.  Frames larger than the cap (default :data:`DEFAULT_MAX_FRAME`, 1 MiB)
are refused as soon as the prefix is read, before any buffer for the body is allocated, so
a lying prefix cannot make us reserve memory.

Use :class:`FrameDecoder` to parse bytes from any source (``feed`` bytes, pull frames with
``next_frame``), :func:`encode_frame` to build one, and :class:`FrameStream` to send and
receive frames over a ``trio.abc.Stream`` with a per-frame read timeout.
"""

from __future__ import annotations

import math
import struct
from collections import deque

import trio

from p2pcards.net._errors import (
    ConnectionClosed,
    FrameTooLarge,
    FrameTruncated,
    ReadTimeout,
)

DEFAULT_MAX_FRAME = 1 << 20
"""Default frame cap: 1 MiB of payload (the 4-byte prefix excluded)."""

HEADER_SIZE = 4
_HEADER = struct.Struct(">I")
_RECEIVE_CHUNK = 64 * 1024


def encode_frame(payload: bytes, max_frame: int = DEFAULT_MAX_FRAME) -> bytes:
    """Return ``payload`` with its 4-byte big-endian length prefix.

    Raises FrameTooLarge when ``len(payload) > max_frame`` (we never send what a peer with
    the same cap would refuse).
    """
    if len(payload) > max_frame:
        raise FrameTooLarge(len(payload), max_frame, "ourselves")
    return _HEADER.pack(len(payload)) + payload


class FrameDecoder:
    """Sans-I/O frame parser.

    ``feed(data)`` appends received bytes; ``next_frame()`` returns the next complete
    payload (bytes) or None when more input is needed.  The announced length is checked
    against ``max_frame`` the moment the prefix is complete: ``next_frame`` raises
    FrameTooLarge then, and the body is never buffered beyond what was fed.  After an
    error the decoder is unusable (the stream must be dropped).  ``end_of_stream()``
    raises FrameTruncated if a partial frame is pending.  ``peer`` is only used in error
    messages.
    """

    def __init__(self, max_frame: int = DEFAULT_MAX_FRAME, peer: str = "") -> None:
        if max_frame < 0 or max_frame > 0xFFFFFFFF:
            raise ValueError(f"max_frame must be in [0, 2**32): {max_frame}")
        self.max_frame = max_frame
        self.peer = peer
        self._chunks: deque[bytes] = deque()
        self._buffered = 0
        self._need: int | None = None  # body length of the frame being read
        self._failed: Exception | None = None

    @property
    def buffered(self) -> int:
        """Bytes received but not yet returned as a frame."""
        return self._buffered

    def feed(self, data: bytes | bytearray) -> None:
        """Append received bytes (any split is fine: 1 byte or many frames at once)."""
        if self._failed is not None:
            raise self._failed
        if data:
            self._chunks.append(bytes(data))
            self._buffered += len(data)

    def _take(self, n: int) -> bytes:
        parts = []
        while n:
            chunk = self._chunks.popleft()
            if len(chunk) > n:
                parts.append(chunk[:n])
                self._chunks.appendleft(chunk[n:])
                n = 0
            else:
                parts.append(chunk)
                n -= len(chunk)
        out = b"".join(parts)
        self._buffered -= len(out)
        return out

    def next_frame(self) -> bytes | None:
        """Return the next complete frame's payload, or None if more bytes are needed.

        Raises FrameTooLarge (announced length above the cap).
        """
        if self._failed is not None:
            raise self._failed
        if self._need is None:
            if self._buffered < HEADER_SIZE:
                return None
            (size,) = _HEADER.unpack(self._take(HEADER_SIZE))
            if size > self.max_frame:
                self._failed = FrameTooLarge(size, self.max_frame, self.peer)
                raise self._failed
            self._need = size
        if self._buffered < self._need:
            return None
        payload = self._take(self._need)
        self._need = None
        return payload

    def take_buffered(self) -> bytes:
        """Remove and return the bytes fed but not parsed (when the stream changes hands,
        e.g. to an encrypted channel after the handshake).  Raises ValueError mid-frame."""
        if self._need is not None:
            raise ValueError("a frame is partly read")
        return self._take(self._buffered)

    def end_of_stream(self) -> None:
        """Declare that no more bytes will come; raise FrameTruncated if mid-frame."""
        if self._failed is not None:
            raise self._failed
        if self._need is not None:
            raise FrameTruncated(self._need, self._buffered, self.peer)
        if self._buffered:
            raise FrameTruncated(None, self._buffered, self.peer)


class FrameStream:
    """Send and receive frames over a trio stream.

    ``receive(timeout)`` waits for one whole frame: raises ReadTimeout if it is not
    complete within ``timeout`` seconds (default ``read_timeout``; ``math.inf`` waits
    forever), ConnectionClosed on a clean EOF at a frame boundary, FrameTruncated on EOF
    mid-frame, FrameTooLarge on an oversize prefix.  Transport failures surface as
    ``trio.BrokenResourceError``.  ``send(payload)`` writes one frame; not safe to call
    from two tasks at once (give each connection one writer task).
    """

    def __init__(
        self,
        stream: trio.abc.Stream,
        *,
        max_frame: int = DEFAULT_MAX_FRAME,
        read_timeout: float = math.inf,
        peer: str = "",
    ) -> None:
        self.stream = stream
        self.max_frame = max_frame
        self.read_timeout = read_timeout
        self.peer = peer
        self._decoder = FrameDecoder(max_frame, peer)

    async def send(self, payload: bytes) -> None:
        """Write one frame (prefix + payload) to the stream."""
        await self.stream.send_all(encode_frame(payload, self.max_frame))

    async def receive(self, timeout: float | None = None) -> bytes:
        """Return the next frame's payload (see the class docstring for errors)."""
        seconds = self.read_timeout if timeout is None else timeout
        frame = self._decoder.next_frame()
        if frame is not None:
            return frame
        with trio.move_on_after(seconds) as scope:
            while True:
                data = await self.stream.receive_some(_RECEIVE_CHUNK)
                if not data:
                    self._decoder.end_of_stream()
                    raise ConnectionClosed(f"{self.peer or 'peer'} closed the connection")
                self._decoder.feed(data)
                frame = self._decoder.next_frame()
                if frame is not None:
                    return frame
        assert scope.cancelled_caught
        raise ReadTimeout(seconds, self.peer)

    def detach(self) -> bytes:
        """Stop framing: return the bytes received past the last frame returned (the
        stream itself stays open; see FrameDecoder.take_buffered)."""
        return self._decoder.take_buffered()

    async def aclose(self) -> None:
        """Close the underlying stream (idempotent)."""
        await self.stream.aclose()
