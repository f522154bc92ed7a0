"""``p2pcards audit LOG``: re-check a table's log for cheating; ``p2pcards replay LOG``."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import MofNCompleteColumn, Progress

from p2pcards.cards import Card
from p2pcards.cli._history import history_line
from p2pcards.cli._i18n import N_, add_lang_argument, tr
from p2pcards.games import OptionError, game_info
from p2pcards.table import AuditReport, audit_entries
from p2pcards.transcript import LogFileError, read_log
from p2pcards.ui import (
    Names,
    Texts,
    cheat_text,
    plays_rounds,
    presenter,
    presenter_names,
    waiting_reason,
)

EXIT_VERIFIED, EXIT_CHEATING, EXIT_UNREADABLE, EXIT_INCOMPLETE = 0, 1, 2, 3

EXIT_STATUS = {
    "verified": EXIT_VERIFIED,
    "forfeited": EXIT_VERIFIED,  # a game ended by a forfeit, with its result: no failure
    "cheating": EXIT_CHEATING,
    "incomplete": EXIT_INCOMPLETE,
    "abandoned": EXIT_INCOMPLETE,
}
"""An audit's verdict -> its exit status (README, "Checking a game"; also replay's)."""


def register(sub: Any) -> None:
    """Add the ``audit`` and ``replay`` subcommands."""
    p = sub.add_parser(
        "audit",
        help="check a game log for cheating (exit 0 verified or finished by a forfeit, "
        "1 cheating, 2 unreadable, 3 incomplete)",
        description="Re-check every signature and the hash chain and every proof at its "
        "entry (the seat keys, every shuffle, decryption share, open, re-encryption, hand "
        "re-shuffle and lot), replay the rules and check every claim against the cards "
        "opened at the end of each hand.  An entry a seat rejected as cheating is kept in "
        "its log as evidence and checked again: it counts only if it is signed by the seat "
        "it blames and fails the same check.  A progress bar shows on long logs (on a "
        "terminal).  Exit status: 0 verified (also a game finished by a forfeit: at three or "
        "more seats the others voted out a seat that left or stopped responding, and the "
        "game ended with its result), 1 cheating found (the seat, the entry and the rule "
        "are named), 2 unreadable or not a p2pcards log, 3 no cheating found but the log "
        "stops before the end of the game (or, at two seats, a hand was abandoned with no "
        "result because a seat left or stopped responding: the seat is named).",
        epilog="example:  p2pcards audit ~/.local/share/p2pcards/tables/1f2e….log --json "
        "(--json lists per hand the proofs verified by kind, the claims checked and the "
        "cards opened)",
    )
    p.add_argument("log", metavar="LOG", type=Path, help="a table's .log file")
    p.add_argument(
        "--json",
        action="store_true",
        help="print the report as JSON, with the checks done in each hand",
    )
    add_lang_argument(p)
    p.set_defaults(func=run_audit)
    r = sub.add_parser(
        "replay",
        help="print a finished game's history with every card visible",
        description="Print the hand history of a table's log, after auditing it, with every "
        "card that was opened during the hand or at its end (shown from the moment it was "
        "dealt; a card never opened shows as ??).  In a hand that did not end, your own "
        "seat's cards are shown too when the log is yours (its .secrets file beside it, your "
        "identity in its data directory).",
    )
    r.add_argument("log", metavar="LOG", type=Path, help="a table's .log file")
    add_lang_argument(r)
    r.set_defaults(func=run_replay)


def read_entries(path: Path) -> list[bytes]:
    """The signed entries stored in a log file.  Raises OSError or LogFileError."""
    return read_log(path.read_bytes()).entries()


def read_log_file(path: Path) -> tuple[list[bytes], list[bytes]]:
    """The entries and the evidence (EVIDENCE records) of a log file.  Raises OSError or
    LogFileError."""
    contents = read_log(path.read_bytes())
    return contents.entries(), contents.evidence()


PROGRESS_FROM = 400
"""Entries from which the audit shows a progress bar (a shorter log takes under a second)."""


def load(path: Path, lang: str) -> tuple[AuditReport, int | None]:
    """Audit the log at ``path`` (with a progress bar on stderr when it is a terminal
    and the log is long); returns the report and None, or an unreadable report (``error``
    in English for ``--json``) and the exit status 2."""
    try:
        entries, evidence = read_log_file(path)
    except (OSError, LogFileError) as e:
        return AuditReport("unreadable", error=f"{path}: {e}"), EXIT_UNREADABLE
    console = Console(stderr=True)
    with Progress(
        *Progress.get_default_columns(),
        MofNCompleteColumn(),
        console=console,
        transient=True,
        disable=not console.is_terminal or len(entries) < PROGRESS_FROM,
    ) as bar:
        task = bar.add_task(tr(lang, "checking the log"), total=len(entries) + len(evidence))
        report = audit_entries(
            entries, evidence=evidence, progress=lambda done, _n: bar.update(task, completed=done)
        )
    if report.verdict == "unreadable":
        return report, EXIT_UNREADABLE
    return report, None


def run_audit(args: argparse.Namespace) -> int:
    """Print the verdict (or, with ``--json``, the report as data); exit status 0
    verified, 1 cheating, 2 unreadable, 3 incomplete or abandoned."""
    lang = args.lang
    report, rc = load(args.log, lang)
    if args.json:
        print(json.dumps(report.to_json(), ensure_ascii=False, indent=2))
    else:
        print_report(report, lang, args.log)
    if rc is not None:
        return rc
    return EXIT_STATUS.get(report.verdict, EXIT_UNREADABLE)


def unreadable_text(path: Path, lang: str) -> str:
    """Why the log at ``path`` cannot be audited, in ``lang``: "file not found",
    "permission denied", "not a p2pcards log, or damaged" (the detail in English only)."""
    try:
        read_entries(path)
    except FileNotFoundError:
        return tr(lang, "{path}: file not found", path=path)
    except PermissionError:
        return tr(lang, "{path}: permission denied", path=path)
    except IsADirectoryError:
        return tr(lang, "{path}: a directory, not a log file", path=path)
    except OSError as e:
        return tr(lang, "{path}: cannot be read (error {errno})", path=path, errno=e.errno)
    except LogFileError as e:
        return tr(lang, "{path}: not a p2pcards log, or damaged: {detail}", path=path, detail=e)
    entries, evidence = read_log_file(path)
    report = audit_entries(entries, evidence=evidence)
    return tr(
        lang, "{path}: not a p2pcards log, or damaged: {detail}", path=path, detail=report.error
    )


def outcome_text(
    t: Texts, result: Mapping[str, Any] | None, names: Names, *, sentence: bool = False
) -> str:
    """The result in a sentence with names: "Аня lost (1 loss); Boris, Dima and Вера 0" /
    "Boris won (1005 points); Аня 620; Вера 400"; seats with equal values are grouped.

    ``sentence``: it begins a sentence of its own (after a full stop): a text that
    begins with its label, not a name («Проигравший: Аня», "No result"), is capitalised;
    one that begins with a name is left as the name is written ("seat2 lost")."""
    text = _outcome_text(t, result, names)
    if sentence and not _begins_with_a_name(t, result):
        return text[:1].upper() + text[1:]
    return text


def _begins_with_a_name(t: Texts, result: Mapping[str, Any] | None) -> bool:
    """True when the translated head of :func:`outcome_text` begins with its ``{who}``
    (English "{who} lost"), false when with a word of the language («проигравший: {who}»;
    the "won" head is worded alike in every language)."""
    if not result:
        return False
    return t.n("{who} lost", "{who} lost", 1, who="\0").startswith("\0")


def _outcome_text(t: Texts, result: Mapping[str, Any] | None, names: Names) -> str:
    if not result:
        return t("no result")
    counted = next(
        ((k, result[k]) for k in ("losses", "scores", "chests") if isinstance(result.get(k), list)),
        None,
    )
    losers = list(result.get("losers", []))
    winners = list(result.get("winners", []))
    lost = (bool(losers) and len(losers) <= len(winners)) or not winners
    first = losers if lost else winners
    head = (
        t.n("{who} lost", "{who} lost", len(first), who=names.join(first, t))
        if lost
        else t.n("{who} won", "{who} won", len(first), who=names.join(first, t))
    )
    if counted is None or len(counted[1]) != len(names):
        return head
    key, values = counted

    def amount(v: int) -> str:
        if key == "losses":
            return t.n("{n} loss", "{n} losses", v)
        if key == "scores":
            return t.n("{n} point", "{n} points", v)
        return t.n("{n} chest", "{n} chests", v)

    own = sorted({values[s] for s in first})
    if len(own) == 1:
        head = t("{head} ({amount})", head=head, amount=amount(own[0]))
    groups: dict[Any, list[int]] = {}
    for s, v in enumerate(values):
        if s not in first:
            groups.setdefault(v, []).append(s)
    rest = [t("{who} {value}", who=names.join(ss, t), value=v) for v, ss in groups.items()]
    return "; ".join([head, *rest])


def game_title(game: str, lang: str) -> str:
    """The game's title in ``lang`` ("Акулина"), or its name as the log has it."""
    try:
        return game_info(game).title[lang]
    except OptionError:
        return game


