"""The gettext catalogs: ``update`` merges the msgids found in the source into every
``.po`` (new ones with an empty translation, the ones no longer used dropped), then
``compile`` (the default after update) writes each ``.mo`` next to its ``.po`` with Babel.
Run through ``scripts/texts [update|compile]``."""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
LOCALE = ROOT / "p2pcards" / "locale"


def po_files() -> list[Path]:
    """Every catalog of the package."""
    return sorted(LOCALE.glob("*/LC_MESSAGES/p2pcards.po"))


def read(path: Path) -> Catalog:
    """The catalog in a ``.po`` file."""
    with path.open("rb") as f:
        return read_po(f, locale=path.parts[-3], domain="p2pcards")


def mo_bytes(cat: Catalog) -> bytes:
    """The compiled ``.mo`` of a catalog."""
    buf = io.BytesIO()
    write_mo(buf, cat, use_fuzzy=False)
    return buf.getvalue()


def update(path: Path) -> None:
    """Merge the source's msgids into the ``.po`` at ``path``."""
    from tests.ui._msgids import messages

    old = read(path)
    new = Catalog(locale=old.locale, domain="p2pcards", project="p2pcards", version="0.1")
    for msgid, m in messages().items():
        prev = old.get(msgid)
        file, _, line = m.where.partition(":")
        locs = [(file, int(line))] if line else [(file, 0)]
        flags = ["python-format"] if m.python_format else []
        if m.plural is not None:
            forms: tuple[str, ...] = ("",) * new.num_plurals
            if prev is not None and isinstance(prev.string, list | tuple):
                forms = tuple(prev.string)
            elif prev is not None and prev.string:
                forms = (str(prev.string),) * new.num_plurals
            new.add((msgid, m.plural), forms, locations=locs, flags=flags)
        else:
            text = ""
            if prev is not None:
                text = prev.string[0] if isinstance(prev.string, list | tuple) else prev.string
            new.add(msgid, text, locations=locs, flags=flags)
    with path.open("wb") as f:
        write_po(f, new, width=100, omit_header=False, sort_output=False)


def compile_(path: Path) -> None:
    """Write the ``.mo`` next to the ``.po``."""
    path.with_suffix(".mo").write_bytes(mo_bytes(read(path)))


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "compile"
    for po in po_files():
        if what == "update":
            update(po)
        compile_(po)
        print(po.relative_to(ROOT), file=sys.stderr)
