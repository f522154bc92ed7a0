"""Stalls, votes and forfeits (issue 12 item 7; ``protocol/table.md`` §3): a seat that
stops responding is voted out by every other seat, each on its own clock; with three or
more seats it forfeits the hand by the game's rule (right loser, right score line), with
two the hand ends with no result naming it.  A late entry after the vote is ignored and
logged, never reported as cheating; one lying vote excludes nobody."""

from __future__ import annotations

from typing import Any

import pytest

from p2pcards.games import Decision, IllegalMove, LocalDealer, forfeit_result, load_game
from p2pcards.games.akulina import Discard
from p2pcards.table import (
    Broadcast,
    GameOver,
    HandAbandoned,
    Rejected,
    VoteCast,
    Waiting,
    audit_entries,
)
from p2pcards.transcript import peek_entry
from tests.table.harness import Harness, force_move


class Hold:
    """A seat that goes silent at its first broadcast of ``kind`` (after ``skip`` such
    broadcasts): what it sends from then on is held back (its own table goes on), and no
    peer can fetch it by gossip either.  :meth:`release` delivers what was held."""

    def __init__(self, seat: int, kind: str | None = None, after: int = 0) -> None:
        self.seat, self.kind, self.after = seat, kind, after
        self.held: list[bytes] = []
        self.seen = 0
        self.holding = False

    def __call__(self, h: Harness, seat: int, b: Broadcast) -> list[bytes]:
        if seat != self.seat:
            return [b.data]
        own = peek_entry(b.data).seat == seat  # (not another seat's entry it passes on)
        if own and not self.holding and (self.kind is None or b.kind == self.kind):
            self.seen += 1
            if self.seen > self.after:
                self.holding = True
                h.silent = {self.seat}  # type: ignore[attr-defined]
        if self.holding:
            self.held.append(b.data)
            return []
        return [b.data]

    def release(self, h: Harness) -> None:
        """The slow seat's entries finally arrive (and its log can be fetched again)."""
        h.silent = set()  # type: ignore[attr-defined]
        for data in self.held:
            for r in range(h.n):
                if r != self.seat:
                    h.queue.append((r, data))
        self.held = []


def stalled_table(game: str, n: int, hold: Hold, seed: int, **options: Any) -> Harness:
    h = Harness(game, n, seed=seed, tamper=hold, options=options)
    h.run()
    assert hold.holding, "the seat never reached the point where it stalls"
    assert all(t.result is None or t.abandoned is None for t in h.tables)
    return h


def vote(h: Harness, seat: int, stalled: int) -> None:
    """``seat``'s peer layer waited past the limit for ``stalled``: it votes."""
    assert stalled in h.tables[seat].awaited()
    h.handle(seat, h.tables[seat].abandon(stalled))


def ended(h: Harness, seat: int) -> HandAbandoned:
    ab = [o for o in h.outputs[seat] if isinstance(o, HandAbandoned)]
    assert len(ab) == 1, ab
    return ab[0]


def late(h: Harness, seat: int) -> list[Rejected]:
    return [o for o in h.outputs[seat] if isinstance(o, Rejected) and "ignored" in o.reason]


@pytest.mark.parametrize("after", [3, 12, 20])
def test_the_others_vote_and_the_stalled_seat_forfeits(after: int) -> None:
    hold = Hold(2, after=after)
    h = stalled_table("akulina", 3, hold, seed=70 + after)
    vote(h, 0, 2)
    h.run()
    assert not h.tables[1].halted  # one vote is not enough, and seat 1 does not join it
    assert [o for o in h.outputs[1] if isinstance(o, VoteCast)] == [VoteCast(0, 2, "stall", 1)]
    vote(h, 1, 2)
    h.run()
    for s in (0, 1):
        ab = ended(h, s)
        assert (ab.seat, ab.hand, ab.reason) == (2, 1, "stall")
        assert ab.result is not None and ab.result["losers"] == [2]
        assert ab.result["losses"] == [0, 0, 1] and ab.result["loser"] == 2
        assert ab.result["forfeit"] == {"seat": 2, "hand": 0, "rule": "lose", "penalty": 1}
        assert h.tables[s].result == ab.result
        assert [o.result for o in h.outputs[s] if isinstance(o, GameOver)] == [ab.result]
        assert h.cheats(s) == []
        # each voter sees both votes, its own and the other's (a new user's trial: only
        # its own, so a player could not tell whether the others agreed)
        casts = sorted((o.voter, o.stalled) for o in h.outputs[s] if isinstance(o, VoteCast))
        assert casts == [(0, 2), (1, 2)], s
    assert h.logs()[0] == h.logs()[1]
    report = audit_entries(h.logs()[0])
    assert report.verdict == "forfeited" and report.cheats == []
    assert "seat2 stopped responding" in report.waiting
    assert report.result is not None and report.result["losers"] == [2]


