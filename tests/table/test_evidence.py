"""Rejected entries kept as evidence (protocol/table.md §3, "Evidence").

An honest seat that rejects a cheating entry keeps it (an :class:`Evidence` output, an
EVIDENCE record of its log file), so the audit of its log names the cheat instead of
stopping short of it.  Evidence counts only when it is signed by the seat it blames and
fails the same check at its own entry: the attacks here try to frame an honest seat with
forged, re-signed, misplaced or honest entries passed off as evidence.
"""

from __future__ import annotations

from typing import Any

import pytest

from p2pcards.mental_poker._ristretto import G, add
from p2pcards.table import Broadcast, Evidence, Rejected, Step, Table, audit_entries
from p2pcards.transcript import peek_entry, sign_entry
from tests.table.harness import Harness

CHEAT = 1


def wrong_share(t: Table, step: Step, body: Any) -> Any:
    """Seat 1's first decryption share of the deal is off by G (its proof kept)."""
    if step.kind != "share":
        return body
    return [[add(body[0][0], G), *body[0][1:]], body[1]]


@pytest.fixture(scope="module")
def cheated() -> Harness:
    h = Harness("akulina", 3, seed=10)
    h.tables[CHEAT].alter = wrong_share
    h.run()
    return h


@pytest.fixture(scope="module")
def honest() -> Harness:
    h = Harness("akulina", 3, seed=21)
    h.run()
    return h


def bad_entry(h: Harness) -> Any:
    """The cheater's share entry, as it sent it."""
    raw = next(o.data for o in h.outputs[CHEAT] if isinstance(o, Broadcast) and o.kind == "share")
    return peek_entry(raw)


def log_of(h: Harness, seat: int) -> list[bytes]:
    return [e.raw for e in h.tables[seat].log]


def test_an_honest_seat_keeps_the_rejected_entry_and_its_audit_names_the_cheat(
    cheated: Harness,
) -> None:
    bad = bad_entry(cheated)
    for s in (0, 2):
        kept = [o for o in cheated.outputs[s] if isinstance(o, Evidence)]
        assert [(o.seat, o.seq, o.entries) for o in kept] == [(CHEAT, bad.seq, (bad.raw,))]
        alone = audit_entries(log_of(cheated, s), proof_cache=cheated.proof_cache)
        assert alone.verdict == "incomplete" and alone.cheats == []  # what it said before
        report = audit_entries(
            log_of(cheated, s), evidence=cheated.evidence(s), proof_cache=cheated.proof_cache
        )
        assert report.verdict == "cheating" and report.evidence == 1
        c = report.cheats[0]
        assert (c.seat, c.seq) == (CHEAT, bad.seq) and c.rule.startswith("share")
        assert "decryption shares" in c.detail
        js = report.to_json()
        assert js["cheats"][0]["evidence"] is True and js["cheats"][0]["entry"] == bad.seq


def test_the_bad_share_re_signed_as_another_seats_frames_nobody(cheated: Harness) -> None:
    """The cheater (or a relay holding its key) signs the bad body claiming to be seat 2:
    the signature is not seat 2's, so the audit rejects the record and blames nobody."""
    bad = bad_entry(cheated)
    key = cheated.tables[CHEAT]._key
    assert key is not None
    forged = sign_entry(
        key, table=bad.table, hand=bad.hand, seq=bad.seq + 1, prev=bad.prev, seat=2,
        kind=bad.kind, body=bad.body,
    ).raw  # fmt: skip
    report = audit_entries(log_of(cheated, 0), evidence=[forged], proof_cache=cheated.proof_cache)
    assert report.cheats == [] and report.verdict == "incomplete"
    assert any("signature" in r.reason for r in report.rejected)
    assert any("proves no cheat" in r.reason for r in report.rejected)


def test_an_honest_contribution_passed_off_as_evidence_frames_nobody(cheated: Harness) -> None:
    """Seat 2's own valid share of the same round, put in seat 0's file as evidence: it
    passes its check (the round then still waits for seat 1): no cheat, none counted."""
    share2 = next(
        o.data for o in cheated.outputs[2] if isinstance(o, Broadcast) and o.kind == "share"
    )
    report = audit_entries(log_of(cheated, 0), evidence=[share2], proof_cache=cheated.proof_cache)
    assert report.cheats == [] and report.verdict == "incomplete"
    assert [r.reason for r in report.rejected] == ["evidence record 1 proves no cheat"]


