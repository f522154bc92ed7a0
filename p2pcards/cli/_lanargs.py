"""The LAN commands' shared switches (``--home``, ``--interface``, ``--player-name``,
``--new``, ``--lang``), kept apart from :mod:`p2pcards.cli._lan` so that building the
parser of ``play --offline`` does not load the network, the peer and the table."""

from __future__ import annotations

import argparse
from pathlib import Path

from p2pcards.cli._i18n import add_lang_argument


def add_lan_arguments(
    p: argparse.ArgumentParser,
    *,
    interface: bool = True,
    player_name: bool = True,
    new: bool = True,
) -> None:
    """--home and --lang, and those of --interface, --player-name and --new that ``p``'s
    command uses (a command's help shows only options that mean something there)."""
    add_lang_argument(p)
    p.add_argument(
        "--home",
        type=Path,
        help="data directory (identity, logs); default $P2PCARDS_HOME or the platform's",
    )
    if interface:
        _add_interface(p)
    if player_name:
        p.add_argument("--player-name", help="your display name (saved in your identity)")
    if new:
        _add_new(p)


def _add_interface(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--interface",
        action="append",
        metavar="IP",
        help="announce/browse mDNS only on this interface address (repeatable; "
        "default: all interfaces)",
    )


def _add_new(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--new",
        action="store_true",
        help="start this new table even though an unfinished one is waiting (it stays: "
        "p2pcards games lists it); without --new the same command brings you back to "
        "the table you left, and another unfinished table is asked about (headless: "
        "refused)",
    )
