"""Auditing a finished (or stopped) table from its log alone.

The audit is an observer :class:`~p2pcards.table.Table`: it re-verifies every signature
and the hash chain, every proof (seat keys, shuffles, decryption shares, re-encryptions,
hand re-shuffles, lots) at its entry, naming the entry and seat of the first bad one, and
at each hand's end checks every claim the moves made against the cards the showdown
opened.  Then it re-checks the log file's evidence (``protocol/table.md`` §3, "Evidence"):
the entries an honest seat rejected as cheats, fed after the log exactly as they were
received; one counts only if it is validly signed by the seat it blames and fails the
same check at its own sequence number, so no evidence can frame a seat.  The leaves
among the evidence (other seats' signed leaves the seat verified, and its own) are fed
first: a vote round leaves out a seat that had left (``protocol/table.md`` §3); a leave
of a seat that wrote log entries after it (it came back) is superseded and not fed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from p2pcards.cards import Card
from p2pcards.table._outputs import CheatDetected, Rejected
from p2pcards.table._table import LEAVE, Table
from p2pcards.transcript import TranscriptError, peek_entry

Progress = Callable[[int, int], None]
"""``progress(done, total)``: called as the audit goes through the log and evidence."""

PROOF_KINDS = ("key", "shuffle", "share", "open", "reencrypt", "reshuffle", "lot", "lot-open",
               "showdown", "reshuffle-open")  # fmt: skip
"""Entry kinds whose body carries a proof the audit verifies (protocol/table.md §2)."""


@dataclass
class HandChecks:
    """What the audit checked in one transcript hand.

    ``proofs``: entry kind -> how many entries of that kind had their proof verified
    (``key`` seat keys, ``shuffle``, ``share`` decryption shares of a deal or a reveal,
    ``open``, ``reencrypt`` a passed card, ``reshuffle`` a hand re-shuffle, ``lot`` and
    ``lot-open``, ``showdown``, and ``claim``: moves whose hidden claims carried proofs);
    ``items``: the same kinds -> ciphertexts or shares those proofs cover (for ``claim``:
    the claim proofs); ``moves``: moves replayed by the rules; ``claims``: claims checked
    at the hand's end against the opened cards; ``opened``: position -> card of every card
    opened in the hand; ``verified``: the hand's end was reached with no cheat."""

    hand: int
    verified: bool = False
    proofs: dict[str, int] = field(default_factory=dict)
    items: dict[str, int] = field(default_factory=dict)
    moves: int = 0
    claims: int = 0
    opened: dict[int, Card] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """Plain data for ``--json`` (cards as their symbols, by position)."""
        return {
            "hand": self.hand,
            "verified": self.verified,
            "proofs": dict(self.proofs),
            "items": dict(self.items),
            "moves": self.moves,
            "claims": self.claims,
            "opened": {str(p): c.symbol for p, c in sorted(self.opened.items())},
        }


@dataclass
class AuditReport:
    """The audit's findings.

    ``verdict``: "verified" (every hand checked, no cheating), "forfeited" (no
    cheating, and the game ended by a forfeit: at three or more seats the others voted
    out a seat that left or stopped responding, and the game ended with the game's
    forfeit result, ``result``; the hands before it checked to their end, the forfeited
    one up to the vote: ``waiting`` names the seat; ``protocol/table.md`` §3 rule 4),
    "cheating" (``cheats`` lists each with seat, entry and rule), "abandoned" (at two
    seats the other seat ended a hand without one that left or stopped responding, with
    no result: ``waiting`` names it; also a forfeit whose log does not fit as written),
    "incomplete" (no cheating found, but the log stops before the game's end:
    ``waiting`` says for whom) or "unreadable" (``error``).
    """

    verdict: str
    game: str = ""
    seats: list[str] = field(default_factory=list)
    hands_verified: list[int] = field(default_factory=list)
    cheats: list[CheatDetected] = field(default_factory=list)
    rejected: list[Rejected] = field(default_factory=list)
    result: Mapping[str, Any] | None = None
    waiting: str = ""
    error: str = ""
    entries: int = 0
    evidence: int = 0
    proven_by_evidence: list[CheatDetected] = field(default_factory=list)
    hands: list[HandChecks] = field(default_factory=list)
    table: Table | None = None

    def to_json(self) -> dict[str, Any]:
        """Plain data for ``--json``."""
        return {
            "verdict": self.verdict,
            "game": self.game,
            "seats": self.seats,
            "entries": self.entries,
            "hands_verified": self.hands_verified,
            "cheats": [
                {
                    "seat": c.seat,
                    "entry": c.seq,
                    "rule": c.rule,
                    "offence": str(c.offence),
                    "detail": c.detail,
                    "evidence": c in self.proven_by_evidence,
                }
                for c in self.cheats
            ],
            "evidence": self.evidence,
            "hands": [h.to_json() for h in self.hands],
            "rejected": [{"seat": r.seat, "reason": r.reason} for r in self.rejected],
            "result": dict(self.result) if self.result is not None else None,
            "waiting": self.waiting,
            "error": self.error,
        }


