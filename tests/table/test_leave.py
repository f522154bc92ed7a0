"""Leaving (issue 15 item 1): a seat that leaves signs a leave; the others see it
(``SeatLeft``) and may vote it out at once instead of waiting out the stall limit.  Only
the seat's own key can sign it: a forged leave excludes nobody, and a leave older than
the seat's later entries (it came back) is ignored."""

from __future__ import annotations

import pytest

from p2pcards.table import Broadcast, HandAbandoned, Rejected, SeatLeft, audit_entries
from p2pcards.transcript import peek_entry, sign_entry
from tests.table.harness import Harness
from tests.table.test_abandon import Hold, stalled_table, vote


def assert_seat_2_forfeits_by_leaving(h: Harness, losers: tuple[int, ...] = (2,)) -> None:
    """Seats 0 and 1 each ended the hand with seat 2 forfeiting for leaving (and the
    other ``losers``, that left before the vote), with no accusation, and hold the same
    log."""
    for s in (0, 1):
        [ab] = [o for o in h.outputs[s] if isinstance(o, HandAbandoned)]
        assert (ab.seat, ab.reason) == (2, "left")
        assert ab.result is not None and ab.result["losers"] == list(losers)
        assert h.cheats(s) == []
    assert h.logs()[0] == h.logs()[1]


def _leave_bytes(h: Harness, seat: int) -> bytes:
    [b] = h.tables[seat].leave()
    assert isinstance(b, Broadcast) and b.kind == "leave"
    return b.data


def test_a_seat_that_leaves_is_voted_out_at_once_and_forfeits() -> None:
    hold = Hold(2, kind="move")
    h = stalled_table("akulina", 3, hold, seed=3)
    data = _leave_bytes(h, 2)
    for s in (0, 1):
        h.handle(s, h.tables[s].receive(data))
        assert [o.seat for o in h.outputs[s] if isinstance(o, SeatLeft)] == [2]
        assert list(h.tables[s].departed) == [2]
        h.handle(s, h.tables[s].abandon(2, "left"))  # no stall limit waited
    h.run()
    assert_seat_2_forfeits_by_leaving(h)
    assert h.tables[2].legal_moves() == [] or not h.tables[2].may_decide  # it left


def test_a_forged_leave_excludes_nobody() -> None:
    """Seat 0 signs a leave in seat 2's name with its own key."""
    h = Harness("akulina", 3, seed=4)
    h.run()
    t0 = h.tables[0]
    forged = sign_entry(
        t0._key,  # type: ignore[arg-type]
        table=t0.table_id,
        hand=t0.hand,
        seq=t0.next_seq,
        prev=t0.log.head.hash,
        seat=2,
        kind="leave",
        body=[],
    ).raw
    outs = h.tables[1].receive(forged)
    assert [o for o in outs if isinstance(o, SeatLeft)] == []
    assert any(isinstance(o, Rejected) for o in outs)
    assert h.tables[1].departed == {}


def test_an_old_leave_replayed_after_the_seat_came_back_is_ignored() -> None:
    """Seat 2's leave is held back by a relay, the seat plays on (it came back), then
    the relay replays the leave: nobody records a departure."""
    h = Harness("akulina", 3, seed=6)
    h.run()
    t2 = h.tables[2]
    # a leave at an early position, as if signed before seat 2's later entries
    early = next(e for e in h.tables[0].log if e.seat == 2 and e.seq > 3)
    replay = sign_entry(
        t2._key,  # type: ignore[arg-type]
        table=t2.table_id,
        hand=early.hand,
        seq=early.seq,
        prev=h.tables[0].log[early.seq - 1].head.hash,
        seat=2,
        kind="leave",
        body=[],
    ).raw
    outs = h.tables[0].receive(replay)
    assert [o for o in outs if isinstance(o, SeatLeft)] == []
    assert any(isinstance(o, Rejected) and "older" in o.reason for o in outs)
    assert h.tables[0].departed == {}


def test_a_leave_while_its_own_round_contribution_waits_for_the_others_is_taken() -> None:
    """Was: a seat that left while the round it had contributed to was still open for
    it (the others' contributions not yet arrived) signed its leave at its log's next
    position, before its own contribution's; a seat holding the whole round had that
    contribution in its log at or after the leave's position and ignored the leave as
    'older than its entries' (seen through a terminal: Ctrl-C right after the start,
    and the host waited out the stall limit)."""
    hold = Hold(0, kind="key")  # seat 0's key never reaches seat 1; seat 1's reaches 0
    h = stalled_table("akulina", 2, hold, seed=1)
    t0, t1 = h.tables
    mine = next(e for e in t0.log if e.seat == 1 and e.kind == "key")
    assert mine.seq >= len(t1.log)  # seat 1's own key is not in seat 1's log yet
    data = _leave_bytes(h, 1)
    outs = t0.receive(data)
    assert [o.seat for o in outs if isinstance(o, SeatLeft)] == [1]
    assert [o for o in outs if isinstance(o, Rejected)] == []
    assert list(t0.departed) == [1]


