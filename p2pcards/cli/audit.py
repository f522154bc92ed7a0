"""``p2pcards audit LOG``: re-check a table's log for cheating; ``p2pcards replay LOG``."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from p2pcards.cli._history import history_line
from p2pcards.cli._i18n import add_lang_argument, tr
from p2pcards.table import AuditReport, audit_entries
from p2pcards.transcript import LogFileError, RecordType, read_log
from p2pcards.ui import Names, presenter

EXIT_VERIFIED, EXIT_CHEATING, EXIT_UNREADABLE, EXIT_INCOMPLETE = 0, 1, 2, 3


def register(sub: Any) -> None:
    """Add the ``audit`` and ``replay`` subcommands."""
    p = sub.add_parser(
        "audit",
        help="check a game log for cheating (exit 0 verified, 1 cheating, 2 unreadable)",
        description="Re-check every signature and the hash chain, recompute every shuffle "
        "from the revealed secrets, check every key share against its commitment, check "
        "the deck, replay the rules with every card known and check every claim.  Exit "
        "status: 0 verified, 1 cheating found (the seat, the entry and the rule are "
        "named), 2 unreadable or not a p2pcards log, 3 no cheating found but the log "
        "stops before the end of the game (or a hand was abandoned because a seat "
        "stopped responding: the seat is named).",
        epilog="example:  p2pcards audit ~/.local/share/p2pcards/tables/1f2e….log --json",
    )
    p.add_argument("log", type=Path, help="a table's .log file")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    add_lang_argument(p)
    p.set_defaults(func=run_audit)
    r = sub.add_parser(
        "replay",
        help="print a finished game's history with every card visible",
        description="Print the hand history of a table's log with every card visible "
        "(the end-of-hand reveal makes them known), after auditing it.",
    )
    r.add_argument("log", type=Path, help="a table's .log file")
    add_lang_argument(r)
    r.set_defaults(func=run_replay)


def read_entries(path: Path) -> list[bytes]:
    """The signed entries stored in a log file.  Raises OSError or LogFileError."""
    contents = read_log(path.read_bytes())
    return [r.data for r in contents.records if r.type == RecordType.ENTRY]


def load(path: Path, lang: str) -> tuple[AuditReport, int | None]:
    """Audit the log at ``path``; returns the report and None, or an unreadable report
    and the exit status 2."""
    try:
        entries = read_entries(path)
    except (OSError, LogFileError) as e:
        return AuditReport("unreadable", error=str(e)), EXIT_UNREADABLE
    report = audit_entries(entries)
    if report.verdict == "unreadable":
        return report, EXIT_UNREADABLE
    return report, None


def run_audit(args: argparse.Namespace) -> int:
    """Print the verdict; exit status as documented in the help."""
    lang = args.lang
    report, rc = load(args.log, lang)
    if args.json:
        print(json.dumps(report.to_json(), ensure_ascii=False, indent=2))
    else:
        print_report(report, lang)
    if rc is not None:
        return rc
    return {
        "verified": EXIT_VERIFIED,
        "cheating": EXIT_CHEATING,
        "incomplete": EXIT_INCOMPLETE,
        "abandoned": EXIT_INCOMPLETE,
    }.get(report.verdict, EXIT_UNREADABLE)


def print_report(report: AuditReport, lang: str) -> None:
    """The report in plain words."""
    if report.verdict == "unreadable":
        print(tr(lang, f"unreadable: {report.error}", f"не читается: {report.error}"))
        return
    names = report.seats
    print(
        tr(
            lang,
            f"game: {report.game}, seats: {', '.join(names)}, entries: {report.entries}",
            f"игра: {report.game}, игроки: {', '.join(names)}, записей: {report.entries}",
        )
    )
    hands = ", ".join(str(h) for h in report.hands_verified) or "-"
    print(tr(lang, f"hands verified: {hands}", f"проверены раздачи: {hands}"))
    for c in report.cheats:
        who = (
            Names(tuple(names))[c.seat] if c.seat is not None else tr(lang, "unknown", "неизвестно")
        )
        at = tr(lang, f" at entry {c.seq}", f" в записи {c.seq}") if c.seq is not None else ""
        print(
            tr(
                lang,
                f"CHEATING: {who}{at}, rule '{c.rule}': {c.message}",
                f"ЖУЛЬНИЧЕСТВО: {who}{at}, правило «{c.rule}»: {c.message}",
            )
        )
    for r in report.rejected:
        print(tr(lang, f"rejected bytes: {r.reason}", f"отброшено: {r.reason}"))
    if report.verdict == "verified":
        print(
            tr(
                lang,
                f"VERIFIED. result: {dict(report.result or {})}",
                f"ПРОВЕРЕНО. итог: {dict(report.result or {})}",
            )
        )
    elif report.verdict == "abandoned":
        print(tr(lang, f"ABANDONED: {report.waiting}", f"ПРЕРВАНО: {report.waiting}"))
    elif report.verdict == "incomplete":
        print(tr(lang, f"INCOMPLETE: {report.waiting}", f"НЕ ЗАВЕРШЕНО: {report.waiting}"))


def run_replay(args: argparse.Namespace) -> int:
    """Print the history; exit status as for audit."""
    lang = args.lang
    report, rc = load(args.log, lang)
    if rc is not None or report.table is None:
        print_report(report, lang)
        return rc or EXIT_UNREADABLE
    table = report.table
    state = table.game.new_state()
    p = presenter(table.game.name, lang, table.game.options)
    names = Names(tuple(report.seats))
    for hand, event in table.events:
        cards = table.revealed_cards.get(hand, {})
        line = history_line(p, state, event, cards, names)
        state.apply(event)
        if line:
            print(line)
    print_report(report, lang)
    return {"verified": 0, "cheating": 1}.get(report.verdict, EXIT_INCOMPLETE)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(1)
