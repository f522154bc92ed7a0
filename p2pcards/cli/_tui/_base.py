"""The per-game part of the terminal UI: :class:`GameUI`, subclassed once per game.

A GameUI turns a seat's view (the engine's ``view(seat, knowledge)`` dataclass) into rich
renderables, describes moves in plain words (Russian or English), and builds the menu of
numbered choices from the legal moves.  It never reads the clock and does no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from rich.console import RenderableType
from rich.text import Text

from p2pcards.cli._i18n import tr
from p2pcards.cli._tui._cards import cards_text
from p2pcards.cli._tui._menu import Choice, Menu
from p2pcards.games import Decision, Move, View


class GameUI:
    """Default rendering; games override what differs.

    ``lang`` is "en" or "ru"; ``options`` the game's option values (missing ones take the
    rules' defaults).  ``names[seat]`` is each seat's display name.
    """

    name = ""
    title: ClassVar[dict[str, str]] = {"en": "", "ru": ""}
    hand_word: ClassVar[tuple[str, str]] = ("hand", "раздача")
    """What one deal is called: "hand"/"раздача" (101: "round"/"раунд")."""

    def __init__(self, lang: str = "en", options: Mapping[str, Any] | None = None) -> None:
        self.lang = lang
        self.options: Mapping[str, Any] = dict(options or {})

    def t(self, en: str, ru: str) -> str:
        """English or Russian text by ``self.lang``."""
        return tr(self.lang, en, ru)

    # -- whose turn ------------------------------------------------------------------
    def turn(self, view: View) -> int | None:
        """The seat the game waits for (its decision or its turn), or None."""
        need = view.need
        return need.seat if isinstance(need, Decision) else None

    def turn_text(self, view: View, names: Sequence[str]) -> str:
        """One line saying whose turn it is ("Your turn" / "Turn: Boris")."""
        s = self.turn(view)
        if s is None:
            return ""
        if s == view.seat:
            return self.t("Your turn", "Ваш ход")
        return self.t(f"Turn: {names[s]}", f"Ходит: {names[s]}")

    # -- the seats table ---------------------------------------------------------------
    def status(self, view: View, seat: int) -> str:
        """Short status of ``seat`` for the seats table ("out", "dealer"...), or ""."""
        return ""

    def columns(self, view: View, names: Sequence[str]) -> list[tuple[str, list[Any]]]:
        """Extra columns of the seats table: (header, one cell per seat)."""
        return []

    # -- the game's public state ------------------------------------------------------
    def panels(self, view: View, names: Sequence[str]) -> list[RenderableType]:
        """The game-specific public state, one renderable per part."""
        return []

    def hand(self, view: View) -> RenderableType:
        """The viewer's own hand (already sorted by the engine's view), card symbols."""
        return cards_text(c for _, c in view.hand)

    def hand_title(self, view: View) -> str:
        """Title of the hand panel."""
        n = len(view.hand)
        return self.t(f"Your hand ({n})", f"Ваши карты ({n})")

    # -- moves in words ---------------------------------------------------------------
    def describe(self, move: Move, view: View, names: Sequence[str]) -> str:
        """``move`` in plain words, as a choice ("bid 115") seen from ``view``."""
        return type(move).KIND

    def history_line(self, move: Move, view: View, names: Sequence[str]) -> str:
        """One history line for ``move`` made in the state ``view`` shows:
        "Boris: bid 115"."""
        return f"{names[move.seat]}: {self.describe(move, view, names)}"

    def facts(self, view: View, names: Sequence[str]) -> list[str]:
        """History lines for public facts in ``view`` that are not moves (101: a missed
        turn, a penalty drawn), each returned once; the default has none."""
        return []

    def menu(self, view: View, legal: Sequence[Move], names: Sequence[str]) -> Menu:
        """Numbered choices for ``legal`` (default: one line per move)."""
        return Menu(
            self.t("Your move:", "Ваш ход:"),
            tuple(Choice(self.describe(m, view, names), move=m) for m in legal),
        )

    def planned(self, view: View, legal: Sequence[Move]) -> Move | None:
        """A move chosen earlier for this decision (Sunduchki's question builder), or
        None to ask the player."""
        return None

    def remember(self, choice: Choice) -> None:
        """Keep ``choice.plan`` for :meth:`planned` (default: nothing to keep)."""

    # -- between hands and at the end --------------------------------------------------
    def hand_over(self, before: View, after: View) -> bool:
        """True when a hand (round) ended between the two views."""
        return after.hand_no != before.hand_no

    def sheet(self, view: View, names: Sequence[str]) -> RenderableType | None:
        """The score sheet shown between hands, or None for single-hand games."""
        return None

    def result_lines(self, result: Mapping[str, Any], names: Sequence[str]) -> list[str]:
        """The final result in words: winners, then losers."""
        w = ", ".join(names[s] for s in result.get("winners", ())) or "-"
        lo = ", ".join(names[s] for s in result.get("losers", ())) or "-"
        return [
            self.t(f"winners: {w}", f"победители: {w}"),
            self.t(f"losers: {lo}", f"проигравшие: {lo}"),
        ]

    def seat_label(self, seat: int, view: View, names: Sequence[str]) -> Text:
        """The seat's name, marked "(you)" for the viewer."""
        t = Text(names[seat], style="bold" if seat == view.seat else "")
        if seat == view.seat and names[seat] not in ("You", "Вы"):
            t.append(self.t(" (you)", " (вы)"), style="dim")
        return t
