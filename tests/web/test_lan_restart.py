"""In a private network namespace: ``p2pcards host … --web`` and ``p2pcards join … --web``
(two programs, two data directories, Russian) killed and started again under their open
pages (issue 15).  Before, the page could not find the program again: a resumed table
was played in the terminal (no page served at all), and the port and token were new on
every run.  Now each page says it reconnects (attempt and seconds), is shown dimmed, the
other player's page says the connection to them is lost (never a banner of its own), and
the same page (not reloaded) shows the table again; both play to the end (tests/web/
_lan_restart.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.peer.test_demo import unshare_flag

ROOT = Path(__file__).resolve().parents[2]


def test_the_open_pages_find_the_restarted_programs_again(screens: Path) -> None:
    cmd = ["unshare", unshare_flag(), sys.executable, str(ROOT / "tests/web/_lan_restart.py")]
    proc = subprocess.run(
        [*cmd, str(screens)], capture_output=True, text=True, timeout=400, cwd=ROOT
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    assert got["errors"] == []
    for me, other in (("anna", "Борис"), ("boris", "Аня")):
        seen = got[me]
        assert seen["urls"][0] == seen["urls"][1] == seen["url"], seen["urls"]
        assert seen["kept"] == "the same page"
        assert seen["banner"].startswith(
            "Связь с игрой потеряна. p2pcards ещё работает? Переподключение… попытка "
        ), seen["banner"]
        assert seen["banner"].endswith(" с") and seen["dimmed"] == "0.55"
        assert other in seen["seats"] and len(seen["seats"]) == 3
        assert seen["english"] == [] and seen["end_english"] == []
        assert seen["rc"] == 0, seen["output"]
        assert "проверено, обмана нет" in seen["output"]
        assert "Traceback" not in seen["output"]
    assert got["anna"]["their_alerts"].startswith("связь с игроком Аня потеряна, переподключаемся…")
    assert got["boris"]["their_alerts"] == "связь с игроком Борис потеряна, переподключаемся…"
    assert got["anna"]["their_banner_hidden"] and got["boris"]["their_banner_hidden"]
    assert got["anna"]["end"] == got["boris"]["end"] and "победител" in got["anna"]["end"]


def test_the_lobby_page_finds_the_restarted_play_and_its_unfinished_table(screens: Path) -> None:
    """``p2pcards play`` killed while its table page is open: the page says it
    reconnects, finds the program at the same address, goes to the lobby by itself
    (the table is not on until the player says so), which offers the unfinished table;
    "Вернуться" and it plays to the end."""
    cmd = ["unshare", unshare_flag(), sys.executable, str(ROOT / "tests/web/_lan_restart.py")]
    proc = subprocess.run(
        [*cmd, str(screens), "play"], capture_output=True, text=True, timeout=300, cwd=ROOT
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    assert got["errors"] == []
    # hosting: a ready join line for each of the machine's addresses (the page showed the
    # first one only, in the status line), never loopback beside them
    assert got["join_lines"][0] == "другие садятся за стол одной из этих команд:"
    port = got["join_lines"][1].rsplit(":", 1)[-1]
    assert got["join_lines"][1:] == [f"p2pcards join 10.77.0.1:{port}",
                                     f"p2pcards join 10.78.0.1:{port}"]  # fmt: skip
    assert got["hosting"].startswith("Стол «") and "мест 1/2: Аня · ждём игроков…" in got["hosting"]
    assert got["hosting_english"] == []
    assert got["urls"][0] == got["urls"][1]
    assert "Переподключение… попытка " in got["banner"]
    row = next(x for x in got["unfinished"].splitlines() if x.startswith("Акулина\t"))
    assert sorted(row.split("\t")[1].split(", ")) == ["Аня", "Бот 1", "Бот 2"]  # (any order)
    assert got["lobby_banner_hidden"]
    assert got["end"].startswith("проигравш") and got["end_english"] == []
    assert "Traceback" not in got["output"]
