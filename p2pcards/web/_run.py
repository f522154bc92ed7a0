"""``p2pcards play --offline GAME`` in the browser: the offline table and its page in one
trio run, the URL opened in the default browser (or printed with ``--no-browser``)."""

from __future__ import annotations

import signal
import sys
import webbrowser
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import trio

from p2pcards._exceptions import leaves
from p2pcards.games import Game, OptionError, Player
from p2pcards.games._levels import resolve_bot
from p2pcards.ui import Texts, seat_names
from p2pcards.web._offline import OfflineTable
from p2pcards.web._serve import WebPage, start_page

if TYPE_CHECKING:  # the lobby (peer, net, mDNS) is loaded only by LAN play
    from p2pcards.web._lobby import LobbyService


def pick_bots(game: Game[Any], spec: str, human: int) -> list[Player]:
    """One bot per seat from ``spec`` ("basic", "random,basic", "hard,medium": bots or
    levels, comma-separated, the last repeated; the human's seat gets a placeholder).
    Raises OptionError (a ValueError) naming an unknown bot and the known ones."""
    specs = [s.strip() for s in spec.split(",") if s.strip()] or ["basic"]
    specs += [specs[-1]] * game.seats
    others = iter(specs)
    bots: list[Player] = []
    for s in range(game.seats):
        name = "basic" if s == human else next(others)
        bots.append(resolve_bot(game.info, name))  # (an OptionError, worded by the caller)
    return bots


async def serve_offline(
    table: OfflineTable,
    *,
    port: int = 0,
    lang: str = "en",
    task_status: trio.TaskStatus[WebPage] = trio.TASK_STATUS_IGNORED,
) -> None:
    """Serve ``table``'s page and play it until cancelled; ``task_status.started`` gets
    the :class:`WebPage` once the page listens."""
    async with trio.open_nursery() as n:
        page = await start_page(n, table, port=port, lang=lang)
        n.start_soon(table.run)
        task_status.started(page)


def offline_web_main(args: Any, seed: int) -> int:
    """``p2pcards play --offline GAME`` with the web page (see :mod:`p2pcards.cli.play`
    for ``args``: game, seats, option, bots, seat, name, lang, web_port, no_browser,
    bot_delay).  Runs until interrupted; returns 0, or 2 on a bad argument."""
    from p2pcards.cli._i18n import error_text
    from p2pcards.cli._offline import seat_error
    from p2pcards.cli._options import game_from_args

    lang = args.lang
    game = game_from_args(args)
    if not 0 <= args.seat < game.seats:
        print(
            seat_error(args.lang, args.seat + 1, game.seats),
            file=sys.stderr,
        )
        return 2
    try:
        bots = pick_bots(game, args.bots, args.seat)
    except OptionError as e:  # (in the chosen language: it was the English text)
        print(f"p2pcards: {error_text(lang, e)}", file=sys.stderr)
        return 2
    me = args.name or ("Вы" if lang == "ru" else "You")
    names = seat_names(game.seats, args.seat, me, lang)
    table = OfflineTable(
        game, human=args.seat, bots=bots, names=names, seed=seed, bot_delay=args.bot_delay
    )

    interrupted = False

    async def main() -> None:
        # Ctrl-C is read by one task that cancels the page: a KeyboardInterrupt raised at
        # a random point inside the web server could leave it hanging (seen under load)
        nonlocal interrupted
        with trio.open_signal_receiver(signal.SIGINT) as sigint:
            async with trio.open_nursery() as n:

                async def on_ctrl_c() -> None:
                    nonlocal interrupted
                    async for _ in sigint:
                        interrupted = True
                        n.cancel_scope.cancel()
                        return

                n.start_soon(on_ctrl_c)
                await _show_page(
                    n,
                    lambda task_status: serve_offline(
                        table, port=args.web_port, lang=lang, task_status=task_status
                    ),
                    lang,
                    args.no_browser,
                )

    try:
        trio.run(main)
    except BaseException as e:
        got = leaves(e)  # Ctrl-C and socket errors arrive inside the page's nurseries
        if all(isinstance(x, OSError) for x in got):
            print(f"p2pcards: cannot serve the page: {got[0]}", file=sys.stderr)
            return 2
        if not all(isinstance(x, KeyboardInterrupt) for x in got):
            raise
        interrupted = True  # a Ctrl-C before the signal receiver was open
    if interrupted:
        t = Texts(lang)
        print(t("Game closed."), file=sys.stderr)
        return 130
    return 0


async def _show_page(n: trio.Nursery, serve: Any, lang: str, no_browser: bool) -> WebPage:
    """Start ``serve`` (a task that reports its :class:`WebPage` as started) in ``n``,
    print the page's link and open it in the browser unless ``no_browser``."""
    page: WebPage = await n.start(serve)
    print(f"{_say(lang)}\n  {page.url}", flush=True)
    if not no_browser:
        await trio.to_thread.run_sync(webbrowser.open, page.url)
    return page


async def serve_lobby(
    lobby: LobbyService,
    *,
    port: int = 0,
    lang: str = "en",
    home: Path | None = None,
    task_status: trio.TaskStatus[WebPage] = trio.TASK_STATUS_IGNORED,
) -> None:
    """Serve ``lobby``'s pages (the lobby, the table of its game) and run it until
    cancelled; ``task_status.started`` gets the :class:`WebPage` once the page listens.
    ``home``: the data directory where the page's address is kept from run to run
    (:func:`~p2pcards.web._serve.start_page`)."""
    async with trio.open_nursery() as n:
        page = await start_page(n, None, port=port, lang=lang, lobby=lobby, home=home)
        n.start_soon(lobby.run)
        task_status.started(page)


def lobby_web_main(args: Any) -> int:
    """``p2pcards play`` (no ``--offline``) with the web page: the lobby (tables found on
    the LAN, host, join) and the table, in the browser, until interrupted.  ``args``: as
    for ``p2pcards play`` (lang, home, interface, player_name, web_port,
    no_browser).  Returns the exit status (2 for an unusable data directory or port)."""
    from p2pcards.cli._lan import identity_from_args, run_lan
    from p2pcards.files import home
    from p2pcards.web._lobby import LobbyService

    lang = args.lang
    me = identity_from_args(args, for_play=True)
    lobby = LobbyService(me, interfaces=args.interface, lang=lang)

    async def main(args: Any) -> int:
        async with trio.open_nursery() as n:
            await _show_page(
                n,
                lambda task_status: serve_lobby(
                    lobby, port=args.web_port, lang=lang, home=home(), task_status=task_status
                ),
                lang,
                args.no_browser,
            )
        return 0

    return run_lan(main, args)


def _say(lang: str) -> str:
    t = Texts(lang)
    return t("Open in your browser (the link is for you only):")


__all__: Sequence[str] = ("lobby_web_main", "offline_web_main", "serve_lobby", "serve_offline")
