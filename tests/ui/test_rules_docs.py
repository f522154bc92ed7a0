"""The rules pages are package data with one source: ``docs/rules/<game>.md`` and
``docs/rules/<game>.ru.md``, each linked from ``p2pcards/rules/`` and installed with the
package (``pyproject.toml``'s package-data); every game has both languages."""

from __future__ import annotations

import fnmatch
import os
import re
import tomllib
from pathlib import Path

import pytest

from p2pcards.games import game_names
from p2pcards.ui import presenter_names
from p2pcards.ui._rules import RULES_FILES, rules_document, rules_file
from tests.ui._latin import foreign_words

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "rules"
PACKAGE = ROOT / "p2pcards" / "rules"


def test_every_game_has_a_rules_page() -> None:
    assert sorted(RULES_FILES) == sorted(game_names()) == sorted(presenter_names())


@pytest.mark.parametrize("game", sorted(RULES_FILES))
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_installed_page_is_the_doc(game: str, lang: str) -> None:
    name = rules_file(game, lang)
    doc = (DOCS / name).read_text(encoding="utf-8")
    assert rules_document(game, lang) == doc
    link = PACKAGE / name  # one source: the package's file is a link to the doc
    assert link.is_symlink() and os.readlink(link) == f"../../docs/rules/{name}"
    assert doc.startswith("# ")


def test_the_rules_are_package_data() -> None:
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = meta["tool"]["setuptools"]["package-data"]["p2pcards"]
    links = sorted(x.name for x in PACKAGE.iterdir())
    assert links == sorted(rules_file(g, lang) for g in RULES_FILES for lang in ("en", "ru"))
    for link in PACKAGE.iterdir():
        assert any(fnmatch.fnmatch(f"rules/{link.name}", p) for p in patterns), link.name


@pytest.mark.parametrize("game", sorted(RULES_FILES))
def test_both_languages_have_the_same_sections(game: str) -> None:
    def sections(lang: str) -> list[str]:
        text = rules_document(game, lang)
        return [x for x in text.splitlines() if x.startswith("## ")]

    en, ru = sections("en"), sections("ru")
    assert len(en) == len(ru) >= 5
    assert rules_document(game, "ru") != rules_document(game, "en")


SOURCES = {"cleve", "magic", "board", "elvista", "add-hobby", "aurabox", "nastolnieigri", "tysiac"}
"""Latin names a Russian page may cite (a paper, the rule sources, an online room)."""
TERMS = {"ctrl-c", "claimmismatch", "seed"}


@pytest.mark.parametrize("game", sorted(RULES_FILES))
def test_the_russian_page_is_russian(game: str) -> None:
    """Prose left in English is caught: outside code spans, a Latin word on the Russian
    page is an option's value, a cited name, a card letter (K♠) or a command term."""
    from p2pcards.games import game_info

    allowed = SOURCES | TERMS
    for o in game_info(game).options:
        allowed |= {str(c).lower() for c in o.choices or ()}
    text = re.sub(r"`[^`]*`", "", rules_document(game, "ru"))
    stray = {
        w
        for line in text.splitlines()
        for w in foreign_words(line)
        if len(w) > 1 and w.lower() not in allowed
    }
    assert stray == set()
