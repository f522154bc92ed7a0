"""Rule 6 of ``protocol/table.md`` §3 under attack (session 10): a seat whose own time
for its awaited entry is up (:meth:`Table.time_up`) and that holds another seat's vote
against it signed at its log's head writes nothing more for the slot
(:attr:`Table.out_of_time`).  What must not make a seat out of time: a vote alone (a
lying seat, rule 2), a vote signed at another head, of another hand, of a twin table, a
vote against another seat, a time up of an earlier slot.  What it must do: clear when
the log grows, end alike at 2 and 4 seats, with a voter dead and back, with a voter
that left, and after a restart of the out-of-time seat (its time up is on disk);
every log's audit says the same (a forfeit at 3+ seats, "abandoned" at 2), nobody is a
cheat."""

from __future__ import annotations

from typing import Any

import pytest

from p2pcards.games import IllegalMove
from p2pcards.table import SeatLeft, Table, Waiting, audit_entries
from p2pcards.transcript import sign_entry
from tests.table.harness import Harness
from tests.table.test_abandon import ended, late, vote


def slow(n: int, seat: int, seed: int = 5, **kw: Any) -> Harness:
    """``n`` seats playing until the table awaits ``seat``'s move, its player thinking."""
    h = Harness("akulina", n, seed=seed, paused={seat}, **kw)
    h.run()
    t = h.tables[seat]
    assert t.may_decide and all(o.awaited() == (seat,) for o in h.tables), seed
    return h


def forged_vote(
    h: Harness,
    voter: int,
    against: int,
    *,
    at: Table,
    back: int = 0,
    hand: int | None = None,
    reason: str = "stall",
) -> bytes:
    """A vote signed with ``voter``'s real key (the voter's software, or a replay of what
    it signed): against ``against``, at ``at``'s head (``back`` entries before it), in
    ``at``'s transcript hand unless ``hand`` says otherwise."""
    prev = at.log[len(at.log) - 1 - back]
    key = h.tables[voter]._key
    assert key is not None
    return sign_entry(
        key,
        table=at.log[0].table,
        hand=at.hand if hand is None else hand,
        seq=prev.seq + 1,
        prev=prev.hash,
        seat=voter,
        kind="abandon",
        body=[against, reason],
    ).raw


def waits(h: Harness, seat: int) -> Waiting:
    return [o for o in h.outputs[seat] if isinstance(o, Waiting)][-1]


def all_end_with_forfeit_of(h: Harness, loser: int, seats: range | tuple[int, ...]) -> None:
    """Every seat in ``seats`` ended the hand without ``loser`` (its forfeit), with the
    same log, no cheat reported; each log's audit says the same."""
    results = []
    for s in seats:
        ab = ended(h, s)
        assert ab.seat == loser and ab.reason == "stall", s
        assert ab.result is not None and loser in ab.result["losers"], (s, ab.result)
        assert h.cheats(s) == [], s
        results.append(ab.result)
        assert not h.tables[s].out_of_time and h.tables[s].legal_moves() == []
    assert all(r == results[0] for r in results)
    logs = [h.logs()[s] for s in seats]
    assert all(log == logs[0] for log in logs)
    for log in logs:
        report = audit_entries(log)
        assert (report.verdict, report.cheats) == ("forfeited", [])
        assert report.result == results[0]
        assert f"seat{loser} stopped responding" in report.waiting


# ---------------------------------------------------------------- a vote alone stops nobody


