"""The ``p2pcards`` command line.  Each subcommand lives in its own module with
``register(subparsers)`` (adds its parser, sets ``func``) and is listed in _COMMANDS."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from p2pcards import __version__, selftest
from p2pcards.cli._i18n import (
    default_lang,
    home_in_argv,
    install,
    lang_in_argv,
    locale_note,
    remember_lang,
    remembered_text,
    tr,
    translate_parser,
)

_COMMANDS = {
    "simulate": "simulate", "audit": "audit", "replay": "audit", "host": "host",
    "join": "join", "bot": "join", "list": "list_tables", "games": "games",
    "players": "players", "identity": "identity", "play": "play",
}  # fmt: skip
"""Each subcommand and the module that registers it (in the order of ``--help``)."""


def command_in_argv(argv: Sequence[str]) -> str | None:
    """The subcommand named in ``argv`` (its first word that is not an option, after the
    top-level ``--lang X``), or None when there is none or it is unknown."""
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--lang":
            i += 2
            continue
        if a.startswith("-"):
            if a.startswith("--lang="):
                i += 1
                continue
            return None  # --help and the like: the whole parser
        return a if a in _COMMANDS else None
    return None


def build_parser(lang: str | None = None, command: str | None = None) -> argparse.ArgumentParser:
    """The top-level parser with every subcommand, its texts in ``lang`` (default: the
    remembered language or the locale's).  With ``command`` (a subcommand's name) only
    the module of that subcommand is imported and registered: ``play --offline`` then
    starts without loading the network, the peer and the table."""
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
    parser.add_argument(
        "--version",
        action="version",
        version=f"p2pcards {__version__}",
        help="show the version of p2pcards and exit",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    modules = (
        [_COMMANDS[command]] if command in _COMMANDS else list(dict.fromkeys(_COMMANDS.values()))
    )
    for name in modules:
        importlib.import_module(f"p2pcards.cli.{name}").register(sub)
    translate_parser(parser, lang)
    return parser


def _subparser(parser: argparse.ArgumentParser, command: str | None) -> argparse.ArgumentParser:
    """The parser of the subcommand ``command`` (``parser`` itself when there is none)."""
    for a in parser._actions:
        if isinstance(a, argparse._SubParsersAction) and command in a.choices:
            got: argparse.ArgumentParser = a.choices[command]
            return got
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``p2pcards`` console script; returns the exit status.  A
    ``--lang`` given is remembered (:func:`p2pcards.cli._i18n.remember_lang`)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    chosen = lang_in_argv(argv)
    home = home_in_argv(argv)
    if chosen and remember_lang(chosen, home) and sys.stderr.isatty():
        print(remembered_text(chosen), file=sys.stderr)  # (once: only when it changed)
    elif not chosen and sys.stderr.isatty() and (note := locale_note(home)):
        print(note, file=sys.stderr)  # (once per locale: a remembered --lang overrides it)
    parser = build_parser(chosen or default_lang(home), command_in_argv(argv))
    args, extra = parser.parse_known_args(argv)
    if extra:  # said by the subcommand's parser: its usage line shows what it takes
        sub = _subparser(parser, getattr(args, "command", None))
        if sub is parser:
            parser.error(tr(args.lang, "unrecognized arguments: %s") % " ".join(extra))
        sub.error(
            tr(
                args.lang,
                "unrecognized arguments: {args}: p2pcards {command} takes only the options "
                "of the usage line above (p2pcards {command} --help says what each does)",
                args=" ".join(extra),
                command=args.command,
            )
        )
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        selftest.check_group_library()
    except selftest.UnsafeGroupLibrary as exc:  # refuse to play on a broken libsodium
        print(exc.russian if args.lang == "ru" else exc.english, file=sys.stderr)
        return 3
    if "rbcl._sodium" in sys.modules:  # loaded by the command's module (table, peer)
        from p2pcards.peer import remove_rbcl_copy  # I/O housekeeping, not in pure layers

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