def _gone(h: Harness, seats: set[int]) -> None:
    """Seats ``seats`` left: from now on they send nothing and serve no log."""
    h.tamper = lambda h, seat, b: [] if seat in seats else [b.data]
    h.silent = seats  # type: ignore[attr-defined]


@pytest.mark.parametrize("both_before", [False, True])
def test_two_seats_leaving_at_once_do_not_stall_the_vote(both_before: bool) -> None:
    """Issue 15: at a 4-seat table seats 2 and 3 leave at the same moment while the
    table waits for seat 2's move.  Seat 0 votes against seat 2 on its leave before it
    learns of seat 3's; seat 1 learns of both first (``both_before``: seat 1 too votes
    before it knows of seat 3).  The vote must not wait for seat 3, which has left: both
    honest seats end the hand at once with the same log, seat 2 forfeiting and seat 3
    with it (it left before the round: every seat that did not vote forfeits, not only
    the awaited one), and the audit of that log with the leaves the session keeps agrees.
    Before, the vote waited for seat 3 for ever (no stall limit ends a vote)."""
    hold = Hold(2, kind="move")
    h = stalled_table("akulina", 4, hold, seed=3)
    left2, left3 = _leave_bytes(h, 2), _leave_bytes(h, 3)
    _gone(h, {2, 3})
    h.handle(0, h.tables[0].receive(left2))
    h.handle(0, h.tables[0].abandon(2, "left"))
    if both_before:
        h.handle(1, h.tables[1].receive(left2))
        h.handle(1, h.tables[1].abandon(2, "left"))
        h.handle(1, h.tables[1].receive(left3))
    else:
        h.handle(1, h.tables[1].receive(left3))
        h.handle(1, h.tables[1].receive(left2))
        h.handle(1, h.tables[1].abandon(2, "left"))
    h.handle(0, h.tables[0].receive(left3))
    h.run()
    assert_seat_2_forfeits_by_leaving(h, losers=(2, 3))  # (before: seat 3 won, as 0 and 1)
    votes = [e for e in h.tables[0].log if e.kind == "abandon"]
    assert sorted(e.seat for e in votes) == [0, 1]  # seat 3 is not waited for
    report = audit_entries(h.logs()[0], evidence=[left2, left3])
    assert report.verdict == "forfeited" and report.cheats == []
    assert report.result["losers"] == [2, 3] and report.result["winners"] == [0, 1]
    assert report.result["forfeit"] == {"seat": 2, "hand": 0, "rule": "lose", "penalty": 1,
                                        "also": [3], "penalties": [1]}  # fmt: skip
    assert (report.table.abandoned.seat, report.table.abandoned.reason) == (2, "left")
    assert audit_entries(h.logs()[0]).verdict == "incomplete"  # without the leaves: says so


class _Stop(Exception):
    pass


def _until_seat_0_moves(h: Harness, s: int, t: object, legal: list[object]) -> object:
    if s == 0:
        raise _Stop  # (the table waits for seat 0's move: nobody answers its prompt)
    return h.bot(t.view(), legal, h.bot_rngs[s])  # type: ignore[attr-defined]


def test_at_two_seats_a_leave_on_the_other_seats_turn_ends_the_hand_at_once() -> None:
    """Issue 15: at two seats, seat 1 leaves while the table waits for seat 0's own move
    (seat 0 thinks).  Seat 0 ends the hand at once by its vote, on whoever's turn it was,
    as when seat 1 leaves on its own turn (before, the vote waited for a turn of seat 1
    and seat 0 stayed at its move prompt); seat 1 writes nothing after its leave, follows
    the vote and its log equals seat 0's; the audit of either log, with the leave, says
    abandoned: seat 1 left, no result."""
    h = Harness("akulina", 2, seed=3, decide=_until_seat_0_moves)
    with pytest.raises(_Stop):
        h.run()
    t0 = h.tables[0]
    assert t0.awaited() == (0,) and t0.may_decide
    data = _leave_bytes(h, 1)
    said = len(h.outputs[1])
    h.handle(0, t0.receive(data))
    assert t0.votable_departed() == (1,)
    h.handle(0, t0.abandon(1, "left"))
    assert not t0.may_decide  # its move is moot: the hand is over
    h.run()
    for s in (0, 1):
        [ab] = [o for o in h.outputs[s] if isinstance(o, HandAbandoned)]
        assert (ab.seat, ab.reason, ab.result) == (1, "left", None)
    sent = [o for o in h.outputs[1][said:] if isinstance(o, Broadcast)]
    assert [peek_entry(o.data).seat for o in sent] == [0] * len(sent)  # (passed on only)
    assert h.logs()[0] == h.logs()[1]
    [vote] = [e for e in t0.log if e.kind == "abandon"]
    assert vote.seat == 0 and vote.body == [1, "left"]
    report = audit_entries(h.logs()[0], evidence=[data])
    assert report.verdict == "abandoned" and report.cheats == []
    ab = report.table.abandoned
    assert (ab.seat, ab.reason, ab.result) == (1, "left", None)


