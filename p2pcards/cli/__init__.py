"""The ``p2pcards`` command line.  Each subcommand lives in its own module with
``register(subparsers)`` (adds its parser, sets ``func``) and is listed in _COMMANDS."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from p2pcards import selftest
from p2pcards.cli._i18n import (
    default_lang,
    install,
    lang_in_argv,
    remember_lang,
    tr,
    translate_parser,
)

_COMMANDS = [
    "simulate", "audit", "host", "join", "list_tables", "games", "players", "identity", "play",
]  # fmt: skip


def build_parser(lang: str | None = None) -> argparse.ArgumentParser:
    """The top-level parser with every subcommand, its texts in ``lang`` (default: the
    remembered language or the locale's)."""
    lang = lang or default_lang()
    install(lang)
    parser = argparse.ArgumentParser(
        prog="p2pcards",
        description="p2pcards: Russian card games (Akulina, Thousand, 101, Sunduchki) played "
        "peer-to-peer on a local network, with no server and no trusted dealer.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--lang",
        choices=("ru", "en"),
        default=lang,
        help="language of the output, remembered for later runs (default: %(default)s, "
        "from the locale or the last --lang)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in _COMMANDS:
        importlib.import_module(f"p2pcards.cli.{name}").register(sub)
    translate_parser(parser, lang)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``p2pcards`` console script; returns the exit status.  A
    ``--lang`` given is remembered (:func:`p2pcards.cli._i18n.remember_lang`)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    chosen = lang_in_argv(argv)
    if chosen:
        remember_lang(chosen)
    parser = build_parser(chosen)
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        selftest.check_group_library()
    except selftest.UnsafeGroupLibrary as exc:  # refuse to play on a broken libsodium
        print(exc.russian if args.lang == "ru" else exc.english, file=sys.stderr)
        return 3
    from p2pcards.peer import remove_rbcl_copy  # I/O housekeeping, not in the pure layers

    remove_rbcl_copy()
    try:
        rc: int = args.func(args)
    except KeyboardInterrupt:
        print(tr(args.lang, "interrupted"), file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into head & co.
        sys.stderr.close()
        return 0
    return rc


if __name__ == "__main__":
    sys.exit(main())