def test_a_liars_early_vote_leaves_the_liar_behind_and_the_others_vote_it_out() -> None:
    """Seat 0 votes seat 2 out at once (its software lies, or its clock runs fast).
    Seat 2, thinking (its own time not up), moves; seat 1 takes the move; the liar, which
    ignores it (rule 3), is the one left waiting, and seats 1 and 2 end the hand without
    it when the table comes to wait for it.  Seat 2 never calls time_up here: rule 6
    never applied."""
    h = slow(3, 2)
    vote(h, 0, 2)
    h.run()
    t2 = h.tables[2]
    assert t2.may_decide and not t2.out_of_time and t2.legal_moves()
    h.paused = {0}  # (the liar's table is stuck at its vote anyway)
    h.run()
    assert late(h, 0) and not h.tables[0].halted
    for s in (1, 2):
        assert h.tables[s].awaited() == (0,), (s, h.tables[s].awaited())
    vote(h, 1, 0)
    vote(h, 2, 0)
    h.run()
    for s in (1, 2):
        ab = ended(h, s)
        assert ab.seat == 0 and ab.result is not None and ab.result["losers"] == [0]
        assert h.cheats(s) == []
    assert h.logs()[1] == h.logs()[2]
    report = audit_entries(h.logs()[1])
    assert report.verdict == "forfeited" and report.result == ended(h, 1).result
    assert report.cheats == []


def test_a_vote_with_reason_left_against_a_seat_that_did_not_leave_stops_nothing() -> None:
    """The liar claims seat 2 left (it signed no leave): seat 2, in time, still moves."""
    h = slow(3, 2)
    t2 = h.tables[2]
    h.handle(2, t2.receive(forged_vote(h, 0, 2, at=t2, reason="left")))
    assert t2.may_decide and not t2.out_of_time and t2.legal_moves()
    assert t2.expecting() is not None and t2.expecting().kind != "abandon"  # type: ignore[union-attr]


# ------------------------------------------------- votes that must not make a seat out of time


@pytest.mark.parametrize("which", ["older head", "other hand", "against seat 1", "twin table"])
def test_only_a_vote_against_this_seat_at_this_head_and_hand_counts(which: str) -> None:
    """Seat 2's own time is up; it holds one vote, signed by seat 0's real key, that is not
    a vote against seat 2 at its log's head in this hand: it may still move, and its
    expecting() is its move, not the votes."""
    h = slow(3, 2)
    t2 = h.tables[2]
    h.handle(2, t2.time_up())
    assert t2.may_decide and not t2.out_of_time  # (its time is up, but no vote is held)
    if which == "older head":
        data = forged_vote(h, 0, 2, at=t2, back=1)
    elif which == "other hand":
        data = forged_vote(h, 0, 2, at=t2, hand=t2.hand + 1)
    elif which == "against seat 1":
        data = forged_vote(h, 0, 1, at=t2)
    else:  # the same players' other table: same keys, same table id, another genesis
        twin = slow(3, 2, options={"stall_limit": 31})
        assert twin.tables[0].log[0].table == t2.log[0].table
        assert twin.tables[0]._key is not None and h.tables[0]._key is not None
        data = forged_vote(twin, 0, 2, at=twin.tables[2])
    h.handle(2, t2.receive(data))
    assert not t2.out_of_time and t2.may_decide and t2.legal_moves(), which
    exp = t2.expecting()
    assert exp is not None and exp.kind != "abandon" and exp.seats == (2,)
    assert h.cheats(2) == []
    h.paused = set()
    h.run()  # seat 2 moves; the others (who never voted) take it
    assert len(h.tables[0].log) == len(t2.log) == len(h.tables[1].log)
    assert h.logs()[0] == h.logs()[1] == h.logs()[2]


def test_a_vote_alone_then_the_seats_own_time_stops_it_in_either_order() -> None:
    """The vote first and the time up after, or the time up first and the vote after:
    either way, once both hold, seat 2 writes nothing and waits for seat 1's vote."""
    for first in ("vote", "time"):
        h = slow(3, 2)
        t2 = h.tables[2]
        if first == "time":
            h.handle(2, t2.time_up())
            assert t2.may_decide
        vote(h, 0, 2)
        h.run()
        if first == "vote":
            assert t2.may_decide
            h.handle(2, t2.time_up())
        assert t2.out_of_time and not t2.may_decide and t2.legal_moves() == [], first
        assert waits(h, 2) == Waiting((1,), "abandon", {"stalled": 2, "reason": "stall"})
        vote(h, 1, 2)
        h.run()
        all_end_with_forfeit_of(h, 2, range(3))


