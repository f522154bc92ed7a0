"""Entries: encoding round trips and every verification error, blaming the right seat."""

from __future__ import annotations

import msgpack
import pytest

from p2pcards.transcript import (
    ENTRY_DOMAIN,
    PROTOCOL_VERSION,
    ZERO_HASH,
    BadSignature,
    BrokenChain,
    MalformedEntry,
    SequenceGap,
    UnknownSeat,
    WrongHand,
    WrongSequence,
    WrongTable,
    entry_hash,
    sign_entry,
    verify_entry,
)
from tests.transcript._transcript_helpers import OTHER_TABLE, TABLE, identity

V = PROTOCOL_VERSION

KEYS = {s: identity(s).public_key() for s in range(4)}


def make(seat: int = 1, seq: int = 5, prev: bytes = ZERO_HASH, **kw: object):  # type: ignore[no-untyped-def]
    args: dict[str, object] = {
        "table": TABLE,
        "hand": 1,
        "seq": seq,
        "prev": prev,
        "seat": seat,
        "kind": "move",
        "body": {"move": ["draw", seat, 3]},
    }
    args.update(kw)
    return sign_entry(identity(seat), **args)  # type: ignore[arg-type]


def test_round_trip_keeps_every_field_and_the_exact_bytes() -> None:
    body = {"n": -5, "big": 2**64 - 1, "b": b"\x00\xff", "s": "дама ♠", "l": [None, True], 7: {}}
    e = make(seat=2, seq=9, prev=b"\x11" * 32, hand=3, kind="keys", body=body)
    got = verify_entry(e.raw, KEYS)
    assert got == e
    assert (got.table, got.hand, got.seq, got.prev, got.seat, got.kind) == (
        TABLE,
        3,
        9,
        b"\x11" * 32,
        2,
        "keys",
    )
    assert got.body == body
    assert got.raw == e.raw
    assert got.hash == entry_hash(e.raw) == e.hash
    # the layout of protocol/transcript.md: [unsigned, signature], signed with the domain
    unsigned, sig = msgpack.unpackb(e.raw)
    assert len(sig) == 64
    identity(2).public_key().verify(sig, ENTRY_DOMAIN + unsigned)
    header = msgpack.unpackb(unsigned)
    assert header[:7] == [V, TABLE, 3, 9, b"\x11" * 32, 2, "keys"]
    assert msgpack.unpackb(header[7], strict_map_key=False) == body


def test_tuples_come_back_as_lists() -> None:
    e = make(body={"cards": (1, 2, (3,))})
    assert verify_entry(e.raw, KEYS).body == {"cards": [1, 2, [3]]}
    assert e.body == {"cards": [1, 2, [3]]}


def test_signing_rejects_non_plain_data_and_bad_fields() -> None:
    with pytest.raises(TypeError):
        make(body={"x": 1.5})
    with pytest.raises(TypeError):
        make(body={(1, 2): 3})
    with pytest.raises(ValueError):
        make(kind="Bad Kind")
    with pytest.raises(ValueError):
        make(table=b"short")
    with pytest.raises(ValueError):
        make(seat=8)


def test_key_given_as_function() -> None:
    e = make(seat=3)
    assert verify_entry(e.raw, lambda s: KEYS.get(s)).seat == 3


def test_bad_signature_names_the_seat() -> None:
    e = make(seat=1)
    unsigned, sig = msgpack.unpackb(e.raw)
    flipped = msgpack.packb([unsigned, bytes([sig[0] ^ 1]) + sig[1:]])
    with pytest.raises(BadSignature) as err:
        verify_entry(flipped, KEYS)
    assert err.value.seat == 1
    assert "seat 1" in str(err.value)


def test_signed_with_a_key_that_is_not_the_seats() -> None:
    # seat 3 signs an entry claiming to be seat 1
    forged = sign_entry(
        identity(3), table=TABLE, hand=1, seq=5, prev=ZERO_HASH, seat=1, kind="move", body=1
    )
    with pytest.raises(BadSignature) as err:
        verify_entry(forged.raw, KEYS)
    assert err.value.seat == 1


