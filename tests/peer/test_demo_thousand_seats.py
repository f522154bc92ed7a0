"""Thousand for four over the LAN: ``scripts/demo --game thousand --seats 4`` runs every
seat as a separate OS process in a private network namespace, then checks that the logs
are byte-identical and that the log audit verifies.  (Two seats: the same code path with
fewer processes; whole 2-seat games are played at table level by
tests/games/test_thousand_seats_table.py, and ``scripts/demo --game thousand --seats 2``
runs it over the LAN.)

Each game is whole (played to the target) but short: continued from a score sheet at
950 each with no barrel, so the first hand usually ends it.
"""

from __future__ import annotations

from tests.peer.test_demo_games import demo, result, verdicts


def _scores(out: str) -> list[int]:
    scores: list[int] = result(out)["scores"]
    return scores


def test_thousand_four_processes_a_whole_game_over_the_lan() -> None:
    out = demo(
        "--game",
        "thousand",
        "--seats",
        "4",
        "-o",
        "barrel=0",
        "-o",
        "scores=950,950,950,950",
    )
    assert "seats 4/4" in out
    verdicts(out, 4)
    assert "4 logs, byte-identical: True" in out and "demo OK" in out
    assert result(out)["capped"] is False
    scores = _scores(out)
    assert max(scores) >= 1000
    # hand 1: seat 0 dealt and sat out, scoring only the talon's points (0..30)
    assert 950 <= scores[0] <= 980 or len(verdicts(out, 4)[0].split(", ")) > 1
