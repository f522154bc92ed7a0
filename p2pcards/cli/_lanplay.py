"""``p2pcards play`` on the LAN: show the tables found, join one or host a new one."""

from __future__ import annotations

import argparse
import sys
from typing import Any

import trio

from p2pcards import net
from p2pcards.cli._confirm import terminal_confirm
from p2pcards.cli._i18n import error_text, tr
from p2pcards.cli._keyboard import ask as keyboard_ask
from p2pcards.cli._lan import (
    WHY_NOTHING_FOUND,
    follow_lobby,
    identity_from_args,
    not_found_games,
    play_to_end,
    resume_unfinished,
    run_lan,
    same_table_name_text,
)
from p2pcards.cli._warnings import mdns_unavailable
from p2pcards.cli.host import host_and_play
from p2pcards.games import Game, OptionError, game_info, game_names
from p2pcards.games._levels import has_strong_bot
from p2pcards.peer import join_table
from p2pcards.ui import bot_name


async def ask(prompt: str) -> str:
    """One line from the player, stripped ('' at end of input), from the one stdin reader
    (:func:`p2pcards.cli._keyboard.ask`)."""
    return await keyboard_ask(prompt) or ""


def run_play(args: argparse.Namespace) -> int:
    """Interactive LAN play; exit status as for host/join (errors: see ``_lan.run_lan``)."""
    return run_lan(_play, args)


async def _play(args: argparse.Namespace) -> int:
    lang = args.lang
    me = identity_from_args(args)
    resumed = await resume_unfinished(me, args, lang, interactive=True)
    if resumed is not None:
        return resumed
    print(
        tr(
            lang,
            "you are {name} [{fingerprint}]; looking for tables on the LAN…",
            name=me.name,
            fingerprint=me.fingerprint,
        ),
        flush=True,
    )
    tables: list[net.TableAd] = []
    try:
        async with net.browse(interfaces=args.interface) as browser:
            await trio.sleep(3.0)
            tables = browser.tables()
    except net.NetError as e:
        print(mdns_unavailable(e, lang), file=sys.stderr)
    if not tables:
        print(tr(lang, WHY_NOTHING_FOUND, games=not_found_games()))
    for i, t in enumerate(tables, 1):
        try:
            title = game_info(t.game).title[lang]
        except OptionError:
            title = t.game
        print(
            f"  {i}. {t.name}: {title}, {t.seats_taken}/{t.seats_total}, "
            f"{t.host_name} [{t.fingerprint}]"
        )
    for name, fps in net.same_name_keys(tables).items():
        print(same_table_name_text(name, len(fps), lang))
    print(tr(lang, "  0. host a new table    q. quit"))
    while True:
        choice = await ask(tr(lang, "your choice: "))
        if choice in ("", "q", "й", "в"):
            return 0
        if choice == "0" or (choice.isdecimal() and 1 <= int(choice) <= len(tables)):
            break
        print(tr(lang, "please type a number from 0 to {n}, or q", n=len(tables)))
    if choice != "0":
        ad = tables[int(choice) - 1]
        async with join_table(
            me,
            ad.address,
            expect_fingerprint=ad.fingerprint,
            lang=lang,
            confirm=terminal_confirm(lang),
        ) as lobby:
            return await _sit(lobby, lang)
    game = await ask_game(lang)
    bots = await ask_bots(game, lang)
    return await host_and_play(me, game, bots, lang, web=args, interfaces=args.interface)


def game_menu(lang: str) -> str:
    """The games a new table can be hosted with, numbered from 1 by their titles in
    ``lang``: "  1. Сто одно, 2. Акулина, 3. Сундучки, 4. Тысяча"."""
    return "  " + ", ".join(
        f"{i}. {game_info(n).title[lang]}" for i, n in enumerate(game_names(), 1)
    )


async def ask_game(lang: str) -> Game[Any]:
    """Ask which game and how many seats; a wrong answer says what is allowed and asks
    again (Enter: akulina, and the game's default seats).  The games are listed by their
    titles in ``lang`` (:func:`game_menu`); a number, a game's name or its title answers."""
    names = game_names()
    print(game_menu(lang))
    titles = {game_info(n).title[lang].casefold(): n for n in names}
    while True:
        g = await ask(tr(lang, "game: "))
        if g.isdecimal() and not 1 <= int(g) <= len(names):
            print(tr(lang, "please type a number from 1 to {n}, or a game's name", n=len(names)))
            continue
        name = names[int(g) - 1] if g.isdecimal() else (g or "akulina")
        name = titles.get(name.casefold(), name)
        try:
            info = game_info(name)
            break
        except OptionError as e:
            print(f"p2pcards: {error_text(lang, e)}")
    while True:
        seats = await ask(
            tr(
                lang,
                "seats ({min_seats}-{max_seats}, Enter: {default_seats}): ",
                min_seats=info.min_seats,
                max_seats=info.max_seats,
                default_seats=info.default_seats,
            ),
        )
        try:
            if seats and not seats.isdecimal():
                raise OptionError("seats: {value!r} is not a number", value=seats)
            return info.configure(int(seats) if seats else None)
        except OptionError as e:
            print(f"p2pcards: {error_text(lang, e)}")


LEVELS = (("basic", "easy"), ("medium", "medium"), ("hard", "hard"))
"""The bot levels the terminal lobby offers, in its menu's order: (bot spec, the level's
msgid, "easy" / «лёгкий»…); as the web lobby's and ``host --bots easy,medium,hard``."""


async def ask_bots(game: Game[Any], lang: str) -> list[str]:
    """Ask how many of the other seats of ``game`` bots take (0 to seats - 1; Enter: 0),
    then each bot's level from a numbered menu (1 easy, 2 medium, 3 hard; Enter: easy;
    the level's name answers too).  A game without a strong bot (Akulina) has only easy:
    no level is asked.  A wrong answer says what is allowed and asks again.  Returns the
    bot spec of each bot seat, as ``host --bots`` takes them ("basic", "medium", "hard")."""
    most = game.seats - 1
    while True:
        text = await ask(tr(lang, "bots in the other seats (0-{n}, Enter: 0): ", n=most))
        if not text or (text.isdecimal() and int(text) <= most):
            break
        print(tr(lang, "please type a number from 0 to {n}", n=most))
    count = int(text or 0)
    if not count:
        return []
    if not has_strong_bot(game.info):
        print(
            tr(
                lang,
                "the bots play at the easy level: the game {title} has no strong bot",
                title=game.info.title[lang],
            )
        )
        return ["basic"] * count
    print("  " + ", ".join(f"{i}. {tr(lang, word)}" for i, (_s, word) in enumerate(LEVELS, 1)))
    names = {k.casefold(): spec for spec, word in LEVELS for k in (spec, word, tr(lang, word))}
    names["easy"] = "basic"
    bots: list[str] = []
    for n in range(1, count + 1):
        while True:
            text = await ask(tr(lang, "{bot}, level (1-3, Enter: 1): ", bot=bot_name(n, lang)))
            if not text:
                bots.append("basic")
                break
            if text.isdecimal() and 1 <= int(text) <= len(LEVELS):
                bots.append(LEVELS[int(text) - 1][0])
                break
            if text.casefold() in names:
                bots.append(names[text.casefold()])
                break
            print(tr(lang, "please type 1, 2 or 3"))
    return bots


async def _sit(lobby: Any, lang: str) -> int:
    session = await follow_lobby(lobby, lang)
    return await play_to_end(session, None, lang, starting=True)
