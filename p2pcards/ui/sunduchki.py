"""Sunduchki (sunduchki.ru.txt) as a seat sees it: the hand grouped by rank, card counts
and chests per seat, the stock, the request in progress and every question and answer;
a question builder (opponent, rank, count, suits) that offers only legal questions."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from p2pcards.cards import Card, Rank, Suit
from p2pcards.games import Claim, Falsified, Move, View
from p2pcards.games.sunduchki import (
    HAND,
    Answer,
    Ask,
    AskCount,
    AskSuits,
    Challenge,
    Note,
    Request,
    SetAside,
)
from p2pcards.games.sunduchki import SunduchkiView as _View
from p2pcards.ui._base import Presenter
from p2pcards.ui._menu import Choice, Menu
from p2pcards.ui._model import Column, Line, Part, Section, Styled
from p2pcards.ui._names import Names

QUESTION_LINES = 10
"""How many of the last questions and answers the centre shows."""


@dataclass(frozen=True)
class Plan:
    """A whole question chosen at once: ask ``target`` about ``rank``, then (after each
    "yes") ``count``, then ``suits``; None where the player will be asked later."""

    target: int
    rank: Rank
    count: int | None = None
    suits: tuple[Suit, ...] | None = None


class SunduchkiPresenter(Presenter):
    """Sunduchki: the screen, the question builder, the answers and the history."""

    game = "sunduchki"
    TITLE: ClassVar[str] = "Sunduchki (Chests)"

    def __init__(self, lang: str = "en", options: Mapping[str, Any] | None = None) -> None:
        super().__init__(lang, options)
        self.plan: Plan | None = None

    def _v(self, view: View) -> _View:
        assert isinstance(view, _View)
        return view

    def _rank(self, rank: Rank, plural: bool = True) -> str:
        return rank.name_in("ru" if self.t.ru else "en", plural=plural)

    def _suits(self, suits: Sequence[Suit]) -> str:
        names = ", ".join(s.name_in("ru" if self.t.ru else "en") for s in suits)
        return f"{' '.join(s.symbol for s in suits)} ({names})"

    # -- seats and whose turn ------------------------------------------------------------
    def turn_text(self, view: View, names: Sequence[str] | Names) -> str:
        v = self._v(view)
        ns = self.names(names, view)
        s = self.turn(v)
        req = v.request
        if s is not None and req is not None and s == req.target and s != req.asker:
            if s == v.seat:
                return self.t("Answer {asker}", asker=ns[req.asker])
            return self.t("{name} answers {asker}", name=ns[s], asker=ns[req.asker])
        return super().turn_text(view, names)

    def columns(self, view: View, names: Sequence[str] | Names) -> list[Column]:
        v = self._v(view)
        cols = [
            Column(self.t("chests"), tuple(Line((str(x),)) for x in v.scores)),
            Column(
                self.t("chest ranks"),
                tuple(Line((" ".join(self.t.rank(r) for r in c),)) for c in v.chests),
            ),
        ]
        if any(v.open_cards):
            cols.append(Column(self.t("known cards"), tuple(Line.of(c) for c in v.open_cards)))
        return cols

    # -- the public history --------------------------------------------------------------
    def note_text(self, note: Note, names: Sequence[str] | Names) -> str:
        """One public fact with seat names: "Boris → Vera: do you have queens?"."""
        ns = Names.of(names)
        s = note.seat
        who = ns[s]
        to = ns[note.target] if note.target is not None else "?"
        cards = self.t.cards(note.cards)
        k = note.kind
        if k == "ask" and note.rank is not None:
            return self.t(
                "{name} → {to}: do you have {ranks}?", name=who, to=to, ranks=self._rank(note.rank)
            )
        if k == "count":
            return self.t("{name}: exactly {n}?", name=who, n=note.count)
        if k == "suits":
            return self.t("{name}: suits {suits}?", name=who, suits=self._suits(note.suits))
        if k == "answer":
            if note.cards:
                return self.say(
                    ns,
                    s,
                    "You: yes, you hand over {cards}",
                    "{name}: yes, hands over {cards}",
                    cards=cards,
                )
            if note.yes:
                return self.t("{name}: yes", name=who)
            return self.t("{name}: no", name=who)
        if k == "draw":
            return self.say(ns, s, "You draw a card", "{name} draws a card")
        if k == "chest":
            return self.say(
                ns,
                s,
                "You set aside a chest: {cards}",
                "{name} sets aside a chest: {cards}",
                cards=cards,
            )
        if k == "nochest":
            return self.t("{name}: no chest", name=who)
        if k == "pass":
            return self.say(
                ns, s, "You pass: no opponent has cards", "{name} passes: no opponent has cards"
            )
        if k == "skip":
            return self.say(
                ns,
                s,
                "You are skipped: no cards, empty stock",
                "{name} is skipped: no cards, empty stock",
            )
        if k == "nodraw":
            return self.t("{name}: stock empty, turn passes", name=who)
        return self.t("the game is over")

    # -- claims about hidden cards (the kinds of games.sunduchki's add_claim calls) -----
    def question_text(self, q: Request, names: Sequence[str] | Names) -> str:
        """A question of a request (its ``stage``) with names: "Boris → Vera: exactly 2?"."""
        ns = Names.of(names)
        who, to = ns[q.asker], ns[q.target]
        if q.stage == 2:
            what = self.t("exactly {n} {ranks}?", n=q.count, ranks=self._rank(q.rank))
        elif q.stage == 3:
            what = self.t("suits {suits}?", suits=self._suits(q.suits))
        else:
            what = self.t("do you have {ranks}?", ranks=self._rank(q.rank))
        return self.t("{name} → {to}: {question}", name=who, to=to, question=what)

    def claim_text(self, claim: Claim, names: Sequence[str] | Names) -> str:
        who, a, k = Names.of(names)[claim.seat], claim.about, claim.kind
        if k == "holds_rank":
            return self.t(
                "{name} asks ({question}), so holds {ranks}",
                name=who,
                question=self.question_text(a["question"], names),
                ranks=self._rank(a["rank"]),
            )
        if k == "answer":
            q = self.question_text(a["question"], names)
            if a["yes"]:
                return self.t("{name} answers yes to ({question})", name=who, question=q)
            return self.t("{name} answers no to ({question})", name=who, question=q)
        if k == "handed_over":
            return self.t(
                "{name} hands over every card of the rank: {ranks}",
                name=who,
                ranks=self._rank(a["rank"]),
            )
        if k == "no_chest":
            if a.get("after") == "pass":
                return self.t("{name} holds no complete chest after a draw", name=who)
            if a.get("after") == "continue":
                return self.t("{name} holds no complete chest after a request", name=who)
            return self.t("{name} holds no complete chest after the deal", name=who)
        if k == "face_down":
            return self.t(
                "{name} sets aside face down {cards}", name=who, cards=self.t.cards(a["cards"])
            )
        return super().claim_text(claim, names)

    def falsified_text(
        self, claim: Claim, falsified: Falsified, names: Sequence[str] | Names
    ) -> str:
        cards, k = self.t.cards(falsified.cards), claim.kind
        if k == "holds_rank":
            return self.t("but the hand was {cards}", cards=cards)
        if k == "answer":
            if not falsified.cards:
                return self.t("but held none")
            return self.t("but held {cards}", cards=cards)
        if k in ("handed_over", "no_chest"):
            return self.t("but kept {cards}", cards=cards)
        if k == "face_down":
            claimed = falsified.about.get("claimed")
            return self.t(
                "but one card was {card}, not {claimed}",
                card=cards,
                claimed=self.t.rank(claimed) if claimed is not None else "?",
            )
        return super().falsified_text(claim, falsified, names)

    def centre(self, view: View, names: Sequence[str] | Names) -> list[Section]:
        v = self._v(view)
        ns = self.names(names, view)
        lines: list[Line] = [Line((self.t("Cards in the stock: {n}", n=v.stock),))]
        req = v.request
        if req is not None:
            q: list[Part] = [
                Styled(self.t("Question: "), "bold"),
                f"{ns[req.asker]} → {ns[req.target]}: {self._rank(req.rank)}",
            ]
            if req.count is not None:
                q.append(self.t(", exactly {n}", n=req.count))
            if req.suits:
                q.append(", ")
                q += list(req.suits)
            q.append("?")
            lines.append(Line(tuple(q)))
        notes = [Line((self.note_text(n, ns),)) for n in v.history[-QUESTION_LINES:]]
        if not notes:
            notes = [Line((self.t("(no question yet)"),))]
        return [Section("", tuple(lines)), Section(self.t("Questions and answers"), tuple(notes))]

    def hand_groups(self, view: View) -> list[tuple[Card, ...]]:
        """The hand grouped by rank."""
        return [tuple(cards) for _, cards in self._v(view).by_rank]

    def hand(self, view: View) -> Line:
        """The hand grouped by rank, each group labelled: "Q: Q♠ Q♥   K: K♦"."""
        parts: list[Part | tuple[Card, ...]] = []
        for i, (rank, cards) in enumerate(self._v(view).by_rank):
            if i:
                parts.append("   ")
            parts += [Styled(f"{self.t.rank(rank)}: ", "dim"), tuple(cards)]
        return Line.of(*parts)

    # -- moves ---------------------------------------------------------------------------
    def choice(self, move: Move, view: View, names: Sequence[str] | Names) -> str:
        v = self._v(view)
        ns = self.names(names, view)
        req = v.request
        if isinstance(move, Ask):
            return self.t(
                "ask {to}: do you have {ranks}?", to=ns[move.target], ranks=self._rank(move.rank)
            )
        if isinstance(move, AskCount):
            r = self._rank(req.rank) if req is not None else ""
            return self.t("exactly {n} {ranks}?", n=move.count, ranks=r)
        if isinstance(move, AskSuits):
            return self.t("the suits {suits}?", suits=self._suits(move.suits))
        if isinstance(move, Answer):
            if move.cards:
                return self.t("yes, hand over {cards}", cards=self.t.cards(move.cards))
            return self.t("yes") if move.yes else self.t("no")
        if isinstance(move, SetAside):
            if not move.cards:
                return self.t("no chest to set aside")
            return self.t("set aside the chest {cards}", cards=self.t.cards(move.cards))
        if isinstance(move, Challenge):
            return self.t("challenge the face-down chest of {ranks}", ranks=self._rank(move.rank))
        return super().choice(move, view, names)

    def note_of(self, move: Move) -> Note | None:
        """The public fact a move makes (the same words as the game's own history)."""
        if isinstance(move, Ask):
            return Note("ask", move.seat, target=move.target, rank=move.rank)
        if isinstance(move, AskCount):
            return Note("count", move.seat, count=move.count)
        if isinstance(move, AskSuits):
            return Note("suits", move.seat, suits=move.suits)
        if isinstance(move, Answer):
            return Note("answer", move.seat, yes=move.yes, cards=move.cards)
        if isinstance(move, SetAside):
            return Note("chest" if move.cards else "nochest", move.seat, cards=move.cards)
        return None

    def move_line(self, move: Move, view: View, names: Sequence[str] | Names) -> str:
        if isinstance(move, Challenge):
            return self.say(
                self.names(names, view),
                move.seat,
                "You challenge the face-down chest of {ranks}",
                "{name} challenges the face-down chest of {ranks}",
                ranks=self._rank(move.rank),
            )
        note = self.note_of(move)
        if note is None:
            return super().move_line(move, view, names)
        return self.note_text(note, self.names(names, view))

    def history_line(self, move: Move, view: View, names: Sequence[str] | Names) -> str:
        """Empty: on a seat's screen every question and answer is shown from the
        game's own history (:meth:`centre`)."""
        return ""

    # -- the question builder ------------------------------------------------------------
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

    def menu(self, view: View, legal: Sequence[Move], names: Sequence[str] | Names) -> Menu:
        """The question builder for Ask moves (opponent, rank, count, suits: only legal
        questions); one line per move otherwise."""
        v = self._v(view)
        ns = self.names(names, view)
        asks = [m for m in legal if isinstance(m, Ask)]
        if not asks:
            return super().menu(view, legal, ns)
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
                    "{ranks} (you hold {n})", ranks=self._rank(m.rank), n=held.get(m.rank, 0)
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
                        Choice(self.t("exactly {n}", n=n), menu=Menu(self.t("Which suits?"), suits))
                    )
                ranks.append(Choice(label, menu=Menu(self.t("How many?"), tuple(counts))))
            title = self.t("Ask {name} about:", name=ns[tgt])
            cards = self.t.n("{name} ({n} card)", "{name} ({n} cards)", v.counts[tgt], name=ns[tgt])
            by_target.append(Choice(cards, menu=Menu(title, tuple(ranks))))
        if len(by_target) == 1:
            only = by_target[0].menu
            assert only is not None
            return only
        return Menu(self.t("Whom do you ask?"), tuple(by_target))

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

    def ahead_line(
        self, result: Mapping[str, Any], forfeited: Sequence[int], names: Names
    ) -> str | None:
        """The rules' winners of a forfeit: those of the others with the most chests."""
        w = [s for s in result.get("winners", ()) if s not in forfeited]
        if not w:
            return None
        return self.t.n("winner: {who}", "winners: {who}", len(w), who=names.join(w, self.t))

    def result_lines(self, result: Mapping[str, Any], names: Sequence[str] | Names) -> list[str]:
        ns = Names.of(names)
        chests = result.get("chests", [])
        line = ", ".join(f"{ns[s]} {chests[s]}" for s in range(len(chests)))
        capped = []
        if result.get("capped") and not isinstance(result.get("forfeit"), Mapping):
            capped = [
                self.t(
                    "the game ends at its move limit ({n}): not every chest was collected",
                    n=self.options.get("max_moves", "?"),
                )
            ]
        return [
            self.t("chests: {chests}", chests=line),
            *capped,
            *super().result_lines(result, names),
        ]
