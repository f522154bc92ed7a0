"""``scripts/bench restart [--games N] [--kills K]``: kill -9 peers of 4-seat Akulina games
at random moments (separate processes, private network namespace), restart them with the
same command; reports kill points tried / survived, games finished verified, and the time
a restarted peer takes to rejoin the table."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def main(argv: list[str]) -> None:
    for flag in ("-rn", "-n"):
        if subprocess.run(["unshare", flag, "true"], capture_output=True).returncode == 0:
            break
    else:
        sys.exit("restart bench: cannot create a private network namespace")
    args = argv or ["--games", "10", "--kills", "3"]
    subprocess.run(
        ["unshare", flag, sys.executable, str(ROOT / "scripts" / "_killtest.py"), "--json", *args],
        check=False,
    )
