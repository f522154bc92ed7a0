"""A seat that leaves is gone on purpose (issue 15, a new user's trial at three seats):
the others see "Борис покидает стол", their votes and the end of the hand, and never
"связь потеряна: Борис; переподключаемся…" (printed when his program ended after the
leave), nor "снова на связи" later; every seat's log, the leaver's too, audits the same
("abandoned" at two seats, "forfeited" at three: before, the leaver at three seats
went before the votes came and his log said "incomplete").  Over real links in a private
network namespace (_leave_links.py, one run for both tables); the link events one by one:
test_link_events.py."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.net._netns import run_in_netns

HERE = Path(__file__).resolve().parent


@pytest.fixture(scope="module")
def tables() -> Any:
    out = run_in_netns([sys.executable, str(HERE / "_leave_links.py")], timeout=120)
    return json.loads(next(x for x in out.splitlines() if x.startswith("RESULT "))[7:])


def _after_the_leave(lines: list[str]) -> list[str]:
    return lines[lines.index("Борис покидает стол") :]


def test_three_seats_the_others_see_the_leave_and_no_lost_connection(tables: Any) -> None:
    t = tables["3"]
    end = "раздача окончена, поражение без игры: Борис (место покинуто)"
    for me, other in (("Аня", "Вера"), ("Вера", "Аня")):
        lines = t["seats"][me]["lines"]
        assert not [x for x in lines if "связь" in x or "снова" in x], me
        seen = _after_the_leave(lines)
        own = f"голос за конец раздачи без игрока Борис: {me}"
        theirs = f"голос за конец раздачи без игрока Борис: {other}"  # (if it came first)
        assert seen in (
            ["Борис покидает стол", own, end],
            ["Борис покидает стол", own, theirs, end],
            ["Борис покидает стол", theirs, own, end],
        ), me


def test_three_seats_a_leave_on_another_seats_turn_ends_the_hand_at_once(tables: Any) -> None:
    """protocol/table.md §3 rules 1-2 (a123b1b): Борис leaves while the table waits for
    another seat, not for him; the hand ends there by the votes of Аня and Вера, with no
    move in between (before, it went on until his turn), though the stall limit (600 s)
    is far off.  A step of the cards already under way when the leave came (the holder's
    reshuffle after a draw, Akulina) may still be logged before the votes (a clean-clone
    run: ['reshuffle', 'abandon', 'abandon']); no move is."""
    for me in ("Аня", "Вера"):
        seat = tables["3"]["seats"][me]
        assert seat["turn"] != 1, me  # (his leave came on another seat's turn)
        after = seat["after"]
        assert after[-2:] == ["abandon", "abandon"], me  # the two votes end the hand
        assert "move" not in after and len(after) <= 3, (me, after)


def test_two_seats_the_other_sees_the_leave_and_no_lost_connection(tables: Any) -> None:
    lines = tables["2"]["seats"]["Аня"]["lines"]
    assert not [x for x in lines if "связь" in x or "снова" in x]
    assert _after_the_leave(lines) == [
        "Борис покидает стол",
        "голос за конец раздачи без игрока Борис: Аня",
        "раздача прервана без итога: Борис (место покинуто)",
    ]


@pytest.mark.parametrize("seats", ["2", "3"])
def test_every_log_audits_the_same_after_a_leave(tables: Any, seats: str) -> None:
    t = tables[seats]
    # (two seats: the hand is abandoned with no result; three: Борис forfeits the game)
    verdict = "abandoned" if seats == "2" else "forfeited"
    assert t["boris"] == {"what": "ended", "verdict": verdict}  # he saw the votes
    assert {s["verdict"] for s in t["seats"].values()} == {verdict}
