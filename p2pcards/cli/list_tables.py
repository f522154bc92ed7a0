"""``p2pcards list``: the tables announced on the LAN."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

import trio

from p2pcards import net
from p2pcards.cli import _numbers
from p2pcards.cli._i18n import tr
from p2pcards.cli._lan import (
    WHY_NOTHING_FOUND,
    add_lan_arguments,
    not_found_games,
    same_table_name_text,
)
from p2pcards.cli._warnings import mdns_unavailable
from p2pcards.files import ENV_HOME, StorageError
from p2pcards.games import OptionError, game_info
from p2pcards.peer import KnownPlayers


def register(sub: Any) -> None:
    """Add the ``list`` subcommand."""
    p = sub.add_parser(
        "list",
        help="show the tables announced on the local network",
        description="Listen for tables announced over mDNS for a few seconds and list "
        "them with game, seats taken, host and fingerprint.  Anyone on the network can "
        "announce a table under any name: a host whose name you know with another key, "
        "and two tables of one name with different keys, are shown with a warning; "
        "compare the fingerprint with the host's before joining.",
    )
    add_lan_arguments(p, player_name=False, new=False)
    p.add_argument("--json", action="store_true", help="one JSON array of tables")
    p.add_argument(
        "--timeout", type=_numbers.seconds, default=3.0, help="seconds to listen (default 3)"
    )
    p.set_defaults(func=run)


async def collect(interfaces: list[str] | None, timeout: float) -> list[net.TableAd]:
    """Tables seen (and probed alive) within ``timeout`` seconds."""
    async with net.browse(interfaces=interfaces) as browser:
        await trio.sleep(timeout)
        return browser.tables()


def run(args: argparse.Namespace) -> int:
    """Print the tables; 0 if any was found, 1 if none."""
    lang = args.lang
    if getattr(args, "home", None):
        os.environ[ENV_HOME] = str(args.home)
    try:
        tables = trio.run(collect, args.interface, args.timeout)
    except net.NetError as e:
        print(mdns_unavailable(e, lang), file=sys.stderr)
        return 2
    known = _known()
    shared = net.same_name_keys(tables)
    if args.json:
        print(
            json.dumps(
                [
                    {
                        "name": t.name,
                        "game": t.game,
                        "taken": t.seats_taken,
                        "seats": t.seats_total,
                        "host": t.host_name,
                        "fingerprint": t.fingerprint,
                        "known_fingerprint": _known_fp(known, t.host_name),
                        "address": list(t.address),
                        "table_id": t.table_id.hex(),
                        "same_name_keys": shared.get(t.name, []),
                    }
                    for t in tables
                ],
                ensure_ascii=False,
                indent=2,
            )
        )
        return 0 if tables else 1
    if not tables:
        print(tr(lang, WHY_NOTHING_FOUND, games=not_found_games()))
        return 1
    for line in table_lines(tables, lang, known):
        print(line)
    return 0


def table_lines(
    tables: Sequence[net.TableAd],
    lang: str,
    known: KnownPlayers | None,
    *,
    warn_same_name: bool = True,
) -> list[str]:
    """What ``p2pcards list`` prints for ``tables``: per table its name, then game, seats,
    host name and fingerprint, address; a warning line when ``known`` remembers the
    host's name with another key (a spoofed answer, or a new computer); and, after the
    tables of one name with different host keys (``warn_same_name``), a warning that
    says so, whether or not either host is known."""
    lines = []
    shared = net.same_name_keys(tables)
    for i, t in enumerate(tables):
        try:
            title = game_info(t.game).title[lang]
        except OptionError:
            title = t.game
        lines.append(t.name)
        lines.append(
            f"   {title}, {t.seats_taken}/{t.seats_total}, "
            f"{tr(lang, 'host')} {t.host_name} [{t.fingerprint}], "
            f"{t.address[0]}:{t.address[1]}"
        )
        old = _known_fp(known, t.host_name)
        if old is not None and old != t.fingerprint:
            warning = tr(
                lang,
                "WARNING: not the {name} you played with before [{known_fingerprint}]",
                name=t.host_name,
                known_fingerprint=old,
            )
            lines.append("   " + warning)
        last_of_name = i + 1 == len(tables) or tables[i + 1].name != t.name
        if warn_same_name and t.name in shared and last_of_name:
            lines.append(same_table_name_text(t.name, len(shared[t.name]), lang))
    return lines


def _known_fp(known: KnownPlayers | None, name: str) -> str | None:
    """The fingerprint remembered for the player ``name``, or None."""
    key = known.get(name) if known is not None else None
    return net.fingerprint(key) if key is not None else None


def _known() -> KnownPlayers | None:
    """The known players (None when the file is unreadable: listing still works)."""
    try:
        return KnownPlayers()
    except StorageError:
        return None
