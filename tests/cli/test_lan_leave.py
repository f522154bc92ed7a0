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

from p2pcards.cli.audit import read_log_file
from p2pcards.identity import load_identity
from p2pcards.peer import known_tables, unfinished_tables
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
    entries, evidence = read_log_file(Path(log))  # (as p2pcards audit: with the leaves)
    return audit_entries(entries, evidence=evidence)


def test_a_seat_that_quits_with_ctrl_d_is_voted_out_at_once_and_forfeits(left: Any) -> None:
    text, rc = left["boris"]
    assert rc == 130 and "Traceback" not in text
    # what happened, not "вернуться: p2pcards join 'Стол Ани'" to a table that is over
    assert ("Вы вышли из-за стола: остальные закончили раздачу, и вам засчитано поражение. "
            "Игра окончена: она есть в p2pcards games.") in text  # fmt: skip
    assert "вернуться" not in text
    anya, rc = left["anya"]
    assert "the hand is over: Борис left the table and forfeits" in anya
    assert "The game is over: a new hand needs every player, and one is out" in anya
    assert rc == 0 and "Traceback" not in anya  # (a forfeit: the game's end, with its result)
    report = _audit(left, "anya")
    assert report.verdict == "forfeited" and report.cheats == []  # (three seats: it forfeits)
    ab = report.table.abandoned
    boris = report.seats.index("Борис")
    assert (ab.seat, ab.reason) == (boris, "left")  # the stall limit (600 s) never came
    assert ab.result is not None and ab.result["losers"] == [boris]


def test_q_while_another_player_thinks_leaves_at_once_and_the_hand_ends(left: Any) -> None:
    """Issue 15: at two seats the leave ends the hand at once on the other's turn too
    (Gosha answers no prompt: before, the vote waited for his move), and the leaver is
    told so, not that the same command brings her back to a table that is over."""
    text, rc = left["vera"]
    assert rc == 130 and "Traceback" not in text and "KeyboardInterrupt" not in text
    assert ("You left the table: the other player ended the hand, with no result. The game "
            "is over: p2pcards games lists it.") in text  # fmt: skip
    assert "brings you back" not in text
    gosha, rc = left["gosha"]
    gone = gosha.index("Vera left the table")  # (his prompt gave way to it: the history)
    assert gone < gosha.index("the hand is abandoned, no result: Vera left the table")
    assert "The game is over: a new hand needs every player, and one is out" in gosha
    assert rc == 3 and "Traceback" not in gosha
    report = _audit(left, "gosha")
    ab = report.table.abandoned
    assert (ab.seat, ab.reason, ab.result) == (report.seats.index("Vera"), "left", None)
    [vote] = [e for e in report.table.log if e.kind == "abandon"]
    assert vote.seat == report.seats.index("Gosha")  # (his vote, where his move was due)


def test_the_leavers_log_ends_as_the_others_and_is_not_unfinished(left: Any) -> None:
    """The leaver saw the votes before going: her log file holds them and says
    abandoned, her home lists no unfinished table (the next join by the same name would
    have resumed the dead one), and p2pcards games shows its result."""
    for who, other in (("vera", "gosha"), ("boris", "anya")):
        home = Path(left["homes"][who])
        me = load_identity(home)
        assert me is not None
        [log] = left["logs"][other]
        played = bytes.fromhex(Path(log).stem)
        assert played not in [u.table_id for u in unfinished_tables(me, home)]
        [u] = [u for u in known_tables(me, home) if u.table_id == played]
        assert u.done
        entries, evidence = read_log_file(u.path)
        mine = audit_entries(entries, evidence=evidence)
        # (two seats: no result, abandoned; three: Борис forfeits, the game is finished)
        assert mine.verdict == {"vera": "abandoned", "boris": "forfeited"}[who]
        assert entries == read_entries(Path(log))


def test_no_network_line_on_any_terminal_when_a_seat_leaves(left: Any) -> None:
    """Issue 15: "refused connection from …" and "could not authenticate …: connection
    reset by peer" printed in English on both terminals when a seat left."""
    for who in ("vera", "gosha", "boris", "anya"):
        text = left[who][0]
        assert "refused connection" not in text and "could not authenticate" not in text, who
        # what the network noted (at INFO: a peer gone) goes to the program's log file
        assert (Path(left["homes"][who]) / "p2pcards.log").is_file(), who


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
