"""Thousand in the terminal: the auction with every bid, the talon when shown, the
current trick with who played what, trump, declared marriages, running scores, barrel
and bolt marks, and the score sheet between hands."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from p2pcards.cards import Card
from p2pcards.cli._tui._base import GameUI
from p2pcards.cli._tui._cards import card_text, cards_text, grouped_text, suit_text
from p2pcards.cli._tui._menu import Choice, Menu
from p2pcards.games import Move, View
from p2pcards.games.thousand import Bid, GiveCards, Pass, Play, ThousandView
from p2pcards.games.thousand._rules import MARRIAGE_POINTS

NOTES = {
    "barrel": ("barrel", "бочка"),
    "off_barrel": ("off", "слетел"),
    "barrel_penalty": ("-barrel", "-бочка"),
    "bolt": ("bolt", "болт"),
    "bolt_penalty": ("-bolts", "-болты"),
}
"""Score sheet marks per note of :func:`~p2pcards.games.thousand._rules.settle`: mounted
the barrel, fell off it, paid the barrel penalty, a bolt, paid the bolt penalty."""


class ThousandUI(GameUI):
    """Thousand (thousand.ru.txt): the screen and the choices."""

    name = "thousand"
    title: ClassVar[dict[str, str]] = {"en": "Thousand", "ru": "Тысяча"}

    def _v(self, view: View) -> ThousandView:
        assert isinstance(view, ThousandView)
        return view

    # -- seats -------------------------------------------------------------------------
    def status(self, view: View, seat: int) -> str:
        v = self._v(view)
        marks = []
        if seat == v.dealer:
            marks.append(self.t("dealer", "сдаёт"))
        if seat == v.declarer:
            marks.append(self.t(f"declarer {v.bid}", f"играет {v.bid}"))
        elif v.phase == "auction" and v.passed[seat]:
            marks.append(self.t("passed", "пас"))
        return ", ".join(marks)

    def columns(self, view: View, names: Sequence[str]) -> list[tuple[str, list[Any]]]:
        v = self._v(view)
        tries = int(self.options.get("barrel_tries", 3))
        barrel = ["" if b is None else f"{b}/{tries}" for b in v.barrel]
        bolts = ["|" * b for b in v.bolts]
        return [
            (self.t("score", "очки"), list(v.scores)),
            (self.t("this hand", "в раздаче"), list(v.taken)),
            (self.t("tricks", "взятки"), list(v.tricks)),
            (self.t("barrel", "бочка"), barrel),
            (self.t("bolts", "болты"), bolts),
        ]

    # -- public state ------------------------------------------------------------------
    def auction_text(self, v: ThousandView, names: Sequence[str]) -> Text:
        """Every call of the auction in order: "Boris 100 · Vera pass · Anna 105"."""
        t = Text()
        for i, (seat, amount) in enumerate(v.auction):
            if i:
                t.append(" · ", style="dim")
            t.append(names[seat] + " ")
            t.append(
                str(amount) if amount else self.t("pass", "пас"), style="bold" if amount else "dim"
            )
        return t

    def trick_text(self, trick: Sequence[tuple[int, Card]], names: Sequence[str]) -> Text:
        """A trick as "Boris Q♠ · Vera K♠" in play order."""
        t = Text()
        for i, (seat, card) in enumerate(trick):
            if i:
                t.append(" · ", style="dim")
            t.append(names[seat] + " ")
            t.append_text(card_text(card))
        return t

    def panels(self, view: View, names: Sequence[str]) -> list[RenderableType]:
        v = self._v(view)
        lines: list[Text] = []
        a = Text(self.t("Auction: ", "Торговля: "), style="bold")
        a.append_text(self.auction_text(v, names))
        lines.append(a)
        if v.declarer is not None:
            lines.append(
                Text(
                    self.t(
                        f"Contract: {names[v.declarer]} plays {v.bid}",
                        f"Контракт: {names[v.declarer]} играет {v.bid}",
                    ),
                    style="bold",
                )
            )
        elif v.bidder is not None:
            lines.append(
                Text(
                    self.t(
                        f"Highest bid: {v.bid} ({names[v.bidder]})",
                        f"Высшая заявка: {v.bid} ({names[v.bidder]})",
                    )
                )
            )
        if v.talon:
            t = Text(self.t("Talon: ", "Прикуп: "), style="bold")
            t.append_text(cards_text(v.talon))
            lines.append(t)
        elif v.declarer is not None and not v.talon_shown:
            lines.append(Text(self.t("Talon: taken unseen", "Прикуп: взят втёмную"), style="dim"))
        tr_ = Text(self.t("Trump: ", "Козырь: "), style="bold")
        if v.trump is None:
            tr_.append(self.t("none yet", "пока нет"), style="dim")
        else:
            tr_.append_text(suit_text(v.trump))
            tr_.append(" " + v.trump.name_in("ru" if self.lang == "ru" else "en"))
        lines.append(tr_)
        if v.marriages or v.aces is not None:
            m = Text(self.t("Marriages: ", "Марьяжи: "), style="bold")
            for i, (seat, suit) in enumerate(v.marriages):
                if i:
                    m.append(", ")
                m.append(names[seat] + " ")
                m.append_text(suit_text(suit))
                m.append(f" {MARRIAGE_POINTS[suit]}")
            if v.aces is not None:
                m.append(
                    (", " if v.marriages else "")
                    + self.t(f"{names[v.aces]} four aces 200", f"{names[v.aces]} четыре туза 200")
                )
            lines.append(m)
        if v.phase in ("play", "open") or v.trick:
            t = Text(
                self.t(f"Trick {v.trick_no} of 8: ", f"Взятка {v.trick_no} из 8: "), style="bold"
            )
            if v.trick:
                t.append_text(self.trick_text(v.trick, names))
            else:
                t.append(self.t("(no card yet)", "(карт ещё нет)"), style="dim")
            lines.append(t)
        if v.last_trick and v.last_winner is not None:
            t = Text(self.t("Last trick: ", "Прошлая взятка: "), style="dim")
            t.append_text(self.trick_text(v.last_trick, names))
            t.append(self.t(f" → {names[v.last_winner]}", f" → {names[v.last_winner]}"))
            lines.append(t)
        out: list[RenderableType] = [
            Panel(
                Group(*lines), title=self.t("Table", "Стол"), title_align="left", border_style="dim"
            )
        ]
        return out

    def hand(self, view: View) -> RenderableType:
        """The hand by suit, each suit in this game's order (9 J Q K 10 A)."""
        return grouped_text(c for _, c in view.hand)

    # -- moves -------------------------------------------------------------------------
    def _card_at(self, view: View, pos: int) -> Card | None:
        return dict(view.hand).get(pos)

    def describe(self, move: Move, view: View, names: Sequence[str]) -> str:
        v = self._v(view)
        if isinstance(move, Pass):
            return self.t("pass", "пас")
        if isinstance(move, Bid):
            return self.t(f"bid {move.amount}", f"заявка {move.amount}")
        if isinstance(move, Play):
            c = move.card.symbol
            if move.declare == "marriage":
                pts = MARRIAGE_POINTS[move.card.suit]
                return self.t(
                    f"play {c} and declare the marriage in {move.card.suit.name_in('en')} (+{pts})",
                    f"сыграть {c} и объявить марьяж {move.card.suit.name_in('ru', 'gen')} (+{pts})",
                )
            if move.declare == "aces":
                return self.t(
                    f"play {c} and declare four aces (+200)",
                    f"сыграть {c} и объявить четыре туза (+200)",
                )
            return self.t(f"play {c}", f"сыграть {c}")
        if isinstance(move, GiveCards):
            a, b = (move.seat + 1) % 3, (move.seat + 2) % 3
            ca, cb = (self._card_at(v, p) for p in move.positions)
            if ca is None or cb is None:
                return self.t(
                    f"pass one card to {names[a]} and one to {names[b]}",
                    f"отдать по карте: {names[a]} и {names[b]}",
                )
            return self.t(
                f"give {ca.symbol} to {names[a]} and {cb.symbol} to {names[b]}",
                f"отдать {ca.symbol} — {names[a]}, {cb.symbol} — {names[b]}",
            )
        return super().describe(move, view, names)

    def menu(self, view: View, legal: Sequence[Move], names: Sequence[str]) -> Menu:
        """Pass, then bids ascending; plays in the order of the hand on screen (a
        declaration right after its plain play); passing two cards as a card for the
        next seat, then one for the seat after it."""
        gives = [m for m in legal if isinstance(m, GiveCards)]
        if not gives:
            order = {p: i for i, (p, _) in enumerate(view.hand)}

            def key(m: Move) -> tuple[int, int]:
                if isinstance(m, Play):
                    return (order.get(m.position, 99), 0 if not m.declare else 1)
                return (-1, m.amount if isinstance(m, Bid) else 0)

            return super().menu(view, sorted(legal, key=key), names)
        seat = gives[0].seat
        a, b = names[(seat + 1) % 3], names[(seat + 2) % 3]
        firsts: dict[int, list[GiveCards]] = {}
        for m in gives:
            firsts.setdefault(m.positions[0], []).append(m)
        choices = []
        for p in (p for p, _ in view.hand if p in firsts):
            c = self._card_at(view, p)
            sub = Menu(
                self.t(f"Card for {b} (after {c} to {a}):", f"Карта для игрока {b} ({c} — {a}):"),
                tuple(
                    Choice(str(self._card_at(view, m.positions[1])), move=m)
                    for q, _ in view.hand
                    for m in firsts[p]
                    if m.positions[1] == q
                ),
            )
            choices.append(Choice(str(c), menu=sub))
        return Menu(self.t(f"Card for {a}:", f"Карта для игрока {a}:"), tuple(choices))

    # -- between hands -----------------------------------------------------------------
    def sheet(self, view: View, names: Sequence[str]) -> RenderableType | None:
        """The score sheet: per hand the declarer, bid, made or not, and each seat's
        running score with its gain and barrel/bolt notes."""
        v = self._v(view)
        t = Table(title=self.t("Score sheet", "Запись"), title_justify="left")
        t.add_column("#", justify="right")
        t.add_column(self.t("declarer", "играл"))
        t.add_column(self.t("bid", "заявка"), justify="right")
        t.add_column("", justify="center")
        for n in names:
            t.add_column(n, justify="right")
        for row in v.sheet:
            cells: list[RenderableType] = [
                str(row.hand + 1),
                names[row.declarer],
                str(row.bid),
                Text("✓", style="green") if row.made else Text("✗", style="red"),
            ]
            for s in range(len(names)):
                cell = Text(str(row.scores[s]), style="bold")
                cell.append(f" ({row.gains[s]:+d})", style="dim")
                for note in row.notes[s]:
                    cell.append(" " + self.t(*NOTES.get(note, (note, note))), style="yellow")
                cells.append(cell)
            t.add_row(*cells)
        return t

    def result_lines(self, result: Mapping[str, Any], names: Sequence[str]) -> list[str]:
        scores = result.get("scores", [])
        line = ", ".join(f"{names[s]} {scores[s]}" for s in range(len(scores)))
        return [
            self.t(f"final scores: {line}", f"итоговый счёт: {line}"),
            *super().result_lines(result, names),
        ]
