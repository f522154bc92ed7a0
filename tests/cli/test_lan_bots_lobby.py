"""A table whose other seats the host's bots take (``host thousand --bots 2``) prints
no join commands, and its bots sit in order: Бот 1 in seat 2, Бот 2 in seat 3.  Before
(a new user's trial), "другие садятся за стол одной из этих команд: p2pcards join …"
was printed with nobody to join, and the seats read "Аня, Бот 2, Бот 1" about half the
time; the start said the stall limit with nobody to wait for.  Through a pseudo-terminal
in a private network namespace (_lan_bots_lobby.py)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from tests.net._netns import run_in_netns

HERE = Path(__file__).resolve().parent


def test_a_table_of_bots_prints_no_join_line_and_seats_its_bots_in_order() -> None:
    out = run_in_netns([sys.executable, str(HERE / "_lan_bots_lobby.py")], timeout=90)
    got = json.loads(next(x for x in out.splitlines() if x.startswith("RESULT "))[7:])
    text = got["lobby"]
    assert "p2pcards join" not in text and "садятся за стол" not in text
    seats = re.findall(r"мест занято 3/3: (.*)", text)
    assert seats, text
    names = [re.sub(r" \[.*?\]", "", x).strip() for x in seats[-1].split(", ")]
    assert names == ["Аня", "Бот 1", "Бот 2"]
    # nobody but bots to wait for: no stall limit said (issue 15)
    said = text + got["start"]  # (the game went on: its lines were read too)
    assert "код стола" in said and "Бот 1 " in got["start"], said
    assert "--stall-limit" not in said and "не отвечает" not in said, said