def test_a_late_honest_entry_after_the_vote_is_ignored_not_a_cheat() -> None:
    """A slow but honest seat: its move arrives after the two others voted it out."""
    hold = Hold(2, kind="move")
    h = stalled_table("akulina", 3, hold, seed=3)
    vote(h, 0, 2)
    vote(h, 1, 2)
    h.run()
    hold.release(h)
    h.run()
    for s in (0, 1, 2):
        assert h.cheats(s) == [], s
        assert ended(h, s).seat == 2
    for s in (0, 1):
        assert late(h, s), s  # logged
        assert h.tables[s].abandoned is not None
    assert h.logs()[0] == h.logs()[1]
    assert ended(h, 2).result == ended(h, 0).result  # the slow seat knows it forfeited
    assert audit_entries(h.logs()[0]).cheats == []


def test_two_seats_a_lone_vote_ends_the_hand_with_no_result_and_no_cheat() -> None:
    """2 seats: the opponent votes alone while the honest seat's move is on its way."""
    hold = Hold(1, kind="move")
    h = stalled_table("101", 2, hold, seed=11)
    vote(h, 0, 1)
    h.run()
    hold.release(h)
    h.run()
    for s in (0, 1):
        ab = ended(h, s)
        assert (ab.seat, ab.result) == (1, None)
        assert h.cheats(s) == [], s
        assert h.tables[s].result is None
        assert not [o for o in h.outputs[s] if isinstance(o, GameOver)]
    assert late(h, 0) and late(h, 1)
    report = audit_entries(h.logs()[0])
    assert report.verdict == "abandoned" and report.result is None


def test_one_lying_vote_excludes_nobody_and_the_liar_is_voted_out() -> None:
    """Seat 0 votes against seat 2 the moment seat 2 must move.  Seat 1 does not join:
    seat 2's move counts, the game goes on without seat 0, which is then the one that
    stalls: seats 1 and 2 vote it out and it forfeits."""
    hold = Hold(2, kind="move")
    h = stalled_table("akulina", 3, hold, seed=5)
    vote(h, 0, 2)
    hold.release(h)
    h.run()
    assert late(h, 0)  # seat 0 ignores the move it gave up on (logged)
    assert not h.tables[1].halted and not h.tables[2].halted
    assert h.cheats(1) == [] and h.cheats(2) == []
    vote(h, 1, 0)
    vote(h, 2, 0)
    h.run()
    for s in (0, 1, 2):
        ab = ended(h, s)
        assert ab.seat == 0 and ab.result is not None and ab.result["losers"] == [0]
        assert h.cheats(s) == []
    assert h.logs()[1] == h.logs()[2]  # (seat 0 gave up on seat 2's move: its log stops)


@pytest.mark.parametrize(
    ("game", "check"),
    [
        ("thousand", lambda r: r["scores"] == [0, 0, -120] and r["forfeit"]["penalty"] == -120),
        ("101", lambda r: r["scores"][2] == 102 and r["scores"][:2] == [0, 0]),
        ("akulina", lambda r: r["losses"] == [0, 0, 1]),
        ("sunduchki", lambda r: r["chests"][2] == 0 and 2 in r["losers"]),
    ],
)
def test_a_stall_after_seeing_its_cards_forfeits_with_the_right_loser_and_score(
    game: str, check: Any
) -> None:
    """Seat 2 receives its cards and never makes its first move."""
    hold = Hold(2, kind="move")
    h = stalled_table(game, 3, hold, seed=21)
    assert h.tables[2].knowledge  # it has seen its cards
    vote(h, 0, 2)
    vote(h, 1, 2)
    h.run()
    for s in (0, 1):
        r = ended(h, s).result
        assert r is not None and r["losers"] == [2] and 2 not in r["winners"]
        assert check(r), r
        assert h.cheats(s) == []


def held_at_the_end(game: str, n: int, seat: int, seed: int) -> Hold:
    """A hold on ``seat``'s last broadcast of an honest run of this table: with mental
    poker v2 that is, in Akulina, the opening of its hand re-shuffles (``reshuffle-open``,
    after the game's last ``Open`` opened the cards left in hands; the ``showdown`` round
    then has nothing left to publish)."""
    sent: list[str] = []

    def tap(h: Harness, s: int, b: Broadcast) -> list[bytes]:
        if s == seat and peek_entry(b.data).seat == seat:
            sent.append(b.kind)
        return [b.data]

    Harness(game, n, seed=seed, tamper=tap).run()
    kind = sent[-1]
    return Hold(seat, kind=kind, after=sent.count(kind) - 1)


