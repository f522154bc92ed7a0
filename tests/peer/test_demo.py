"""The README's demo as a test: separate OS processes in a private network namespace."""

from __future__ import annotations

import os
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


def run_demo(
    *extra: str, lang: tuple[str, ...] = ("--lang", "en"), env: dict[str, str] | None = None
) -> str:
    cmd = [
        "unshare",
        unshare_flag(),
        sys.executable,
        str(ROOT / "scripts" / "_demo.py"),
        "--netns",
        *lang,
        *extra,
    ]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=240, cwd=ROOT, env=env)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return proc.stdout


def _env(home: Path, lang: str) -> dict[str, str]:
    """The environment with ``LANG=lang`` and no other language setting."""
    env = {k: v for k, v in os.environ.items() if k not in ("P2PCARDS_LANG", "LC_ALL")}
    return env | {"P2PCARDS_HOME": str(home), "LC_MESSAGES": "", "LANG": lang}


def test_four_processes_find_each_other_over_mdns_and_verify(tmp_path: Path) -> None:
    """Under a Russian locale, ``--lang en`` makes the demo and every peer speak English
    (its bots too: Boris, not Борис)."""
    out = run_demo(env=_env(tmp_path, "ru_RU.UTF-8"))
    assert "seats 4/4" in out
    assert out.count("verified: every hand checked (1)") == 4
    assert "== 4 logs, byte-identical: yes" in out
    assert "== 4 peers in separate processes; files under " in out
    assert "Boris: verified: every hand checked (1)" in out  # (the bots' names in English)
    assert "VERIFIED: " in out and "demo OK" in out


def test_by_address_with_no_multicast_the_demo_speaks_russian_under_a_russian_locale(
    tmp_path: Path,
) -> None:
    """Two peers joined by address, with no multicast at all.  The demo's own lines ("==
    every peer's verdict", "demo OK") were English whatever the language, and its bots
    were Boris and Dima: they follow the locale (as ``--lang``, above), as the command
    line does, and every peer is given that language."""
    from tests.ui._latin import foreign_words

    out = run_demo("--no-multicast", "--seats", "2", lang=(), env=_env(tmp_path, "ru_RU.UTF-8"))
    lines = out.splitlines()
    assert lines[0].startswith("== 2 участника в отдельных процессах; файлы в ")
    assert "== итог проверки у каждого участника" in lines
    assert "Борис: проверено, обмана нет; проверенные раздачи: 1" in lines
    assert "== 2 журнала, побайтно одинаковые: да" in lines
    assert lines[-1] == "== демонстрация прошла успешно"
    assert [x for x in lines if foreign_words(x)] == []
