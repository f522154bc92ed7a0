"""``p2pcards simulate GAME``: bots play many games with the local dealer, offline."""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from p2pcards.cli._history import history_line
from p2pcards.cli._i18n import tr
from p2pcards.cli._options import add_game_arguments, game_from_args
from p2pcards.cli._results import format_result
from p2pcards.games import Decision, Event, LocalDealer, Move


def register(sub: Any) -> None:
    """Add the ``simulate`` subcommand."""
    p = sub.add_parser(
        "simulate",
        help="bots play many games offline with a local dealer (statistics, --show)",
        description="Bots play GAME many times with a local all-knowing dealer (no network, "
        "no cryptography) and print each seat's share of wins and losses, average moves "
        "per hand and games per second.  --show prints one game move by move.",
        epilog="examples:\n"
        "  p2pcards simulate akulina --seats 4 --games 1000 --seed 7\n"
        "  p2pcards simulate akulina --show --lang ru\n"
        "  p2pcards simulate akulina --option full_deck=true --bots basic,random",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_game_arguments(p)
    p.add_argument("--games", type=int, default=1000, help="games to play (default 1000)")
    p.add_argument("--seed", type=int, default=7, help="random seed (default 7)")
    p.add_argument(
        "--bots",
        default="basic",
        help="bot per seat, comma-separated, the last repeated (default: basic)",
    )
    p.add_argument("--show", action="store_true", help="print one game move by move")
    p.set_defaults(func=run)


def _players(info: Any, spec: str, seats: int) -> list[Any]:
    names = [s.strip() for s in spec.split(",") if s.strip()] or ["basic"]
    names += [names[-1]] * (seats - len(names))
    out = []
    for n in names[:seats]:
        if n not in info.bots:
            raise SystemExit(f"unknown bot {n!r} for {info.name} (bots: {', '.join(info.bots)})")
        out.append(info.bots[n])
    return out


def run(args: argparse.Namespace) -> int:
    """Run the simulation; returns 0, or 2 on a bad option."""
    game = game_from_args(args)
    lang = args.lang
    players = _players(game.info, args.bots, game.seats)
    if args.show:
        return _show(game, players, args.seed, lang)
    rng = random.Random(args.seed)
    wins = [0] * game.seats
    losses = [0] * game.seats
    moves = hands = 0
    t0 = time.perf_counter()
    for _ in range(args.games):
        state = game.new_state()
        dealer = LocalDealer(state, rng=random.Random(rng.getrandbits(64)))
        result = dealer.run(players)
        for s in result["winners"]:
            wins[s] += 1
        for s in result["losers"]:
            losses[s] += 1
        moves += sum(isinstance(e, Move) for e in dealer.events)
        hands += len(dealer.hand_events)
    dt = time.perf_counter() - t0
    title = game.info.title[lang]
    print(
        tr(
            lang,
            f"{title}: {args.games} games, {game.seats} seats, seed {args.seed}",
            f"{title}: {args.games} партий, игроков: {game.seats}, seed {args.seed}",
        )
    )
    print(tr(lang, "seat  bot     wins    losses", "место бот     победы  поражения"))
    bots = (args.bots.split(",") + [args.bots.split(",")[-1]] * game.seats)[: game.seats]
    for s in range(game.seats):
        w, lo = wins[s] / args.games, losses[s] / args.games
        print(f"{s:>4}  {bots[s].strip():<7} {w:6.1%}  {lo:6.1%}")
    print(
        tr(
            lang,
            f"average moves per hand: {moves / max(hands, 1):.1f}",
            f"в среднем ходов за раздачу: {moves / max(hands, 1):.1f}",
        )
    )
    print(
        tr(
            lang,
            f"games per second: {args.games / dt:.0f}",
            f"партий в секунду: {args.games / dt:.0f}",
        )
    )
    return 0


def _show(game: Any, players: list[Any], seed: int, lang: str) -> int:
    state = game.new_state()
    dealer = LocalDealer.seeded(state, seed)
    while True:
        need = state.need()
        if isinstance(need, Decision):
            seat = need.seat
            legal = state.legal_moves(seat, dealer.knowledge[seat])
            view = state.view(seat, dealer.knowledge[seat])
            ev: Event = players[seat](view, legal, dealer.player_rngs[seat])
            line = history_line(state, ev, dealer.cards, lang)
            dealer.apply(ev)
        else:
            snapshot = state.clone()
            got = dealer.answer()
            if got is None:
                break
            line = history_line(snapshot, got, dealer.cards, lang)
        if line:
            print(line)
    result = state.need().result  # type: ignore[union-attr]
    names = [tr(lang, f"seat {s}", f"место {s}") for s in range(game.seats)]
    res = format_result(result, names, lang)
    print(tr(lang, f"result: {res}", f"итог: {res}"))
    return 0
