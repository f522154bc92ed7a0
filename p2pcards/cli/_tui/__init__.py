"""The terminal user interface (rich): one seat's screen and numbered move choices.

Public API::

    seat = TerminalSeat("thousand", lang="ru")
    seat.show(view, names, history, waiting=("Boris", 12.0))
    move = seat.choose_sync(view, legal, names)      # offline
    move = await seat.choose(view, legal, names)     # inside trio (LAN play)

``view`` is the engine's ``state.view(seat, knowledge)``; ``names[seat]`` the display
names; ``history`` plain lines, oldest first (``seat.ui.history_line(move, view, names)``
makes one per move).  What is shown and every text come from the game's presenter in
:mod:`p2pcards.ui`; :class:`GameUI` draws it with rich.

LAN play: ``p2pcards.cli._tui._live.play_seat_live(controller, lang)`` drives a
``p2pcards.peer.Session`` seat on these screens from the table's UI events (imported
separately so offline play does not load the network stack).
"""

from p2pcards.cli._tui._base import GameUI
from p2pcards.cli._tui._cards import card_text, cards_text, suit_text
from p2pcards.cli._tui._menu import Choice, Menu, parse_choice
from p2pcards.cli._tui._screen import render_screen, waiting_text
from p2pcards.cli._tui._seat import Quit, TerminalSeat, game_ui

__all__ = [
    "Choice",
    "GameUI",
    "Menu",
    "Quit",
    "TerminalSeat",
    "card_text",
    "cards_text",
    "game_ui",
    "parse_choice",
    "render_screen",
    "suit_text",
    "waiting_text",
]
