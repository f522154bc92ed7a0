"""The rules of the game on the table page: the same pages as ``?`` in the terminal
(``docs/rules/<game>.md`` and ``<game>.ru.md``, package data read by
:func:`p2pcards.ui._rules.rules_document`), rendered to HTML for the page's rules
dialog.

The Markdown is rendered by markdown-it-py (CommonMark with tables) with raw HTML
off: any ``<`` in a page is shown as text, so the fragment the page puts in its dialog
holds only the elements Markdown makes (headings, lists, tables, code, emphasis).
"""

from __future__ import annotations

import functools

from markdown_it import MarkdownIt

from p2pcards.ui._rules import RULES_FILES, rules_document

MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable("table")
"""The renderer: CommonMark with tables, raw HTML shown as text."""


@functools.cache
def rules_html(game: str, lang: str) -> str:
    """The rules of ``game`` (a registry name: "akulina", "thousand", "101",
    "sunduchki") in ``lang`` ("ru"; anything else is English) as an HTML fragment.
    Raises ValueError for a game without rules."""
    if game not in RULES_FILES:
        raise ValueError(f"no rules for the game {game!r}")
    html: str = MARKDOWN.render(rules_document(game, "ru" if lang == "ru" else "en"))
    return html
