"""Akulina (Russian Old Maid), the rules of akulina.ru.txt as a sans-I/O engine.

Sections cited: "Подготовка и раздача" (deck and deal), "Какие пары сбрасывать" (pairs),
"Один ход" (a turn), "Кто проиграл" (the end), "Вариант с полной колодой" (full deck).

Seats are numbered clockwise.  "The nearest seat to the right" is the previous seat in
clockwise order; the turn passes clockwise (to the next seat).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from p2pcards.cards import Card, Rank, Suit, deck
from p2pcards.games._errors import ClaimMismatch, IllegalMove
from p2pcards.games._events import (
    CommitOrder,
    Decision,
    Finished,
    Need,
    Open,
    Opened,
    OrderCommitted,
    Random,
    RandomValue,
    Reveal,
    Revealed,
    Shuffle,
    Shuffled,
    TakeHidden,
    Taken,
)
from p2pcards.games._moves import Event
from p2pcards.games._state import ClaimCheck, Falsified, GameState, Knowledge, View
from p2pcards.games.akulina._moves import Discard, Draw
from p2pcards.games.akulina._sheet import starting_losses

QUEEN_OF_SPADES = Card(Rank.QUEEN, Suit.SPADES)

R_PAIRS = "akulina: Какие пары сбрасывать"
R_TURN = "akulina: Один ход"
R_DEAL = "akulina: Подготовка и раздача"
R_END = "akulina: Кто проиграл"


def pairable(a: Card, b: Card) -> bool:
    """Two cards form an allowed pair: same rank, and neither is the queen of spades."""
    return a.rank == b.rank and a != QUEEN_OF_SPADES and b != QUEEN_OF_SPADES


def has_pair(cards: Sequence[Card]) -> tuple[Card, Card] | None:
    """A pair among ``cards`` (the first found), or None."""
    seen: dict[Rank, Card] = {}
    for c in cards:
        if c == QUEEN_OF_SPADES:
            continue
        if c.rank in seen:
            return seen[c.rank], c
        seen[c.rank] = c
    return None


def akulina_deck(size: int, removed_queen: str, full_deck: bool) -> tuple[Card, ...]:
    """The deck: ``size`` cards minus one non-spade queen unless ``full_deck``."""
    cards = deck(size)
    if not full_deck:
        gone = Card(Rank.QUEEN, Suit[removed_queen.upper()])
        cards.remove(gone)
    return tuple(cards)


@dataclass(frozen=True)
class AkulinaView(View):
    """One seat's view.  ``out``: seats with no cards; ``discards``: every discarded card
    in order; ``drawer``/``holder``: the current turn (or None); ``losses``: per seat in
    the series; ``last``: text of the last public action."""

    out: tuple[bool, ...]
    discards: tuple[Card, ...]
    drawer: int | None
    holder: int | None
    losses: tuple[int, ...]
    dealer: int


class AkulinaState(GameState):
    """Akulina engine state.  Phases per hand: shuffle, deal, initial discards (each seat
    in turn from the dealer's left), the lot for the first drawer if tied, then turns of
    commit-order / draw / take / reveal / discard until one seat holds cards."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        o = self.options
        self.deck_cards = akulina_deck(o["deck"], o["removed_queen"], o["full_deck"])
        self.losses = starting_losses(o, self.seats)
        self.hand_no = -1
        self.last_loser: int | None = None
        self._new_hand()

    # -- hand set-up ------------------------------------------------------------------
    def _new_hand(self) -> None:
        self.hand_no += 1
        self.phase = "shuffle"
        self.hands: list[list[int]] = [[] for _ in range(self.seats)]
        self.public: dict[int, Card] = {}
        self.discards: list[int] = []
        self.dealer = self.hand_no % self.seats
        self.drawer: int | None = None
        self.holder: int | None = None
        self.index: int | None = None
        self.drawn: int | None = None
        self.pending: Discard | None = None
        self.cursor = 0  # seat offset during deal / initial discards
        self.tied: list[int] = []
        self.loser: int | None = None

    def _first_seat(self) -> int:
        return (self.dealer + 1) % self.seats

    # -- the contract -----------------------------------------------------------------
    def need(self) -> Need:
        p = self.phase
        if p == "shuffle":
            return Shuffle(self.hand_no, 0, self.deck_cards)
        if p == "deal":
            seat = (self._first_seat() + self.cursor) % self.seats
            return Reveal(tuple(self.hands[seat]), seat)
        if p == "initial":
            return Decision((self._first_seat() + self.cursor) % self.seats)
        if p == "open":
            assert self.pending is not None
            return Open(self.pending.positions)
        if p == "lot":
            return Random(len(self.tied), "first drawer")
        if p == "commit":
            assert self.holder is not None
            return CommitOrder(self.holder, tuple(sorted(self.hands[self.holder])))
        if p in ("draw", "discard"):
            assert self.drawer is not None
            return Decision(self.drawer)
        if p == "take":
            assert self.holder is not None and self.drawer is not None and self.index is not None
            return TakeHidden(self.holder, self.index, self.drawer)
        if p == "reveal":
            assert self.drawn is not None and self.drawer is not None
            return Reveal((self.drawn,), self.drawer)
        if p == "final":
            assert self.loser is not None
            return Open(tuple(sorted(self.hands[self.loser])))
        return Finished(self.result())

    def result(self) -> dict[str, Any]:
        """``{"loser": loser of the last hand, "losses": [per seat], "hands": played,
        "losers": seats with the most losses, "winners": the others}``."""
        worst = max(self.losses)
        losers = [s for s in range(self.seats) if self.losses[s] == worst]
        return {
            "loser": self.last_loser,
            "losses": list(self.losses),
            "hands": self.hand_no,
            "losers": losers,
            "winners": [s for s in range(self.seats) if s not in losers],
        }

    def legal_moves(self, seat: int, knowledge: Knowledge) -> list[Any]:
        need = self.need()
        if not isinstance(need, Decision) or need.seat != seat:
            return []
        if self.phase == "draw":
            assert self.holder is not None
            return [Draw(seat, i) for i in range(len(self.hands[self.holder]))]
        hand = sorted(self.hands[seat])
        if self.phase == "discard":
            assert self.drawn is not None
            drawn = knowledge.get(self.drawn)
            if drawn is None:
                return []
            moves = [
                _discard(seat, (self.drawn, p), knowledge)
                for p in hand
                if p != self.drawn and p in knowledge and pairable(drawn, knowledge[p])
            ]
            return moves or [Discard(seat, (), ())]
        # initial: every maximal set of pairs
        if any(p not in knowledge for p in hand):
            return []
        by_rank: dict[Rank, list[int]] = {}
        for p in hand:
            c = knowledge[p]
            if c != QUEEN_OF_SPADES:
                by_rank.setdefault(c.rank, []).append(p)
        choices = [
            list(itertools.combinations(ps, len(ps) - len(ps) % 2))
            for _, ps in sorted(by_rank.items())
            if len(ps) >= 2
        ]
        out = []
        for combo in itertools.product(*choices):
            pos = tuple(sorted(p for group in combo for p in group))
            out.append(Discard(seat, pos, tuple(knowledge[p] for p in pos)))
        return sorted(out, key=lambda m: m.positions)

    def _apply(self, ev: Event) -> None:
        need = self.need()
        if isinstance(need, Finished):
            raise IllegalMove(None, R_END, "the game is over")
        if isinstance(need, Decision):
            if not isinstance(ev, Draw | Discard):
                raise IllegalMove(None, R_TURN, f"expected a move by seat {need.seat}")
            if ev.seat != need.seat:
                raise IllegalMove(ev.seat, R_TURN, f"it is seat {need.seat}'s turn, not yours")
            if isinstance(ev, Draw):
                self._apply_draw(ev)
            else:
                self._apply_discard(ev)
            return
        if isinstance(need, Shuffle) and isinstance(ev, Shuffled):
            if (ev.hand, ev.first, ev.n) != (need.hand, need.first, need.n):
                raise IllegalMove(None, R_DEAL, "shuffle of the wrong hand or size")
            for i in range(need.n):
                self.hands[(self._first_seat() + i) % self.seats].append(i)
            self.phase, self.cursor = "deal", 0
        elif isinstance(need, Reveal) and isinstance(ev, Revealed):
            if (tuple(ev.positions), ev.to) != (need.positions, need.to):
                raise IllegalMove(None, R_DEAL, "revealed the wrong positions")
            if self.phase == "deal":
                self.cursor += 1
                if self.cursor == self.seats:
                    self.phase, self.cursor = "initial", 0
            else:
                self.phase = "discard"
        elif isinstance(need, Open) and isinstance(ev, Opened):
            self._apply_opened(need, ev)
        elif isinstance(need, Random) and isinstance(ev, RandomValue):
            if not 0 <= ev.value < need.k:
                raise IllegalMove(None, R_TURN, "lot value out of range")
            self._start_turn(self.tied[ev.value])
        elif isinstance(need, CommitOrder) and isinstance(ev, OrderCommitted):
            if ev.seat != need.seat:
                raise IllegalMove(ev.seat, R_TURN, f"seat {need.seat} must order its hand")
            self.phase = "draw"
        elif isinstance(need, TakeHidden) and isinstance(ev, Taken):
            assert self.holder is not None and self.drawer is not None
            if ev.position not in self.hands[self.holder]:
                raise IllegalMove(self.holder, R_TURN, "handed over a card not in its hand")
            self.hands[self.holder].remove(ev.position)
            self.hands[self.drawer].append(ev.position)
            self.drawn = ev.position
            self.phase = "reveal"
        else:
            raise IllegalMove(None, R_TURN, f"{type(ev).__name__} does not answer {need!r}")

    def _apply_draw(self, mv: Draw) -> None:
        if self.phase != "draw":
            raise IllegalMove(mv.seat, R_TURN, "you must discard, not draw")
        assert self.holder is not None
        if not 0 <= mv.index < len(self.hands[self.holder]):
            raise IllegalMove(mv.seat, R_TURN, f"no card at index {mv.index}")
        self.index = mv.index
        self.phase = "take"

    def _apply_discard(self, mv: Discard) -> None:
        if self.phase not in ("initial", "discard"):
            raise IllegalMove(mv.seat, R_TURN, "you must draw, not discard")
        hand = self.hands[mv.seat]
        pos, cards = mv.positions, mv.cards
        if len(pos) != len(cards) or len(set(pos)) != len(pos) or any(p not in hand for p in pos):
            raise IllegalMove(mv.seat, R_PAIRS, "discarded positions are not in your hand")
        if list(pos) != sorted(pos):
            raise IllegalMove(mv.seat, R_PAIRS, "list discarded positions in increasing order")
        if len(pos) % 2:
            raise IllegalMove(mv.seat, R_PAIRS, "an odd number of cards is not a set of pairs")
        if not _pairs_ok(cards):
            raise IllegalMove(mv.seat, R_PAIRS, "the claimed cards are not allowed pairs")
        if self.phase == "discard":
            if pos and (len(pos) != 2 or self.drawn not in pos):
                raise IllegalMove(mv.seat, R_TURN, "after a draw only the drawn card pairs")
        self.pending = mv
        if pos:
            self._after_open = self.phase
            self.phase = "open"
        else:
            self._finish_discard(mv)

    def _apply_opened(self, need: Open, ev: Opened) -> None:
        if tuple(ev.positions) != need.positions or len(ev.cards) != len(ev.positions):
            raise IllegalMove(None, R_PAIRS, "opened the wrong positions")
        if self.phase == "final":
            for p, c in zip(ev.positions, ev.cards, strict=True):
                self.public[p] = c
            self._end_hand()
            return
        mv = self.pending
        assert mv is not None
        if tuple(ev.cards) != mv.cards:
            raise ClaimMismatch(mv.seat, R_PAIRS, "the opened cards are not the cards claimed")
        for p, c in zip(ev.positions, ev.cards, strict=True):
            self.public[p] = c
            self.hands[mv.seat].remove(p)
            self.discards.append(p)
        self.phase = self._after_open
        self._finish_discard(mv)

    def _finish_discard(self, mv: Discard) -> None:
        """Record the no-pair claim, then move on (next seat's discard or next turn)."""
        seat = mv.seat
        rest = tuple(sorted(self.hands[seat]))
        self.add_claim(seat, R_PAIRS, "no_pair", {}, _no_pair_check(rest), set_of=rest)
        self.pending = None
        if self.phase == "initial":
            self.cursor += 1
            if self.cursor < self.seats:
                return
            alive = self._alive()
            if len(alive) <= 1:
                self._lose(alive[0])
                return
            fewest = min(len(self.hands[s]) for s in alive)
            # Tied seats in clockwise order from the dealer's left (the lot picks one).
            order = [(self._first_seat() + i) % self.seats for i in range(self.seats)]
            self.tied = [s for s in order if s in alive and len(self.hands[s]) == fewest]
            if len(self.tied) == 1:
                self._start_turn(self.tied[0])
            else:
                self.phase = "lot"
            return
        # after a draw: the turn passes clockwise to the next seat with cards
        alive = self._alive()
        if len(alive) <= 1:
            self._lose(alive[0])
            return
        assert self.drawer is not None
        self._start_turn(self._next_alive(self.drawer, +1))

    def _alive(self) -> list[int]:
        return [s for s in range(self.seats) if self.hands[s]]

    def _next_alive(self, seat: int, step: int) -> int:
        for i in range(1, self.seats + 1):
            s = (seat + step * i) % self.seats
            if self.hands[s]:
                return s
        raise AssertionError("no seat has cards")

    def _start_turn(self, drawer: int) -> None:
        self.drawer = drawer
        self.holder = self._next_alive(drawer, -1)
        self.index = self.drawn = None
        self.phase = "commit"

    def _lose(self, seat: int) -> None:
        self.loser = seat
        self.drawer = self.holder = None
        self.phase = "final"

    def _end_hand(self) -> None:
        assert self.loser is not None
        self.losses[self.loser] += 1
        self.last_loser = self.loser
        if self.hand_no + 1 < self.options["hands"]:
            self._new_hand()
        else:
            self.hand_no += 1
            self.phase = "done"

    # -- views ------------------------------------------------------------------------
    def view(self, seat: int, knowledge: Knowledge) -> AkulinaView:
        own = tuple(
            sorted(
                ((p, knowledge[p]) for p in self.hands[seat] if p in knowledge),
                key=lambda pc: pc[1],
            )
        )
        return AkulinaView(
            seat=seat,
            need=self.need(),
            hand=own,
            counts=tuple(len(h) for h in self.hands),
            hand_no=self.hand_no,
            out=tuple(not h for h in self.hands)
            if self.phase not in ("shuffle", "deal")
            else (False,) * self.seats,
            discards=tuple(self.public[p] for p in self.discards),
            drawer=self.drawer,
            holder=self.holder,
            losses=tuple(self.losses),
            dealer=self.dealer,
        )

    def public_state(self) -> Any:
        return [
            self.hand_no,
            self.phase,
            [sorted(h) for h in self.hands],
            list(self.discards),
            sorted((p, c.code) for p, c in self.public.items()),
            self.drawer,
            self.holder,
            self.index,
            self.drawn,
            list(self.losses),
            self.cursor,
        ]


def _discard(seat: int, positions: tuple[int, ...], knowledge: Knowledge) -> Discard:
    pos = tuple(sorted(positions))
    return Discard(seat, pos, tuple(knowledge[p] for p in pos))


def _pairs_ok(cards: Sequence[Card]) -> bool:
    counts: dict[Rank, int] = {}
    for c in cards:
        if c == QUEEN_OF_SPADES:
            return False
        counts[c.rank] = counts.get(c.rank, 0) + 1
    return all(n % 2 == 0 for n in counts.values())


def _no_pair_check(positions: tuple[int, ...]) -> ClaimCheck:
    """Claim ``"no_pair"`` (no data): the hand left at ``positions`` holds no pair;
    false with the pair kept.  A set claim (``Claim.set_of``): the cards given for some
    of the positions already show a pair kept."""

    def check(cards: Mapping[int, Card]) -> Falsified | None:
        pair = has_pair([cards[p] for p in positions if p in cards])
        if pair is None:
            return None
        return Falsified(tuple(pair))

    return check
