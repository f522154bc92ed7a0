"""LAN play on the full screen: a seat's table events (``p2pcards.table`` UI events and
the peer's connection events) turned into the screens of :class:`TerminalSeat`.

:class:`LiveScreen` keeps the history lines and the waiting clock (the caller passes the
time: it reads the clock, the UI does not); :func:`play_seat_live` drives one
``p2pcards.peer.Session`` seat until the game ends, with every typed line read by one
router (:mod:`p2pcards.cli._keyboard`): a menu's answer at the prompt, ``q``/Ctrl-D/``?``
at any moment.
"""

from __future__ import annotations

import sys
from collections.abc import Awaitable, Callable, Generator, Mapping, Sequence
from typing import Any

import trio
from rich.console import Console, RenderableType
from rich.text import Text

from p2pcards.cli._keyboard import Keys
from p2pcards.cli._tui._menu import idle_key, is_yes, leave_question, stay_text
from p2pcards.cli._tui._out import BackgroundOut
from p2pcards.cli._tui._screen import waiting_text
from p2pcards.cli._tui._seat import UP_ERASE_LINE, Quit, TerminalSeat
from p2pcards.games import View
from p2pcards.peer import Notice, PeerBack, PeerLost
from p2pcards.table import (
    CheatDetected,
    GameOver,
    HandAbandoned,
    HandStarted,
    HandVerified,
    MoveMade,
    Rejected,
    SeatLeft,
    VoteCast,
    Waiting,
    YourCards,
    YourTurn,
)
from p2pcards.ui import (
    Names,
    forfeited_view,
    plays_rounds,
    rejoin_waiting_line,
    stall_warning_line,
    table_event_line,
    waiting_line,
    waiting_reason,
)

REDRAW_SECONDS = 2.0
SHEET_ROWS = 4
"""The live screen's score sheet (from the second hand on) shows the last this many
hands; the final screen shows it whole."""
DRAIN_SECONDS = 5.0
"""At the end, how long at most the screen's last writes may take (a paused terminal)."""


