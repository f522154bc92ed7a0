"""Thousand (thousand.ru.txt) as a seat sees it: the auction with every bid, the talon
when shown, the current trick with who played what, trump, declared marriages, running
scores, barrel and bolt marks, and the score sheet between hands."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from p2pcards.cards import Card, Suit
from p2pcards.games import Claim, Falsified, Move, OptionError, View
from p2pcards.games.thousand import Bid, ChooseTalon, GiveCards, Pass, Play, ThousandView
from p2pcards.games.thousand._rules import MARRIAGE_POINTS
from p2pcards.games.thousand._sheet import starting_standings
from p2pcards.ui._base import Presenter
from p2pcards.ui._menu import Choice, Menu
from p2pcards.ui._model import Column, Line, Part, Section, Sheet, Styled
from p2pcards.ui._names import Names

NOTES = {
    "barrel": "on the barrel",
    "off_barrel": "off the barrel",
    "barrel_penalty": "barrel penalty",
    "bolt": "bolt",
    "bolt_penalty": "bolt penalty",
}
"""Score sheet marks (English msgids) per note of
:func:`~p2pcards.games.thousand._rules.settle`: mounted the barrel, fell off it, paid the
barrel penalty, a bolt, paid the bolt penalty (noun phrases: Russian without gender)."""


def group_by_suit(cards: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Consecutive cards of one suit grouped, order kept."""
    out: list[list[Card]] = []
    for c in cards:
        if out and out[-1][-1].suit == c.suit:
            out[-1].append(c)
        else:
            out.append([c])
    return [tuple(g) for g in out]


