"""The log file format: round trips, torn final records recovered and reported,
corruption in the middle rejected."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest

from p2pcards.transcript import (
    MAGIC,
    BadSignature,
    Log,
    LogFileError,
    RecordType,
    encode_log,
    encode_record,
    read_log,
    read_log_from,
)
from tests.transcript._transcript_helpers import started_log


def sample() -> list[tuple[RecordType, bytes]]:
    _log, entries = started_log(3)
    return [
        (RecordType.ENTRY, entries[0].raw),
        (RecordType.SECRET, b"my scalars"),
        (RecordType.ENTRY, entries[1].raw),
        (RecordType.EVIDENCE, b"proof"),
        (RecordType.ENTRY, entries[2].raw),
    ]


def test_record_layout() -> None:
    rec = encode_record(RecordType.SECRET, b"abc")
    assert rec == struct.pack(">II", 4, zlib.crc32(b"\x02abc")) + b"\x02abc"


def test_round_trip_and_entries_rebuild_the_log() -> None:
    recs = sample()
    data = encode_log(recs)
    got = read_log(data)
    assert got.torn is None
    assert got.good_length == len(data)
    assert [(r.type, r.data) for r in got.records] == recs
    assert got.records[0].offset == len(MAGIC)
    entries = got.entries()
    log = Log(entries[0])
    for e in entries[1:]:
        log.append(e)
    assert log.started


def test_empty_file_is_an_empty_log() -> None:
    got = read_log(b"")
    assert (got.records, got.torn, got.good_length) == ((), None, 0)


def test_not_a_log() -> None:
    with pytest.raises(LogFileError, match="not a p2pcards log") as err:
        read_log(b"PK\x03\x04 a zip file")
    assert err.value.offset == 0
    with pytest.raises(LogFileError):
        read_log(b"{}")


def test_every_truncation_of_the_last_record_is_a_reported_torn_tail() -> None:
    recs = sample()
    whole = encode_log(recs)
    before_last = len(encode_log(recs[:-1]))
    for cut in range(before_last + 1, len(whole)):
        got = read_log(whole[:cut])
        assert [(r.type, r.data) for r in got.records] == recs[:-1], cut
        assert got.torn is not None
        assert got.torn.offset == before_last
        assert got.torn.length == cut - before_last
        assert got.good_length == before_last


def test_torn_inside_the_magic() -> None:
    got = read_log(MAGIC[:3])
    assert got.records == () and got.torn is not None and got.good_length == 0


def test_bad_checksum_on_the_final_record_is_torn() -> None:
    recs = sample()
    data = bytearray(encode_log(recs))
    data[-1] ^= 0xFF
    got = read_log(bytes(data))
    assert len(got.records) == 4
    assert got.torn is not None and got.torn.reason == "checksum mismatch"


def test_zero_filled_tail_is_torn() -> None:
    data = encode_log(sample())
    got = read_log(data + bytes(100))
    assert len(got.records) == 5
    assert got.torn is not None and got.torn.offset == len(data) and got.torn.length == 100


def test_corruption_in_the_middle_is_rejected_with_its_offset() -> None:
    recs = sample()
    data = bytearray(encode_log(recs))
    second = len(encode_log(recs[:1]))
    data[second + 12] ^= 0x01  # a byte of the second record's payload
    with pytest.raises(LogFileError, match="checksum mismatch") as err:
        read_log(bytes(data))
    assert err.value.offset == second


def test_impossible_length_in_the_middle_is_rejected() -> None:
    recs = sample()
    data = bytearray(encode_log(recs))
    second = len(encode_log(recs[:1]))
    data[second : second + 4] = b"\x00\x00\x00\x00"
    with pytest.raises(LogFileError, match="impossible record length 0"):
        read_log(bytes(data))
    data[second : second + 4] = b"\xff\xff\xff\xff"
    with pytest.raises(LogFileError, match="impossible record length"):
        read_log(bytes(data))


def test_unknown_record_type_in_the_middle_is_rejected() -> None:
    payload = b"\x09junk"
    bad = struct.pack(">II", len(payload), zlib.crc32(payload)) + payload
    data = MAGIC + bad + encode_record(RecordType.ENTRY, b"x")
    with pytest.raises(LogFileError, match="unknown record type 9"):
        read_log(data)


def test_read_log_from_a_file_object_and_replay(tmp_path: Path) -> None:
    log, entries = started_log(3)
    path = tmp_path / "t.p2plog"
    path.write_bytes(encode_log([(RecordType.ENTRY, e.raw) for e in entries]))
    with open(path, "rb") as f:
        got = read_log_from(f)
    assert [e.raw for e in Log.replay(got.entries())] == [e.raw for e in log]


def test_a_record_with_a_good_checksum_but_a_forged_entry_fails_the_replay() -> None:
    _log, entries = started_log(3)
    raw = bytearray(entries[2].raw)
    raw[-1] ^= 1  # last byte of the signature
    data = encode_log([(RecordType.ENTRY, e) for e in (entries[0].raw, entries[1].raw, bytes(raw))])
    got = read_log(data)
    assert got.torn is None
    with pytest.raises(BadSignature) as err:
        Log.replay(got.entries())
    assert err.value.seat == 2
