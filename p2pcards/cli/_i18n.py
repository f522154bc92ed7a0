"""The language of the command line and its texts.

The language is, in this order: ``--lang`` on the command line (remembered in
``config.json`` of the data directory, ``$P2PCARDS_HOME`` in tests), ``$P2PCARDS_LANG``,
the remembered choice, then the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG`` starting
with ``ru``).  Every text goes through the package's gettext catalog
(:class:`p2pcards.ui.Texts`), argparse's own texts ("usage:", "options", "error: …")
included (:func:`install`).
"""

from __future__ import annotations

import argparse
import json
import locale
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import platformdirs

from p2pcards import files
from p2pcards._say import Msgid
from p2pcards.games._errors import Counted
from p2pcards.ui import Texts
from p2pcards.ui._texts import N_ as N_  # the cli's modules import it from here
from p2pcards.ui._texts import translations

CONFIG = "config.json"
"""The data directory's file of remembered settings: ``{"lang": "ru"}``."""


def _config_path(home: Path | None = None) -> Path:
    override = os.environ.get(files.ENV_HOME)
    if home is not None:
        base = home.expanduser()
    elif override:
        base = Path(override).expanduser()
    else:
        base = Path(platformdirs.user_data_dir("p2pcards"))
    return base / CONFIG


def home_in_argv(argv: Sequence[str]) -> Path | None:
    """The value of the last ``--home DIR`` / ``--home=DIR`` in ``argv`` (the data
    directory a command is given, where its language is remembered too), or None."""
    got = None
    for i, a in enumerate(argv):
        if a == "--":
            break
        if a == "--home" and i + 1 < len(argv):
            got = argv[i + 1]
        elif a.startswith("--home="):
            got = a.split("=", 1)[1]
    return Path(got) if got else None


def remembered_lang(home: Path | None = None) -> str | None:
    """The language saved by an earlier ``--lang`` in the data directory ``home``
    (default ``$P2PCARDS_HOME`` or the platform's), or None (no or unreadable config)."""
    try:
        got = json.loads(_config_path(home).read_text()).get("lang")
    except (OSError, ValueError, AttributeError):
        return None
    return got if got in ("ru", "en") else None


def remember_lang(lang: str, home: Path | None = None) -> bool:
    """Save ``lang`` as the default of later runs in the data directory ``home`` (a
    command's ``--home``; default ``$P2PCARDS_HOME`` or the platform's); silently skipped
    when it cannot be written: the language is a convenience, not a reason to fail.
    True when the remembered language changed (it was another or none, and is saved)."""
    if remembered_lang(home) == lang:
        return False
    try:
        path = (files.private_dir(home.expanduser()) if home else files.home()) / CONFIG
        try:
            data = json.loads(path.read_text())
            if not isinstance(data, dict):
                data = {}
        except (OSError, ValueError):
            data = {}
        data["lang"] = lang
        data.pop(_TOLD, None)  # a locale that disagrees with the new choice is told again
        files.write_atomic(path, json.dumps(data).encode())
    except (OSError, files.StorageError):
        return False
    return True


def remembered_text(lang: str) -> str:
    """The line said once, in ``lang``, when a ``--lang`` changes the remembered language:
    that later runs keep it, and how to change it."""
    if lang == "ru":
        return tr(lang, "Interface language: Russian (remembered; to change it: --lang en)")
    return tr(lang, "Interface language: English (remembered; to change it: --lang ru)")


_TOLD = "lang_told_locale"
"""The key of ``config.json`` naming the locale language that was told, once, that the
remembered language overrides it (:func:`locale_note`)."""


def locale_note(home: Path | None = None) -> str | None:
    """The line said once when the remembered language (an earlier ``--lang``) is not the
    locale's and no ``--lang`` or ``$P2PCARDS_LANG`` is given: which language is in use
    and how to change it, in the locale's language (the one its reader is likely to
    read).  None when there is nothing to tell, or it was told for this locale already
    (it is marked as told in ``config.json``; a later ``--lang`` that changes the
    choice clears the mark)."""
    if os.environ.get("P2PCARDS_LANG", ""):
        return None
    remembered, loc = remembered_lang(home), locale_lang()
    if remembered is None or remembered == loc:
        return None
    path = _config_path(home)
    try:
        data = json.loads(path.read_text())
        if not isinstance(data, dict) or data.get(_TOLD) == loc:
            return None
        data[_TOLD] = loc
        files.write_atomic(path, json.dumps(data).encode())
    except (OSError, ValueError, files.StorageError):
        return None  # not remembered as told: better silent than said on every run
    if remembered == "en":
        return tr(
            loc,
            "Interface language: English, remembered from an earlier --lang en "
            "(your locale is Russian; to change it: --lang ru)",
        )
    return tr(
        loc,
        "Interface language: Russian, remembered from an earlier --lang ru "
        "(your locale is English; to change it: --lang en)",
    )


