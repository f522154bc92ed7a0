"""Leaving a LAN table with ``q`` (issue 15 item 1), through pseudo-terminals on
loopback (no mDNS): Boris joins a 3-seat Akulina table (the host plays headless beside
one bot), quits at his first prompt; his command prints one line naming the command that
brings him back and exits 130; the host sees "Boris left the table" and the hand ends at
once by vote (no stall limit waited: the table's is 600 s), Boris forfeiting."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pexpect

from p2pcards.peer._storage import read_entries
from p2pcards.table import audit_entries


def _spawn(args: list[str], home: Path) -> pexpect.spawn:
    env = dict(os.environ, TERM="xterm-256color", COLUMNS="100", LINES="50")
    env["P2PCARDS_HOME"] = str(home)
    return pexpect.spawn(
        sys.executable,
        ["-m", "p2pcards.cli", *args, "--lang", "en"],
        env=env,
        encoding="utf-8",
        timeout=90,
        dimensions=(50, 100),
    )


def test_a_seat_that_quits_with_q_is_voted_out_at_once(tmp_path: Path) -> None:
    host = _spawn(
        ["host", "akulina", "--seats", "3", "--bots", "1", "--headless", "basic",
         "--no-mdns", "--bind", "127.0.0.1", "--open", "--stall-limit", "600",
         "--player-name", "Anya"],
        tmp_path / "anya",
    )  # fmt: skip
    boris = None
    try:
        host.expect(r"p2pcards join (127\.0\.0\.1:\d+)")
        address = host.match.group(1)
        boris = _spawn(["join", address, "--yes", "--player-name", "Boris"], tmp_path / "boris")
        boris.expect(r"choice> ")
        boris.sendline("q")
        boris.expect(r"you left the table; (.*) brings you back")
        assert f"join {address}" in boris.match.group(1)
        boris.expect(pexpect.EOF)
        host.expect(r"Boris left the table")
        host.expect(r"the hand is over: Boris left the table and forfeits")
        host.expect(pexpect.EOF)
    finally:
        host.close(force=True)
        if boris is not None:
            boris.close(force=True)
    assert boris is not None and boris.exitstatus == 130
    assert "Traceback" not in (boris.before or "")
    assert host.exitstatus == 3
    [log] = list((tmp_path / "anya" / "tables").glob("*.log"))
    report = audit_entries(read_entries(log))
    assert report.verdict == "abandoned" and report.cheats == []
    assert report.table is not None and report.table.abandoned is not None
    ab = report.table.abandoned
    boris_seat = report.seats.index("Boris")
    assert (ab.seat, ab.reason) == (boris_seat, "left")
    assert ab.result is not None and ab.result["losers"] == [boris_seat]
