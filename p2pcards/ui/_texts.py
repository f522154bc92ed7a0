"""Translated texts, gettext-style: the English text is the message id.

Every user-facing string of :mod:`p2pcards.ui` is written in English in the code and
passed through a :class:`Texts` (``t("…")``, ``t.n("…", "…", n)``); the Russian
translations are one dict, :data:`p2pcards.ui._ru.RU` (msgid -> text, or msgid -> the
three Russian plural forms).  That is the shape of a gettext catalog, so moving to
``.po`` files (issue 15) replaces the dict lookup and nothing else.

Placeholders use ``str.format`` names (``{name}``, ``{card}``, ``{n}``); a name is
always put where Russian needs no case ending (a subject, or after a colon).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

LANGS = ("en", "ru")
"""The languages every text exists in."""


def ru_plural(n: int) -> int:
    """The Russian plural form of ``n``: 0 for 1, 21, 101 (карта), 1 for 2-4, 22-24
    (карты), 2 for 0, 5-20, 25-30 (карт); gettext's rule for ``ru``."""
    n = abs(n)
    if n % 10 == 1 and n % 100 != 11:
        return 0
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return 1
    return 2


def _catalog(lang: str) -> Mapping[str, str | tuple[str, str, str]]:
    if lang == "ru":
        from p2pcards.ui._ru import RU

        return RU
    return {}


@dataclass(frozen=True)
class Texts:
    """The texts of one language (``"en"`` or ``"ru"``; anything else means English).

    ``t(msgid, **kw)`` is the translation of ``msgid`` formatted with ``kw``;
    ``t.n(singular, plural, n, **kw)`` picks the plural form for ``n`` (``{n}`` is
    filled in).  A msgid missing from the Russian catalog is returned in English (the
    tests in ``tests/ui`` fail on any such msgid).
    """

    lang: str = "en"

    def __post_init__(self) -> None:
        if self.lang not in LANGS:
            object.__setattr__(self, "lang", "en")

    @property
    def ru(self) -> bool:
        """True for Russian."""
        return self.lang == "ru"

    def __call__(self, msgid: str, **kw: Any) -> str:
        got = _catalog(self.lang).get(msgid, msgid)
        text = got if isinstance(got, str) else got[0]
        return text.format(**kw) if kw else text

    def n(self, singular: str, plural: str, n: int, **kw: Any) -> str:
        """``singular``/``plural`` (English) or the Russian form for ``n``."""
        got = _catalog(self.lang).get(singular)
        if isinstance(got, tuple):
            text = got[ru_plural(n)]
        elif isinstance(got, str):
            text = got
        else:
            text = singular if n == 1 else plural
        return text.format(n=n, **kw)
