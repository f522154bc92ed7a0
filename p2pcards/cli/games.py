"""``p2pcards games``: the tables in the data directory, past and unfinished (game,
players, date, result, verdict, log); ``games drop ID`` gives up an unfinished one and
``games resume ID`` sits back down at it."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from p2pcards import files
from p2pcards.cli._i18n import N_, add_lang_argument, error_text, tr
from p2pcards.files import ENV_HOME
from p2pcards.games import OptionError, game_info
from p2pcards.peer import Unfinished, drop_table, known_tables
from p2pcards.table import AuditReport, audit_entries
from p2pcards.ui import Names, Texts, plays_rounds


def register(sub: Any) -> None:
    """Add the ``games`` subcommand (with ``drop`` and ``resume``)."""
    p = sub.add_parser(
        "games",
        help="list your past and unfinished tables; drop or resume an unfinished one",
        description="List the tables in your data directory, newest first: the table's "
        "id, the game, the date, the players, the verdict of its audit with the result, "
        "and the log's path.  An unfinished table (a crash, a closed terminal) is offered "
        "again by host and join until you resume or drop it.",
        epilog="examples:\n"
        "  p2pcards games\n"
        "  p2pcards games resume 1a2b3c4d      # sit back down at an unfinished table\n"
        "  p2pcards games drop 1a2b3c4d        # give it up (its log stays, for audit)\n"
        "  p2pcards games --json",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _common(p)
    p.add_argument("--json", action="store_true", help="one JSON array of tables")
    p.set_defaults(func=run_list, games_action=None)
    actions = p.add_subparsers(dest="games_action", metavar="ACTION")
    d = actions.add_parser(
        "drop",
        help="give up an unfinished table: it is no longer offered for resuming",
        description="Give up an unfinished table: host and join stop offering it.  Its "
        "log and secrets stay in the data directory (the log can still be audited).",
    )
    d.add_argument("table", metavar="ID", help="the table's id (its first digits will do)")
    _common(d, action=True)
    d.set_defaults(func=run_drop)
    r = actions.add_parser(
        "resume",
        help="sit back down at an unfinished table and play it to the end",
        description="Rebuild an unfinished table from its files, reconnect to the other "
        "players and play your seat to the end (in the terminal, or with --headless).",
    )
    r.add_argument("table", metavar="ID", help="the table's id (its first digits will do)")
    _common(r, action=True)
    r.add_argument("--headless", metavar="STRATEGY", help="play your seat with a bot")
    r.set_defaults(func=run_resume)


def _common(p: argparse.ArgumentParser, action: bool = False) -> None:
    """--lang and --home; after an ``action`` (drop, resume) an absent --home keeps the
    one given before it (``games --home DIR drop ID``: it was reset to None)."""
    add_lang_argument(p)
    if "--home" not in p._option_string_actions:
        p.add_argument(
            "--home",
            type=Path,
            default=argparse.SUPPRESS if action else None,
            help="data directory (identity, logs); default $P2PCARDS_HOME or the platform's",
        )


def _use_home(args: argparse.Namespace) -> None:
    """Use ``--home`` (if given) as the data directory; exits 2 with the reason when it
    cannot be created or used (it ended in a StorageError traceback)."""
    if getattr(args, "home", None):
        os.environ[ENV_HOME] = str(args.home)
    try:
        files.home()
    except files.StorageError as e:
        print(f"p2pcards: {error_text(getattr(args, 'lang', 'en'), e)}", file=sys.stderr)
        raise SystemExit(2) from None


def title(game: str, lang: str) -> str:
    """The game's title in ``lang`` ("Тысяча"), or its name when unknown."""
    try:
        return game_info(game).title[lang]
    except OptionError:
        return game


def date_text(t: float) -> str:
    """Local date and time of ``t`` (seconds since the epoch): "2026-12-01 10:03"."""
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(t))


def table_line(u: Unfinished, lang: str) -> str:
    """One line naming a table: "Тысяча 1a2b3c4d (Аня, Борис, Вера; 2026-12-01 10:03)"."""
    return tr(
        lang,
        "{game} {id} ({names}; {date})",
        game=title(u.game, lang),
        id=u.short_id,
        names=", ".join(u.names),  # (a roster, not a sentence: commas)
        date=date_text(u.mtime),
    )


