"""Every message id written in ``p2pcards/ui`` (found in the source, as gettext's
xgettext would): ``t("…")``, ``self.t("…")``, ``t.n("…", "…", n)``, ``self.say(…, "you",
"other")`` and the values of ``NOTES``-like dicts passed to ``t``."""

from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "p2pcards" / "ui"


def _is_t(f: ast.expr) -> bool:
    return (isinstance(f, ast.Name) and f.id == "t") or (
        isinstance(f, ast.Attribute) and f.attr == "t"
    )


def msgids() -> dict[str, str]:
    """msgid -> "file:line" of its first use; plural msgids map the singular."""
    out: dict[str, str] = {}
    for path in sorted(UI.glob("*.py")):
        if path.name == "_ru.py":
            continue
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            strs = [
                a.value
                for a in node.args
                if isinstance(a, ast.Constant) and isinstance(a.value, str)
            ]
            where = f"{path.name}:{node.lineno}"
            if _is_t(f) and strs:
                out.setdefault(strs[0], where)
            elif isinstance(f, ast.Attribute) and f.attr == "n" and _is_t(f.value) and strs:
                out.setdefault(strs[0], where)
            elif isinstance(f, ast.Attribute) and f.attr == "say":
                for s in strs:
                    out.setdefault(s, where)
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and any(
                isinstance(x, ast.Name) and x.id in ("NOTES", "TITLE") for x in node.targets
            ):
                values = node.value.values if isinstance(node.value, ast.Dict) else [node.value]
                for c in values:
                    if isinstance(c, ast.Constant) and isinstance(c.value, str):
                        out.setdefault(c.value, f"{path.name}:{node.lineno}")
            if (
                isinstance(node, ast.AnnAssign)
                and isinstance(node.target, ast.Name)
                and node.target.id == "TITLE"
            ):
                if (
                    isinstance(node.value, ast.Constant)
                    and node.value.value
                    and isinstance(node.value.value, str)
                ):
                    out.setdefault(node.value.value, f"{path.name}:{node.lineno}")
    return out
