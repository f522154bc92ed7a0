"""Mesh behaviour over real TCP, each scenario inside a private network namespace."""

from __future__ import annotations

import re

from _netns import run_scenario


def test_pair_connect_probe_direct_close() -> None:
    out = run_scenario("pair")
    assert out["probe"] == {"name": "Table A", "seats": 4, "key_ok": True, "table_ok": True}
    assert out["connected_to_a"] is True
    # b joined with an empty log and caught up from a's head during the handshake
    assert out["b_log"] == ["a0", "a1", "a2", "a3", "a4"]
    assert out["direct"] == [True, "secret for a"]
    assert out["unavailable"].startswith("no connection to ")
    assert out["disconnect_reason"] == "peer closed: peer leaving"
    assert "wrong table id" in out["wrong_table"]
    assert out["all_families"] == ["0.0.0.0", "::"] and out["port_ok"] is True
    assert out["probe 127.0.0.1"] is True and out["probe ::1"] is True


def test_silent_peer_dropped_by_liveness_timeout() -> None:
    out = run_scenario("silent_peer")
    assert out["reason"].startswith("liveness timeout")  # (1.5 s in the test config)
    assert out["events"] == ["PeerConnected", "PeerDisconnected"]  # connected, then dropped


def test_four_processes_gossip_identical_logs() -> None:
    out = run_scenario("mesh", 4, 40, None, timeout=120)
    results = out["results"]
    assert [r["index"] for r in results] == [0, 1, 2, 3]
    assert {r["head"] for r in results} == {39}
    assert len({r["digest"] for r in results}) == 1
    for r in results:
        assert r["connected"] == [k for k in range(4) if k != r["index"]]
        # every entry it did not author arrived from some peer
        assert sorted(int(s) for s in r["senders"]) == [s for s in range(40) if s % 4 != r["index"]]
    assert out["exit_codes"] == [0, 0, 0, 0]


def test_cut_link_gossip_still_delivers_everything() -> None:
    cut_at = 10
    out = run_scenario("mesh", 4, 60, [0, 1, cut_at], timeout=120)
    results = out["results"]
    assert {r["head"] for r in results} == {59}
    assert len({r["digest"] for r in results}) == 1
    # the link 0-1 stayed cut to the end (re-dials refused), the others are intact
    assert results[0]["connected"] == [2, 3]
    assert results[1]["connected"] == [2, 3]
    assert results[2]["connected"] == [0, 1, 3]
    # after the cut, 1 got 0's entries (and 0 got 1's) only through 2 and 3
    late = cut_at + 4
    from_0 = {s: k for s, k in results[1]["senders"].items() if int(s) % 4 == 0 and int(s) > late}
    from_1 = {s: k for s, k in results[0]["senders"].items() if int(s) % 4 == 1 and int(s) > late}
    assert from_0 and set(from_0.values()) <= {2, 3}
    assert from_1 and set(from_1.values()) <= {2, 3}
    assert out["exit_codes"] == [0, 0, 0, 0]


def test_reconnect_after_unblock_fills_the_gap() -> None:
    out = run_scenario("reconnect")
    assert out["while_blocked"] == [0, True, True]  # only e0 got through before the cut
    assert out["b_log"] == ["e0", "e1", "e2", "e3", "e4", "e5"]  # caught up after unblock


def test_invalid_and_conflicting_entries_are_reported() -> None:
    out = run_scenario("bad_entries")
    events = out["events"]
    assert [e[:2] for e in events] == [
        ["PeerConnected", None],
        ["EntryConflict", 0],  # two different entries for slot 0: evidence for the table
        ["EntryRejected", 1],  # the store's validation refused it
        ["EntryAccepted", 1],  # a valid entry 1 is still taken; seq 7 (a gap) ignored
        ["PeerDisconnected", None],  # the malformed frame ends the connection
    ]
    assert all(e[2] for e in events)  # every event names mallory
    assert events[1][3] == "ok-evil0" and events[2][3] == "bad"
    assert "undecodable message" in events[4][3]
    assert out["b_log"] == ["ok-b0", "ok-m1"]


def test_refused_entries_are_sent_again_when_the_store_is_ready() -> None:
    out = run_scenario("late_store")
    assert out["before"] == -1  # refused while not ready
    assert out["refused"] == [0]  # e0 refused while not ready (nothing beyond it offered)
    assert out["b_log"] == ["e0", "e1", "e2", "e3"]  # sent again once the store took them


def test_joiner_refuses_a_host_whose_key_is_not_the_advertised_fingerprint() -> None:
    out = run_scenario("join_wrong_fingerprint", timeout=40)
    assert out["info_fp_ok"] is True  # INFO gives the fingerprint, not the key
    assert "joined" not in out
    assert re.fullmatch(
        r"the host at 127\.0\.0\.1:\d+ has another key than the one it advertised: someone "
        r"else answers there; not joined",
        out["refused"],
    )
