"""101 in the terminal: the top card and the named suit, stock and discard sizes, each
player's card count and series score, who must draw or miss a turn, and the round's
score sheet; choices such as "play Q♠ and name hearts"."""

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
from p2pcards.cli._tui._menu import Menu
from p2pcards.games import Move, View
from p2pcards.games.sto_odno import Draw, Pass, Play, StoOdnoView, TakePenalty
from p2pcards.games.sto_odno._rules import Requirement


class StoOdnoUI(GameUI):
    """101 (sto-odno.ru.txt): the screen and the choices."""

    name = "101"
    title: ClassVar[dict[str, str]] = {"en": "101", "ru": "Сто одно"}
    hand_word: ClassVar[tuple[str, str]] = ("round", "раунд")

    def __init__(self, lang: str = "en", options: Mapping[str, Any] | None = None) -> None:
        super().__init__(lang, options)
        self._said: set[tuple[Any, ...]] = set()

    def facts(self, view: View, names: Sequence[str]) -> list[str]:
        """ "Vera draws 2 (penalty)" and "Vera misses a turn", once per play."""
        v = self._v(view)
        play = (v.hand_no, v.discard, v.rebuilt)
        out = []
        if v.penalized is not None and ("p", play, v.penalized) not in self._said:
            self._said.add(("p", play, v.penalized))
            s, n = v.penalized
            verb = "draw" if names[s] == "You" else "draws"
            out.append(self.t(f"{names[s]} {verb} {n} (penalty)", f"{names[s]}: +{n} карт штрафом"))
        if v.missed is not None and ("m", play, v.missed) not in self._said:
            self._said.add(("m", play, v.missed))
            s = v.missed
            verb = "miss" if names[s] == "You" else "misses"
            out.append(self.t(f"{names[s]} {verb} a turn", f"{names[s]}: пропуск хода"))
        return out

    def _v(self, view: View) -> StoOdnoView:
        assert isinstance(view, StoOdnoView)
        return view

    def status(self, view: View, seat: int) -> str:
        v = self._v(view)
        marks = []
        if seat in v.losers:
            marks.append(self.t("lost the series", "проиграл серию"))
        if seat == v.starter:
            marks.append(self.t("started", "начинал"))
        return ", ".join(marks)

    def columns(self, view: View, names: Sequence[str]) -> list[tuple[str, list[Any]]]:
        v = self._v(view)
        cols: list[tuple[str, list[Any]]] = [(self.t("score", "очки"), list(v.scores))]
        if any(v.known):
            cols.append(
                (self.t("known cards", "известные карты"), [cards_text(k) for k in v.known])
            )
        return cols

    def requirement(self, v: StoOdnoView) -> str:
        """What may be played now, in words, in the UI's language."""
        if self.lang == "en" or (v.top is None and v.mode != "first"):
            return v.requirement
        top = v.top
        req = Requirement(
            v.mode,
            top,
            v.named,
            cover_suit=top.suit if v.mode == "cover" and top is not None else None,
            pass_rank=top.rank if v.mode == "penalty" and top is not None else None,
        )
        return req.describe("ru")

    def panels(self, view: View, names: Sequence[str]) -> list[RenderableType]:
        v = self._v(view)
        lines: list[Text] = []
        top = Text(self.t("Top card: ", "Верхняя карта: "), style="bold")
        if v.top is None:
            top.append(self.t("none yet", "пока нет"), style="dim")
        else:
            top.append_text(card_text(v.top))
        if v.named is not None:
            top.append(self.t("   named suit: ", "   заказ: "), style="bold")
            top.append_text(suit_text(v.named))
            top.append(" " + v.named.name_in("ru" if self.lang == "ru" else "en"))
        lines.append(top)
        st = Text(self.t(f"Stock: {v.stock}", f"Колода: {v.stock}"))
        st.append(self.t(f"   discard pile: {v.discard}", f"   сброс: {v.discard}"))
        if v.rebuilt:
            st.append(
                self.t(
                    f"   (stock rebuilt {v.rebuilt}×)",
                    f"   (колода собрана из сброса {v.rebuilt}×)",
                ),
                style="dim",
            )
        if v.direction < 0:
            st.append(self.t("   direction: counter-clockwise", "   направление: против часовой"))
        lines.append(st)
        if v.penalty is not None:
            s, n = v.penalty
            who = names[s]
            if v.skipped == s:
                text = self.t(
                    f"{who} must draw {n} and misses a turn", f"{who} берёт {n} и пропускает ход"
                )
            else:
                text = self.t(f"{who} must answer a penalty of {n}", f"{who}: штраф {n} карт")
            lines.append(Text(text, style="yellow"))
        if v.penalized is not None:
            s, n = v.penalized
            lines.append(
                Text(
                    self.t(f"{names[s]} drew {n} as a penalty", f"{names[s]}: +{n} карт штрафом"),
                    style="yellow",
                )
            )
        if v.missed is not None:
            lines.append(
                Text(
                    self.t(f"{names[v.missed]} missed a turn", f"{names[v.missed]}: пропуск хода"),
                    style="yellow",
                )
            )
        if v.turn == v.seat and v.requirement:
            lines.append(
                Text(
                    self.t("You may play: ", "Можно положить: ") + self.requirement(v),
                    style="green",
                )
            )
        return [
            Panel(
                Group(*lines), title=self.t("Table", "Стол"), title_align="left", border_style="dim"
            )
        ]

    def hand(self, view: View) -> RenderableType:
        return grouped_text(c for _, c in view.hand)

    def describe(self, move: Move, view: View, names: Sequence[str]) -> str:
        if isinstance(move, Play):
            cs = " ".join(c.symbol for c in move.cards)
            if move.suit is not None:
                return self.t(
                    f"play {cs} and name {move.suit.name_in('en')}",
                    f"положить {cs} и заказать {move.suit.name_in('ru')}",
                )
            return self.t(f"play {cs}", f"положить {cs}")
        if isinstance(move, Draw):
            return self.t("draw a card from the stock", "взять карту из колоды")
        if isinstance(move, Pass):
            return self.t("pass (nothing to play or draw)", "пас (нечем ходить и нечего взять)")
        if isinstance(move, TakePenalty):
            return self.t("take the penalty", "принять штраф")
        return super().describe(move, view, names)

    def menu(self, view: View, legal: Sequence[Move], names: Sequence[str]) -> Menu:
        """Plays in the order of the hand on screen (a queen once per suit to name),
        then drawing, passing or taking a penalty."""
        order = {p: i for i, (p, _) in enumerate(view.hand)}

        def key(m: Move) -> tuple[int, int, int]:
            if isinstance(m, Play):
                return (
                    0,
                    order.get(m.positions[0], 99) * 64 + len(m.positions),
                    -1 if m.suit is None else int(m.suit),
                )
            return (1, 0, 0)

        return super().menu(view, sorted(legal, key=key), names)

    def sheet(self, view: View, names: Sequence[str]) -> RenderableType | None:
        """The last round's score sheet: cards left, points and series score per seat."""
        v = self._v(view)
        row = v.sheet
        if row is None:
            return None
        n = int(row.get("round", 0)) + 1
        if "redeal" in row:
            return Text(
                self.t(
                    f"Round {n}: redeal, no scores ({row['redeal']})",
                    f"Раунд {n}: пересдача без очков ({row['redeal']})",
                ),
                style="yellow",
            )
        t = Table(title=self.t(f"Round {n}", f"Раунд {n}"), title_justify="left")
        t.add_column(self.t("player", "игрок"))
        t.add_column(self.t("cards left", "остались карты"))
        t.add_column(self.t("points", "очки"), justify="right")
        t.add_column(self.t("series", "серия"), justify="right")
        for s, name in enumerate(names):
            left = [Card.from_code(c) for c in row["hands"][s]]
            who = Text(name)
            if s == row["winner"]:
                who.append(self.t(" (went out)", " (вышел)"), style="green")
            pts = int(row["points"][s])
            t.add_row(who, cards_text(left), f"{pts:+d}" if pts else "0", str(row["scores"][s]))
        return t

    def result_lines(self, result: Mapping[str, Any], names: Sequence[str]) -> list[str]:
        scores = result.get("scores", [])
        line = ", ".join(f"{names[s]} {scores[s]}" for s in range(len(scores)))
        return [
            self.t(f"series scores: {line}", f"счёт серии: {line}"),
            *super().result_lines(result, names),
        ]
