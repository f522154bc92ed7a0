"""Leaving a LAN table (issue 15 item 1): ``q`` typed while another player thinks takes
effect at once (not at the player's next prompt) and the other player's open prompt
gives way to the departure; Ctrl-D at a prompt; ``?``; the English question about an
unfinished table.  Through pseudo-terminals in a private network namespace
(``_lan_leave.py``: two tables at once, one netns run for the module).  Ctrl-C inside
trio's nurseries: tests/cli/test_lan_exit.py."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from p2pcards.peer._storage import read_entries
from p2pcards.table import audit_entries
from tests.net._netns import run_in_netns
from tests.ui._latin import foreign_words

HERE = Path(__file__).resolve().parent


@pytest.fixture(scope="module")
def left() -> Any:
    out = run_in_netns([sys.executable, str(HERE / "_lan_leave.py")], timeout=180)
    return json.loads(next(x for x in out.splitlines() if x.startswith("RESULT "))[7:])


def _audit(left: Any, host: str) -> Any:
    [log] = left["logs"][host]
    return audit_entries(read_entries(Path(log)))


def test_a_seat_that_quits_with_ctrl_d_is_voted_out_at_once_and_forfeits(left: Any) -> None:
    text, rc = left["boris"]
    assert rc == 130 and "Traceback" not in text
    assert "вы вышли из-за стола; вернуться: p2pcards --lang ru join 'Стол Ани'" in text
    anya, rc = left["anya"]
    assert "the hand is over: Борис left the table and forfeits" in anya
    assert rc == 3 and "Traceback" not in anya
    report = _audit(left, "anya")
    assert report.verdict == "abandoned" and report.cheats == []
    ab = report.table.abandoned
    boris = report.seats.index("Борис")
    assert (ab.seat, ab.reason) == (boris, "left")  # the stall limit (600 s) never came
    assert ab.result is not None and ab.result["losers"] == [boris]


def test_q_while_another_player_thinks_leaves_at_once_and_the_hand_ends(left: Any) -> None:
    text, rc = left["vera"]
    assert rc == 130 and "Traceback" not in text and "KeyboardInterrupt" not in text
    assert "you left the table; p2pcards --lang en join 127.0.0.1:" in text
    gosha, rc = left["gosha"]
    assert "the hand is abandoned, no result: Vera left the table" in gosha
    assert rc == 3 and "Traceback" not in gosha
    report = _audit(left, "gosha")
    ab = report.table.abandoned
    assert (ab.seat, ab.reason, ab.result) == (report.seats.index("Vera"), "left", None)


def test_the_unfinished_table_is_asked_about_in_english(left: Any) -> None:
    q = left["question"]
    assert "You have an unfinished table: Akulina (Old Maid) d1d2d3d4 (Vera, Борис, Вера; " in q
    for line in (
        "  1. resume it",
        "  2. join the new table (the unfinished one stays: p2pcards games)",
        "  3. drop it (its log stays, for audit) and join the new table",
        "  q. quit",
    ):
        assert line in q.splitlines()


def test_question_mark_shows_the_keys_and_the_russian_rules_page(left: Any) -> None:
    rules = re.sub(r"\x1b\[[0-9;]*m", "", left["rules"])  # the first screen (no colours)
    lines = rules.splitlines()
    keys = next(i for i, x in enumerate(lines) if x.startswith("Клавиши:"))
    assert lines[keys].strip() == (
        "Клавиши: номер выбирает вариант, 0 — назад, ? — эти правила, q — выйти из игры."
    )
    title = next(i for i, x in enumerate(lines) if "Акулина — правила, как их играет" in x)
    section = next(i for i, x in enumerate(lines) if x.strip() == "Колода и раздача")
    assert keys < title < section  # docs/rules/akulina.ru.md from its title
    assert [x for x in lines[keys : section + 1] if foreign_words(x)] == []
    assert "Deck and deal" not in rules