def test_tampered_body_fails_the_signature() -> None:
    e = make(seat=2, body={"card": 10})
    assert b"\x0a" in e.raw
    unsigned, sig = msgpack.unpackb(e.raw)
    header = msgpack.unpackb(unsigned)
    header[7] = msgpack.packb({"card": 11})
    tampered = msgpack.packb([msgpack.packb(header), sig])
    with pytest.raises(BadSignature) as err:
        verify_entry(tampered, KEYS)
    assert err.value.seat == 2


def test_unknown_seat() -> None:
    e = make(seat=3)
    with pytest.raises(UnknownSeat) as err:
        verify_entry(e.raw, {0: KEYS[0], 1: KEYS[1]})
    assert err.value.seat == 3


def test_wrong_table_and_hand_name_the_seat() -> None:
    e = make(seat=2, table=OTHER_TABLE, hand=4)
    with pytest.raises(WrongTable) as t:
        verify_entry(e.raw, KEYS, table=TABLE)
    assert (t.value.seat, t.value.expected, t.value.got) == (2, TABLE, OTHER_TABLE)
    with pytest.raises(WrongHand) as h:
        verify_entry(e.raw, KEYS, hand=3)
    assert (h.value.seat, h.value.expected, h.value.got) == (2, 3, 4)
    assert verify_entry(e.raw, KEYS, table=OTHER_TABLE, hand=4).hand == 4


def test_sequence_gap_and_stale_sequence() -> None:
    a = make(seat=0, seq=5)
    ahead = make(seat=1, seq=7, prev=a.hash)
    with pytest.raises(SequenceGap) as gap:
        verify_entry(ahead.raw, KEYS, follows=a)
    assert (gap.value.seat, gap.value.expected, gap.value.got) == (1, 6, 7)
    behind = make(seat=2, seq=5, prev=a.hash)
    with pytest.raises(WrongSequence) as st:
        verify_entry(behind.raw, KEYS, follows=a)
    assert not isinstance(st.value, SequenceGap)
    assert (st.value.seat, st.value.expected, st.value.got) == (2, 6, 5)


def test_broken_chain() -> None:
    a = make(seat=0, seq=5)
    good = make(seat=1, seq=6, prev=a.hash)
    assert verify_entry(good.raw, KEYS, follows=a).seq == 6
    bad = make(seat=1, seq=6, prev=b"\x22" * 32)
    with pytest.raises(BrokenChain) as err:
        verify_entry(bad.raw, KEYS, follows=a)
    assert (err.value.seat, err.value.seq) == (1, 6)


def test_round_siblings_chain_to_the_anchor_in_seat_order() -> None:
    anchor = make(seat=0, seq=5)
    s1 = make(seat=1, seq=6, prev=anchor.hash, kind="keys")
    s2 = make(seat=2, seq=7, prev=anchor.hash, kind="keys")
    assert verify_entry(s2.raw, KEYS, follows=s1).seat == 2
    # out of seat order
    s1_late = make(seat=1, seq=7, prev=anchor.hash, kind="keys")
    s2_first = make(seat=2, seq=6, prev=anchor.hash, kind="keys")
    with pytest.raises(BrokenChain, match="seat order") as err:
        verify_entry(s1_late.raw, KEYS, follows=s2_first)
    assert err.value.seat == 1
    # a sibling of another kind is not part of the round
    other = make(seat=2, seq=7, prev=anchor.hash, kind="move")
    with pytest.raises(BrokenChain) as err2:
        verify_entry(other.raw, KEYS, follows=s1)
    assert err2.value.seat == 2


def test_a_genesis_has_no_siblings() -> None:
    g = make(seat=0, seq=0, hand=0, kind="genesis")
    sib = make(seat=1, seq=1, hand=0, kind="genesis")  # prev = zeros, like the genesis
    with pytest.raises(BrokenChain):
        verify_entry(sib.raw, KEYS, follows=g)