def test_honest_entries_as_evidence_never_convict(honest: Harness) -> None:
    """A complete honest log with its own entries as evidence stays verified; a log cut
    short with the next honest entries as evidence is no cheat (they fit the log); an
    entry of the log at the wrong place is a duplicate."""
    log = log_of(honest, 0)
    cache = honest.proof_cache
    full = audit_entries(log, evidence=[log[5], log[-1]], proof_cache=cache)
    assert full.verdict == "verified" and full.cheats == []
    cut = audit_entries(log[:40], evidence=log[40:45], proof_cache=cache)
    assert cut.cheats == [] and cut.verdict == "incomplete"
    assert any("fits the log" in r.reason for r in cut.rejected)
    rest = audit_entries(log[:40], evidence=log[40:], proof_cache=cache)
    assert rest.cheats == [] and rest.verdict == "incomplete"  # (finished, but not as written)
    ahead = audit_entries(log[:40], evidence=[log[60]], proof_cache=cache)
    assert ahead.cheats == [] and ahead.verdict == "incomplete"


def test_a_tampered_copy_of_an_honest_entry_is_rejected_and_never_kept(honest: Harness) -> None:
    """A relay flips a byte of an honest signed entry on its way: the table rejects it
    (bad signature) without blaming its seat and keeps no evidence; the real entry fits."""
    log = log_of(honest, 0)
    i = next(i for i, e in enumerate(honest.tables[0].log) if i > 40 and e.kind == "move")
    t = Table(log[0], proof_cache=honest.proof_cache)
    t.start()
    for raw in log[1:i]:
        t.receive(raw)
    outs = t.receive(log[i][:-1] + bytes([log[i][-1] ^ 1]))
    assert not any(isinstance(o, Evidence) for o in outs) and t.cheats == []
    assert any(isinstance(o, Rejected) and "signature" in o.reason for o in outs)
    t.receive(log[i])
    assert len(t.log) == i + 1


def test_the_web_log_viewer_shows_the_evidence_and_the_cheat_it_proves(cheated: Harness) -> None:
    """The log viewer (p2pcards.web) reads the EVIDENCE records of the file too: the
    cheater's rejected share is listed in its hand as evidence, not in the log, naming
    the rule, and the verdict is the cheat (it said "incomplete" from the log alone)."""
    from p2pcards.transcript import RecordType, encode_log
    from p2pcards.web._logview import log_view, read_log_file

    bad = bad_entry(cheated)
    names = [s.name for s in cheated.tables[0].genesis.seats]
    log, kept = log_of(cheated, 0), cheated.evidence(0)
    data = encode_log([(RecordType.ENTRY, r) for r in log] + [(RecordType.EVIDENCE, kept[0])])
    assert read_log_file(data) == (log, kept)
    view = log_view(log, "en", kept, proof_cache=cheated.proof_cache)
    assert view["verdict"] == "cheating" and view["evidence"] == 1
    assert view["verdict_text"].startswith(f"Audit: CHEATING by {names[CHEAT]} at entry")
    assert view["verdict_text"].endswith("kept as evidence, not in the log)")
    rows = [r for h in view["hands"] for r in h["entries"] if r["evidence"]]
    assert [(r["seq"], r["seat"], r["kind"], r["ok"]) for r in rows] == [
        (bad.seq, names[CHEAT], "share", False)
    ]
    assert rows[0]["text"].startswith("✗ not in the log: this seat rejected it as a cheat")
    hand = next(h for h in view["hands"] if rows[0] in h["entries"])
    assert hand["hand"] == bad.hand and [r["seq"] for r in hand["entries"]] == sorted(
        r["seq"] for r in hand["entries"]
    )
    assert all(r["ok"] for h in view["hands"] for r in h["entries"] if not r["evidence"])
    alone = log_view(log, "ru", proof_cache=cheated.proof_cache)  # without the file's evidence
    assert alone["verdict"] == "incomplete" and alone["evidence"] == 0
    assert not any(r["evidence"] for h in alone["hands"] for r in h["entries"])
