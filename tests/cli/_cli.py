"""The ``p2pcards`` command run in-process, as the tests of its options and texts run it
(``test_cli_options.py``, ``test_cli_texts.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from p2pcards.cli import main


def fresh_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A new, empty ``P2PCARDS_HOME`` under ``tmp_path``, no language chosen by the
    environment (no ``P2PCARDS_LANG``, ``LC_ALL``, ``LC_MESSAGES``; ``LANG=C.UTF-8``)."""
    monkeypatch.setenv("P2PCARDS_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("P2PCARDS_LANG", raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    """``p2pcards ARGV…``: its exit status (a ``SystemExit``'s code, as the shell would
    see it) and everything it printed, stdout then stderr."""
    try:
        rc = main(list(argv))
    except SystemExit as e:
        rc = int(e.code or 0)
    got = capsys.readouterr()
    return rc, got.out + got.err