def print_report(report: AuditReport, lang: str, path: Path | None = None) -> None:
    """The report in plain words, with the seats' names."""
    t = Texts(lang)
    if report.verdict == "unreadable":
        why = unreadable_text(path, lang) if path is not None else report.error
        print(tr(lang, "unreadable: {why}", why=why))
        return
    names = Names(tuple(report.seats))
    print(
        t(
            "game: {game}, seats: {names}, entries: {entries}",
            game=game_title(report.game, lang),
            names=", ".join(names),  # (a roster, not a sentence: commas)
            entries=report.entries,
        )
    )
    words = presenter(report.game, lang) if report.game in presenter_names() else None
    for c in report.cheats:
        who = names[c.seat] if c.seat is not None else t("unknown")
        message = (
            words.cheat_text(c, names)
            if words
            else cheat_text(t, names, c, rounds=plays_rounds(report.game))
        )
        if c.seq is not None:
            print(
                t(
                    "CHEATING: {who} at entry {seq}, rule '{rule}': {message}",
                    who=who,
                    seq=c.seq,
                    rule=c.rule,
                    message=message,
                )
            )
        else:
            print(
                t(
                    "CHEATING: {who}, rule '{rule}': {message}",
                    who=who,
                    rule=c.rule,
                    message=message,
                )
            )
    for r in report.rejected:
        print(t("rejected bytes: {reason}", reason=r.reason))
    n = len(report.hands_verified)
    rounds = plays_rounds(report.game)
    if rounds:
        checked = t.n("{n} round checked", "{n} rounds checked", n)
    else:
        checked = t.n("{n} hand checked", "{n} hands checked", n)
    if report.verdict == "verified":
        outcome = outcome_text(t, report.result, names, sentence=True)
        print(t("VERIFIED: {checked}. {outcome}.", checked=checked, outcome=outcome))
    elif (
        report.verdict in ("forfeited", "abandoned")
        and report.table is not None
        and report.table.abandoned
    ):
        a = report.table.abandoned
        where = {"checked": checked, "hand": a.hand, "name": names[a.seat], "seq": a.seq}
        # whole sentences, not one with the reason spliced in: each language words the
        # reason its own way around the name
        key = (report.verdict == "forfeited", a.reason == "left", rounds)
        print(t(_ENDED_BY_VOTE[key], **where))
        if a.result is not None:  # three or more seats: it forfeits (docs/rules, Stalls)
            # (the line above named the seat: "seat2 forfeits: seat2 lost" said it twice)
            print(t("Result of the game: {outcome}.", outcome=outcome_text(t, a.result, names)))
    elif report.verdict in ("incomplete", "abandoned"):
        print(t("INCOMPLETE: {checked}; {why}.", checked=checked, why=stop_text(t, report, names)))


