"""Translated texts through gettext: the English text is the message id.

Every user-facing string of :mod:`p2pcards.ui` and :mod:`p2pcards.cli` is written in
English in the code and passed through a :class:`Texts` (``t("…")``,
``t.n("…", "…", n)``).  The Russian translations are the gettext catalog
``p2pcards/locale/ru/LC_MESSAGES/p2pcards.po`` (domain ``p2pcards``), compiled with
Babel into the ``.mo`` next to it that is committed and read here (``scripts/texts``
recompiles it; a test fails when it is stale).  The ``.po`` carries the Russian plural
rule (``Plural-Forms``: 1 карта, 2 карты, 5 карт).

The catalog is package data, read once on first use (no other I/O, no clock: the ui
layer stays pure).

Placeholders use ``str.format`` names (``{name}``, ``{card}``, ``{n}``); a name is
always put where Russian needs no case ending (a subject, or after a colon).
"""

from __future__ import annotations

import functools
import gettext
import io
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources
from typing import Any

from p2pcards.cards import Card, Rank
from p2pcards.ui._cardnames import card_symbol, cards_symbols, rank_symbol

LANGS = ("en", "ru")
"""The languages every text exists in."""

DOMAIN = "p2pcards"
"""The gettext domain of every p2pcards text."""


def ru_plural(n: int) -> int:
    """The Russian plural form of ``n``: 0 for 1, 21, 101 (карта), 1 for 2-4, 22-24
    (карты), 2 for 0, 5-20, 25-30 (карт); gettext's rule for ``ru`` (the catalog's
    ``Plural-Forms`` header says the same)."""
    n = abs(n)
    if n % 10 == 1 and n % 100 != 11:
        return 0
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return 1
    return 2


def N_(msgid: str) -> str:
    """Mark ``msgid`` for the catalog without translating it (``scripts/texts update``
    finds it): a msgid kept in a table, translated where it is shown."""
    return msgid


@functools.cache
def translations(lang: str) -> gettext.NullTranslations:
    """The gettext translations of ``lang`` (a :class:`gettext.GNUTranslations` read
    from the package's compiled catalog for "ru"; the identity for anything else).
    Raises FileNotFoundError when the package was installed without its catalog."""
    if lang not in LANGS or lang == "en":
        return gettext.NullTranslations()
    mo = resources.files("p2pcards").joinpath(f"locale/{lang}/LC_MESSAGES/{DOMAIN}.mo")
    return gettext.GNUTranslations(io.BytesIO(mo.read_bytes()))


@dataclass(frozen=True)
class Texts:
    """The texts of one language (``"en"`` or ``"ru"``; anything else means English).

    ``t(msgid, **kw)`` is the translation of ``msgid`` formatted with ``kw`` (no
    formatting without ``kw``); ``t.n(singular, plural, n, **kw)`` picks the plural form
    for ``n`` (``{n}`` is filled in).  A msgid missing from the catalog is returned in
    English (``tests/ui/test_catalog.py`` fails on any such msgid).
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
        text = translations(self.lang).gettext(msgid)
        return text.format(**kw) if kw else text

    def n(self, singular: str, plural: str, n: int, **kw: Any) -> str:
        """``singular``/``plural`` (English) or the Russian form for ``n``."""
        return translations(self.lang).ngettext(singular, plural, n).format(n=n, **kw)

    def card(self, card: Card) -> str:
        """A card's symbol in this language: ``Q♠`` / ``Д♠`` (В, Д, К, Т in Russian)."""
        return card_symbol(card, self.lang)

    def cards(self, cards: Iterable[Card]) -> str:
        """Cards as space-separated symbols in this language: ``"Д♠ 10♥"``."""
        return cards_symbols(cards, self.lang)

    def rank(self, rank: Rank) -> str:
        """A rank's short symbol in this language: ``Q`` / ``Д``."""
        return rank_symbol(rank, self.lang)

    def quoted(self, text: str) -> str:
        """A name in quotes inside a sentence: «Аня: Тысяча» in Russian, 'Anna: Thousand'
        in English (as the msgids' ``{name!r}``)."""
        return f"«{text}»" if self.ru else repr(text)

    def join(self, items: Iterable[str]) -> str:
        """A list of names (or other words) as a sentence has it: "Борис", "Борис и
        Вера", "Борис, Вера и Галя" / "Boris and Vera", "Boris, Vera and Galya"; "-"
        for none.  Every list of names shown to a user is joined here."""
        got = list(items)
        if len(got) <= 1:
            return got[0] if got else "-"
        t = self  # (the msgid finder sees t("…"))
        return t("{names} and {last}", names=", ".join(got[:-1]), last=got[-1])
