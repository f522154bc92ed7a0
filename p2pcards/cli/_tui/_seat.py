"""TerminalSeat: one human seat in the terminal (shows views, reads numbered choices).

Used offline (``p2pcards play --offline``, with :meth:`TerminalSeat.choose_sync`) and by
LAN play (``await seat.choose(..., keys=...)``: the lines come from the one stdin reader,
:mod:`p2pcards.cli._keyboard`, so the network keeps running).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Generator, Mapping, Sequence
from typing import Any

import trio
from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.markdown import Markdown
from rich.text import Text

from p2pcards.cli._tui._base import GameUI
from p2pcards.cli._tui._menu import Menu, is_yes, parse_choice, stay_text
from p2pcards.cli._tui._pager import page, paging, tables_as_lists
from p2pcards.cli._tui._screen import render_screen
from p2pcards.games import Move, View

LONG_MENU = 12
HOME_ERASE = "\x1b[H\x1b[J"
"""Cursor home, then erase to the end of the screen (ANSI CUP, ED 0)."""
UP_ERASE_LINE = "\x1b[1A\r\x1b[2K"
"""Cursor up a line, to its start, and erase it (ANSI CUU, CR, EL 2)."""


class Quit(Exception):
    """The player asked to leave (typed q, or the input closed)."""


def game_ui(game: str, lang: str = "en", options: Mapping[str, Any] | None = None) -> GameUI:
    """The :class:`GameUI` of a registered game name ("akulina", "thousand", "101",
    "sunduchki") with the game's ``options``; raises ValueError for a game without a
    presenter (:func:`p2pcards.ui.presenter`)."""
    return GameUI.of(game, lang, options)


class TerminalSeat:
    """A human seat in the terminal.

    ``game``: the registry name; ``lang``: "en" or "ru"; ``options``: the game's option
    values (for marks that depend on them, e.g. Thousand's barrel tries); ``console``: where to draw
    (default: stdout); ``read``: reads one line after a prompt (default
    ``console.input``), raising EOFError when input closes; ``clear``: clear the screen
    before each :meth:`show` on a real terminal; ``auto_single``: play a move at once
    when it is the only legal one (it is still written to the console).
    """

    def __init__(
        self,
        game: str,
        lang: str = "en",
        *,
        options: Mapping[str, Any] | None = None,
        console: Console | None = None,
        read: Callable[[str], str] | None = None,
        clear: bool = True,
        auto_single: bool = True,
    ) -> None:
        self.ui = game_ui(game, lang, options)
        self.lang = lang
        self.console = console if console is not None else Console(highlight=False)
        self.read = read if read is not None else self.console.input
        self.clear = clear
        self.auto_single = auto_single
        self.table_code = ""
        """The LAN table's code, shown in the title line ('' offline)."""
        self.stall_limit: float | None = None
        self.voters: bool | None = True
        """Whether a seat connected can vote the awaited seat out once the stall limit
        passes (the seat controller's ``Awaiting.voters``): the waiting line says so."""
        """The LAN table's stall limit (seconds), said on the waiting line from half of it
        on; None offline."""
        self.fingerprints: tuple[str, ...] = ()
        """Each seat's key fingerprint (LAN play), its first group beside the name."""
        self.after_rules: Callable[[], None] | None = None
        """Called when the player leaves the rules shown from a menu (LAN play: the whole
        screen drawn again; the rules' last page stayed above the menu otherwise)."""
        self.leave_question: str | None = None
        """Asked when the player types q at a menu (LAN play: leaving ends the game for
        everyone, :func:`~p2pcards.cli._tui._menu.leave_question`); only a yes leaves.
        None (offline): q leaves at once."""

    def render(
        self,
        view: View,
        names: Sequence[str],
        history: Sequence[str] = (),
        waiting: tuple[str, float] | None = None,
        over: bool = False,
        sheet: RenderableType | None = None,
    ) -> RenderableType:
        """The screen of ``view`` as a renderable (see :func:`render_screen`)."""
        return render_screen(
            self.ui,
            view,
            names,
            history,
            waiting,
            self.table_code,
            self.fingerprints,
            over,
            sheet,
            self.stall_limit,
            self.voters,
        )

    def show(
        self,
        view: View,
        names: Sequence[str],
        history: Sequence[str] = (),
        waiting: tuple[str, float] | None = None,
        over: bool = False,
        sheet: RenderableType | None = None,
    ) -> None:
        """Draw the screen: ``names[seat]`` per seat, ``history`` lines (oldest first),
        ``waiting`` = (name, elapsed seconds) or None, ``over``: the hand was abandoned
        (no turn shown), ``sheet``: the score sheet above the turn line, or None.  On a
        terminal it is drawn over the last one (cursor home, erase below:
        :data:`HOME_ERASE`), not after a "clear screen", which many terminals copy into
        the scrollback first."""
        if self.clear and self.console.is_terminal:
            self.console.file.write(HOME_ERASE)
        self.console.print(self.render(view, names, history, waiting, over, sheet))

    def say(self, text: str | Text, style: str = "") -> None:
        """Print one line."""
        self.console.print(text, style=style, highlight=False)

    def show_rules(self, height: int | None = None) -> bool:
        """Show the keys, then the rules of the game (``docs/rules/<game>.md`` in the
        seat's language, rendered as Markdown, its tables as lists) a screen at a time
        (:func:`page`, asking with ``read``; ``height`` lines a screen, default the
        console's).  Returns True when the player read to the end, False when it went
        back earlier; EOFError and KeyboardInterrupt from ``read`` propagate."""
        return page(self.console, self.read, self._rules(), self.ui.p.t, height)

    def rules_pages(self, height: int | None = None) -> Generator[str, str | None, bool]:
        """:meth:`show_rules` as a dialog (:func:`paging`): yields each prompt between
        screens and is sent the line typed (None: the input ended, raises EOFError); the
        lines come from wherever the caller reads them (LAN play: the one stdin reader)."""
        return paging(self.console, self._rules(), self.ui.p.t, height)

    def _rules(self) -> Group:
        """The keys, an empty line (the page's title must not run into them), the rules."""
        p = self.ui.p
        keys = Text(p.keys_text(), style="bold")
        return Group(keys, Text(""), Markdown(tables_as_lists(p.rules_text())))

    def _print_menu(self, menu: Menu, can_go_back: bool) -> None:
        self.say(menu.title, style="bold")
        items = [Text(f"{i + 1:>2}) {c.label}") for i, c in enumerate(menu.choices)]
        if len(items) > LONG_MENU:
            self.console.print(Columns(items, padding=(0, 3), column_first=True))
        else:
            for it in items:
                self.console.print(it)
        if can_go_back:
            self.say(self.ui.t(" 0) back"), style="dim")

    def choose_sync(self, view: View, legal: Sequence[Move], names: Sequence[str]) -> Move:
        """Ask the player for one of ``legal`` (never empty; ValueError if it is).

        Returns an element of ``legal``.  Bad input re-prompts with a message saying what
        is allowed; typing q or closing the input raises :class:`Quit`.
        """
        dialog = self._dialog(view, legal, names)
        try:
            prompt = next(dialog)
            while True:
                try:
                    text: str | None = self.read(prompt)
                except (EOFError, KeyboardInterrupt):
                    text = None
                prompt = dialog.send(text)
        except StopIteration as done:
            move: Move = done.value
            return move

    async def choose(
        self,
        view: View,
        legal: Sequence[Move],
        names: Sequence[str],
        keys: Callable[[], Awaitable[str | None]] | None = None,
    ) -> Move:
        """:meth:`choose_sync` without blocking trio (the network goes on while the player
        thinks).  ``keys``: where the lines come from (LAN play: the prompt of
        :class:`p2pcards.cli._keyboard.Keys`; None at the end of input); without it each
        line is read by :attr:`read` in a worker thread.  Cancelling abandons the prompt."""
        if keys is None:
            return await trio.to_thread.run_sync(
                self.choose_sync, view, legal, names, abandon_on_cancel=True
            )
        dialog = self._dialog(view, legal, names)
        try:
            prompt = next(dialog)
            while True:
                self.console.print(prompt, end="", markup=False, highlight=False, soft_wrap=True)
                prompt = dialog.send(await keys())
        except StopIteration as done:
            move: Move = done.value
            return move

    def _dialog(
        self, view: View, legal: Sequence[Move], names: Sequence[str]
    ) -> Generator[str, str | None, Move]:
        """The menu dialog: yields each prompt, is sent the line typed (None: the input
        ended), returns the move chosen; raises :class:`Quit` on q or the end of input."""
        if not legal:
            raise ValueError("choose_sync needs at least one legal move")
        planned = self.ui.planned(view, legal)
        if planned is not None and planned in legal:
            self.say("→ " + self.ui.describe(planned, view, names), style="cyan")
            return planned
        if self.auto_single and len(legal) == 1:
            self.say("→ " + self.ui.describe(legal[0], view, names), style="cyan")
            return legal[0]
        stack = [self.ui.menu(view, legal, names)]
        prompt = self.ui.t("choice> ")
        shown = False
        while True:
            menu = stack[-1]
            if not shown:
                self._print_menu(menu, len(stack) > 1)
                shown = True
            text = yield prompt
            if text is None:
                raise Quit
            got = parse_choice(text, menu, self.lang, len(stack) > 1)
            if got == "quit":
                if self.leave_question is None:
                    raise Quit
                answer = yield self.leave_question
                if answer is None or is_yes(answer):
                    raise Quit
                self.say(stay_text(self.lang), style="yellow")
                continue
            if got == "back":
                stack.pop()
                shown = False
                continue
            if got == "help":  # the keys and the rules of the game, then the menu again
                try:
                    yield from self.rules_pages()
                except EOFError:
                    raise Quit from None
                if self.after_rules is not None:
                    self.after_rules()
                shown = False
                continue
            if isinstance(got, str):
                self.say(got[1:], style="red")
                continue
            choice = menu.choices[got]
            if choice.menu is not None:
                stack.append(choice.menu)
                shown = False
                continue
            assert choice.move is not None
            if choice.move not in legal:  # a menu bug must not send an illegal move
                self.say(self.ui.t("That move is not allowed now."))
                continue
            self.ui.remember(choice)
            return choice.move
