"""Hand history lines with every card visible (simulate --show, replay), from the
game's presenter (:mod:`p2pcards.ui`)."""

from __future__ import annotations

from collections.abc import Mapping

from p2pcards.cards import Card
from p2pcards.games import Event, GameState, Move
from p2pcards.ui import Names, Presenter, dealer_line, plays_rounds


def history_line(
    p: Presenter,
    state: GameState,
    event: Event,
    cards: Mapping[int, Card],
    names: Names,
) -> str | None:
    """One line describing ``event`` (call BEFORE applying it to ``state``), showing
    hidden cards from ``cards`` (position -> card); None for events not worth a line.
    A move comes after the facts before it that no move says (:meth:`~p2pcards.ui.
    Presenter.history_facts`: Thousand's obligatory first bid), one line each.
    ``names``: the seats' names (``Names.seats(n, lang)`` when there are none)."""
    if isinstance(event, Move):
        view = state.view(event.seat, cards)
        return "\n".join([*p.history_facts(view, names), p.move_line(event, view, names)])
    return dealer_line(p.t, names, event, cards, plays_rounds(p.game))
