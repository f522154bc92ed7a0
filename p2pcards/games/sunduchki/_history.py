"""The public history of a game of Sunduchki: every question, answer, draw and chest.

A :class:`Note` is one public fact, in order; :meth:`Note.text` renders it in Russian or
English for the terminal.  Bots read the history to infer what each opponent holds.
"""

from __future__ import annotations

from dataclasses import dataclass

from p2pcards.cards import Card, Rank, Suit

KINDS = ("ask", "count", "suits", "answer", "draw", "chest", "pass", "skip", "nodraw", "end")
"""Note kinds: ``ask`` (question 1), ``count`` (question 2), ``suits`` (question 3),
``answer`` (``yes``; ``cards`` when cards pass), ``draw`` (a hidden card from the stock),
``chest`` (a chest set aside), ``pass`` (no opponent has cards), ``skip`` (empty hand
and empty stock), ``nodraw`` (a "no" with the stock empty), ``end`` (game over)."""


@dataclass(frozen=True, slots=True)
class Note:
    """One public fact.  ``seat`` acted; ``target`` is the asked seat (ask/answer);
    ``stage`` is the question number 1..3 an answer replies to (1 in the one-question
    scheme); ``cards`` are cards that changed hands or were set aside."""

    kind: str
    seat: int
    target: int | None = None
    rank: Rank | None = None
    count: int | None = None
    suits: tuple[Suit, ...] = ()
    yes: bool | None = None
    stage: int = 0
    cards: tuple[Card, ...] = ()

    def text(self, lang: str = "en") -> str:
        """One readable line, e.g. "seat 0 → seat 1: do you have queens?"."""
        ru = lang == "ru"
        who = f"место {self.seat}" if ru else f"seat {self.seat}"
        to = f"место {self.target}" if ru else f"seat {self.target}"
        cards = " ".join(c.symbol for c in self.cards)
        k = self.kind
        if k == "ask":
            assert self.rank is not None
            r = self.rank.name_in("ru" if ru else "en", plural=True)
            return f"{who} → {to}: есть {r}?" if ru else f"{who} → {to}: do you have {r}?"
        if k == "count":
            return f"{who}: их ровно {self.count}?" if ru else f"{who}: exactly {self.count}?"
        if k == "suits":
            names = ", ".join(s.name_in("ru" if ru else "en") for s in self.suits)
            syms = "".join(s.symbol for s in self.suits)
            return f"{who}: масти {names} ({syms})?" if ru else f"{who}: suits {names} ({syms})?"
        if k == "answer":
            word = ("да" if self.yes else "нет") if ru else ("yes" if self.yes else "no")
            if self.cards:
                gets = f"{who} отдаёт {cards}" if ru else f"{who} hands over {cards}"
                return f"{who}: {word}; {gets}"
            return f"{who}: {word}"
        if k == "draw":
            return f"{who} берёт карту из запаса" if ru else f"{who} draws a card from the stock"
        if k == "chest":
            return (
                f"{who} откладывает сундучок {cards}" if ru else f"{who} sets aside a chest {cards}"
            )
        if k == "pass":
            return (
                f"{who} передаёт ход: у соперников нет карт"
                if ru
                else f"{who} passes: no opponent has cards"
            )
        if k == "skip":
            return (
                f"{who} пропускает ход: рука и запас пусты"
                if ru
                else f"{who} is skipped: empty hand, empty stock"
            )
        if k == "nodraw":
            return f"{who}: запас пуст, ход переходит" if ru else f"{who}: stock empty, turn passes"
        return "партия окончена" if ru else "the game is over"
