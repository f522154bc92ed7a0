"""Ctrl-C on ``p2pcards play --offline`` (the page's game, the README's first command):
one line and status 130, never a traceback.  It arrived wrapped in trio's exception
group from the page's nurseries and printed some 25 lines of BaseExceptionGroup with
status 1 (found by a new user's trial)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pexpect
import pytest


@pytest.mark.parametrize(("lang", "line"), [("en", "Game closed."), ("ru", "Игра закрыта.")])
def test_ctrl_c_closes_the_page_game_with_one_line(tmp_path: Path, lang: str, line: str) -> None:
    env = dict(os.environ, P2PCARDS_HOME=str(tmp_path))
    argv = ["-m", "p2pcards.cli", "--lang", lang, "play", "--offline", "akulina"]
    child = pexpect.spawn(
        sys.executable, [*argv, "--no-browser"], env=env, encoding="utf-8", timeout=60
    )
    child.expect("http://127.0.0.1:")
    child.expect("/\r\n")  # the whole link printed: the page is served
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    out = child.before
    assert child.exitstatus == 130, out
    assert line in out
    assert "Traceback" not in out and "ExceptionGroup" not in out
