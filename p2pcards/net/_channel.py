"""An encrypted trio stream: a :class:`~p2pcards.net._noise.TransportCipher` over TCP.

``SecureStream`` is a ``trio.abc.HalfCloseableStream`` whose bytes are plaintext: what is
sent goes out as Noise transport records, what is received has been decrypted and
authenticated.  A :class:`~p2pcards.net.FrameStream` on top of it keeps the 4-byte
framing, its cap and its read timeout unchanged, so the slow-sender and flood defences
apply to the plaintext frames as before; a record is at most 65537 bytes on the wire, so
nothing here buffers more than one record and one receive chunk.
"""

from __future__ import annotations

import trio

from p2pcards.net._noise import TransportCipher

_RECEIVE_CHUNK = 64 * 1024


class SecureStream(trio.abc.HalfCloseableStream):
    """Plaintext view of an encrypted channel over ``stream``.

    ``initial``: bytes already read from ``stream`` past the handshake.  ``receive_some``
    raises IntegrityError (a record failed authentication: the channel is dead) or
    FrameTruncated (the stream ended inside a record); it returns b"" at a clean EOF
    between records.  ``send_all`` encrypts; ``send_eof`` half-closes the TCP stream.
    Not safe for two concurrent senders (one writer task per connection).
    """

    def __init__(self, stream: trio.abc.Stream, cipher: TransportCipher, initial: bytes = b"")\
            -> None:  # fmt: skip
        self.stream = stream
        self.cipher = cipher
        self._plain = b""
        if initial:
            cipher.feed(initial)

    async def send_all(self, data: bytes | bytearray | memoryview) -> None:
        """Encrypt and send ``data`` (any length)."""
        await self.stream.send_all(self.cipher.seal(bytes(data)))

    async def wait_send_all_might_not_block(self) -> None:
        """As the underlying stream."""
        await self.stream.wait_send_all_might_not_block()

    async def send_eof(self) -> None:
        """Half-close the underlying stream (if it can)."""
        if isinstance(self.stream, trio.abc.HalfCloseableStream):
            await self.stream.send_eof()

    async def receive_some(self, max_bytes: int | None = None) -> bytes:
        """Decrypted bytes (at most ``max_bytes``), b"" at EOF; see the class docstring."""
        if not self._plain:
            while True:
                plaintext = self.cipher.next_plaintext()
                if plaintext:
                    self._plain = plaintext
                    break
                if plaintext is not None:  # an empty record: nothing to hand out
                    continue
                data = await self.stream.receive_some(_RECEIVE_CHUNK)
                if not data:
                    self.cipher.end_of_stream()
                    return b""
                self.cipher.feed(data)
        if max_bytes is None or max_bytes >= len(self._plain):
            out, self._plain = self._plain, b""
        else:
            out, self._plain = self._plain[:max_bytes], self._plain[max_bytes:]
        return out

    async def aclose(self) -> None:
        """Close the underlying stream."""
        await self.stream.aclose()
