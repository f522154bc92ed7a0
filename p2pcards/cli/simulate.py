"""``p2pcards simulate GAME``: bots play many games with the local dealer, offline."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.progress import MofNCompleteColumn, Progress

from p2pcards.cli._history import history_line
from p2pcards.cli._i18n import error_text, tr, trn
from p2pcards.cli._match import GameRecord, MatchSpec, default_jobs, run_match
from p2pcards.cli._options import add_game_arguments, game_from_args
from p2pcards.cli._stats import mean_ci, wilson
from p2pcards.games import Decision, Event, LocalDealer, OptionError
from p2pcards.games._levels import resolve_bot
from p2pcards.ui import Names, bot_name, plays_rounds, presenter, result_line


def register(sub: Any) -> None:
    """Add the ``simulate`` subcommand."""
    p = sub.add_parser(
        "simulate",
        help="bots play many games offline with a local dealer (statistics, --show)",
        description="Bots play GAME many times with a local all-knowing dealer (no network, "
        "no cryptography) on every core and print each seat's and each bot's share of wins "
        "and losses with its 95% confidence interval (Wilson score interval), the mean "
        "final score (normal interval) where the game keeps one, average moves per hand and "
        "games per second.  Results depend only on --seed, not on --jobs.  --show prints "
        "one game move by move.",
        epilog="examples:\n"
        "  p2pcards simulate akulina --seats 4 --games 1000 --seed 7\n"
        "  p2pcards simulate akulina --show --lang ru\n"
        "  p2pcards simulate akulina --option full_deck=true --bots basic,random\n"
        "  p2pcards simulate thousand --bots hard,basic --rotate --games 100 --jobs 2\n"
        "  p2pcards simulate thousand --seats 2 --games 1000\n"
        "  p2pcards simulate thousand --scores 'Аня=455,Борис=880/2,Вера=120b1'",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_game_arguments(p)
    p.add_argument("--games", type=int, default=1000, help="games to play (default 1000)")
    p.add_argument("--seed", type=int, default=7, help="random seed (default 7)")
    p.add_argument(
        "--bots",
        default="basic",
        help="bot or level per seat, comma-separated, the last repeated (default: basic; "
        "levels: easy, medium, hard, strong = hard; see docs/bots.md)",
    )
    p.add_argument(
        "--jobs",
        "-j",
        type=int,
        default=None,
        help="worker processes (default: every core)",
    )
    p.add_argument(
        "--rotate",
        action="store_true",
        help="move the bots one seat clockwise each game (every bot plays every seat)",
    )
    p.add_argument("--show", action="store_true", help="print one game move by move")
    p.set_defaults(func=run)


def _bot_names(spec: str, seats: int) -> tuple[str, ...]:
    names = [s.strip() for s in spec.split(",") if s.strip()] or ["basic"]
    names += [names[-1]] * (seats - len(names))
    return tuple(names[:seats])


def _players(info: Any, names: Sequence[str], lang: str) -> list[Any]:
    try:
        return [resolve_bot(info, n) for n in names]
    except OptionError as e:
        print(f"p2pcards: {error_text(lang, e)}", file=sys.stderr)
        raise SystemExit(2) from None


def _fail(msg: str) -> int:
    print(f"p2pcards: {msg}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    """Run the simulation; returns 0, or 2 on a bad option, game count or job count."""
    game = game_from_args(args)
    lang = args.lang
    names = _bot_names(args.bots, game.seats)
    players = _players(game.info, names, args.lang)
    if args.show:
        return _show(game, players, args.seed, lang)
    if args.games < 1:
        return _fail(tr(lang, "--games must be at least 1, not {games}", games=args.games))
    jobs = default_jobs() if args.jobs is None else args.jobs
    if jobs < 1:
        return _fail(tr(lang, "--jobs must be at least 1, not {jobs}", jobs=jobs))
    spec = MatchSpec(game.name, game.seats, dict(game.options), names, rotate=args.rotate)
    t0 = time.perf_counter()
    console = Console(stderr=True)
    with Progress(
        *Progress.get_default_columns(),
        MofNCompleteColumn(),
        console=console,
        transient=True,
        disable=not console.is_terminal,
    ) as bar:
        task = bar.add_task(tr(lang, "games"), total=args.games)
        records = run_match(
            spec, args.games, args.seed, jobs, progress=lambda k: bar.advance(task, k)
        )
    dt = time.perf_counter() - t0
    title = game.info.title[lang]
    print(
        tr(
            lang,
            "{title}: {games}, {seats}, seed {seed}, jobs {jobs}",
            title=title,
            games=trn(lang, "{n} game", "{n} games", args.games),
            seats=trn(lang, "{n} seat", "{n} seats", game.seats),
            seed=args.seed,
            jobs=jobs,
        )
    )
    for line in report(records, game.seats, lang):
        print(line)
    moves = sum(r.moves for r in records)
    hands = sum(r.hands for r in records)
    if plays_rounds(game.name):
        print(tr(lang, "average moves per round: {value:.1f}", value=moves / max(hands, 1)))
        print(tr(lang, "average rounds per game: {value:.1f}", value=hands / len(records)))
    else:
        print(tr(lang, "average moves per hand: {value:.1f}", value=moves / max(hands, 1)))
        print(tr(lang, "average hands per game: {value:.1f}", value=hands / len(records)))
    contracts = sum(r.contracts for r in records)
    if contracts:
        made = sum(r.made for r in records)
        print(
            tr(
                lang,
                "declarer made the bid: {share:.1%} of {n} hands",
                share=made / contracts,
                n=contracts,
            )
        )
    print(tr(lang, "games per second: {value:.1f}", value=args.games / dt))
    return 0


def _share(k: int, n: int) -> str:
    lo, hi = wilson(k, n)
    return f"{k / n:6.1%} [{lo:.1%}, {hi:.1%}]"


def report(records: Sequence[GameRecord], seats: int, lang: str) -> list[str]:
    """The result table: per seat, then per bot (seats pooled) when the bots differ or
    rotate: wins and losses as shares with the 95 % Wilson interval, and the mean final
    score with its normal 95 % interval when the game has scores."""
    n = len(records)
    has_scores = all(r.scores is not None for r in records)
    out = [
        tr(lang, "shares with 95% Wilson intervals; mean score with its 95% normal interval"),
        tr(lang, "seat  bot       wins                   losses")
        + (tr(lang, "                mean score") if has_scores else ""),
    ]
    rows: list[tuple[str, list[tuple[int, GameRecord]]]] = []
    for s in range(seats):
        names = {r.bots[s] for r in records}
        label = f"{s + 1:>4}  {(names.pop() if len(names) == 1 else '*'):<8}"
        rows.append((label, [(s, r) for r in records]))
    bots = sorted({b for r in records for b in r.bots})
    per_bot = len(bots) > 1 or len({r.bots for r in records}) > 1
    if per_bot:
        for b in bots:
            label = f"{tr(lang, 'all'):>4}  {b:<8}"
            rows.append((label, [(s, r) for r in records for s in range(seats) if r.bots[s] == b]))
    for label, cells in rows:
        k = len(cells)
        if not k:
            continue
        w = sum(s in r.winners for s, r in cells)
        lo = sum(s in r.losers for s, r in cells)
        line = f"{label}  {_share(w, k):<21}  {_share(lo, k):<21}"
        if has_scores:
            m, a, b2 = mean_ci([r.scores[s] for s, r in cells])  # type: ignore[index]
            line += f"  {m:7.1f} [{a:.1f}, {b2:.1f}]"
        if label.startswith(f"{tr(lang, 'all'):>4}"):
            line += tr(lang, "  ({k} seats)", k=k)
        out.append(line.rstrip())
    del n
    return out


def _show(game: Any, players: list[Any], seed: int, lang: str) -> int:
    p = presenter(game.name, lang, game.options)
    names = Names(tuple(bot_name(s + 1, lang) for s in range(game.seats)))
    state = game.new_state()
    dealer = LocalDealer.seeded(state, seed)
    while True:
        need = state.need()
        if isinstance(need, Decision):
            seat = need.seat
            legal = state.legal_moves(seat, dealer.knowledge[seat])
            view = state.view(seat, dealer.knowledge[seat])
            ev: Event = players[seat](view, legal, dealer.player_rngs[seat])
            line = history_line(p, state, ev, dealer.cards, names)
            dealer.apply(ev)
        else:
            snapshot = state.clone()
            got = dealer.answer()
            if got is None:
                break
            line = history_line(p, snapshot, got, dealer.cards, names)
        if line:
            print(line)
    result = state.need().result  # type: ignore[union-attr]
    res = result_line(p.t, result, names)
    print(tr(lang, "result: {res}", res=res))
    return 0
