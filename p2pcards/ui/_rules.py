"""The rules of each game as a document, in English or Russian (the ``?`` key).

The documents are ``docs/rules/<game>.md`` (English) and ``docs/rules/<game>.ru.md``
(Russian), the same pages a reader of the repository sees.  They are package data:
``p2pcards/rules/<file>`` is a symbolic link to the page in ``docs/rules/`` (one source
of truth; the build copies the page's text into the package, ``pyproject.toml``'s
``package-data``), read here through :mod:`importlib.resources` once on first use (no
other I/O, no clock: the ui layer stays pure, as with the text catalog).

A page ends with a section for developers (:data:`DEVELOPERS`: the code, the proofs and
which claims are proven when, the bench figures); players are shown the page before it
(:func:`rules_document`), the repository's reader the whole page (:func:`rules_page`).
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


DEVELOPERS = {"en": "## For developers", "ru": "## Для разработчиков"}
"""The heading, in each language, of a page's last section: the notes for developers
(the code, the proofs, the bench figures) that the players' page leaves out."""


@functools.cache
def rules_page(game: str, lang: str = "en") -> str:
    """The whole page of ``game``'s rules ("akulina", "thousand", "101", "sunduchki") in
    ``lang`` ("en" or "ru"; anything else means English) as Markdown text, the notes for
    developers included.  Raises ValueError for a game without rules and
    FileNotFoundError when the package was installed without its rules."""
    lang = lang if lang in LANGS else "en"
    page = resources.files("p2pcards").joinpath("rules", rules_file(game, lang))
    return page.read_text(encoding="utf-8")


@functools.cache
def rules_document(game: str, lang: str = "en") -> str:
    """The rules of ``game`` in ``lang`` as a player reads them (``?`` in a game, the web
    page's rules dialog): :func:`rules_page` up to its section for developers
    (:data:`DEVELOPERS`), as Markdown text ending in one newline.  Raises as
    :func:`rules_page`."""
    lang = lang if lang in LANGS else "en"
    text = rules_page(game, lang)
    lines = text.splitlines()
    if DEVELOPERS[lang] in lines:
        text = "\n".join(lines[: lines.index(DEVELOPERS[lang])])
    return text.rstrip() + "\n"