def test_hands_never_go_backwards() -> None:
    a = make(seat=0, seq=5, hand=3)
    b = make(seat=1, seq=6, prev=a.hash, hand=2)
    with pytest.raises(WrongHand) as err:
        verify_entry(b.raw, KEYS, follows=a)
    assert err.value.seat == 1


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        (b"", "not valid msgpack"),
        (b"\xc1", "not valid msgpack"),
        (msgpack.packb([b"x"]), "expected [unsigned"),
        (msgpack.packb([b"x", b"y" * 63]), "expected [unsigned"),
        (msgpack.packb({"a": 1}), "not valid msgpack"),  # maps are not allowed in a frame
        (msgpack.packb([b"x", b"y" * 64]) + b"\x00", "not valid msgpack"),  # trailing data
        (msgpack.packb([msgpack.packb([1, 2, 3]), b"y" * 64]), "array of 8"),
        (b"\xdd\xff\xff\xff\xff", "not valid msgpack"),  # an array of 4 billion items
        (b"\xc6\x7f\xff\xff\xff", "not valid msgpack"),  # a 2 GiB bin
        (msgpack.packb([b"x", b"y" * 64], use_bin_type=False), "not valid msgpack"),  # str
        (msgpack.packb(msgpack.ExtType(1, b"abc")), "msgpack"),
    ],
)
def test_malformed_frames(data: bytes, fragment: str) -> None:
    with pytest.raises(MalformedEntry) as err:
        verify_entry(data, KEYS)
    assert fragment in str(err.value)


def _with_header(header: list[object], seat_key: int = 1) -> bytes:
    unsigned = msgpack.packb(header, use_bin_type=True)
    return msgpack.packb([unsigned, identity(seat_key).sign(ENTRY_DOMAIN + unsigned)])


@pytest.mark.parametrize(
    ("header", "fragment"),
    [
        ([2, TABLE, 1, 1, ZERO_HASH, 1, "move", b"\xc0"], "protocol version"),
        ([V, b"short", 1, 1, ZERO_HASH, 1, "move", b"\xc0"], "table id"),
        ([V, TABLE, -1, 1, ZERO_HASH, 1, "move", b"\xc0"], "hand"),
        ([V, TABLE, 1, True, ZERO_HASH, 1, "move", b"\xc0"], "sequence"),
        ([V, TABLE, 1, 1, b"\x00" * 31, 1, "move", b"\xc0"], "previous-entry hash"),
        ([V, TABLE, 1, 1, ZERO_HASH, 1, "Move!", b"\xc0"], "kind"),
        ([V, TABLE, 1, 1, ZERO_HASH, 1, "move", "nil"], "body is not bin"),
        ([V, TABLE, 1, 1, ZERO_HASH, 1, "move", b"\xcb" + b"\x00" * 8], "float"),  # a float
        ([V, TABLE, 1, 1, ZERO_HASH, 1, "move", b"\xd4\x01\x00"], "msgpack"),  # ext
        ([V, TABLE, 1, 1, ZERO_HASH, 1, "move", b"\x91" * 17 + b"\xc0"], "deeper"),
        ([V, TABLE, 1, 1, ZERO_HASH, 1, "move", b"\xc0\xc0"], "msgpack"),  # trailing
        ([V, TABLE, 1, 1, ZERO_HASH, 1, "move", b"\x81\x90\x01"], "msgpack"),  # list key
    ],
)
def test_malformed_headers_and_bodies_name_the_seat(header: list[object], fragment: str) -> None:
    with pytest.raises(MalformedEntry) as err:
        verify_entry(_with_header(header), KEYS)
    assert fragment in str(err.value)
    assert err.value.seat == 1


def test_body_within_the_depth_limit_is_fine() -> None:
    data = _with_header([V, TABLE, 1, 1, ZERO_HASH, 1, "move", b"\x91" * 15 + b"\xc0"])
    body = verify_entry(data, KEYS).body
    depth = 0
    while isinstance(body, list):
        body, depth = body[0], depth + 1
    assert depth == 15


def test_bad_seat_field_blames_nobody() -> None:
    with pytest.raises(MalformedEntry) as err:
        verify_entry(_with_header([V, TABLE, 1, 1, ZERO_HASH, "one", "move", b"\xc0"]), KEYS)
    assert err.value.seat is None
