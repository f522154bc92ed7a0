"""kill -9 peers of 4-seat games at random moments and start them again with the same
command: every game finishes, logs are byte-identical, audits verify (issue 8, part 1).
One game with two kills here; ``scripts/bench restart`` runs more."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.peer.test_demo import unshare_flag

ROOT = Path(__file__).resolve().parents[2]


def test_killed_peers_restart_and_the_games_finish_verified() -> None:
    cmd = [
        "unshare",
        unshare_flag(),
        sys.executable,
        str(ROOT / "scripts" / "_killtest.py"),
        "--games",
        "1",
        "--kills",
        "2",
        "--seed",
        "3",
    ]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    summary = json.loads(proc.stdout)
    assert summary["kill_points_tried"] == summary["survived"] == 2
    assert summary["games_verified"] == 1