def _vote_as_the_session_does(h: Harness) -> bool:
    """What each session does after every change (``Session._vote_departed``): vote out
    a departed seat when the table allows it.  True if a seat voted."""
    voted = False
    for s, t in enumerate(h.tables):
        if t.voting is None and not t.halted and not t.left:
            for d in t.votable_departed():
                h.handle(s, t.abandon(d, "left"))
                voted = True
                break
    return voted


@pytest.mark.parametrize("awaited_first", [True, False])
def test_at_three_seats_a_leave_on_another_seats_turn_ends_the_hand_at_once(
    awaited_first: bool,
) -> None:
    """Issue 15: at three seats seat 2 leaves while the table waits for seat 0's move.
    Was: the hand went on until seat 2's turn came (the voters must agree where the
    round starts).  Now seat 0, awaited (the log cannot pass its head without seat 0's
    entry), votes at once on the leave instead of moving, and seat 1, which holds the
    leave too, joins seat 0's vote at that head: the hand ends at once, seat 2
    forfeiting, every log the same, the audit with the leave says so.  Seat 1 alone
    (``awaited_first`` False: the leave reaches it first) does not vote: nothing it
    holds says where the round would start."""
    h = Harness("akulina", 3, seed=3, decide=_until_seat_0_moves)
    with pytest.raises(_Stop):
        h.run()
    t0, t1 = h.tables[0], h.tables[1]
    data = _leave_bytes(h, 2)
    first, second = (0, 1) if awaited_first else (1, 0)
    h.handle(first, h.tables[first].receive(data))
    if not awaited_first:
        assert t1.votable_departed() == ()
        with pytest.raises(ValueError, match="not waiting for seat 2"):
            t1.abandon(2, "left")
    assert t0.votable_departed() == (2,) or not awaited_first
    h.handle(second, h.tables[second].receive(data))
    assert t0.votable_departed() == (2,)
    assert _vote_as_the_session_does(h)  # seat 0 votes
    assert not t0.may_decide
    for _ in range(3):
        h.run()
        if not _vote_as_the_session_does(h):  # seat 1 joins, once seat 0's vote came
            break
    assert_seat_2_forfeits_by_leaving(h)
    assert h.logs()[2] == h.logs()[0]
    votes = [e for e in t0.log if e.kind == "abandon"]
    assert sorted(e.seat for e in votes) == [0, 1]
    assert {tuple(e.body) for e in votes} == {(2, "left")}
    for s in (0, 1, 2):
        report = audit_entries(h.logs()[s], evidence=[data])
        assert report.verdict == "forfeited" and report.cheats == [] and not report.rejected
        assert report.result["losers"] == [2] and report.result["winners"] == [0, 1]


def _came_back(stall_after: bool) -> tuple[Harness, bytes]:
    """Issue 15 (a new user at three seats): the table waits for seat 0's move; seat 2
    presses ``q`` while nobody is connected (its leave reaches nobody: "стол ждёт вас"),
    then runs the same command again (its table restarts from its log file) and plays on
    with the others.  ``stall_after``: seat 0 then stops answering and seats 1 and 2 vote
    it out (the report: seat 2's first entry after its leave is that vote); else seat 0's
    move arrives and the game is played to its end.  Returns the harness and seat 2's
    leave (in its log file as EVIDENCE, as the session keeps it)."""
    hold = Hold(0, kind="move")
    h = stalled_table("akulina", 3, hold, seed=3)
    leave = _leave_bytes(h, 2)  # unheard: sent to nobody
    h.crash_and_restart(2)  # the same command again: it is back
    if stall_after:
        vote(h, 1, 0)
        vote(h, 2, 0)
    else:
        hold.release(h)
    h.run()
    return h, leave


@pytest.mark.parametrize("stall_after", [False, True])
def test_a_leave_nobody_heard_is_superseded_when_the_seat_comes_back(stall_after: bool) -> None:
    """Was: the audit fed the leaves before the log, so at a vote round after the leave
    seat 2 counted as gone (it could not vote): its own vote did not fit ("1 entries do
    not fit the log") and it forfeited with the staller ("losses" [1, 0, 1], "also" [2])
    on its log alone, while the others' logs audited right.  A leave the seat's later
    entries in the log supersede changes nothing: every log audits the same."""
    h, leave = _came_back(stall_after)
    seats = (1, 2) if stall_after else (0, 1, 2)  # (seat 0's log has its held move)
    assert all(h.logs()[s] == h.logs()[1] for s in seats)
    mine = audit_entries(h.logs()[2], evidence=[leave])
    theirs = audit_entries(h.logs()[1])
    assert [r.reason for r in mine.rejected] == []
    assert mine.cheats == [] and theirs.cheats == []
    if stall_after:
        assert (mine.verdict, theirs.verdict) == ("forfeited", "forfeited")
        assert (mine.table.abandoned.seat, mine.table.abandoned.reason) == (0, "stall")
        assert mine.result["losers"] == [0] and "also" not in mine.result["forfeit"]
    else:
        assert (mine.verdict, theirs.verdict) == ("verified", "verified")
        assert h.tables[2].finished
    assert mine.result == theirs.result == h.tables[1].result
