"""Errors raised by :mod:`p2pcards.net`.

All derive from :class:`NetError`, so a caller can catch every network failure with one
clause and still tell them apart.  Messages name the offending peer (short fingerprint of
its key, or its address before it is authenticated).
"""

from __future__ import annotations


class NetError(Exception):
    """Base class of every error raised by p2pcards.net."""


class ConnectionRefused(NetError):
    """Nothing listens at the address (the connection was refused at once): a host still
    starting, or a wrong port; unlike a silent or unreachable address, worth trying again
    soon."""


class FrameError(NetError):
    """A frame on the wire is malformed (base of the framing errors)."""


class FrameTooLarge(FrameError):
    """A length prefix announces more than the frame cap.

    Raised as soon as the 4-byte prefix is read, before any buffer for the body is
    allocated.  ``size`` is the announced length, ``limit`` the cap (both in bytes).
    """

    def __init__(self, size: int, limit: int, peer: str = "") -> None:
        self.size = size
        self.limit = limit
        self.peer = peer
        who = f" from {peer}" if peer else ""
        super().__init__(f"frame of {size} bytes{who} exceeds the cap of {limit} bytes")


class FrameTruncated(FrameError):
    """The stream ended in the middle of a frame (prefix or body incomplete).

    ``expected`` is the announced body length (None when the prefix itself was cut) and
    ``received`` the bytes of the frame actually received.
    """

    def __init__(
        self,
        expected: int | None,
        received: int,
        peer: str = "",
        unit: str = "frame",
        header: int = 4,
    ) -> None:
        self.expected = expected
        self.received = received
        self.peer = peer
        who = f" from {peer}" if peer else ""
        if expected is None:
            what = f"length prefix cut after {received} of {header} bytes"
        else:
            what = f"{unit} body cut after {received} of {expected} bytes"
        super().__init__(f"stream{who} ended mid-{unit}: {what}")


class ReadTimeout(NetError):
    """A frame did not arrive (completely) within the allowed time, in seconds."""

    def __init__(self, seconds: float, peer: str = "") -> None:
        self.seconds = seconds
        self.peer = peer
        who = f" from {peer}" if peer else ""
        super().__init__(f"no complete frame{who} within {seconds:g} s")


class ConnectionClosed(NetError):
    """The remote end closed the connection cleanly (at a frame boundary, or with BYE)."""


class ProtocolError(NetError):
    """A peer sent a frame that decodes but breaks the protocol (bad type, shape, limits)."""


class IntegrityError(NetError):
    """A record of an encrypted channel failed authentication (its AEAD tag does not
    match): a byte was flipped, dropped, reordered, replayed or injected between the two
    peers, on the path or by the sender.  The channel is dropped; the message names the
    peer and the record number."""


class HandshakeError(NetError):
    """Authentication failed: wrong table, unknown or wrong key, bad signature, refusal."""


class HandshakeInterrupted(HandshakeError):
    """The handshake did not finish for a transport reason: the connection broke or was
    closed mid-way, or the other end did not answer within the handshake timeout (a
    loaded machine, a peer dropping a duplicate link).  Nothing was refused or proven
    false, so unlike its parent it is worth trying again."""


class PeerUnavailable(NetError):
    """No live connection to the peer a message was addressed to."""
