"""A game's result in one line with seat names (audit, replay, simulate, LAN)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from p2pcards.ui._names import Names
from p2pcards.ui._texts import Texts


def result_line(t: Texts, result: Mapping[str, Any] | None, names: Sequence[str] | Names) -> str:
    """e.g. "lost: Boris; losses: Аня 0, Boris 1" or "won: Аня; scores: Аня 1005, …".

    ``result`` is a game's Finished result (``winners``, ``losers`` and the game's
    ``scores``/``losses``/``chests`` lists, one value per seat); None or empty gives
    "no result".
    """
    if not result:
        return t("no result")
    ns = Names.of(names)
    parts = []
    losers = list(result.get("losers", []))
    winners = list(result.get("winners", []))
    if losers and len(losers) <= len(winners):
        parts.append(t.n("lost: {who}", "lost: {who}", len(losers), who=ns.join(losers, t)))
    elif winners:
        parts.append(t.n("won: {who}", "won: {who}", len(winners), who=ns.join(winners, t)))
    for key, label in (("scores", t("scores")), ("losses", t("losses")), ("chests", t("chests"))):
        vals = result.get(key)
        if isinstance(vals, list | tuple) and len(vals) == len(ns):
            text = ", ".join(f"{ns[s]} {v}" for s, v in enumerate(vals))
            parts.append(f"{label}: {text}")
    return "; ".join(parts)