def audit_entries(
    entries: Sequence[bytes],
    *,
    evidence: Iterable[bytes] = (),
    proof_cache: dict[bytes, Any] | None = None,
    progress: Progress | None = None,
) -> AuditReport:
    """Audit a table from its signed entries in log order (the genesis first) and the
    evidence its log file keeps (EVIDENCE records: signed entries a seat rejected, and
    the other seats' leaves it verified).

    ``proof_cache``: a :class:`Table` proof cache to reuse (tests that audit a log their
    own tables just checked; an audit of a received log passes none and re-verifies every
    proof).  ``progress(done, total)`` is called after each entry.  Never raises on bad
    input: an unreadable genesis gives verdict "unreadable"; evidence that proves no
    cheat of its own signer at its own entry is listed in ``rejected``, never counted.
    """
    if not entries:
        return AuditReport("unreadable", error="the log holds no entries")
    try:
        table = Table(entries[0], proof_cache=proof_cache)
    except (TranscriptError, ValueError) as e:
        return AuditReport("unreadable", error=f"not a valid genesis: {e}")
    kept = list(dict.fromkeys(evidence))  # (a record written twice counts once)
    leaves = _standing_leaves([raw for raw in kept if _kind(raw) == LEAVE], entries)
    kept = [raw for raw in kept if _kind(raw) != LEAVE]
    report = AuditReport(
        "incomplete",
        game=table.genesis.game,
        seats=[s.name for s in table.genesis.seats],
        entries=len(entries),
        evidence=len(kept),
        table=table,
    )
    total = len(entries) + len(kept)
    outs = table.start()
    for raw in leaves:  # first: who left, and when (a vote does not wait for them)
        outs += [o for o in table.receive(raw) if isinstance(o, Rejected)]
    for i, raw in enumerate(entries[1:], 2):
        outs += table.receive(raw)
        if progress is not None:
            progress(i, total)
    if len(table.log) != len(entries):
        report.rejected.append(
            Rejected(None, f"{len(entries) - len(table.log)} entries do not fit the log")
        )
    _collect(report, outs)
    log_rejected = bool(report.rejected)  # (evidence that proves nothing spoils no log)
    if _check_evidence(report, table, kept, progress, total):
        log_rejected = True  # entries of the log stored as evidence: not the log as written
    report.hands_verified = list(table.verified)
    report.result = table.result
    report.hands = hand_checks(table)
    if report.cheats:
        report.verdict = "cheating"
    elif table.abandoned is not None:
        a = table.abandoned
        # a forfeit (3+ seats) is the game's end, with its result, like a last hand
        # verified: verified as far as it goes unless entries did not fit as written
        forfeit = a.result is not None and not log_rejected
        report.verdict = "forfeited" if forfeit else "abandoned"
        why = "left the table" if a.reason == "left" else "stopped responding"
        who = f"{report.seats[a.seat]} {why} (entry {a.seq})"
        report.waiting = (
            f"hand {a.hand} was ended by the other seats' votes: {who}, and forfeits the game"
            if a.result is not None
            else f"hand {a.hand} was abandoned by the other seats: {who}"
        )
    elif table.finished and not log_rejected:
        report.verdict = "verified"
    else:
        exp = table.expecting()
        if exp is not None:
            names = ", ".join(report.seats[s] for s in exp.seats)
            report.waiting = f"the log stops while waiting for {names} ({exp.kind})"
    return report


def _standing_leaves(leaves: list[bytes], entries: Sequence[bytes]) -> list[bytes]:
    """The leaves that still stand: a seat that wrote a log entry at or after its
    leave's position came back (the leave reached nobody, or it resumed before anyone
    acted on it), and that come-back supersedes the leave.  Fed before the log, a
    superseded leave made the seat count as gone at a vote round it then voted in (its
    vote did not fit, and it forfeited on its own log alone: issue 15)."""
    if not leaves:
        return []
    last: dict[int, int] = {}  # seat -> its last entry's position in the log
    for raw in entries[1:]:
        try:
            e = peek_entry(raw)
        except TranscriptError:
            continue
        last[e.seat] = max(last.get(e.seat, -1), e.seq)
    standing = []
    for raw in leaves:
        try:
            e = peek_entry(raw)
        except TranscriptError:
            continue
        if last.get(e.seat, -1) < e.seq:
            standing.append(raw)
    return standing