def verdict_text(u: Unfinished, report: AuditReport, lang: str) -> str:
    """The state of a table in words: its audit's verdict with the result, "unfinished"
    with where the log stops, or "dropped"."""
    from p2pcards.cli.audit import outcome_text, stop_text

    t = Texts(lang)
    names = Names(u.names)
    if report.verdict == "verified":
        return t("verified: {outcome}", outcome=outcome_text(t, report.result, names))
    if report.verdict == "cheating":
        who = names.join(sorted({c.seat for c in report.cheats if c.seat is not None}), t)
        return t("cheating found: {who} (p2pcards audit shows where)", who=who or "?")
    if report.verdict == "forfeited" and report.table is not None and report.table.abandoned:
        a = report.table.abandoned
        outcome = outcome_text(t, report.result, names)
        where = {"hand": a.hand, "name": names[a.seat], "outcome": outcome}
        return t(_FORFEITED[a.reason == "left", plays_rounds(u.game)], **where)
    if report.verdict == "abandoned" and report.table is not None and report.table.abandoned:
        a = report.table.abandoned
        if a.reason == "left":
            if u.game == "101":
                return t("abandoned in round {hand}: {name} left the table", hand=a.hand,
                         name=names[a.seat])  # fmt: skip
            return t("abandoned in hand {hand}: {name} left the table", hand=a.hand,
                     name=names[a.seat])  # fmt: skip
        if u.game == "101":
            return t(
                "abandoned in round {hand}: {name} stopped responding",
                hand=a.hand,
                name=names[a.seat],
            )
        return t(
            "abandoned in hand {hand}: {name} stopped responding", hand=a.hand, name=names[a.seat]
        )
    if report.verdict == "unreadable":
        return t("unreadable: {why}", why=report.error)
    if u.dropped:
        return t("dropped unfinished; {why}", why=stop_text(t, report, names))
    if u.left:
        # (in the past tense: the others vote as soon as the leave reaches them, and the
        # line is read later: "заканчивают" stayed on a table long over)
        if plays_rounds(u.game):
            return t("you left it: the others ended the round without you (their logs have "
                     "the end); {why}", why=stop_text(t, report, names))  # fmt: skip
        return t("you left it: the others ended the hand without you (their logs have "
                 "the end); {why}", why=stop_text(t, report, names))  # fmt: skip
    if u.bots_gone:
        return t("over: its bots were in the host's program, which stopped; {why}",
                 why=stop_text(t, report, names))  # fmt: skip
    return t("unfinished; {why}", why=stop_text(t, report, names))


_FORFEITED = {  # (the seat left, 101's rounds) -> a game ended by a forfeit, with its result
    (True, False): N_("finished by forfeit in hand {hand}: {name} left the table; {outcome}"),
    (False, False): N_("finished by forfeit in hand {hand}: {name} stopped responding; {outcome}"),
    (True, True): N_("finished by forfeit in round {hand}: {name} left the table; {outcome}"),
    (False, True): N_("finished by forfeit in round {hand}: {name} stopped responding; {outcome}"),
}


def _audit(u: Unfinished) -> AuditReport:
    from p2pcards.cli.audit import read_log_file

    try:
        entries, evidence = read_log_file(u.path)
        return audit_entries(entries, evidence=evidence)
    except (OSError, ValueError) as e:
        return AuditReport("unreadable", error=str(e))


def run_list(args: argparse.Namespace) -> int:
    """Print every table, newest first; 0 (also when there is none)."""
    _use_home(args)
    lang = args.lang
    tables = known_tables()
    if args.json:
        out = []
        for u in tables:
            report = _audit(u)
            out.append(
                {
                    "table_id": u.table_id.hex(),
                    "game": u.game,
                    "players": list(u.names),
                    "date": date_text(u.mtime),
                    "state": "dropped"
                    if u.dropped
                    else (
                        "unfinished"
                        if report.verdict == "incomplete" and not (u.left or u.bots_gone)
                        else "over"
                    ),
                    "verdict": report.verdict,
                    "stale": report.verdict == "incomplete"  # (stopped before the stall limit)
                    and stale_seconds(u, report) is not None,
                    "result": dict(report.result) if report.result is not None else None,
                    "log": str(u.path),
                }
            )
        print(json.dumps(out, ensure_ascii=False, indent=2))
        return 0
    if not tables:
        print(tr(lang, "no tables yet: p2pcards host GAME opens one, p2pcards join sits at one"))
        return 0
    for u in tables:
        report = _audit(u)
        print(table_line(u, lang))
        print("   " + verdict_text(u, report, lang))
        if report.verdict == "incomplete" and not (u.dropped or u.left or u.bots_gone):
            stale = stale_text(u, report, lang)
            if stale:
                print("   " + stale)
            print(
                "   "
                + tr(
                    lang,
                    "resume: p2pcards games resume {id}   drop: p2pcards games drop {id}",
                    id=u.short_id,
                )
            )
        print("   " + tr(lang, "log: {log_path}", log_path=u.path))
    return 0


