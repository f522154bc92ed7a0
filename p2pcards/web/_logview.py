"""The log viewer's data: a table's log audited and laid out hand by hand and step by
step, with every card (the end-of-hand reveal makes them known), each entry's
verification, the evidence the log file keeps (EVIDENCE records: entries this seat
rejected as cheats, ``protocol/table.md`` §3) and the audit's verdict; and the list of
past games in the data directory.

:func:`log_view` is pure (the entries in, plain JSON-ready data out); :func:`past_games`
and :func:`read_log_file` read files.  The shape::

    {"game", "title", "seats": [name], "verdict": "verified"|"cheating"|...,
     "verdict_text", "result": [str], "entries": n, "evidence": n,
     "hands": [{"hand": n, "verified": bool, "text", "steps": [step], "entries": [entry]}]}

``step``: ``{"text", "cards": [card], "hands": [[card] per seat]}`` (every seat's cards
after the step); ``entry``: ``{"seq", "seat", "kind", "ok", "text", "evidence"}``, in
sequence order, the log's entries and the evidence records of the hand (``evidence``
true; ``ok`` false when the record proves a cheat of its signer); ``card`` as on the
table page (``{"c", "r", "s"}``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from p2pcards.games import Move
from p2pcards.table import AuditReport, audit_entries
from p2pcards.transcript import LogFileError, TranscriptError, peek_entry, read_log
from p2pcards.ui import Names, dealer_line, plays_rounds, presenter
from p2pcards.web._screen import card
from p2pcards.web._texts import logview_labels

TABLE_ID = re.compile(r"^[0-9a-f]{32}$")
"""A table id as a log file's name (16 bytes in hex)."""


def read_log_file(data: bytes) -> tuple[list[bytes], list[bytes]]:
    """The signed entries (ENTRY records) and the evidence (EVIDENCE records) of a log
    file's bytes; LogFileError when it is not a log."""
    contents = read_log(data)
    return contents.entries(), contents.evidence()


def _positions(event: Any) -> list[int]:
    pos: list[int] = []
    p = getattr(event, "position", None)
    if isinstance(p, int):
        pos.append(p)
    ps = getattr(event, "positions", None)
    if isinstance(ps, tuple):
        pos.extend(x for x in ps if isinstance(x, int))
    return pos


def log_view(
    entries: Sequence[bytes],
    lang: str,
    evidence: Sequence[bytes] = (),
    *,
    proof_cache: dict[bytes, Any] | None = None,
) -> dict[str, Any]:
    """The log of ``entries`` (genesis first) audited with the log file's ``evidence``
    (signed entries this seat rejected) and laid out for the viewer in ``lang`` (see the
    module docstring).  Never raises on bad input: an unreadable log gives
    ``{"verdict": "unreadable", "verdict_text": ...}``; an evidence record that is not
    an entry is listed as proving nothing.  ``proof_cache``: as for
    :func:`~p2pcards.table.audit_entries` (none: every proof is verified again)."""
    report = audit_entries(entries, evidence=evidence, proof_cache=proof_cache)
    if report.table is None or report.verdict == "unreadable":
        lab = logview_labels(lang)
        return {"verdict": "unreadable", "verdict_text": lab["unreadable"] + report.error}
    table = report.table
    game = table.game
    lab = logview_labels(lang, game.name)
    rounds = plays_rounds(game.name)
    p = presenter(game.name, lang, game.options)
    names = Names(tuple(report.seats))
    # a cheat proven by evidence is an entry not in the log: the log's entry of the same
    # number (another seat's, or the one that fit) is not the cheat
    cheats = {
        c.seq: c for c in report.cheats if c.seq is not None and c not in report.proven_by_evidence
    }
    state = game.new_state()
    hands: dict[int, dict[str, Any]] = {}

    def hand_of(n: int) -> dict[str, Any]:
        if n not in hands:
            ok = n in table.verified
            key = "seating" if n == 0 else "hand_verified" if ok else "hand_unverified"
            hands[n] = {
                "hand": n,
                "verified": ok or n == 0,
                "text": lab[key].format(n=n),
                "steps": [],
                "entries": [],
            }
        return hands[n]

    for hand, event in table.events:
        cards = table.revealed_cards.get(hand, {})
        if isinstance(event, Move):
            line: str | None = p.move_line(event, state.view(event.seat, cards), names)
        else:
            line = dealer_line(p.t, names, event, cards, rounds)
        shown = [card(cards[x]) for x in _positions(event) if x in cards]
        state.apply(event)
        if not line:
            continue
        seat_hands = []
        for s in range(game.seats):
            v = state.view(s, cards)
            seat_hands.append([card(c) for _, c in v.hand])
        hand_of(hand)["steps"].append({"text": line.strip(), "cards": shown, "hands": seat_hands})
    for e in table.log:
        c = cheats.get(e.seq)
        who = names[e.seat] if 0 <= e.seat < len(names) else "?"
        text = (
            lab["entry_cheat"].format(rule=c.rule, message=p.cheat_text(c, names))
            if c is not None
            else lab["entry_ok"].format(who=who)
        )
        hand_of(e.hand)["entries"].append(
            {"seq": e.seq, "seat": who, "kind": e.kind, "ok": c is None, "text": text,
             "evidence": False}
        )  # fmt: skip
    last = max(hands) if hands else 0
    for row, hand in _evidence_rows(report, evidence, names, lab, p):
        rows = hand_of(hand if hand in hands else last)["entries"]
        rows.append(row)
        rows.sort(key=lambda r: (r["seq"] if r["seq"] is not None else 1 << 62, r["evidence"]))
    result = list(p.result_lines(report.result, names)) if report.result else []
    return {
        "game": game.name,
        "title": game.info.title["ru" if lang == "ru" else "en"],
        "seats": list(report.seats),
        "verdict": report.verdict,
        "verdict_text": verdict_text(report, names, lang, p),
        "hand_label": lab["hand"],  # "Round" in 101
        "result": result,
        "entries": report.entries,
        "evidence": report.evidence,
        "hands": [hands[k] for k in sorted(hands)],
    }