def locale_lang() -> str:
    """ "ru" when the locale (LC_ALL, LC_MESSAGES, LANG) is Russian, else "en"."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        v = os.environ.get(var, "")
        if v:
            return "ru" if v.lower().startswith("ru") else "en"
    loc = locale.getlocale()[0] or ""
    return "ru" if loc.lower().startswith("ru") else "en"


def default_lang(home: Path | None = None) -> str:
    """The language when no ``--lang`` is given: ``$P2PCARDS_LANG``, the one remembered
    (in ``home``, a command's ``--home``, else the default data directory), else the
    locale's."""
    env = os.environ.get("P2PCARDS_LANG", "")
    if env:
        return "ru" if env.lower().startswith("ru") else "en"
    return remembered_lang(home) or locale_lang()


def lang_in_argv(argv: Sequence[str]) -> str | None:
    """The value of the last valid ``--lang X`` / ``--lang=X`` in ``argv`` ("ru" or
    "en"), or None (argparse reports a bad value, in the language chosen otherwise)."""
    got = None
    for i, a in enumerate(argv):
        v = None
        if a == "--lang" and i + 1 < len(argv):
            v = argv[i + 1]
        elif a.startswith("--lang="):
            v = a.split("=", 1)[1]
        elif a == "--":
            break
        if v in ("ru", "en"):
            got = v
    return got


_current = ["en"]
"""The language given to the last :func:`install` (argparse ``type=`` checks word their
errors in it: they are called while parsing, with no ``lang`` at hand)."""


def current_lang() -> str:
    """The language of the parser built last ("en" before any)."""
    return _current[0]


def install(lang: str) -> None:
    """Make argparse's own texts ("usage: ", "options", "%(prog)s: error: …") come from
    the catalog in ``lang``: argparse looks them up with its module-level ``_`` and
    ``ngettext`` (gettext's default domain), which are pointed at the package's
    translations."""
    _current[0] = lang
    t = translations(lang)
    argparse._ = t.gettext  # type: ignore[attr-defined]
    argparse.ngettext = t.ngettext  # type: ignore[attr-defined]


METAVARS = (
    N_("COMMAND"), N_("ACTION"), N_("GAME"), N_("K=V"), N_("SHEET"), N_("LOG"), N_("ID"),
    N_("IP"), N_("NAME"), N_("TITLE"), N_("NAME|HOST:PORT"), N_("N|SPECS"), N_("SECONDS"),
    N_("STRATEGY"), N_("LEVEL"), N_("BIND"), N_("BOTS"), N_("GAMES"), N_("HOME"), N_("JOBS"),
    N_("PLAYER_NAME"), N_("PORT"), N_("SEAT"), N_("SEATS"), N_("SEED"), N_("TIMEOUT"),
    N_("WEB_PORT"),
)  # fmt: skip
"""The placeholders of the arguments in ``--help`` (an option's metavar, or its name in
capitals when it has none: ``--seed SEED``), translated as the helps are: ``--seed СИД``,
``ИГРА``, ``ПАРАМЕТР=ЗНАЧЕНИЕ`` in Russian."""


def _metavar(action: argparse.Action) -> str | None:
    """The placeholder ``--help`` shows for ``action`` (None: none, or its choices)."""
    if isinstance(action.metavar, str):
        return action.metavar
    if action.metavar is not None or action.nargs == 0 or action.choices is not None:
        return None
    return action.dest.upper() if action.option_strings else None


def translate_parser(parser: argparse.ArgumentParser, lang: str) -> None:
    """Translate the description, epilog, every argument's help and placeholder
    (:data:`METAVARS`) of ``parser`` and its subcommands in place (they are written in
    English, as msgids)."""
    t = translations(lang)
    seen: set[int] = set()

    def walk(p: argparse.ArgumentParser) -> None:
        if id(p) in seen:
            return
        seen.add(id(p))
        if p.description:
            p.description = t.gettext(p.description)
        if p.epilog:
            p.epilog = t.gettext(p.epilog)
        for a in p._actions:
            if a.help and a.help is not argparse.SUPPRESS:
                a.help = t.gettext(a.help)
            metavar = _metavar(a)
            if metavar is not None:
                a.metavar = t.gettext(metavar)
            if isinstance(a, argparse._SubParsersAction):
                for c in a._choices_actions:
                    if c.help:
                        c.help = t.gettext(c.help)
                for sub in a.choices.values():
                    walk(sub)
        for g in p._action_groups:
            if g.title:
                g.title = t.gettext(g.title)

    walk(parser)


def tr(lang: str, msgid: str, /, **kw: Any) -> str:
    """The translation of ``msgid`` (English) in ``lang``, formatted with ``kw`` (see
    :class:`p2pcards.ui.Texts`: the gettext catalog of the package)."""
    return Texts(lang)(msgid, **kw)


def trn(lang: str, singular: str, plural: str, n: int, /, **kw: Any) -> str:
    """The plural form of ``singular``/``plural`` for ``n`` in ``lang`` (``{n}`` filled)."""
    return Texts(lang).n(singular, plural, n, **kw)


def error_text(lang: str, e: BaseException) -> str:
    """An error's message in ``lang``: one carrying a ``msgid`` and ``params`` (e.g.
    :class:`p2pcards.games.OptionError`) through the catalog, any other as it is."""
    msgid = getattr(e, "msgid", None)
    if isinstance(msgid, str):
        params = {  # a value that is a message id itself (a StorageError's cure) too,
            # or a count with its noun (an OptionError's "2 entries")
            k: tr(lang, v)
            if isinstance(v, Msgid)
            else trn(lang, v.singular, v.plural, v.n)
            if isinstance(v, Counted)
            else v
            for k, v in getattr(e, "params", {}).items()
        }
        return tr(lang, msgid, **params)
    return str(e)


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
        help="language of the output: ru or en, remembered for later runs (default: the last "
        "--lang, else the locale's)",
    )
