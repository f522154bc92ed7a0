"""Language selection for user-facing text."""

from __future__ import annotations

import locale
import os


def default_lang() -> str:
    """ "ru" when the locale (LC_ALL, LC_MESSAGES, LANG) is Russian, else "en"."""
    for var in ("P2PCARDS_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        v = os.environ.get(var, "")
        if v:
            return "ru" if v.lower().startswith("ru") else "en"
    loc = locale.getlocale()[0] or ""
    return "ru" if loc.lower().startswith("ru") else "en"


def tr(lang: str, en: str, ru: str) -> str:
    """Pick the English or Russian text."""
    return ru if lang == "ru" else en


def add_lang_argument(p: object) -> None:
    """Accept ``--lang`` after the subcommand too (it keeps the top-level value if absent)."""
    import argparse

    assert isinstance(p, argparse.ArgumentParser)
    if "--lang" in p._option_string_actions:
        return
    p.add_argument(
        "--lang",
        choices=("ru", "en"),
        default=argparse.SUPPRESS,
        help="language of the output: ru or en (default from the locale)",
    )
