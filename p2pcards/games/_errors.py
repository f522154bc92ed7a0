"""Errors raised by rules engines."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


class GameError(Exception):
    """Base of every error a rules engine raises."""


class IllegalMove(GameError):
    """An event or move that the rules forbid, checked against public information.

    ``seat`` is the seat to blame (None for a dealer event out of place), ``rule`` names
    the section of the rules text that forbids it (e.g. ``"akulina: one card per turn"``).
    """

    def __init__(self, seat: int | None, rule: str, message: str) -> None:
        self.seat = seat
        self.rule = rule
        self.message = message
        who = f"seat {seat}: " if seat is not None else ""
        super().__init__(f"{who}{message} [{rule}]")


class ClaimMismatch(IllegalMove):
    """Opened cards differ from what the moving seat claimed they were."""


@dataclass(frozen=True)
class Counted:
    """A parameter of an :class:`OptionError` that is a number with its noun ("{n}
    entry" / "{n} entries"): a front end words it in its language with the plural form
    for ``n`` (Russian: 1 запись, 2 записи, 5 записей); ``str()`` is the English."""

    singular: str
    plural: str
    n: int

    def __str__(self) -> str:
        return (self.singular if self.n == 1 else self.plural).format(n=self.n)


class OptionError(GameError, ValueError):
    """An unknown game, an unknown option or an option value out of range.

    ``msgid`` is the English text with ``str.format`` placeholders and ``params`` their
    values (``str(e)`` is ``msgid.format(**params)``), so a front end can show it in
    another language through its catalog (the engines hold no prose in other languages);
    a count with its noun is a :class:`Counted` parameter.
    """

    def __init__(self, msgid: str, **params: Any) -> None:
        self.msgid = msgid
        self.params = params
        super().__init__(msgid.format(**params) if params else msgid)


class ScoreSheetError(OptionError):
    """A ``scores`` option (a paper score sheet) that the game cannot start from; the
    message names the bad entry (1-based, with its text) or the entry count, and what is
    wrong.  Its ``{option}`` parameter is the option's name in the message: ``scores``
    here, and a front end puts the option as the user typed it (``--scores``) with
    :meth:`named`.  Each game's parser raises its own subclass."""

    def __init__(self, msgid: str, **params: Any) -> None:
        params.setdefault("option", "scores")
        super().__init__(msgid, **params)

    def named(self, option: str) -> ScoreSheetError:
        """The same error with the option called ``option`` (``--scores``)."""
        return type(self)(self.msgid, **(self.params | {"option": option}))


class DecodeError(GameError, ValueError):
    """Bytes or plain data that do not decode to a valid move or event."""
