"""Errors raised by the transcript layer.

Every error derives from :class:`TranscriptError` (a ``ValueError``).  ``seat`` names the
seat to blame when it is known: for every error after :class:`BadSignature` the entry
carried a valid signature of that seat, so the blame is proven.  ``seat`` is ``None``
when the bytes are too broken to tell who wrote them.
"""

from __future__ import annotations


class TranscriptError(ValueError):
    """Base of every transcript error; ``seat`` is the seat to blame or ``None``."""

    def __init__(self, seat: int | None, message: str) -> None:
        self.seat = seat
        self.message = message
        who = f"seat {seat}: " if seat is not None else ""
        super().__init__(f"{who}{message}")


class MalformedEntry(TranscriptError):
    """Bytes that are not a well-formed entry frame, header or body (bad msgpack,
    wrong layout, a limit exceeded, a forbidden type).  ``seat`` is set only when the
    header was readable (and, for a bad body, the signature was already checked)."""


class UnknownSeat(TranscriptError):
    """The entry names a seat that has no identity key at this table."""


class BadSignature(TranscriptError):
    """The Ed25519 signature does not verify under the key of the seat the entry names
    (a forgery, a corrupted entry, or a key that is not that seat's)."""


class WrongTable(TranscriptError):
    """A validly signed entry of another table (a replay); ``expected``/``got`` are the
    16-byte table ids."""

    def __init__(self, seat: int, expected: bytes, got: bytes) -> None:
        self.expected = expected
        self.got = got
        super().__init__(seat, f"entry of table {got.hex()}, expected table {expected.hex()}")


class WrongHand(TranscriptError):
    """A validly signed entry for another hand (a replay from an earlier hand, or a hand
    number that goes backwards)."""

    def __init__(self, seat: int, expected: int, got: int) -> None:
        self.expected = expected
        self.got = got
        super().__init__(seat, f"entry for hand {got}, expected hand {expected}")


class WrongSequence(TranscriptError):
    """An entry whose sequence number is not the one expected (``expected``/``got``)."""

    def __init__(self, seat: int, expected: int, got: int, why: str = "") -> None:
        self.expected = expected
        self.got = got
        extra = f" ({why})" if why else ""
        super().__init__(seat, f"entry has sequence number {got}, expected {expected}{extra}")


class SequenceGap(WrongSequence):
    """An entry from the future: entries between the head and it are missing.  Not a
    cheat by itself; the caller keeps it and fills the gap (``Log.entries_since``)."""


class BrokenChain(TranscriptError):
    """The entry's previous-entry hash matches neither the entry before it nor (for a
    contribution in a round) that entry's anchor."""

    def __init__(self, seat: int, seq: int, why: str) -> None:
        self.seq = seq
        super().__init__(seat, f"broken hash chain at sequence {seq}: {why}")


class OutOfTurn(TranscriptError):
    """A validly signed entry by a seat that may not write this slot: a contribution from
    a seat outside the round, of the wrong kind, or for a slot another seat holds."""

    def __init__(self, seat: int, seq: int, why: str) -> None:
        self.seq = seq
        super().__init__(seat, f"entry at sequence {seq} out of turn: {why}")


class BadGenesis(TranscriptError):
    """A genesis or accept entry that is malformed or inconsistent."""


class EquivocationError(TranscriptError):
    """A seat signed two different entries for one slot.  ``proof`` is the
    :class:`~p2pcards.transcript.Equivocation` holding both entries."""

    def __init__(self, proof: object, seat: int, seq: int) -> None:
        self.proof = proof
        self.seq = seq
        super().__init__(seat, f"equivocation: two different signed entries for sequence {seq}")


class LogFileError(TranscriptError):
    """A log file that cannot be read: not a p2pcards log, or damaged before its end.
    ``offset`` is the byte offset of the damaged record (or 0)."""

    def __init__(self, offset: int, message: str) -> None:
        self.offset = offset
        super().__init__(None, f"log file at byte {offset}: {message}")
