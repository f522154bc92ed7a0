"""Bot specs and levels: ``resolve_bot(info, "hard")`` -> a Player.

A spec is a bot name of the game (``random``, ``basic``, ...) or a level:

- ``easy``: the game's ``basic`` bot;
"""

from __future__ import annotations

from typing import Any

from p2pcards.games._dealer import Player
from p2pcards.games._errors import OptionError
from p2pcards.games._state import GameInfo


def bot_specs(info: GameInfo[Any]) -> list[str]:
    """Every spec :func:`resolve_bot` accepts for ``info``, bot names first."""
    return [*info.bots, "easy"]


def resolve_bot(info: GameInfo[Any], spec: str) -> Player:
    """The Player for ``spec`` (a bot name or level, case-insensitive, surrounding blanks
    ignored); raises OptionError naming the accepted specs."""
    name = spec.strip().lower()
    if name == "easy":
        name = "basic"
    if name in info.bots:
        player: Player = info.bots[name]
        return player
    raise OptionError(
        f"unknown bot {spec.strip()!r} for {info.name} (bots: {', '.join(bot_specs(info))})"
    )
