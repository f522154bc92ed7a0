"""Seat names as the presenters use them: real names, the viewer's seat, seats from 1."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from p2pcards.ui._texts import Texts


@dataclass(frozen=True)
class Names:
    """The display name of every seat and the viewer's seat (``me``; None for an
    observer: the audit, a replay, ``simulate --show``).

    ``names[seat]`` is the seat's name; a seat without one is "seat N" / "место N",
    counted from 1.  Sentences about the viewer use the second person ("You play 9♦" /
    "Вы играете 9♦"), never the viewer's name in a third-person slot.
    """

    names: tuple[str, ...]
    me: int | None = None

    @classmethod
    def of(cls, names: Sequence[str] | Names, me: int | None = None) -> Names:
        """``names`` as :class:`Names` (a plain sequence gets viewer ``me``)."""
        if isinstance(names, Names):
            return names
        return cls(tuple(names), me)

    @classmethod
    def seats(cls, n: int, lang: str, me: int | None = None) -> Names:
        """Names "seat 1" .. "seat n" ("место 1" ..) for a table without player names."""
        t = Texts(lang)
        return cls(tuple(t("seat {n}", n=s + 1) for s in range(n)), me)

    def __getitem__(self, seat: int) -> str:
        if 0 <= seat < len(self.names):
            return self.names[seat]
        return f"#{seat + 1}"

    def __len__(self) -> int:
        return len(self.names)

    def __iter__(self) -> Iterator[str]:
        return iter(self.names)

    def is_me(self, seat: int | None) -> bool:
        """True when ``seat`` is the viewer's."""
        return seat is not None and seat == self.me

    def join(self, seats: Iterable[int], t: Texts) -> str:
        """Names of ``seats`` as a list in words in ``t``'s language ("Борис, Вера и
        Галя", "Boris and Vera"; "-" for none: :meth:`Texts.join`)."""
        return t.join(self[s] for s in seats)


BOT_NAMES = {
    "en": ("Boris", "Vera", "Gleb", "Dasha", "Egor", "Zoya", "Ivan"),
    "ru": ("Борис", "Вера", "Глеб", "Даша", "Егор", "Зоя", "Иван"),
}
"""Display names given to bots at an offline table, per language."""


def bot_name(n: int, lang: str) -> str:
    """The default display name of the ``n``-th bot (from 1) a table is given in
    ``lang``: "Bot 1" / "Бот 1".  The host names its bots in its own language once; the
    name then travels in the genesis, so every peer's log and screen show the same."""
    t = Texts(lang)
    return t("Bot {n}", n=n)


def seat_names(seats: int, human: int, human_name: str, lang: str) -> list[str]:
    """Display names of an offline table: ``human_name`` at seat ``human`` (0-based), bot
    names (:data:`BOT_NAMES` of ``lang``) at the others; ``seats`` names in all."""
    bots = iter(BOT_NAMES["ru" if lang == "ru" else "en"] * 2)
    return [human_name if s == human else next(bots) for s in range(seats)]
