"""``p2pcards play``: play in the terminal.

``--offline GAME``: you against bots with the local dealer, no network (the code is in
:mod:`p2pcards.cli._offline`).  Without ``--offline``: LAN play (``p2pcards host`` /
``p2pcards join``).
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any

from p2pcards.cli import _numbers
from p2pcards.cli._i18n import error_text, tr, trn
from p2pcards.cli._lanargs import add_lan_arguments
from p2pcards.cli._webargs import add_web_arguments
from p2pcards.games import OptionError, game_names


def register(sub: Any) -> None:
    """Add the ``play`` subcommand."""
    p = sub.add_parser(
        "play",
        help="play: pick a table on the LAN or open one (--offline: against bots here)",
        description="Play a card game.  Without arguments: a page in your browser lists "
        "the tables announced on the local network; join one, or host a new table (bots "
        "can take the empty seats); --tui does the same in the terminal.  With --offline "
        "you take one seat against bots, with a local dealer and no network, on a page in "
        "your browser (--tui: in the terminal).",
        epilog="examples:\n"
        "  p2pcards play                                 (the tables, in the browser)\n"
        "  p2pcards play --tui                           (the tables, in this terminal)\n"
        "  p2pcards play --offline akulina --seats 4     (in the browser)\n"
        "  p2pcards play --offline akulina --no-browser  (prints the page's URL)\n"
        "  p2pcards play --offline akulina --tui         (in this terminal)\n"
        "  p2pcards play --offline thousand --lang ru\n"
        "  p2pcards play --offline 101 --seats 3 --option deck=52 --seed 5\n"
        "keys: a number picks a choice, 0 goes back, q quits.  See docs/play.md.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_lan_arguments(p)
    p.add_argument(
        "game", metavar="GAME", nargs="?", help="the game: akulina, thousand, 101 or sunduchki"
    )
    p.add_argument("--offline", action="store_true", help="play against bots, no network")
    p.add_argument(
        "--seats", type=_numbers.positive, default=None, help="number of seats (game default)"
    )
    p.add_argument(
        "--option",
        "-o",
        action="append",
        default=[],
        metavar="K=V",
        help="game option, repeatable (see docs/rules/GAME.md)",
    )
    p.add_argument(
        "--bots",
        default="basic",
        help="a level per other seat, comma-separated, the last repeated: easy, medium, hard "
        "(default easy; also the bots random, basic = easy, strong = hard; docs/bots.md); "
        "a number N: N bots of the level easy (N + 1 seats)",
    )
    p.add_argument("--seed", type=int, default=None, help="random seed (default: random)")
    p.add_argument(
        "--seat",
        type=int,
        default=1,
        help="your seat, counted from 1 (default 1: first to play)",
    )
    p.add_argument("--name", default=None, help="your display name")
    add_web_arguments(p, default_web=True, bots_here=True)
    p.set_defaults(func=run)


def bots_as_count(args: argparse.Namespace) -> str | None:
    """``--bots N`` (a whole number) means N bots at the easy level, as in ``host --bots
    N``: sets ``args.seats`` to N + 1 (you and the bots) and ``args.bots`` to ``basic``.
    Returns the error to print (N is 0, or ``--seats`` says otherwise), else None; a
    ``--bots`` of names or levels is left as it is."""
    spec = args.bots.strip()
    if not spec.isdigit():
        return None
    count = int(spec)
    if count == 0:
        return tr(args.lang, "p2pcards: --bots 0: offline you play against at least one bot")
    if args.seats is not None and args.seats != count + 1:
        return trn(
            args.lang,
            "p2pcards: --bots {count} and --seats {seats} disagree: you and the bots take {n} "
            "seat (or give levels per seat: --bots hard,easy)",
            "p2pcards: --bots {count} and --seats {seats} disagree: you and the bots take {n} "
            "seats (or give levels per seat: --bots hard,easy)",
            count + 1,
            count=count,
            seats=args.seats,
        )
    args.seats, args.bots = count + 1, "basic"
    return None


def run(args: argparse.Namespace) -> int:
    """Run ``play``; returns the exit status (2 for bad arguments)."""
    lang = args.lang
    if not args.offline and args.web:
        from p2pcards.web._run import lobby_web_main

        return lobby_web_main(args)
    if not args.offline:
        from p2pcards.cli._lanplay import run_play

        return run_play(args)
    if not args.game:
        print(
            tr(lang, "p2pcards play --offline needs a GAME") + f" ({', '.join(game_names())})",
            file=sys.stderr,
        )
        return 2
    error = bots_as_count(args)
    if error is not None:
        print(error, file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    args.seat -= 1  # counted from 1 on the command line; a seat index from here on
    if args.web:
        from p2pcards.web._run import offline_web_main

        return offline_web_main(args, seed)
    from p2pcards.cli._offline import offline_main

    try:
        return offline_main(args, seed)
    except OptionError as e:
        print(f"p2pcards: {error_text(args.lang, e)}", file=sys.stderr)
        return 2
