"""Every message id written in ``p2pcards/ui``, ``p2pcards/cli``, ``p2pcards/web`` and
``p2pcards/games``' user-facing errors and option helps (found in the source, as
gettext's xgettext would), plus argparse's own texts that a user sees.

Found: ``t("…")``, ``self.t("…")``, ``t.n("…", "…", n)`` (a plural), ``self.say(…, "you",
"other")``, ``tr(lang, "…")``/``trn(lang, "…", "…", n)`` in the cli, the ``help=``,
``description=`` and ``epilog=`` texts of the cli's parsers, ``OptionError("…", …)`` (and
a game's ``ScoreSheetError``, with its ``Counted("…", "…", n)`` plurals),
``Option(name, default, "help", …)``, ``N_("…")`` (also the peer's), the peer's and the
network's ``say("…")`` (a warning's words on the terminal, :mod:`p2pcards._say`), the peer's
``lobby_error("…", …)`` and the values of ``NOTES``-like dicts
/ ``TITLE`` class attributes passed to ``t``.
"""

from __future__ import annotations

import ast
import functools
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PKG = ROOT / "p2pcards"
UI = PKG / "ui"
SOURCES = (
    sorted(UI.glob("*.py"))
    + sorted((PKG / "cli").rglob("*.py"))
    + sorted((PKG / "games").rglob("*.py"))
    + sorted((PKG / "web").rglob("*.py"))
    + sorted((PKG / "peer").glob("*.py"))
    + sorted((PKG / "net").glob("*.py"))
    + [PKG / "files.py", PKG / "identity.py"]
    + [ROOT / "scripts" / "_demo.py"]  # (scripts/demo's lines, worded as the cli's)
)

ARGPARSE = {
    "usage: ": None,
    "argument %(argument_name)s: %(message)s": None,
    "positional arguments": None,
    "options": None,
    "unrecognized arguments: %s": None,
    "ambiguous option: %(option)s could match %(matches)s": None,
    "invalid choice: %(value)r (choose from %(choices)s)": None,
    "can't open '%(filename)s': %(error)s": None,
    "expected one argument": None,
    "expected at most one argument": None,
    "expected at least one argument": None,
    "invalid %(type)s value: %(value)r": None,
    "%(prog)s: error: %(message)s\n": None,
    "show this help message and exit": None,
    "the following arguments are required: %s": None,
    "one of the arguments %s is required": None,
    "expected %s argument": "expected %s arguments",
    "not allowed with argument %s": None,
    "ignored explicit argument %r": None,
}
"""argparse's user-facing texts (Python 3.11's msgids) -> their plural msgid, if any."""


@dataclass
class Msg:
    """One message id: where it is first used and its plural msgid (None: no plural)."""

    where: str
    plural: str | None = None
    python_format: bool = False
    flags: set[str] = field(default_factory=set)


def _is_t(f: ast.expr) -> bool:
    return (isinstance(f, ast.Name) and f.id == "t") or (
        isinstance(f, ast.Attribute) and f.attr == "t"
    )


def _name(f: ast.expr) -> str:
    if isinstance(f, ast.Name):
        return f.id
    if isinstance(f, ast.Attribute):
        return f.attr
    return ""


def _strs(args: list[ast.expr]) -> list[str]:
    return [a.value for a in args if isinstance(a, ast.Constant) and isinstance(a.value, str)]


def _walk(path: Path, out: dict[str, Msg]) -> None:
    rel = path.relative_to(ROOT).as_posix()
    tree = ast.parse(path.read_text())
    in_cli = "/cli/" in rel or rel == "scripts/_demo.py"
    in_games = rel.startswith("p2pcards/games/")
    in_web = rel.startswith("p2pcards/web/")
    in_peer = rel.startswith(("p2pcards/peer/", "p2pcards/net/", "p2pcards/files.py"))
    in_peer = in_peer or rel == "p2pcards/identity.py"  # (their errors' Msgid("…"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            f = node.func
            strs = _strs(node.args)
            where = f"{rel}:{node.lineno}"
            fn = _name(f)
            if fn == "lobby_error" and strs:  # the lobby's errors: lobby_error("msgid", ...)
                out.setdefault(strs[0], Msg(where))
                continue
            if in_peer:  # (and the network's)
                # the host's refusal reasons; say("…"): a warning the terminal words
                if fn in ("N_", "say", "Msgid") and strs:
                    out.setdefault(strs[0], Msg(where))
                continue
            if in_games:
                if (
                    fn in ("OptionError", "ScoreSheetError")
                    and node.args
                    and isinstance(node.args[0], ast.Constant)
                ):
                    out.setdefault(str(node.args[0].value), Msg(where))
                elif fn == "Counted" and len(strs) >= 2:  # a count with its noun
                    out.setdefault(strs[0], Msg(where, plural=strs[1]))
                elif (
                    fn == "Option"
                    and len(node.args) >= 3
                    and isinstance(node.args[2], ast.Constant)
                ):
                    out.setdefault(str(node.args[2].value), Msg(where))
                elif fn == "N_" and strs:
                    out.setdefault(strs[0], Msg(where))
                continue
            if _is_t(f) and strs:
                out.setdefault(strs[0], Msg(where))
            elif isinstance(f, ast.Attribute) and f.attr == "n" and _is_t(f.value) and strs:
                out.setdefault(strs[0], Msg(where, plural=strs[1]))
            elif isinstance(f, ast.Attribute) and f.attr == "say":
                for s in strs:
                    out.setdefault(s, Msg(where))
            elif in_web and fn in ("N_", "OptionError") and strs:
                out.setdefault(strs[0], Msg(where))
            elif in_cli and fn in ("tr", "N_", "OptionError") and strs:
                out.setdefault(strs[0], Msg(where))
            elif in_cli and fn == "trn" and len(strs) >= 2:
                out.setdefault(strs[0], Msg(where, plural=strs[1]))
            elif fn == "N_" and strs:  # a msgid kept in a table (p2pcards.ui.N_)
                out.setdefault(strs[0], Msg(where))
            if in_cli and fn in ("add_argument", "add_parser", "ArgumentParser"):
                for kw in node.keywords:
                    if kw.arg in ("help", "description", "epilog") and isinstance(
                        kw.value, ast.Constant
                    ):
                        v = kw.value.value
                        if isinstance(v, str) and v:
                            out.setdefault(v, Msg(where, python_format="%(" in v))
        if isinstance(node, ast.Assign) and any(
            isinstance(x, ast.Name) and x.id in ("NOTES", "TITLE", "RULES") for x in node.targets
        ):
            values = node.value.values if isinstance(node.value, ast.Dict) else [node.value]
            for c in values:
                if isinstance(c, ast.Constant) and isinstance(c.value, str):
                    out.setdefault(c.value, Msg(f"{rel}:{node.lineno}"))
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and node.target.id in ("TITLE", "RULES")
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
            and node.value.value
        ):
            out.setdefault(node.value.value, Msg(f"{rel}:{node.lineno}"))


@functools.cache
def messages() -> dict[str, Msg]:
    """msgid -> :class:`Msg`, every text of the package and argparse's (read once: the
    walk of every source file is the catalog tests' main cost; do not change the dict)."""
    out: dict[str, Msg] = {}
    for path in SOURCES:
        _walk(path, out)
    for k, plural in ARGPARSE.items():
        out.setdefault(k, Msg("argparse", plural=plural, python_format=True))
    return out


def msgids() -> dict[str, str]:
    """msgid -> "file:line" of its first use; plural msgids map the singular."""
    return {k: m.where for k, m in messages().items()}
