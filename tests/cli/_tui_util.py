"""Helpers for the terminal UI tests: render to plain text, drive a game to a point."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console

from p2pcards.cli._tui import GameUI, TerminalSeat, render_screen
from p2pcards.games import Decision, GameState, LocalDealer, Move, View

NAMES = ["Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor"]


def console(width: int = 110) -> Console:
    """A recording console that writes nowhere (plain text, fixed width)."""
    return Console(file=io.StringIO(), width=width, record=True, color_system="truecolor")


def text_of(renderable: Any, width: int = 110) -> str:
    """The plain text of a rich renderable."""
    c = console(width)
    c.print(renderable)
    return c.export_text()


def screen(ui: GameUI, view: View, names: Sequence[str], **kw: Any) -> str:
    """The plain text of a whole screen."""
    return text_of(render_screen(ui, view, names, **kw))


def scripted_seat(game: str, lines: Sequence[str], lang: str = "en", **kw: Any) -> TerminalSeat:
    """A TerminalSeat reading ``lines`` in order (EOFError after the last)."""
    it = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return TerminalSeat(game, lang, console=console(), read=read, clear=False, **kw)


Pick = Callable[[GameState, int, list[Move]], Move]


def first(state: GameState, seat: int, legal: list[Move]) -> Move:
    """Pick the first legal move."""
    return legal[0]


def drive(
    state: GameState,
    dealer: LocalDealer,
    until: Callable[[GameState, int], bool],
    pick: Pick = first,
    limit: int = 10_000,
) -> int:
    """Answer needs and make moves with ``pick`` until a decision by a seat for which
    ``until(state, seat)`` holds; returns that seat."""
    for _ in range(limit):
        if dealer.answer() is not None:
            continue
        need = state.need()
        assert isinstance(need, Decision), need
        if until(state, need.seat):
            return need.seat
        legal = state.legal_moves(need.seat, dealer.knowledge[need.seat])
        dealer.apply(pick(state, need.seat, legal))
    raise AssertionError("the point was never reached")