class LiveScreen:
    """History and waiting state of one seat, fed with table events.

    ``tui``: the seat's :class:`TerminalSeat`; ``names``: seat display names.
    :meth:`feed` takes one event, the seat's current view and the time now (seconds,
    any monotonic clock); :attr:`history` holds the lines, oldest first;
    :attr:`waiting` is (names, since) or None.
    """

    def __init__(self, tui: TerminalSeat, names: Sequence[str]) -> None:
        self.tui = tui
        self.ui = tui.ui
        self.names = list(names)
        self.history: list[str] = []
        self.waiting: tuple[str, float] | None = None
        self.below: RenderableType | None = None
        self.result: Mapping[str, Any] | None = None
        self.notice: str = ""
        """A line shown under the screen until the next move (a key typed too early)."""
        self.asking = ""
        """The question to leave (q typed while another player thinks), the screen's
        last line, its answer awaited ('': none)."""
        self.hold = False
        """The rules were shown while waiting: no redraw only to count the seconds."""
        self._last_wait: str | None = None  # the waiting line as drawn last, if last
        self.over = False
        """The hand was abandoned (a seat left or stalled): no turn is shown any more."""
        self.departed: set[int] = set()
        """Seats that left the table: the turn line never names one ("Ходит: Борис"
        stayed on the screen after Борис left)."""
        self.left = True  # (the abandoned hand's seat left, rather than stalled)
        self.rejoining: tuple[str, float] | None = None
        """(names, since): this seat restarted and has heard from no other seat yet (the
        controller's ``Awaiting.reason == "connect"``): the screen's waiting line says so
        (:func:`p2pcards.ui.rejoin_waiting_line`) instead of the table's wait, no move is
        offered and no stall limit counts."""
        self.time_up: int | None = None
        """This seat, when its own time to move is up and the others are voting it out
        (the controller's ``Awaiting``: reason "abandon" for this seat; ``protocol/table.md``
        §3 rule 6): no turn is shown, and the waiting line names the votes awaited."""

    def feed(self, ev: object, view: View | None, now: float, latest: bool = True) -> None:
        """Update the history, the waiting line and the sheet shown below the screen.

        ``view``: the seat's view now; ``latest``: ``ev`` is the latest update, so
        ``view`` is the state just after it.  When it is not (a resume replays the
        whole log at once, each update shown with the view of the present), the
        present's facts wait for the latest update: said at the first update replayed,
        Thousand's obligatory first bid came above «— раздача 1 —» (issue 15 item 1).
        A move's facts are said from the state it was made in, before its line."""
        ui, names = self.ui, self.names
        if isinstance(ev, MoveMade):
            self.history.extend(ui.facts(ev.before, names))
        now_view = view if latest else None  # (the state of this update: its facts)
        if now_view is not None and isinstance(ev, Waiting | YourTurn):
            self.history.extend(ui.facts(now_view, names))
        if isinstance(ev, Waiting):
            who = ui.p.t.join(names[s] for s in ev.seats)
            if self.waiting is None or self.waiting[0] != who:
                self.waiting = (who, now)
            return
        if isinstance(ev, YourTurn):
            self.waiting = None
            self.notice = ""
            return
        ns = Names(tuple(names), view.seat if view is not None else None)
        line: str | None = None
        if isinstance(ev, MoveMade):
            self.waiting = None
            self.notice = ""
            # described in the state it was made in (a draw counts the holder's cards
            # before it): the table's view from just before the move
            line = ui.history_line(ev.move, ev.before, names)
        elif isinstance(ev, YourCards):
            if view is not None and len(view.hand) > len(ev.cards):  # not the deal
                line = table_event_line(ui.p.t, ns, ev)
        elif isinstance(ev, HandStarted):
            if ev.hand > 1 and view is not None:
                self.below = ui.sheet(view, names, last=SHEET_ROWS)
            line = table_event_line(ui.p.t, ns, ev, ui.hand_no_text(ev.hand))
        elif isinstance(
            ev,
            HandVerified
            | CheatDetected
            | PeerLost
            | PeerBack
            | SeatLeft
            | VoteCast
            | HandAbandoned,
        ):
            hand = ui.hand_no_text(ev.hand) if isinstance(ev, HandVerified) else ""
            line = table_event_line(ui.p.t, ns, ev, hand, ui.p)
        elif isinstance(ev, Notice):
            line = ev.text
        elif isinstance(ev, Rejected):
            return
        if isinstance(ev, SeatLeft):
            self.departed.add(ev.seat)
        if isinstance(ev, HandAbandoned):
            self.over = True
            self.waiting = None
            self.left = ev.reason == "left"
        elif isinstance(ev, GameOver):
            self.waiting = None
            self.result = ev.result
        if line:
            self.history.append(line)
        if now_view is not None:
            self.history.extend(ui.facts(now_view, names))

    def draw(self, view: View, now: float) -> None:
        """Redraw the whole screen (with the waiting line's elapsed time at ``now``)."""
        waiting = None
        own = self.rejoining is not None or (self.time_up is not None and self.waiting is not None)
        if self.waiting is not None and not own:
            waiting = (self.waiting[0], now - self.waiting[1])
        over = (  # (no turn shown: a restarted seat waits for the others; its time is up)
            self.over
            or self.rejoining is not None
            or self.time_up is not None
            or self.ui.turn(view) in self.departed
        )
        self.tui.show(view, self.names, self.history, waiting, over, self.below)
        if own:  # (a line of its own: no stall limit counts for it)
            self.tui.console.print(self._wait_line(now))
        if self.notice:
            self.tui.say(Text(self.notice, style="yellow"))
        if self.asking:  # (the cursor after it, for the answer)
            self.tui.console.print(Text(self.asking, style="bold yellow"), end="", soft_wrap=True)
        self._last_wait = None
        shown = waiting is not None or own
        if shown and not self.notice and not self.asking:
            self._last_wait = self._wait_text(now)  # (the screen's last line)

    def _wait_text(self, now: float) -> str:
        return self._wait_line(now).plain

    def _wait_line(self, now: float) -> Text:
        if self.rejoining is not None:
            who, since = self.rejoining
            line = rejoin_waiting_line(self.ui.p.t, Names((who,)), (0,), now - since)
            return Text(line, style="yellow")
        assert self.waiting is not None
        limit = self.tui.stall_limit
        rounds = plays_rounds(str(getattr(self.ui.p, "game", "")))
        if self.time_up is not None:  # (our own time is up: the others' votes, no limit)
            t = self.ui.p.t
            head = waiting_line(t, Names((self.waiting[0],)), (0,), now - self.waiting[1])
            why = waiting_reason(t, Names(tuple(self.names), self.time_up), "abandon",
                                 seat=self.time_up, rounds=rounds)  # fmt: skip
            return Text(t("{waiting}: {why}", waiting=head, why=why), style="yellow")
        return waiting_text(
            self.ui.lang, self.waiting[0], now - self.waiting[1], limit, rounds, self.tui.voters
        )

    def tick(self, now: float) -> bool:
        """The waiting line's seconds at ``now``, rewritten in place when they changed
        and it is the last line of the screen on a terminal (not the whole screen again:
        every 2 s a redraw went into the scrollback).  True when it was rewritten."""
        if self._last_wait is None or not self.tui.console.is_terminal:
            return False
        if self.waiting is None and self.rejoining is None:
            return False
        text = self._wait_text(now)
        if text == self._last_wait:
            return False
        self.tui.console.file.write(UP_ERASE_LINE)
        self.tui.console.print(self._wait_line(now))
        self._last_wait = text
        return True

    def final(self, view: View) -> None:
        """The last screen, the score sheet and the result in words (the seats' totals
        the result's: a forfeit's line is not in the last view, and Борис's «очки 0»
        stood beside «итоговый счёт: … Борис -120»)."""
        self.below = None
        view = forfeited_view(view, self.result)
        self.draw(view, 0.0)
        sheet = self.ui.sheet(view, self.names, result=self.result)
        if sheet is not None and getattr(sheet, "rows", True):  # (no empty sheet)
            self.tui.console.print(sheet)
        forfeit = self.ui.forfeit_line(self.result or {}, self.names, self.left)
        for line in self.ui.final_lines(self.result or {}, self.names, self.left):
            # (the forfeit's lines first, as the plain lines and the web page say them)
            said = bool(forfeit) and line in forfeit.split("\n")
            self.tui.say(Text(line, style="yellow" if said else "bold"))


