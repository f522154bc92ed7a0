"""Attacks on the table's input (issue 11): a seat flooding far-future entries, and a
relay re-encoding a signed entry's outer frame.  Each is refused with the right seat or
peer named, no honest seat blamed, and the game goes on."""

from __future__ import annotations

import struct

import msgpack

from p2pcards.table import Broadcast, Rejected
from p2pcards.transcript import Pending, sign_entry
from tests.table.harness import Harness

HOSTILE = 1


def test_a_flood_of_far_future_entries_is_dropped_and_the_game_goes_on() -> None:
    """Seat 1 signs 1,500 valid entries (more than the 1,024 a table keeps ahead) at
    sequence >= 10,000 and sends them to seat 0
    before the game starts.  (Before the bound, they filled seat 0's buffer: every later
    honest entry was refused as "too many entries ahead", its log stayed at the genesis
    and nobody was blamed.)"""
    h = Harness("akulina", 3, seed=31)
    key = h.tables[HOSTILE]._key
    assert key is not None
    g = h.tables[0].log[0]
    flood = [
        sign_entry(key, table=g.table, hand=1, seq=10_000 + i, prev=bytes(32), seat=HOSTILE,
                   kind="move", body=i).raw
        for i in range(1500)
    ]  # fmt: skip
    outs = []
    for raw in flood:
        outs += h.tables[0].receive(raw, sender=HOSTILE)
    rejected = [o for o in outs if isinstance(o, Rejected)]
    assert len(rejected) == 1500
    assert all(r.seat == HOSTILE and r.sender == HOSTILE for r in rejected)
    assert all("too far ahead" in r.reason for r in rejected)
    assert len(h.tables[0].pending) == 0
    h.run()
    assert all(t.result is not None for t in h.tables)  # the game went on to its end
    logs = h.logs()
    assert all(log == logs[0] for log in logs)
    assert all(h.cheats(s) == [] for s in range(3))
    assert all(t.verified == [1] for t in h.tables)


def test_a_seat_flooding_entries_near_the_head_fills_only_its_own_share() -> None:
    """4,096 valid entries of seat 1 within reach of the head: at most 512 are held, so
    the other seats' entries still find room."""
    h = Harness("akulina", 3, seed=32)
    t = h.tables[0]
    key = h.tables[HOSTILE]._key
    assert key is not None
    g = t.log[0]
    outs = []
    for i in range(4096):
        raw = sign_entry(key, table=g.table, hand=1, seq=500 + i % 500, prev=bytes(32),
                         seat=HOSTILE, kind="move", body=i).raw  # fmt: skip
        outs += t.receive(raw, sender=HOSTILE)
    assert len(t.pending) == 512
    refused = [o for o in outs if isinstance(o, Rejected)]
    assert len(refused) == 4096 - 512 and all(r.seat == HOSTILE for r in refused)
    assert all("seat 1 already has 512 entries ahead" in r.reason for r in refused)
    other = h.tables[2]._key
    assert other is not None
    honest_ahead = sign_entry(other, table=g.table, hand=1, seq=700, prev=bytes(32), seat=2,
                              kind="move", body=0)  # fmt: skip
    assert t.pending.add(honest_ahead, len(t.log) - 1)


def test_pending_bounds_each_seat() -> None:
    h = Harness("akulina", 3, seed=33)
    g = h.tables[0].log[0]
    keys = [t._key for t in h.tables]
    p = Pending(max_entries=10, max_ahead=100, max_per_seat=3)

    def e(seat: int, seq: int, body: int = 0):  # type: ignore[no-untyped-def]
        k = keys[seat]
        assert k is not None
        return sign_entry(k, table=g.table, hand=1, seq=seq, prev=bytes(32), seat=seat,
                          kind="move", body=body)  # fmt: skip

    assert [p.add(e(1, s), 2) for s in range(3, 8)] == [True, True, True, False, False]
    assert "seat 1 already has 3" in (p.refusal(e(1, 9), 2) or "")
    assert p.add(e(2, 5), 2) and p.add(e(0, 5), 2)
    assert "too far ahead" in (p.refusal(e(0, 103), 2) or "")
    assert [x.seq for x in p.take(5)] == [5, 5, 5]
    assert p.add(e(1, 9), 2)  # its share freed by the take


def reencode(raw: bytes) -> bytes:
    """The same signed entry, its outer frame re-encoded with bin32 length headers (what a
    relay may do: the signature is over the inner bytes and still verifies)."""
    unsigned, signature = msgpack.unpackb(raw)
    out = b"\x92"
    for part in (unsigned, signature):
        out += b"\xc6" + struct.pack(">I", len(part)) + part
    assert out != raw and msgpack.unpackb(out) == [unsigned, signature]
    return out


def test_a_relay_that_re_encodes_a_frame_is_refused_and_the_author_not_blamed() -> None:
    """Seat 2 relays seat 0's entries to seat 1 re-encoded, ahead of the originals.
    (Before: the re-encoded copy verified and was logged; the original then looked like a
    second entry of seat 0 for that slot, and honest seat 0 was convicted of
    equivocation.)"""
    relay, victim = 2, 1
    sent: list[Rejected] = []

    def hook(h: Harness, seat: int, b: Broadcast) -> list[bytes]:
        if seat == 0 and b.kind in ("pass", "move", "share"):
            outs = h.tables[victim].receive(reencode(b.data), sender=relay)
            sent.extend(o for o in outs if isinstance(o, Rejected))
            h.handle(victim, outs)
        return [b.data]

    h = Harness("akulina", 3, seed=34, tamper=hook)
    h.run()
    assert len(sent) >= 5
    for r in sent:
        assert r.sender == relay and r.seat is None and "canonical" in r.reason
    assert all(h.cheats(s) == [] for s in range(3))
    assert all(t.result is not None for t in h.tables)
    logs = h.logs()
    assert all(log == logs[0] for log in logs)
    assert h.tables[victim].log.equivocations == []
