"""Sunduchki in the terminal: the hand grouped by rank, card counts and chests per seat,
the stock, the request in progress and every question and answer; a question builder
(opponent, rank, count, suits) that offers only legal questions."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from p2pcards.cards import Rank, Suit
from p2pcards.cli._tui._base import GameUI
from p2pcards.cli._tui._cards import cards_text, suit_text
from p2pcards.cli._tui._menu import Choice, Menu
from p2pcards.games import Move, View
from p2pcards.games.sunduchki import HAND, Answer, Ask, AskCount, AskSuits, Note, SetAside
from p2pcards.games.sunduchki import SunduchkiView as _View

QUESTION_LINES = 10


@dataclass(frozen=True)
class Plan:
    """A whole question chosen at once: ask ``target`` about ``rank``, then (after each
    "yes") ``count``, then ``suits``; None where the player will be asked later."""

    target: int
    rank: Rank
    count: int | None = None
    suits: tuple[Suit, ...] | None = None


class SunduchkiUI(GameUI):
    """Sunduchki (sunduchki.ru.txt): the screen, the question builder and the answers."""

    name = "sunduchki"
    title: ClassVar[dict[str, str]] = {"en": "Sunduchki (Chests)", "ru": "Сундучки"}

    def __init__(self, lang: str = "en", options: Mapping[str, Any] | None = None) -> None:
        super().__init__(lang, options)
        self.plan: Plan | None = None

    def _v(self, view: View) -> _View:
        assert isinstance(view, _View)
        return view

    def _rank(self, rank: Rank, plural: bool = True) -> str:
        return rank.name_in("ru" if self.lang == "ru" else "en", plural=plural)

    def _suits(self, suits: Sequence[Suit]) -> str:
        names = ", ".join(s.name_in("ru" if self.lang == "ru" else "en") for s in suits)
        return f"{' '.join(s.symbol for s in suits)} ({names})"

    # -- seats and whose turn ----------------------------------------------------------
    def turn_text(self, view: View, names: Sequence[str]) -> str:
        v = self._v(view)
        s = self.turn(v)
        req = v.request
        if s is not None and req is not None and s == req.target and s != req.asker:
            if s == v.seat:
                return self.t(f"Answer {names[req.asker]}", f"Ответьте игроку {names[req.asker]}")
            return self.t(
                f"{names[s]} answers {names[req.asker]}",
                f"{names[s]} отвечает игроку {names[req.asker]}",
            )
        return super().turn_text(view, names)

    def columns(self, view: View, names: Sequence[str]) -> list[tuple[str, list[Any]]]:
        v = self._v(view)
        chests = [" ".join(r.symbol for r in c) for c in v.chests]
        cols: list[tuple[str, list[Any]]] = [
            (self.t("chests", "сундучки"), list(v.scores)),
            ("", chests),
        ]
        if any(v.open_cards):
            cols.append(
                (self.t("known cards", "известные карты"), [cards_text(c) for c in v.open_cards])
            )
        return cols

    # -- public state ------------------------------------------------------------------
    def note_text(self, note: Note, names: Sequence[str]) -> str:
        """One public fact with seat names: "Boris → Vera: do you have queens?"."""
        who = names[note.seat]
        to = names[note.target] if note.target is not None else "?"
        k = note.kind
        if k == "ask" and note.rank is not None:
            r = self._rank(note.rank)
            return self.t(f"{who} → {to}: do you have {r}?", f"{who} → {to}: есть {r}?")
        if k == "count":
            return self.t(f"{who}: exactly {note.count}?", f"{who}: ровно {note.count}?")
        if k == "suits":
            s = self._suits(note.suits)
            return self.t(f"{who}: suits {s}?", f"{who}: масти {s}?")
        if k == "answer":
            word = self.t("yes", "да") if note.yes else self.t("no", "нет")
            if note.cards:
                cs = " ".join(c.symbol for c in note.cards)
                return self.t(f"{who}: {word}, hands over {cs}", f"{who}: {word}, отдаёт {cs}")
            return f"{who}: {word}"
        if k == "draw":
            verb = "draw" if who == "You" else "draws"
            return self.t(f"{who} {verb} a card", f"{who} берёт карту из запаса")
        if k == "chest":
            cs = " ".join(c.symbol for c in note.cards)
            return self.t(f"{who} sets aside a chest: {cs}", f"{who} откладывает сундучок: {cs}")
        if k == "pass":
            return self.t(
                f"{who} passes: no opponent has cards", f"{who} пропускает: у соперников нет карт"
            )
        if k == "skip":
            return self.t(
                f"{who} is skipped: no cards, empty stock",
                f"{who} пропускает: нет карт, запас пуст",
            )
        if k == "nodraw":
            return self.t(f"{who}: stock empty, turn passes", f"{who}: запас пуст, ход переходит")
        return self.t("the game is over", "партия окончена")

    def panels(self, view: View, names: Sequence[str]) -> list[RenderableType]:
        v = self._v(view)
        lines: list[RenderableType] = [Text(self.t(f"Stock: {v.stock}", f"Запас: {v.stock}"))]
        req = v.request
        if req is not None:
            t = Text(self.t("Question: ", "Вопрос: "), style="bold")
            t.append(f"{names[req.asker]} → {names[req.target]}: {self._rank(req.rank)}")
            if req.count is not None:
                t.append(self.t(f", exactly {req.count}", f", ровно {req.count}"))
            if req.suits:
                t.append(", ")
                for s in req.suits:
                    t.append_text(suit_text(s))
            t.append("?")
            lines.append(t)
        notes = [self.note_text(n, names) for n in v.history[-QUESTION_LINES:]]
        lines.append(
            Panel(
                Text("\n".join(notes) or self.t("(no question yet)", "(вопросов ещё не было)")),
                title=self.t("Questions and answers", "Вопросы и ответы"),
                title_align="left",
                border_style="dim",
            )
        )
        return [Group(*lines)]

    def hand(self, view: View) -> RenderableType:
        """The hand grouped by rank: "Q: Q♠ Q♥   K: K♦"."""
        v = self._v(view)
        t = Text()
        for i, (rank, cards) in enumerate(v.by_rank):
            if i:
                t.append("   ")
            t.append(f"{rank.symbol}: ", style="dim")
            t.append_text(cards_text(cards))
        return t

    # -- moves -------------------------------------------------------------------------
    def describe(self, move: Move, view: View, names: Sequence[str]) -> str:
        v = self._v(view)
        req = v.request
        if isinstance(move, Ask):
            r = self._rank(move.rank)
            to = names[move.target]
            return self.t(f"ask {to}: do you have {r}?", f"спросить игрока {to}: есть {r}?")
        if isinstance(move, AskCount):
            r = self._rank(req.rank) if req is not None else ""
            return self.t(f"exactly {move.count} {r}?", f"ровно {move.count} ({r})?")
        if isinstance(move, AskSuits):
            s = self._suits(move.suits)
            return self.t(f"the suits {s}?", f"масти {s}?")
        if isinstance(move, Answer):
            word = self.t("yes", "да") if move.yes else self.t("no", "нет")
            if move.cards:
                cs = " ".join(c.symbol for c in move.cards)
                return self.t(f"yes, hand over {cs}", f"да, отдать {cs}")
            return word
        if isinstance(move, SetAside):
            if not move.cards:
                return self.t("no chest to set aside", "сундучков нет")
            cs = " ".join(c.symbol for c in move.cards)
            return self.t(f"set aside the chest {cs}", f"отложить сундучок {cs}")
        return super().describe(move, view, names)

    def history_line(self, move: Move, view: View, names: Sequence[str]) -> str:
        """Empty: every question and answer is shown from the game's own history."""
        return ""

    def _counts(self, v: _View, target: int, rank: Rank) -> list[int]:
        mine = sum(1 for r, cs in v.by_rank if r == rank for _ in cs)
        top = min(HAND - max(mine, 1), v.counts[target])
        return list(range(1, max(top, 1) + 1))

    def _suit_sets(self, v: _View, rank: Rank, count: int) -> list[tuple[Suit, ...]]:
        mine = {c.suit for r, cs in v.by_rank if r == rank for c in cs}
        free = [s for s in Suit if s not in mine]
        if len(free) < count:
            free = list(Suit)
        return list(itertools.combinations(free, count))

    def menu(self, view: View, legal: Sequence[Move], names: Sequence[str]) -> Menu:
        """The question builder for Ask moves (opponent, rank, count, suits: only legal
        questions); one line per move otherwise."""
        v = self._v(view)
        asks = [m for m in legal if isinstance(m, Ask)]
        if not asks:
            return super().menu(view, legal, names)
        three = v.questions != "one"
        targets = sorted({m.target for m in asks})
        held = {r: len(cs) for r, cs in v.by_rank}
        by_target = []
        for tgt in targets:
            ranks = []
            for m in asks:
                if m.target != tgt:
                    continue
                label = self.t(
                    f"{self._rank(m.rank)} (you hold {held.get(m.rank, 0)})",
                    f"{self._rank(m.rank)} (у вас {held.get(m.rank, 0)})",
                )
                if not three:
                    ranks.append(Choice(label, move=m, plan=Plan(tgt, m.rank)))
                    continue
                counts = []
                for n in self._counts(v, tgt, m.rank):
                    suits = tuple(
                        Choice(self._suits(ss), move=m, plan=Plan(tgt, m.rank, n, ss))
                        for ss in self._suit_sets(v, m.rank, n)
                    )
                    counts.append(
                        Choice(
                            self.t(f"exactly {n}", f"ровно {n}"),
                            menu=Menu(self.t("Which suits?", "Какие масти?"), suits),
                        )
                    )
                ranks.append(
                    Choice(label, menu=Menu(self.t("How many?", "Сколько?"), tuple(counts)))
                )
            title = self.t(f"Ask {names[tgt]} about:", f"Спросить игрока {names[tgt]}:")
            cards = self.t(
                f"{names[tgt]} ({v.counts[tgt]} cards)", f"{names[tgt]} (карт: {v.counts[tgt]})"
            )
            by_target.append(Choice(cards, menu=Menu(title, tuple(ranks))))
        if len(by_target) == 1:
            only = by_target[0].menu
            assert only is not None
            return only
        return Menu(self.t("Whom do you ask?", "Кого спросить?"), tuple(by_target))

    def remember(self, choice: Choice) -> None:
        self.plan = choice.plan if isinstance(choice.plan, Plan) else None

    def planned(self, view: View, legal: Sequence[Move]) -> Move | None:
        v = self._v(view)
        plan, req = self.plan, v.request
        if plan is None or req is None or not legal:
            return None
        if (req.asker, req.target, req.rank) != (v.seat, plan.target, plan.rank):
            self.plan = None
            return None
        seat = legal[0].seat
        move: Move | None = None
        if isinstance(legal[0], AskCount) and plan.count is not None:
            move = AskCount(seat, plan.count)
        elif isinstance(legal[0], AskSuits) and plan.suits is not None:
            move = AskSuits(seat, plan.suits)
            self.plan = None
        return move if move in legal else None

    def result_lines(self, result: Mapping[str, Any], names: Sequence[str]) -> list[str]:
        chests = result.get("chests", [])
        line = ", ".join(f"{names[s]} {chests[s]}" for s in range(len(chests)))
        return [
            self.t(f"chests: {line}", f"сундучки: {line}"),
            *super().result_lines(result, names),
        ]