async def play_seat_live(
    controller: Any,
    lang: str,
    tui: TerminalSeat | None = None,
    keys: Callable[[], Awaitable[str | None]] | None = None,
) -> Any:
    """Play a seat through its :class:`~p2pcards.peer.SeatController` (``session.controller``)
    on the full screen until the game is over or a cheat halts the table.  Returns the
    :class:`~p2pcards.peer.Ending` (``.result``: the game's result, None if halted).

    The screen is redrawn on every update; while waiting for another seat, only the
    waiting line's seconds are rewritten in place every ``REDRAW_SECONDS``.  ``keys``:
    the typed lines (:meth:`p2pcards.cli._keyboard.Keyboard.line`; None at the end of
    input), read all the time by a :class:`~p2pcards.cli._keyboard.Keys`
    router: at the player's prompt they answer the menu; while another player thinks, q or
    Ctrl-D leaves at once, ? shows the rules (kept on the screen until the table moves on)
    and anything else is said to be unused.  Without ``keys``, moves are read by
    :meth:`TerminalSeat.choose` in a worker thread (``tui.read``) and nothing is read
    between prompts.  Raises ``Quit`` when the player leaves."""
    first = controller.snapshot()
    out: BackgroundOut | None = None
    if tui is None:
        # the screen is written by a thread: a paused terminal (Ctrl-S, a full pipe)
        # blocks that thread, never the trio loop and its heartbeats (issue 15 item 6)
        out = BackgroundOut(sys.stdout)
        console = Console(highlight=False, file=out)  # type: ignore[arg-type]  # (a TextIO)
        tui = TerminalSeat(first.game, lang, options=first.options, console=console)
    tui.table_code = getattr(first, "table_code", "")
    tui.fingerprints = tuple(getattr(first, "fingerprints", ()))
    session = getattr(controller, "session", None)
    tui.stall_limit = getattr(session, "stall_limit", None)
    live = LiveScreen(tui, first.names)
    question = leave_question(lang, len(first.names), first.game)
    tui.leave_question = question  # (q at the menu asks too)
    choosing = False
    turn: int | None = None  # the log length when the open choice was asked
    warned: int | None = None  # the turn the stall warning was given at (once a turn)

    def redraw() -> None:
        view = controller.snapshot().view
        if view is not None:
            live.draw(view, trio.current_time())

    pager: Generator[str, str | None, bool] | None = None  # the rules, paged while waiting

    def turn_page(step: Callable[[], str]) -> None:
        nonlocal pager
        try:
            prompt = step()
        except StopIteration:  # the last screen, or the player went back: the table again
            pager = None
            live.hold = False
            redraw()
            return
        except EOFError:  # Ctrl-D at the pager's prompt: leave, as anywhere
            raise Quit from None
        tui.console.print(prompt, end="", markup=False, highlight=False)

    def idle(line: str | None) -> None:
        nonlocal pager
        if pager is not None:
            p = pager
            turn_page(lambda: p.send(line))
            return
        if live.asking:  # the answer to the question to leave
            live.asking = ""
            if line is None or is_yes(line):
                raise Quit
            live.notice = stay_text(lang)
            redraw()
            return
        what = idle_key(line)
        if what == "quit":
            if line is None:  # Ctrl-D: at once
                raise Quit
            # (a stray q must not end the game for everyone; restarted and heard by no
            # one: nobody hears it, the same command brings the player back)
            heard = getattr(session, "heard", True)
            live.asking = question if heard else leave_question(lang, 0, first.game, False)
            redraw()
            return
        if what == "help":
            live.hold = True  # the rules stay until the table moves on
            pager = tui.rules_pages()
            p = pager
            turn_page(lambda: next(p))
        elif what == "early":
            live.notice = tui.ui.t(
                "{text!r} was not used: it is not your turn now (q leaves the table, ? shows "
                "the rules).",
                text=(line or "").strip(),
            )
            redraw()

    router = Keys(idle, keys) if keys is not None else None
    tui.after_rules = redraw  # (the rules asked for from the menu of the player's turn)

    def warn() -> None:
        """On the player's turn, once, the seconds left before the stall limit: under
        the prompt, then the prompt again (before, a player back from a break was voted
        out as not answering with no warning)."""
        nonlocal warned
        due = getattr(controller, "warning_in", None)  # (the seat controller's)
        if due is None or turn is None or warned == turn or due() != 0:
            return
        left = controller.turn_seconds_left()
        if left is None:
            return
        warned = turn
        tui.console.print()
        rounds = plays_rounds(str(getattr(tui.ui.p, "game", "")))
        tui.say(Text(stall_warning_line(tui.ui.p.t, left, rounds), style="bold yellow"))
        tui.console.print(tui.ui.t("choice> "), end="", markup=False, highlight=False)

    async def ticker() -> None:
        while True:
            await trio.sleep(REDRAW_SECONDS)
            if choosing:
                warn()
            elif (live.waiting is not None or live.rejoining is not None) and not live.hold:
                live.tick(trio.current_time())

    def on_update(up: Any, snap: Any) -> None:
        view = snap.view
        published = getattr(controller, "published", None)  # (stand-ins may lack it)
        latest = published is None or getattr(up, "seq", published) >= published - 1
        now = trio.current_time()
        live.feed(up.event, view, now, latest)
        a = getattr(snap, "awaiting", None)
        if a is not None and a.reason == "connect":  # (restarted: nobody answered yet)
            if live.rejoining is None:
                who = tui.ui.p.t.join(snap.names[x] for x in a.seats)
                live.rejoining = (who, now - a.waited_ms / 1000)
        else:
            live.rejoining = None
        tui.voters = a is None or getattr(a, "voters", True)  # (someone can vote at the limit)
        me = getattr(view, "seat", None)
        up_for = getattr(a, "for_seat", None) if a is not None and a.reason == "abandon" else None
        live.time_up = me if me is not None and up_for == me else None
        if view is None:
            return
        if isinstance(up.event, GameOver):
            live.final(view)
        elif not latest:
            return  # (a resume replays the log at once: one screen at its end, not 200)
        elif not (live.hold and isinstance(up.event, Waiting)):
            live.hold = False
            live.draw(view, trio.current_time())

    async def choose(snap: Any) -> Any:
        nonlocal choosing, pager, turn
        choosing = True
        turn = getattr(snap, "log_length", 0)
        live.hold = False
        live.asking = ""  # (the menu instead: q there asks again)
        pager = None  # (the player's turn: the menu, not the rest of the rules)
        try:
            line = router.line if router is not None else None
            return await tui.choose(snap.view, list(snap.legal), snap.names, keys=line)
        finally:
            choosing = False

    try:
        async with trio.open_nursery() as nursery:
            nursery.start_soon(ticker)
            if router is not None:
                nursery.start_soon(router.run)
            ending = await controller.drive(choose, on_update)
            nursery.cancel_scope.cancel()
    finally:
        if out is not None:  # the last screen out before anything printed after it
            with trio.CancelScope(shield=True):
                await trio.to_thread.run_sync(out.drain, DRAIN_SECONDS)
    return ending
