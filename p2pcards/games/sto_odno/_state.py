"""101 (Сто одно), the rules of sto-odno.ru.txt as a sans-I/O engine.

Sections cited: "Раздача" (deal, first card from the hand), "Обычный ход" (suit, rank or a
queen; drawing), "Особые карты" (six, seven, ace, king of spades, queen), "Шестёрка и
игра вдвоём" (covering a six, two-player repeats), "Конец раунда" (the end and the hand
values), "Счёт серии" (101 -> 0, above 101 loses), "Что отдельно оговорено" (the last
penalty first, the stock turned over, passes and redeals), "Домашние варианты" (options).

Seats are numbered clockwise; play goes to increasing seat numbers (a ten reverses it
with the ``ten_reverse`` option).  Positions: the deal's deck is ``0 .. n-1``; dealt one
at a time from the starter; the rest is the stock, drawn lowest position first.  A stock
turned over keeps the discard pile's order (its bottom card is drawn first) and its cards
are public; ``recycle=shuffle`` instead asks for a fresh Shuffle of those cards, whose
positions continue the numbering.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from p2pcards.cards import Card, Rank, Suit
from p2pcards.games._errors import ClaimMismatch, IllegalMove
from p2pcards.games._events import (
    Decision,
    Finished,
    Need,
    Open,
    Opened,
    Random,
    RandomValue,
    Reveal,
    Revealed,
    Shuffle,
    Shuffled,
)
from p2pcards.games._moves import Event, Move
from p2pcards.games._state import (
    ClaimCheck,
    Falsified,
    GameState,
    Knowledge,
    View,
    each_hidden,
)
from p2pcards.games.sto_odno._moves import Announce, Catch, Draw, Pass, Play, TakePenalty
from p2pcards.games.sto_odno._rules import KING_OF_SPADES, Requirement, sto_odno_deck
from p2pcards.games.sto_odno._scoring import (
    finish_bonus,
    hand_points,
    lost,
    new_score,
    starting_totals,
)

R_DEAL = "101: Раздача: пять каждому, первая карта с руки"
R_MOVE = "101: Обычный ход: масть, достоинство или дама"
R_SPECIAL = "101: Особые карты выбранного варианта"
R_SIX = "101: Шестёрка и игра вдвоём"
R_END = "101: Конец раунда и стоимость оставшихся карт"
R_SERIES = "101: Счёт серии: ровно 101 обнуляется"
R_AGREED = "101: Что отдельно оговорено для этого разбора"
R_HOUSE = "101: Домашние варианты"
R_ANNOUNCE = "101: Спорные моменты (объявление перед завершением)"


@dataclass
class _DrawJob:
    """Cards being drawn by ``seat``: ``left`` still to take, ``unrevealed`` taken but
    not yet revealed to it, ``after`` what follows ("next": the turn passes to the seat
    after ``seat``; "end": the round ends; "again": ``seat`` moves again, option
    ``draw=until_playable``; "back": the turn returns to ``back`` (seat, mode), after a
    catch), ``want`` the need ("reveal"/"shuffle")."""

    seat: int
    left: int
    after: str
    penalty: bool = False
    unrevealed: list[int] = field(default_factory=list)
    drawn: int = 0
    want: str = ""
    back: tuple[int, str] | None = None


_Played = tuple[int, tuple[int, ...], tuple[int, ...], Suit | None, Requirement, int]
"""A play as the state keeps it: (seat, held positions, played positions, named suit,
requirement, the next seat's count); :class:`PastPlay` is how a view shows it."""


@dataclass(frozen=True)
class PastPlay:
    """One play of the round as every seat saw it ("Обычный ход"): ``seat`` played
    ``cards`` (``suit``: the suit it named with a queen, else None) to meet
    ``requirement``; ``next_count``: the cards of the seat after it then; ``held``: the
    positions of its hand just before, each with its card when that card is public
    (played since, or drawn from a turned-over stock), else None (still hidden)."""

    seat: int
    cards: tuple[Card, ...]
    suit: Suit | None
    requirement: Requirement
    next_count: int
    held: tuple[tuple[int, Card | None], ...]


@dataclass(frozen=True)
class StoOdnoView(View):
    """One seat's view of a 101 table, enough for terminal play.

    ``turn``: the seat to move (None outside a turn); ``mode``: "first", "normal",
    "cover" (cover your own six), "continue" (after your eight, option) or "penalty"
    (pass a penalty on or take it, option); ``requirement``: what may be played now (a
    :class:`~p2pcards.games.sto_odno.Requirement`; None outside a turn); ``top``: the
    discard pile's top card; ``named``: the suit named by a queen on top;
    ``stock``/``discard``: sizes; ``known``: publicly known cards in each seat's hand
    (drawn from a turned-over stock); ``scores``: series scores; ``starter``: who began
    the round; ``direction``: +1 clockwise, -1 reversed;
    ``penalty``: (seat, cards) it must draw now or answer, else None; ``skipped``: the
    seat that misses its turn after the current draw, else None; ``sheet``: the last
    finished round's score sheet (``{"round", "winner", "points", "scores", "hands"}``
    with the cards left as codes, or
    ``{"round", "redeal"}``), else None; ``losers``: seats that lost the series;
    ``missed``: the seat that missed its turn after the last play (ace or penalty);
    ``penalized``: (seat, cards drawn) of the last play's penalty; ``rebuilt``: how many
    times the stock was rebuilt this round; ``announced``: the seat that said "Сто
    одно" this turn, ``forgot``: the seat left with one card without saying it, while
    it may still be caught (option ``announce_last``), else None.
    ``pile``: the discard pile, bottom card first (every card in it was played in
    public); ``stock_cards``: the stock in drawing order when all its cards are public
    (a turned-over discard pile), else (); ``barred``: for each seat, one tuple per card
    of its hand no one else has seen (in position order): the cards it cannot be, from
    its "could not play" claims this round (a seat that drew or passed had no card it
    could play then), sorted by suit and rank.
    ``plays``: this round's plays in order (:class:`PastPlay`: who played what, the
    requirement it met, the next seat's card count and the positions the player held,
    with the cards that are public now), all public; ``hidden``: for each seat, the
    positions of the cards of its hand no one else has seen, in position order (the
    order of ``barred``).
    """

    turn: int | None
    mode: str
    requirement: Requirement | None
    top: Card | None
    named: Suit | None
    stock: int
    discard: int
    known: tuple[tuple[Card, ...], ...]
    scores: tuple[int, ...]
    starter: int | None
    direction: int
    penalty: tuple[int, int] | None
    skipped: int | None
    sheet: Mapping[str, Any] | None
    losers: tuple[int, ...]
    missed: int | None
    penalized: tuple[int, int] | None
    rebuilt: int
    announced: int | None = None
    forgot: int | None = None
    pile: tuple[Card, ...] = ()
    stock_cards: tuple[Card, ...] = ()
    barred: tuple[tuple[tuple[Card, ...], ...], ...] = ()
    plays: tuple[PastPlay, ...] = ()
    hidden: tuple[tuple[int, ...], ...] = ()


class StoOdnoState(GameState):
    """101 engine state: a series of rounds until a total goes above 101.

    Per round: (first round only) a lot for the starter, the shuffle, one Reveal per
    seat, then turns.  A turn is a Play (then Open of its hidden positions), a Draw
    (Reveal of the drawn card), a Pass, or, with ``pass_penalty``, a TakePenalty.
    Penalty draws, skips and the stock turned over happen without decisions.  At the end
    of a round every hidden card left in a hand is opened and scored.
    """

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        o = self.options
        self.deck_cards = sto_odno_deck(o["deck"])
        self.scores = starting_totals(o, self.seats)
        self.sheet: list[dict[str, Any]] = []
        self.starter: int | None = None
        self.losers: list[int] = []
        self.capped = False
        self._new_round()
        self.phase = "lot"

    # -- round set-up -----------------------------------------------------------------
    def _new_round(self) -> None:
        self.hand_no += 1
        self.phase = "shuffle"
        self.hands: list[list[int]] = [[] for _ in range(self.seats)]
        self.stock: list[int] = []
        self.discard: list[int] = []
        self.public: dict[int, Card] = {}
        self.next_pos = 0
        self.turn: int | None = None
        self.mode = "first"
        self.named: Suit | None = None
        self.cover_suit: Suit | None = None
        self.direction = 1
        self.idle = 0  # consecutive passes (nothing played or drawn)
        self.moves = 0  # decisions this round
        self.pending: Play | None = None
        self.penalty: tuple[int, int, int] | None = None  # victim, cards, rank to pass
        self.job: _DrawJob | None = None
        self.winner: int | None = None
        self.finish: tuple[Card, ...] = ()
        self.last_dealt: list[int] = [0] * self.seats
        self.cursor = 0
        self.rebuilt = 0
        self.missed: int | None = None  # the seat that missed its turn after the last play
        self.penalized: tuple[int, int] | None = None  # (seat, cards) of the last penalty
        self.announced: int | None = None  # said "Сто одно" this turn (announce_last)
        self.forgot: int | None = None  # left with one card unannounced, catchable
        # this round's plays: (seat, held positions, played positions, suit, requirement,
        # the next seat's count), see StoOdnoView.plays
        self.plays: list[_Played] = []

    def _next(self, seat: int) -> int:
        return (seat + self.direction) % self.seats

    # -- the contract -----------------------------------------------------------------
    def need(self) -> Need:
        p = self.phase
        if p == "lot":
            return Random(self.seats, "first player")
        if p == "shuffle":
            return Shuffle(self.hand_no, 0, self.deck_cards)
        if p == "deal":
            assert self.starter is not None
            seat = (self.starter + self.cursor) % self.seats
            return Reveal(tuple(sorted(self.hands[seat])), seat)
        if p == "turn":
            assert self.turn is not None
            return Decision(self.turn)
        if p == "open":
            assert self.pending is not None
            return Open(tuple(q for q in self.pending.positions if q not in self.public))
        if p == "draw":
            j = self.job
            assert j is not None
            if j.want == "reveal":
                return Reveal(tuple(j.unrevealed), j.seat)
            under = self.discard[:-1]
            cards = tuple(sorted(self.public[q] for q in under))
            return Shuffle(self.hand_no, self.next_pos, cards)
        if p == "final":
            return Open(self._hidden_in_hands())
        if p == "turnup":
            return Open((self.stock[0],))
        return Finished(self.result())

    def result(self) -> dict[str, Any]:
        """``{"losers": seats above 101 (or, when the ``max_rounds`` cap ended the
        series, those with the highest score), "winners": every other seat,
        "scores": [per seat], "rounds": deals played (redeals included),
        "capped": bool, "sheet": [per deal: {"round", "winner", "points", "scores",
        "hands": card codes left per seat} or {"round", "redeal": why}]}``."""
        losers = list(self.losers)
        return {
            "losers": losers,
            "winners": [s for s in range(self.seats) if s not in losers],
            "scores": list(self.scores),
            "rounds": len(self.sheet),
            "capped": self.capped,
            "sheet": [dict(e) for e in self.sheet],
        }

    def requirement(self) -> Requirement:
        """What the first card of a play must satisfy at the current turn."""
        o = self.options
        top = self.public[self.discard[-1]] if self.discard else None
        pass_rank = Rank(self.penalty[2]) if self.penalty is not None else None
        first_pos = None
        if self.mode == "first" and o["first_card"] == "last_dealt" and self.turn is not None:
            first_pos = self.last_dealt[self.turn]
        return Requirement(
            self.mode,
            top,
            self.named,
            self.cover_suit,
            pass_rank,
            o["queen_finish"],
            first_pos,
        )

    def drawable(self) -> bool:
        """True if a card can be drawn: the stock, or a discard pile to turn over."""
        return bool(self.stock) or len(self.discard) > 1

    def legal_moves(self, seat: int, knowledge: Knowledge) -> list[Move]:
        if self.phase != "turn" or self.turn != seat:
            return []
        hand = sorted(self.hands[seat])
        if any(p not in knowledge for p in hand):
            return []
        cards = [(p, knowledge[p]) for p in hand]
        req = self.requirement()
        plays = self._plays(seat, cards, req)
        extra = self._announce_moves(seat, plays, len(hand))
        if self.mode == "penalty":
            return [*extra, *plays, TakePenalty(seat)]
        if plays:
            return [*extra, *plays]
        extra = [m for m in extra if isinstance(m, Catch)]
        o = self.options
        if self.mode == "continue" and not o["eight_draw"] and hand:
            return [*extra, Pass(seat)]
        return [*extra, Draw(seat) if self.drawable() else Pass(seat)]

    def _announce_moves(self, seat: int, plays: list[Move], n: int) -> list[Move]:
        """Option ``announce_last``: a Catch of a seat that forgot (first), and Announce
        when a play of this turn would leave ``seat`` with one card."""
        if not self.options["announce_last"]:
            return []
        out: list[Move] = []
        if self._catchable(seat):
            assert self.forgot is not None
            out.append(Catch(seat, self.forgot))
        if self.announced != seat and any(
            isinstance(m, Play) and n - len(m.positions) == 1 for m in plays
        ):
            out.append(Announce(seat))
        return out

    def _catchable(self, seat: int) -> bool:
        """True if ``seat`` may catch the seat that forgot the call: another seat, still
        holding its one card, and the window not closed by another move."""
        f = self.forgot
        return f is not None and f != seat and len(self.hands[f]) == 1

    def _plays(self, seat: int, cards: list[tuple[int, Card]], req: Requirement) -> list[Move]:
        out: list[Play] = []
        n = len(cards)
        qf = self.options["queen_finish"]
        for p, c in cards:
            if not req.playable(p, c, n):
                continue
            if self.options["multi"]:
                others = [(q, d) for q, d in cards if q != p and d.rank == c.rank]
                groups: list[tuple[tuple[int, Card], ...]] = [()]
                for k in range(1, len(others) + 1):
                    groups.extend(itertools.combinations(others, k))
            else:
                groups = [()]
            for g in groups:
                rest = list(g)
                orders = (
                    [rest]
                    if len(rest) < 2
                    else [[x for x in rest if x != last] + [last] for last in rest]
                )
                for order in orders:
                    seq = [(p, c), *order]
                    if not qf and len(seq) == n and c.rank == Rank.QUEEN:
                        continue
                    pos = tuple(q for q, _ in seq)
                    cs = tuple(d for _, d in seq)
                    if cs[-1].rank == Rank.QUEEN:
                        out.extend(Play(seat, pos, cs, s) for s in Suit)
                    else:
                        out.append(Play(seat, pos, cs, None))
        out.sort(key=lambda m: (len(m.positions), m.positions, -1 if m.suit is None else m.suit))
        return list(out)

    # -- applying events ----------------------------------------------------------------
    def _apply(self, ev: Event) -> None:
        need = self.need()
        if isinstance(need, Finished):
            raise IllegalMove(None, R_SERIES, "the series is over")
        if isinstance(need, Decision):
            if not isinstance(ev, Move):
                raise IllegalMove(None, R_MOVE, f"expected a move by seat {need.seat}")
            if ev.seat != need.seat:
                raise IllegalMove(ev.seat, R_MOVE, f"it is seat {need.seat}'s turn, not yours")
            if isinstance(ev, Announce | Catch):
                self._apply_announce(ev)
                return
            self.forgot = None  # any other move closes the window for a catch
            if isinstance(ev, Play):
                self._apply_play(ev)
            elif isinstance(ev, Draw):
                self._apply_draw(ev)
            elif isinstance(ev, Pass):
                self._apply_pass(ev)
            elif isinstance(ev, TakePenalty):
                self._apply_take(ev)
            else:
                raise IllegalMove(ev.seat, R_MOVE, f"{type(ev).__name__} is not a move of 101")
            return
        if isinstance(need, Random) and isinstance(ev, RandomValue):
            if not 0 <= ev.value < need.k:
                raise IllegalMove(None, R_DEAL, "lot value out of range")
            self.starter = ev.value
            self.phase = "shuffle"
        elif isinstance(need, Shuffle) and isinstance(ev, Shuffled):
            if (ev.hand, ev.first, ev.n) != (need.hand, need.first, need.n):
                raise IllegalMove(None, R_DEAL, "shuffle of the wrong hand, first position or size")
            if self.phase == "shuffle":
                self.step = 0
                self._deal()
            else:
                self._recycled(need)
        elif isinstance(need, Reveal) and isinstance(ev, Revealed):
            if (tuple(ev.positions), ev.to) != (need.positions, need.to):
                raise IllegalMove(None, R_DEAL, "revealed the wrong positions or to the wrong seat")
            if self.phase == "deal":
                self.cursor += 1
                if self.cursor == self.seats:
                    assert self.starter is not None
                    if self.options["start"] == "deck":
                        self.phase = "turnup"
                    else:
                        self._set_turn(self.starter, "first")
            else:
                assert self.job is not None
                self.job.unrevealed = []
                self._advance_draw()
        elif isinstance(need, Open) and isinstance(ev, Opened):
            if tuple(ev.positions) != need.positions or len(ev.cards) != len(ev.positions):
                raise IllegalMove(None, R_MOVE, "opened the wrong positions")
            if self.phase == "open":
                mv = self.pending
                assert mv is not None
                claimed = dict(zip(mv.positions, mv.cards, strict=True))
                for q, c in zip(ev.positions, ev.cards, strict=True):
                    if claimed[q] != c:
                        raise ClaimMismatch(
                            mv.seat,
                            R_MOVE,
                            f"claimed the {claimed[q].name('en')} but position {q} holds "
                            f"the {c.name('en')}",
                        )
                self.public.update(zip(ev.positions, ev.cards, strict=True))
                self._resolve_play(mv)
            elif self.phase == "turnup":
                self.public.update(zip(ev.positions, ev.cards, strict=True))
                self._turned_up(ev.cards[0])
            else:
                self.public.update(zip(ev.positions, ev.cards, strict=True))
                self._score()
        else:
            raise IllegalMove(None, R_MOVE, f"{type(ev).__name__} does not answer {need!r}")

    def _deal(self) -> None:
        assert self.starter is not None
        per = self.options["cards"]
        n = len(self.deck_cards)
        for i in range(per * self.seats):
            seat = (self.starter + i) % self.seats
            self.hands[seat].append(i)
            self.last_dealt[seat] = i
        self.stock = list(range(per * self.seats, n))
        self.next_pos = n
        self.phase, self.cursor = "deal", 0

    def _set_turn(self, seat: int, mode: str) -> None:
        if self.moves >= self.options["max_moves"]:
            self._redeal("max_moves")
            return
        if seat != self.announced:
            self.announced = None
        self.turn, self.mode, self.phase = seat, mode, "turn"

    def _turned_up(self, card: Card) -> None:
        """Option ``start=deck``: the stock's top card was turned up to start the pile;
        its effect falls on the starter, as on the player after it: a seven (two), the
        king of spades or, with ``six=next_draws``, a six make it draw and miss its
        turn, an ace makes it miss its turn, a queen asks for its own suit."""
        o = self.options
        assert self.starter is not None
        self.discard.append(self.stock.pop(0))
        if card.rank == Rank.QUEEN:
            self.named = card.suit
        draw = 0
        if card.rank == Rank.SEVEN:
            draw = 2
        elif card.rank == Rank.SIX and o["six"] == "next_draws":
            draw = 1
        elif card == KING_OF_SPADES:
            draw = o["king_spades_draw"]
        if draw:
            self._start_draw(self.starter, draw, "next")
        elif card.rank == Rank.ACE:
            self.missed = self.starter
            self._set_turn(self._next(self.starter), "normal")
        else:
            self._set_turn(self.starter, "normal")

    # -- moves ----------------------------------------------------------------------------
    def _apply_play(self, mv: Play) -> None:
        seat, pos, cards = mv.seat, mv.positions, mv.cards
        hand = self.hands[seat]
        if not pos or len(pos) != len(cards) or len(set(pos)) != len(pos):
            raise IllegalMove(seat, R_MOVE, "a play names distinct positions with one card each")
        if any(p not in hand for p in pos):
            raise IllegalMove(seat, R_MOVE, "the played positions are not all in your hand")
        if len(set(cards)) != len(cards):
            raise IllegalMove(seat, R_MOVE, "the same card is claimed twice")
        if len(pos) > 1:
            if not self.options["multi"]:
                raise IllegalMove(seat, R_MOVE, "one card per move (option multi is off)")
            if len({c.rank for c in cards}) != 1:
                raise IllegalMove(seat, R_HOUSE, "several cards in one move must share a rank")
        for p, c in zip(pos, cards, strict=True):
            if p in self.public and self.public[p] != c:
                raise ClaimMismatch(
                    seat,
                    R_MOVE,
                    f"claimed the {c.name('en')} but position {p} is the "
                    f"{self.public[p].name('en')}",
                )
        req = self.requirement()
        if not req.playable(pos[0], cards[0], len(hand)):
            raise IllegalMove(
                seat,
                R_SIX if self.mode == "cover" else R_MOVE,
                f"the {cards[0].name('en')} may not be played now",
            )
        if (
            not self.options["queen_finish"]
            and len(pos) == len(hand)
            and cards[-1].rank == Rank.QUEEN
        ):
            raise IllegalMove(seat, R_HOUSE, "a round may not end on a queen (queen_finish=off)")
        if (cards[-1].rank == Rank.QUEEN) != (mv.suit is not None):
            raise IllegalMove(seat, R_SPECIAL, "a suit is named with a queen, and only then")
        self.moves += 1
        self.pending = mv
        if any(p not in self.public for p in pos):
            self.phase = "open"
        else:
            self._resolve_play(mv)

    def _could_not(self, seat: int, verb: str) -> None:
        """Reject at once if a publicly known card of ``seat``'s hand may be played, then
        record the "could not play" claim for the audit (it names the card)."""
        hand = sorted(self.hands[seat])
        if not hand:
            return
        req = self.requirement()
        for p in hand:
            c = self.public.get(p)
            if c is not None and req.playable(p, c, len(hand)):
                raise IllegalMove(seat, R_MOVE, f"you hold the {c.name('en')}, which may be played")
        self.add_claim(
            seat,
            R_SIX if self.mode == "cover" else R_MOVE,
            "could_not_play",
            {"move": verb, "requirement": req},
            _could_not_check(req, tuple(hand)),
            None
            if req.first_pos is not None
            else each_hidden(
                hand,
                [c for c in self.deck_cards if not req.playable(-1, c, len(hand))],
                self.public,
            ),
        )

    def _apply_draw(self, mv: Draw) -> None:
        seat = mv.seat
        if self.mode not in ("normal", "cover", "continue"):
            raise IllegalMove(seat, R_MOVE, f"no drawing in mode {self.mode!r}")
        if not self.drawable():
            raise IllegalMove(seat, R_AGREED, "there is nothing to draw: pass instead")
        if self.mode == "continue" and not self.options["eight_draw"] and self.hands[seat]:
            raise IllegalMove(seat, R_HOUSE, "no draw after an eight (eight_draw=off): pass")
        self._could_not(seat, "draw")
        self.moves += 1
        again = self.options["draw"] == "until_playable" and self.mode == "normal"
        self._start_draw(seat, 1, "again" if again else "next", penalty=False)

    def _apply_pass(self, mv: Pass) -> None:
        seat = mv.seat
        if self.mode not in ("normal", "cover", "continue"):
            raise IllegalMove(seat, R_MOVE, f"no passing in mode {self.mode!r}")
        eight_pass = self.mode == "continue" and not self.options["eight_draw"] and self.hands[seat]
        if self.drawable() and not eight_pass:
            raise IllegalMove(seat, R_AGREED, "there is a card to draw: draw instead of passing")
        self._could_not(seat, "pass")
        self.moves += 1
        if self.mode in ("cover", "continue") and not self.hands[seat]:
            self._redeal("last six" if self.mode == "cover" else "last eight")
            return
        if eight_pass:
            self._set_turn(self._next(seat), "normal")
            return
        self.idle += 1
        if self.idle >= self.seats:
            self._redeal("full circle")
            return
        self._set_turn(self._next(seat), "normal")

    def _apply_announce(self, mv: Announce | Catch) -> None:
        """Option ``announce_last`` (docs/rules/101.md, "The last-card call")."""
        seat = mv.seat
        if not self.options["announce_last"]:
            raise IllegalMove(seat, R_ANNOUNCE, "the last-card call is not played (announce_last)")
        if isinstance(mv, Announce):
            if self.announced == seat:
                raise IllegalMove(seat, R_ANNOUNCE, "you have already said it this turn")
            n = len(self.hands[seat])
            if n < 2 or (n > 2 and not self.options["multi"]):
                raise IllegalMove(
                    seat,
                    R_ANNOUNCE,
                    f"the call comes before the play that leaves one card; you hold {n}",
                )
            self.forgot = None
            self.announced = seat
            return
        if not self._catchable(seat) or mv.target != self.forgot:
            raise IllegalMove(
                seat,
                R_ANNOUNCE,
                f"seat {mv.target} cannot be caught now (a catch is the first move of the "
                "next decision after its play left it one card unannounced)",
            )
        self.forgot = None
        self.moves += 1
        back = (seat, self.mode)
        self.job = _DrawJob(mv.target, self.options["announce_penalty"], "back", False, back=back)
        self.phase = "draw"
        self._advance_draw()

    def _apply_take(self, mv: TakePenalty) -> None:
        if self.mode != "penalty" or self.penalty is None:
            raise IllegalMove(mv.seat, R_HOUSE, "there is no penalty to take")
        victim, n, _ = self.penalty
        self.penalty = None
        self.moves += 1
        self._start_draw(victim, n, "next")

    # -- effects --------------------------------------------------------------------------
    def _resolve_play(self, mv: Play) -> None:
        """Move the played cards to the discard pile and apply the top card's effect
        ("Особые карты", "Шестёрка и игра вдвоём", "Конец раунда")."""
        o = self.options
        seat, cards = mv.seat, mv.cards
        self.plays.append(
            (
                seat,
                tuple(sorted(self.hands[seat])),
                mv.positions,
                mv.suit,
                self.requirement(),
                len(self.hands[self._next(seat)]),
            )
        )
        for p in mv.positions:
            self.hands[seat].remove(p)
            self.discard.append(p)
        if o["announce_last"] and len(self.hands[seat]) == 1 and self.announced != seat:
            self.forgot = seat
        self.pending = None
        self.idle = 0
        self.missed = self.penalized = None
        top = cards[-1]
        was = self.mode
        carried = self.penalty[1] if (was == "penalty" and self.penalty is not None) else 0
        self.penalty = None
        self.named = mv.suit if top.rank == Rank.QUEEN else None
        self.cover_suit = None
        empty = not self.hands[seat]
        if top.rank == Rank.SIX and o["six"] == "cover":
            self.cover_suit = top.suit
            self._set_turn(seat, "cover")
            return
        if top.rank == Rank.EIGHT and o["eight_continue"]:
            if empty and not o["eight_cover_last"]:
                self._end_round(seat, cards)
            else:
                self._set_turn(seat, "continue")
            return
        if top.rank == Rank.TEN and o["ten_reverse"]:
            self.direction = -self.direction
        draw, pass_rank = 0, 0
        if top.rank == Rank.SEVEN:
            draw, pass_rank = 2 * len(cards), int(Rank.SEVEN)
        elif top.rank == Rank.SIX:  # six=next_draws
            draw, pass_rank = len(cards), int(Rank.SIX)
        elif top == KING_OF_SPADES:
            draw = o["king_spades_draw"]
        draw += carried
        if draw:
            victim = self._next(seat)
            if empty:
                self.winner, self.finish = seat, cards
                self._start_draw(victim, draw, "end")
            elif o["pass_penalty"] and pass_rank:
                self.penalty = (victim, draw, pass_rank)
                self._set_turn(victim, "penalty")
            else:
                self._start_draw(victim, draw, "next")
            return
        if empty:
            self._end_round(seat, cards)
        elif top.rank == Rank.ACE:
            self.missed = self._next(seat)
            self._set_turn(self._next(self.missed), "normal")
        else:
            self._set_turn(self._next(seat), "normal")

    def _start_draw(self, seat: int, n: int, after: str, penalty: bool = True) -> None:
        self.job = _DrawJob(seat, n, after, penalty)
        self.phase = "draw"
        self._advance_draw()

    def _advance_draw(self) -> None:
        """Take cards for the current draw until it needs a Reveal or a Shuffle, or is
        done ("Что отдельно оговорено": the stock turned over; only what is there)."""
        j = self.job
        assert j is not None
        while j.left > 0:
            if not self.stock:
                if len(self.discard) < 2:
                    break  # nothing under the top card: the rest is not carried over
                if self.options["recycle"] == "turn":
                    top = self.discard[-1]
                    self.stock, self.discard = self.discard[:-1], [top]
                    self.rebuilt += 1
                    continue
                j.want = "reveal" if j.unrevealed else "shuffle"
                return
            p = self.stock.pop(0)
            self.hands[j.seat].append(p)
            j.left -= 1
            j.drawn += 1
            if p not in self.public:
                j.unrevealed.append(p)
        if j.unrevealed:
            j.want = "reveal"
            return
        self.job = None
        if j.drawn:
            self.idle = 0
        if j.penalty:
            self.penalized = (j.seat, j.drawn)
            self.missed = j.seat
        if j.after == "end":
            assert self.winner is not None
            self._end_round(self.winner, self.finish)
        elif j.after == "again":
            self._set_turn(j.seat, "normal")
        elif j.after == "back" and j.back is not None:
            self._set_turn(*j.back)
        else:
            self._set_turn(self._next(j.seat), "normal")

    def _recycled(self, need: Shuffle) -> None:
        """The discard pile under the top card became a freshly shuffled stock at
        positions ``need.first ..`` (``recycle=shuffle``)."""
        top = self.discard[-1]
        self.stock = list(range(need.first, need.first + need.n))
        self.discard = [top]
        self.next_pos = need.first + need.n
        self.rebuilt += 1
        assert self.job is not None
        self.job.want = ""
        self._advance_draw()

    # -- the end of a round -----------------------------------------------------------------
    def _hidden_in_hands(self) -> tuple[int, ...]:
        return tuple(sorted(p for h in self.hands for p in h if p not in self.public))

    def _end_round(self, winner: int, cards: tuple[Card, ...]) -> None:
        self.winner, self.finish = winner, cards
        self.turn = None
        self.phase = "final"
        if not self._hidden_in_hands():
            self._score()

    def _score(self) -> None:
        """Score the round ("Конец раунда", "Счёт серии") and start the next or finish."""
        o = self.options
        winner = self.winner
        assert winner is not None
        points = []
        left = [sorted(self.public[p] for p in h) for h in self.hands]
        for s in range(self.seats):
            if s == winner:
                points.append(-finish_bonus(self.finish))
            else:
                points.append(
                    hand_points(
                        left[s], nine_zero=o["nine_zero"], king_spades=o["king_spades_points"]
                    )
                )
        self.scores = [
            new_score(
                self.scores[s],
                points[s],
                hundred_to_fifty=o["hundred_to_fifty"],
                reset_at_101=o["reset_at_101"],
                lose_at=o["lose_at"],
            )
            for s in range(self.seats)
        ]
        self.sheet.append(
            {
                "round": self.hand_no,
                "winner": winner,
                "points": points,
                "scores": list(self.scores),
                "hands": [[c.code for c in h] for h in left],
            }
        )
        self.losers = [s for s in range(self.seats) if lost(self.scores[s], o["lose_at"])]
        self.starter = winner
        self._next_round()

    def _redeal(self, why: str) -> None:
        """A redeal with no scores and the same starter ("Что отдельно оговорено")."""
        self.sheet.append({"round": self.hand_no, "redeal": why})
        self._next_round()

    def _next_round(self) -> None:
        if not self.losers and self.hand_no + 1 >= self.options["max_rounds"]:
            top = max(self.scores)
            self.losers = [s for s in range(self.seats) if self.scores[s] == top]
            self.capped = True
        if self.losers:
            self.turn = None
            self.phase = "done"
            return
        self._new_round()

    # -- views ------------------------------------------------------------------------------
    def view(self, seat: int, knowledge: Knowledge) -> StoOdnoView:
        own = tuple(
            sorted(
                ((p, knowledge[p]) for p in self.hands[seat] if p in knowledge),
                key=lambda pc: (pc[1].suit, pc[1].rank),
            )
        )
        in_turn = self.phase == "turn"
        req = self.requirement() if in_turn else None
        penalty = None
        skipped = None
        if self.penalty is not None:
            penalty = (self.penalty[0], self.penalty[1])
        elif self.job is not None and self.job.penalty:
            penalty = (self.job.seat, self.job.left)
            skipped = self.job.seat
        return StoOdnoView(
            seat=seat,
            need=self.need(),
            hand=own,
            counts=tuple(len(h) for h in self.hands),
            hand_no=self.hand_no,
            turn=self.turn if in_turn else None,
            mode=self.mode,
            requirement=req,
            top=self.public[self.discard[-1]] if self.discard else None,
            named=self.named,
            stock=len(self.stock),
            discard=len(self.discard),
            known=tuple(
                tuple(self.public[p] for p in sorted(h) if p in self.public) for h in self.hands
            ),
            scores=tuple(self.scores),
            starter=self.starter,
            direction=self.direction,
            penalty=penalty,
            skipped=skipped,
            sheet=self.sheet[-1] if self.sheet else None,
            losers=tuple(self.losers),
            missed=self.missed,
            penalized=self.penalized,
            rebuilt=self.rebuilt,
            announced=self.announced,
            forgot=self.forgot if self._catchable(-1) else None,
            pile=tuple(self.public[p] for p in self.discard),
            stock_cards=(
                tuple(self.public[p] for p in self.stock)
                if all(p in self.public for p in self.stock)
                else ()
            ),
            barred=self._barred(),
            plays=tuple(
                PastPlay(
                    s,
                    tuple(self.public[p] for p in pos),
                    suit,
                    req,
                    nc,
                    tuple((p, self.public.get(p)) for p in held),
                )
                for s, held, pos, suit, req, nc in self.plays
            ),
            hidden=tuple(tuple(p for p in sorted(h) if p not in self.public) for h in self.hands),
        )

    def _barred(self) -> tuple[tuple[tuple[Card, ...], ...], ...]:
        """:attr:`StoOdnoView.barred`: public facts only (the claims of this round)."""
        allowed: dict[int, set[Card]] = {}
        for c in self._claims:
            h = c.hidden
            if c.hand != self.hand_no or c.kind != "could_not_play" or h is None:
                continue
            for p in h.positions:
                if p in allowed:
                    allowed[p] &= set(h.cards)
                else:
                    allowed[p] = set(h.cards)
        return tuple(
            tuple(
                tuple(
                    sorted(
                        (c for c in self.deck_cards if c not in allowed[p]),
                        key=lambda c: (c.suit, c.rank),
                    )
                )
                if p in allowed
                else ()
                for p in sorted(h)
                if p not in self.public
            )
            for h in self.hands
        )

    def public_state(self) -> Any:
        j = self.job
        return [
            self.hand_no,
            self.phase,
            [sorted(h) for h in self.hands],
            list(self.stock),
            list(self.discard),
            sorted((p, c.code) for p, c in self.public.items()),
            self.next_pos,
            self.turn,
            self.mode,
            None if self.named is None else int(self.named),
            None if self.cover_suit is None else int(self.cover_suit),
            self.direction,
            self.idle,
            self.moves,
            None if self.pending is None else list(self.pending.positions),
            None if self.penalty is None else list(self.penalty),
            None
            if j is None
            else [
                j.seat,
                j.left,
                j.after,
                list(j.unrevealed),
                j.drawn,
                j.want,
                None if j.back is None else list(j.back),
            ],
            self.winner,
            [c.code for c in self.finish],
            list(self.scores),
            self.starter,
            list(self.losers),
            self.cursor,
            self.missed,
            None if self.penalized is None else list(self.penalized),
            self.rebuilt,
            self.announced,
            self.forgot,
        ]


def _could_not_check(req: Requirement, positions: tuple[int, ...]) -> ClaimCheck:
    """Claim ``"could_not_play"`` (``{"move": "draw" or "pass", "requirement": req}``):
    no card at ``positions`` meets ``req``; false with the first card that does."""

    def check(cards: Mapping[int, Card]) -> Falsified | None:
        c = req.first_playable([(p, cards[p]) for p in positions])
        if c is None:
            return None
        return Falsified((c,))

    return check
