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
from p2pcards.ui._rules import DEVELOPERS, RULES_FILES, rules_document, rules_file, rules_page
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
    assert rules_page(game, lang) == doc
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
    def sections(text: str, mark: str = "## ") -> list[str]:
        return [x for x in text.splitlines() if x.startswith(mark)]

    for page in (rules_document, rules_page):  # the players' part, the whole page
        en, ru = sections(page(game, "en")), sections(page(game, "ru"))
        assert len(en) == len(ru) >= 5
        assert page(game, "ru") != page(game, "en")
    en, ru = rules_page(game, "en"), rules_page(game, "ru")
    assert sections(en)[-1] == DEVELOPERS["en"] and sections(ru)[-1] == DEVELOPERS["ru"]
    assert len(sections(en, "### ")) == len(sections(ru, "### ")) >= 2


DEVELOPER_DETAIL = re.compile(
    r"p2pcards/|protocol/|scripts/|\.py\b|§|\b[A-Z]\w*(?:Error|Mismatch|Claim|Move)\b"
    r"|\b[a-z]+_[a-z_]+\(|\bgenesis\b|\bengine\b|\bseat [0-9]\b|\bCleve\b|\bOR-proof"
)
"""What a players' page must not say: code paths, the protocol's sections, exception and
class names (``ScoreSheetError``), calls (``load_game(``), the log's and the engine's
terms, 0-based seat numbers and the papers behind the proofs."""


@pytest.mark.parametrize("game", sorted(RULES_FILES))
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_players_page_has_no_developer_details(game: str, lang: str) -> None:
    """``?`` shows rules for players; the code, the proofs and the figures are on the
    same page under the heading for developers, which ``?`` does not show (issue 15)."""
    shown = rules_document(game, lang)
    assert DEVELOPERS[lang] not in shown and shown.endswith("\n")
    found = [m.group(0) for m in DEVELOPER_DETAIL.finditer(shown)]
    assert found == [], found
    rest = rules_page(game, lang)[len(shown) :]
    assert rest.lstrip().startswith(DEVELOPERS[lang])


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


@pytest.mark.parametrize("game", sorted(RULES_FILES))
def test_the_russian_page_reads_as_rules_for_a_player(game: str) -> None:
    """The page ``?`` shows is the rules, not notes on a source ("текст правил молчит",
    "правило из текста"), and its note on the other language is a paragraph of its own,
    not the first words of the rules (issue 15)."""
    shown = rules_document(game, "ru")
    assert re.findall(r"\bтекст\w*", shown, flags=re.IGNORECASE) == []
    assert re.findall(r"(?<![A-Za-z])[JQKA][♠♥♦♣]", shown) == []  # В, Д, К, Т in Russian
    paragraphs = shown.split("\n\n")
    assert paragraphs[0].startswith("# ") and "\n" not in paragraphs[0]
    note = " ".join(paragraphs[1].split())
    en = " ".join(rules_document(game, "en").split("\n\n")[1].split())
    assert note.startswith("По-английски: `") and note.endswith("страницу выбранного языка).")
    assert en.startswith("In Russian: `") and en.endswith("the page of the chosen language).")


def test_101_speaks_of_rounds() -> None:
    """101 plays rounds («раунд»): its page says so where it meant the game's unit, and
    keeps «раздача» only for the dealing of the cards."""
    shown = rules_document("101", "ru")
    wrong = r"по раздачам|конце раздачи|стольких раздач|раздача кончается|раздач больше"
    assert re.findall(wrong, shown) == []
    assert "запись по раундам" in shown and "в конце раунда" in shown
