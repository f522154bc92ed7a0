"""A game's result in one line with seat names (audit, replay, simulate, LAN)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from p2pcards.games import View
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


def forfeited_view(view: View, result: Mapping[str, Any] | None) -> View:
    """``view`` with the seats' totals of a game ended by a forfeit (``result`` has
    ``forfeit``: a seat left or stopped and the others ended the hand without it).  The
    last view is from before the forfeit, so its scores lacked the forfeit's line (101:
    Boris at 102, over 101, lost the series; Thousand: minus 120) and contradicted the
    result shown beside them (the web page's seats, the terminal's seats table); other
    views are returned as they are."""
    if result is None or "forfeit" not in result or not dataclasses.is_dataclass(view):
        return view
    names = {f.name for f in dataclasses.fields(view)}
    changes: dict[str, Any] = {
        k: tuple(result[k]) for k in ("scores", "losses") if k in names and k in result
    }
    if "losers" in names and "losers" in result and hasattr(view, "scores"):
        changes["losers"] = tuple(result["losers"])
    return dataclasses.replace(view, **changes) if changes else view
