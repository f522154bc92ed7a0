"""The log viewer's data: a table's log audited and laid out hand by hand and step by
step, with every card (the end-of-hand reveal makes them known), each entry's
verification and the audit's verdict; and the list of past games in the data
directory.

:func:`log_view` is pure (the entries in, plain JSON-ready data out); :func:`past_games`
and :func:`read_log_file` read files.  The shape::

    {"game", "title", "seats": [name], "verdict": "verified"|"cheating"|...,
     "verdict_text", "result": [str], "entries": n,
     "hands": [{"hand": n, "verified": bool, "text", "steps": [step], "entries": [entry]}]}

``step``: ``{"text", "cards": [card], "hands": [[card] per seat]}`` (every seat's cards
after the step); ``entry``: ``{"seq", "seat", "kind", "ok", "text"}``; ``card`` as on the
table page (``{"c", "r", "s"}``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from p2pcards.games import Move
from p2pcards.table import AuditReport, audit_entries
from p2pcards.transcript import LogFileError, RecordType, read_log
from p2pcards.ui import Names, dealer_line, presenter
from p2pcards.web._screen import card
from p2pcards.web._texts import logview_labels

TABLE_ID = re.compile(r"^[0-9a-f]{32}$")
"""A table id as a log file's name (16 bytes in hex)."""


def read_log_file(data: bytes) -> list[bytes]:
    """The signed entries of a log file's bytes; LogFileError when it is not a log."""
    contents = read_log(data)
    return [r.data for r in contents.records if r.type == RecordType.ENTRY]


def _positions(event: Any) -> list[int]:
    pos: list[int] = []
    p = getattr(event, "position", None)
    if isinstance(p, int):
        pos.append(p)
    ps = getattr(event, "positions", None)
    if isinstance(ps, tuple):
        pos.extend(x for x in ps if isinstance(x, int))
    return pos


def log_view(entries: Sequence[bytes], lang: str) -> dict[str, Any]:
    """The log of ``entries`` (genesis first) audited and laid out for the viewer in
    ``lang`` (see the module docstring).  Never raises on bad input: an unreadable log
    gives ``{"verdict": "unreadable", "verdict_text": ...}``."""
    lab = logview_labels(lang)
    report = audit_entries(entries)
    if report.table is None or report.verdict == "unreadable":
        return {"verdict": "unreadable", "verdict_text": lab["unreadable"] + report.error}
    table = report.table
    game = table.game
    p = presenter(game.name, lang, game.options)
    names = Names(tuple(report.seats))
    cheats = {c.seq: c for c in report.cheats if c.seq is not None}
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
            line = dealer_line(p.t, names, event, cards)
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
            {"seq": e.seq, "seat": who, "kind": e.kind, "ok": c is None, "text": text}
        )
    result = list(p.result_lines(report.result, names)) if report.result else []
    return {
        "game": game.name,
        "title": game.info.title["ru" if lang == "ru" else "en"],
        "seats": list(report.seats),
        "verdict": report.verdict,
        "verdict_text": verdict_text(report, names, lang, p),
        "result": result,
        "entries": report.entries,
        "hands": [hands[k] for k in sorted(hands)],
    }


def verdict_text(report: AuditReport, names: Names, lang: str, p: Any) -> str:
    """The audit's verdict in a sentence: every hand verified, or the cheat (the seat,
    the entry, the rule, in the words of the game's presenter ``p``), or why the log is
    incomplete."""
    lab = logview_labels(lang)
    n = len(report.hands_verified)
    if report.verdict == "verified":
        return lab["verified"].format(n=n)
    if report.verdict == "cheating" and report.cheats:
        c = report.cheats[0]
        who = names[c.seat] if c.seat is not None else "?"
        why = p.cheat_text(c, names)
        return lab["cheating"].format(who=who, seq=c.seq, rule=c.rule, message=why)
    if report.verdict == "abandoned":
        return lab["abandoned"].format(n=n)
    return lab["incomplete"].format(n=n)


def load_log(path: Path, lang: str) -> dict[str, Any]:
    """:func:`log_view` of the log file at ``path``; an unreadable file gives the
    "unreadable" view naming why."""
    try:
        entries = read_log_file(path.read_bytes())
    except (OSError, LogFileError) as e:
        return {
            "verdict": "unreadable",
            "verdict_text": logview_labels(lang)["unreadable"] + str(e),
        }
    return log_view(entries, lang)
