"""A join to an address where nothing listens says at once that it keeps trying (a new
user's trial: ``p2pcards join 127.0.0.1:1``, a mistyped port, showed only «подключаюсь к
127.0.0.1:1…» for 30 s, the time a host still starting is given), then fails with the
retry hint.  In a private network namespace."""

from __future__ import annotations

import os
import sys
import tempfile

from tests.net._netns import run_in_netns


def test_a_refused_join_says_it_keeps_trying_then_fails() -> None:
    home = tempfile.mkdtemp(prefix="p2pcards-refused-")
    script = (
        f'P2PCARDS_HOME={home} LANG=ru_RU.UTF-8 "{sys.executable}" -m p2pcards join '
        '127.0.0.1:1 --timeout 1 --player-name Тест 2>&1; echo "rc=$?"'
    )
    out = run_in_netns(["sh", "-c", script], timeout=60)
    lines = out.strip().splitlines()
    assert lines[-1] == "rc=2", out  # (README: 2, an error)
    assert lines[:2] == [
        "подключаюсь к 127.0.0.1:1, имя: Тест…",
        "на 127.0.0.1:1 пока никто не принимает соединений: пробую снова до 1 с",
    ], out
    assert "никто не принимает соединений (пробовали 1 с)" in lines[2], out
    assert os.path.isdir(home)
