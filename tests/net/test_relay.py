"""A man-in-the-middle relay between two peers playing a game (inside a private netns):
it sees no plaintext, and when it flips, drops, reorders or injects bytes after the
handshake the link drops with a reason naming the peer, reconnects through the relay,
and the game finishes verified with identical logs and no seat blamed."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from _netns import run_in_netns

HERE = Path(__file__).resolve().parent
PLAN = ["flip", "drop", "reorder", "inject"]


@pytest.fixture(scope="module")
def relayed() -> Any:
    out = run_in_netns([sys.executable, str(HERE / "_relay_game.py"), json.dumps(PLAN)],
                       timeout=150)  # fmt: skip
    for line in out.splitlines():
        if line.startswith("RESULT "):
            return json.loads(line[len("RESULT ") :])
    pytest.fail(f"relay game printed no RESULT:\n{out[-3000:]}")


def test_game_through_a_tampering_relay_finishes_verified(relayed: Any) -> None:
    assert relayed["tampered"] == PLAN  # every attack was carried out
    assert relayed["results_equal"] and relayed["loser"] in (0, 1)
    assert relayed["logs_identical"] and relayed["verdict"] == "verified"
    assert relayed["cheats"] == []  # no seat blamed
    assert sum(relayed["connections"]) >= 1 + len(PLAN)  # probe aside, it reconnected


def test_every_tampering_dropped_the_link_naming_the_peer(relayed: Any) -> None:
    drops = [w for w in relayed["warnings"] if "IntegrityError" in w]
    assert len(drops) == len(PLAN), relayed["warnings"]
    for w in drops:
        assert w.startswith("WARNING p2pcards.net: dropped connection 127.0.0.")
        assert "failed authentication: altered, dropped, reordered or injected" in w
        assert any(fp in w for fp in relayed["fingerprints"])


def test_the_relay_saw_no_plaintext(relayed: Any) -> None:
    assert relayed["captured_bytes"] > 20_000  # a whole game went through it
    assert relayed["found"] == {
        "names": [],
        "table name": [],
        "game": [],
        "suits": [],
        "entry keys": [],
        "identity keys": [],
        "sealing keys": [],
    }
    assert relayed["entries_in_clear"] == 0
    # the probe's answer (the table's public card, like the mDNS TXT) names no key either
    assert relayed["public_has_keys"] == [False, False]
