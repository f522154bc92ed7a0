"""A bots table really resumed gets its bots back (a new user's trial: ``host … --bots``
resumed an old bots table whose bots were not restarted, a dead end until ``--new``):
the host killed mid-game and the same command again resumes it, restarts the bot from
its own files with its key, and the game ends verified.  Through a pseudo-terminal in a
private network namespace (_lan_bots_resume.py).  Which command is "the same" (game,
seats, options, bots) and what another one does: test_unfinished_bots.py."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from tests.net._netns import run_in_netns

HERE = Path(__file__).resolve().parent


def test_a_killed_bots_host_resumes_with_its_bots_and_the_game_ends_verified() -> None:
    out = run_in_netns([sys.executable, str(HERE / "_lan_bots_resume.py")], timeout=150)
    got = json.loads(next(x for x in out.splitlines() if x.startswith("RESULT "))[7:])
    [bot_log] = got["bot_files"]  # the bot's log, kept while the table is unfinished
    assert bot_log.startswith("bots/1/tables/")
    tid = Path(bot_log).stem
    text, rc = got["again"]
    lines = text.splitlines()
    assert lines[0].startswith(f"возвращаемся за незаконченный стол {tid[:8]}, игра Акулина ")
    back = "снова за столом (переподключение заняло "
    assert any(x.startswith(back) for x in lines)  # the bot came back
    assert "проверено, обмана нет; проверенные раздачи: 1" in lines
    assert rc == 0 and "Traceback" not in text
    assert got["bot_files_after"] == []  # (the host ended it: its copy of the table goes)
    home = Path(got["home"])
    assert (home / "tables" / f"{tid}.done").exists()
