"""Shared arguments: game name, --seats and --option k=v."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from p2pcards.cli import _numbers
from p2pcards.cli._i18n import add_lang_argument, error_text, tr
from p2pcards.games import Game, OptionError, ScoreSheetError, game_info


def add_game_arguments(p: argparse.ArgumentParser) -> None:
    """Add GAME, --seats, repeated --option k=v and --lang."""
    add_lang_argument(p)
    p.add_argument("game", metavar="GAME", help="the game: akulina, thousand, 101 or sunduchki")
    p.add_argument(
        "--seats", type=_numbers.positive, default=None, help="number of seats (game default)"
    )
    p.add_argument(
        "--option",
        "-o",
        action="append",
        default=[],
        metavar="K=V",
        help="game option, repeatable (see docs/rules/GAME.md for the list)",
    )
    p.add_argument(
        "--scores",
        default=None,
        metavar="SHEET",
        help="continue a game from a paper score sheet, one entry per seat in seat order "
        "(the option scores=SHEET): Thousand [NAME=]SCORE[/BARREL_TRIES][bBOLTS], e.g. "
        "'Аня=455,Борис=880/2,Вера=120b1'; 101 [NAME=]TOTAL; Akulina [NAME=]LOSSES "
        "(docs/rules/GAME.md, 'Starting from a score sheet')",
    )


def game_from_args(args: argparse.Namespace) -> Game[Any]:
    """Configure the game named in ``args``; exits with status 2 and a clear message
    (listing the allowed options) on a bad name, option or seat count; a bad score sheet
    gets its error, naming the entry and the option as typed (``--scores``), and the
    sheet's form from the option's help, two lines (:func:`_sheet_error`)."""
    try:
        info = game_info(args.game)
        opts: dict[str, str] = {}
        for kv in args.option:
            if "=" not in kv:
                raise OptionError("--option expects K=V, got {value!r}", value=kv)
            k, v = kv.split("=", 1)
            opts[k.strip()] = v
        if getattr(args, "scores", None):
            opts["scores"] = args.scores
        return info.configure(args.seats, **opts)
    except ScoreSheetError as e:
        _sheet_error(args, e)
        raise SystemExit(2) from None
    except OptionError as e:
        lang = getattr(args, "lang", "en")
        print(f"p2pcards: {error_text(lang, e)}", file=sys.stderr)
        try:
            info = game_info(args.game)
            print(tr(lang, "options of {game} (--option K=V):", game=info.name), file=sys.stderr)
            for o in info.options:  # a default as it is typed: true, not True
                default = str(o.default).lower() if isinstance(o.default, bool) else o.default
                print(f"  {o.name}={default}  {tr(lang, o.help)}", file=sys.stderr)
        except OptionError:
            pass
        raise SystemExit(2) from None


def _sheet_error(args: argparse.Namespace, e: ScoreSheetError) -> None:
    """Say what is wrong with a score sheet, naming the option as typed (``--scores``, or
    ``scores`` in ``--option scores=…``), then the form the sheet takes (the option's
    help, with its example): a list of every option of the game said nothing of it."""
    lang = getattr(args, "lang", "en")
    option = "--scores" if getattr(args, "scores", None) else "scores"
    print(f"p2pcards: {error_text(lang, e.named(option))}", file=sys.stderr)
    try:
        [o] = [o for o in game_info(args.game).options if o.name == "scores"]
    except (OptionError, ValueError):
        return
    print(f"  {option}: {tr(lang, o.help)}", file=sys.stderr)
