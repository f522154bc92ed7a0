"""101 over the LAN: ``scripts/demo --game 101`` runs every seat as a separate OS
process in a private network namespace (mDNS on loopback, TCP mesh), then checks that the
logs are byte-identical and that the log audit verifies.

Options keep the run short: 101 stops after two deals (``max_rounds=2``); whole games are
played in memory by tests/table/test_games_table.py.  Akulina over the LAN is
tests/peer/test_demo.py, Thousand tests/web/test_lan.py (3 seats, one of them
a browser; 2 and 4 seats are whole games at table level in
tests/games/test_thousand_seats_table.py, and ``scripts/demo --game thousand --seats 4`` runs
them over the LAN), Sunduchki tests/web/test_lan.py
(a browser seat and two bot peers over TCP on loopback; the path through separate processes
and mDNS is the same for every game, and ``scripts/demo --game sunduchki --seats 3`` runs it).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from typing import Any

from tests.peer.test_demo import ROOT, unshare_flag


def demo(*extra: str, timeout: float = 150) -> str:
    cmd = [
        "unshare",
        unshare_flag(),
        sys.executable,
        str(ROOT / "scripts" / "_demo.py"),
        "--netns",
        "--lang",
        "en",
        "--timeout",
        str(timeout - 10),
        *extra,
    ]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=ROOT)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return proc.stdout


def verdicts(out: str, seats: int) -> list[str]:
    """The hands every peer reports verified (the host's line and each bot's)."""
    got = re.findall(r"^(?:peer \d+: )?verified: every hand checked \(([\d, ]+)\)$", out, re.M)
    assert len(got) == seats, out[-2000:]
    assert all(g == got[0] for g in got)
    return got


def result(out: str) -> dict[str, Any]:
    """The audited result, from the demo's ``audit --json`` line."""
    assert re.search(r"^VERIFIED: \d+ hands? checked\. ", out, re.M), out[-2000:]
    m = re.search(r"^== audit result \(--json\): (.*)$", out, re.M)
    assert m, out[-2000:]
    got: dict[str, Any] = json.loads(m.group(1))
    return got


def test_101_two_processes_over_the_lan() -> None:
    out = demo("--game", "101", "--seats", "2", "--option", "max_rounds=2")
    assert "seats 2/2" in out
    hands = verdicts(out, 2)[0].split(", ")
    assert 1 <= len(hands) <= 2
    assert "2 logs, byte-identical: True" in out and "demo OK" in out
    assert "winners" in result(out)
