"""Hostile bytes: only the documented exception types escape the decoders."""

from __future__ import annotations

import msgpack
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from p2pcards.transcript import (
    ENTRY_DOMAIN,
    ZERO_HASH,
    Equivocation,
    LogFileError,
    RecordType,
    TranscriptError,
    encode_log,
    read_log,
    verify_entry,
)
from tests.transcript._transcript_helpers import TABLE, identity, started_log

KEYS = {s: identity(s).public_key() for s in range(4)}
FUZZ = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
LOG, ENTRIES = started_log(4)
VALID = LOG.sign_next(identity(1), 1, "move", {"cards": [1, 2, 3], "name": "дама"}, hand=1).raw

plain = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True)
    | st.binary(max_size=40)
    | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(st.text(max_size=5) | st.integers(0, 9), inner, max_size=5)
    ),
    max_leaves=30,
)


def packs(obj: object) -> bytes:
    try:
        return msgpack.packb(obj, use_bin_type=True)
    except (OverflowError, TypeError, ValueError):
        return b"\xc1"


def only_documented(data: bytes) -> None:
    try:
        verify_entry(data, KEYS, table=TABLE, hand=1, follows=LOG.last)
    except TranscriptError as e:
        assert str(e)
    try:
        LOG.append(data)
    except TranscriptError:
        pass


@FUZZ
@given(st.binary(max_size=600))
def test_arbitrary_bytes(data: bytes) -> None:
    only_documented(data)


@FUZZ
@given(plain)
def test_arbitrary_msgpack(obj: object) -> None:
    only_documented(packs(obj))
    only_documented(packs([packs(obj), b"s" * 64]))


@FUZZ
@given(st.lists(st.tuples(st.integers(0, len(VALID) - 1), st.integers(0, 255)), max_size=4))
def test_mutated_valid_entry(changes: list[tuple[int, int]]) -> None:
    data = bytearray(VALID)
    for pos, value in changes:
        data[pos] = value
    only_documented(bytes(data))
    only_documented(bytes(data[: changes[0][0]]) if changes else b"")


@FUZZ
@given(st.lists(plain, min_size=0, max_size=9), st.binary(max_size=200) | plain.map(packs))
def test_validly_signed_arbitrary_headers_and_bodies(fields: list[object], body: bytes) -> None:
    header = [1, TABLE, 1, LOG.head.seq + 1, LOG.head.hash, 1, "move", body]
    for i, f in enumerate(fields[:8]):
        if i % 2:
            header[i] = f
    unsigned = packs(header)
    only_documented(packs([unsigned, identity(1).sign(ENTRY_DOMAIN + unsigned)]))


@FUZZ
@given(st.binary(max_size=300))
def test_arbitrary_log_files(tail: bytes) -> None:
    for data in (tail, b"P2PCLOG1" + tail, encode_log([(RecordType.ENTRY, VALID)]) + tail):
        try:
            got = read_log(data)
        except LogFileError as e:
            assert e.offset >= 0
        else:
            assert got.good_length <= len(data)


@FUZZ
@given(st.binary(max_size=300) | plain.map(packs))
def test_arbitrary_equivocation_proofs(data: bytes) -> None:
    for d in (data, packs([VALID, data])):
        try:
            Equivocation.from_bytes(d, KEYS)
        except TranscriptError:
            pass


def test_zero_hash_constant() -> None:
    assert ZERO_HASH == bytes(32)
