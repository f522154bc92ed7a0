"""The ``p2pcards`` command line.  Each subcommand lives in its own module with
``register(subparsers)`` (adds its parser, sets ``func``) and is listed in _COMMANDS."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from p2pcards import selftest
from p2pcards.cli._i18n import default_lang

_COMMANDS = ["simulate", "audit", "host", "join", "list_tables", "identity", "play"]

DESCRIPTION = """\
p2pcards: Russian card games (Akulina, Thousand, 101, Sunduchki) played peer-to-peer on
a local network, with no server and no trusted dealer.

p2pcards: русские карточные игры по локальной сети без сервера и без сдающего."""


def build_parser() -> argparse.ArgumentParser:
    """The top-level parser with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="p2pcards",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--lang",
        choices=("ru", "en"),
        default=default_lang(),
        help="language of the output (default from the locale: %(default)s)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in _COMMANDS:
        importlib.import_module(f"p2pcards.cli.{name}").register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``p2pcards`` console script; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        selftest.check_group_library()
    except selftest.UnsafeGroupLibrary as exc:  # refuse to play on a broken libsodium
        print(exc.russian if args.lang == "ru" else exc.english, file=sys.stderr)
        return 3
    try:
        rc: int = args.func(args)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into head & co.
        sys.stderr.close()
        return 0
    return rc


if __name__ == "__main__":
    sys.exit(main())
