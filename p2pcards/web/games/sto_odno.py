"""101 on the web page (sto-odno.ru.txt): the discard pile's top card and the named
suit, the stock, penalties and missed turns, what may be played, the round's sheet."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from p2pcards.cards import Card
from p2pcards.games import View
from p2pcards.games.sto_odno import StoOdnoView
from p2pcards.web._screen import GameScreen, T, card


class Screen(GameScreen):
    """101's screen parts."""

    def seat_info(self, view: View, seat: int, t: T, names: Sequence[str]) -> list[str]:
        assert isinstance(view, StoOdnoView)
        out = [t("score {score}", score=view.scores[seat])]
        if seat in view.losers:
            out.append(t("lost the series"))
        if view.known[seat]:
            out.append(t.cards(view.known[seat]))
        return out

    def centre(self, view: View, t: T, names: Sequence[str]) -> list[dict[str, Any]]:
        assert isinstance(view, StoOdnoView)
        v = view
        top: dict[str, Any] = {
            "title": t("Discard pile"),
            "cards": [card(v.top)] if v.top is not None else [],
            "text": t("{discard} cards", discard=v.discard),
            "main": True,
        }
        if v.named is not None:
            top["text"] += t(
                " · named suit: {symbol} {suit}",
                symbol=v.named.symbol,
                suit=v.named.name_in("ru" if t.ru else "en"),
            )
        stock = {
            "title": t("Stock"),
            "backs": min(v.stock, 1),
            "text": t("{stock} cards", stock=v.stock)
            + (t(" · counter-clockwise") if v.direction < 0 else ""),
        }
        piles = [top, stock]
        notes = []
        if v.penalty is not None:
            s, n = v.penalty
            if v.skipped == s:
                notes.append(t("{name} must draw {n} and misses a turn", name=names[s], n=n))
            else:
                notes.append(t("{name} must answer a penalty of {n}", name=names[s], n=n))
        if v.penalized is not None:
            s, n = v.penalized
            notes.append(
                t.n(
                    "{name} drew {n} as a penalty", "{name} drew {n} as a penalty", n, name=names[s]
                )
            )
        if v.missed is not None:
            notes.append(t("{name} missed a turn", name=names[v.missed]))
        if v.turn == v.seat and v.requirement:
            req = self.ui.requirement(v)
            notes.append(t("You may play: ") + req)
        if notes:
            piles.append({"title": "", "text": " · ".join(notes)})
        return piles

    def final_sheet(
        self, view: View, t: T, names: Sequence[str], result: Mapping[str, Any] | None
    ) -> dict[str, Any] | None:
        """A round forfeited: its sheet (the presenter's forfeit_cells, the terminal's
        too; no cards left: nobody's hand was opened); else :meth:`sheet`."""
        forfeit = self.ui.p.forfeit_cells(view, result)
        if forfeit is None:
            return self.sheet(view, t, names)
        n, out, cells = forfeit
        rows = []
        for s, (pts, total) in enumerate(cells):
            who = names[s] + (f" ({t('forfeit')})" if s in out else "")
            rows.append([who, f"{pts:+d}" if pts else "0", str(total)])
        head = [t("player"), t("points"), t("series")]
        return {"title": t("Round {n}: forfeit", n=n + 1), "head": head, "rows": rows}

    def sheet(self, view: View, t: T, names: Sequence[str]) -> dict[str, Any] | None:
        assert isinstance(view, StoOdnoView)
        row = view.sheet
        if row is None:
            return None
        n = int(row.get("round", 0)) + 1
        if "redeal" in row:
            return {
                "title": t("Round {n}: redeal, no scores", n=n),
                "head": [],
                "rows": [],
            }
        rows = []
        for s, name in enumerate(names):
            left = t.cards(Card.from_code(c) for c in row["hands"][s])
            who = name + (t(" (went out)") if s == row["winner"] else "")
            pts = int(row["points"][s])
            rows.append([who, left, f"{pts:+d}" if pts else "0", str(row["scores"][s])])
        return {
            "title": t("Round {n}", n=n),
            "head": [
                t("player"),
                t("cards left"),
                t("points"),
                t("series"),
            ],
            "rows": rows,
        }
