"""Sunduchki on the web page (sunduchki.ru.txt): the stock, the question in progress,
every question and answer (they stay visible), each seat's chests and known cards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from p2pcards.games import Move, View
from p2pcards.games.sunduchki import Ask, SunduchkiView
from p2pcards.ui import Names
from p2pcards.web._screen import GameScreen, T
from p2pcards.web._seat import HistoryItem


class Screen(GameScreen):
    """Sunduchki's screen parts."""

    def seat_info(self, view: View, seat: int, t: T, names: Sequence[str]) -> list[str]:
        assert isinstance(view, SunduchkiView)
        out = [t("chests {score}", score=view.scores[seat])]
        if view.chests[seat]:
            out.append(" ".join(t.rank(r) for r in view.chests[seat]))
        if view.open_cards[seat] and seat != view.seat:
            out.append(t.cards(view.open_cards[seat]))
        return out

    def centre(self, view: View, t: T, names: Sequence[str]) -> list[dict[str, Any]]:
        assert isinstance(view, SunduchkiView)
        v = view
        piles: list[dict[str, Any]] = [
            {
                "title": t("Stock"),
                "backs": min(v.stock, 1),
                "text": t("{stock} cards", stock=v.stock),
            }
        ]
        req = v.request
        if req is not None:
            q = f"{names[req.asker]} → {names[req.target]}: {self.ui._rank(req.rank)}"
            if req.count is not None:
                q += t(", exactly {count}", count=req.count)
            if req.suits:
                q += ", " + " ".join(s.symbol for s in req.suits)
            piles.append({"title": t("Question"), "text": q + "?", "main": True})
        chests = [
            {"cards": [], "text": f"{names[s]}: " + " ".join(t.rank(r) for r in v.chests[s])}
            for s in range(len(names))
            if v.chests[s]
        ]
        for c in chests:
            c["title"] = t("Chests")
        piles.extend(chests)
        return piles

    def sheet(self, view: View, t: T, names: Sequence[str]) -> dict[str, Any] | None:
        assert isinstance(view, SunduchkiView)
        return {
            "title": t("Chests"),
            "head": list(names),
            "rows": [
                [str(x) for x in view.scores],
                [" ".join(t.rank(r) for r in c) for c in view.chests],
            ],
        }

    def move_cards(self, move: Move, view: View) -> tuple[list[int], int | None]:
        if isinstance(move, Ask):
            return [c.code for _, c in view.hand if c.rank == move.rank], None
        return super().move_cards(move, view)

    def history(
        self, view: View, items: Sequence[HistoryItem], t: T, names: Sequence[str], ui: Any
    ) -> list[str]:
        assert isinstance(view, SunduchkiView)
        notes = [ui.note_text(n, Names(tuple(names), view.seat)) for n in view.history]
        # facts that are not the game's (a connection lost, the hand verified) come last
        return notes + [t(it.fact, **dict(it.args)) for it in items if it.fact is not None]