class ThousandPresenter(Presenter):
    """Thousand: the screen, the choices and the history."""

    game = "thousand"
    TITLE: ClassVar[str] = "Thousand"

    def __init__(self, lang: str = "en", options: Mapping[str, Any] | None = None) -> None:
        super().__init__(lang, options)
        self._said: set[tuple[int, int]] = set()

    def _v(self, view: View) -> ThousandView:
        assert isinstance(view, ThousandView)
        return view

    def _suit(self, suit: Suit, case: str = "nom") -> str:
        return suit.name_in("ru" if self.t.ru else "en", "gen" if case == "gen" else "nom")

    # -- seats ---------------------------------------------------------------------------
    def status(self, view: View, seat: int) -> str:
        v = self._v(view)
        marks = []
        if seat == v.dealer:
            marks.append(self.t("dealer"))
            if seat not in v.players:
                marks.append(self.t("sits out"))
        if seat == v.declarer:
            marks.append(self.t("declarer {bid}", bid=v.bid))
        elif v.phase == "auction" and v.passed[seat]:
            marks.append(self.t("passed"))
        return ", ".join(marks)

    def columns(self, view: View, names: Sequence[str] | Names) -> list[Column]:
        v = self._v(view)
        tries = int(self.options.get("barrel_tries", 3))

        def col(header: str, cells: Sequence[Any]) -> Column:
            return Column(header, tuple(Line((str(c),)) for c in cells))

        return [
            col(self.t("score"), v.scores),
            col(self.t("this hand"), v.taken),
            col(self.t("tricks"), v.tricks),
            col(self.t("barrel"), ["" if b is None else f"{b}/{tries}" for b in v.barrel]),
            col(self.t("bolts"), ["|" * b for b in v.bolts]),
        ]

    # -- the centre ----------------------------------------------------------------------
    def auction_parts(self, v: ThousandView, names: Names) -> list[Part]:
        """Every call of the auction in order: "Boris 100 · Vera pass · Anna 105"."""
        out: list[Part] = []
        for i, (seat, amount) in enumerate(v.auction):
            if i:
                out.append(Styled(" · ", "dim"))
            out.append(names[seat] + " ")
            out.append(Styled(str(amount), "bold") if amount else Styled(self.t("pass"), "dim"))
        return out

    def trick_parts(self, trick: Sequence[tuple[int, Card]], names: Names) -> list[Part]:
        """A trick as "Boris Q♠ · Vera K♠" in play order."""
        out: list[Part] = []
        for i, (seat, card) in enumerate(trick):
            if i:
                out.append(Styled(" · ", "dim"))
            out.append(names[seat] + " ")
            out.append(card)
        return out

    def centre(self, view: View, names: Sequence[str] | Names) -> list[Section]:
        v = self._v(view)
        ns = self.names(names, view)
        lines: list[Line] = [
            Line((Styled(self.t("Auction: "), "bold"), *self.auction_parts(v, ns)))
        ]
        if v.declarer is not None:
            contract = self.say(
                ns,
                v.declarer,
                "Contract: you play {bid}",
                "Contract: {name} plays {bid}",
                bid=v.bid,
            )
            lines.append(Line((contract,), "bold"))
        elif v.bidder is not None:
            lines.append(
                Line((self.t("Highest bid: {bid} ({name})", bid=v.bid, name=ns[v.bidder]),))
            )
        if v.talon:
            lines.append(Line.of(Styled(self.t("Talon: "), "bold"), v.talon))
        elif v.declarer is not None and not v.talon_shown:
            lines.append(Line((self.t("Talon: taken, not shown"),), "dim"))
        trump: list[Part] = [Styled(self.t("Trump: "), "bold")]
        if v.trump is None:
            trump.append(Styled(self.t("none yet"), "dim"))
        else:
            trump += [v.trump, " " + self._suit(v.trump)]
        lines.append(Line(tuple(trump)))
        if v.marriages or v.aces is not None:
            m: list[Part] = [Styled(self.t("Marriages: "), "bold")]
            for i, (seat, suit) in enumerate(v.marriages):
                if i:
                    m.append(", ")
                m += [ns[seat] + " ", suit, f" {MARRIAGE_POINTS[suit]}"]
            if v.aces is not None:
                m.append(
                    (", " if v.marriages else "") + self.t("{name}: four aces 200", name=ns[v.aces])
                )
            lines.append(Line(tuple(m)))
        if v.phase in ("play", "open") or v.trick:
            n = 10 if len(v.players) == 2 else 8
            t: list[Part] = [Styled(self.t("Trick {k} of {n}: ", k=v.trick_no, n=n), "bold")]
            if v.trick:
                t += self.trick_parts(v.trick, ns)
            else:
                t.append(Styled(self.t("(no card yet)"), "dim"))
            lines.append(Line(tuple(t)))
        if v.last_trick and v.last_winner is not None:
            last = [self.t("Last trick: "), *self.trick_parts(v.last_trick, ns)]
            lines.append(Line((*last, f" → {ns[v.last_winner]}"), "dim"))
        return [Section(self.t("Table"), tuple(lines))]

    def hand_groups(self, view: View) -> list[tuple[Card, ...]]:
        """The hand by suit, each suit in this game's order (9 J Q K 10 A)."""
        return group_by_suit([c for _, c in view.hand])

    # -- moves ---------------------------------------------------------------------------
    def _card_at(self, view: View, pos: int) -> Card | None:
        return dict(view.hand).get(pos)

    def _sym(self, card: Card | None) -> str:
        """A card of the hand in this language ("Д♠"), "?" for none."""
        return self.t.card(card) if card is not None else "?"

    def _declared(self, move: Play) -> str:
        if move.declare == "marriage":
            suit = move.card.suit
            return self.t(
                "the marriage in {suit} (+{pts})",
                suit=self._suit(suit, "gen"),
                pts=MARRIAGE_POINTS[suit],
            )
        return self.t("four aces (+200)")

    # -- claims about hidden cards (the kinds of games.thousand's add_claim calls) -------
    def claim_text(self, claim: Claim, names: Sequence[str] | Names) -> str:
        who, a = Names.of(names)[claim.seat], claim.about
        if claim.kind == "follow":
            kw = {"name": who, "card": self.t.card(a["card"]), "trick": a["trick"]}
            led = a["led"].symbol
            if a["duty"] == "higher":
                return self.t(
                    "{name} plays {card} in trick {trick}, so has no {led} higher than {top}",
                    led=led,
                    top=self.t.card(a["top"]),
                    **kw,
                )
            if a["duty"] == "suit_and_trump":
                return self.t(
                    "{name} plays {card} in trick {trick}, so has no {led} and no trump {trump}",
                    led=led,
                    trump=a["trump"].symbol,
                    **kw,
                )
            return self.t("{name} plays {card} in trick {trick}, so has no {led}", led=led, **kw)
        if claim.kind == "bid":
            return self.t(
                "{name} bids {bid}, so holds marriages worth at least {points}",
                name=who,
                bid=a["bid"],
                points=a["bid"] - 120,
            )
        if claim.kind == "marriage":
            return self.t(
                "{name} declares the {suit} marriage with {card} in trick {trick}",
                name=who,
                suit=a["suit"].symbol,
                card=self.t.card(a["card"]),
                trick=a["trick"],
            )
        if claim.kind == "aces":
            return self.t(
                "{name} declares four aces with {card} in trick {trick}",
                name=who,
                card=self.t.card(a["card"]),
                trick=a["trick"],
            )
        return super().claim_text(claim, names)

    def falsified_text(
        self, claim: Claim, falsified: Falsified, names: Sequence[str] | Names
    ) -> str:
        cards = self.t.cards(falsified.cards)
        if claim.kind == "follow":
            return self.t("but had to play {cards}", cards=cards)
        if claim.kind == "bid":
            limit = falsified.about.get("limit", 120)
            if not falsified.cards:
                return self.t("but held no marriage: at most {limit}", limit=limit)
            return self.t("but held only {cards}: at most {limit}", cards=cards, limit=limit)
        if claim.kind in ("marriage", "aces"):
            return self.t("but did not hold {cards}", cards=cards)
        return super().falsified_text(claim, falsified, names)

    def _whom(self, ns: Names, seat: int) -> str:
        """The name of ``seat`` as the one a card goes to: "you" / "вы" for the viewer
        ("Boris passes one card to Vera and one to you")."""
        return self.t("you") if ns.is_me(seat) else ns[seat]

    @staticmethod
    def _opponents(v: ThousandView, seat: int) -> tuple[int, ...]:
        """The other players of the hand, clockwise from ``seat`` (a sitting-out dealer
        of a four-seat table is not one)."""
        i = v.players.index(seat) if seat in v.players else 0
        return tuple(v.players[(i + k) % len(v.players)] for k in range(1, len(v.players)))

    def choice(self, move: Move, view: View, names: Sequence[str] | Names) -> str:
        v = self._v(view)
        ns = self.names(names, view)
        if isinstance(move, ChooseTalon):
            return self.t("take talon {n}", n=move.index + 1)
        if isinstance(move, GiveCards) and len(v.players) == 2:
            ca, cb = (self._card_at(v, p) for p in move.positions)
            if ca is None or cb is None:
                return self.t("discard two cards")
            return self.t("discard {ca} and {cb}", ca=self.t.card(ca), cb=self.t.card(cb))
        if isinstance(move, Pass):
            return self.t("pass")
        if isinstance(move, Bid):
            return self.t("bid {amount}", amount=move.amount)
        if isinstance(move, Play):
            c = self.t.card(move.card)
            if move.declare:
                return self.t("play {card} and declare {what}", card=c, what=self._declared(move))
            return self.t("play {card}", card=c)
        if isinstance(move, GiveCards):
            a, b = self._opponents(v, move.seat)
            ca, cb = (self._card_at(v, p) for p in move.positions)
            if ca is None or cb is None:
                return self.t("pass one card to {a} and one to {b}", a=ns[a], b=ns[b])
            return self.t(
                "give {ca} to {a} and {cb} to {b}",
                ca=self.t.card(ca),
                a=ns[a],
                cb=self.t.card(cb),
                b=ns[b],
            )
        return super().choice(move, view, names)

    def facts(self, view: View, names: Sequence[str] | Names) -> list[str]:
        """The first hand's obligatory 100, the auction's first call ("Борис заявляет
        100 (обязательно)"), once per hand: it is no move, so no move's line says it."""
        v = self._v(view)
        if v.phase != "auction" or not v.auction:
            return []
        key = (len(v.sheet), v.dealer)  # (the hand: one row a hand on the sheet)
        if key in self._said:
            return []
        self._said.add(key)
        seat, amount = v.auction[0]
        ns = self.names(names, view)
        return [
            self.say(
                ns,
                seat,
                "You bid {amount} (the first hand's obligatory bid)",
                "{name} bids {amount} (the first hand's obligatory bid)",
                amount=amount,
            )
        ]

    def history_facts(self, view: View, names: Sequence[str] | Names) -> list[str]:
        return self.facts(view, names)

    def move_line(self, move: Move, view: View, names: Sequence[str] | Names) -> str:
        v = self._v(view)
        ns = self.names(names, view)
        s = move.seat
        if isinstance(move, ChooseTalon):
            return self.say(ns, s, "You take talon {n}", "{name} takes talon {n}", n=move.index + 1)
        if isinstance(move, GiveCards) and len(v.players) == 2:
            return self.say(ns, s, "You discard two cards", "{name} discards two cards")
        if isinstance(move, Pass):
            return self.say(ns, s, "You pass", "{name} passes")
        if isinstance(move, Bid):
            return self.say(ns, s, "You bid {amount}", "{name} bids {amount}", amount=move.amount)
        if isinstance(move, Play):
            c = self.t.card(move.card)
            if move.declare:
                what = self._declared(move)
                return self.say(
                    ns,
                    s,
                    "You play {card} and declare {what}",
                    "{name} plays {card} and declares {what}",
                    card=c,
                    what=what,
                )
            return self.say(ns, s, "You play {card}", "{name} plays {card}", card=c)
        if isinstance(move, GiveCards):
            a, b = self._opponents(v, s)
            ca, cb = (self._card_at(v, p) for p in move.positions)
            if ca is None or cb is None or v.seat != s:
                return self.say(
                    ns,
                    s,
                    "You pass one card to {a} and one to {b}",
                    "{name} passes one card to {a} and one to {b}",
                    a=self._whom(ns, a),
                    b=self._whom(ns, b),
                )
            return self.say(
                ns,
                s,
                "You give {ca} to {a} and {cb} to {b}",
                "{name} gives {ca} to {a} and {cb} to {b}",
                ca=self.t.card(ca),
                a=ns[a],
                cb=self.t.card(cb),
                b=ns[b],
            )
        return super().move_line(move, view, names)

    def menu(self, view: View, legal: Sequence[Move], names: Sequence[str] | Names) -> Menu:
        """Pass, then bids ascending; plays in the order of the hand on screen (a
        declaration right after its plain play); passing two cards as a card for the
        next seat, then one for the seat after it; with two players, discarding two
        cards as the first card, then the second (each in the order of the hand: a flat
        list of the 66 pairs, "снести A♥ и 9♠", came in no useful order)."""
        ns = self.names(names, view)
        gives = [m for m in legal if isinstance(m, GiveCards)]
        if gives and len(self._v(view).players) == 2:
            return self._discard_menu(view, gives)
        if not gives:
            order = {p: i for i, (p, _) in enumerate(view.hand)}

            def key(m: Move) -> tuple[int, int]:
                if isinstance(m, Play):
                    return (order.get(m.position, 99), 0 if not m.declare else 1)
                return (-1, m.amount if isinstance(m, Bid) else 0)

            return super().menu(view, sorted(legal, key=key), ns)
        seat = gives[0].seat
        a, b = (ns[x] for x in self._opponents(self._v(view), seat))
        firsts: dict[int, list[GiveCards]] = {}
        for m in gives:
            firsts.setdefault(m.positions[0], []).append(m)
        choices = []
        for p in (p for p, _ in view.hand if p in firsts):
            c = self._card_at(view, p)
            sub = Menu(
                self.t("Card for {b} (after {card} to {a}):", b=b, card=self._sym(c), a=a),
                tuple(
                    Choice(self._sym(self._card_at(view, m.positions[1])), move=m)
                    for q, _ in view.hand
                    for m in firsts[p]
                    if m.positions[1] == q
                ),
            )
            choices.append(Choice(self._sym(c), menu=sub))
        return Menu(self.t("Card for {a}:", a=a), tuple(choices))

    def _discard_menu(self, view: View, gives: Sequence[GiveCards]) -> Menu:
        """Two cards to discard (two players): a card of the hand, then another; each
        pair is one legal move whichever card was picked first."""
        pair = {frozenset(m.positions): m for m in gives}
        held = [p for p, _ in view.hand if any(p in k for k in pair)]
        choices = []
        for p in held:
            card = self._card_at(view, p)
            sub = tuple(
                Choice(self._sym(self._card_at(view, q)), move=pair[frozenset((p, q))])
                for q in held
                if frozenset((p, q)) in pair
            )
            title = self.t("Second card to discard (with {card}):", card=self._sym(card))
            choices.append(Choice(self._sym(card), menu=Menu(title, sub)))
        return Menu(self.t("First card to discard:"), tuple(choices))

    # -- between hands and at the end ----------------------------------------------------
    def sheet_cells(self, view: View) -> list[list[tuple[int, int, str]]]:
        """Per hand of the score sheet, per seat: the score after the hand, its real
        change from the row before (or from the starting sheet: the ``scores`` option),
        and the marks in words ("on the barrel", "barrel penalty, off the barrel";
        thousand.ru.txt "Запись, бочка и болты").  The change is what the sheet shows in
        brackets: a seat on the barrel shows +0 whatever it took, a penalty shows -120."""
        v = self._v(view)
        seats = len(v.scores)
        try:
            prev = [st.score for st in starting_standings(self.options, seats)]
        except (OptionError, KeyError, ValueError):
            prev = [0] * seats
        out = []
        for row in v.sheet:
            cells = []
            for s in range(seats):
                notes = ", ".join(self.t(NOTES.get(n, n)) for n in row.notes[s])
                cells.append((row.scores[s], row.scores[s] - prev[s], notes))
            prev = list(row.scores)
            out.append(cells)
        return out

    def forfeit_cells(
        self, view: View, result: Mapping[str, Any] | None
    ) -> tuple[int, tuple[int, ...], list[tuple[int, int, str]]] | None:
        """The score sheet's row of a hand forfeited (``result["forfeit"]``: a seat left
        or stopped answering and the others ended the hand): the hand (0-based), the
        seats that forfeited, and per seat as :meth:`sheet_cells` the score the result
        writes, its change from the hand before (-120 for the forfeit, +0 for the
        others: nothing for the hand) and the mark "forfeit"; None for any other result."""
        f = result.get("forfeit") if result else None
        scores = result.get("scores") if result else None
        v = self._v(view)
        if not isinstance(f, Mapping) or "seat" not in f or not isinstance(scores, list | tuple):
            return None
        if len(scores) != len(v.scores):
            return None
        hand = int(f.get("hand", 0))
        out = (int(f["seat"]), *(int(x) for x in f.get("also", ())))
        before = [r for r in v.sheet if r.hand < hand]
        if before:
            prev = list(before[-1].scores)
        else:
            try:
                prev = [st.score for st in starting_standings(self.options, len(scores))]
            except (OptionError, KeyError, ValueError):
                prev = [0] * len(scores)
        mark = self.t("forfeit")
        cells = [(int(x), int(x) - prev[s], mark if s in out else "") for s, x in enumerate(scores)]
        return hand, out, cells

    def sheet(
        self, view: View, names: Sequence[str] | Names, result: Mapping[str, Any] | None = None
    ) -> Sheet | None:
        """The score sheet: per hand the declarer, bid, made or not, and each seat's
        running score with its gain and barrel/bolt notes; with a ``result`` of a hand
        forfeited, that hand's row (:meth:`forfeit_cells`: "3 · forfeit: Boris · … ·
        -120 (-120) forfeit"), which the game's sheet lacks (the hand was not played
        out)."""
        v = self._v(view)
        ns = Names.of(names)
        sheet_row = dict(zip((r.hand for r in v.sheet), self.sheet_cells(v), strict=True))
        forfeit = self.forfeit_cells(v, result)
        rows = []
        for row in v.sheet:
            if forfeit is not None and row.hand >= forfeit[0]:
                break  # (the forfeited hand counts as the result writes it)
            cells = [
                Line((str(row.hand + 1),)),
                Line((ns[row.declarer],)),
                Line((str(row.bid),)),
                Line((Styled("✓", "good") if row.made else Styled("✗", "bad"),)),
            ]
            for score, change, notes in sheet_row[row.hand]:
                parts: list[Part] = [Styled(str(score), "bold"), Styled(f" ({change:+d})", "dim")]
                if notes:
                    parts.append(Styled(" " + notes, "warn"))
                cells.append(Line(tuple(parts)))
            rows.append(tuple(cells))
        if forfeit is not None:
            hand, out, seats = forfeit
            who = self.t("forfeit: {names}", names=ns.join(out, self.t))
            cells = [Line((str(hand + 1),)), Line((Styled(who, "bad"),)), Line(("",)), Line(("",))]
            for score, change, notes in seats:
                parts = [Styled(str(score), "bold"), Styled(f" ({change:+d})", "dim")]
                if notes:
                    parts.append(Styled(" " + notes, "bad"))
                cells.append(Line(tuple(parts)))
            rows.append(tuple(cells))
        return Sheet(
            self.t("Score sheet"),
            ("#", self.t("declarer"), self.t("bid"), self.t("made"), *ns),
            tuple(rows),
            (True, False, True, False, *(True,) * len(ns)),
        )

    def forfeit_line(
        self, result: Mapping[str, Any], names: Sequence[str] | Names, left: bool
    ) -> str | None:
        """ "Boris forfeits hand 2, having left the table: -120 on the score sheet" (the
        final scores count it; the sheet has no row for a hand not played out)."""
        f = result.get("forfeit")
        if not isinstance(f, Mapping) or "seat" not in f:
            return None
        ns = Names.of(names)
        out = []
        seats = [f["seat"], *f.get("also", ())]
        penalties = [f.get("penalty", 0), *f.get("penalties", ())]
        for i, (s, penalty) in enumerate(zip(seats, penalties, strict=False)):
            args = {"name": ns[s], "hand": int(f.get("hand", 0)) + 1, "penalty": f"{penalty:+d}"}
            if i == 0 and not left:
                out.append(self.t("{name} forfeits hand {hand}, having stopped responding: "
                                  "{penalty} on the score sheet", **args))  # fmt: skip
            else:
                out.append(self.t("{name} forfeits hand {hand}, having left the table: "
                                  "{penalty} on the score sheet", **args))  # fmt: skip
        return "\n".join(out)

    def ahead_line(
        self, result: Mapping[str, Any], forfeited: Sequence[int], names: Names
    ) -> str | None:
        return self.points_ahead(result, forfeited, names, low=False)

    def result_lines(self, result: Mapping[str, Any], names: Sequence[str] | Names) -> list[str]:
        ns = Names.of(names)
        scores = result.get("scores", [])
        line = ", ".join(f"{ns[s]} {scores[s]}" for s in range(len(scores)))
        capped = []
        if result.get("capped") and not isinstance(result.get("forfeit"), Mapping):
            n = int(result.get("hands", 0))
            capped = [
                self.t.n(
                    "the game ends at its hand limit: {n} hand played, and nobody reached "
                    "{target} (the highest score wins)",
                    "the game ends at its hand limit: {n} hands played, and nobody reached "
                    "{target} (the highest score wins)",
                    n,
                    target=self.options.get("target", 1000),
                )
            ]
        return [
            self.t("final scores: {scores}", scores=line),
            *capped,
            *super().result_lines(result, names),
        ]
