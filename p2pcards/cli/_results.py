"""A game's result in plain words, with seat names (audit, replay, simulate, LAN)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from p2pcards.cli._i18n import tr


def format_result(result: Mapping[str, Any] | None, names: Sequence[str], lang: str) -> str:
    """e.g. "loser: Boris; losses: Аня 0, Boris 1" or "winners: Аня; scores: Аня 1005, …"."""
    if not result:
        return tr(lang, "no result", "итога нет")

    def name(s: int) -> str:
        return names[s] if 0 <= s < len(names) else tr(lang, f"seat {s}", f"место {s}")

    parts = []
    losers = list(result.get("losers", []))
    winners = list(result.get("winners", []))
    if len(losers) and len(losers) < len(winners) + len(losers) and len(losers) <= len(winners):
        parts.append(tr(lang, "lost: ", "проиграл(и): ") + ", ".join(name(s) for s in losers))
    elif winners:
        parts.append(tr(lang, "won: ", "выиграл(и): ") + ", ".join(name(s) for s in winners))
    for key, en, ru in (
        ("scores", "scores", "очки"),
        ("losses", "losses", "проигрыши"),
        ("chests", "chests", "сундучки"),
    ):
        vals = result.get(key)
        if isinstance(vals, list | tuple) and len(vals) == len(names):
            text = ", ".join(f"{name(s)} {v}" for s, v in enumerate(vals))
            parts.append(tr(lang, f"{en}: {text}", f"{ru}: {text}"))
    return "; ".join(parts)