def _kind(raw: bytes) -> str:
    """The kind of a signed entry's bytes ('' when they are no entry)."""
    try:
        return peek_entry(raw).kind
    except TranscriptError:
        return ""


def _collect(report: AuditReport, outs: Sequence[Any]) -> None:
    for o in outs:
        if isinstance(o, CheatDetected):
            report.cheats.append(o)
        elif isinstance(o, Rejected):
            report.rejected.append(o)


def _check_evidence(
    report: AuditReport, table: Table, kept: list[bytes], progress: Progress | None, total: int
) -> bool:
    """Feed the evidence after the log.  A cheat found then counts only if some evidence
    entry fed so far is signed by the blamed seat (the table verified the signature) at
    the blamed sequence number: the entry itself failed its check.  Anything else the
    evidence causes is reported as rejected, never as a cheat.  True when a record was an
    entry that fits the log (the log was then audited with it)."""
    signed: set[tuple[int, int]] = set()  # (seat, seq) of the records fed so far
    record: dict[int, tuple[int, int]] = {}  # record number (from 1) -> (seat, seq)
    useless: list[int] = []
    fitted = False
    for k, raw in enumerate(kept, 1):
        before = len(table.log)
        outs = table.receive(raw)
        try:
            e = peek_entry(raw)
            signed.add((e.seat, e.seq))
            record[k] = (e.seat, e.seq)
        except TranscriptError:
            pass
        for o in outs:
            if isinstance(o, CheatDetected) and (o.seat, o.seq) in signed:
                report.cheats.append(o)
                report.proven_by_evidence.append(o)
            elif isinstance(o, CheatDetected):
                report.rejected.append(Rejected(o.seat, f"evidence record {k}: {o.detail}"))
            elif isinstance(o, Rejected):
                report.rejected.append(Rejected(o.seat, f"evidence record {k}: {o.reason}"))
        if len(table.log) > before:
            fitted = True
            report.rejected.append(
                Rejected(None, f"evidence record {k} is no cheat: it fits the log")
            )
        else:
            useless.append(k)
        if progress is not None:
            progress(total - len(kept) + k, total)
    proven = {(c.seat, c.seq) for c in report.proven_by_evidence}
    for k in useless:
        if record.get(k) not in proven:
            report.rejected.append(Rejected(None, f"evidence record {k} proves no cheat"))
    return fitted


def hand_checks(table: Table) -> list[HandChecks]:
    """Per transcript hand, the checks the audit's table did (:class:`HandChecks`), from
    its log: every entry in it was verified when appended.  Hand 0 is the table's start
    (the seat keys, each with its proof of knowledge)."""
    hands: dict[int, HandChecks] = {}
    for e in table.log:
        if e.kind in ("genesis", "accept"):
            continue  # signatures only
        h = hands.setdefault(e.hand, HandChecks(e.hand))
        if e.kind == "move":
            h.moves += 1
            proofs = _claim_proofs(e.body)
            if proofs:  # hidden claims proven when made (protocol/table.md §2.1)
                h.proofs["claim"] = h.proofs.get("claim", 0) + 1
                h.items["claim"] = h.items.get("claim", 0) + proofs
        elif e.kind in PROOF_KINDS:
            h.proofs[e.kind] = h.proofs.get(e.kind, 0) + 1
            h.items[e.kind] = h.items.get(e.kind, 0) + _items(e.kind, e.body)
    for n, h in hands.items():
        h.verified = n in table.verified or (n == 0 and h.proofs.get("key") == table.seats)
        h.claims = table.claims_checked.get(n, 0)
        h.opened = dict(table.revealed_cards.get(n, {}))
    return [hands[n] for n in sorted(hands)]


def _claim_proofs(body: Any) -> int:
    """How many claim proofs a move body ``[move, [proof, ...]]`` carries (0: a bare move)."""
    if isinstance(body, list) and len(body) == 2 and isinstance(body[0], list):
        return len(body[1]) if isinstance(body[1], list) else 0
    return 0


def _items(kind: str, body: Any) -> int:
    """Ciphertexts (shuffles) or shares (share rounds) one body's proof covers."""
    if kind == "key":
        return 1
    if kind == "reencrypt":
        return len(body) if isinstance(body, list) else 0
    first = body[0] if isinstance(body, list) and body else None
    return len(first) if isinstance(first, list) else 1
