"""What a presenter returns: plain, frozen data any front end can draw.

A :class:`Line` is a row of parts: text, a :class:`~p2pcards.cards.Card` (drawn as a
card: rank, suit, red or black), a :class:`~p2pcards.cards.Suit`, :class:`Backs` (face-
down cards to pick from) or :class:`Styled` text.  ``tone`` hints how to show a whole
line or part: "" (plain), "bold", "dim", "warn" (penalties, waiting), "good" (what you
may do), "bad".  A :class:`Section` is a titled group of lines (the centre of the table),
a :class:`Sheet` a score sheet, a :class:`Column` an extra column of the seats table.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from p2pcards.cards import Card, Suit


@dataclass(frozen=True, slots=True)
class Backs:
    """``n`` face-down cards, numbered from 1 (the cards one may take)."""

    n: int


@dataclass(frozen=True, slots=True)
class Styled:
    """Text with a tone ("bold", "dim", "warn", "good", "bad")."""

    text: str
    tone: str = ""


Part = str | Card | Suit | Backs | Styled


@dataclass(frozen=True, slots=True)
class Line:
    """A row of parts with a tone for the whole row."""

    parts: tuple[Part, ...] = ()
    tone: str = ""

    @classmethod
    def of(cls, *parts: Part | Iterable[Card], tone: str = "", sep: str = " ") -> Line:
        """A line from parts; an iterable of cards is spread with ``sep`` between them."""
        out: list[Part] = []
        for p in parts:
            if isinstance(p, str | Card | Suit | Backs | Styled):
                out.append(p)
                continue
            for i, c in enumerate(p):
                if i:
                    out.append(sep)
                out.append(c)
        return cls(tuple(out), tone)

    @property
    def plain(self) -> str:
        """The line as plain text (cards and suits as symbols, backs as [1] [2] ...)."""
        return "".join(_plain(p) for p in self.parts)


def _plain(p: Part) -> str:
    if isinstance(p, str):
        return p
    if isinstance(p, Card | Suit):
        return p.symbol
    if isinstance(p, Styled):
        return p.text
    return " ".join(f"[{i + 1}]" for i in range(p.n))


def cards_line(cards: Iterable[Card], tone: str = "") -> Line:
    """Cards separated by spaces."""
    return Line.of(tuple(cards), tone=tone)


@dataclass(frozen=True, slots=True)
class Section:
    """A titled part of the table's centre (``title`` may be empty)."""

    title: str
    lines: tuple[Line, ...]


@dataclass(frozen=True, slots=True)
class Column:
    """An extra column of the seats table: ``header`` and one cell per seat."""

    header: str
    cells: tuple[Line, ...]


@dataclass(frozen=True, slots=True)
class Sheet:
    """A score sheet: ``headers`` and ``rows`` of cells; ``right[i]`` says whether
    column i is right-aligned (numbers)."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[Line, ...], ...]
    right: tuple[bool, ...] = ()
