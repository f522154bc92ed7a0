"""``p2pcards host GAME``: open a table on the LAN and play it."""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import trio

from p2pcards import files
from p2pcards.cli import _numbers
from p2pcards.cli._confirm import terminal_confirm
from p2pcards.cli._i18n import error_text, tr
from p2pcards.cli._lan import (
    add_lan_arguments,
    follow_lobby,
    identity_from_args,
    play_to_end,
    print_join_lines,
    remove_table_files,
    resume_unfinished,
    run_lan,
)
from p2pcards.cli._options import add_game_arguments, game_from_args
from p2pcards.cli._webargs import add_web_arguments
from p2pcards.games import Game, OptionError
from p2pcards.games._levels import resolve_bot
from p2pcards.identity import Identity, IdentityError, load_or_create_identity
from p2pcards.peer import Lobby, LobbyError, host_table, join_table, play_bot
from p2pcards.ui import bot_name


def register(sub: Any) -> None:
    """Add the ``host`` subcommand."""
    p = sub.add_parser(
        "host",
        help="open a table on the LAN and play it (others join with p2pcards join)",
        description="Open a table of GAME on the local network: it is announced over mDNS "
        "(p2pcards list shows it) and can also be joined by address.  When every seat is "
        "taken the game starts; you play your seat in the terminal (or --headless bot).",
        epilog="examples:\n"
        "  p2pcards host akulina --seats 4\n"
        "  p2pcards host akulina --seats 3 --bots 2          # you against two bots\n"
        "  p2pcards host thousand --bots hard,medium         # two bots, levels per seat\n"
        "  p2pcards host thousand --option target=1001 --name 'Пятница'\n"
        "  p2pcards host thousand --seats 2                   # Thousand for two\n"
        "  p2pcards host thousand --scores 'Аня=455,Борис=880/2,Вера=120'  # from paper\n"
        "  p2pcards host 101 --seats 2 --port 40000 --no-mdns  # join by address only\n"
        "  p2pcards host akulina --seats 4 --open --headless basic  # a bot host, no questions\n"
        "\n"
        "Each joiner is let in only once you confirm it: its name and key fingerprint are "
        "shown; ask them to read their fingerprint (p2pcards identity) and compare.  A "
        "player you played with before is let in at once; a known name with another key is "
        "a loud warning (type yes to accept it).  --open lets new players in without asking.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_game_arguments(p)
    add_lan_arguments(p)
    add_web_arguments(p, default_web=False)
    p.add_argument(
        "--name", metavar="TITLE", help="the table's name on the LAN (default: yours and the game)"
    )
    p.add_argument(
        "--bots",
        default="0",
        metavar="N|SPECS",
        help="fill seats with bots: a number N (N bots of the level --bot-level, easy unless "
        "given), or a level per bot seat, comma-separated (levels easy, medium, hard; also the "
        "bots random, basic = easy, strong = hard; docs/bots.md)",
    )
    p.add_argument(
        "--strategy",
        "--bot-level",
        dest="strategy",
        default="basic",
        metavar="LEVEL",
        help="the level of the bots of --bots N: easy, medium, hard (default easy; also the "
        "bots random, basic = easy, strong = hard)",
    )
    p.add_argument(
        "--stall-limit",
        type=_numbers.positive,
        metavar="SECONDS",
        help="the table's stall limit, shown to every player: a player awaited this long is "
        "voted out (3+ players: loses the game; 2: the hand ends with no result); default "
        "120; the same as --option stall_limit=SECONDS",
    )
    p.add_argument("--headless", metavar="STRATEGY", help="play your own seat with a bot")
    p.add_argument(
        "--port", type=_numbers.port, default=0, help="TCP port to listen on (default: any)"
    )
    p.add_argument("--bind", default=None, help="address to listen on (default: all)")
    p.add_argument("--no-mdns", action="store_true", help="do not announce on mDNS")
    p.add_argument(
        "--open",
        action="store_true",
        help="let every new player in without confirming them (bots, scripts); a known "
        "name with another key is still asked about",
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Host, wait for the seats, play; exit 0 when every hand verified, 1 on a cheat."""
    return run_lan(_host, args)


async def _host(args: argparse.Namespace) -> int:
    lang = args.lang
    if args.stall_limit is not None:
        args.option = [*args.option, f"stall_limit={args.stall_limit}"]
    game = game_from_args(args)
    me = identity_from_args(args, for_play=True)
    if not 0 <= args.port <= 65535:
        why = tr(lang, "--port {port} is not a port number (0-65535)", port=args.port)
        print(f"p2pcards: {why}", file=sys.stderr)
        return 2
    bots = bot_seats(args.bots, args.strategy)
    if bots is None or not 0 <= len(bots) < game.seats:
        print(
            tr(
                lang,
                "p2pcards: --bots must be 0..{value} or that many bot names",
                value=game.seats - 1,
            ),
            file=sys.stderr,
        )
        return 2
    for spec in {*bots, *([args.headless] if args.headless else [])}:
        try:
            resolve_bot(game.info, spec)
        except OptionError as e:
            print(f"p2pcards: {error_text(args.lang, e)}", file=sys.stderr)
            return 2
    interactive = not args.headless and sys.stdin.isatty()
    resumed = await resume_unfinished(
        me, args, lang, game=game.name, interactive=interactive, hosting=(game, bots)
    )
    if resumed is not None:
        return resumed
    return await host_and_play(
        me,
        game,
        bots,
        lang,
        strategy=args.headless,
        web=args,
        mdns=not args.no_mdns,
        table_name=args.name,
        bind=args.bind,
        port=args.port,
        interfaces=args.interface,
        open_table=args.open,
    )


async def host_and_play(
    me: Identity,
    game: Game[Any],
    bots: Sequence[str],
    lang: str,
    *,
    strategy: str | None = None,
    web: Any = None,
    mdns: bool = True,
    **table: Any,
) -> int:
    """Open a table of ``game`` as ``me``, seat a bot of each spec of ``bots`` (levels
    or bot names, already checked) in seats 2, 3, …, play this seat to the end
    (``strategy``: with that bot; ``web``: as :func:`p2pcards.cli._lan.play_to_end`) and
    return the exit status.  The bots are "Бот 1"… with their keys and table files in
    :func:`bot_home`; the table's files mark them (``mark_bots``), so that resuming it
    after a crash restarts them.  ``table``: more :func:`p2pcards.peer.host_table`
    arguments (name, address, interfaces, ``open_table``).  ``host GAME --bots`` and the
    terminal lobby (``play --tui``) host through it."""
    bot_ids = host_bots(len(bots), lang)
    homes = [bot_home(i) for i in range(1, len(bots) + 1)]
    async with host_table(
        me,
        game,
        mdns=mdns,
        lang=lang,
        admit=terminal_confirm(lang, trusted={b.peer_id for b in bot_ids}),
        **table,
    ) as lobby:
        port = lobby.address[1]
        print(
            tr(
                lang,
                "hosting {title} for {seats} as {name} (fingerprint {fingerprint})",
                title=game.info.title[lang],
                seats=game.seats,
                name=me.name,
                fingerprint=me.fingerprint,
            )
        )
        others = len(bots) < game.seats - 1  # seats left for people to join
        if others:
            print_join_lines(lobby, lang, mdns=mdns)
        async with trio.open_nursery() as nursery:
            for i, spec in enumerate(bots):  # one after the other: Бот 1 takes seat 2
                await nursery.start(
                    _bot_seat, ("127.0.0.1", port), bot_ids[i], spec, lang, homes[i]
                )
            session = await follow_lobby(lobby, lang, join_lines=others)
            if bots:  # after a crash, resuming the table restarts them from their files
                session.storage.mark_bots([(str(h), b) for h, b in zip(homes, bots, strict=True)])
            rc = await play_to_end(session, strategy, lang, web=web, starting=True)
            nursery.cancel_scope.cancel()
    return rc


def bot_home(i: int, home: Path | None = None) -> Path:
    """The data directory of the host's bot ``i`` (from 1): ``bots/<i>`` in the host's
    (``home``, else :func:`p2pcards.files.home`), with its key and, while a table with it
    is unfinished, its table files."""
    return (files.home() if home is None else home) / "bots" / str(i)


def bot_identities(n: int, lang: str, home: Path) -> list[Identity]:
    """The identities of a host's ``n`` in-process bots, named "Бот 1"… / "Bot 1"… in
    ``lang``, their keys kept in the data directory ``home`` (``bots/1``, ``bots/2``, …:
    :func:`bot_home`; made on first use; a resumed table needs them).  Each joins saying
    it is a bot (``join_table(bot=True)``), so no player remembers it: every host's
    "Бот 1" has a key of its own.  ``host --bots`` and the web lobby's bots.  Raises
    IdentityError, StorageError."""
    return [load_or_create_identity(bot_name(i, lang), bot_home(i, home)) for i in range(1, n + 1)]


def host_bots(n: int, lang: str) -> list[Identity]:
    """:func:`bot_identities` in the host's data directory; exits 2 when it is
    unusable."""
    try:
        return bot_identities(n, lang, files.home())
    except (IdentityError, files.StorageError, ValueError) as e:
        print(f"p2pcards: {error_text(lang, e)}", file=sys.stderr)
        raise SystemExit(2) from None


def bot_seats(text: str, strategy: str) -> list[str] | None:
    """The bot spec of each bot seat from ``--bots``: a count N gives N times
    ``strategy``; otherwise comma-separated specs.  None when the text is neither."""
    t = text.strip()
    if t.lstrip("-").isdigit():
        n = int(t)
        return None if n < 0 else [strategy] * n
    specs = [s.strip() for s in t.split(",") if s.strip()]
    return specs or None


async def _seated(lobby: Lobby, name: str) -> None:
    """Return once the host's lobby lists ``name`` in a seat, or the game starts (the last
    seat's taker may get the start before any list), or the table fails to start (the
    caller's ``lobby.started()`` raises then)."""
    async with trio.open_nursery() as n:

        async def listed() -> None:
            async for u in lobby.updates:
                if name in u.names:
                    break
            n.cancel_scope.cancel()

        async def started() -> None:
            with contextlib.suppress(LobbyError):
                await lobby.started()
            n.cancel_scope.cancel()

        n.start_soon(listed)
        n.start_soon(started)


async def _bot_seat(
    address: tuple[str, int],
    me: Identity,
    strategy: str,
    lang: str,
    base: Path,
    *,
    task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED,
) -> None:
    """An in-process bot: a full peer with its identity and table files in ``base`` (its
    :func:`bot_home`).  The files stay while the host's process does not end on its own
    (a crash, a closed terminal): resuming the table restarts the bot from them
    (:func:`p2pcards.cli._lan.resume_one`); they are removed when the host ends it.
    Reports started (``nursery.start``) once the host's lobby lists it in a seat (or
    after 10 s without word), so that bots started one after the other sit in order."""
    session = None
    try:
        async with join_table(me, address, base=base, lang=lang, yes=True, bot=True) as lobby:
            with trio.move_on_after(10):
                await _seated(lobby, me.name)
            task_status.started()
            session = await lobby.started()
            await play_bot(session, strategy, random.Random())
            await trio.sleep_forever()  # serve the log (e.g. after a cheat) until the host ends
    finally:
        if session is not None:
            remove_table_files(base, session.table.table_id)
