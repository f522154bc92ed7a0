"""Akulina in the terminal: discarded pairs, the neighbour's face-down cards to pick
from, who is out, and the choices "take card 3 of 7 from Boris" / "discard K♥ K♠"."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from rich.console import RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from p2pcards.cards import Card, Rank
from p2pcards.cli._tui._base import GameUI
from p2pcards.cli._tui._cards import backs_text, cards_text
from p2pcards.games import Move, View
from p2pcards.games.akulina import AkulinaView, Discard, Draw


def pairs_by_rank(cards: Sequence[Card]) -> list[list[Card]]:
    """Cards grouped by rank (ranks ascending, suits in order): discarded pairs."""
    groups: dict[Rank, list[Card]] = {}
    for c in cards:
        groups.setdefault(c.rank, []).append(c)
    return [sorted(groups[r]) for r in sorted(groups)]


class AkulinaUI(GameUI):
    """Akulina (akulina.ru.txt): the screen and the choices."""

    name = "akulina"
    title: ClassVar[dict[str, str]] = {"en": "Akulina (Old Maid)", "ru": "Акулина"}

    def turn(self, view: View) -> int | None:
        assert isinstance(view, AkulinaView)
        s = super().turn(view)
        return s if s is not None else view.drawer

    def turn_text(self, view: View, names: Sequence[str]) -> str:
        assert isinstance(view, AkulinaView)
        d, h = view.drawer, view.holder
        if d is None or h is None:
            return super().turn_text(view, names)
        if d == view.seat:
            return self.t("Your turn", "Ваш ход")
        if h == view.seat:
            return self.t(f"{names[d]} takes a card from you", f"{names[d]} тянет карту у вас")
        return self.t(
            f"{names[d]} takes a card from {names[h]}",
            f"{names[d]} тянет карту у игрока {names[h]}",
        )

    def status(self, view: View, seat: int) -> str:
        assert isinstance(view, AkulinaView)
        return self.t("out", "вышел") if view.out[seat] else ""

    def columns(self, view: View, names: Sequence[str]) -> list[tuple[str, list[Any]]]:
        assert isinstance(view, AkulinaView)
        if view.hand_no == 0 and not any(view.losses):
            return []
        return [(self.t("losses", "проигрыши"), list(view.losses))]

    def panels(self, view: View, names: Sequence[str]) -> list[RenderableType]:
        assert isinstance(view, AkulinaView)
        body = Text()
        groups = pairs_by_rank(view.discards)
        for i, g in enumerate(groups):
            if i:
                body.append("  ")
            body.append_text(cards_text(g))
        if not groups:
            body.append(self.t("none yet", "пока нет"), style="dim")
        out: list[RenderableType] = [
            Panel(
                body,
                title=self.t(
                    f"Discarded pairs ({len(view.discards) // 2})",
                    f"Сброшенные пары ({len(view.discards) // 2})",
                ),
                title_align="left",
                border_style="dim",
            )
        ]
        if view.drawer is not None and view.holder is not None:
            h = view.holder
            who = self.t(
                f"{names[h]}'s cards, face down", f"Карты игрока {names[h]} рубашкой вверх"
            )
            line = Text(who + ": ")
            line.append_text(backs_text(view.counts[h]))
            out.append(line)
        return out

    def describe(self, move: Move, view: View, names: Sequence[str]) -> str:
        assert isinstance(view, AkulinaView)
        if isinstance(move, Draw):
            h = view.holder
            n = view.counts[h] if h is not None else 0
            who = names[h] if h is not None else "?"
            return self.t(
                f"take card {move.index + 1} of {n} from {who}",
                f"взять карту {move.index + 1} из {n} у игрока {who}",
            )
        if isinstance(move, Discard):
            if not move.positions:
                return self.t("no pair to discard", "пары нет")
            text = ", ".join(" ".join(c.symbol for c in g) for g in pairs_by_rank(move.cards))
            return self.t(f"discard {text}", f"сбросить {text}")
        return super().describe(move, view, names)

    def sheet(self, view: View, names: Sequence[str]) -> RenderableType | None:
        assert isinstance(view, AkulinaView)
        if int(self.options.get("hands", 1)) <= 1:
            return None
        t = Table(title=self.t("Losses in the series", "Проигрыши в серии"), title_justify="left")
        for s in range(len(names)):
            t.add_column(names[s], justify="right")
        t.add_row(*(str(x) for x in view.losses))
        return t

    def result_lines(self, result: Mapping[str, Any], names: Sequence[str]) -> list[str]:
        lines = []
        loser = result.get("loser")
        if loser is not None:
            lines.append(
                self.t(
                    f"loser: {names[loser]} (left with the queen of spades)",
                    f"проигравший: {names[loser]} (остался с дамой пик)",
                )
            )
        if result.get("hands", 1) > 1:
            lines += super().result_lines(result, names)
        return lines
