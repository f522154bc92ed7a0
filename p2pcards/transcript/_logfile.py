"""The log file format (``protocol/transcript.md``, "Log file").

A file is the 8-byte magic ``b"P2PCLOG1"`` followed by records::

    record  = length: u32 big-endian | crc: u32 big-endian | payload
    payload = type: u8 | data
    crc     = CRC-32 (zlib) of payload; 1 <= length <= MAX_RECORD

Record types: 1 ``ENTRY`` (an entry's signed bytes), 2 ``SECRET`` (a seat's own secrets,
opaque to this layer), 3 ``EVIDENCE`` (the signed bytes of an entry the seat rejected as
a cheat, ``protocol/table.md`` §3 "Evidence"; never part of the log).  The table's
log file (the one shared and audited) holds ENTRY and EVIDENCE records; a peer keeps its
SECRET records in a sibling file of the same format (``NAME.secrets``), written and
synced before anything that depends on them is published.

Pure: this module encodes to and decodes from bytes; :mod:`p2pcards.peer._storage` does the file
calls.  Reading tolerates a damaged *final* record (a torn write: the file ends inside
it, its CRC fails and it runs exactly to the end of the file, or the rest of the file is
zero bytes) and reports it; damage followed by more data is corruption and an error.
A length field damaged so that it points past the end of the file cannot be told from
a torn write; the CRC catches every other single damage.
"""

from __future__ import annotations

import enum
import struct
import zlib
from dataclasses import dataclass
from typing import BinaryIO

from p2pcards.transcript._codec import MAX_ENTRY_BYTES
from p2pcards.transcript._errors import LogFileError

MAGIC = b"P2PCLOG1"
HEADER = struct.Struct(">II")
MAX_RECORD = MAX_ENTRY_BYTES + 16
"""Largest payload length accepted (an entry of MAX_ENTRY_BYTES and more)."""


class RecordType(enum.IntEnum):
    """The first byte of a record's payload."""

    ENTRY = 1
    SECRET = 2
    EVIDENCE = 3


@dataclass(frozen=True, slots=True)
class Record:
    """One record: its type, its data and its byte offset in the file."""

    type: RecordType
    data: bytes
    offset: int = 0


@dataclass(frozen=True, slots=True)
class TornTail:
    """The damaged final record that reading skipped: where it starts, how many bytes
    of the file it covers, and why it is not a good record."""

    offset: int
    length: int
    reason: str


@dataclass(frozen=True, slots=True)
class LogContents:
    """What :func:`read_log` found: the good records, the torn tail if any, and
    ``good_length``, the byte length of the file up to the end of the last good record
    (truncate the file to it before appending)."""

    records: tuple[Record, ...]
    torn: TornTail | None
    good_length: int

    def entries(self) -> list[bytes]:
        """The data of the ENTRY records, in order."""
        return [r.data for r in self.records if r.type is RecordType.ENTRY]

    def evidence(self) -> list[bytes]:
        """The data of the EVIDENCE records (signed entries a seat rejected), in order."""
        return [r.data for r in self.records if r.type is RecordType.EVIDENCE]


def encode_record(rtype: RecordType, data: bytes) -> bytes:
    """One record's bytes: length, CRC-32 and payload (type byte + data)."""
    payload = bytes([int(rtype)]) + data
    if len(payload) > MAX_RECORD:
        raise ValueError(f"record of {len(payload)} bytes exceeds {MAX_RECORD}")
    return HEADER.pack(len(payload), zlib.crc32(payload)) + payload


def encode_log(records: list[tuple[RecordType, bytes]]) -> bytes:
    """A whole file: the magic then every record."""
    return MAGIC + b"".join(encode_record(t, d) for t, d in records)


def read_log(data: bytes) -> LogContents:
    """Parse a whole log file's bytes.

    An empty file is an empty log.  Returns :class:`LogContents` (a torn final record is
    reported in ``torn``, not raised).  Raises :class:`LogFileError` when the file does
    not start with the magic (not a p2pcards log) or a damaged record is followed by
    more data (corruption in the middle), with the byte offset."""
    data = bytes(data)
    n = len(data)
    if n == 0:
        return LogContents((), None, 0)
    if n < len(MAGIC):
        if MAGIC.startswith(data):
            return LogContents((), TornTail(0, n, "file ends inside the magic"), 0)
        raise LogFileError(0, "not a p2pcards log (bad magic)")
    if data[: len(MAGIC)] != MAGIC:
        raise LogFileError(0, "not a p2pcards log (bad magic)")
    records: list[Record] = []
    pos = len(MAGIC)
    while pos < n:
        problem = _check_record(data, pos)
        if problem is None:
            length, _crc = HEADER.unpack_from(data, pos)
            payload = data[pos + HEADER.size : pos + HEADER.size + length]
            records.append(Record(RecordType(payload[0]), payload[1:], pos))
            pos += HEADER.size + length
            continue
        reason, record_end = problem
        if record_end >= n or not any(data[pos:]):  # the last write, torn
            return LogContents(tuple(records), TornTail(pos, n - pos, reason), pos)
        raise LogFileError(pos, f"corrupt record in the middle of the log: {reason}")
    return LogContents(tuple(records), None, pos)


def read_log_from(f: BinaryIO) -> LogContents:
    """:func:`read_log` of everything ``f`` holds from its current position (a file
    object the caller opened; nothing is written)."""
    return read_log(f.read())


def _check_record(data: bytes, pos: int) -> tuple[str, int] | None:
    """None if a good record starts at ``pos``; else (reason, where it would end)."""
    n = len(data)
    if n - pos < HEADER.size:
        return ("file ends inside a record header", n)
    length, crc = HEADER.unpack_from(data, pos)
    end = pos + HEADER.size + length
    if length == 0 or length > MAX_RECORD:
        # A writer never writes these: only an all-zero tail may excuse it.
        return (f"impossible record length {length}", pos + HEADER.size)
    if end > n:
        return (f"file ends inside a record of {length} bytes", end)
    payload = data[pos + HEADER.size : end]
    if zlib.crc32(payload) != crc:
        return ("checksum mismatch", end)
    if payload[0] not in RecordType._value2member_map_:
        return (f"unknown record type {payload[0]}", end)
    return None
