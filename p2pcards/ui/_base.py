"""The presenter contract: what one seat is shown of a game, in words and plain data.

A :class:`Presenter` (one subclass per game) turns an engine's ``view(seat, knowledge)``
and its moves into texts and :mod:`p2pcards.ui._model` data: the seats table, the centre
of the table, the hand, the score sheet, the menu of legal moves, one history line per
move (present tense, real names: "Boris plays 9♦" / "Борис играет 9♦"), the result.  It
does no I/O and reads no clock; the terminal (``p2pcards.cli._tui``) and the web page
draw what it returns.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from p2pcards.cards import Card
from p2pcards.games import Claim, Decision, Falsified, Move, View
from p2pcards.ui._menu import Choice, Menu
from p2pcards.ui._model import Column, Line, Part, Section, Sheet
from p2pcards.ui._names import Names
from p2pcards.ui._rules import rules_document
from p2pcards.ui._table import cheat_text
from p2pcards.ui._texts import Texts


def symbols(cards: Sequence[Card]) -> str:
    """Cards as symbols separated by spaces ("K♥ K♠")."""
    return " ".join(c.symbol for c in cards)


class Presenter:
    """Default presentation; games override what differs.

    ``lang``: "en" or "ru"; ``options``: the game's option values (missing ones take
    the rules' defaults).  Methods take the view of the seat being shown and
    :class:`Names` (a plain list of names is accepted: the viewer is then
    ``view.seat``).
    """

    game: ClassVar[str] = ""
    TITLE: ClassVar[str] = ""

    def __init__(self, lang: str = "en", options: Mapping[str, Any] | None = None) -> None:
        self.t = Texts(lang)
        self.lang = self.t.lang
        self.options: Mapping[str, Any] = dict(options or {})

    # -- small helpers -----------------------------------------------------------------
    @property
    def title(self) -> str:
        """The game's name in the presenter's language."""
        return self.t(self.TITLE)

    def keys_text(self) -> str:
        """The keys of the menus in one line, in the presenter's language (shown above
        the rules by ``?`` in the terminal)."""
        return self.t(
            "Keys: a number picks a choice, 0 goes back, ? shows these rules, q leaves the game."
        )

    def rules_text(self) -> str:
        """The rules of the game, the whole page ``docs/rules/<game>.md`` (Russian:
        ``docs/rules/<game>.ru.md``) in the presenter's language, as Markdown text
        (:func:`p2pcards.ui._rules.rules_document`; ``?`` in the terminal)."""
        return rules_document(self.game, self.lang)

    def hand_no_text(self, n: int) -> str:
        """ "hand 3" / "раздача 3" (101 says "round 3" / "раунд 3"); ``n`` from 1."""
        return self.t("hand {n}", n=n)

    def hand_over_line(self, n: int) -> str:
        """ "— hand 3 is over —" (``n`` from 1)."""
        return self.t("— {hand} is over —", hand=self.hand_no_text(n))

    def next_hand_prompt(self) -> str:
        """The prompt between hands ("Enter: next hand> ")."""
        return self.t("Enter: next hand> ")

    def names(self, names: Sequence[str] | Names, view: View | None = None) -> Names:
        """``names`` as :class:`Names`, the viewer being ``view.seat``."""
        return Names.of(names, view.seat if view is not None else None)

    def say(self, names: Names, seat: int, you: str, other: str, **kw: Any) -> str:
        """``you`` (second person) when ``seat`` is the viewer, else ``other`` with
        ``{name}`` filled in: both English msgids."""
        if names.is_me(seat):
            return self.t(you, **kw)
        return self.t(other, name=names[seat], **kw)

    # -- whose turn ----------------------------------------------------------------------
    def turn(self, view: View) -> int | None:
        """The seat the game waits for (its decision or its turn), or None."""
        need = view.need
        return need.seat if isinstance(need, Decision) else None

    def turn_text(self, view: View, names: Sequence[str] | Names) -> str:
        """One line saying whose turn it is ("Your turn" / "Turn: Boris")."""
        s = self.turn(view)
        if s is None:
            return ""
        if s == view.seat:
            return self.t("Your turn")
        return self.t("Turn: {name}", name=self.names(names, view)[s])

    # -- the seats table -----------------------------------------------------------------
    def status(self, view: View, seat: int) -> str:
        """Short status of ``seat`` for the seats table ("out", "dealer"...), or ""."""
        return ""

    def columns(self, view: View, names: Sequence[str] | Names) -> list[Column]:
        """Extra columns of the seats table."""
        return []

    # -- the table's centre and the hand -------------------------------------------------
    def centre(self, view: View, names: Sequence[str] | Names) -> list[Section]:
        """The game's public state, one section per part."""
        return []

    def hand_groups(self, view: View) -> list[tuple[Card, ...]]:
        """The viewer's hand in groups (by suit, by rank, or one group), display order."""
        return [tuple(c for _, c in view.hand)]

    def hand(self, view: View) -> Line:
        """The viewer's hand as one line: the groups of :meth:`hand_groups`, a wider gap
        between groups."""
        parts: list[Part | tuple[Card, ...]] = []
        for i, g in enumerate(self.hand_groups(view)):
            if i:
                parts.append("   ")
            parts.append(g)
        return Line.of(*parts)

    def hand_title(self, view: View) -> str:
        """Title of the hand ("Your hand (11)")."""
        return self.t("Your hand ({n})", n=len(view.hand))

    # -- moves in words ------------------------------------------------------------------
    def choice(self, move: Move, view: View, names: Sequence[str] | Names) -> str:
        """``move`` as a menu choice, an order to oneself ("bid 115" / "заявить 115")."""
        return type(move).KIND

    def move_line(self, move: Move, view: View, names: Sequence[str] | Names) -> str:
        """One history line for ``move``, made in the state ``view`` shows (any seat's
        view from before the move): present tense, real names ("Boris bids 115")."""
        return f"{self.names(names, view)[move.seat]}: {type(move).KIND}"

    def history_line(self, move: Move, view: View, names: Sequence[str] | Names) -> str:
        """The line a seat's own screen adds to its history for ``move`` ("" when the
        game shows it elsewhere); :meth:`move_line` by default."""
        return self.move_line(move, view, names)

    def facts(self, view: View, names: Sequence[str] | Names) -> list[str]:
        """History lines for public facts in ``view`` that are not moves (101: a missed
        turn, a penalty drawn), each returned once; the default has none."""
        return []

    def history_facts(self, view: View, names: Sequence[str] | Names) -> list[str]:
        """The :meth:`facts` a list of every move's line (replay, simulate --show) would
        miss otherwise, each returned once (Thousand: the first hand's obligatory bid);
        none by default (101's facts are its moves' lines there)."""
        return []

    def menu(self, view: View, legal: Sequence[Move], names: Sequence[str] | Names) -> Menu:
        """Numbered choices for ``legal`` (default: one line per move)."""
        return Menu(
            self.t("Choose a move:"),
            tuple(Choice(self.choice(m, view, names), move=m) for m in legal),
        )

    def planned(self, view: View, legal: Sequence[Move]) -> Move | None:
        """A move chosen earlier for this decision (Sunduchki's question builder), or
        None to ask the player."""
        return None

    def remember(self, choice: Choice) -> None:
        """Keep ``choice.plan`` for :meth:`planned` (default: nothing to keep)."""

    # -- claims about hidden cards and cheats --------------------------------------------
    def claim_text(self, claim: Claim, names: Sequence[str] | Names) -> str:
        """What ``claim`` (a :class:`~p2pcards.games.Claim`) said, with real names ("Boris
        plays 9♣ in trick 2, so has no ♥"); games override it for their claim kinds."""
        who = Names.of(names)[claim.seat]
        return self.t("{name} made a claim about hidden cards ({rule})", name=who, rule=claim.rule)

    def falsified_text(
        self, claim: Claim, falsified: Falsified, names: Sequence[str] | Names
    ) -> str:
        """Why ``claim`` is false (a :class:`~p2pcards.games.Falsified`), in words ("but had
        to play J♥"); games override it for their claim kinds."""
        return self.t("but the cards were {cards}", cards=self.t.cards(falsified.cards))

    def cheat_text(self, ev: Any, names: Sequence[str] | Names) -> str:
        """A :class:`~p2pcards.table.CheatDetected` in words, without the cheater's name
        (:func:`p2pcards.ui.cheat_text` with this game's claims)."""
        return cheat_text(self.t, Names.of(names), ev, self)

    # -- between hands and at the end ----------------------------------------------------
    def hand_over(self, before: View, after: View) -> bool:
        """True when a hand (round) ended between the two views."""
        return after.hand_no != before.hand_no

    def sheet(
        self, view: View, names: Sequence[str] | Names, result: Mapping[str, Any] | None = None
    ) -> Sheet | None:
        """The score sheet shown between hands, or None for single-hand games.
        ``result``: the game's result at its end (a hand forfeited gets its row)."""
        return None

    def forfeit_line(
        self, result: Mapping[str, Any], names: Sequence[str] | Names, left: bool
    ) -> str | None:
        """The forfeit of a hand the others ended by vote, explained under the score
        sheet (who, why: ``left`` the table or stopped responding, and what the sheet
        got), or None when the game says it otherwise (its result lines)."""
        return None

    def final_lines(
        self, result: Mapping[str, Any], names: Sequence[str] | Names, left: bool = True
    ) -> list[str]:
        """Everything said of the game's end, in order: a forfeit explained
        (:meth:`forfeit_line`: who, why, the points written; ``left``: the seat left the
        table rather than stopped answering), then :meth:`result_lines`.  The terminal's
        full screen, its plain lines and the web page all say these."""
        forfeit = self.forfeit_line(result, names, left)
        return [*(forfeit.split("\n") if forfeit else []), *self.result_lines(result, names)]

    def ahead_line(
        self, result: Mapping[str, Any], forfeited: Sequence[int], names: Names
    ) -> str | None:
        """A game ended by a forfeit: who of the others the game's count puts ahead
        ("ahead on points: Anna (230)"), or None (the default: the game has no count to
        speak of)."""
        return None

    def points_ahead(
        self, result: Mapping[str, Any], forfeited: Sequence[int], names: Names, low: bool
    ) -> str | None:
        """ "ahead on points: Anna (230)": of the seats that did not forfeit, those with
        the most points (``low``: the fewest, 101), from the result's ``scores``."""
        scores = result.get("scores")
        others = [s for s in range(len(names)) if s not in forfeited]
        if not isinstance(scores, list | tuple) or len(scores) != len(names) or not others:
            return None
        best = (min if low else max)(scores[s] for s in others)
        who = [s for s in others if scores[s] == best]
        return self.t("ahead on points: {who} ({points})", who=names.join(who, self.t),
                      points=best)  # fmt: skip

    def result_lines(self, result: Mapping[str, Any], names: Sequence[str] | Names) -> list[str]:
        """The final result in words: winners, then losers.  A game ended by a forfeit
        (``result["forfeit"]``: a seat left or stopped answering and the others ended the
        hand without it) names the seats that forfeited as the losers and, instead of
        "winners" (by the rules every other seat: "winners: Anna and Vera" beside Vera's
        -100 surprised players), who is ahead by the game's count (:meth:`ahead_line`)."""
        ns = Names.of(names)
        f = result.get("forfeit")
        if isinstance(f, Mapping) and "seat" in f:
            out = [int(f["seat"]), *(int(x) for x in f.get("also", ()))]
            lines = [
                self.t.n(
                    "loser: {names} (forfeits the hand)",
                    "losers: {names} (forfeit the hand)",
                    len(out),
                    names=ns.join(out, self.t),
                )
            ]
            ahead = self.ahead_line(result, out, ns)
            return [*lines, ahead] if ahead else lines
        w = list(result.get("winners", ()))
        lo = list(result.get("losers", ()))
        return [
            self.t.n("winner: {who}", "winners: {who}", len(w), who=ns.join(w, self.t)),
            self.t.n("loser: {who}", "losers: {who}", len(lo), who=ns.join(lo, self.t)),
        ]
