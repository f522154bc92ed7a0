"""Hostile connections against real sockets, inside a private network namespace: every
bad connection is dropped within its timeout with a WARNING naming the peer (address,
and key fingerprint once known), the honest peers go on, and under a flood of 200
silent connections a 3-seat game finishes verified with the host's memory bounded."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.net._netns import run_in_netns

HERE = Path(__file__).resolve().parent


def scenario(name: str, *args: Any, timeout: float) -> Any:
    out = run_in_netns([sys.executable, str(HERE / "_scenarios.py"), name, json.dumps(args)],
                       timeout=timeout)  # fmt: skip
    for line in out.splitlines():
        if line.startswith("RESULT "):
            return json.loads(line[len("RESULT ") :])
    pytest.fail(f"scenario {name} printed no RESULT:\n{out[-3000:]}")


@pytest.fixture(scope="module")
def attacks() -> Any:
    return scenario("attacks", timeout=40)


def _warning_for(result: Any, attack: str) -> str:
    port = result["ports"][attack]
    lines = [w for w in result["warnings"] if f"127.0.0.1:{port}" in w]
    assert len(lines) == 1, (attack, result["warnings"])
    return str(lines[0])


def test_honest_pair_goes_on_while_attacked(attacks: Any) -> None:
    assert attacks["honest_head"] == 39 and attacks["logs_equal"]
    assert attacks["member_connected"]


def _at_once(attacks: Any, attack: str) -> str:
    """The warning of a connection dropped for what it sent, not by a timeout (no test
    asserts on wall-clock time: the reason names the rule that dropped it)."""
    assert attacks["dropped_after"][attack] >= 0  # it was dropped
    w = _warning_for(attacks, attack)
    assert "timeout" not in w and "within" not in w, w
    return w


def test_oversized_prefix_dropped_at_once(attacks: Any) -> None:
    w = _at_once(attacks, "oversized")
    assert "frame of 4294967295 bytes" in w and "exceeds the cap of 1048576 bytes" in w


def test_truncated_frame_dropped(attacks: Any) -> None:
    assert "ended mid-frame: frame body cut after 16 of 55 bytes" in _at_once(attacks, "truncated")


def test_slow_sender_before_handshake_dropped_after_timeout(attacks: Any) -> None:
    """One byte per second of a HELLO; handshake timeout 2 s (the attacker notices the
    close only on a later byte, so up to a few seconds later): the reason names the
    timeout, and the drop came no sooner (trio's monotonic clock)."""
    assert attacks["dropped_after"]["slow_hello"] >= 1.9
    assert _warning_for(attacks, "slow_hello").endswith("no HELLO within 2 s")


def test_slow_sender_after_handshake_dropped_after_liveness_timeout(attacks: Any) -> None:
    """Authenticated, then a PING frame at one byte per second: liveness timeout 2 s."""
    assert attacks["dropped_after"]["slow_after_handshake"] >= 1.9
    w = _warning_for(attacks, "slow_after_handshake")
    assert "liveness timeout: no complete frame" in w and "within 2 s" in w
    assert "WARNING p2pcards.net: dropped connection 127.0.0.1:" in w
    assert w.count("-") >= 3  # the key's fingerprint is named too


def test_impostor_cannot_take_a_members_key(attacks: Any) -> None:
    w = _warning_for(attacks, "impostor")
    assert "failed to prove its key (bad signature)" in w


def test_tampered_record_after_handshake_dropped_naming_the_peer(attacks: Any) -> None:
    """A correct handshake, then an encrypted PING with one bit flipped on the way."""
    w = _at_once(attacks, "tampered")
    assert "WARNING p2pcards.net: dropped connection 127.0.0.1:" in w
    assert "IntegrityError: record 0 from 127.0.0.1:" in w and "failed authentication" in w
    assert w.count("-") >= 6  # the key's fingerprint is named (twice)


@pytest.mark.parametrize(
    ("attack", "why"),
    [
        ("unknown_type", "unknown message type 99"),
        ("wrong_types", "malformed ENTRY"),
        ("deep_nesting", "malformed DIRECT"),
    ],
)
def test_garbage_after_handshake_dropped(attacks: Any, attack: str, why: str) -> None:
    w = _at_once(attacks, attack)
    assert "ProtocolError" in w and why in w


def test_flood_of_200_silent_connections(capsys: pytest.CaptureFixture[str]) -> None:
    r = scenario("flood", 200, False, timeout=150)["flood"]
    with capsys.disabled():
        print(f"\nflood: host peak RSS {r['peak_rss_mb']} MB, {r['flood_opened']} flood "
              f"connections, game {r['game_seconds']} s")  # fmt: skip
    assert r["rcs"] == [0, 0, 0], r["stderr_tails"]
    assert r["verified"] == [True, True, True] and r["logs_identical"]
    assert r["flood_opened"] >= 200
    assert 0 < r["peak_rss_mb"] < 150  # about 46 MB with or without the flood
    # (the terminal's words, tests/cli/test_ru_warnings.py; p2pcards.log keeps the counts)
    dropped = [w for w in r["host_warnings"] if "too many handshakes at once" in w]
    assert dropped and all(
        w.startswith("p2pcards: dropped a connection from 127.0.0.1:") for w in dropped
    )
    # not one line per connection: the drops at most one line a second (each counting
    # those since the last); a refusal ("no HELLO within 5 s") only for a connection that
    # held one of the 32 handshake slots, so at most 32 per 5 s.  Bounds from the game's
    # length: a fixed one (< 100 lines) failed under load (112 and 119 lines); a quiet run
    # shows 41 lines for 2,044 connections in 10.9 s.
    seconds = r["game_seconds"]
    assert len(dropped) <= seconds + 2
    refused = [w for w in r["host_warnings"] if w.startswith("p2pcards: refused a connection")]
    assert len(refused) <= 32 * (seconds / 5 + 1)
    assert len(r["host_warnings"]) - len(dropped) - len(refused) <= 5
