"""A seat that crashes at any point and restarts from its disk (log + secrets) rejoins
the game, which ends with byte-identical logs, every hand verified, and no accusation:
its re-derived entries are byte-identical to what it had sent."""

from __future__ import annotations

import random

from tests.table.harness import Harness


def test_crash_points_across_a_four_seat_game() -> None:
    rng = random.Random(5)
    probe = Harness("akulina", 4, seed=300)
    probe.run()
    steps = sum(len(o) for o in probe.outputs)  # a rough size of a game (all 3 alike)
    tried = 0
    for game in range(3):  # 9 crash points (scripts/bench restart kills real processes)
        crash_at = {rng.randrange(1, steps // 2): rng.randrange(4) for _ in range(3)}
        h = Harness("akulina", 4, seed=300 + game)
        h.run(crash_at=crash_at)
        tried += h.crashes
        logs = h.logs()
        assert all(log == logs[0] for log in logs), f"game {game}: logs differ"
        for s in range(4):
            assert h.cheats(s) == [], f"game {game}: seat {s}: {h.cheats(s)}"
            assert h.tables[s].verified == [1]
        assert h.tables[0].result is not None
        if game == 0:  # the crashes change no move: the same game as without them
            assert h.tables[0].result == probe.tables[0].result
    assert tried == 9


def test_a_seat_that_crashed_after_deciding_sends_the_same_move_again() -> None:
    h = Harness("akulina", 3, seed=42)
    # crash seat 1 right after each of its first decisions
    crashed = {"n": 0}
    base_decide = h.decide

    def decide(hh: Harness, seat: int, t, legal):  # type: ignore[no-untyped-def]
        move = hh.bot(t.view(), legal, hh.bot_rngs[seat])
        if seat == 1 and crashed["n"] < 3:
            hh.handle(seat, t.decide(move))
            crashed["n"] += 1
            hh.crash_and_restart(1)
            return None
        return move

    del base_decide
    h.decide = decide
    h.run()
    assert crashed["n"] == 3
    logs = h.logs()
    assert all(log == logs[0] for log in logs)
    assert all(h.cheats(s) == [] for s in range(3))
    assert all(t.verified == [1] for t in h.tables)