_ENDED_BY_VOTE = {  # (a forfeit: the game's end, the seat left, 101's rounds) -> verdict
    (True, True, False): N_(
        "FINISHED BY FORFEIT: {checked}; hand {hand}, checked up to the vote, was ended "
        "without the seat that left the table: {name} (entry {seq})."
    ),
    (True, False, False): N_(
        "FINISHED BY FORFEIT: {checked}; hand {hand}, checked up to the vote, was ended "
        "without the seat that stopped responding: {name} (entry {seq})."
    ),
    (True, True, True): N_(
        "FINISHED BY FORFEIT: {checked}; round {hand}, checked up to the vote, was ended "
        "without the seat that left the table: {name} (entry {seq})."
    ),
    (True, False, True): N_(
        "FINISHED BY FORFEIT: {checked}; round {hand}, checked up to the vote, was ended "
        "without the seat that stopped responding: {name} (entry {seq})."
    ),
    (False, True, False): N_(
        "ABANDONED: {checked}; hand {hand} was ended without the seat that left the table: "
        "{name} (entry {seq})."
    ),
    (False, False, False): N_(
        "ABANDONED: {checked}; hand {hand} was ended without the seat that stopped "
        "responding: {name} (entry {seq})."
    ),
    (False, True, True): N_(
        "ABANDONED: {checked}; round {hand} was ended without the seat that left the table: "
        "{name} (entry {seq})."
    ),
    (False, False, True): N_(
        "ABANDONED: {checked}; round {hand} was ended without the seat that stopped "
        "responding: {name} (entry {seq})."
    ),
}
"""The verdict line of a hand the other seats ended by vote: a forfeit (three or more
seats: the game is over with its result, verdict "forfeited", exit status 0) or a hand
abandoned with no result (two seats; exit status 3)."""


