"""The ``p2pcards`` command in a pseudo-terminal, as the LAN scenarios run it
(``_lan_leave.py``, ``_lan_scenario.py``): a colour terminal of 50×120, the player's own
home folder and language, plain (no rich live screen).  The scenarios run inside a
private network namespace (``tests.net._netns.run_in_netns``, which puts the repository
on ``PYTHONPATH``)."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import pexpect


def spawn(home: Path, lang: str, *argv: str, timeout: float) -> pexpect.spawn:
    """``python -m p2pcards.cli --lang LANG ARGV…`` with ``P2PCARDS_HOME=home`` (and no
    ``P2PCARDS_LANG`` inherited) in a pty; ``timeout`` (seconds) bounds every expect."""
    env = dict(os.environ, TERM="xterm-256color", P2PCARDS_HOME=str(home), P2PCARDS_PLAIN="")
    env.pop("P2PCARDS_LANG", None)
    return pexpect.spawn(
        sys.executable,
        ["-m", "p2pcards.cli", "--lang", lang, *argv],
        env=env,
        encoding="utf-8",
        timeout=timeout,
        dimensions=(50, 120),
    )


def finish(child: pexpect.spawn) -> tuple[str, int | None]:
    """Wait for the command to end: everything it printed since the last match, and its
    exit status (``None`` when a signal ended it)."""
    child.expect(pexpect.EOF)
    text = child.before or ""
    child.close()
    return text, child.exitstatus


def player_homes(prefix: str, *players: str) -> dict[str, Path]:
    """Each player's home folder (``P2PCARDS_HOME``; not created) in a new temporary
    folder named ``prefix…``.  Asserts that it runs inside the private network namespace
    (``P2PCARDS_IN_NETNS=1``): a scenario never touches the real network."""
    assert os.environ.get("P2PCARDS_IN_NETNS") == "1", "runs only inside a netns"
    work = Path(tempfile.mkdtemp(prefix=prefix))
    return {k: work / k for k in players}