def test_withholding_the_end_of_hand_openings_is_a_forfeit() -> None:
    """Akulina, one hand: seat 1 plays every move of the hand, then withholds what it
    owes last at the end of the hand: the opening of its hand re-shuffles
    (``reshuffle-open``, after the last open; protocol/table.md §2).  It does not escape:
    it is named and forfeits (one loss to it, whoever the hand's loser was)."""
    hold = held_at_the_end("akulina", 3, 1, seed=8)
    h = stalled_table("akulina", 3, hold, seed=8)
    assert hold.kind == "reshuffle-open" and not h.tables[0].legal_moves()  # no move left
    assert h.tables[0].awaited() == (1,)
    vote(h, 0, 1)
    vote(h, 2, 1)
    h.run()
    for s in (0, 2):
        ab = ended(h, s)
        assert ab.seat == 1 and ab.result is not None
        assert ab.result["losses"] == [0, 1, 0] and ab.result["losers"] == [1]


def test_two_seats_a_false_claim_then_a_stall_names_the_staller_and_proves_no_cheat() -> None:
    """Akulina, 2 seats (issue 12 item 7; docs/mental_poker.md, "What stalling hides"):
    seat 1 keeps a pair (a false "no pair", checked only at the end of the hand: in the
    same run without the stall it is caught at entry 20 once its last cards open at 28),
    then withholds that open.  Its cards stay closed, so no cheat can be proven; the hand
    ends with no result, naming seat 1 as the seat that stopped, in the table's output and
    in the audit."""
    done: list[int] = []

    def keep_a_pair(h: Harness, seat: int, t: Any, legal: list[Any]) -> Any:
        if seat == 1 and not done and t.engine.phase == "discard" and legal[0].positions:
            done.append(t.next_seq)
            force_move(h, seat, t, Discard(seat, (), ()))
            return None
        return h.bot(t.view(), legal, h.bot_rngs[seat])

    hold = Hold(1, kind="open", after=2)  # its third open: the last cards of its hand
    h = Harness("akulina", 2, seed=5, tamper=hold, decide=keep_a_pair)
    h.run()
    assert done == [20] and hold.holding and h.tables[0].awaited() == (1,)
    assert len(h.tables[0].log) == 27 and h.cheats(0) == []  # (27-28: the round of opens)
    vote(h, 0, 1)
    h.run()
    ab = ended(h, 0)
    assert (ab.seat, ab.hand, ab.reason, ab.result) == (1, 1, "stall", None)
    assert h.cheats(0) == [] and h.tables[0].result is None
    report = audit_entries(h.logs()[0])
    assert report.verdict == "abandoned" and report.cheats == [] and report.result is None
    why = "hand 1 was abandoned by the other seats: seat1 stopped responding (entry 27)"
    assert report.waiting == why


def test_abandon_needs_the_table_to_wait_for_that_seat() -> None:
    h = Harness("akulina", 3, seed=5)
    h.run()
    with pytest.raises(ValueError):
        h.tables[0].abandon(1)


@pytest.mark.parametrize(
    ("game", "check"),
    [
        (
            "thousand",
            lambda r: r["scores"] == [0, -120, -120, 0] and r["forfeit"]["penalties"] == [-120],
        ),
        ("101", lambda r: r["scores"] == [0, 102, 102, 0]),
        ("akulina", lambda r: r["losses"] == [0, 1, 1, 0] and r["hands"] == 1 and r["loser"] == 1),
        ("sunduchki", lambda r: set(r["losers"]) >= {1, 2} and set(r["winners"]) <= {0, 3}),
    ],
)
def test_every_seat_that_left_before_the_vote_forfeits_by_the_game_rule(
    game: str, check: Any
) -> None:
    """Issue 15: seats 1 and 2 leave at a 4-seat table and the vote against seat 1 is made
    without seat 2 (it can no longer vote): both forfeit by the game's rule
    (docs/rules/<game>.md, "Stalls and forfeits": two seats that leave are each treated
    as one that leaves); before, seat 2, which had left too, was among the winners."""
    state = load_game(game, seats=4).new_state()
    dealer = LocalDealer.seeded(state, 1)
    while not isinstance(state.need(), Decision):
        dealer.answer()
    r = forfeit_result(state, state, 1, also=(2,))
    assert r["losers"][:2] == [1, 2] or game == "sunduchki"
    assert 1 not in r["winners"] and 2 not in r["winners"]
    assert r["forfeit"]["seat"] == 1 and r["forfeit"]["also"] == [2]
    assert check(r), r
    alone = forfeit_result(state, state, 1)
    assert "also" not in alone["forfeit"] and 2 in alone["winners"]  # (one seat: as before)


