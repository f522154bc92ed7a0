"""``p2pcards players``: the players you have played with (name and key fingerprint),
and ``p2pcards players forget NAME``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from p2pcards.cli._i18n import add_lang_argument, error_text, tr
from p2pcards.cli._lan import add_lan_arguments, identity_from_args
from p2pcards.files import StorageError
from p2pcards.net import fingerprint
from p2pcards.peer import KnownPlayers


def register(sub: Any) -> None:
    """Add the ``players`` subcommand."""
    p = sub.add_parser(
        "players",
        help="the players you have played with, remembered by name and key (forget NAME)",
        description="The first game with someone remembers their name and key "
        "fingerprint (in known_players.json of your data directory, mode 0600), like ssh's "
        "known hosts.  Later, a player you know is seated without questions, and a known "
        "name that comes with another key is a loud warning: another computer, or someone "
        "pretending.  If they really changed computers, forget the old key and confirm the "
        "new one at the next table.",
        epilog="examples:\n"
        "  p2pcards players                  # list them\n"
        "  p2pcards players forget 'Борис'   # forget one (e.g. a new computer)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_lan_arguments(p, interface=False, player_name=False, new=False)
    p.set_defaults(func=run, name=None)
    actions = p.add_subparsers(dest="action", metavar="ACTION")
    listing = actions.add_parser(
        "list",
        help="list the players you know, with their key fingerprints (the default)",
        description="List the players you have played with: each name with its key fingerprint.",
    )
    _sub_arguments(listing)
    forget = actions.add_parser(
        "forget",
        help="forget a player (they changed computers): the next table asks about their key",
        description="Forget a player's name and key: at the next table their key is asked "
        "about as a new player's (compare its fingerprint before you confirm it).",
    )
    forget.add_argument("name", nargs="?", metavar="NAME", help="the player to forget")
    _sub_arguments(forget)


def _sub_arguments(p: argparse.ArgumentParser) -> None:
    """--lang and --home after ``list`` / ``forget`` too; absent, they keep the value
    given before it (``players --home DIR forget NAME``)."""
    add_lang_argument(p)
    p.add_argument(
        "--home",
        type=Path,
        default=argparse.SUPPRESS,
        help="data directory (identity, logs); default $P2PCARDS_HOME or the platform's",
    )


def run(args: argparse.Namespace) -> int:
    """List (0) or forget (0; 1 when the name is unknown); 2 on a damaged file."""
    lang = args.lang
    identity_from_args(args)  # --home
    try:
        known = KnownPlayers()
        if (args.action or "list") == "forget":
            if not args.name:
                print(tr(lang, "p2pcards: players forget needs a NAME"), file=sys.stderr)
                return 2
            if not known.forget(args.name):
                print(tr(lang, "no known player called {name!r}", name=args.name))
                return 1
            print(tr(lang, "forgot {name!r}", name=args.name))
            return 0
    except StorageError as e:
        print(f"p2pcards: {error_text(lang, e)}", file=sys.stderr)
        return 2
    players = known.players()
    if not players:
        print(tr(lang, "no known players yet (they are remembered when a table starts)"))
        return 0
    for name, key in players:
        print(f"{name}  [{fingerprint(key)}]")
    return 0
