"""101 on the web page (sto-odno.ru.txt): the discard pile's top card and the named
suit, the stock, penalties and missed turns, what may be played, the round's sheet."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from p2pcards.cards import Card
from p2pcards.games import View
from p2pcards.games.sto_odno import StoOdnoView
from p2pcards.web._screen import GameScreen, T, card


class Screen(GameScreen):
    """101's screen parts."""

    def seat_info(self, view: View, seat: int, t: T, names: Sequence[str]) -> list[str]:
        assert isinstance(view, StoOdnoView)
        out = [t(f"score {view.scores[seat]}", f"очки {view.scores[seat]}")]
        if seat in view.losers:
            out.append(t("lost the series", "проиграл серию"))
        if view.known[seat]:
            out.append(" ".join(c.symbol for c in view.known[seat]))
        return out

    def centre(self, view: View, t: T, names: Sequence[str]) -> list[dict[str, Any]]:
        assert isinstance(view, StoOdnoView)
        v = view
        top: dict[str, Any] = {
            "title": t("Discard pile", "Сброс"),
            "cards": [card(v.top)] if v.top is not None else [],
            "text": t(f"{v.discard} cards", f"карт: {v.discard}"),
            "main": True,
        }
        if v.named is not None:
            top["text"] += t(
                f" · named suit: {v.named.symbol} {v.named.name_in('en')}",
                f" · заказ: {v.named.symbol} {v.named.name_in('ru')}",
            )
        stock = {
            "title": t("Stock", "Колода"),
            "backs": min(v.stock, 1),
            "text": t(f"{v.stock} cards", f"карт: {v.stock}")
            + (t(" · counter-clockwise", " · против часовой") if v.direction < 0 else ""),
        }
        piles = [top, stock]
        notes = []
        if v.penalty is not None:
            s, n = v.penalty
            if v.skipped == s:
                notes.append(
                    t(
                        f"{names[s]} must draw {n} and misses a turn",
                        f"{names[s]} берёт {n} и пропускает ход",
                    )
                )
            else:
                notes.append(
                    t(f"{names[s]} must answer a penalty of {n}", f"{names[s]}: штраф {n} карт")
                )
        if v.penalized is not None:
            s, n = v.penalized
            notes.append(t(f"{names[s]} drew {n} as a penalty", f"{names[s]}: +{n} карт штрафом"))
        if v.missed is not None:
            notes.append(t(f"{names[v.missed]} missed a turn", f"{names[v.missed]}: пропуск хода"))
        if v.turn == v.seat and v.requirement:
            req = self.ui.requirement(v)
            notes.append(t("You may play: ", "Можно положить: ") + req)
        if notes:
            piles.append({"title": "", "text": " · ".join(notes)})
        return piles

    def sheet(self, view: View, t: T, names: Sequence[str]) -> dict[str, Any] | None:
        assert isinstance(view, StoOdnoView)
        row = view.sheet
        if row is None:
            return None
        n = int(row.get("round", 0)) + 1
        if "redeal" in row:
            return {
                "title": t(f"Round {n}: redeal, no scores", f"Раунд {n}: пересдача без очков"),
                "head": [],
                "rows": [],
            }
        rows = []
        for s, name in enumerate(names):
            left = " ".join(Card.from_code(c).symbol for c in row["hands"][s])
            who = name + (t(" (went out)", " (вышел)") if s == row["winner"] else "")
            pts = int(row["points"][s])
            rows.append([who, left, f"{pts:+d}" if pts else "0", str(row["scores"][s])])
        return {
            "title": t(f"Round {n}", f"Раунд {n}"),
            "head": [
                t("player", "игрок"),
                t("cards left", "остались карты"),
                t("points", "очки"),
                t("series", "серия"),
            ],
            "rows": rows,
        }
