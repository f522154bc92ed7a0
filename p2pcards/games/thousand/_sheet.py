"""Starting a Thousand game from a paper score sheet: the ``scores`` option.

Format (``docs/rules/thousand.md``, "Starting from a score sheet"): one entry per seat,
in seat order, separated by commas; an entry is ``[NAME=]SCORE[/TRIES][bBOLTS]``:

- ``NAME=``: a label for the audit (who had this score on paper), optional;
- ``SCORE``: the running score (a multiple of 5 unless ``rounding=none``; may be negative);
- ``/TRIES``: only for a score at the barrel threshold: hands already played on the
  barrel (0 if left out; fewer than ``barrel_tries``);
- ``bBOLTS`` (or ``бBOLTS``): bolts already counted toward the next penalty (fewer than
  ``bolts``).

Example: ``Аня=455b1,Борис=880/2,Вера=120``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from p2pcards.games._errors import Counted
from p2pcards.games._errors import ScoreSheetError as _SheetError
from p2pcards.games.thousand._rules import Standing

_ENTRY = re.compile(
    r"^(?:(?P<name>[^=]*)=)?(?P<score>[-+]?\d{1,6})"
    r"(?:/(?P<tries>\d{1,3}))?(?:[bб](?P<bolts>\d{1,3}))?$"
)


class ScoreSheetError(_SheetError):
    """A ``scores`` option that is not a valid Thousand score sheet; the message names
    the entry (1-based, with its text) and what is wrong."""


def parse_scores(text: str, seats: int, options: Mapping[str, Any]) -> list[tuple[str, Standing]]:
    """The (label, :class:`Standing`) per seat of a ``scores`` text (see the module
    docstring).  Raises :class:`ScoreSheetError` for a malformed entry, the wrong number
    of entries, a score the rules cannot produce (not a multiple of 5, between the barrel
    and the target, at or above the target) or barrel tries / bolts out of range."""
    entries = [e.strip() for e in text.split(",")]
    target, barrel = int(options["target"]), int(options["barrel"])
    tries_max, bolts_max = int(options["barrel_tries"]), int(options["bolts"])
    rounding = str(options.get("rounding", "five"))
    out = []
    for i, e in enumerate(entries, 1):
        m = _ENTRY.match(e.replace(" ", ""))
        if m is None:
            raise ScoreSheetError(
                "{option} entry {i} {entry!r}: expected [NAME=]SCORE[/TRIES][bBOLTS], e.g. "
                "'Борис=880/2' or '455b1'",
                i=i,
                entry=e,
            )
        name = (m["name"] or "").strip()
        score = int(m["score"])
        tries = None if m["tries"] is None else int(m["tries"])
        bolts = 0 if m["bolts"] is None else int(m["bolts"])
        if rounding == "five" and score % 5:
            raise ScoreSheetError(
                "{option} entry {i} {entry!r}: {score} is not a multiple of 5 (scores are rounded)",
                i=i,
                entry=e,
                score=score,
            )
        if score >= target:
            raise ScoreSheetError(
                "{option} entry {i} {entry!r}: {score} has reached the target {target}: game over",
                i=i,
                entry=e,
                score=score,
                target=target,
            )
        on_barrel: int | None = None
        if barrel and score == barrel:
            on_barrel = tries or 0
            if on_barrel >= tries_max:
                raise ScoreSheetError(
                    "{option} entry {i} {entry!r}: {hands} on the barrel; at most {most} "
                    "(after {tries} the penalty is paid)",
                    i=i,
                    entry=e,
                    hands=Counted("{n} hand", "{n} hands", on_barrel),
                    most=tries_max - 1,
                    tries=tries_max,
                )
        elif barrel and score > barrel:
            raise ScoreSheetError(
                "{option} entry {i} {entry!r}: no score lies between the barrel {barrel} and "
                "the target {target}",
                i=i,
                entry=e,
                barrel=barrel,
                target=target,
            )
        elif tries is not None and not barrel:
            raise ScoreSheetError(
                "{option} entry {i} {entry!r}: /{tries} counts hands on the barrel, and this "
                "game has none (barrel=0)",
                i=i,
                entry=e,
                tries=tries,
            )
        elif tries is not None:
            raise ScoreSheetError(
                "{option} entry {i} {entry!r}: /{tries} (barrel tries) needs the score {barrel}",
                i=i,
                entry=e,
                tries=tries,
                barrel=barrel,
            )
        if bolts >= bolts_max:
            raise ScoreSheetError(
                "{option} entry {i} {entry!r}: {bolts}; at most {most} (at {max} the penalty "
                "is paid)",
                i=i,
                entry=e,
                bolts=Counted("{n} bolt", "{n} bolts", bolts),
                most=bolts_max - 1,
                max=bolts_max,
            )
        out.append((name, Standing(score, on_barrel, bolts)))
    if len(entries) != seats:  # (after the entries: a bad entry is named, not the count)
        raise ScoreSheetError(
            "{option}: {entries} for {seats} (one per seat, in seat order)",
            entries=Counted("{n} entry", "{n} entries", len(entries)),
            seats=Counted("{n} seat", "{n} seats", seats),
        )
    return out


def starting_standings(options: Mapping[str, Any], seats: int) -> list[Standing]:
    """Each seat's :class:`Standing` at the start: the ``scores`` option's, or all zero."""
    text = str(options.get("scores", ""))
    if not text:
        return [Standing() for _ in range(seats)]
    return [st for _, st in parse_scores(text, seats, options)]


def scores_text(scores: Sequence[Any]) -> str:
    """The ``scores`` text of a sequence with one item per seat: an int, a
    :class:`Standing`, a ``(name, Standing or int)`` pair, or an entry string."""
    out = []
    for x in scores:
        name = ""
        if isinstance(x, tuple) and len(x) == 2 and isinstance(x[0], str):
            name, x = x
        if isinstance(x, Standing):
            e = str(x.score) + ("" if x.barrel is None else f"/{x.barrel}")
            e += f"b{x.bolts}" if x.bolts else ""
        elif isinstance(x, int) and not isinstance(x, bool):
            e = str(x)
        elif isinstance(x, str):
            e = x
        else:
            raise ScoreSheetError("scores: {x!r} is not a score, a Standing or an entry", x=x)
        out.append(f"{name}={e}" if name else e)
    return ",".join(out)