def stale_seconds(u: Unfinished, report: AuditReport, now: float | None = None) -> float | None:
    """How long ago the log of the unfinished table ``u`` last changed, when that is
    longer than the table's stall limit (else None).  A seat silent that long is voted
    out by the others if they were there (protocol/table.md §3): at two seats the game
    ends with no result, at three or more the seat forfeits; either way the table is over
    for them, and resuming it finds nobody (unless every seat stopped together)."""
    limit = 120.0
    if report.table is not None:
        limit = float(report.table.game.options.get("stall_limit", limit))
    ago = (time.time() if now is None else now) - u.mtime
    return ago if ago > limit else None


def ago_text(t: Texts, seconds: float) -> str:
    """ "5 min", "3 h", "2 days" (the largest unit that fits, whole)."""
    if seconds < 3600:
        return t("{n} min", n=max(1, int(seconds // 60)))
    if seconds < 48 * 3600:
        return t("{n} h", n=int(seconds // 3600))
    return t.n("{n} day", "{n} days", int(seconds // 86400))


def stale_text(u: Unfinished, report: AuditReport, lang: str) -> str:
    """The line under an unfinished table whose log stopped longer ago than its stall
    limit (:func:`stale_seconds`): the others most likely ended the game without this
    seat, and how to give it up; "" otherwise."""
    ago = stale_seconds(u, report)
    if ago is None:
        return ""
    t = Texts(lang)
    limit = report.table.game.options.get("stall_limit", 120) if report.table else 120
    return t(
        "its log stopped {ago} ago, longer than the table's stall limit ({limit} s): unless "
        "every player stopped then, the others have ended the game without you and nobody "
        "is left to resume it with (p2pcards games drop {id} gives it up)",
        ago=ago_text(t, ago),
        limit=limit,
        id=u.short_id,
    )


def find(tables: list[Unfinished], text: str, lang: str) -> Unfinished | None:
    """The one table whose id starts with ``text``; prints why not and returns None when
    no table or several do."""
    key = text.strip().lower()
    hits = [u for u in tables if key and u.table_id.hex().startswith(key)]
    if len(hits) == 1:
        return hits[0]
    if not hits:
        print(
            tr(lang, "p2pcards: no table {id!r} (p2pcards games lists them)", id=text),
            file=sys.stderr,
        )
    else:
        print(
            tr(
                lang,
                "p2pcards: several tables start with {id!r}: {ids}; give more digits",
                id=text,
                ids=", ".join(u.table_id.hex()[:12] for u in hits),
            ),
            file=sys.stderr,
        )
    return None


def run_drop(args: argparse.Namespace) -> int:
    """Drop an unfinished table; 0, or 2 when there is no such unfinished table."""
    _use_home(args)
    lang = args.lang
    u = find(known_tables(), args.table, lang)
    if u is None:
        return 2
    if u.done:
        print(tr(lang, "p2pcards: the table {id} is over: nothing to drop", id=u.short_id),
              file=sys.stderr)  # fmt: skip
        return 2
    try:
        drop_table(u)
    except OSError as e:
        print(f"p2pcards: {e}", file=sys.stderr)
        return 2
    print(
        tr(
            lang,
            "dropped {table}; its log stays for audit: {log_path}",
            table=table_line(u, lang),
            log_path=u.path,
        )
    )
    return 0


def run_resume(args: argparse.Namespace) -> int:
    """Resume an unfinished table by id and play it; exit status as for host and join."""
    from p2pcards.cli._lan import identity_from_args, resume_one, run_lan

    _use_home(args)
    lang = args.lang
    me = identity_from_args(args, for_play=True)
    tables = [u for u in known_tables(me) if not u.done]
    u = find(tables, args.table, lang)
    if u is None:
        return 2
    if u.left or u.bots_gone:  # nobody would answer: it waited for ever
        why = verdict_text(u, _audit(u), lang)
        print(tr(lang, "p2pcards: the table {id} cannot go on: {why}", id=u.short_id, why=why),
              file=sys.stderr)  # fmt: skip
        return 2

    async def main(a: argparse.Namespace) -> int:
        return await resume_one(me, u, a, lang)

    return run_lan(main, args)
