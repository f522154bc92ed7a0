"""``python -m p2pcards`` runs the ``p2pcards`` command (it had no ``__main__``: "No
module named p2pcards.__main__; 'p2pcards' is a package and cannot be directly
executed"), with its exit status, in either language."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def _run(tmp_path: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("P2PCARDS_LANG", "LC_ALL")}
    env |= {"P2PCARDS_HOME": str(tmp_path / "home"), "LANG": "C.UTF-8"}
    return subprocess.run(
        [sys.executable, "-m", "p2pcards", *argv],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )


def test_python_m_p2pcards_is_the_command(tmp_path: Path) -> None:
    done = _run(tmp_path, "--lang", "en", "--help")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: p2pcards [-h] [--lang {ru,en}] [--version] COMMAND ...")
    done = _run(tmp_path, "--lang", "ru", "identity", "--player-name", "  ")
    assert done.returncode == 2
    assert done.stderr == "p2pcards: имя игрока пустое: задайте его через --player-name ИМЯ\n"
