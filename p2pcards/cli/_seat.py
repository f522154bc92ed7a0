"""A human seat in the terminal over the LAN: shows the table's events, the hand, and
numbered legal moves; every typed line comes from one stdin reader
(:mod:`p2pcards.cli._keyboard`), so the network keeps running and q or Ctrl-D leave at
any moment.  Uses the full-screen renderer of ``p2pcards.cli._tui`` on a terminal."""

from __future__ import annotations

import os
import sys
from collections.abc import Awaitable, Callable
from typing import Any

import trio

from p2pcards.cli._i18n import tr
from p2pcards.cli._keyboard import Keys, keyboard
from p2pcards.cli._lan import QuietLines, describe_event
from p2pcards.cli._tui._menu import idle_key, is_yes, leave_question, stay_text
from p2pcards.peer import Ending, Notice, PeerBack, PeerLost, Resynced, Session, Snapshot, Update
from p2pcards.table import GameOver, HandAbandoned, Waiting, YourCards, YourTurn
from p2pcards.ui import (
    Names,
    Texts,
    plays_rounds,
    presenter,
    rejoin_waiting_line,
    result_line,
    stall_warning_line,
    table_event_line,
)


def _rules(game: str, lang: str, options: Any) -> str:
    """The keys, then where the rules page of ``game`` is: line by line (no terminal)
    there is no pager, and the whole page (hundreds of lines) would bury the table; the
    full screen pages through it (:meth:`~p2pcards.cli._tui._seat.TerminalSeat.rules_pages`)."""
    p = presenter(game, lang, options)
    return p.keys_text() + "\n" + tr(lang, "The rules of {game}: {path}", game=p.title,
                                     path=rules_path(game, lang))  # fmt: skip


def rules_path(game: str, lang: str) -> str:
    """The installed rules page of ``game`` in ``lang`` (``p2pcards/rules/<game>.md``, a
    copy of ``docs/rules/<game>.md``; Russian ``<game>.ru.md``), as a path to open."""
    from importlib import resources

    from p2pcards.ui._rules import rules_file

    return str(resources.files("p2pcards").joinpath("rules", rules_file(game, lang)))


async def choose(snap: Snapshot, lang: str, keys: Keys, asking: list[str] | None = None) -> Any:
    """Ask the player to pick one of ``snap.legal`` by number (the line from ``keys``),
    through the game's menus as on the full screen (:meth:`p2pcards.ui.Presenter.menu`:
    e.g. Thousand's two cards one at a time, ``0`` back); re-asks on bad input; ``?``
    shows the rules; q or the end of input raises ``Quit``.  ``asking``: holds the open
    prompt while a line is awaited (a line printed meanwhile, the stall warning, is
    followed by the prompt again)."""
    from p2pcards.cli._tui._menu import BACK_KEYS
    from p2pcards.cli._tui._seat import Quit

    legal, view = snap.legal, snap.view
    assert view is not None
    hand = Texts(lang).cards(c for _p, c in view.hand)
    print(tr(lang, "your hand: {hand}", hand=hand))
    counts = ", ".join(f"{n}: {c}" for n, c in zip(snap.names, view.counts, strict=False))
    print(tr(lang, "cards: {counts}", counts=counts))
    p = presenter(snap.game, lang, snap.options)
    stack = [p.menu(view, list(legal), Names(tuple(snap.names), snap.seat))]
    shown = False
    while True:
        menu = stack[-1]
        n = len(menu.choices)
        if not shown:
            if len(stack) > 1:
                print(menu.title)
            for i, c in enumerate(menu.choices, 1):
                print(f"  {i}. {c.label}")
            if len(stack) > 1:
                print(tr(lang, "  0. back"))
            shown = True
        prompt = tr(lang, "your move (1-{n_legal}): ", n_legal=n)
        print(prompt, end="", flush=True)
        if asking is not None:
            asking[:] = [prompt]
        try:
            got = await keys.line()
        finally:
            if asking is not None:
                asking.clear()
        what = idle_key(got)
        if what == "quit":
            if got is None:  # Ctrl-D: at once
                raise Quit
            print(leave_question(lang, len(snap.names), snap.game), end="", flush=True)
            answer = await keys.line()
            if answer is None or is_yes(answer):
                raise Quit
            print(stay_text(lang), flush=True)
            continue
        if what == "help":
            print(_rules(snap.game, lang, snap.options))
            continue
        text = (got or "").strip().lower()
        if len(stack) > 1 and text in BACK_KEYS:
            stack.pop()
            shown = False
            continue
        if text.isdigit() and 1 <= int(text) <= n:
            choice = menu.choices[int(text) - 1]
            if choice.menu is not None:
                stack.append(choice.menu)
                shown = False
                continue
            if choice.move in legal:
                return choice.move
        print(tr(lang, "please type a number from 1 to {n_legal}", n_legal=n))


