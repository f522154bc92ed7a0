"""Numbered choices built from a seat's legal moves, and the parsing of typed input.

A :class:`Menu` is a titled list of :class:`Choice`; a choice leads to a move or to a
sub-menu (e.g. Thousand's two cards to pass, Sunduchki's question builder).  Parsing is
pure: :func:`parse_choice` returns the index chosen or an error message to show.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from p2pcards.cli._i18n import tr
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


BACK_KEYS = ("0", "b", "back", "н", "назад")
QUIT_KEYS = ("q", "quit", "exit", "в", "выход")


def parse_choice(text: str, menu: Menu, lang: str, can_go_back: bool) -> int | str:
    """The index (0-based) chosen by ``text``, or ``"back"``/``"quit"``, or raises nothing:
    on bad input returns an error message (a str starting with "!") naming what is wrong
    and what is allowed.  Accepts "1".."N", surrounding spaces, and a trailing ")" or ".".
    """
    t = text.strip().lower().rstrip(").")
    n = len(menu.choices)
    if t in QUIT_KEYS:
        return "quit"
    if t in BACK_KEYS and can_go_back:
        return "back"
    if not t:
        return "!" + tr(
            lang,
            f"Type the number of your choice (1-{n}).",
            f"Введите номер варианта (1-{n}).",
        )
    if not t.isdigit():
        return "!" + tr(
            lang,
            f"{text.strip()!r} is not a number: type 1-{n}"
            + (", 0 to go back" if can_go_back else "")
            + ", q to quit.",
            f"{text.strip()!r} не номер: введите 1-{n}"
            + (", 0 — назад" if can_go_back else "")
            + ", q — выход.",
        )
    k = int(t)
    if not 1 <= k <= n:
        return "!" + tr(
            lang,
            f"There is no choice {k}: type a number from 1 to {n}.",
            f"Варианта {k} нет: введите число от 1 до {n}.",
        )
    return k - 1