def _evidence_rows(
    report: AuditReport, evidence: Sequence[bytes], names: Names, lab: dict[str, str], p: Any
) -> list[tuple[dict[str, Any], int]]:
    """One entry row per distinct evidence record, with its transcript hand: the record
    that proves a cheat of its signer at its own entry (the audit's
    ``proven_by_evidence``) names the rule; any other proves nothing (ignored)."""
    proven = {(c.seat, c.seq): c for c in report.proven_by_evidence}
    out: list[tuple[dict[str, Any], int]] = []
    for raw in dict.fromkeys(evidence):
        try:
            e = peek_entry(raw)
        except TranscriptError:
            row: dict[str, Any] = {"seq": None, "seat": "?", "kind": "?", "ok": True,
                   "text": lab["evidence_none"], "evidence": True}  # fmt: skip
            out.append((row, -1))
            continue
        who = names[e.seat] if 0 <= e.seat < len(names) else "?"
        c = proven.get((e.seat, e.seq))
        text = (
            lab["evidence_cheat"].format(rule=c.rule, message=p.cheat_text(c, names))
            if c is not None
            else lab["evidence_none"]
        )
        row = {"seq": e.seq, "seat": who, "kind": e.kind, "ok": c is None, "text": text,
               "evidence": True}  # fmt: skip
        out.append((row, e.hand))
    return out


def verdict_text(report: AuditReport, names: Names, lang: str, p: Any) -> str:
    """The audit's verdict in a sentence: every hand verified, or the cheat (the seat,
    the entry, the rule, in the words of the game's presenter ``p``), or why the log is
    incomplete."""
    lab = logview_labels(lang, report.table.game.name if report.table else "")
    n = len(report.hands_verified)
    if report.verdict == "verified":
        return lab["verified"].format(n=n)
    if report.verdict == "cheating" and report.cheats:
        c = report.cheats[0]
        who = names[c.seat] if c.seat is not None else "?"
        why = p.cheat_text(c, names)
        text = lab["cheating"].format(who=who, seq=c.seq, rule=c.rule, message=why)
        return text + lab["by_evidence"] if c in report.proven_by_evidence else text
    if report.verdict in ("forfeited", "abandoned"):
        return lab[report.verdict].format(n=n)
    return lab["incomplete"].format(n=n)


def load_log(path: Path, lang: str) -> dict[str, Any]:
    """:func:`log_view` of the log file at ``path``; an unreadable file gives the
    "unreadable" view naming why."""
    try:
        entries, evidence = read_log_file(path.read_bytes())
    except (OSError, LogFileError) as e:
        return {
            "verdict": "unreadable",
            "verdict_text": logview_labels(lang)["unreadable"] + str(e),
        }
    return log_view(entries, lang, evidence)