def test_a_seat_out_of_time_with_a_voter_dead_waits_for_the_vote_and_the_logs_agree() -> None:
    """The re-trial of issue 15: three seats, seat 2 slow to move, seat 1's laptop dead.
    Seat 0 votes seat 2 out after the limit; the vote cannot complete without seat 1.
    Before rule 6 (``protocol/table.md`` §3), seat 2 moved late anyway: seat 0 ignored the
    move (rule 3), seat 1 took it on its restart, and seats 1 and 2 then voted seat 0 out
    for not moving: the one seat present all along forfeited, and its log stopped short
    of the others'.  Now seat 2, whose own time is up too, writes nothing for the slot;
    seat 1 comes back, waits the limit itself, votes, and all three logs end alike with
    seat 2's forfeit."""
    h = Harness("akulina", 3, seed=5, paused={2})
    h.run()
    assert h.tables[0].awaited() == (2,) and h.tables[2].may_decide
    h.down = {1}
    vote(h, 0, 2)
    h.run()
    t2 = h.tables[2]
    assert t2.may_decide  # its own clock has not run out: a vote alone excludes nobody
    assert VoteCast(0, 2, "stall", 1) in h.outputs[2]  # the seat voted against is told
    h.handle(2, t2.time_up())
    assert not t2.may_decide and t2.legal_moves() == [] and t2.out_of_time
    exp = t2.expecting()
    assert exp is not None and (exp.seats, exp.kind, exp.about["stalled"]) == ((0, 1), "abandon", 2)
    waits = [o for o in h.outputs[2] if isinstance(o, Waiting)]
    assert waits[-1].seats == (1,) and waits[-1].kind == "abandon"
    move = h.bot(t2.view(), t2.engine.legal_moves(2, t2.knowledge), h.bot_rngs[2])
    with pytest.raises(IllegalMove):
        t2.decide(move)
    h.paused = set()
    h.run()
    assert len(t2.log) == len(h.tables[0].log)  # (seat 2 wrote nothing)
    h.down = set()
    h.crash_and_restart(1)
    for data in h.tables[0].open_round_entries():  # the session's backlog for seat 1
        h.queue.append((1, data))
    h.run()
    assert h.tables[1].awaited() == (2,)
    assert VoteCast(0, 2, "stall", 1) in h.outputs[1]
    vote(h, 1, 2)  # its own clock, from its restart
    h.run()
    for s in (0, 1, 2):
        ab = ended(h, s)
        assert ab.seat == 2 and ab.result is not None and ab.result["losers"] == [2], s
        assert h.cheats(s) == [], s
    assert h.logs()[0] == h.logs()[1] == h.logs()[2]
    for s in (0, 1, 2):  # each vote told once (the seat voted against saw each twice)
        casts = [(o.voter, o.stalled) for o in h.outputs[s] if isinstance(o, VoteCast)]
        assert casts == [(0, 2), (1, 2)], (s, casts)
    report = audit_entries(h.logs()[2])
    assert report.verdict == "forfeited" and report.cheats == []


def test_a_vote_against_a_seat_still_in_time_does_not_stop_its_move() -> None:
    """Rule 6 needs the seat's own clock: it takes no other seat's word that its time is
    up (a lying vote would otherwise stop a thinking seat, and the others would vote it
    out at their limit)."""
    h = Harness("akulina", 3, seed=5, paused={2})
    h.run()
    vote(h, 0, 2)
    h.run()
    t2 = h.tables[2]
    assert t2.may_decide and not t2.out_of_time and t2.legal_moves()
    h.paused = set()
    h.run()  # seat 2 moves; seat 1, which did not vote, takes the move; seat 0 ignores it
    assert late(h, 0)
    assert not h.tables[1].halted and len(h.tables[1].log) > len(h.tables[0].log)
    assert h.tables[1].log[len(h.tables[0].log)].seat == 2


def test_a_seat_out_of_time_stays_so_after_a_restart() -> None:
    """Its time up is persisted (``Table.time_up``): restarted, with the vote sent again
    (the session's backlog), seat 2 still writes nothing for the slot; its clock would
    otherwise start again at the restart and its late move split the table."""
    h = Harness("akulina", 3, seed=5, paused={2})
    h.run()
    h.down = {1}
    vote(h, 0, 2)
    h.run()
    h.handle(2, h.tables[2].time_up())
    assert h.tables[2].out_of_time
    h.crash_and_restart(2)
    for data in h.tables[0].open_round_entries():
        h.queue.append((2, data))
    h.paused = set()
    h.run()
    t2 = h.tables[2]
    assert t2.out_of_time and not t2.may_decide and t2.legal_moves() == []
    assert len(t2.log) == len(h.tables[0].log)
