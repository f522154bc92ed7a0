"""The README's demo as a test: separate OS processes in a private network namespace."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def unshare_flag() -> str:
    for flag in ("-rn", "-n"):
        if (
            shutil.which("unshare")
            and subprocess.run(["unshare", flag, "true"], capture_output=True).returncode == 0
        ):
            return flag
    pytest.fail(
        "cannot create a private network namespace (unshare -rn / -n): "
        "network tests must not run on a real interface"
    )


def run_demo(*extra: str) -> str:
    cmd = [
        "unshare",
        unshare_flag(),
        sys.executable,
        str(ROOT / "scripts" / "_demo.py"),
        "--netns",
        "--lang",
        "en",
        *extra,
    ]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=240, cwd=ROOT)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return proc.stdout


def test_four_processes_find_each_other_over_mdns_and_verify() -> None:
    out = run_demo()
    assert "seats 4/4" in out
    assert out.count("verified: every hand checked (1)") == 4
    assert "4 logs, byte-identical: True" in out
    assert "VERIFIED: " in out and "demo OK" in out


def test_join_by_address_with_no_multicast_at_all() -> None:
    out = run_demo("--no-multicast", "--seats", "2")
    assert "2 logs, byte-identical: True" in out and "demo OK" in out
