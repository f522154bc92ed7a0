"""Auditing a finished (or stopped) table from its log alone.

The audit is an observer :class:`~p2pcards.table.Table`: it re-verifies every signature
and the hash chain, every proof (seat keys, shuffles, decryption shares, re-encryptions,
hand re-shuffles, lots) at its entry, naming the entry and seat of the first bad one, and
at each hand's end checks every claim the moves made against the cards the showdown
opened.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from p2pcards.table._outputs import CheatDetected, Rejected
from p2pcards.table._table import Table
from p2pcards.transcript import TranscriptError


@dataclass
class AuditReport:
    """The audit's findings.

    ``verdict``: "verified" (every hand checked, no cheating), "cheating" (``cheats``
    lists each with seat, entry and rule), "abandoned" (the other seats ended a hand
    because one stopped responding: ``waiting`` names it), "incomplete" (no cheating
    found, but the log stops before the game's end: ``waiting`` says for whom) or
    "unreadable" (``error``).
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
                }
                for c in self.cheats
            ],
            "rejected": [{"seat": r.seat, "reason": r.reason} for r in self.rejected],
            "result": dict(self.result) if self.result is not None else None,
            "waiting": self.waiting,
            "error": self.error,
        }


def audit_entries(
    entries: Sequence[bytes], *, proof_cache: dict[bytes, Any] | None = None
) -> AuditReport:
    """Audit a table from its signed entries in log order (the genesis first).

    ``proof_cache``: a :class:`Table` proof cache to reuse (tests that audit a log their
    own tables just checked; an audit of a received log passes none and re-verifies every
    proof).  Never raises on bad input: an unreadable genesis gives verdict "unreadable".
    """
    if not entries:
        return AuditReport("unreadable", error="the log holds no entries")
    try:
        table = Table(entries[0], proof_cache=proof_cache)
    except (TranscriptError, ValueError) as e:
        return AuditReport("unreadable", error=f"not a valid genesis: {e}")
    report = AuditReport(
        "incomplete",
        game=table.genesis.game,
        seats=[s.name for s in table.genesis.seats],
        entries=len(entries),
        table=table,
    )
    outs = table.start()
    for raw in entries[1:]:
        outs += table.receive(raw)
    for o in outs:
        if isinstance(o, CheatDetected):
            report.cheats.append(o)
        elif isinstance(o, Rejected):
            report.rejected.append(o)
    report.hands_verified = list(table.verified)
    report.result = table.result
    if len(table.log) != len(entries):
        report.rejected.append(
            Rejected(None, f"{len(entries) - len(table.log)} entries do not fit the log")
        )
    if report.cheats:
        report.verdict = "cheating"
    elif table.abandoned is not None:
        a = table.abandoned
        report.verdict = "abandoned"
        report.waiting = (
            f"hand {a.hand} was abandoned by the other seats: {report.seats[a.seat]} "
            f"stopped responding (entry {a.seq})"
        )
    elif table.finished and not report.rejected:
        report.verdict = "verified"
    else:
        exp = table.expecting()
        if exp is not None:
            names = ", ".join(report.seats[s] for s in exp.seats)
            report.waiting = f"the log stops while waiting for {names} ({exp.kind})"
    return report