async def play_seat(session: Session, lang: str) -> Ending:
    """Play this seat in the terminal until the game ends or the table halts: on the
    full screen when stdin and stdout are a terminal, else line by line (scripts, pipes).
    Every typed line comes from the one stdin reader (:func:`p2pcards.cli._keyboard.keyboard`),
    so q and Ctrl-D leave at any moment, also while another player thinks.  Returns the
    :class:`~p2pcards.peer.Ending`; raises ``Quit`` when the player leaves."""
    if sys.stdin.isatty() and sys.stdout.isatty() and not os.environ.get("P2PCARDS_PLAIN"):
        from p2pcards.cli._tui._live import play_seat_live

        ending: Ending = await play_seat_live(session.controller, lang, keys=keyboard().line)
        return ending
    return await play_lines(session, lang)


async def play_lines(
    session: Session, lang: str, source: Callable[[], Awaitable[str | None]] | None = None
) -> Ending:
    """Line-by-line play (no full screen).  ``source``: the typed lines (default: the
    one stdin reader's)."""
    from p2pcards.cli._tui._seat import Quit

    lines = QuietLines()
    snap0 = session.controller.snapshot()
    question = leave_question(lang, len(snap0.names), snap0.game)
    asked = [False]  # the question to leave is open (q typed while another thinks)

    def idle(got: str | None) -> None:
        if asked[0]:
            asked[0] = False
            if got is None or is_yes(got):
                raise Quit
            print(stay_text(lang), flush=True)
            return
        what = idle_key(got)
        if what == "quit":
            if got is None:  # Ctrl-D: at once
                raise Quit
            asked[0] = True  # (a stray q must not end the game for everyone)
            heard = getattr(session, "heard", True)  # (restarted, heard by no one: no "the others")
            print(question if heard else leave_question(lang, 0, snap0.game, False), end="",
                  flush=True)  # fmt: skip
            return
        if what == "help":
            print(_rules(snap0.game, lang, snap0.options), flush=True)
        elif what == "early":
            text = (got or "").strip()
            print(
                tr(
                    lang,
                    "{text!r} was not used: it is not your turn now (q leaves the table, ? "
                    "shows the rules).",
                    text=text,
                ),
                flush=True,
            )

    keys = Keys(idle, source)
    asking: list[str] = []  # the open prompt, while a line is awaited
    left = [True]  # (the forfeiting seat left the table, rather than stopped answering)
    turn: list[int | None] = [None]  # the log's length when this turn's choice was asked
    warned: list[int | None] = [None]  # the turn the stall warning was given at

    async def warn() -> None:
        """Once a turn, the seconds left before the others may vote this seat out, under
        the open prompt, then the prompt again (as the full screen and the web page)."""
        c = session.controller
        while True:
            due = c.warning_in()
            if not asking or turn[0] is None or warned[0] == turn[0] or due is None or due > 0:
                await trio.sleep(min(due, 1.0) if due else 1.0)  # (due: on the moment)
                continue
            seconds = c.turn_seconds_left()
            if seconds is None:
                continue
            warned[0] = turn[0]
            print(flush=True)
            line = stall_warning_line(Texts(lang), seconds, plays_rounds(str(snap0.game)))
            print(line, flush=True)
            print(asking[0], end="", flush=True)

    rejoining = [False]  # (restarted: "back at the table: waiting for an answer…" said)

    def show(up: Update, snap: Snapshot) -> None:
        ev = up.event
        names = snap.names
        a = snap.awaiting
        if a is None or a.reason != "connect":
            rejoining[0] = False
        elif not rejoining[0] and up.seq >= session.controller.published - 1:
            rejoining[0] = True  # (once, at the end of the log replayed: no move yet)
            lines.say(rejoin_waiting_line(Texts(lang), Names(tuple(names)), a.seats))
        if isinstance(ev, HandAbandoned):
            left[0] = ev.reason == "left"
        if isinstance(ev, YourTurn | PeerBack | Resynced):
            return
        if isinstance(ev, Waiting):
            lines.waiting(ev, names, lang, snap.seat, snap.game)
            return
        if isinstance(ev, YourCards):
            cards = Texts(lang).cards(ev.cards)
            lines.say(tr(lang, "You receive {cards}", cards=cards))
            return
        if isinstance(ev, PeerLost):
            lines.say(table_event_line(Texts(lang), Names(tuple(names)), ev))
            return
        if isinstance(ev, Notice):
            lines.say(ev.text)
            return
        lines.say(describe_event(ev, names, lang, snap.game, snap.options, snap.seat))
        if isinstance(ev, GameOver):
            # a forfeit explained as on the full screen and the web page ("Борис:
            # поражение в раздаче 2 (место покинуто), -120 в записи")
            p = presenter(snap.game, lang, snap.options)
            forfeit = p.forfeit_line(ev.result or {}, Names(tuple(names), snap.seat), left[0])
            for line in (forfeit or "").split("\n"):
                lines.say(line)
            result = result_line(Texts(lang), ev.result, names)
            lines.say(tr(lang, "game over: {value}", value=result))

    async def pick(snap: Snapshot) -> Any:
        turn[0] = snap.log_length
        if asked[0]:  # (the menu instead: q there asks again)
            asked[0] = False
            print(flush=True)
        return await choose(snap, lang, keys, asking)

    async with trio.open_nursery() as nursery:
        nursery.start_soon(keys.run)
        nursery.start_soon(warn)
        ending = await session.controller.drive(pick, show)
        nursery.cancel_scope.cancel()
    return ending
