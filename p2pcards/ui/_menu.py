"""Numbered choices built from a seat's legal moves (plain data for any front end).

A :class:`Menu` is a titled list of :class:`Choice`; a choice leads to a move or to a
sub-menu (e.g. Thousand's two cards to pass, Sunduchki's question builder).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from p2pcards.games import Move


@dataclass(frozen=True)
class Choice:
    """One numbered line: ``label`` in plain words; ``move`` chosen at once, or ``menu``
    opened next; ``plan`` is extra data a game keeps for later decisions (Sunduchki's
    full question)."""

    label: str
    move: Move | None = None
    menu: Menu | None = None
    plan: Any = None


@dataclass(frozen=True)
class Menu:
    """A titled list of choices (never empty when offered to a player)."""

    title: str
    choices: tuple[Choice, ...] = field(default_factory=tuple)

    def labels(self) -> list[str]:
        """The choices' texts, in order."""
        return [c.label for c in self.choices]

    def moves(self) -> list[Move]:
        """Every move reachable from this menu (sub-menus included), in order."""
        out: list[Move] = []
        for c in self.choices:
            if c.move is not None:
                out.append(c.move)
            if c.menu is not None:
                out.extend(c.menu.moves())
        return out