def stop_text(t: Texts, report: AuditReport, names: Names) -> str:
    """Where an unfinished log stops: "the log stops while waiting for Борис: a move by
    Борис" (the seat controller's words for the step)."""
    exp = report.table.expecting() if report.table is not None else None
    if exp is None:
        return t("the log stops before the end of the game")
    about = dict(getattr(exp, "about", {}) or {})
    seat = next((about[k] for k in ("to", "seat", "holder", "stalled") if k in about), None)
    why = waiting_reason(
        t, names, exp.kind, seat=seat, pass_no=about.get("pass"), rounds=plays_rounds(report.game)
    )
    who = names.join(exp.seats, t)
    if why:
        return t("the log stops while waiting for {names}: {why}", names=who, why=why)
    return t("the log stops while waiting for {names}", names=who)


def own_cards(path: Path) -> tuple[int, Mapping[int, Card]] | None:
    """The cards known to the seat that wrote the log at ``path`` in the hand its log
    stops in (transcript hand, position -> card): its own cards, opened to it by the
    others' keys, and the cards opened to all.  Only when the seat's identity is in the
    log's data directory (``…/tables/ID.log``'s ``…``) or the default one, and its
    secrets are beside the log (``ID.secrets``): the seated table is rebuilt from them
    as a restart does, in memory.  None when they are not there or do not fit."""
    secrets_path = path.with_suffix(".secrets")
    if not secrets_path.is_file():
        return None
    try:
        from p2pcards.identity import IDENTITY_FILE, load_identity
        from p2pcards.peer._storage import read_secrets
        from p2pcards.table import Table
        from p2pcards.transcript import verify_genesis

        entries = read_entries(path)
        _e, g = verify_genesis(entries[0])
        ids = [s.identity for s in g.seats]
        bases = [path.parent.parent] if path.parent.name == "tables" else []
        for base in [*bases, None]:
            me = load_identity(base) if base is None or (base / IDENTITY_FILE).exists() else None
            if me is not None and me.peer_id in ids:
                break
        else:
            return None
        table = Table(
            entries[0],
            seat=ids.index(me.peer_id),
            identity=me.signing_key,
            sealing_key=bytes(me.sealing_key),
            random_bytes=os.urandom,
            secrets=read_secrets(secrets_path),
        )
        table.start()
        for raw in entries[1:]:
            table.receive(raw)
    except Exception:  # (a convenience of the replay: never the reason it fails)
        return None
    return table.hand, dict(table.knowledge)


def run_replay(args: argparse.Namespace) -> int:
    """Print the history; exit status as for audit."""
    lang = args.lang
    report, rc = load(args.log, lang)
    if rc is not None or report.table is None:
        print_report(report, lang, args.log)
        return rc or EXIT_UNREADABLE
    table = report.table
    state = table.game.new_state()
    p = presenter(table.game.name, lang, table.game.options)
    names = Names(tuple(report.seats))
    own = own_cards(args.log)  # (a hand that did not end: only this seat's cards)
    for hand, event in table.events:
        cards = table.revealed_cards.get(hand) or (own[1] if own and own[0] == hand else {})
        line = history_line(p, state, event, cards, names)
        state.apply(event)
        if line:
            print(line)
    print_report(report, lang, args.log)
    return EXIT_STATUS.get(report.verdict, EXIT_INCOMPLETE)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(1)
