"""101's scoring: the value of a hand left at the end of a round and the series score.

Sections of sto-odno.ru.txt: "Конец раунда и стоимость оставшихся карт" (card values,
queens-only hands, finishing on a queen), "Счёт серии: ровно 101 обнуляется" (exactly 101
becomes 0, above 101 loses), "Домашние варианты" (100 becomes 50, nine worth 0, the king
of spades worth 40).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from p2pcards.cards import STO_ODNO_POINTS, Card, Rank
from p2pcards.games._errors import Counted
from p2pcards.games._errors import ScoreSheetError as _SheetError
from p2pcards.games.sto_odno._rules import KING_OF_SPADES, QUEEN_OF_HEARTS

LIMIT = 101
"""The series threshold: a total above it loses; exactly it becomes 0."""


def card_points(card: Card, *, nine_zero: bool = False, king_spades: int = 4) -> int:
    """Penalty points of ``card`` left in a mixed hand: 6-10 face value (a nine 0 with
    ``nine_zero``), jack 2, queen 3, king 4 (the king of spades ``king_spades``), ace 11;
    twos to fives of a 52-card deck at face value."""
    if card == KING_OF_SPADES:
        return king_spades
    if card.rank == Rank.NINE and nine_zero:
        return 0
    return STO_ODNO_POINTS[card.rank]


def queen_points(card: Card) -> int:
    """A queen in a hand of queens only: 20, the queen of hearts 40."""
    return 40 if card == QUEEN_OF_HEARTS else 20


def hand_points(cards: Sequence[Card], *, nine_zero: bool = False, king_spades: int = 4) -> int:
    """Points of a hand left at the end of a round.

    A non-empty hand of queens only scores :func:`queen_points` per queen (a lone queen
    20, the queen of hearts 40); otherwise each card scores :func:`card_points`
    (the queen of hearts, a jack and a nine: 3 + 2 + 9 = 14).
    """
    if cards and all(c.rank == Rank.QUEEN for c in cards):
        return sum(queen_points(c) for c in cards)
    return sum(card_points(c, nine_zero=nine_zero, king_spades=king_spades) for c in cards)


def finish_bonus(last: Sequence[Card]) -> int:
    """What the round's winner subtracts for the queens of its finishing play: 20 per
    queen, 40 for the queen of hearts (0 when it did not finish on a queen)."""
    if not last or last[-1].rank != Rank.QUEEN:
        return 0
    return sum(queen_points(c) for c in last if c.rank == Rank.QUEEN)


def new_score(
    old: int,
    added: int,
    *,
    hundred_to_fifty: bool = False,
    reset_at_101: bool = True,
    lose_at: str = "above",
) -> int:
    """The series score after adding ``added`` (negative for a queen finish) to ``old``.

    Exactly 101 becomes 0 (99 + 2 -> 0) unless ``reset_at_101`` is off or ``lose_at`` is
    "at_least" (then 101 loses: there is nothing left to reset); exactly 100 stays 100
    (94 + 6 -> 100), or becomes 50 with ``hundred_to_fifty``; above 101 the value stays,
    and the seat has lost (see :func:`lost`).  Negative totals are allowed
    (15 - 40 -> -25).
    """
    total = old + added
    if total == LIMIT and reset_at_101 and lose_at == "above":
        return 0
    if total == 100 and hundred_to_fifty:
        return 50
    return total


def lost(score: int, lose_at: str = "above") -> bool:
    """True when a series score has lost: above 101 (94 + 12 = 106 loses), or with
    ``lose_at="at_least"`` 101 or more (ИграФан's «101 или более»)."""
    return score >= LIMIT if lose_at == "at_least" else score > LIMIT


_ENTRY = re.compile(r"^(?:(?P<name>[^=]*)=)?(?P<total>[-+]?\d{1,6})$")


class ScoreSheetError(_SheetError):
    """A ``scores`` option that is not a valid 101 score sheet; the message names the
    entry (1-based, with its text) and what is wrong."""


def parse_totals(text: str, seats: int, options: Mapping[str, Any]) -> list[tuple[str, int]]:
    """(label, total) per seat of a 101 ``scores`` text: ``[NAME=]TOTAL`` per seat in
    seat order, comma-separated (``"Аня=40,Борис=-20,Вера=95"``).  Raises
    :class:`ScoreSheetError` for a malformed entry, the wrong number of entries, or a
    total the series cannot hold: one that has already lost (above 101, or 101 with
    ``lose_at=at_least``), exactly 101 when it is reset to 0, exactly 100 with
    ``hundred_to_fifty``."""
    entries = [e.strip() for e in text.split(",")]
    lose_at = str(options.get("lose_at", "above"))
    reset = bool(options.get("reset_at_101", True)) and lose_at == "above"
    out = []
    for i, e in enumerate(entries, 1):
        m = _ENTRY.match(e.replace(" ", ""))
        if m is None:
            raise ScoreSheetError(
                "{option} entry {i} {entry!r}: expected [NAME=]TOTAL, e.g. 'Аня=40' or '-20'",
                i=i,
                entry=e,
            )
        total = int(m["total"])
        if lost(total, lose_at):
            raise ScoreSheetError(
                "{option} entry {i} {entry!r}: {total} has lost the series already",
                i=i,
                entry=e,
                total=total,
            )
        if total == LIMIT and reset:
            raise ScoreSheetError(
                "{option} entry {i} {entry!r}: exactly 101 is written as 0 (reset_at_101)",
                i=i,
                entry=e,
            )
        if total == 100 and options.get("hundred_to_fifty"):
            raise ScoreSheetError(
                "{option} entry {i} {entry!r}: exactly 100 is written as 50 (hundred_to_fifty)",
                i=i,
                entry=e,
            )
        out.append(((m["name"] or "").strip(), total))
    if len(entries) != seats:  # (after the entries: a bad entry is named, not the count)
        raise ScoreSheetError(
            "{option}: {entries} for {seats} (one per seat, in seat order)",
            entries=Counted("{n} entry", "{n} entries", len(entries)),
            seats=Counted("{n} seat", "{n} seats", seats),
        )
    return out


def starting_totals(options: Mapping[str, Any], seats: int) -> list[int]:
    """Each seat's series total at the start: the ``scores`` option's, or all 0."""
    text = str(options.get("scores", ""))
    if not text:
        return [0] * seats
    return [t for _, t in parse_totals(text, seats, options)]


def totals_text(scores: Sequence[Any]) -> str:
    """The ``scores`` text of one total per seat (an int or a ``(name, int)`` pair)."""
    out = []
    for x in scores:
        name = ""
        if isinstance(x, tuple) and len(x) == 2 and isinstance(x[0], str):
            name, x = x
        if not isinstance(x, int) or isinstance(x, bool):
            raise ScoreSheetError("scores: {x!r} is not a total", x=x)
        out.append(f"{name}={x}" if name else str(x))
    return ",".join(out)
