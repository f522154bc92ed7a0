"""A human seat over the LAN, driven through a pseudo-terminal: ``p2pcards host akulina
--seats 3 --bots 2`` (two bot peers join by address on loopback; no mDNS), the scripted
player answers every prompt until the hand is verified.  (3 seats, not 4: the same
paths for a third less CPU; 4 and more seats are played by scripts/demo and
tests/peer.)"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pexpect


def test_a_human_seat_plays_a_full_hand_against_two_bots(tmp_path: Path) -> None:
    env = dict(os.environ, TERM="xterm-256color", COLUMNS="100", LINES="50")
    env["P2PCARDS_HOME"] = str(tmp_path)
    child = pexpect.spawn(
        sys.executable,
        [
            "-m",
            "p2pcards.cli",
            "host",
            "akulina",
            "--seats",
            "3",
            "--bots",
            "2",
            "--no-mdns",
            "--bind",
            "127.0.0.1",
            "--lang",
            "en",
            "--player-name",
            "Human",
        ],
        env=env,
        encoding="utf-8",
        timeout=60,
        dimensions=(50, 100),
    )
    prompts = 0
    try:
        while True:
            i = child.expect([r"choice> ", r"verified: every hand checked \((\d+)\)", pexpect.EOF])
            if i == 0:
                prompts += 1
                assert prompts < 300
                child.sendline("1")
            elif i == 1:
                assert child.match.group(1) == "1"
                break
            else:
                raise AssertionError("no verdict:\n" + (child.before or "")[-2000:])
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
    assert prompts >= 1
    logs = list((tmp_path / "tables").glob("*.log"))
    assert len(logs) == 1 and logs[0].with_suffix(".done").exists()
