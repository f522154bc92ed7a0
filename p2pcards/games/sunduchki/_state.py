"""Sunduchki (Сундучки, a Go Fish with three questions): the rules of sunduchki.ru.txt.

Sections cited: "Что такое сундучок" (chests), "О чём договориться и как раздать карты"
(agreements and the deal), "Ход: три вопроса по порядку" (a turn), "Ошибка: карты
остаются у соперника" (a "no" and the draw), "Пустая рука и конец партии" (empty hands
and the end), "Другие варианты" (options).

Seats are numbered clockwise; the left neighbour of seat ``s`` is ``s + 1``.  Positions
``0 .. 4*seats-1`` are dealt one at a time from the dealer's left; the rest is the stock,
drawn from the lowest position up.  The engine never sees a hidden card: the asked seat
answers each question with a move, and every answer about its hidden hand (and the
asker's "I hold this rank") is recorded as a claim for the end-of-hand audit.  Cards that
change hands and every chest are opened.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from p2pcards.cards import Card, Rank, Suit, deck
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
    GameState,
    HiddenClaim,
    Knowledge,
    Term,
    cnf_hidden,
    each_hidden,
    holds_hidden,
)
from p2pcards.games.sunduchki import _claims as claims
from p2pcards.games.sunduchki._history import Note
from p2pcards.games.sunduchki._moves import (
    Answer,
    Ask,
    AskCount,
    AskSuits,
    Challenge,
    SetAside,
)
from p2pcards.games.sunduchki._view import Request, SunduchkiView

R_CHEST = "sunduchki: Что такое сундучок"
R_DEAL = "sunduchki: О чём договориться и как раздать карты"
R_TURN = "sunduchki: Ход: три вопроса по порядку"
R_MISS = "sunduchki: Ошибка: карты остаются у соперника"
R_EMPTY = "sunduchki: Пустая рука и конец партии"
R_OTHER = "sunduchki: Другие варианты"

HAND = 4
"""Cards dealt to each seat ("раздайте каждому по четыре карты")."""


def sunduchki_deck(size: int) -> tuple[Card, ...]:
    """The deck: 36 cards (nine chests) or 52 (thirteen), without jokers."""
    return tuple(deck(size))


def _question(req: Request, stage: int) -> Request:
    """Question ``stage`` of ``req`` (the data a claim about it carries)."""
    return replace(req, stage=stage)


class SunduchkiState(GameState):
    """Sunduchki engine state.

    Phases: ``lot`` (the first dealer), ``shuffle``, ``deal`` (one Reveal per seat),
    ``declare`` (a seat shows its chests or claims none), ``open_chest``, ``ask``,
    ``answer``, ``count``, ``suits``, ``open_answer`` (the cards that pass), ``draw``
    (after a "no"), ``empty_draw`` (an empty hand at the start of its turn, or at once
    with ``empty_hand=draw_on``), ``open_chests`` (with ``show_chests=end``: the chests set
    aside face down, opened when the game ends), ``done``.
    """

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        o = self.options
        self.deck_cards = sunduchki_deck(o["deck"])
        self.all_ranks = tuple(sorted({c.rank for c in self.deck_cards}))
        self.three = o["questions"] == "three"
        self.hand_no = 0
        self.phase = "lot"
        self.dealer: int | None = None
        self.turn: int | None = None
        self.hands: list[list[int]] = [[] for _ in range(self.seats)]
        self.stock: list[int] = []
        self.public: dict[int, Card] = {}
        self.chests: list[list[Rank]] = [[] for _ in range(self.seats)]
        self.set_aside: list[int] = []
        self.request: Request | None = None
        self.pending: Answer | SetAside | None = None
        self.declarer: int | None = None
        self.after = "deal"  # what follows a declaration: deal, pass, continue
        self.cursor = 0
        self.locked: int | None = None  # option after_success=same
        self.moves = 0
        self.capped = False
        self.stalled = False
        self.history: list[Note] = []
        self._answer_note: Note | None = None
        self.draw_on = o.get("empty_hand", "wait") == "draw_on"
        self.show_end = o.get("show_chests", "open") == "end"
        self.face_down: list[SetAside] = []  # show_chests=end: chests not yet opened
        self.challenge: tuple[int, Rank] | None = None  # (seat, rank) challenged

    # -- helpers ----------------------------------------------------------------------
    def _first(self) -> int:
        assert self.dealer is not None
        return (self.dealer + 1) % self.seats

    def _next(self, seat: int) -> int:
        return (seat + 1) % self.seats

    def _out_count(self) -> int:
        return sum(len(c) for c in self.chests)

    def _all_out(self) -> bool:
        return self._out_count() * 4 == len(self.deck_cards)

    def _opponents_with_cards(self, seat: int) -> list[int]:
        return [s for s in range(self.seats) if s != seat and self.hands[s]]

    def targets(self, seat: int) -> list[int]:
        """Seats ``seat`` may ask now: any opponent with cards; with ``ask=left`` the
        nearest seat to its left (clockwise) with cards while the stock lasts (then any:
        with four seats or more a strictly-left game locks once nothing is drawn); with
        ``after_success=same`` the same opponent after a success while it has cards
        ("Другие варианты")."""
        have = self._opponents_with_cards(seat)
        if not have:
            return []
        if self.locked is not None and self.locked in have:
            return [self.locked]
        if self.options["ask"] == "left" and self.stock:
            for i in range(1, self.seats):
                s = (seat + i) % self.seats
                if self.hands[s]:
                    return [s]
        return have

    # -- the contract -----------------------------------------------------------------
    def need(self) -> Need:
        p = self.phase
        if p == "lot":
            return Random(self.seats, "first dealer")
        if p == "shuffle":
            return Shuffle(self.hand_no, 0, self.deck_cards)
        if p == "deal":
            seat = (self._first() + self.cursor) % self.seats
            return Reveal(tuple(self.hands[seat]), seat)
        if p == "declare":
            assert self.declarer is not None
            return Decision(self.declarer)
        if p in ("open_chest", "open_answer"):
            assert self.pending is not None
            return Open(tuple(q for q in self.pending.positions if q not in self.public))
        if p in ("ask", "count", "suits"):
            assert self.turn is not None
            return Decision(self.turn)
        if p == "answer":
            assert self.request is not None
            return Decision(self.request.target)
        if p in ("draw", "empty_draw"):
            assert self.turn is not None
            return Reveal((self.stock[0],), self.turn)
        if p == "open_chests":
            return Open(tuple(sorted(q for mv in self._to_open() for q in mv.positions)))
        return Finished(self.result())

    def result(self) -> dict[str, Any]:
        """``{"chests": per seat, "ranks": ranks set aside per seat, "winners": seats with
        the most chests (a tie shares the win), "losers": the others, "moves": decisions
        made, "capped": the safety cap ended the game, "stalled": nobody could move}``
        ("Пустая рука и конец партии")."""
        scores = [len(c) for c in self.chests]
        best = max(scores)
        winners = [s for s in range(self.seats) if scores[s] == best]
        return {
            "chests": scores,
            "ranks": [[int(r) for r in c] for c in self.chests],
            "winners": winners,
            "losers": [s for s in range(self.seats) if s not in winners],
            "moves": self.moves,
            "capped": self.capped,
            "stalled": self.stalled,
            "dealer": self.dealer,
        }

    # -- legal moves ------------------------------------------------------------------
    def legal_moves(self, seat: int, knowledge: Knowledge) -> list[Any]:
        """Legal moves of ``seat``.  For an answer or a chest declaration, when the seat
        knows its whole hand, only the one truthful move is listed (an honest seat has
        exactly one); the engine itself accepts either answer and leaves the truth to the
        audit.  Questions list only ranks the seat holds, counts it could be missing and
        suits it does not hold."""
        need = self.need()
        if not isinstance(need, Decision) or need.seat != seat:
            return []
        hand = self.hands[seat]
        known = [knowledge[p] for p in hand if p in knowledge]
        full = len(known) == len(hand)
        if self.phase == "declare":
            if not full:
                return [SetAside(seat)]
            return [self._truthful_chests(seat, knowledge)]
        if self.phase == "ask":
            live = self._in_play()
            false = sorted({c.rank for c in known if c.rank not in live})
            if false and self.face_down:  # only a false face-down chest allows this
                return [Challenge(seat, false[0])]
            ranks = sorted({c.rank for c in known if c.rank in live}) if full else list(live)
            return [Ask(seat, t, r) for t in self.targets(seat) for r in ranks]
        req = self.request
        assert req is not None
        mine = sorted(c.suit for c in known if c.rank == req.rank)
        if self.phase == "count":
            top = min(HAND - max(len(mine), 1), len(self.hands[req.target]))
            return [AskCount(seat, n) for n in range(1, max(top, 1) + 1)]
        if self.phase == "suits":
            assert req.count is not None
            free = [s for s in Suit if s not in mine]
            if len(free) < req.count:
                free = list(Suit)
            return [AskSuits(seat, c) for c in itertools.combinations(free, req.count)]
        # answer
        if full:
            return [self._truthful_answer(seat, knowledge)]
        out: list[Move] = [Answer(seat, False)]
        if self.three and req.stage < 3:
            out.append(Answer(seat, True))
        return out

    def _truthful_chests(self, seat: int, knowledge: Knowledge) -> SetAside:
        cards = [knowledge[p] for p in self.hands[seat]]
        full = set(claims.complete_chests(cards))
        pos = sorted(
            (p for p in self.hands[seat] if knowledge[p].rank in full),
            key=lambda p: knowledge[p],
        )
        return SetAside(seat, tuple(pos), tuple(knowledge[p] for p in pos))

    def _truthful_answer(self, seat: int, knowledge: Knowledge) -> Answer:
        req = self.request
        assert req is not None
        held = sorted(
            (p for p in self.hands[seat] if knowledge[p].rank == req.rank),
            key=lambda p: knowledge[p].suit,
        )
        suits = tuple(knowledge[p].suit for p in held)
        if not self.three:
            if not held:
                return Answer(seat, False)
            return Answer(seat, True, tuple(held), tuple(knowledge[p] for p in held))
        if req.stage == 1:
            return Answer(seat, bool(held))
        if req.stage == 2:
            return Answer(seat, len(held) == req.count)
        if suits != req.suits:
            return Answer(seat, False)
        return Answer(seat, True, tuple(held), tuple(knowledge[p] for p in held))

    def _open_in(self, positions: Sequence[int]) -> list[Card]:
        return [self.public[p] for p in positions if p in self.public]

    def _in_play(self) -> tuple[Rank, ...]:
        gone = {r for c in self.chests for r in c}
        return tuple(r for r in self.all_ranks if r not in gone)

    # -- applying events --------------------------------------------------------------
    def apply(self, event: Event) -> None:
        """Apply a dealer event or a move (see :meth:`GameState.apply`)."""
        super().apply(event)
        if isinstance(event, Move):
            self.moves += 1

    def _apply(self, ev: Event) -> None:
        need = self.need()
        if isinstance(need, Finished):
            raise IllegalMove(getattr(ev, "seat", None), R_EMPTY, "the game is over")
        if isinstance(need, Decision):
            if not isinstance(ev, Move):
                raise IllegalMove(None, R_TURN, f"expected a move by seat {need.seat}")
            if ev.seat != need.seat:
                raise IllegalMove(ev.seat, R_TURN, f"it is seat {need.seat}'s move, not yours")
            self._apply_move(ev)
            return
        if isinstance(ev, Move):
            raise IllegalMove(ev.seat, R_TURN, f"no move is awaited now ({need!r})")
        if isinstance(need, Random) and isinstance(ev, RandomValue):
            if not 0 <= ev.value < need.k:
                raise IllegalMove(None, R_DEAL, f"lot value {ev.value} is not in [0, {need.k})")
            self.dealer = ev.value
            self.phase = "shuffle"
        elif isinstance(need, Shuffle) and isinstance(ev, Shuffled):
            if (ev.hand, ev.first, ev.n) != (need.hand, need.first, need.n):
                raise IllegalMove(None, R_DEAL, "shuffle of the wrong hand or size")
            dealt = HAND * self.seats
            for i in range(dealt):
                self.hands[(self._first() + i) % self.seats].append(i)
            self.stock = list(range(dealt, need.n))
            self.phase, self.cursor = "deal", 0
        elif isinstance(need, Reveal) and isinstance(ev, Revealed):
            if (tuple(ev.positions), ev.to) != (need.positions, need.to):
                raise IllegalMove(
                    None, R_DEAL, f"expected a reveal of {need.positions} to {need.to}"
                )
            self._apply_revealed()
        elif isinstance(need, Open) and isinstance(ev, Opened):
            if tuple(ev.positions) != need.positions or len(ev.cards) != len(ev.positions):
                raise IllegalMove(None, R_TURN, f"expected the opening of {need.positions}")
            self._apply_opened(ev)
        else:
            raise IllegalMove(None, R_TURN, f"{type(ev).__name__} does not answer {need!r}")

    def _apply_revealed(self) -> None:
        if self.phase == "deal":
            self.cursor += 1
            if self.cursor == self.seats:
                self.cursor = 0
                self._declare(self._first(), "deal")
            return
        assert self.turn is not None
        seat = self.turn
        self.hands[seat].append(self.stock.pop(0))
        self.history.append(Note("draw", seat))
        if self.phase == "draw" and len(self.hands[seat]) >= HAND:
            self._declare(seat, "pass")  # a drawn card may complete a chest
        elif self.phase == "empty_draw" and self.draw_on:
            self._continue_turn(seat)  # the drawn card is asked about at once
        else:
            self._begin_turn(self._next(seat))

    def _declare(self, seat: int, after: str) -> None:
        self.declarer, self.after, self.phase = seat, after, "declare"

    def _apply_move(self, mv: Move) -> None:
        if isinstance(mv, SetAside) and self.phase == "declare":
            self._apply_set_aside(mv)
        elif isinstance(mv, Ask) and self.phase == "ask":
            self._apply_ask(mv)
        elif isinstance(mv, Challenge) and self.phase == "ask":
            self._apply_challenge(mv)
        elif isinstance(mv, AskCount) and self.phase == "count":
            self._apply_count(mv)
        elif isinstance(mv, AskSuits) and self.phase == "suits":
            self._apply_suits(mv)
        elif isinstance(mv, Answer) and self.phase == "answer":
            self._apply_answer(mv)
        else:
            expected = {
                "declare": "a chest declaration",
                "ask": "a question (opponent and rank)",
                "count": "question 2 (how many)",
                "suits": "question 3 (which suits)",
                "answer": "an answer",
            }[self.phase]
            raise IllegalMove(mv.seat, R_TURN, f"{expected} is awaited, not {mv.KIND!r}")

    # -- chests -----------------------------------------------------------------------
    def _apply_set_aside(self, mv: SetAside) -> None:
        seat, pos, cards = mv.seat, mv.positions, mv.cards
        hand = self.hands[seat]
        if len(pos) != len(cards) or len(set(pos)) != len(pos) or any(p not in hand for p in pos):
            raise IllegalMove(seat, R_CHEST, f"positions {pos} are not cards of your hand")
        if len(set(cards)) != len(cards) or any(c not in self.deck_cards for c in cards):
            raise IllegalMove(seat, R_CHEST, "the claimed cards are not distinct cards of the deck")
        if claims.complete_chests(cards) != sorted({c.rank for c in cards}) or len(cards) % 4:
            raise IllegalMove(seat, R_CHEST, "a chest is all four cards of one rank")
        for p, c in zip(pos, cards, strict=True):
            if p in self.public and self.public[p] != c:
                raise ClaimMismatch(
                    seat, R_CHEST, f"position {p} is {self.public[p].symbol}, not {c.symbol}"
                )
        self.pending = mv
        if self.show_end and mv.positions:
            self.face_down.append(mv)
            self.add_claim(
                seat,
                R_CHEST,
                "face_down",
                {"cards": tuple(cards)},
                claims.holds_cards(pos, cards),
            )
            self._finish_set_aside(mv)
        elif any(p not in self.public for p in pos):
            self.phase = "open_chest"
        else:
            self._finish_set_aside(mv)

    def _finish_set_aside(self, mv: SetAside) -> None:
        seat = mv.seat
        for p, c in zip(mv.positions, mv.cards, strict=True):
            if not self.show_end:
                self.public[p] = c
            self.hands[seat].remove(p)
            self.set_aside.append(p)
        for r in sorted({c.rank for c in mv.cards}):
            self.chests[seat].append(r)
            four = tuple(sorted((c for c in mv.cards if c.rank == r), key=lambda c: c.suit))
            self.history.append(Note("chest", seat, rank=r, cards=four))
        rest = tuple(sorted(self.hands[seat]))
        self.add_claim(seat, R_CHEST, "no_chest", {"after": self.after}, claims.no_chest(rest))
        self.pending = None
        self.declarer = None
        if self.after == "deal":
            self.cursor += 1
            if self.cursor < self.seats and not self._all_out():
                self._declare((self._first() + self.cursor) % self.seats, "deal")
            else:
                self.cursor = 0
                self._begin_turn(self._first())
        elif self.after == "pass":
            self._begin_turn(self._next(seat))
        else:
            self._continue_turn(seat)

    def _of_rank(self, rank: Rank) -> list[tuple[Card, ...]]:
        """Groups of one card each: the cards of ``rank`` in the deck ("holds" one)."""
        return [(c,) for c in self.deck_cards if c.rank == rank]

    def _not_of_rank(self, rank: Rank) -> list[Card]:
        """The cards of the deck not of ``rank``."""
        return [c for c in self.deck_cards if c.rank != rank]

    def _split_rank(self, hand: Sequence[int], rank: Rank) -> tuple[list[Card], list[Card]]:
        """The cards of ``rank`` open in ``hand``, and those that may be hidden in it (not
        open anywhere), in deck order."""
        mine = [self.public[p] for p in hand if p in self.public and self.public[p].rank == rank]
        shown = set(self.public.values())
        hidden = [c for c in self.deck_cards if c.rank == rank and c not in shown]
        return mine, hidden

    def _count_not(self, hand: Sequence[int], rank: Rank, n: int) -> HiddenClaim | None:
        """ "``hand`` does not hold exactly ``n`` cards of ``rank``" (a "no" to question
        2) on its hidden cards: with ``o`` cards of the rank open in the hand and ``k``
        that may be hidden, the hidden count is not ``m = n − o``: it is at least
        ``m + 1`` (some ``m + 1`` of the ``k`` held: a term per such set) or at most
        ``m − 1`` (some ``k − m + 1`` of them not held).  None when the open cards already
        decide it."""
        mine, cand = self._split_rank(hand, rank)
        m, k = n - len(mine), len(cand)
        if not 0 <= m <= k:
            return None  # true in public
        terms: list[Term] = [(tuple(a), ()) for a in itertools.combinations(cand, m + 1)]
        if m >= 1:
            terms += [((), tuple(b)) for b in itertools.combinations(cand, k - m + 1)]
        return cnf_hidden(hand, [terms], self.public) if terms else None

    def _suits_not(
        self, hand: Sequence[int], rank: Rank, suits: Sequence[Suit]
    ) -> HiddenClaim | None:
        """ "``hand``'s cards of ``rank`` are not exactly those of ``suits``" (a "no" to
        question 3) on its hidden cards: one named card that may be hidden is not held,
        or one card of the rank not named is.  None when the open cards already decide
        it (an open card of the rank not named, or a named one open elsewhere)."""
        mine, cand = self._split_rank(hand, rank)
        named = {Card(rank, s) for s in suits}
        if any(c not in named for c in mine) or any(c not in mine + cand for c in named):
            return None  # true in public
        terms: list[Term] = [((), (c,)) if c in named else ((c,), ()) for c in cand]
        return cnf_hidden(hand, [terms], self.public) if terms else None

    # -- a request --------------------------------------------------------------------
    def _apply_ask(self, mv: Ask) -> None:
        seat, t, r = mv.seat, mv.target, mv.rank
        if not 0 <= t < self.seats or t == seat:
            raise IllegalMove(seat, R_TURN, f"seat {t} is not an opponent")
        if not self.hands[t]:
            raise IllegalMove(seat, R_TURN, f"seat {t} has no cards to ask for")
        allowed = self.targets(seat)
        if t not in allowed:
            why = R_OTHER if self.options["ask"] == "left" or self.locked is not None else R_TURN
            raise IllegalMove(seat, why, f"you may ask only seat(s) {allowed}, not seat {t}")
        if r not in self.all_ranks:
            raise IllegalMove(seat, R_CHEST, f"there is no {r.name_in('en')} in this deck")
        if r not in self._in_play():
            raise IllegalMove(seat, R_TURN, f"the chest of {r.name_in('en', True)} is set aside")
        self.request = Request(seat, t, r)
        self.history.append(Note("ask", seat, target=t, rank=r, stage=1))
        hand = tuple(sorted(self.hands[seat]))
        q = _question(self.request, 1)
        self.add_claim(
            seat,
            R_TURN,
            "holds_rank",
            {"question": q, "rank": r},
            claims.holds_rank(hand, r),
            holds_hidden(hand, self._of_rank(r), self.public),
        )
        self.phase = "answer"

    def _apply_count(self, mv: AskCount) -> None:
        req = self.request
        assert req is not None
        if not 1 <= mv.count <= HAND - 1:
            raise IllegalMove(mv.seat, R_TURN, f"count {mv.count} is not 1..3 (you hold one)")
        if mv.count > len(self.hands[req.target]):
            raise IllegalMove(mv.seat, R_TURN, f"seat {req.target} holds fewer than {mv.count}")
        self.request = replace(req, stage=2, count=mv.count)
        self.history.append(
            Note("count", mv.seat, target=req.target, rank=req.rank, count=mv.count, stage=2)
        )
        self.phase = "answer"

    def _apply_suits(self, mv: AskSuits) -> None:
        req = self.request
        assert req is not None
        s = mv.suits
        if len(s) != req.count or any(a >= b for a, b in itertools.pairwise(s)):
            raise IllegalMove(
                mv.seat, R_TURN, f"name exactly {req.count} distinct suits in ascending order"
            )
        self.request = replace(req, stage=3, suits=tuple(s))
        self.history.append(
            Note(
                "suits",
                mv.seat,
                target=req.target,
                rank=req.rank,
                count=req.count,
                suits=s,
                stage=3,
            )
        )
        self.phase = "answer"

    def _apply_answer(self, mv: Answer) -> None:
        req = self.request
        assert req is not None
        seat = mv.seat
        hand = tuple(sorted(self.hands[seat]))
        q = _question(req, req.stage)
        gives = mv.yes and (not self.three or req.stage == 3)
        if not gives and (mv.positions or mv.cards):
            raise IllegalMove(seat, R_TURN, "only the last yes names cards")
        if not mv.yes:
            openly = [
                self.public[p] for p in hand if p in self.public and self.public[p].rank == req.rank
            ]
            if req.stage == 1 and openly:
                raise ClaimMismatch(
                    seat, R_TURN, f"answered no to {q} but holds {openly[0].symbol} openly"
                )
        if gives:
            self._check_handover(mv, req, hand)
        note = Note(
            "answer",
            seat,
            target=req.asker,
            rank=req.rank,
            count=req.count,
            suits=req.suits,
            yes=mv.yes,
            stage=req.stage,
        )
        if gives and not self.three:
            # "I hand over every card of the rank": made by the move (so proven in its
            # entry), about the cards it keeps; the handed-over ones are opened next
            rest = tuple(p for p in hand if p not in mv.positions)
            self.add_claim(
                seat,
                R_OTHER,
                "handed_over",
                {"question": _question(req, 1), "rank": req.rank},
                claims.answered_count(rest, req.rank, 1, HAND, False),
                each_hidden(rest, self._not_of_rank(req.rank), self.public),
            )
        if gives:
            self.pending = mv
            self._answer_note = note
            if any(p not in self.public for p in mv.positions):
                self.phase = "open_answer"
            else:
                self._transfer(mv)
            return
        self.history.append(note)
        rank = req.rank
        if req.stage == 1:
            self.add_claim(
                seat,
                R_TURN,
                "answer",
                {"question": q, "yes": mv.yes},
                claims.answered_count(hand, rank, 1, HAND, mv.yes),
                holds_hidden(hand, self._of_rank(rank), self.public)
                if mv.yes
                else each_hidden(hand, self._not_of_rank(rank), self.public),
            )
        elif req.stage == 2:
            assert req.count is not None
            self.add_claim(
                seat,
                R_TURN,
                "answer",
                {"question": q, "yes": mv.yes},
                claims.answered_count(hand, rank, req.count, req.count, mv.yes),
                None if mv.yes else self._count_not(hand, rank, req.count),
            )
        else:
            self.add_claim(
                seat,
                R_TURN,
                "answer",
                {"question": q, "yes": False},
                claims.answered_suits(hand, rank, req.suits),
                self._suits_not(hand, rank, req.suits),
            )
        if mv.yes:
            self.request = replace(req, stage=req.stage + 1)
            self.phase = "count" if req.stage == 1 else "suits"
        else:
            self._miss()

    def _check_handover(self, mv: Answer, req: Request, hand: tuple[int, ...]) -> None:
        seat, pos, cards = mv.seat, mv.positions, mv.cards
        if len(pos) != len(cards) or not pos or len(set(pos)) != len(pos):
            raise IllegalMove(seat, R_TURN, "a yes hands over distinct positions, one per card")
        if any(p not in hand for p in pos):
            raise IllegalMove(seat, R_TURN, f"positions {pos} are not all in your hand")
        if self.three:
            named = tuple(Card(req.rank, s) for s in req.suits)
            if cards != named:
                raise IllegalMove(seat, R_TURN, "a yes hands over exactly the named cards")
        else:
            if any(c.rank != req.rank for c in cards) or len(set(cards)) != len(cards):
                raise IllegalMove(
                    seat, R_OTHER, f"hand over every {req.rank.name_in('en')}, nothing else"
                )
            openly = [p for p in hand if p in self.public and self.public[p].rank == req.rank]
            if any(p not in pos for p in openly):
                raise ClaimMismatch(seat, R_OTHER, "an open card of the rank was kept back")
        for p, c in zip(pos, cards, strict=True):
            if p in self.public and self.public[p] != c:
                raise ClaimMismatch(
                    seat, R_TURN, f"position {p} is {self.public[p].symbol}, not {c.symbol}"
                )

    def _apply_opened(self, ev: Opened) -> None:
        if self.phase == "open_chests":
            self._open_face_down(ev)
            return
        mv = self.pending
        assert mv is not None
        claimed = dict(zip(mv.positions, mv.cards, strict=True))
        for p, c in zip(ev.positions, ev.cards, strict=True):
            if claimed[p] != c:
                raise ClaimMismatch(
                    mv.seat,
                    R_CHEST if isinstance(mv, SetAside) else R_TURN,
                    f"position {p} opened as {c.symbol}, not the claimed {claimed[p].symbol}",
                )
        for p, c in zip(ev.positions, ev.cards, strict=True):
            self.public[p] = c
        if isinstance(mv, SetAside):
            self._finish_set_aside(mv)
        else:
            self._transfer(mv)

    def _transfer(self, mv: Answer) -> None:
        """Three yeses (or the one-question give): the named cards pass to the asker."""
        req = self.request
        assert req is not None
        for p, c in zip(mv.positions, mv.cards, strict=True):
            self.public[p] = c
            self.hands[mv.seat].remove(p)
            self.hands[req.asker].append(p)
        assert self._answer_note is not None
        self.history.append(replace(self._answer_note, cards=tuple(mv.cards)))
        self.pending = None
        self.request = None
        asker = req.asker
        self.locked = req.target if self.options["after_success"] == "same" else None
        if len(self.hands[asker]) >= HAND:
            self._declare(asker, "continue")
        else:
            self._continue_turn(asker)

    def _miss(self) -> None:
        """The first "no": the request ends; draw one card and pass ("Ошибка")."""
        req = self.request
        assert req is not None
        self.request = None
        self.locked = None
        self.turn = req.asker
        if self.stock:
            self.phase = "draw"
        else:
            self.history.append(Note("nodraw", req.asker))
            self._begin_turn(self._next(req.asker))

    # -- turns ------------------------------------------------------------------------
    def _finish(self) -> bool:
        """End the game if every chest is out or the safety cap is reached."""
        if self._all_out() or self.moves >= self.options["max_moves"]:
            self.capped = not self._all_out()
            self._done()
            return True
        return False

    def _done(self) -> None:
        self.turn = None
        self.history.append(Note("end", -1))
        self.phase = "open_chests" if self.face_down else "done"

    def _to_open(self) -> list[SetAside]:
        """The face-down chests to open now: the challenged one, or all at the end."""
        if self.challenge is None:
            return list(self.face_down)
        _seat, rank = self.challenge
        return [mv for mv in self.face_down if rank in {c.rank for c in mv.cards}]

    def _apply_challenge(self, mv: Challenge) -> None:
        chests = [m for m in self.face_down if mv.rank in {c.rank for c in m.cards}]
        if not chests:
            raise IllegalMove(
                mv.seat, R_CHEST, f"no chest of {mv.rank.name_in('en', True)} is face down"
            )
        self.challenge = (mv.seat, mv.rank)
        self.phase = "open_chests"

    def _open_face_down(self, ev: Opened) -> None:
        """``show_chests=end``: the chests set aside face down are opened for the count
        (or one chest, challenged); a chest that is not what its seat claimed is a
        ClaimMismatch blaming it; a challenged chest that is genuine blames the
        challenger, who claimed to hold one of its cards."""
        got = dict(zip(ev.positions, ev.cards, strict=True))
        for mv in self._to_open():
            for p, c in zip(mv.positions, mv.cards, strict=True):
                if got[p] != c:
                    raise ClaimMismatch(
                        mv.seat,
                        R_CHEST,
                        f"the chest set aside face down at position {p} is {got[p].symbol}, "
                        f"not the claimed {c.symbol}",
                    )
        if self.challenge is not None:
            seat, rank = self.challenge
            raise ClaimMismatch(
                seat,
                R_CHEST,
                f"challenged the chest of {rank.name_in('en', True)}, which is genuine: "
                f"seat {seat} cannot hold one of its cards",
            )
        self.public.update(got)
        self.face_down = []
        self.phase = "done"

    def _begin_turn(self, seat: int) -> None:
        """Start ``seat``'s turn: draw into an empty hand, skip, pass or ask
        ("Пустая рука и конец партии")."""
        self.locked = None
        for _ in range(self.seats + 1):
            if self._finish():
                return
            self.turn = seat
            if not self.hands[seat]:
                if self.stock:
                    self.phase = "empty_draw"
                    return
                self.history.append(Note("skip", seat))
            elif not self._opponents_with_cards(seat):
                self.history.append(Note("pass", seat))
            else:
                self.phase = "ask"
                return
            seat = self._next(seat)
        # A full round of skips and passes with the stock empty: only a seat that kept
        # a complete chest hidden can cause this; the audit names it.
        self.stalled = True
        self._done()

    def _continue_turn(self, seat: int) -> None:
        """After a success the asker goes on, unless its hand is empty or no opponent
        has cards ("Ход", "Пустая рука")."""
        if self._finish():
            return
        if not self.hands[seat]:
            if self.draw_on and self.stock:  # draw at once and go on
                self.turn, self.phase = seat, "empty_draw"
                return
            self._begin_turn(self._next(seat))
        elif not self._opponents_with_cards(seat):
            self.history.append(Note("pass", seat))
            self._begin_turn(self._next(seat))
        else:
            self.turn = seat
            self.phase = "ask"

    # -- views ------------------------------------------------------------------------
    def view(self, seat: int, knowledge: Knowledge) -> SunduchkiView:
        own = sorted(knowledge[p] for p in self.hands[seat] if p in knowledge)
        groups: dict[Rank, list[Card]] = {}
        for c in own:
            groups.setdefault(c.rank, []).append(c)
        by_rank = tuple(
            (r, tuple(sorted(cs, key=lambda c: c.suit))) for r, cs in sorted(groups.items())
        )
        asking = self.phase == "ask" and self.turn == seat
        return SunduchkiView(
            seat=seat,
            need=self.need(),
            hand=tuple(
                sorted(
                    ((p, knowledge[p]) for p in self.hands[seat] if p in knowledge),
                    key=lambda pc: pc[1],
                )
            ),
            counts=tuple(len(h) for h in self.hands),
            hand_no=self.hand_no,
            dealer=self.dealer,
            turn=self.turn,
            by_rank=by_rank,
            chests=tuple(tuple(c) for c in self.chests),
            scores=tuple(len(c) for c in self.chests),
            stock=len(self.stock),
            open_cards=tuple(
                tuple(sorted(self.public[p] for p in h if p in self.public)) for h in self.hands
            ),
            request=self.request,
            history=tuple(self.history),
            targets=tuple(self.targets(seat)) if asking else (),
            in_play=self._in_play(),
            questions=self.options["questions"],
        )

    def public_state(self) -> Any:
        req = self.request
        return [
            self.hand_no,
            self.phase,
            self.dealer,
            self.turn,
            [sorted(h) for h in self.hands],
            list(self.stock),
            sorted((p, c.code) for p, c in self.public.items()),
            [[int(r) for r in c] for c in self.chests],
            None
            if req is None
            else [
                req.asker,
                req.target,
                int(req.rank),
                req.stage,
                req.count,
                [int(s) for s in req.suits],
            ],
            self.declarer,
            self.after,
            self.cursor,
            self.locked,
            self.moves,
            len(self.history),
            sorted(q for mv in self.face_down for q in mv.positions),
            None if self.challenge is None else [self.challenge[0], int(self.challenge[1])],
        ]


def suits_of(cards: Sequence[Card], rank: Rank) -> tuple[Suit, ...]:
    """The suits of ``rank`` among ``cards``, ascending."""
    return tuple(sorted(c.suit for c in cards if c.rank == rank))


def _ints(suits: Sequence[Suit]) -> list[int]:
    return [int(x) for x in suits]


def scripted_deck(
    seats: int,
    dealer: int,
    hands: Sequence[Sequence[Card]],
    stock: Sequence[Card] = (),
    size: int = 36,
) -> list[Card]:
    """A deck order (for ``LocalDealer(decks=[...])``) that deals ``hands[s]`` to seat
    ``s`` and puts ``stock`` on top of the stock, the other cards after it in deck order.

    ``dealer`` is the first dealer (the lot's value): cards go one at a time from the
    dealer's left.  Raises ValueError for a hand that is not four cards or a repeated
    card.
    """
    if len(hands) != seats or any(len(h) != HAND for h in hands):
        raise ValueError(f"give exactly {HAND} cards to each of {seats} seats")
    first = (dealer + 1) % seats
    order = [hands[(first + k) % seats][rnd] for rnd in range(HAND) for k in range(seats)]
    order += list(stock)
    if len(set(order)) != len(order):
        raise ValueError("a card is given twice")
    order += [c for c in sunduchki_deck(size) if c not in set(order)]
    return order
