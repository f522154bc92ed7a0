"""What a seat is shown, front-end neutral (pure: no I/O, no clock).

One presenter per game turns an engine's views and moves into texts and plain data
(:mod:`p2pcards.ui._model`) that the terminal (``p2pcards.cli._tui``) and the web page
both draw; the texts of the table and the connection are shared.  English texts are the
message ids; the Russian ones are one catalog (:mod:`p2pcards.ui._ru`).

Public API::

    p = presenter("thousand", "ru", options)      # a Presenter
    p.move_line(move, view_before, Names(names, me=seat))   # "Борис играет 9♦"
    p.centre(view, names), p.columns(view, names), p.menu(view, legal, names) ...
    result_line(Texts("ru"), result, names)        # "проигравший: Борис; …"
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from p2pcards.ui._base import Presenter, symbols
from p2pcards.ui._lobby import lobby_error_text
from p2pcards.ui._menu import Choice, Menu
from p2pcards.ui._model import Backs, Column, Line, Part, Section, Sheet, Styled, cards_line
from p2pcards.ui._names import Names, bot_name, seat_names
from p2pcards.ui._options import option_label, value_label
from p2pcards.ui._results import forfeited_view, result_line
from p2pcards.ui._table import (
    abandoned_line,
    abandoned_msgid,
    awaiting_line,
    cheat_text,
    dealer_line,
    plays_rounds,
    rejoin_waiting_line,
    stall_warning_line,
    table_event_line,
    waiting_line,
    waiting_reason,
)
from p2pcards.ui._texts import LANGS, Texts, ru_plural

_PRESENTERS = {
    "akulina": ("p2pcards.ui.akulina", "AkulinaPresenter"),
    "thousand": ("p2pcards.ui.thousand", "ThousandPresenter"),
    "101": ("p2pcards.ui.sto_odno", "StoOdnoPresenter"),
    "sunduchki": ("p2pcards.ui.sunduchki", "SunduchkiPresenter"),
}
"""Registry game name -> (module, class), imported on first use."""


def presenter_names() -> list[str]:
    """The games that have a presenter."""
    return list(_PRESENTERS)


def presenter(game: str, lang: str = "en", options: Mapping[str, Any] | None = None) -> Presenter:
    """The :class:`Presenter` of a registered game ("akulina", "thousand", "101",
    "sunduchki") in ``lang`` with the game's ``options``; raises ValueError for a game
    without one."""
    where = _PRESENTERS.get(game)
    if where is None:
        raise ValueError(f"no presenter for the game {game!r}")
    cls: type[Presenter] = getattr(importlib.import_module(where[0]), where[1])
    return cls(lang, options)


__all__ = [
    "LANGS",
    "Backs",
    "Choice",
    "Column",
    "Line",
    "Menu",
    "Names",
    "Part",
    "Presenter",
    "Section",
    "Sheet",
    "Styled",
    "Texts",
    "abandoned_line",
    "abandoned_msgid",
    "awaiting_line",
    "bot_name",
    "cards_line",
    "cheat_text",
    "dealer_line",
    "forfeited_view",
    "lobby_error_text",
    "option_label",
    "plays_rounds",
    "presenter",
    "presenter_names",
    "rejoin_waiting_line",
    "result_line",
    "ru_plural",
    "seat_names",
    "stall_warning_line",
    "symbols",
    "table_event_line",
    "value_label",
    "waiting_line",
    "waiting_reason",
]
