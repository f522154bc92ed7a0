"""Targeted hostile entries against a table in the middle of a real 3-seat Akulina game:
bytes that are not a valid entry are Rejected and change nothing (the genuine game then
finishes identically); a validly signed entry that breaks the protocol is a
CheatDetected naming exactly the seat that signed it."""

from __future__ import annotations

from typing import Any

import pytest

from p2pcards.table import CheatDetected, Rejected, Table
from p2pcards.transcript import peek_entry, sign_entry
from tests.reliability.fuzz_targets import INVALID_POINTS, SMALL_ORDER_POINTS
from tests.table.harness import Harness

HARNESS = Harness("akulina", 3, seed=5)
HARNESS.run()
LOG = HARNESS.logs()[0]
KEYS = [t._key for t in HARNESS.tables]
RESULT = HARNESS.tables[0].result
FIRST_PASS = next(i for i, raw in enumerate(LOG) if peek_entry(raw).kind == "shuffle")
FIRST_MOVE = next(i for i, raw in enumerate(LOG) if peek_entry(raw).kind == "move")


def table_at(k: int) -> Table:
    """An observer that has every genuine entry before ``k``."""
    t = Table(LOG[0])
    for raw in LOG[1:k]:
        t.receive(raw)
    assert len(t.log) == k
    return t


def resign(k: int, signer: int | None = None, body: Any = None, **header: Any) -> bytes:
    """Genuine entry ``k`` with header fields / body replaced, signed by ``signer``'s
    key (default: the seat the header names)."""
    e = peek_entry(LOG[k])
    fields = {"table": e.table, "hand": e.hand, "seq": e.seq, "prev": e.prev,
              "seat": e.seat, "kind": e.kind, **header}  # fmt: skip
    key = KEYS[fields["seat"] if signer is None else signer]
    return sign_entry(key, body=e.body if body is None else body, **fields).raw  # type: ignore[arg-type]


def finishes_identically(t: Table) -> None:
    for raw in LOG[len(t.log) :]:
        t.receive(raw)
    assert [e.raw for e in t.log] == LOG
    assert t.result == RESULT and not t.cheats


def refused(k: int, data: bytes) -> Rejected:
    t = table_at(k)
    outs = t.receive(data)
    assert [type(o) for o in outs] == [Rejected], outs
    assert len(t.log) == k and not t.halted
    finishes_identically(t)
    return outs[0]  # type: ignore[return-value]


def blamed(k: int, data: bytes) -> CheatDetected:
    t = table_at(k)
    outs = t.receive(data)
    cheats = [o for o in outs if isinstance(o, CheatDetected)]
    assert len(cheats) == 1, outs
    assert len(t.log) == k and t.halted  # not appended; the hand stops for the reveal
    return cheats[0]


def test_bad_signature_is_rejected() -> None:
    raw = bytearray(LOG[FIRST_MOVE])
    raw[-1] ^= 1  # the last byte of the signature
    r = refused(FIRST_MOVE, bytes(raw))
    assert r.seat == peek_entry(LOG[FIRST_MOVE]).seat and "bad signature" in r.reason


def test_impersonated_seat_is_rejected_not_blamed() -> None:
    """Seat 1 signs an entry that claims to be seat 2's: the signature does not match
    seat 2's key, so it is dropped, and nobody is accused (seat 2 did nothing)."""
    e = peek_entry(LOG[FIRST_MOVE])
    other = next(s for s in range(3) if s != e.seat)
    r = refused(FIRST_MOVE, resign(FIRST_MOVE, signer=other))
    assert r.seat == e.seat and "bad signature" in r.reason


def test_entry_from_another_table_is_rejected() -> None:
    r = refused(FIRST_MOVE, resign(FIRST_MOVE, table=bytes(16)))
    assert "table" in r.reason


def test_entry_from_another_hand_is_blamed_on_its_signer() -> None:
    e = peek_entry(LOG[FIRST_MOVE])
    c = blamed(FIRST_MOVE, resign(FIRST_MOVE, hand=e.hand + 1))
    assert (c.seat, c.seq, c.rule) == (e.seat, FIRST_MOVE, "transcript")


def test_unknown_entry_kind_is_blamed_on_its_signer() -> None:
    e = peek_entry(LOG[FIRST_MOVE])
    c = blamed(FIRST_MOVE, resign(FIRST_MOVE, kind="zz-unknown"))
    assert (c.seat, c.rule) == (e.seat, "out of turn")
    assert "'zz-unknown'" in c.detail


@pytest.mark.parametrize("body", [None, 7, "move", [], {"a": 1}, [[[[[[[[[[]]]]]]]]]]])
def test_wrong_types_in_a_move_are_blamed(body: Any) -> None:
    e = peek_entry(LOG[FIRST_MOVE])
    c = blamed(FIRST_MOVE, resign(FIRST_MOVE, body=[body]))
    assert c.seat == e.seat


@pytest.mark.parametrize(
    "point",
    [*SMALL_ORDER_POINTS, *INVALID_POINTS[:4], bytes(32)],
    ids=[*(f"small{i}" for i in range(8)), "y=p", "y=p+1", "ff", "not-on-curve", "identity"],
)
def test_bad_point_in_a_shuffle_body_is_blamed_on_its_signer(point: Any) -> None:
    """Ed25519's small-order points, non-canonical or off-curve encodings, or the
    identity in seat 0's shuffle (Ristretto255 has no small-order element: each is an
    invalid encoding or a valid point that breaks the proof)."""
    e = peek_entry(LOG[FIRST_PASS])
    deck, proof = e.body
    body = [[*deck[:3], [point, deck[3][1]], *deck[4:]], proof]
    c = blamed(FIRST_PASS, resign(FIRST_PASS, body=body))
    assert c.seat == e.seat == 0 and c.seq == FIRST_PASS
    assert "shuffle" in c.rule


def test_base_point_in_a_shuffle_blames_no_other_seat() -> None:
    """The base point (a known discrete log) is a valid group element: whatever the
    checks make of it, only seat 0, which signed it, may be blamed."""
    e = peek_entry(LOG[FIRST_PASS])
    deck, proof = e.body
    t = table_at(FIRST_PASS)
    outs = t.receive(resign(FIRST_PASS, body=[[[INVALID_POINTS[4], deck[0][1]], *deck[1:]], proof]))
    assert all(o.seat in (None, 0) for o in outs if isinstance(o, CheatDetected | Rejected))


async def test_session_logs_a_refused_entry_naming_the_peer(
    tmp_path: Any, caplog: pytest.LogCaptureFixture
) -> None:
    from p2pcards import net
    from p2pcards.peer import Session, TableStorage

    t = table_at(FIRST_MOVE)
    session = Session(t, [bytes([s]) * 32 for s in range(3)], TableStorage(t.table_id, tmp_path))
    raw = bytearray(LOG[FIRST_MOVE])
    raw[-1] ^= 1
    sender = bytes([9]) * 32
    with caplog.at_level("WARNING", logger="p2pcards.peer"):
        session.feed(bytes(raw), source=sender)
    (record,) = caplog.records
    assert record.levelname == "WARNING"
    assert f"peer {net.fingerprint(sender)} sent an entry the table refused" in record.message
    assert "bad signature" in record.message
