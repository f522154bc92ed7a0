"""Akulina (akulina.ru.txt) as a seat sees it: discarded pairs, the neighbour's face-down
cards to pick from, who is out, losses in the series; "take card 3 of 7 from Boris",
"Boris discards K♥ K♠"."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from p2pcards.cards import Card, Rank
from p2pcards.games import Claim, Falsified, Move, View
from p2pcards.games.akulina import AkulinaView, Discard, Draw
from p2pcards.ui._base import Presenter
from p2pcards.ui._menu import Choice, Menu
from p2pcards.ui._model import Backs, Column, Line, Section, Sheet, Styled
from p2pcards.ui._names import Names
from p2pcards.ui._texts import Texts


def pairs_by_rank(cards: Sequence[Card]) -> list[list[Card]]:
    """Cards grouped by rank (ranks ascending, suits in order): discarded pairs."""
    groups: dict[Rank, list[Card]] = {}
    for c in cards:
        groups.setdefault(c.rank, []).append(c)
    return [sorted(groups[r]) for r in sorted(groups)]


def _pairs_text(t: Texts, cards: Sequence[Card]) -> str:
    return ", ".join(t.cards(g) for g in pairs_by_rank(cards))


class AkulinaPresenter(Presenter):
    """Akulina: the screen, the choices and the history."""

    game = "akulina"
    TITLE: ClassVar[str] = "Akulina (Old Maid)"

    def _v(self, view: View) -> AkulinaView:
        assert isinstance(view, AkulinaView)
        return view

    def turn(self, view: View) -> int | None:
        s = super().turn(view)
        return s if s is not None else self._v(view).drawer

    def turn_text(self, view: View, names: Sequence[str] | Names) -> str:
        v = self._v(view)
        ns = self.names(names, view)
        d, h = v.drawer, v.holder
        if d is None or h is None:
            return super().turn_text(view, names)
        if d == v.seat:
            return self.t("Your turn")
        if h == v.seat:
            return self.t("{name} takes a card from you", name=ns[d])
        return self.t("{name} takes a card from {holder}", name=ns[d], holder=ns[h])

    def status(self, view: View, seat: int) -> str:
        return self.t("out") if self._v(view).out[seat] else ""

    def columns(self, view: View, names: Sequence[str] | Names) -> list[Column]:
        v = self._v(view)
        if v.hand_no == 0 and not any(v.losses):
            return []
        return [Column(self.t("losses"), tuple(Line((str(x),)) for x in v.losses))]

    def centre(self, view: View, names: Sequence[str] | Names) -> list[Section]:
        v = self._v(view)
        ns = self.names(names, view)
        groups = pairs_by_rank(v.discards)
        line: list[Any] = []
        for i, g in enumerate(groups):
            if i:
                line.append("  ")
            line.append(tuple(g))
        if not groups:
            line.append(Styled(self.t("none yet"), "dim"))
        n = len(v.discards) // 2
        out = [Section(self.t("Discarded pairs ({n})", n=n), (Line.of(*line),))]
        if v.drawer is not None and v.holder is not None:
            h = v.holder
            who = self.t("{name}'s cards, face down", name=ns[h])
            out.append(Section("", (Line.of(who + ": ", Backs(v.counts[h])),)))
        return out

    # -- moves ---------------------------------------------------------------------------
    def choice(self, move: Move, view: View, names: Sequence[str] | Names) -> str:
        v = self._v(view)
        ns = self.names(names, view)
        if isinstance(move, Draw):
            h = v.holder
            n = v.counts[h] if h is not None else 0
            who = ns[h] if h is not None else "?"
            return self.t("take card {k} of {n} from {holder}", k=move.index + 1, n=n, holder=who)
        if isinstance(move, Discard):
            if not move.positions:
                return self.t("no pair to discard")
            return self.t("discard {cards}", cards=_pairs_text(self.t, move.cards))
        return super().choice(move, view, names)

    def menu(self, view: View, legal: Sequence[Move], names: Sequence[str] | Names) -> Menu:
        """The initial discard as one choice: every pair, of three of a kind the two first
        in suit order (suits never matter in Akulina, "Какие пары сбрасывать"), and a
        second choice that asks, three of a kind by three of a kind, which card stays
        (the engine's legal moves are one per kept card: up to 3**k of them)."""
        if len(legal) < 2 or not all(isinstance(m, Discard) and m.positions for m in legal):
            return super().menu(view, legal, names)
        moves = [m for m in legal if isinstance(m, Discard)]
        every = {c for m in moves for c in m.cards}
        common = set(moves[0].cards)
        for m in moves[1:]:
            common &= set(m.cards)
        varying = sorted(every - common)
        triples = [
            tuple(c for c in varying if c.rank == r) for r in sorted({c.rank for c in varying})
        ]

        def kept(m: Discard) -> tuple[Card, ...]:
            return tuple(c for t in triples for c in t if c not in m.cards)

        best = max(moves, key=lambda m: tuple(c.suit for c in kept(m)))
        first = Choice(
            self.t(
                "discard {cards}, keep {kept}",
                cards=_pairs_text(self.t, best.cards),
                kept=self.t.cards(kept(best)),
            ),
            move=best,
        )

        def which(k: int, ms: list[Discard]) -> Menu:
            t = triples[k]
            choices = []
            for c in t:
                sub = [m for m in ms if c not in m.cards]
                if k + 1 == len(triples):
                    choices.append(Choice(self.t("keep {card}", card=self.t.card(c)), move=sub[0]))
                else:
                    choices.append(
                        Choice(self.t("keep {card}", card=self.t.card(c)), menu=which(k + 1, sub))
                    )
            return Menu(self.t("{cards}: which one stays?", cards=self.t.cards(t)), tuple(choices))

        other = Choice(
            self.t("choose which card of each three of a kind stays"), menu=which(0, moves)
        )
        return Menu(self.t("Choose a move:"), (first, other))

    def move_line(self, move: Move, view: View, names: Sequence[str] | Names) -> str:
        v = self._v(view)
        ns = self.names(names, view)
        if isinstance(move, Draw):
            h = v.holder
            n = v.counts[h] if h is not None else 0
            k = move.index + 1
            if ns.is_me(h):
                return self.t("{name} takes card {k} of {n} from you", name=ns[move.seat], k=k, n=n)
            who = ns[h] if h is not None else "?"
            return self.say(
                ns,
                move.seat,
                "You take card {k} of {n} from {holder}",
                "{name} takes card {k} of {n} from {holder}",
                k=k,
                n=n,
                holder=who,
            )
        if isinstance(move, Discard):
            if not move.positions:
                return self.say(ns, move.seat, "You have no pair", "{name}: no pair")
            return self.say(
                ns,
                move.seat,
                "You discard {cards}",
                "{name} discards {cards}",
                cards=_pairs_text(self.t, move.cards),
            )
        return super().move_line(move, view, names)

    # -- between hands and at the end ----------------------------------------------------
    def claim_text(self, claim: Claim, names: Sequence[str] | Names) -> str:
        if claim.kind == "no_pair":
            return self.t("{name} keeps no pair", name=Names.of(names)[claim.seat])
        return super().claim_text(claim, names)

    def falsified_text(
        self, claim: Claim, falsified: Falsified, names: Sequence[str] | Names
    ) -> str:
        if claim.kind == "no_pair":
            return self.t("but kept the pair {cards}", cards=self.t.cards(falsified.cards))
        return super().falsified_text(claim, falsified, names)

    def sheet(
        self, view: View, names: Sequence[str] | Names, result: Mapping[str, Any] | None = None
    ) -> Sheet | None:
        v = self._v(view)
        if int(self.options.get("hands", 1)) <= 1:
            return None
        ns = Names.of(names)
        return Sheet(
            self.t("Losses in the series"),
            tuple(ns),
            (tuple(Line((str(x),)) for x in v.losses),),
            (True,) * len(ns),
        )

    def result_lines(self, result: Mapping[str, Any], names: Sequence[str] | Names) -> list[str]:
        ns = Names.of(names)
        lines = []
        loser = result.get("loser")
        forfeit = result.get("forfeit")
        if isinstance(forfeit, Mapping) and "seat" in forfeit:
            # left the table or stopped responding: no queen of spades to speak of; a seat
            # that had left before the vote forfeits with it ("also"): the shared words
            return super().result_lines(result, names)
        if loser is not None:
            lines.append(self.t("loser: {name} (left with the queen of spades)", name=ns[loser]))
        if result.get("hands", 1) > 1:
            lines += super().result_lines(result, names)
        return lines
