"""The rules of each game as a document, in English or Russian (the ``?`` key).

The documents are ``docs/rules/<game>.md`` (English) and ``docs/rules/<game>.ru.md``
(Russian), the same pages a reader of the repository sees.  They are package data:
``p2pcards/rules/<file>`` is a symbolic link to the page in ``docs/rules/`` (one source
of truth; the build copies the page's text into the package, ``pyproject.toml``'s
``package-data``), read here through :mod:`importlib.resources` once on first use (no
other I/O, no clock: the ui layer stays pure, as with the text catalog).
"""

from __future__ import annotations

import functools
from importlib import resources

from p2pcards.ui._texts import LANGS

RULES_FILES = {"akulina": "akulina", "thousand": "thousand", "101": "101", "sunduchki": "sunduchki"}
"""Registry game name -> the stem of its page in ``docs/rules/`` (and ``p2pcards/rules/``)."""


def rules_file(game: str, lang: str = "en") -> str:
    """The file name of ``game``'s rules in ``lang`` ("akulina.md", "akulina.ru.md"),
    relative to ``docs/rules/`` and to the package's ``rules/``; anything but "ru" means
    English.  Raises ValueError for a game without rules."""
    stem = RULES_FILES.get(game)
    if stem is None:
        raise ValueError(f"no rules for the game {game!r}")
    return f"{stem}.ru.md" if lang == "ru" else f"{stem}.md"


@functools.cache
def rules_document(game: str, lang: str = "en") -> str:
    """The rules of ``game`` ("akulina", "thousand", "101", "sunduchki") in ``lang``
    ("en" or "ru"; anything else means English) as Markdown text, the whole page.
    Raises ValueError for a game without rules and FileNotFoundError when the package
    was installed without its rules."""
    lang = lang if lang in LANGS else "en"
    page = resources.files("p2pcards").joinpath("rules", rules_file(game, lang))
    return page.read_text(encoding="utf-8")
