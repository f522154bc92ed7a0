"""The presenter adapter: move descriptions, whose turn, result lines, per game and
language.

Today the texts come from the terminal UI's per-game classes (``p2pcards.cli._tui``,
pure and bilingual); when the front-end-neutral presenters of ``p2pcards.ui`` land this
module is the one place to switch.  Everything the web page says about a game passes
through :func:`presenter`.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from p2pcards.cli._tui import GameUI, game_ui


@lru_cache(maxsize=32)
def _cached(game: str, lang: str, options: tuple[tuple[str, Any], ...]) -> GameUI:
    return game_ui(game, lang, dict(options))


def presenter(game: str, lang: str, options: Mapping[str, Any]) -> GameUI:
    """The presenter of ``game`` ("akulina", "thousand", "101", "sunduchki") in ``lang``
    ("en"/"ru") with the game's option values.  Raises ValueError for an unknown game."""
    return _cached(game, lang, tuple(sorted(options.items())))
