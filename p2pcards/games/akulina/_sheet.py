"""Continuing an Akulina series from a paper sheet: the ``scores`` option.

One ``[NAME=]LOSSES`` per seat in seat order, comma-separated (``"Аня=2,Борис=0,Вера=1,
Дима=3"``): the losses each seat already has («Для серии можно записывать по одному
проигрышу последнему участнику»).  The option ``hands`` counts the hands still to play.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from p2pcards.games._errors import Counted
from p2pcards.games._errors import ScoreSheetError as _SheetError

_ENTRY = re.compile(r"^(?:(?P<name>[^=]*)=)?(?P<losses>\d{1,6})$")


class ScoreSheetError(_SheetError):
    """A ``scores`` option that is not a valid Akulina sheet; the message names the entry
    (1-based, with its text) and what is wrong."""


def parse_losses(text: str, seats: int) -> list[tuple[str, int]]:
    """(label, losses) per seat; raises :class:`ScoreSheetError` for a malformed or
    negative entry or the wrong number of entries."""
    entries = [e.strip() for e in text.split(",")]
    out = []
    for i, e in enumerate(entries, 1):
        m = _ENTRY.match(e.replace(" ", ""))
        if m is None:
            raise ScoreSheetError(
                "{option} entry {i} {entry!r}: expected [NAME=]LOSSES, a count of 0 or more",
                i=i,
                entry=e,
            )
        out.append(((m["name"] or "").strip(), int(m["losses"])))
    if len(entries) != seats:  # (after the entries: a bad entry is named, not the count)
        raise ScoreSheetError(
            "{option}: {entries} for {seats} (one per seat, in seat order)",
            entries=Counted("{n} entry", "{n} entries", len(entries)),
            seats=Counted("{n} seat", "{n} seats", seats),
        )
    return out


def starting_losses(options: Mapping[str, Any], seats: int) -> list[int]:
    """Each seat's losses at the start: the ``scores`` option's, or all 0."""
    text = str(options.get("scores", ""))
    return [n for _, n in parse_losses(text, seats)] if text else [0] * seats


def check(seats: int, options: Mapping[str, Any]) -> None:
    """Validate a ``scores`` option against the seat count (GameInfo.check)."""
    if options.get("scores"):
        parse_losses(str(options["scores"]), seats)


def losses_text(scores: Sequence[Any]) -> str:
    """The ``scores`` text of one loss count per seat (an int or a ``(name, int)``)."""
    out = []
    for x in scores:
        name = ""
        if isinstance(x, tuple) and len(x) == 2 and isinstance(x[0], str):
            name, x = x
        if not isinstance(x, int) or isinstance(x, bool) or x < 0:
            raise ScoreSheetError("scores: {x!r} is not a count of losses", x=x)
        out.append(f"{name}={x}" if name else str(x))
    return ",".join(out)
