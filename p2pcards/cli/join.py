"""``p2pcards join NAME|HOST:PORT`` and ``p2pcards bot --join …``: sit at a table."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from p2pcards.cli import _numbers
from p2pcards.cli._confirm import terminal_confirm
from p2pcards.cli._i18n import tr
from p2pcards.cli._lan import (
    add_lan_arguments,
    announced,
    another_table_at,
    find_table,
    follow_lobby,
    identity_from_args,
    over_table,
    over_text,
    parse_address,
    play_to_end,
    resume_unfinished,
    run_lan,
)
from p2pcards.cli._webargs import add_web_arguments
from p2pcards.net import fingerprint
from p2pcards.peer import join_table


def register(sub: Any) -> None:
    """Add the ``join`` and ``bot`` subcommands."""
    p = sub.add_parser(
        "join",
        help="sit at a table on the LAN (by its name or HOST:PORT) and play",
        description="Join a table announced on the LAN (by name, see p2pcards list) or "
        "at HOST:PORT (works even where multicast is blocked).  Compare the host's "
        "fingerprint with the one the host's p2pcards prints before you play.",
        epilog="examples:\n"
        "  p2pcards join 'Аня: Akulina'     # by name (the first letters will do: 'аня')\n"
        "  p2pcards join 192.168.1.7:40123  # by address: a line the host prints\n"
        "\n"
        "A host you never played with is shown with its fingerprint and you are asked "
        "whether to sit (compare it with the one the host's p2pcards prints); a host you "
        "know sits you at "
        "once; a known name with another key is a loud warning (type yes to accept it).  "
        "The host in turn confirms your fingerprint.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("target", metavar="NAME|HOST:PORT")
    add_lan_arguments(p)
    _add_yes(p)
    add_web_arguments(p, default_web=False)
    _timeout_argument(p)
    p.set_defaults(func=run_join, strategy=None)
    b = sub.add_parser(
        "bot",
        help="fill a seat with a headless bot (a full peer with its own identity)",
        description="A headless peer that joins a table and plays it with a bot strategy "
        "(random, basic) or level (easy, medium, hard; strong is hard: docs/bots.md).  It sees "
        "only its own seat, like any player.",
        epilog="example:  p2pcards bot --join 'Аня: Akulina' --strategy basic --yes",
    )
    b.add_argument("--join", dest="target", required=True, metavar="NAME|HOST:PORT")
    b.add_argument(
        "--strategy",
        default="basic",
        help="bot or level: random, basic, easy, medium, hard or strong (= hard); "
        "default basic (docs/bots.md)",
    )
    b.add_argument("--seed", type=int, default=None, help="seed of the bot's choices")
    add_lan_arguments(b)
    _add_yes(b)
    _timeout_argument(b)
    b.set_defaults(func=run_join)


JOIN_TIMEOUT = 5.0
"""Seconds for the host to answer (the probe, then the handshake) without --timeout."""
STARTING = 30.0
"""Seconds a refused connection (a host still starting) is tried again without --timeout."""


def _timeout_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--timeout",
        type=_numbers.seconds,
        default=None,
        metavar="SECONDS",
        help="give up when the host does not answer within this many seconds (default 5); "
        "a refused connection (nothing listens there yet: a host still starting) is tried "
        "again for this long too (default 30 s)",
    )


def _add_yes(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--yes",
        action="store_true",
        help="sit without confirming a new host's fingerprint (bots, scripts); a known "
        "name with another key is still refused unless you type yes",
    )


def run_join(args: argparse.Namespace) -> int:
    """Join and play; exit 0 when every hand verified, 1 on a cheat, 2 on errors."""
    if args.strategy is not None and not _known_strategy(args.strategy):
        # (the game is known only once seated: a bot of no game is refused before that)
        print(f"p2pcards: {_unknown_strategy_text(args.strategy, args.lang)}", file=sys.stderr)
        return 2
    return run_lan(_join, args)


def _every_strategy() -> list[str]:
    """The bot names and levels of every game, each once (``bot --strategy``)."""
    from p2pcards.games import game_info, game_names
    from p2pcards.games._levels import bot_specs

    out: list[str] = []
    for g in game_names():
        out += [b for b in bot_specs(game_info(g)) if b not in out]
    return out


def _known_strategy(spec: str) -> bool:
    return spec.strip().lower() in _every_strategy()


def _unknown_strategy_text(spec: str, lang: str) -> str:
    return tr(
        lang,
        "unknown bot {bot!r} (bots: {bots})",
        bot=spec.strip(),
        bots=", ".join(_every_strategy()),
    )


async def _join(args: argparse.Namespace) -> int:
    lang = args.lang
    me = identity_from_args(args, for_play=True)
    interactive = args.command == "join" and sys.stdin.isatty()
    resumed = await resume_unfinished(me, args, lang, target=args.target, interactive=interactive)
    if resumed is not None:
        return resumed
    over = None if getattr(args, "new", False) else over_table(me, args.target, lang)
    if over is not None:  # (this seat's files show the table over: said at once)
        addr = parse_address(args.target, lang)
        if addr is not None:
            new = await another_table_at(addr, over.table_id)
        else:
            new = await announced(args.target, args.interface)
        if not new:
            print(over_text(over, lang), flush=True)
            return 1
    address, fp = await find_table(args.target, args.interface, lang)
    print(
        tr(
            lang,
            "joining {host}:{port} as {name}…",
            host=address[0],
            port=address[1],
            name=me.name,
        ),
        flush=True,
    )
    async with join_table(
        me,
        address,
        expect_fingerprint=fp,
        lang=lang,
        timeout=JOIN_TIMEOUT if args.timeout is None else args.timeout,
        starting=STARTING if args.timeout is None else args.timeout,
        confirm=terminal_confirm(lang),
        yes=args.yes,
        on_refused=lambda seconds: print(
            tr(
                lang,
                "nothing listens at {host}:{port} yet: trying again for up to {seconds} s",
                host=address[0],
                port=address[1],
                seconds=int(seconds),
            ),
            flush=True,
        ),
    ) as lobby:
        print(
            tr(
                lang,
                "host fingerprint: {value} (compare it aloud)",
                value=fingerprint(lobby.host_key),
            ),
            flush=True,
        )
        print(
            tr(
                lang,
                "seat requested; the host confirms your fingerprint: {fingerprint}",
                fingerprint=me.fingerprint,
            ),
            flush=True,
        )
        session = await follow_lobby(lobby, lang)
        return await play_to_end(
            session,
            args.strategy,
            lang,
            seed=getattr(args, "seed", None),
            web=args,
            starting=True,
        )