# --------------------------------------------------------------------- the log grows


def test_out_of_time_clears_when_the_log_grows_and_a_new_slot_needs_its_own_time_up() -> None:
    """Seat 2's time runs out with no vote held, and it moves (the race of §3: no vote
    was in hand).  A vote at the old head arriving then counts for nothing.  At seat 2's
    next turn, a vote at the new head does not stop it on the old time up: its clock for
    the new slot must run out again."""
    h = slow(3, 2)
    t2 = h.tables[2]
    h.handle(2, t2.time_up())
    old = forged_vote(h, 0, 2, at=t2)  # (signed at the head the move then passes)
    legal = t2.legal_moves()
    h.handle(2, t2.decide(h.bot(t2.view(), legal, h.bot_rngs[2])))
    h.handle(2, t2.receive(old))
    assert not t2.out_of_time
    h.run()  # the others take the move and play on until seat 2's next decision
    assert all(t.awaited() == (2,) for t in h.tables), [t.awaited() for t in h.tables]
    assert not t2.halted and h.cheats(2) == []
    vote(h, 0, 2)
    h.run()
    assert t2.may_decide and not t2.out_of_time and t2.legal_moves()  # (the old time up)
    h.handle(2, t2.time_up())
    assert t2.out_of_time and not t2.may_decide


# ------------------------------------------------------------------ 2 seats, 4 seats


def test_two_seats_the_one_vote_ends_the_hand_at_the_out_of_time_seat_too() -> None:
    """At two seats the other seat's vote is the whole round: it ends the hand at once,
    with no result; the out-of-time seat's log ends as the voter's."""
    for first in ("vote", "time"):
        h = slow(2, 1)
        t1 = h.tables[1]
        if first == "time":
            h.handle(1, t1.time_up())
        vote(h, 0, 1)
        h.run()
        if first == "vote":
            h.handle(1, t1.time_up())
        for s in (0, 1):
            ab = ended(h, s)
            assert (ab.seat, ab.reason, ab.result) == (1, "stall", None), (first, s)
            assert h.cheats(s) == [] and not h.tables[s].out_of_time
        assert t1.legal_moves() == [] and not t1.may_decide
        assert h.logs()[0] == h.logs()[1]
        for log in h.logs():
            report = audit_entries(log)
            assert (report.verdict, report.cheats, report.result) == ("abandoned", [], None)


def test_four_seats_two_votes_in_one_voter_dead_the_seat_waits_for_it() -> None:
    """Seat 3 slow, seat 1's laptop dead: seats 0 and 2 vote, seat 3's time is up; it
    waits for seat 1 alone (expecting names every voter, the Waiting line the missing
    one).  Seat 1 comes back, waits its own limit, votes: all four logs end alike."""
    h = slow(4, 3, seed=11)
    h.down = {1}
    t3 = h.tables[3]
    vote(h, 0, 3)
    h.run()
    h.handle(3, t3.time_up())
    assert t3.out_of_time
    exp = t3.expecting()
    assert exp is not None and (exp.seats, exp.kind) == ((0, 1, 2), "abandon")
    assert exp.about["stalled"] == 3
    assert waits(h, 3).seats == (1, 2)
    vote(h, 2, 3)
    h.run()
    assert waits(h, 3).seats == (1,) and t3.out_of_time
    move = h.bot(t3.view(), t3.engine.legal_moves(3, t3.knowledge), h.bot_rngs[3])
    with pytest.raises(IllegalMove):
        t3.decide(move)
    with pytest.raises(ValueError):  # (its own watchdog: the missing voter is no stall)
        t3.abandon(1)
    h.paused = set()
    h.run()
    assert not any(t.halted for t in h.tables) and len(set(map(len, h.logs()))) == 1
    h.down = set()
    h.crash_and_restart(1)
    for s in (0, 2):
        for data in h.tables[s].open_round_entries():
            h.queue.append((1, data))
    h.run()
    assert h.tables[1].awaited() == (3,) and not h.tables[1].halted
    vote(h, 1, 3)
    h.run()
    all_end_with_forfeit_of(h, 3, range(4))


