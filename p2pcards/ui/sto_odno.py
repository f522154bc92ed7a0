"""101 (sto-odno.ru.txt) as a seat sees it: the top card and the named suit, stock and
discard sizes, each player's card count and series score, who must draw or miss a turn,
what may be played, and the round's score sheet; choices such as "play Q♠ and name
hearts"."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from p2pcards.cards import Card, Rank, Suit
from p2pcards.games import Claim, Falsified, Move, View
from p2pcards.games.sto_odno import (
    Announce,
    Catch,
    Draw,
    Pass,
    Play,
    Requirement,
    StoOdnoView,
    TakePenalty,
)
from p2pcards.ui._base import Presenter
from p2pcards.ui._cardnames import rank_acc
from p2pcards.ui._menu import Menu
from p2pcards.ui._model import Column, Line, Part, Section, Sheet, Styled
from p2pcards.ui._names import Names
from p2pcards.ui.thousand import group_by_suit


def _a(rank: Rank) -> str:
    """ "a seven", "an eight", "an ace" (English)."""
    word = rank.name_in("en")
    return ("an " if word[0] in "aeiou" else "a ") + word


class StoOdnoPresenter(Presenter):
    """101: the screen, the choices and the history."""

    game = "101"
    TITLE: ClassVar[str] = "101"

    def __init__(self, lang: str = "en", options: Mapping[str, Any] | None = None) -> None:
        super().__init__(lang, options)
        self._said: set[tuple[Any, ...]] = set()

    def _v(self, view: View) -> StoOdnoView:
        assert isinstance(view, StoOdnoView)
        return view

    def _suit(self, suit: Suit) -> str:
        return suit.name_in("ru" if self.t.ru else "en")

    def hand_no_text(self, n: int) -> str:
        return self.t("round {n}", n=n)

    def next_hand_prompt(self) -> str:
        return self.t("Enter: next round> ")

    # -- facts that are no move ----------------------------------------------------------
    def _draws(self, ns: Names, seat: int, n: int) -> str:
        if ns.is_me(seat):
            return self.t.n("You draw {n} (penalty)", "You draw {n} (penalty)", n)
        return self.t.n(
            "{name} draws {n} (penalty)", "{name} draws {n} (penalty)", n, name=ns[seat]
        )

    def facts(self, view: View, names: Sequence[str] | Names) -> list[str]:
        """ "Vera draws 2 (penalty)" and "Vera misses a turn", once per play."""
        v = self._v(view)
        ns = self.names(names, view)
        play = (v.hand_no, v.discard, v.rebuilt)
        out = []
        if v.penalized is not None and ("p", play, v.penalized) not in self._said:
            self._said.add(("p", play, v.penalized))
            out.append(self._draws(ns, *v.penalized))
        if v.missed is not None and ("m", play, v.missed) not in self._said:
            self._said.add(("m", play, v.missed))
            out.append(self.say(ns, v.missed, "You miss a turn", "{name} misses a turn"))
        return out

    # -- seats ---------------------------------------------------------------------------
    def status(self, view: View, seat: int) -> str:
        v = self._v(view)
        marks = []
        if seat in v.losers:
            marks.append(self.t("lost the series"))
        if seat == v.starter:
            marks.append(self.t("started"))
        return ", ".join(marks)

    def columns(self, view: View, names: Sequence[str] | Names) -> list[Column]:
        v = self._v(view)
        cols = [Column(self.t("score"), tuple(Line((str(x),)) for x in v.scores))]
        if any(v.known):
            cols.append(Column(self.t("known cards"), tuple(Line.of(k) for k in v.known)))
        return cols

    # -- the centre ----------------------------------------------------------------------
    def requirement(self, view: View) -> str:
        """What may be played now, in words ("spades, a seven or a queen"), from the
        view's mode, top card and named suit."""
        v = self._v(view)
        top = v.top
        if v.mode == "first":
            return self.t("any card")
        if top is None:
            return ""
        suit = top.suit if v.mode == "cover" else v.named
        return self._requirement(v.mode, top, suit, top.rank)

    def requirement_text(self, req: Requirement) -> str:
        """A :class:`~p2pcards.games.sto_odno.Requirement` in words ("clubs or a
        queen")."""
        if req.mode == "first" or req.top is None:
            return self.t("any card")
        suit = req.cover_suit if req.mode == "cover" else req.named
        return self._requirement(req.mode, req.top, suit, req.pass_rank or req.top.rank)

    def _requirement(self, mode: str, top: Card, suit: Suit | None, pass_rank: Rank) -> str:
        ru = self.t.ru
        if mode == "penalty":
            return self.t(
                "{a_rank} to pass the penalty on",
                a_rank=_a(pass_rank),
                rank_acc=rank_acc(pass_rank) if ru else "",
            )
        if suit is not None:
            return self.t("{suit} or a queen", suit=self._suit(suit))
        return self.t(
            "{suit}, {a_rank} or a queen",
            suit=self._suit(top.suit),
            a_rank=_a(top.rank),
            ranks=top.rank.name_in("ru", True) if ru else "",
        )

    # -- claims about hidden cards ("could_not_play", games.sto_odno) --------------------
    def claim_text(self, claim: Claim, names: Sequence[str] | Names) -> str:
        if claim.kind == "could_not_play":
            who = Names.of(names)[claim.seat]
            req = self.requirement_text(claim.about["requirement"])
            if claim.about["move"] == "pass":
                return self.t("{name} passes: no card to play ({req})", name=who, req=req)
            return self.t("{name} draws: no card to play ({req})", name=who, req=req)
        return super().claim_text(claim, names)

    def falsified_text(
        self, claim: Claim, falsified: Falsified, names: Sequence[str] | Names
    ) -> str:
        if claim.kind == "could_not_play":
            return self.t("but could have played {card}", card=self.t.cards(falsified.cards))
        return super().falsified_text(claim, falsified, names)

    def centre(self, view: View, names: Sequence[str] | Names) -> list[Section]:
        v = self._v(view)
        ns = self.names(names, view)
        lines: list[Line] = []
        top: list[Part] = [Styled(self.t("Top card: "), "bold")]
        if v.top is None:
            top.append(Styled(self.t("none yet"), "dim"))
        else:
            top.append(v.top)
        if v.named is not None:
            top += [Styled(self.t("   named suit: "), "bold"), v.named, " " + self._suit(v.named)]
        lines.append(Line(tuple(top)))
        st: list[Part] = [
            self.t("Stock: {n}", n=v.stock),
            self.t("   discard pile: {n}", n=v.discard),
        ]
        if v.rebuilt:
            st.append(Styled(self.t("   (stock rebuilt {n}×)", n=v.rebuilt), "dim"))
        if v.direction < 0:
            st.append(self.t("   direction: counter-clockwise"))
        lines.append(Line(tuple(st)))
        if v.penalty is not None:
            s, n = v.penalty
            if v.skipped == s:
                text = self.say(
                    ns,
                    s,
                    "You must draw {n} and miss a turn",
                    "{name} must draw {n} and misses a turn",
                    n=n,
                )
            else:
                text = self.say(
                    ns,
                    s,
                    "You must answer a penalty of {n}",
                    "{name} must answer a penalty of {n}",
                    n=n,
                )
            lines.append(Line((text,), "warn"))
        if v.penalized is not None:
            s, n = v.penalized
            if ns.is_me(s):
                drew = self.t.n("You drew {n} as a penalty", "You drew {n} as a penalty", n)
            else:
                drew = self.t.n(
                    "{name} drew {n} as a penalty", "{name} drew {n} as a penalty", n, name=ns[s]
                )
            lines.append(Line((drew,), "warn"))
        if v.missed is not None:
            missed = self.say(ns, v.missed, "You missed a turn", "{name} missed a turn")
            lines.append(Line((missed,), "warn"))
        if v.turn == v.seat and v.requirement:
            lines.append(Line((self.t("You may play: {what}", what=self.requirement(v)),), "good"))
        return [Section(self.t("Table"), tuple(lines))]

    def hand_groups(self, view: View) -> list[tuple[Card, ...]]:
        return group_by_suit([c for _, c in view.hand])

    # -- moves ---------------------------------------------------------------------------
    def choice(self, move: Move, view: View, names: Sequence[str] | Names) -> str:
        if isinstance(move, Play):
            cs = self.t.cards(move.cards)
            if move.suit is not None:
                return self.t("play {cards} and name {suit}", cards=cs, suit=self._suit(move.suit))
            return self.t("play {cards}", cards=cs)
        if isinstance(move, Draw):
            return self.t("draw a card from the stock")
        if isinstance(move, Pass):
            return self.t("pass (nothing to play or draw)")
        if isinstance(move, TakePenalty):
            return self.t("take the penalty")
        if isinstance(move, Announce):
            return self.t("say “Sto odno” (one card left)")
        if isinstance(move, Catch):
            ns = self.names(names, view)
            return self.t("catch {name}: no “Sto odno” call", name=ns[move.target])
        return super().choice(move, view, names)

    def move_line(self, move: Move, view: View, names: Sequence[str] | Names) -> str:
        ns = self.names(names, view)
        s = move.seat
        if isinstance(move, Play):
            cs = self.t.cards(move.cards)
            if move.suit is not None:
                return self.say(
                    ns,
                    s,
                    "You play {cards} and name {suit}",
                    "{name} plays {cards} and names {suit}",
                    cards=cs,
                    suit=self._suit(move.suit),
                )
            return self.say(ns, s, "You play {cards}", "{name} plays {cards}", cards=cs)
        if isinstance(move, Draw):
            return self.say(
                ns, s, "You draw a card from the stock", "{name} draws a card from the stock"
            )
        if isinstance(move, Pass):
            return self.say(ns, s, "You pass", "{name} passes")
        if isinstance(move, TakePenalty):
            return self.say(ns, s, "You take the penalty", "{name} takes the penalty")
        if isinstance(move, Announce):
            return self.say(ns, s, "You say “Sto odno!”", "{name} says “Sto odno!”")
        if isinstance(move, Catch):
            return self.say(
                ns,
                s,
                "You catch {target}: no “Sto odno” call",
                "{name} catches {target}: no “Sto odno” call",
                target=ns[move.target],
            )
        return super().move_line(move, view, names)

    def menu(self, view: View, legal: Sequence[Move], names: Sequence[str] | Names) -> Menu:
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

    # -- between rounds and at the end ---------------------------------------------------
    def sheet_note(self, view: View) -> str | None:
        """ "Round 2: redeal, no scores (…)" when the last round was dealt again."""
        row = self._v(view).sheet
        if row is None or "redeal" not in row:
            return None
        n = int(row.get("round", 0)) + 1
        return self.t("Round {n}: redeal, no scores ({why})", n=n, why=row["redeal"])

    def forfeit_cells(
        self, view: View, result: Mapping[str, Any] | None
    ) -> tuple[int, tuple[int, ...], list[tuple[int, int]]] | None:
        """The round forfeited (``result["forfeit"]``: a seat left or stopped answering
        and the others ended the round): the round (0-based), the seats that forfeited,
        and per seat the points written (what takes a forfeiting seat to 102, over 101;
        0 for the others) and the series total the result writes; None for any other
        result."""
        f = result.get("forfeit") if result else None
        scores = result.get("scores") if result else None
        if not isinstance(f, Mapping) or "seat" not in f or not isinstance(scores, list | tuple):
            return None
        if len(scores) != len(self._v(view).scores):
            return None
        out = (int(f["seat"]), *(int(x) for x in f.get("also", ())))
        penalties = [f.get("penalty", 0), *f.get("penalties", ())]
        points = dict(zip(out, (int(x) for x in penalties), strict=False))
        cells = [(points.get(s, 0), int(x)) for s, x in enumerate(scores)]
        return int(f.get("hand", 0)), out, cells

    def forfeit_line(
        self, result: Mapping[str, Any], names: Sequence[str] | Names, left: bool
    ) -> str | None:
        """ "Boris forfeits round 2, having left the table: +40 on the sheet, 102 in the
        series" (the series' 102 said, not left unexplained), one line per seat that
        forfeits."""
        f = result.get("forfeit")
        scores = result.get("scores")
        if not isinstance(f, Mapping) or "seat" not in f or not isinstance(scores, list | tuple):
            return None
        ns = Names.of(names)
        seats = [int(f["seat"]), *(int(x) for x in f.get("also", ()))]
        penalties = [f.get("penalty", 0), *f.get("penalties", ())]
        out = []
        for i, (s, pts) in enumerate(zip(seats, penalties, strict=False)):
            args = {"name": ns[s], "n": int(f.get("hand", 0)) + 1, "total": scores[s],
                    "points": f"{int(pts):+d}" if pts else "0"}  # fmt: skip
            if i == 0 and not left:
                out.append(self.t("{name} forfeits round {n}, having stopped responding: "
                                  "{points} on the sheet, {total} in the series",
                                  **args))  # fmt: skip
            else:
                out.append(self.t("{name} forfeits round {n}, having left the table: "
                                  "{points} on the sheet, {total} in the series",
                                  **args))  # fmt: skip
        return "\n".join(out)

    def sheet(
        self, view: View, names: Sequence[str] | Names, result: Mapping[str, Any] | None = None
    ) -> Sheet | None:
        """The last round's score sheet: cards left, points and series score per seat;
        with a ``result`` of a round forfeited, that round's sheet instead
        (:meth:`forfeit_cells`: the points written, the series; no cards left: the
        round was never played out, nobody's hand was opened)."""
        v = self._v(view)
        forfeit = self.forfeit_cells(v, result)
        if forfeit is not None:
            ns = Names.of(names)
            n, out, cells = forfeit
            rows: list[tuple[Line, ...]] = []
            for s, (pts, total) in enumerate(cells):
                seat: list[Part] = [ns[s]]
                if s in out:
                    seat.append(Styled(" (" + self.t("forfeit") + ")", "bad"))
                rows.append((Line(tuple(seat)), Line((f"{pts:+d}" if pts else "0",)),
                             Line((str(total),))))  # fmt: skip
            return Sheet(
                self.t("Round {n}: forfeit", n=n + 1),
                (self.t("player"), self.t("points"), self.t("series")),
                tuple(rows),
                (False, True, True),
            )
        row = v.sheet
        if row is None or "redeal" in row:
            return None
        ns = Names.of(names)
        n = int(row.get("round", 0)) + 1
        rows = []
        for s, name in enumerate(ns):
            left = [Card.from_code(c) for c in row["hands"][s]]
            who: list[Part] = [name]
            if s == row["winner"]:
                who.append(Styled(self.t(" (went out)"), "good"))
            pts = int(row["points"][s])
            rows.append(
                (
                    Line(tuple(who)),
                    Line.of(left),
                    Line((f"{pts:+d}" if pts else "0",)),
                    Line((str(row["scores"][s]),)),
                )
            )
        return Sheet(
            self.t("Round {n}", n=n),
            (self.t("player"), self.t("cards left"), self.t("points"), self.t("series")),
            tuple(rows),
            (False, False, True, True),
        )

    def ahead_line(
        self, result: Mapping[str, Any], forfeited: Sequence[int], names: Names
    ) -> str | None:
        return self.points_ahead(result, forfeited, names, low=True)  # (fewer is better)

    def result_lines(self, result: Mapping[str, Any], names: Sequence[str] | Names) -> list[str]:
        ns = Names.of(names)
        scores = result.get("scores", [])
        line = ", ".join(f"{ns[s]} {scores[s]}" for s in range(len(scores)))
        capped = []
        if result.get("capped") and not isinstance(result.get("forfeit"), Mapping):
            n = int(result.get("rounds", 0))
            capped = [
                self.t.n(
                    "the series ends at its round limit: {n} round played, and nobody went "
                    "over 101 (the highest score loses)",
                    "the series ends at its round limit: {n} rounds played, and nobody went "
                    "over 101 (the highest score loses)",
                    n,
                )
            ]
        return [
            self.t("series scores: {scores}", scores=line),
            *capped,
            *super().result_lines(result, names),
        ]
