"""Thousand on the web page (thousand.ru.txt): the auction, contract, talon, trump,
marriages, the trick in play and the last one, and the score sheet as on paper (each
hand's declarer and bid, running scores with barrel and bolt marks)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from p2pcards.games import View
from p2pcards.games.thousand import ThousandView
from p2pcards.ui.thousand import NOTES
from p2pcards.web._screen import GameScreen, T, card


class Screen(GameScreen):
    """Thousand's screen parts."""

    def seat_info(self, view: View, seat: int, t: T, names: Sequence[str]) -> list[str]:
        assert isinstance(view, ThousandView)
        v = view
        out = [t(f"score {v.scores[seat]}", f"очки {v.scores[seat]}")]
        if seat == v.dealer:
            out.append(t("dealer", "сдаёт"))
        if seat == v.declarer:
            out.append(t(f"plays {v.bid}", f"играет {v.bid}"))
        elif v.phase == "auction" and v.passed[seat]:
            out.append(t("passed", "пас"))
        if v.phase in ("play", "open", "over"):
            out.append(t(f"tricks {v.tricks[seat]}", f"взяток {v.tricks[seat]}"))
        if v.barrel[seat] is not None:
            out.append(t("on the barrel", "на бочке"))
        if v.bolts[seat]:
            out.append(t(f"bolts {v.bolts[seat]}", f"болтов {v.bolts[seat]}"))
        return out

    def centre(self, view: View, t: T, names: Sequence[str]) -> list[dict[str, Any]]:
        assert isinstance(view, ThousandView)
        v = view
        piles: list[dict[str, Any]] = []
        calls = " · ".join(f"{names[s]} {a if a else t('pass', 'пас')}" for s, a in v.auction)
        if v.declarer is not None:
            contract = t(
                f"Contract: {names[v.declarer]} plays {v.bid}",
                f"Контракт: {names[v.declarer]} играет {v.bid}",
            )
        elif v.bidder is not None:
            contract = t(
                f"Highest bid: {v.bid} ({names[v.bidder]})",
                f"Высшая заявка: {v.bid} ({names[v.bidder]})",
            )
        else:
            contract = ""
        trump = (
            t("Trump: none yet", "Козырь: пока нет")
            if v.trump is None
            else t(
                f"Trump: {v.trump.symbol} {v.trump.name_in('en')}",
                f"Козырь: {v.trump.symbol} {v.trump.name_in('ru')}",
            )
        )
        piles.append(
            {
                "title": t("Auction", "Торговля"),
                "text": " — ".join(x for x in (calls, contract) if x),
            }
        )
        if v.talon:
            piles.append({"title": t("Talon", "Прикуп"), "cards": [card(c) for c in v.talon]})
        piles.append({"title": t("Trump", "Козырь"), "text": trump})
        if v.marriages:
            piles.append(
                {
                    "title": t("Marriages", "Марьяжи"),
                    "text": ", ".join(f"{names[s]} {su.symbol}" for s, su in v.marriages),
                }
            )
        if v.phase in ("play", "open") or v.trick:
            piles.append(
                {
                    "title": t(f"Trick {v.trick_no} of 8", f"Взятка {v.trick_no} из 8"),
                    "cards": [card(c) for _, c in v.trick],
                    "who": [names[s] for s, _ in v.trick],
                    "text": "" if v.trick else t("no card yet", "карт ещё нет"),
                    "main": True,
                }
            )
        if v.last_trick and v.last_winner is not None:
            piles.append(
                {
                    "title": t(
                        f"Last trick → {names[v.last_winner]}",
                        f"Прошлая взятка → {names[v.last_winner]}",
                    ),
                    "cards": [card(c) for _, c in v.last_trick],
                    "who": [names[s] for s, _ in v.last_trick],
                    "small": True,
                }
            )
        return piles

    def sheet(self, view: View, t: T, names: Sequence[str]) -> dict[str, Any] | None:
        assert isinstance(view, ThousandView)
        if not view.sheet:
            return None
        rows = []
        for row in view.sheet:
            cells = [
                str(row.hand + 1),
                names[row.declarer],
                str(row.bid),
                "✓" if row.made else "✗",
            ]
            for s in range(len(names)):
                notes = " ".join(self.ui.p.t(NOTES.get(n, n)) for n in row.notes[s])
                cells.append(f"{row.scores[s]} ({row.gains[s]:+d}){' ' + notes if notes else ''}")
            rows.append(cells)
        return {
            "title": t("Score sheet", "Запись"),
            "head": ["#", t("declarer", "играл"), t("bid", "заявка"), "", *names],
            "rows": rows,
        }
