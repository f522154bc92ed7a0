"""The Log and rounds: byte-identical logs whatever the arrival order, equivocation kept
as proof, gaps and slots taken out of turn."""

from __future__ import annotations

import random

import pytest

from p2pcards.transcript import (
    BadGenesis,
    BrokenChain,
    Entry,
    Equivocation,
    EquivocationError,
    Log,
    OutOfTurn,
    Pending,
    Round,
    SequenceGap,
    WrongHand,
    WrongSequence,
    WrongTable,
    round_link,
    round_seqs,
    sign_entry,
)
from tests.transcript._transcript_helpers import OTHER_TABLE, identity, started_log

# A table's script: ("turn", seat, kind, hand) or ("round", seats, kind, hand).
SCRIPT: list[tuple[str, object, str, int]] = [
    ("round", [0, 1, 2, 3], "commit", 1),
    ("turn", 0, "shuffle", 1),
    ("turn", 1, "shuffle", 1),
    ("round", [1, 2, 3], "keys", 1),
    ("round", [0, 2, 3], "keys", 1),
    ("turn", 2, "move", 1),
    ("turn", 2, "move", 1),
    ("round", [3, 0], "keys", 1),
    ("round", [0, 1, 2, 3], "reveal", 1),
    ("round", [2], "commit", 2),
    ("turn", 3, "move", 2),
]


def body_of(step: int, seat: int) -> dict[str, object]:
    return {"step": step, "seat": seat, "data": bytes([step, seat]) * 8}


def build_reference() -> tuple[Log, list[Entry]]:
    """Play SCRIPT on one log; return it and every entry a peer may receive."""
    log, start = started_log(4)
    sent = list(start[1:])
    for step, (what, who, kind, hand) in enumerate(SCRIPT):
        if what == "turn":
            assert isinstance(who, int)
            e = log.sign_next(identity(who), who, kind, body_of(step, who), hand)
            log.append(e)
            sent.append(e)
        else:
            assert isinstance(who, list)
            rnd = log.open_round(who, kind, hand)
            for s in who:
                rnd.offer(rnd.sign(identity(s), s, body_of(step, s)))
            sent.extend(log.append_round(rnd))
    return log, sent


def replay_as_peer(genesis: Entry, inbox: list[bytes]) -> Log:
    """A peer that knows the script (as the table state machine does) and receives
    entries in any order: keeps early ones, opens each round at its head."""
    log = Log(genesis.raw)
    verified: dict[bytes, Entry] = {}
    for data in inbox:  # verify each distinct message once, in arrival order
        if data not in verified:
            verified[data] = log.verify(data)
    pending = [verified[data] for data in inbox]
    steps: list[tuple[str, object, str, int]] = [("round", [1, 2, 3], "accept", 0), *SCRIPT]
    for what, who, kind, hand in steps:
        if what == "turn":
            while True:
                for e in pending:
                    if e.seq == log.head.seq + 1:
                        assert log.append(e) is e
                        break
                else:
                    raise AssertionError("turn entry never arrived")
                break
        else:
            assert isinstance(who, list)
            rnd = log.accept_round() if kind == "accept" else log.open_round(who, kind, hand)
            for e in pending:
                if e.seq in rnd.seqs.values() and e.kind == kind and e.prev == rnd.anchor.hash:
                    rnd.offer(e)
            assert rnd.complete, rnd.missing
            log.append_round(rnd)
        # stale duplicates are harmless
        for e in pending:
            if e.seq <= log.head.seq:
                assert log.append(e) is None
    return log


def test_round_seqs_is_seat_order() -> None:
    assert round_seqs(10, [3, 0, 2, 3]) == {0: 11, 2: 12, 3: 13}


