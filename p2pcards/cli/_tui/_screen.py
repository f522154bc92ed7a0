"""One seat's screen: header, seats table, the game's public state, the hand, recent
history and the "waiting for" line, assembled from a :class:`GameUI`."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from p2pcards.cli._tui._base import GameUI
from p2pcards.games import Finished, View
from p2pcards.ui import Names, Texts, plays_rounds, waiting_line

HISTORY_LINES = 8


def waiting_text(
    lang: str,
    name: str,
    seconds: float,
    limit: float | None = None,
    rounds: bool = False,
    voters: bool | None = True,
) -> Text:
    """ "waiting for Boris… 12 s" / "ждём: Борис… 12 с" (whole seconds, never negative);
    ``limit``: the table's stall limit, said from half of it on, ``rounds``: 101's word,
    ``voters``: a seat connected can vote once the limit passes
    (:func:`p2pcards.ui.waiting_line`)."""
    line = waiting_line(Texts(lang), Names((name,)), (0,), seconds, limit, rounds, voters)
    return Text(line, style="yellow")


def seats_table(
    ui: GameUI,
    view: View,
    names: Sequence[str],
    fingerprints: Sequence[str] = (),
    over: bool = False,
) -> Table:
    """Every seat: a turn marker (none when the hand is ``over``), name (with the first
    group of its key fingerprint when ``fingerprints`` are given: LAN play), card count,
    status and the game's extra columns."""
    table = Table(box=None, pad_edge=False, show_edge=False, header_style="dim")
    table.add_column("")
    table.add_column(ui.t("player"))
    table.add_column(ui.t("cards"), justify="right")
    extra = ui.columns(view, names)
    for header, _ in extra:
        table.add_column(header, justify="right")
    table.add_column("")
    turn = None if over else ui.turn(view)
    for s in range(len(view.counts)):
        mark = Text("▶", style="bold green") if s == turn else Text(" ")
        label = ui.seat_label(s, view, names)
        if s < len(fingerprints):
            label.append(f" [{fingerprints[s][:4]}]", style="dim")
        row: list[RenderableType] = [mark, label, str(view.counts[s])]
        for _, cells in extra:
            cell = cells[s]
            row.append(cell if isinstance(cell, Text) else str(cell))
        row.append(Text(ui.status(view, s), style="dim"))
        table.add_row(*row)
    return table


def history_panel(ui: GameUI, history: Sequence[str], lines: int = HISTORY_LINES) -> Panel:
    """The last ``lines`` history entries, oldest first."""
    recent = list(history)[-lines:]
    body = Text("\n".join(recent)) if recent else Text(ui.t("(nothing yet)"))
    return Panel(body, title=ui.t("History"), title_align="left", border_style="dim")


def render_screen(
    ui: GameUI,
    view: View,
    names: Sequence[str],
    history: Sequence[str] = (),
    waiting: tuple[str, float] | None = None,
    table_code: str = "",
    fingerprints: Sequence[str] = (),
    over: bool = False,
    sheet: RenderableType | None = None,
    stall_limit: float | None = None,
    voters: bool | None = True,
) -> Group:
    """The whole screen of ``view.seat`` as one rich renderable.

    ``waiting`` is (name, elapsed seconds) of the seat being waited for, or None: the
    caller reads the clock, the UI only shows it.  ``table_code``: the LAN table's code
    (shown in the title line; '' offline); ``fingerprints``: each seat's key
    fingerprint, its first group shown beside the name (LAN play); ``over``: the hand
    ended before its end (abandoned by vote): no turn marker, no turn line (they showed
    the turn of the seat that had left); ``sheet``: the score sheet shown between the
    history and the turn line (LAN play, from the second hand on), so that the turn line
    stays just above the player's choices and the waiting line is the screen's last
    line, its seconds rewritten in place (below the sheet they stopped counting);
    ``stall_limit`` and ``voters``: see :func:`waiting_text`.
    """
    title = Text(ui.title, style="bold")
    if not isinstance(view.need, Finished):
        title.append("  ·  " + ui.hand_no_text(view.hand_no + 1), style="dim")
    if table_code:
        title.append("  ·  " + ui.t("table code {code}", code=table_code), style="dim")
    parts: list[RenderableType] = [title, seats_table(ui, view, names, fingerprints, over)]
    parts.extend(ui.panels(view, names))
    parts.append(
        Panel(ui.hand(view), title=ui.hand_title(view), title_align="left", border_style="blue")
    )
    parts.append(history_panel(ui, history))
    if sheet is not None:
        parts.append(sheet)
    turn = "" if over else ui.turn_text(view, names)
    if turn:
        parts.append(Text(turn, style="bold green" if ui.turn(view) == view.seat else "bold"))
    if waiting is not None:
        rounds = plays_rounds(str(getattr(ui.p, "game", "")))
        parts.append(waiting_text(ui.lang, waiting[0], waiting[1], stall_limit, rounds, voters))
    return Group(*parts)
