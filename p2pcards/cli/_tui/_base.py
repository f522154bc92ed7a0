"""The game part of the terminal UI: :class:`GameUI`, the rich drawing of a game's
presenter (:mod:`p2pcards.ui`).

Every text and every decision about what to show comes from the presenter; GameUI only
turns its plain data (lines of cards and words, sections, score sheets) into rich
renderables.  It never reads the clock and does no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from p2pcards.cards import Card
from p2pcards.cli._i18n import tr
from p2pcards.cli._tui._cards import backs_text, card_text, suit_text
from p2pcards.games import Move, View
from p2pcards.ui import Backs, Choice, Line, Menu, Presenter, Section, Sheet, Styled, presenter

TONES = {
    "": "",
    "bold": "bold",
    "dim": "dim",
    "warn": "yellow",
    "good": "green",
    "bad": "red",
}
"""Rich style of each tone of :mod:`p2pcards.ui._model`."""


def line_text(line: Line, lang: str = "en") -> Text:
    """A presenter's :class:`~p2pcards.ui.Line` as rich text (cards red or black, their
    letters in ``lang``: В, Д, К, Т in Russian)."""
    out = Text(style=TONES.get(line.tone, ""))
    for p in line.parts:
        if isinstance(p, str):
            out.append(p)
        elif isinstance(p, Styled):
            out.append(p.text, style=TONES.get(p.tone, ""))
        elif isinstance(p, Backs):
            out.append_text(backs_text(p.n))
        elif isinstance(p, Card):
            out.append_text(card_text(p, lang))
        else:
            out.append_text(suit_text(p))
    return out


def section_renderable(section: Section, lang: str = "en") -> RenderableType:
    """A titled section in a dim panel; an untitled one as plain lines."""
    body = Group(*(line_text(ln, lang) for ln in section.lines))
    if not section.title:
        return body
    return Panel(body, title=section.title, title_align="left", border_style="dim")


def sheet_table(sheet: Sheet, lang: str = "en") -> Table:
    """A score sheet as a rich table."""
    t = Table(title=sheet.title, title_justify="left")
    for i, h in enumerate(sheet.headers):
        right = i < len(sheet.right) and sheet.right[i]
        t.add_column(h, justify="right" if right else "left")
    for row in sheet.rows:
        t.add_row(*(line_text(c, lang) for c in row))
    return t


class GameUI:
    """One game's screen parts and choices in the terminal, drawn from ``presenter``.

    ``lang`` is "en" or "ru"; ``options`` the game's option values.  ``names[seat]`` is
    each seat's display name; the viewer is ``view.seat``.
    """

    def __init__(self, p: Presenter) -> None:
        self.p = p
        self.lang = p.lang
        self.options: Mapping[str, Any] = p.options

    @classmethod
    def of(cls, game: str, lang: str = "en", options: Mapping[str, Any] | None = None) -> GameUI:
        """The GameUI of a registered game (ValueError when it has no presenter)."""
        return cls(presenter(game, lang, options))

    def __getattr__(self, name: str) -> Any:
        """A game's own presenter methods (101's ``requirement``, Sunduchki's
        ``note_text``...), for front ends that draw them themselves (the web page)."""
        if name.startswith("__") or name == "p":
            raise AttributeError(name)
        return getattr(self.p, name)

    @property
    def name(self) -> str:
        """The game's registry name."""
        return self.p.game

    @property
    def title(self) -> str:
        """The game's name in the UI's language."""
        return self.p.title

    def t(self, msgid: str, **kw: Any) -> str:
        """The translation of ``msgid`` in ``self.lang`` formatted with ``kw``
        (terminal-only texts; the catalog is :mod:`p2pcards.ui`'s)."""
        return tr(self.lang, msgid, **kw)

    def hand_no_text(self, n: int) -> str:
        """ "hand 3" / "раздача 3" (101: "round 3")."""
        return self.p.hand_no_text(n)

    # -- whose turn, the seats table ---------------------------------------------------
    def turn(self, view: View) -> int | None:
        """The seat the game waits for, or None."""
        return self.p.turn(view)

    def turn_text(self, view: View, names: Sequence[str]) -> str:
        """One line saying whose turn it is."""
        return self.p.turn_text(view, names)

    def status(self, view: View, seat: int) -> str:
        """Short status of ``seat`` for the seats table, or ""."""
        return self.p.status(view, seat)

    def columns(self, view: View, names: Sequence[str]) -> list[tuple[str, list[Any]]]:
        """Extra columns of the seats table: (header, one rich cell per seat)."""
        lang = self.p.lang
        return [
            (c.header, [line_text(x, lang) for x in c.cells]) for c in self.p.columns(view, names)
        ]

    def seat_label(self, seat: int, view: View, names: Sequence[str]) -> Text:
        """The seat's name, marked "(you)" for the viewer."""
        t = Text(names[seat], style="bold" if seat == view.seat else "")
        if seat == view.seat and names[seat].casefold() not in ("you", "вы"):
            t.append(self.t(" (you)"), style="dim")
        return t

    # -- the centre and the hand -------------------------------------------------------
    def panels(self, view: View, names: Sequence[str]) -> list[RenderableType]:
        """The game's public state, one renderable per section."""
        return [section_renderable(s, self.p.lang) for s in self.p.centre(view, names)]

    def hand(self, view: View) -> Text:
        """The viewer's own hand."""
        return line_text(self.p.hand(view), self.p.lang)

    def hand_title(self, view: View) -> str:
        """Title of the hand panel."""
        return self.p.hand_title(view)

    # -- moves -------------------------------------------------------------------------
    def describe(self, move: Move, view: View, names: Sequence[str]) -> str:
        """``move`` as a choice ("bid 115")."""
        return self.p.choice(move, view, names)

    def history_line(self, move: Move, view: View, names: Sequence[str]) -> str:
        """The history line of ``move`` made in the state ``view`` shows."""
        return self.p.history_line(move, view, names)

    def facts(self, view: View, names: Sequence[str]) -> list[str]:
        """History lines for public facts that are not moves, each once."""
        return self.p.facts(view, names)

    def menu(self, view: View, legal: Sequence[Move], names: Sequence[str]) -> Menu:
        """Numbered choices for ``legal``."""
        return self.p.menu(view, legal, names)

    def planned(self, view: View, legal: Sequence[Move]) -> Move | None:
        """A move chosen earlier for this decision, or None."""
        return self.p.planned(view, legal)

    def remember(self, choice: Choice) -> None:
        """Keep ``choice.plan`` for :meth:`planned`."""
        self.p.remember(choice)

    # -- between hands and at the end --------------------------------------------------
    def hand_over(self, before: View, after: View) -> bool:
        """True when a hand (round) ended between the two views."""
        return self.p.hand_over(before, after)

    def sheet(
        self,
        view: View,
        names: Sequence[str],
        last: int | None = None,
        result: Mapping[str, Any] | None = None,
    ) -> RenderableType | None:
        """The score sheet shown between hands, or None.  ``last``: only its last
        ``last`` rows (each a hand, with the running scores), after a row of "…" when
        rows were left out: the live screen of a long game kept the whole sheet above
        the player's choices and ran past a 50-line window.  ``result``: the game's
        result at its end (a hand forfeited gets its row)."""
        note = getattr(self.p, "sheet_note", None)
        forfeit = result is not None and "forfeit" in result  # (its sheet, not the note)
        text = note(view) if note is not None and not forfeit else None
        if text:
            return Text(text, style="yellow")
        sheet = self.p.sheet(view, names, result)
        if sheet is None:
            return None
        if last is not None and len(sheet.rows) > last:
            gap = (Line(("…",)), *(Line(("",)) for _ in sheet.headers[1:]))
            sheet = replace(sheet, rows=(gap, *sheet.rows[-last:]))
        return sheet_table(sheet, self.p.lang)

    def result_lines(self, result: Mapping[str, Any], names: Sequence[str]) -> list[str]:
        """The final result in words."""
        return self.p.result_lines(result, names)
