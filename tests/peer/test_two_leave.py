"""Two seats leaving at the same moment at a 3-seat table (issue 15), through the peer's
session (no network: what one session queues is handed to the others): the honest
session votes out the awaited seat on its leave at once, the vote does not wait for the
other seat that left, and it keeps both leaves in its log file, so ``p2pcards audit``
of that file says "abandoned" with both seats that left forfeiting.  (Two honest voters
that hear of the leaves in different orders: tests/table/test_leave.py.)"""

from __future__ import annotations

import random
from pathlib import Path

from p2pcards.cli.audit import read_log_file
from p2pcards.games import game_info
from p2pcards.table import audit_entries
from tests.peer.test_controller import _deliver, _sessions, _start


async def test_two_seats_that_leave_at_once_are_voted_past_by_the_sessions(tmp_path: Path) -> None:
    ss = _sessions("akulina", 3, 5, tmp_path)
    rngs = [random.Random(i) for i in range(3)]
    bot = game_info("akulina").bots["basic"]
    _start(ss)
    for _ in range(10_000):  # bots play until it is seat 1's move
        snaps = [s.controller.snapshot() for s in ss]
        if snaps[1].my_turn:
            break
        i = next(i for i, snap in enumerate(snaps) if snap.my_turn)
        ss[i].controller.play(bot(snaps[i].view, list(snaps[i].legal), rngs[i]))
        _deliver(ss)
    leaves = [ss[s].table.leave()[0].data for s in (2, 1)]  # seat 2's first
    for data in leaves:
        ss[0].feed(data)
    ab = ss[0].table.abandoned
    assert ab is not None and (ab.seat, ab.reason) == (1, "left")
    # both forfeit (seat 2 left before the vote round: it did not vote); before, only
    # the awaited seat 1 did and seat 2, gone too, was a winner
    assert ab.result is not None and ab.result["losers"] == [1, 2]
    assert ab.result["winners"] == [0] and ab.result["losses"][1:] == [1, 1]
    log = [e.raw for e in ss[0].table.log]
    assert [e.seat for e in ss[0].table.log if e.kind == "abandon"] == [0]
    entries, evidence = read_log_file(Path(ss[0].log_path))
    assert entries == log[len(log) - len(entries) :]  # (the lobby writes the genesis)
    assert sorted(evidence) == sorted(leaves)
    report = audit_entries(log, evidence=evidence)
    assert report.verdict == "forfeited" and report.cheats == [] and report.evidence == 0
    assert report.table is not None and report.table.abandoned.seat == 1
    assert report.result is not None and report.result["losers"] == [1, 2]
