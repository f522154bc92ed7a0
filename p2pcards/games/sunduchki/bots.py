"""Sunduchki bots.  Each is a function of (view, legal moves, rng) only.

``random``: any legal move.  Answers and chest declarations have one legal move (the
truthful one), so even the random bot is honest.  ``basic``: remembers the whole public
history through the view, infers what each opponent may hold of each rank
(:mod:`._infer`), and asks the question most likely to get three yeses, preferring the
ranks it holds most of.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from p2pcards.cards import Rank
from p2pcards.games._bots import random_bot
from p2pcards.games._moves import Move
from p2pcards.games._state import View
from p2pcards.games.sunduchki._infer import SIZES, infer, suits_of_subset, weights
from p2pcards.games.sunduchki._moves import Ask, AskCount, AskSuits
from p2pcards.games.sunduchki._view import SunduchkiView


def _best_subset(view: SunduchkiView, target: int, rank: Rank, mask: int) -> tuple[float, int]:
    """(probability of three yeses, subset to name) for asking ``target`` about ``rank``."""
    w = weights(view, target, rank, mask)
    total = sum(w.values())
    best, best_w = 0, -1.0
    for i, wi in sorted(w.items()):
        if i and wi > best_w:
            best, best_w = i, wi
    if best == 0 or total <= 0:
        return 0.0, best
    return best_w / total, best


def basic_bot(view: View, legal: Sequence[Move], rng: random.Random) -> Move:
    """Asks the (opponent, rank) with the best chance of three yeses (ties: the rank it
    holds most of), then names the most likely count and suits; answers truthfully."""
    if len(legal) == 1 or not isinstance(view, SunduchkiView):
        return legal[0]
    first = legal[0]
    masks = infer(view)
    held = {r: len(cs) for r, cs in view.by_rank}
    if isinstance(first, Ask):
        scored = []
        for m in legal:
            assert isinstance(m, Ask)
            p, subset = _best_subset(view, m.target, m.rank, masks[m.target, m.rank])
            scored.append((p, held.get(m.rank, 0), SIZES[subset], rng.random(), m))
        return max(scored, key=lambda t: t[:4])[4]
    req = view.request
    if req is None:
        return legal[0]
    mask = masks[req.target, req.rank]
    if isinstance(first, AskCount):
        counts = {m.count for m in legal if isinstance(m, AskCount)}
        ok = sum(1 << i for i in range(16) if SIZES[i] in counts)
        _, subset = _best_subset(view, req.target, req.rank, mask & ok or ok)
        want = SIZES[subset]
        return next((m for m in legal if isinstance(m, AskCount) and m.count == want), legal[0])
    if isinstance(first, AskSuits):
        ok = sum(1 << i for i in range(16) if SIZES[i] == req.count)
        _, subset = _best_subset(view, req.target, req.rank, mask & ok or ok)
        want_s = suits_of_subset(subset)
        return next((m for m in legal if isinstance(m, AskSuits) and m.suits == want_s), legal[0])
    return legal[0]


BOTS = {"random": random_bot, "basic": basic_bot}
