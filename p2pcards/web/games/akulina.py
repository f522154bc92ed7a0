"""Akulina on the web page (akulina.ru.txt): discarded pairs, the holder's face-down
cards to pick from, who is out, losses in the series."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from p2pcards.games import Move, View
from p2pcards.games.akulina import AkulinaView, Draw
from p2pcards.web._screen import GameScreen, T, card


class Screen(GameScreen):
    """Akulina's screen parts."""

    def seat_info(self, view: View, seat: int, t: T, names: Sequence[str]) -> list[str]:
        assert isinstance(view, AkulinaView)
        out = []
        if view.out[seat]:
            out.append(t("out"))
        if seat == view.dealer:
            out.append(t("dealer"))
        if any(view.losses):
            out.append(t("losses: {n}", n=view.losses[seat]))
        return out

    def centre(self, view: View, t: T, names: Sequence[str]) -> list[dict[str, Any]]:
        assert isinstance(view, AkulinaView)
        n = len(view.discards) // 2
        piles: list[dict[str, Any]] = [
            {
                "title": t("Discarded pairs ({n})", n=n),
                "cards": [card(c) for c in view.discards],  # every card, overlapping
                "small": True,
                "stack": True,
                "text": "" if n else t("none yet"),
            }
        ]
        if view.drawer is not None and view.holder is not None:
            h, d = view.holder, view.drawer
            who = t("{name}'s cards", name=names[h])
            if h == view.seat:
                who = t("Your cards")
            elif d == view.seat:
                who = t("Take a card from {name}: click one", name=names[h])
            piles.append({"title": who, "backs": view.counts[h], "pick": d == view.seat})
        return piles

    def sheet(self, view: View, t: T, names: Sequence[str]) -> dict[str, Any] | None:
        assert isinstance(view, AkulinaView)
        if not any(view.losses) and view.hand_no == 0:
            return None
        return {
            "title": t("Losses in the series"),
            "head": list(names),
            "rows": [[str(x) for x in view.losses]],
        }

    def move_cards(self, move: Move, view: View) -> tuple[list[int], int | None]:
        if isinstance(move, Draw):
            return [], move.index
        return super().move_cards(move, view)