# ---------------------------------------------------------------- a voter that left


def test_a_voter_that_leaves_while_the_seat_waits_is_voted_without() -> None:
    """Seat 2 out of time holding seat 0's vote; seat 1, the voter it waits for, signs
    its leave: seat 0's round goes on without seat 1, and seat 2 follows it."""
    h = slow(3, 2)
    t2 = h.tables[2]
    vote(h, 0, 2)
    h.run()
    h.handle(2, t2.time_up())
    assert t2.out_of_time and waits(h, 2).seats == (1,)
    h.handle(1, h.tables[1].leave())
    h.run()
    for s in (0, 2):
        ab = ended(h, s)
        assert ab.seat == 2 and ab.result is not None and 2 in ab.result["losers"], s
        assert h.cheats(s) == []
    assert h.logs()[0] == h.logs()[2]
    for s in (0, 2):  # (with the leave each kept as evidence, as its session does)
        kept = h.evidence(s) + [o.data for o in h.outputs[s] if isinstance(o, SeatLeft)]
        report = audit_entries(h.logs()[s], evidence=kept)
        assert report.verdict == "forfeited" and report.cheats == [], s
        assert report.result == ended(h, 0).result == ended(h, 2).result


def test_a_voter_gone_before_the_vote_is_not_waited_for() -> None:
    """Seat 1 left before; seat 0's vote is then the whole round: seat 2's time up
    waits for nobody and its hand ends as seat 0's."""
    h = slow(3, 2)
    h.handle(1, h.tables[1].leave())
    h.down = {1}
    h.run()
    t2 = h.tables[2]
    assert 1 in t2.departed
    h.handle(2, t2.time_up())
    assert t2.may_decide  # (no vote yet)
    vote(h, 0, 2)
    h.run()
    for s in (0, 2):
        assert ended(h, s).seat == 2 and h.cheats(s) == []
    assert h.logs()[0] == h.logs()[2]


# ---------------------------------------------------- restart of the out-of-time seat


def test_a_restarted_out_of_time_seat_writes_nothing_and_the_logs_end_alike() -> None:
    """Issue 15 through a restart (the CLI trial of session 10 before 5a843e7: Аня,
    out of time, restarted her program, passed at once; Борис, back, took the pass,
    Вера ignored it, and Аня and Борис voted Вера out: Вера's audit «НЕ ЗАВЕРШЕНО»,
    theirs «ПРЕРВАНО»).  Seat 2's time up is on disk (TIME_UP_KEY): once the others
    re-offer seat 0's vote it is out of time at once, before its new clock runs out;
    it writes nothing, seat 1 comes back and votes, all three end alike."""
    h = slow(3, 2)
    h.down = {1}
    vote(h, 0, 2)
    h.run()
    h.handle(2, h.tables[2].time_up())
    assert h.tables[2].out_of_time
    h.crash_and_restart(2)
    for data in h.tables[0].open_round_entries():  # (the session's backlog for seat 2)
        h.queue.append((2, data))
    h.run()
    t2 = h.tables[2]
    assert t2.out_of_time and not t2.may_decide and t2.legal_moves() == []
    h.paused = set()
    h.run()
    assert len(t2.log) == len(h.tables[0].log) and late(h, 0) == []  # (it wrote nothing)
    h.handle(2, t2.time_up())  # (its new clock runs out: nothing changes)
    assert t2.out_of_time
    h.down = set()
    h.crash_and_restart(1)
    for data in h.tables[0].open_round_entries():
        h.queue.append((1, data))
    h.run()
    vote(h, 1, 2)
    h.run()
    all_end_with_forfeit_of(h, 2, range(3))
