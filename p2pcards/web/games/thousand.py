"""Thousand on the web page (thousand.ru.txt): the auction, contract, talon, trump,
marriages, the trick in play and the last one, and the score sheet as on paper (each
hand's declarer and bid, running scores with barrel and bolt marks)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from p2pcards.games import Move, View
from p2pcards.games.thousand import GiveCards, ThousandView
from p2pcards.web._screen import GameScreen, T, card


class Screen(GameScreen):
    """Thousand's screen parts."""

    def seat_info(self, view: View, seat: int, t: T, names: Sequence[str]) -> list[str]:
        assert isinstance(view, ThousandView)
        v = view
        out = [t("score {score}", score=v.scores[seat])]
        if seat == v.dealer:
            out.append(t("dealer"))
        if seat == v.declarer:
            out.append(t("plays {bid}", bid=v.bid))
        elif v.phase == "auction" and v.passed[seat]:
            out.append(t("passed"))
        if v.phase in ("play", "open", "over"):
            out.append(t("tricks {trick}", trick=v.tricks[seat]))
        if v.barrel[seat] is not None:
            out.append(t("on the barrel"))
        if v.bolts[seat]:
            out.append(t("bolts {bolt}", bolt=v.bolts[seat]))
        return out

    def centre(self, view: View, t: T, names: Sequence[str]) -> list[dict[str, Any]]:
        assert isinstance(view, ThousandView)
        v = view
        piles: list[dict[str, Any]] = []
        calls = " · ".join(f"{names[s]} {a if a else t('pass')}" for s, a in v.auction)
        if v.declarer is not None and v.declarer == v.seat:  # not "You plays"
            contract = t("Contract: you play {bid}", bid=v.bid)
        elif v.declarer is not None:
            contract = t("Contract: {name} plays {bid}", name=names[v.declarer], bid=v.bid)
        elif v.bidder is not None:
            contract = t("Highest bid: {bid} ({name})", bid=v.bid, name=names[v.bidder])
        else:
            contract = ""
        trump = (
            t("Trump: none yet")
            if v.trump is None
            else t(
                "Trump: {symbol} {suit}",
                symbol=v.trump.symbol,
                suit=v.trump.name_in("ru" if t.ru else "en"),
            )
        )
        piles.append(
            {
                "title": t("Auction"),
                "text": " — ".join(x for x in (calls, contract) if x),
            }
        )
        if v.talon:
            piles.append({"title": t("Talon"), "cards": [card(c) for c in v.talon]})
        piles.append({"title": t("Trump"), "text": trump})
        if v.marriages:
            piles.append(
                {
                    "title": t("Marriages"),
                    "text": ", ".join(f"{names[s]} {su.symbol}" for s, su in v.marriages),
                }
            )
        if v.phase in ("play", "open") or v.trick:
            tricks = 10 if len(v.players) == 2 else 8  # two seats: ten cards each
            piles.append(
                {
                    "title": t("Trick {trick_no} of {tricks}", trick_no=v.trick_no, tricks=tricks),
                    "cards": [card(c) for _, c in v.trick],
                    "who": [names[s] for s, _ in v.trick],
                    "text": "" if v.trick else t("no card yet"),
                    "main": True,
                }
            )
        if v.last_trick and v.last_winner is not None:
            piles.append(
                {
                    "title": t("Last trick → {name}", name=names[v.last_winner]),
                    "cards": [card(c) for _, c in v.last_trick],
                    "who": [names[s] for s, _ in v.last_trick],
                    "small": True,
                }
            )
        return piles

    def move_targets(self, move: Move, view: View) -> list[int] | None:
        """Passing two cards after the talon ("Раздача и прикуп"): the first card to the
        next player clockwise, the second to the one after (a sitting-out dealer is not
        one); with two players the two cards are discarded (None)."""
        assert isinstance(view, ThousandView)
        if not isinstance(move, GiveCards) or len(view.players) <= 2:
            return None
        i = view.players.index(move.seat)
        n = len(view.players)
        return [view.players[(i + k) % n] for k in range(1, len(move.positions) + 1)]

    def sheet(self, view: View, t: T, names: Sequence[str]) -> dict[str, Any] | None:
        return self.final_sheet(view, t, names, None)

    def final_sheet(
        self, view: View, t: T, names: Sequence[str], result: Mapping[str, Any] | None
    ) -> dict[str, Any] | None:
        """The sheet, with the row of a hand forfeited (the presenter's forfeit_cells:
        the terminal's row too)."""
        assert isinstance(view, ThousandView)
        forfeit = self.ui.p.forfeit_cells(view, result)
        if not view.sheet and forfeit is None:
            return None
        rows = []
        for row, seats in zip(view.sheet, self.ui.p.sheet_cells(view), strict=True):
            if forfeit is not None and row.hand >= forfeit[0]:
                break  # (the forfeited hand counts as the result writes it)
            made = "✓" if row.made else "✗"  # (one column: the sheet fits a 1024 px screen)
            cells = [str(row.hand + 1), f"{names[row.declarer]} {row.bid} {made}"]
            for score, change, notes in seats:
                cells.append(f"{score} ({change:+d}){' ' + notes if notes else ''}")
            rows.append(cells)
        if forfeit is not None:
            hand, out, seats = forfeit
            who = t("forfeit: {names}", names=t.join(names[x] for x in out))
            rows.append([str(hand + 1), who, *(f"{sc} ({ch:+d}){' ' + n if n else ''}"
                                               for sc, ch, n in seats)])  # fmt: skip
        return {
            "title": t("Score sheet"),
            "head": ["#", t("bid"), *names],
            "rows": rows,
        }
