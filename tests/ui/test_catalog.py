"""The gettext catalogs: every msgid of the source has a Russian text (plural msgids all
three Russian forms), no translation is left over, placeholders match, the committed
``.mo`` is the compiled ``.po``, and the package reads it (issue 15, item 4)."""

from __future__ import annotations

import gettext
import io
import re
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from p2pcards.ui import Texts
from p2pcards.ui._texts import translations
from tests.ui._latin import foreign_words
from tests.ui._msgids import ROOT, messages

sys.path.insert(0, str(ROOT / "scripts"))
import _texts as tool

PO = ROOT / "p2pcards" / "locale" / "ru" / "LC_MESSAGES" / "p2pcards.po"
BRACES = re.compile(r"\{(\w+)[^}]*\}")
PERCENT = re.compile(r"%(\([a-z_]+\))?[sdr]")
RU_ONLY = {"ranks", "rank_acc"}  # word forms passed for the Russian text only
UI_LATIN_OK = re.compile(r"Enter|\{[^}]*\}|\bq\b")


@pytest.fixture(scope="module")
def ru() -> Catalog:
    return tool.read(PO)


def _forms(string: object) -> tuple[str, ...]:
    return tuple(string) if isinstance(string, list | tuple) else (str(string),)


def test_every_msgid_has_a_russian_text(ru: Catalog) -> None:
    missing = []
    for msgid, m in messages().items():
        got = ru.get(msgid)
        if got is None or not all(_forms(got.string)):
            missing.append((msgid, m.where))
        elif m.plural is not None and len(_forms(got.string)) != 3:
            missing.append((msgid, "needs the three Russian plural forms"))
    assert missing == []


def test_no_translation_is_left_over(ru: Catalog) -> None:
    ids = messages()
    assert [m.id for m in ru if m.id and (m.id[0] if m.pluralizable else m.id) not in ids] == []


def test_russian_texts_use_only_the_placeholders_given_and_no_english(ru: Catalog) -> None:
    for m in ru:
        if not m.id:
            continue
        msgid = m.id[0] if m.pluralizable else m.id
        in_ui = any(  # (the lobby's errors name the commands that help: as the CLI's)
            f.startswith("p2pcards/ui/") and f != "p2pcards/ui/_lobby.py" for f, _ in m.locations
        )
        for f in _forms(m.string):
            assert set(BRACES.findall(f)) <= set(BRACES.findall(msgid)) | RU_ONLY | {"n"}, f
            assert {x.group() for x in PERCENT.finditer(f)} <= {
                x.group() for x in PERCENT.finditer(msgid)
            }, (msgid, f)
            if in_ui:  # the screens: no Latin at all
                assert not re.search("[A-Za-z]", UI_LATIN_OK.sub("", f)), (msgid, f)
            else:  # the command line: commands, options, game names and terms only
                assert foreign_words(f) == [], (msgid, f)


def test_the_committed_mo_is_the_compiled_po(ru: Catalog) -> None:
    committed = gettext.GNUTranslations(io.BytesIO(PO.with_suffix(".mo").read_bytes()))
    fresh = gettext.GNUTranslations(io.BytesIO(tool.mo_bytes(ru)))
    stale = "stale .mo: run scripts/texts and commit p2pcards/locale"
    assert committed._catalog == fresh._catalog, stale  # type: ignore[attr-defined]


def test_the_package_reads_its_catalog_with_russian_plurals() -> None:
    assert isinstance(translations("ru"), gettext.GNUTranslations)
    t = Texts("ru")
    assert t("Your turn") == "Ваш ход"
    assert [t.n("lost: {who}", "lost: {who}", k, who="Аня") for k in (1, 2, 5)] == [
        "проигравший: Аня",
        "проигравшие: Аня",
        "проигравшие: Аня",
    ]
    assert Texts("en").n("{name} ({n} card)", "{name} ({n} cards)", 5, name="Аня") == (
        "Аня (5 cards)"
    )
    assert [
        Texts("ru").n("{name} ({n} card)", "{name} ({n} cards)", k, name="Аня") for k in (1, 3, 5)
    ] == ["Аня (1 карта)", "Аня (3 карты)", "Аня (5 карт)"]


def test_the_catalog_is_package_data() -> None:
    text = (ROOT / "pyproject.toml").read_text()
    assert '"locale/*/LC_MESSAGES/*.mo"' in text
    assert Path(PO.with_suffix(".mo")).is_file()
