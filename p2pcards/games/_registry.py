"""The game registry: ``load_game(name, seats=..., **options)``."""

from __future__ import annotations

import importlib
from typing import Any

from p2pcards.games._errors import OptionError
from p2pcards.games._state import Game, GameInfo

# name -> module defining GAME: GameInfo.  Aliases map to a canonical name.
_MODULES: dict[str, str] = {
    "akulina": "p2pcards.games.akulina",
    "101": "p2pcards.games.sto_odno",
    "thousand": "p2pcards.games.thousand",
    "sunduchki": "p2pcards.games.sunduchki",
}
_ALIASES: dict[str, str] = {
    "акулина": "akulina",
    "sto_odno": "101",
    "сто одно": "101",
    "тысяча": "thousand",
    "сундучки": "sunduchki",
}


def game_names() -> list[str]:
    """The registered games' canonical names, sorted."""
    return sorted(_MODULES)


def game_info(name: str) -> GameInfo[Any]:
    """The :class:`GameInfo` of ``name`` (or an alias); raises OptionError if unknown."""
    key = _ALIASES.get(name.lower(), name.lower())
    if key not in _MODULES:
        raise OptionError(
            "unknown game {game!r} (games: {games})", game=name, games=", ".join(game_names())
        )
    info: GameInfo[Any] = importlib.import_module(_MODULES[key]).GAME
    return info


def load_game(name: str, seats: int | None = None, **options: Any) -> Game[Any]:
    """A configured game: ``load_game("akulina", seats=4, removed_queen="hearts")``.

    Raises OptionError for an unknown game or option, a bad value, or a seat count the
    game does not allow; the message lists what is allowed.
    """
    return game_info(name).configure(seats, **options)
