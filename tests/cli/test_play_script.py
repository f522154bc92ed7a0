"""The README's first command, ``scripts/play``: it sets up (``scripts/_setup.sh``, done
already when the tests run) and runs ``p2pcards play`` with its arguments."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_scripts_play_is_p2pcards_play(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("P2PCARDS_LANG", "LC_ALL")}
    env |= {"P2PCARDS_HOME": str(tmp_path), "LANG": "C.UTF-8"}
    for lang, usage, lobby in (
        ("en", "usage: p2pcards play", "a page in your browser lists the tables"),
        ("ru", "использование: p2pcards play", "страница в браузере показывает столы"),
    ):
        proc = subprocess.run(
            [str(ROOT / "scripts" / "play"), "--lang", lang, "--help"],
            capture_output=True, text=True, timeout=60, env=env, cwd=tmp_path,
        )  # fmt: skip
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout.startswith(usage), proc.stdout[:200]
        assert lobby in " ".join(proc.stdout.split()), proc.stdout
