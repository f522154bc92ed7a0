"""A headless seat prints one waiting line per step the table waits for, not one per
entry (issue 15, item 6: the demo printed 240 "waiting for …" lines for one hand)."""

from __future__ import annotations

import pytest

from p2pcards.cli._lan import QuietLines
from p2pcards.table import Waiting

NAMES = ["Аня", "Boris", "Вера", "Dima"]


@pytest.mark.parametrize(
    ("lang", "first", "second"),
    [
        ("en", "waiting for Boris, Вера and Dima…: keys for Вера's cards",
         "waiting for Вера…: Вера to order the hand"),
        ("ru", "ждём: Boris, Вера и Dima… (ключи к картам игрока Вера)",
         "ждём: Вера… (Вера: порядок карт в руке)"),
    ],
)  # fmt: skip
def test_one_waiting_line_per_step_not_per_entry(
    capsys: pytest.CaptureFixture[str], lang: str, first: str, second: str
) -> None:
    lines = QuietLines()
    keys = {"to": 2, "positions": [4, 5, 6]}
    for seats in [(1, 2, 3), (2, 3), (3,)]:  # a round: each contribution shrinks the set
        lines.waiting(Waiting(seats, "share", keys), NAMES, lang, 0)
    lines.waiting(Waiting((2,), "order", {"seat": 2}), NAMES, lang, 0)
    lines.waiting(Waiting((2,), "order", {"seat": 2}), NAMES, lang, 0)
    assert capsys.readouterr().out.splitlines() == [first, second]