@pytest.mark.parametrize("seed", range(12))
def test_every_peer_holds_byte_identical_logs(seed: int) -> None:
    ref, sent = build_reference()
    rng = random.Random(seed)
    raws = [e.raw for e in sent]
    logs = []
    for _peer in range(4):
        inbox = raws + rng.choices(raws, k=len(raws) // 2)  # duplicates
        rng.shuffle(inbox)
        logs.append(replay_as_peer(ref[0], inbox))
    want = [e.raw for e in ref]
    for log in logs:
        assert [e.raw for e in log] == want
        assert log.head == ref.head
    # the round of keys by seats 3 and 0 is in seat order whatever the arrival order
    keys_round = [e for e in ref if e.kind == "keys" and e.seq > 0][-2:]
    assert [e.seat for e in keys_round] == [0, 3]
    assert len(want) == 4 + 4 + 2 + 3 + 3 + 2 + 2 + 4 + 1 + 1


def test_entries_since_fills_a_gap() -> None:
    ref, _sent = build_reference()
    behind = Log(ref[0].raw)
    for data in ref.entries_since(0):
        behind.append(data)
    assert [e.raw for e in behind] == [e.raw for e in ref]
    assert ref.entries_since(ref.head.seq) == []
    assert ref.entries_since(-1)[0] == ref[0].raw
    assert len(ref.entries_since(5)) == len(ref) - 6


def test_sequence_gap_names_the_seat_and_leaves_the_log_alone() -> None:
    log, _ = started_log(4)
    head = log.head
    e = sign_entry(
        identity(2),
        table=log.table,
        hand=1,
        seq=head.seq + 2,
        prev=head.hash,
        seat=2,
        kind="move",
        body=None,
    )
    with pytest.raises(SequenceGap) as err:
        log.append(e.raw)
    assert (err.value.seat, err.value.expected, err.value.got) == (2, head.seq + 1, head.seq + 2)
    assert log.head == head


def test_broken_chain_and_wrong_table_in_a_log() -> None:
    log, _ = started_log(4)
    bad = sign_entry(
        identity(1),
        table=log.table,
        hand=1,
        seq=log.head.seq + 1,
        prev=b"\x33" * 32,
        seat=1,
        kind="move",
        body=None,
    )
    with pytest.raises(BrokenChain) as err:
        log.append(bad)
    assert err.value.seat == 1
    replay, _ = started_log(4, table=OTHER_TABLE)
    foreign = replay.sign_next(identity(3), 3, "move", None, hand=1)
    with pytest.raises(WrongTable) as wt:
        log.append(foreign.raw)
    assert wt.value.seat == 3


def test_replayed_entry_from_an_earlier_hand() -> None:
    log, _ = started_log(4)
    log.append(log.sign_next(identity(1), 1, "move", {"n": 1}, hand=2))
    old = log.sign_next(identity(2), 2, "move", {"n": 1}, hand=1)
    with pytest.raises(WrongHand) as err:
        log.append(old.raw)
    assert (err.value.seat, err.value.expected, err.value.got) == (2, 2, 1)


def test_equivocation_in_the_log_keeps_both_entries() -> None:
    log, _ = started_log(4)
    first = log.sign_next(identity(2), 2, "move", {"card": 5}, hand=1)
    second = log.sign_next(identity(2), 2, "move", {"card": 6}, hand=1)
    assert log.append(first.raw) == first
    assert log.append(first.raw) is None  # a duplicate is not an equivocation
    with pytest.raises(EquivocationError) as err:
        log.append(second.raw)
    assert err.value.seat == 2
    proof = err.value.proof
    assert isinstance(proof, Equivocation)
    assert (proof.seat, proof.seq, proof.first, proof.second) == (2, first.seq, first, second)
    assert log.equivocations == [proof]
    assert log.last == first  # the first stays
    with pytest.raises(EquivocationError):
        log.append(second.raw)
    assert len(log.equivocations) == 1
    # the proof stands on its own
    again = Equivocation.from_bytes(proof.to_bytes(), log.keys)
    assert (again.seat, again.first.raw, again.second.raw) == (2, first.raw, second.raw)
    assert "seat 2 signed two different entries" in str(again)


def test_another_seat_writing_a_taken_slot_is_out_of_turn() -> None:
    log, _ = started_log(4)
    mine = log.sign_next(identity(1), 1, "move", None, hand=1)
    theirs = log.sign_next(identity(3), 3, "move", None, hand=1)
    log.append(mine)
    with pytest.raises(OutOfTurn) as err:
        log.append(theirs.raw)
    assert err.value.seat == 3
    assert log.equivocations == []


def test_equivocation_inside_a_round() -> None:
    log, _ = started_log(4)
    rnd = log.open_round([1, 2, 3], "keys", hand=1)
    a = rnd.sign(identity(2), 2, {"keys": [1]})
    b = rnd.sign(identity(2), 2, {"keys": [2]})
    assert rnd.offer(a.raw) is True
    assert rnd.offer(a.raw) is False
    with pytest.raises(EquivocationError) as err:
        rnd.offer(b.raw)
    assert err.value.seat == 2
    assert rnd.equivocations[0].first == a and rnd.equivocations[0].second == b
    assert rnd.get(2) == a
    assert rnd.missing == (1, 3)


def test_round_rejects_strangers_wrong_places_and_anchors() -> None:
    log, _ = started_log(4)
    rnd = log.open_round([1, 3], "keys", hand=1)
    assert rnd.seqs == {1: log.head.seq + 1, 3: log.head.seq + 2}
    outsider = log.sign_next(identity(2), 2, "keys", None, hand=1)
    with pytest.raises(OutOfTurn) as e1:
        rnd.offer(outsider.raw)
    assert e1.value.seat == 2
    wrong_kind = sign_entry(
        identity(3),
        table=log.table,
        hand=1,
        seq=rnd.seqs[3],
        prev=log.head.hash,
        seat=3,
        kind="move",
        body=None,
    )
    with pytest.raises(OutOfTurn):
        rnd.offer(wrong_kind)
    wrong_place = log.sign_next(identity(3), 3, "keys", None, hand=1)  # took seat 1's seq
    with pytest.raises(WrongSequence) as e2:
        rnd.offer(wrong_place)
    assert e2.value.seat == 3
    wrong_anchor = sign_entry(
        identity(3),
        table=log.table,
        hand=1,
        seq=rnd.seqs[3],
        prev=b"\x01" * 32,
        seat=3,
        kind="keys",
        body=None,
    )
    with pytest.raises(BrokenChain):
        rnd.offer(wrong_anchor)
    with pytest.raises(WrongHand):
        rnd.offer(_other_hand(rnd, log))
    with pytest.raises(ValueError, match="incomplete"):
        rnd.ordered()
    with pytest.raises(ValueError, match="incomplete"):
        log.append_round(rnd)


def _other_hand(rnd: Round, log: Log) -> Entry:
    return sign_entry(
        identity(1),
        table=log.table,
        hand=2,
        seq=rnd.seqs[1],
        prev=rnd.anchor.hash,
        seat=1,
        kind="keys",
        body=None,
    )


def test_a_round_must_be_appended_at_its_anchor() -> None:
    log, _ = started_log(4)
    rnd = log.open_round([1], "keys", hand=1)
    rnd.offer(rnd.sign(identity(1), 1, None))
    log.append(log.sign_next(identity(0), 0, "move", None, hand=1))
    with pytest.raises(ValueError, match="anchored"):
        log.append_round(rnd)


def test_pending_keeps_early_entries_bounded_and_deduplicated() -> None:
    ref, _sent = build_reference()
    log = Log(ref[0].raw)
    pending = Pending(max_entries=6, max_ahead=8)
    later = list(ref)[1:]
    for e in reversed(later):  # worst order: newest first, each twice
        pending.add(e, log.head.seq)
        pending.add(e, log.head.seq)
    # held while there is room: far-future ones refused (seq > 8), then 8, 7, ..., 3
    assert len(pending) == 6
    assert not pending.add(ref[0], log.head.seq)  # not ahead of the head
    assert pending.take(1) == [] and pending.take(2) == []  # never arrived: fill the gap
    for data in ref.entries_since(0)[:2]:
        log.append(data)
    while (got := pending.take(log.head.seq + 1)) != []:
        log.append(got[0])
    assert log.head.seq == 8
    assert len(pending) == 0
    assert pending.drop_through(100) == []


def test_pending_hands_back_rival_entries_for_one_seq() -> None:
    log, _ = started_log(4)
    a = log.sign_next(identity(2), 2, "move", {"card": 1}, hand=1)
    b = log.sign_next(identity(2), 2, "move", {"card": 2}, hand=1)
    pending = Pending()
    assert pending.add(a, log.head.seq - 1) and pending.add(b, log.head.seq - 1)
    rivals = pending.drop_through(log.head.seq + 1)
    assert rivals == [a, b]
    log.append(rivals[0])
    with pytest.raises(EquivocationError):
        log.append(rivals[1])


def test_replay_rebuilds_a_log_and_stops_at_the_first_bad_entry() -> None:
    ref, _sent = build_reference()
    raws = ref.entries_since(-1)
    again = Log.replay(raws + raws[3:5])  # duplicates are skipped
    assert [e.raw for e in again] == raws
    with pytest.raises(SequenceGap) as err:
        Log.replay(raws[:6] + raws[7:])
    assert err.value.got == 7
    with pytest.raises(BadGenesis):
        Log.replay([])


def test_the_entry_after_a_round_names_the_link_of_every_contribution() -> None:
    """protocol/transcript.md §4: after a round of two or more contributions the next
    entry's ``prev`` is the round link of all of them, not the last one's hash (which
    would let a seat holding another version of an earlier contribution take it)."""
    log, _ = started_log(3)
    rnd = log.open_round([0, 1, 2], "keys", hand=1)
    for s in (2, 0, 1):
        rnd.offer(rnd.sign(identity(s), s, [s]))
    got = log.append_round(rnd)
    link = round_link([e.hash for e in got])
    assert log.head == (got[-1].seq, link) and log.link(got[0].seq) == got[0].hash
    assert log.knows(link) and log.knows(got[1].hash) and not log.knows(b"\x02" * 32)
    stale = sign_entry(
        identity(0), table=log.table, hand=1, seq=log.head.seq + 1, prev=got[-1].hash,
        seat=0, kind="move", body=None,
    )  # fmt: skip
    with pytest.raises(BrokenChain) as err:
        log.append(stale)
    assert (err.value.seat, err.value.seq) == (0, stale.seq)
    turn = log.append(log.sign_next(identity(0), 0, "move", None, hand=1))
    assert turn is not None and turn.prev == link and log.head.hash == turn.hash
