"""A web-lobby table with bots behaves as ``host --bots``'s (issue 15; before: the
bots kept their table files in a fresh ``/tmp/p2pcards-bots-*`` that stayed behind, and
the table had no ``.bots`` marker, so after a crash it was offered without its bots):
the bots' files are in the data directory's ``bots/N`` and the table is marked; after a
crash the lobby offers the table, its bot comes back from its files with its key, the
hand ends verified, and the bot's copy of the table goes.  In one process, no browser,
in a private network namespace (_lobby_bots.py).

Levels per bot (issue 17): the page asks for Thousand with bots ``["hard", "medium"]``
(the lobby form had one level for every bot): Бот 1 plays hard, Бот 2 medium, and the
``.bots`` marker keeps each one's level for a resume."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from tests.net._netns import run_in_netns

HERE = Path(__file__).resolve().parent


def test_a_lobby_bots_table_is_marked_resumed_with_its_bots_and_cleaned_up() -> None:
    out = run_in_netns([sys.executable, str(HERE / "_lobby_bots.py")], timeout=120)
    got = json.loads(next(x for x in out.splitlines() if x.startswith("RESULT "))[7:])
    base = got["base"]
    assert got["marker"] == [{"home": f"{base}/bots/1", "strategy": "basic"}]
    [tid] = {Path(f).stem for f in got["files_playing"]}
    assert got["files_playing"] == [
        f"bots/1/tables/{tid}.log",
        f"bots/1/tables/{tid}.secrets",
        f"tables/{tid}.bots",
        f"tables/{tid}.log",
        f"tables/{tid}.secrets",
    ]
    assert got["tempdirs"] == []  # no temporary folder for the bots
    assert got["bot_name"] == "Bot 1"  # (its key in bots/1)
    assert got["offered"] == [tid[:8], ["Anna", "Bot 1"], True]
    assert (got["ending"], got["log"], got["bot_endings"]) == ("finished", "verified", ["finished"])
    assert got["files_after"] == [
        f"tables/{tid}{ext}" for ext in (".bots", ".done", ".log", ".secrets")
    ]
    vera = got["vera"]
    assert got["levels_marker"] == [
        {"home": f"{vera}/bots/1", "strategy": "hard"},
        {"home": f"{vera}/bots/2", "strategy": "medium"},
    ]
    assert got["levels_played"] == [["Bot 1", "hard", "hard"], ["Bot 2", "medium", "medium"]]
