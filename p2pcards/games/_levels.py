"""Bot specs and levels: ``resolve_bot(info, "hard")`` -> a Player.

A spec is a bot name of the game (``random``, ``basic``, ...) or a level:

- ``easy``: the game's ``basic`` bot;
- ``medium``, ``hard``: the game's ``strong`` bot at that budget
  (:data:`p2pcards.games._search.LEVELS`); ``strong`` is ``hard``.  A game without a
  strong bot (Akulina, a game of chance) plays ``basic`` at every level.
"""

from __future__ import annotations

import importlib
from typing import Any

from p2pcards.games._dealer import Player
from p2pcards.games._errors import OptionError
from p2pcards.games._search import LEVELS
from p2pcards.games._state import GameInfo

_STRONG: dict[str, str] = {
    "thousand": "p2pcards.games.thousand._strong",
    "101": "p2pcards.games.sto_odno._strong",
    "sunduchki": "p2pcards.games.sunduchki._strong",
}
"""Game name -> module with ``make_bot(budget) -> Player`` (the strong bot)."""

_CACHE: dict[tuple[str, str], Player] = {}


def strong_bot(info: GameInfo[Any], level: str = "hard") -> Player:
    """The strong bot of ``info``'s game at ``level`` ("medium" or "hard"); ``basic`` for
    a game without one.  Raises OptionError for an unknown level."""
    if level not in LEVELS:
        raise OptionError(
            "unknown level {level!r} (levels: {levels})",
            level=level,
            levels=", ".join(("easy", *LEVELS)),
        )
    if info.name not in _STRONG:
        player: Player = info.bots["basic"]
        return player
    key = (info.name, level)
    if key not in _CACHE:
        _CACHE[key] = importlib.import_module(_STRONG[info.name]).make_bot(LEVELS[level])
    return _CACHE[key]


def has_strong_bot(info: GameInfo[Any]) -> bool:
    """True if ``info``'s game has a strong bot, so that the levels above ``easy``
    (``medium``, ``hard``) play differently from ``basic``."""
    return info.name in _STRONG


def bot_specs(info: GameInfo[Any]) -> list[str]:
    """Every spec :func:`resolve_bot` accepts for ``info``, bot names first."""
    return [*info.bots, "strong", "easy", *LEVELS]


def resolve_bot(info: GameInfo[Any], spec: str) -> Player:
    """The Player for ``spec`` (a bot name or level, case-insensitive, surrounding blanks
    ignored); raises OptionError naming the accepted specs."""
    name = spec.strip().lower()
    if name == "easy":
        name = "basic"
    if name == "strong":
        name = "hard"
    if name in LEVELS:
        return strong_bot(info, name)
    if name in info.bots:
        player: Player = info.bots[name]
        return player
    raise OptionError(
        "unknown bot {bot!r} for {game} (bots: {bots})",
        bot=spec.strip(),
        game=info.name,
        bots=", ".join(bot_specs(info)),
    )
