"""Thousand (Тысяча), the rules of thousand.ru.txt as a sans-I/O engine.

Sections cited: "Раздача и прикуп" (deal, talon, passing cards), "Торговля" (auction),
"Марьяжи и смена козыря" (marriages), "Розыгрыш и взятки" (tricks), "Запись, бочка и
болты" (scoring).  Seats are numbered clockwise; two, three or four seats (the text's
«есть варианты на двоих и четверых»; the variants are in ``docs/rules/thousand.md``).

The *players* of a hand are the seats dealt cards: every seat with two or three seats;
with four, every seat but the dealer, who sits the hand out («на прикупе»).

Positions of a hand: the k-th player in seat order is dealt positions ``h*k .. h*k+h-1``
(h = 7, or 10 with two seats); the talon is 21, 22, 23 (two seats: two talons, 20-21 and
22-23).  The shuffle decides the cards, so a fixed layout reveals nothing.

Phases of a hand: shuffle, deal (a Reveal per player), auction (the first hand's 100 is
automatic; Bid/Pass decisions clockwise among the players), with two seats the
declarer's ChooseTalon, talon (Open after a contested auction, Reveal to the declarer
after an all-pass), give (the declarer's GiveCards: with three players a card to each
opponent, each then revealed to its receiver; with two seats two cards discarded face
down), then the tricks (8, or 10 with two seats) of Play decisions, each card opened;
with two seats the discard is opened before scoring.  The hand is scored and the next
dealer (clockwise) deals, until a seat reaches the target or ``max_hands``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from p2pcards.cards import THOUSAND_ORDER as _ORDER
from p2pcards.cards import Card, Rank, Suit, sort_key
from p2pcards.games._errors import ClaimMismatch, IllegalMove, OptionError
from p2pcards.games._events import (
    Decision,
    Finished,
    Need,
    Open,
    Opened,
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
    HiddenClaim,
    Knowledge,
    View,
    each_hidden,
    holds_hidden,
)
from p2pcards.games.thousand._moves import Bid, ChooseTalon, GiveCards, Pass, Play
from p2pcards.games.thousand._rules import (
    BID_STEP,
    FIRST_BID,
    FOUR_ACES_POINTS,
    MARRIAGE_POINTS,
    R_BID,
    R_DEAL,
    R_MARRIAGE,
    R_PLAY,
    R_SCORE,
    ScoringRules,
    allowed_plays,
    beats,
    bid_limit,
    duty,
    hand_gains,
    has_four_aces,
    marriages_in,
    max_public_bid,
    partner,
    points,
    settle,
    thousand_deck,
    trick_winner,
)
from p2pcards.games.thousand._sheet import starting_standings

HAND_SIZE = 7
TALON = (21, 22, 23)
TRICKS = 8
HAND_SIZE_TWO = 10
TALONS_TWO = ((20, 21), (22, 23))
TRICKS_TWO = 10
_DISPLAY = sort_key(_ORDER)


def layout(seats: int) -> tuple[int, tuple[tuple[int, ...], ...], int]:
    """(cards dealt to each player, the talons' positions, tricks per hand) for a table
    of ``seats``: ``(10, ((20, 21), (22, 23)), 10)`` for two, ``(7, ((21, 22, 23),), 8)``
    for three and four."""
    if seats == 2:
        return HAND_SIZE_TWO, TALONS_TWO, TRICKS_TWO
    return HAND_SIZE, (TALON,), TRICKS


def deal_order(hands: Sequence[Sequence[Card]], talon: Sequence[Card]) -> list[Card]:
    """A deck order for ``LocalDealer(decks=[...])`` that deals ``hands[k]`` to the k-th
    player of the hand in seat order and ``talon`` to the talon(s).

    Three players (three seats, or four without the dealer): 7 cards each and a talon of
    3.  Two seats: 10 cards each and 4 talon cards, the first two the talon 0, the last
    two the talon 1.  Raises ValueError for another shape or unless the cards are the
    24-card deck exactly."""
    order = [c for h in hands for c in h] + list(talon)
    size, talons, _ = layout(len(hands))
    if len(hands) not in (2, 3) or any(len(h) != size for h in hands):
        raise ValueError(
            "a Thousand deal is 7 cards to each of 3 players and 3 in the talon, "
            "or 10 cards to each of 2 and 2 + 2 in the talons"
        )
    if len(talon) != sum(len(t) for t in talons):
        raise ValueError(f"the talon(s) of this deal hold {sum(len(t) for t in talons)} cards")
    if sorted(order) != sorted(thousand_deck()):
        raise ValueError("the deal is not the 24-card deck (a card missing or repeated)")
    return order


@dataclass(frozen=True)
class SheetRow:
    """One hand on the score sheet: ``declarer`` and ``bid``; ``made``; ``taken`` per seat
    (card points plus marriages, unrounded); ``gains`` per seat before barrel and bolts;
    ``scores`` per seat after the hand; ``notes`` per seat (see :func:`settle`);
    ``tricks``: tricks taken per seat."""

    hand: int
    declarer: int
    bid: int
    made: bool
    taken: tuple[int, ...]
    gains: tuple[int, ...]
    scores: tuple[int, ...]
    notes: tuple[tuple[str, ...], ...]
    tricks: tuple[int, ...]


@dataclass(frozen=True)
class ThousandView(View):
    """One seat's view of a Thousand table (enough for terminal play).

    ``dealer``/``first_hand``: seats of this hand; ``players``: the seats dealt cards
    (with four seats every seat but the dealer); ``phase``: "auction", "choose" (two
    seats: the declarer picks a talon), "talon", "give", "play", "over" (or
    "shuffle"/"deal"/"discard_open"); ``talon_choice``: the talon taken (two seats) or
    None; ``auction``: every call in order as (seat, bid),
    bid 0 for a pass (the first entry is the first hand's obligatory 100); ``bid`` and
    ``bidder``: the highest bid so far; ``passed``: per seat; ``declarer``: after the
    auction; ``talon``: the talon's cards when shown to everyone (else empty);
    ``talon_shown``; ``turn``: seat to move or None; ``trick``: the current trick as
    (seat, card) in play order; ``last_trick`` and ``last_winner``: the previous trick;
    ``trick_no``: 1-based number of the current trick; ``trump``: the trump suit or None;
    ``marriages``: (seat, suit) declared this hand; ``aces``: the seat that declared four
    aces or None; ``played``: every card played this hand; ``taken``: card points plus
    marriages per seat this hand; ``tricks``: tricks taken per seat; ``scores``: running
    scores; ``barrel``: hands played on the barrel per seat (None: not on it); ``bolts``:
    bolts counted per seat; ``sheet``: the score sheet, one :class:`SheetRow` per hand;
    ``target``: the winning score; ``barrel_bid``: the bid that leaves the barrel.
    """

    dealer: int
    first_hand: int
    players: tuple[int, ...]
    talon_choice: int | None
    phase: str
    auction: tuple[tuple[int, int], ...]
    bid: int
    bidder: int | None
    passed: tuple[bool, ...]
    declarer: int | None
    talon: tuple[Card, ...]
    talon_shown: bool
    turn: int | None
    trick: tuple[tuple[int, Card], ...]
    last_trick: tuple[tuple[int, Card], ...]
    last_winner: int | None
    trick_no: int
    trump: Suit | None
    marriages: tuple[tuple[int, Suit], ...]
    aces: int | None
    played: tuple[Card, ...]
    taken: tuple[int, ...]
    tricks: tuple[int, ...]
    scores: tuple[int, ...]
    barrel: tuple[int | None, ...]
    bolts: tuple[int, ...]
    sheet: tuple[SheetRow, ...]
    target: int
    barrel_bid: int


def scoring_rules(options: Mapping[str, Any]) -> ScoringRules:
    """The :class:`ScoringRules` of a configured game's options; raises OptionError when
    the barrel threshold is not below the target."""
    barrel = int(options["barrel"])
    target = int(options["target"])
    if barrel and barrel >= target:
        raise OptionError(
            "option barrel: {barrel} must be below the target {target} (or 0)",
            barrel=barrel,
            target=target,
        )
    barrel_bid = int(options["barrel_bid"])
    if barrel_bid == 0:  # automatic: what it takes to reach the target, rounded up to 5
        need = max(target - barrel, FIRST_BID) if barrel else FIRST_BID
        barrel_bid = -(-need // BID_STEP) * BID_STEP
    return ScoringRules(
        barrel=barrel,
        barrel_bid=barrel_bid,
        barrel_tries=int(options["barrel_tries"]),
        barrel_penalty=int(options["barrel_penalty"]),
        bolts=int(options["bolts"]),
        bolt_penalty=int(options["bolt_penalty"]),
        bolts_in_row=bool(options["bolts_in_row"]),
        declarer_scores=str(options["declarer_scores"]),
        compare=str(options["compare"]),
        rounding=str(options.get("rounding", "five")),
        barrel_exact=bool(options.get("barrel_exact", False)),
    )


class ThousandState(GameState):
    """Thousand engine state for two to four seats (see the module docstring).

    Public attributes used by tests and views: ``scores``, ``standings`` (per seat
    :class:`Standing`), ``sheet``, ``dealer``, ``players``, ``declarer``, ``bid``,
    ``trump``, ``taken``, ``hands`` (positions per seat), ``public`` (position -> card),
    ``talon`` (the positions of the talon taken), ``discard`` (two seats).
    """

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        o = self.options
        self.rules = scoring_rules(o)
        self.target = int(o["target"])
        self.four_aces = bool(o["four_aces"])
        self.max_hands = int(o["max_hands"])
        self.sitout_scores = str(o.get("sitout_scores", "talon"))
        self.deck_cards = thousand_deck()
        self.hand_size, self.talons, self.n_tricks = layout(self.seats)
        self.standings = list(starting_standings(o, self.seats))
        self.sheet: list[SheetRow] = []
        self.hand_no = -1
        self._new_hand()

    # -- hand set-up ------------------------------------------------------------------
    def _new_hand(self) -> None:
        self.hand_no += 1
        self.phase = "shuffle"
        self.dealer = self.hand_no % self.seats
        self.first_hand = (self.dealer + 1) % self.seats
        self.players: tuple[int, ...] = tuple(
            s for s in range(self.seats) if self.seats < 4 or s != self.dealer
        )
        self.sitout: int | None = self.dealer if self.seats == 4 else None
        self.talon_choice: int | None = None
        self.talon: tuple[int, ...] = self.talons[0] if len(self.talons) == 1 else ()
        self.discard: tuple[int, ...] = ()
        self.hands: list[list[int]] = [[] for _ in range(self.seats)]
        self.public: dict[int, Card] = {}
        self.cursor = 0
        self.auction: list[tuple[int, int]] = []
        self.bid = 0
        self.bidder: int | None = None
        self.passed = [False] * self.seats
        self.turn: int | None = None
        self.declarer: int | None = None
        self.talon_shown = False
        self.given: tuple[int, ...] = ()
        self.trick: list[tuple[int, int]] = []  # (seat, position)
        self.last_trick: list[tuple[int, int]] = []
        self.last_winner: int | None = None
        self.trick_no = 1
        self.trump: Suit | None = None
        self.marriages: list[tuple[int, Suit]] = []
        self.aces: int | None = None
        self.played: list[int] = []
        self.taken = [0] * self.seats
        self.tricks = [0] * self.seats
        self.pending: Play | None = None

    @property
    def scores(self) -> list[int]:
        """Running score per seat."""
        return [s.score for s in self.standings]

    def _next_player(self, seat: int) -> int:
        """The next seat clockwise after ``seat`` that plays this hand."""
        for i in range(1, self.seats + 1):
            s = (seat + i) % self.seats
            if s != self.sitout:
                return s
        raise AssertionError("no player")

    def _opponents(self, seat: int) -> tuple[int, ...]:
        """The other players of this hand, clockwise from ``seat``."""
        out, s = [], seat
        for _ in range(len(self.players) - 1):
            s = self._next_player(s)
            out.append(s)
        return tuple(out)

    def _next_bidder(self, seat: int) -> int:
        s = seat
        for _ in range(self.seats):
            s = self._next_player(s)
            if not self.passed[s]:
                return s
        raise AssertionError("every seat passed")

    # -- the contract -----------------------------------------------------------------
    def need(self) -> Need:
        p = self.phase
        if p == "shuffle":
            return Shuffle(self.hand_no, 0, self.deck_cards)
        if p == "deal":
            seat = self._deal_seq()[self.cursor]
            return Reveal(tuple(self.hands[seat]), seat)
        if p in ("auction", "choose", "give", "play"):
            assert self.turn is not None
            return Decision(self.turn)
        if p == "talon":
            assert self.declarer is not None
            if self.talon_shown:
                return Open(self.talon)
            return Reveal(self.talon, self.declarer)
        if p == "give_reveal":
            to = self._opponents(self._seat_of_declarer())[self.cursor]
            return Reveal((self.given[self.cursor],), to)
        if p == "open":
            assert self.pending is not None
            return Open((self.pending.position,))
        if p == "discard_open":
            return Open(tuple(q for q in self.discard if q not in self.public))
        return Finished(self.result())

    def _deal_seq(self) -> list[int]:
        """The players in dealing order: the first hand, then clockwise."""
        seq = [self.first_hand]
        while len(seq) < len(self.players):
            seq.append(self._next_player(seq[-1]))
        return seq

    def _seat_of_declarer(self) -> int:
        assert self.declarer is not None
        return self.declarer

    def result(self) -> dict[str, Any]:
        """``{"winners", "losers", "scores": per seat, "hands": hands played,
        "capped": True when max_hands ended the game before anyone reached the target}``.
        Winners: the highest score among seats at the target (at the cap: the highest)."""
        scores = self.scores
        reached = [s for s in range(self.seats) if scores[s] >= self.target]
        pool = reached or list(range(self.seats))
        best = max(scores[s] for s in pool)
        winners = [s for s in pool if scores[s] == best]
        return {
            "winners": winners,
            "losers": [s for s in range(self.seats) if s not in winners],
            "scores": scores,
            "hands": len(self.sheet),
            "capped": not reached,
        }

    def legal_moves(self, seat: int, knowledge: Knowledge) -> list[Any]:
        need = self.need()
        if not isinstance(need, Decision) or need.seat != seat:
            return []
        hand = sorted(self.hands[seat])
        if any(p not in knowledge for p in hand):
            return []
        cards = [knowledge[p] for p in hand]
        if self.phase == "auction":
            limit = bid_limit(cards, self.four_aces)
            bids: list[Move] = [Bid(seat, b) for b in range(self.bid + BID_STEP, limit + 1, 5)]
            return [Pass(seat), *bids]
        if self.phase == "choose":
            return [ChooseTalon(seat, i) for i in range(len(self.talons))]
        if self.phase == "give":
            if len(self.players) == 2:  # a discard: the order does not matter
                return [GiveCards(seat, (a, b)) for a in hand for b in hand if a < b]
            return [GiveCards(seat, (a, b)) for a in hand for b in hand if a != b]
        trick = [self._card(p) for _, p in self.trick]
        allowed = set(allowed_plays(cards, trick, self.trump))
        out: list[Move] = []
        for p, c in zip(hand, cards, strict=True):
            if c not in allowed:
                continue
            out.append(Play(seat, p, c, ""))
            if not trick and self._may_declare():
                mate = partner(c)
                if mate is not None and mate in cards:
                    out.append(Play(seat, p, c, "marriage"))
                if self.four_aces and c.rank == Rank.ACE and has_four_aces(cards):
                    out.append(Play(seat, p, c, "aces"))
        return out

    def _may_declare(self) -> bool:
        return bool(self.options["marriage_first_trick"]) or self.trick_no > 1

    def _card(self, position: int) -> Card:
        return self.public[position]

    # -- applying events --------------------------------------------------------------
    def _apply(self, ev: Event) -> None:
        need = self.need()
        if isinstance(need, Finished):
            raise IllegalMove(None, R_SCORE, "the game is over")
        if isinstance(need, Decision):
            if not isinstance(ev, Move):
                raise IllegalMove(None, R_PLAY, f"expected a move by seat {need.seat}")
            if ev.seat != need.seat:
                raise IllegalMove(ev.seat, R_PLAY, f"it is seat {need.seat}'s turn, not yours")
            if self.phase == "auction" and isinstance(ev, Bid | Pass):
                self._apply_call(ev)
            elif self.phase == "choose" and isinstance(ev, ChooseTalon):
                self._apply_choose(ev)
            elif self.phase == "give" and isinstance(ev, GiveCards):
                self._apply_give(ev)
            elif self.phase == "play" and isinstance(ev, Play):
                self._apply_play(ev)
            else:
                raise IllegalMove(
                    ev.seat, R_PLAY, f"a {ev.KIND!r} move is not allowed in the {self.phase}"
                )
            return
        if isinstance(need, Shuffle) and isinstance(ev, Shuffled):
            if (ev.hand, ev.first, ev.n) != (need.hand, need.first, need.n):
                raise IllegalMove(None, R_DEAL, "shuffle of the wrong hand or size")
            h = self.hand_size
            for k, s in enumerate(self.players):
                self.hands[s] = list(range(h * k, h * (k + 1)))
            self.phase, self.cursor = "deal", 0
        elif isinstance(need, Reveal) and isinstance(ev, Revealed):
            if (tuple(ev.positions), ev.to) != (need.positions, need.to):
                raise IllegalMove(None, R_DEAL, "revealed the wrong positions")
            self._after_reveal()
        elif isinstance(need, Open) and isinstance(ev, Opened):
            if tuple(ev.positions) != need.positions or len(ev.cards) != len(ev.positions):
                raise IllegalMove(None, R_DEAL, "opened the wrong positions")
            if self.phase in ("talon", "discard_open"):
                for c in ev.cards:
                    if c not in self.deck_cards or c in self.public.values():
                        raise IllegalMove(None, R_DEAL, f"opened {c.symbol}: not a free card")
                for p, c in zip(ev.positions, ev.cards, strict=True):
                    self.public[p] = c
                if self.phase == "talon":
                    self._take_talon()
                else:
                    self._score_hand()
            else:
                self._apply_opened_card(ev.cards[0])
        else:
            raise IllegalMove(None, R_DEAL, f"{type(ev).__name__} does not answer {need!r}")

    def _after_reveal(self) -> None:
        if self.phase == "deal":
            self.cursor += 1
            if self.cursor == len(self.players):
                self._start_auction()
        elif self.phase == "talon":
            self._take_talon()
        elif self.phase == "give_reveal":
            self.cursor += 1
            self._next_give_reveal()

    def _start_auction(self) -> None:
        self.phase = "auction"
        self.auction = [(self.first_hand, FIRST_BID)]
        self.bid, self.bidder = FIRST_BID, self.first_hand
        self.turn = self._next_player(self.first_hand)

    def _apply_call(self, mv: Bid | Pass) -> None:
        seat = mv.seat
        if isinstance(mv, Bid):
            b = mv.amount
            top = max_public_bid(self.four_aces)
            if b % BID_STEP or b < self.bid + BID_STEP:
                raise IllegalMove(
                    seat, R_BID, f"a bid must be a multiple of 5 above {self.bid}, not {b}"
                )
            if b > top:
                raise IllegalMove(seat, R_BID, f"no hand can justify a bid of {b} (most {top})")
            if b > bid_limit(()):
                rest = tuple(sorted(self.hands[seat]))
                self.add_claim(
                    seat,
                    R_BID,
                    "bid",
                    {"bid": b},
                    _bid_check(b, rest, self.four_aces),
                    holds_hidden(rest, _bid_groups(b, self.four_aces), self.public),
                )
            self.auction.append((seat, b))
            self.bid, self.bidder = b, seat
        else:
            self.auction.append((seat, 0))
            self.passed[seat] = True
        if sum(not self.passed[p] for p in self.players) == 1:
            assert self.bidder is not None
            self.declarer = self.bidder
            contested = any(b > 0 for _, b in self.auction[1:])
            show = self.options["show_talon"]
            self.talon_shown = show == "always" or (show == "contested" and contested)
            if len(self.talons) > 1:
                self.turn, self.phase = self.declarer, "choose"
            else:
                self.turn, self.phase = None, "talon"
        else:
            self.turn = self._next_bidder(seat)

    def _apply_choose(self, mv: ChooseTalon) -> None:
        if not 0 <= mv.index < len(self.talons):
            raise IllegalMove(
                mv.seat, R_DEAL, f"there are talons 0 to {len(self.talons) - 1}, not {mv.index}"
            )
        self.talon_choice = mv.index
        self.talon = self.talons[mv.index]
        self.turn, self.phase = None, "talon"

    def _take_talon(self) -> None:
        d = self._seat_of_declarer()
        self.hands[d].extend(self.talon)
        self.phase = "give"
        self.turn = d

    def _apply_give(self, mv: GiveCards) -> None:
        hand = self.hands[mv.seat]
        ps = mv.positions
        two = len(self.players) == 2
        if len(ps) != 2 or ps[0] == ps[1] or any(p not in hand for p in ps):
            what = "discard two" if two else "pass two"
            raise IllegalMove(
                mv.seat,
                R_DEAL,
                f"{what} different cards of your hand" + ("" if two else ", one to each opponent"),
            )
        if two:
            self.discard = tuple(sorted(ps))
            for p in ps:
                hand.remove(p)
            self.phase, self.turn = "play", mv.seat
            return
        self.given = tuple(ps)
        for p, to in zip(ps, self._opponents(mv.seat), strict=True):
            hand.remove(p)
            self.hands[to].append(p)
        self.phase, self.cursor, self.turn = "give_reveal", 0, None
        self._next_give_reveal()

    def _next_give_reveal(self) -> None:
        # A passed card already public (a shown talon card) needs no reveal.
        while self.cursor < 2 and self.given[self.cursor] in self.public:
            self.cursor += 1
        if self.cursor == 2:
            self.phase = "play"
            self.turn = self._seat_of_declarer()

    def _apply_play(self, mv: Play) -> None:
        seat, pos, card = mv.seat, mv.position, mv.card
        hand = self.hands[seat]
        if card not in self.deck_cards:
            raise IllegalMove(seat, R_PLAY, f"{card.symbol} is not a card of the 24-card deck")
        if pos not in hand:
            raise IllegalMove(seat, R_PLAY, f"position {pos} is not in your hand")
        for p, c in self.public.items():
            if p != pos and c == card:
                raise ClaimMismatch(
                    seat, R_PLAY, f"claimed {card.symbol} but it is public at position {p}"
                )
        if pos in self.public and self.public[pos] != card:
            raise ClaimMismatch(
                seat,
                R_PLAY,
                f"claimed {card.symbol} at position {pos}, which is {self.public[pos].symbol}",
            )
        trick = [self._card(p) for _, p in self.trick]
        known = [self.public[p] for p in hand if p in self.public and p != pos]
        if card not in allowed_plays([*known, card], trick, self.trump):
            should = [c for c in allowed_plays([*known, card], trick, self.trump)]
            raise IllegalMove(
                seat,
                R_PLAY,
                f"trick {self.trick_no}: {card.symbol} breaks follow/beat/trump; "
                f"you hold {', '.join(c.symbol for c in should)} in public",
            )
        rest = tuple(sorted(p for p in hand if p != pos))
        if mv.declare:
            self._check_declare(mv, rest)
        owed = duty(trick, self.trump, card)
        if owed is not None:
            self.add_claim(
                seat,
                R_PLAY,
                "follow",
                {"trick": self.trick_no, "card": card, **owed},
                _follow_check(pos, rest, tuple(trick), self.trump),
                self._follow_hidden(rest, owed),
            )
        self.pending = mv
        self.turn = None
        if pos in self.public:
            self._resolve_play(mv)
        else:
            self.phase = "open"

    def _follow_hidden(self, rest: tuple[int, ...], owed: Mapping[str, Any]) -> HiddenClaim | None:
        """A follow claim on the hidden rest of the hand: every card is one the duty
        allows to keep (not the led suit above ``top``; not the led suit; neither the led
        suit nor trump)."""
        led: Suit = owed["led"]
        kind = owed["duty"]

        def kept(c: Card) -> bool:
            if kind == "higher":
                return not (c.suit == led and beats(c, owed["top"]))
            if kind == "suit":
                return c.suit != led
            return c.suit not in (led, owed["trump"])

        return each_hidden(rest, [c for c in self.deck_cards if kept(c)], self.public)

    def _check_declare(self, mv: Play, rest: tuple[int, ...]) -> None:
        seat, card = mv.seat, mv.card
        if self.trick:
            raise IllegalMove(seat, R_MARRIAGE, "a declaration is made only when leading")
        if not self._may_declare():
            raise IllegalMove(seat, R_MARRIAGE, "no declarations on the first trick (option)")
        if mv.declare == "marriage":
            mate = partner(card)
            if mate is None:
                raise IllegalMove(seat, R_MARRIAGE, f"{card.symbol} is not a king or a queen")
            self._public_holds(seat, mate)
            self.add_claim(
                seat,
                R_MARRIAGE,
                "marriage",
                {"trick": self.trick_no, "card": card, "suit": card.suit},
                _holds_check((mate,), rest),
                holds_hidden(rest, [(mate,)], self.public),
            )
        elif mv.declare == "aces":
            if not self.four_aces:
                raise IllegalMove(seat, R_MARRIAGE, "four aces are not played (option four_aces)")
            if card.rank != Rank.ACE:
                raise IllegalMove(seat, R_MARRIAGE, f"{card.symbol} is not an ace")
            others = tuple(Card(Rank.ACE, u) for u in Suit if u != card.suit)
            for o in others:
                self._public_holds(seat, o)
            self.add_claim(
                seat,
                R_MARRIAGE,
                "aces",
                {"trick": self.trick_no, "card": card},
                _holds_check(others, rest),
                holds_hidden(rest, [others], self.public),
            )
        else:
            raise IllegalMove(seat, R_MARRIAGE, f"unknown declaration {mv.declare!r}")

    def _public_holds(self, seat: int, card: Card) -> None:
        """Raise if ``card`` is public and not in ``seat``'s hand (played, or elsewhere)."""
        for p, c in self.public.items():
            if c == card and p not in self.hands[seat]:
                raise IllegalMove(
                    seat, R_MARRIAGE, f"{card.symbol} is not in your hand (it is public)"
                )

    def _apply_opened_card(self, card: Card) -> None:
        mv = self.pending
        assert mv is not None
        if card != mv.card:
            raise ClaimMismatch(
                mv.seat,
                R_PLAY,
                f"trick {self.trick_no}: claimed {mv.card.symbol} at position {mv.position} "
                f"but it is {card.symbol}",
            )
        self.public[mv.position] = card
        self._resolve_play(mv)

    def _resolve_play(self, mv: Play) -> None:
        seat = mv.seat
        self.pending = None
        self.hands[seat].remove(mv.position)
        self.trick.append((seat, mv.position))
        self.played.append(mv.position)
        if mv.declare == "marriage":
            self.marriages.append((seat, mv.card.suit))
            self.taken[seat] += MARRIAGE_POINTS[mv.card.suit]
            self.trump = mv.card.suit
        elif mv.declare == "aces":
            self.aces = seat
            self.taken[seat] += FOUR_ACES_POINTS
        self.phase = "play"
        if len(self.trick) < len(self.players):
            self.turn = self._next_player(seat)
            return
        cards = [self._card(p) for _, p in self.trick]
        winner = self.trick[trick_winner(cards, self.trump)][0]
        self.taken[winner] += points(cards)
        self.tricks[winner] += 1
        self.last_trick, self.last_winner = self.trick, winner
        self.trick = []
        if self.trick_no == self.n_tricks:
            self._end_hand()
            return
        self.trick_no += 1
        self.turn = winner

    def _end_hand(self) -> None:
        self.turn = None
        if any(p not in self.public for p in self.discard):
            self.phase = "discard_open"
            return
        self._score_hand()

    def sitout_points(self) -> int:
        """What the dealer of a four-seat table scores for this hand (unrounded), from the
        talon's cards (public by the end of the hand): option ``sitout_scores`` "talon"
        their card points, "talon_marriage" those plus a marriage the talon holds,
        "none" 0."""
        if self.sitout_scores == "none":
            return 0
        cards = [self.public[p] for p in self.talon if p in self.public]
        got = points(cards)
        if self.sitout_scores == "talon_marriage":
            got += sum(MARRIAGE_POINTS[u] for u in marriages_in(cards))
        return got

    def _score_hand(self) -> None:
        d = self._seat_of_declarer()
        if self.discard:  # two seats: the discard counts in the declarer's tricks
            self.taken[d] += points(self.public[p] for p in self.discard)
        if self.sitout is not None:
            self.taken[self.sitout] = self.sitout_points()
        gains, made = hand_gains(self.taken, d, self.bid, self.rules)
        notes: list[tuple[str, ...]] = []
        for s in range(self.seats):
            st, n = settle(
                self.standings[s],
                gains[s],
                declarer=s == d,
                bid=self.bid,
                made=made,
                tricks=self.tricks[s],
                rules=self.rules,
                sitting_out=s == self.sitout,
            )
            self.standings[s] = st
            notes.append(tuple(n))
        self.sheet.append(
            SheetRow(
                self.hand_no,
                d,
                self.bid,
                made,
                tuple(self.taken),
                tuple(gains),
                tuple(self.scores),
                tuple(notes),
                tuple(self.tricks),
            )
        )
        self.turn = None
        if max(self.scores) >= self.target or len(self.sheet) >= self.max_hands:
            self.phase = "over"
        else:
            self._new_hand()

    # -- views ------------------------------------------------------------------------
    def view(self, seat: int, knowledge: Knowledge) -> ThousandView:
        own = tuple(
            sorted(
                ((p, knowledge[p]) for p in self.hands[seat] if p in knowledge),
                key=lambda pc: _DISPLAY(pc[1]),
            )
        )
        over = self.phase == "over"
        return ThousandView(
            seat=seat,
            need=self.need(),
            hand=own,
            counts=tuple(len(h) for h in self.hands),
            hand_no=self.hand_no,
            dealer=self.dealer,
            first_hand=self.first_hand,
            players=self.players,
            talon_choice=self.talon_choice,
            phase=self.phase,
            auction=tuple(self.auction),
            bid=self.bid,
            bidder=self.bidder,
            passed=tuple(self.passed),
            declarer=self.declarer,
            talon=tuple(self.public[p] for p in self.talon)
            if self.talon_shown
            and not over
            and self.talon
            and all(p in self.public for p in self.talon)
            else (),
            talon_shown=self.talon_shown,
            turn=self.turn,
            trick=tuple((s, self._card(p)) for s, p in self.trick),
            last_trick=tuple((s, self._card(p)) for s, p in self.last_trick),
            last_winner=self.last_winner,
            trick_no=self.trick_no,
            trump=self.trump,
            marriages=tuple(self.marriages),
            aces=self.aces,
            played=tuple(self._card(p) for p in self.played),
            taken=tuple(self.taken),
            tricks=tuple(self.tricks),
            scores=tuple(self.scores),
            barrel=tuple(s.barrel for s in self.standings),
            bolts=tuple(s.bolts for s in self.standings),
            sheet=tuple(self.sheet),
            target=self.target,
            barrel_bid=self.rules.barrel_bid,
        )

    def public_state(self) -> Any:
        return [
            self.hand_no,
            self.phase,
            self.cursor,
            [sorted(h) for h in self.hands],
            sorted((p, c.code) for p, c in self.public.items()),
            [list(a) for a in self.auction],
            self.bid,
            self.bidder,
            list(self.passed),
            self.turn,
            self.declarer,
            self.talon_shown,
            self.talon_choice,
            list(self.discard),
            list(self.given),
            [list(t) for t in self.trick],
            self.trick_no,
            None if self.trump is None else int(self.trump),
            [[s, int(u)] for s, u in self.marriages],
            self.aces,
            list(self.taken),
            list(self.tricks),
            [[s.score, s.barrel, s.bolts] for s in self.standings],
            len(self.sheet),
        ]


# ---------------------------------------------------------------- claim checks


def _bid_check(bid: int, hand: tuple[int, ...], four_aces: bool) -> ClaimCheck:
    """Claim ``"bid"`` (``{"bid": b}``, a bid over 120): the hand at ``hand`` holds
    marriages (or four aces, option) allowing ``bid``; false with the marriages held
    (king and queen of each, in suit order), ``about`` = ``{"limit": the highest bid
    they allow}``."""

    def check(cards: Mapping[int, Card]) -> Falsified | None:
        held = [cards[p] for p in hand]
        limit = bid_limit(held, four_aces)
        if bid <= limit:
            return None
        shown = tuple(Card(r, u) for u in marriages_in(held) for r in (Rank.KING, Rank.QUEEN))
        return Falsified(shown, {"limit": limit})

    return check


def _bid_groups(bid: int, four_aces: bool) -> list[tuple[Card, ...]]:
    """The smallest sets of marriages (and four aces, option) that allow ``bid``: each the
    cards it needs (king and queen of each suit), for a "holds" statement."""
    need = bid - 120
    items: list[tuple[int, tuple[Card, ...]]] = [
        (MARRIAGE_POINTS[u], (Card(Rank.KING, u), Card(Rank.QUEEN, u))) for u in Suit
    ]
    if four_aces:
        items.append((FOUR_ACES_POINTS, tuple(Card(Rank.ACE, u) for u in Suit)))
    enough = []
    for mask in range(1, 1 << len(items)):
        chosen = [items[i] for i in range(len(items)) if mask >> i & 1]
        if sum(p for p, _ in chosen) >= need:
            enough.append(mask)
    minimal = [m for m in enough if not any(o != m and o & m == o for o in enough)]
    return [tuple(c for i, (_, cs) in enumerate(items) if m >> i & 1 for c in cs) for m in minimal]


def _follow_check(
    pos: int, rest: tuple[int, ...], trick: tuple[Card, ...], trump: Suit | None
) -> ClaimCheck:
    """Claim ``"follow"`` (``{"trick", "card", **duty(...)}``): the card at ``pos`` was a
    legal play on ``trick`` from the hand ``pos`` + ``rest``; false with the cards that
    should have been played (display order), ``about`` = ``{"must": "beat", "top": card}``
    or ``{"must": "follow", "led": suit}`` or ``{"must": "trump", "led": suit, "trump":
    suit or None}``."""

    def check(cards: Mapping[int, Card]) -> Falsified | None:
        played = cards[pos]
        hand = [played, *(cards[p] for p in rest)]
        allowed = allowed_plays(hand, trick, trump)
        if played in allowed:
            return None
        led = trick[0].suit
        about: dict[str, Any]
        if any(c.suit == led for c in allowed):
            top = max((c for c in trick if c.suit == led), key=lambda c: _ORDER[c.rank])
            about = {"must": "beat", "top": top} if played.suit == led else {"must": "follow"}
        else:
            about = {"must": "trump", "trump": trump}
        about["led"] = led
        return Falsified(tuple(sorted(allowed, key=_DISPLAY)), about)

    return check


def _holds_check(need: tuple[Card, ...], rest: tuple[int, ...]) -> ClaimCheck:
    """Claims ``"marriage"`` (``{"trick", "card", "suit"}``) and ``"aces"`` (``{"trick",
    "card"}``): the rest of the hand holds every card of ``need``; false with the cards
    missing."""

    def check(cards: Mapping[int, Card]) -> Falsified | None:
        held = {cards[p] for p in rest}
        missing = tuple(c for c in need if c not in held)
        return Falsified(missing) if missing else None

    return check
