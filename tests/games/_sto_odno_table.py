"""Helpers for the 101 tests: tables with given decks, moves by card name, the audit.

``deal(["A♠ A♥ ..", ".."], stock="..")`` deals the given hands from a given deck order
(LocalDealer ``decks=[...]``); ``midround(...)`` sets up a position in the middle of a
round (hands, discard pile, stock) for the stock and redeal rules.
"""

from __future__ import annotations

from typing import Any

from p2pcards.cards import Card, Suit, parse_cards
from p2pcards.games import Decision, LocalDealer, RandomValue, Shuffle, load_game
from p2pcards.games.sto_odno import Draw, Pass, Play, StoOdnoState, TakePenalty, sto_odno_deck


def _order(hands: list[list[Card]], starter: int, rest: list[Card], size: int) -> list[Card]:
    n = len(hands)
    per = len(hands[0])
    assert all(len(h) == per for h in hands), "every hand has the same size"
    dealt = [hands[(starter + i) % n][i // n] for i in range(per * n)]
    listed = dealt + rest
    assert len(set(listed)) == len(listed), "a card is listed twice"
    return listed + [c for c in sto_odno_deck(size) if c not in listed]


def settle(dealer: LocalDealer, new_round: bool = False) -> None:
    """Let the dealer answer every need until a decision or the end; it stops before the
    shuffle of a new round (whose deck would replace ``dealer.cards``) unless
    ``new_round``."""
    while True:
        need = dealer.state.need()
        if isinstance(need, Shuffle) and need.first == 0 and dealer.cards and not new_round:
            return
        if dealer.answer() is None:
            return
        new_round = False


def deal(
    hands: list[str],
    stock: str = "",
    starter: int = 0,
    scores: list[int] | None = None,
    **opts: Any,
) -> tuple[StoOdnoState, LocalDealer]:
    """A table whose first round deals ``hands`` (seat by seat) and whose stock starts
    with ``stock`` (the unlisted cards follow in canonical order); the lot picks
    ``starter``; ``scores`` are the series scores before the round."""
    hs = [parse_cards(h) for h in hands]
    game = load_game("101", seats=len(hs), cards=len(hs[0]), **opts)
    state = game.new_state()
    if scores is not None:
        state.scores = list(scores)
    order = _order(hs, starter, parse_cards(stock), game.options["deck"])
    dealer = LocalDealer(state, decks=[order])
    dealer.apply(RandomValue(starter))
    settle(dealer)
    return state, dealer


def midround(
    hands: list[str],
    discard: str,
    stock: str = "",
    turn: int = 0,
    rest: str = "discard",
    **opts: Any,
) -> tuple[StoOdnoState, LocalDealer]:
    """A position in the middle of a round: ``hands`` per seat, the discard pile (last
    card on top), the stock (first card drawn first), ``turn`` to move, normal mode
    ("first" when the discard pile is empty).  Unlisted cards go under the discard pile
    (``rest="discard"``), to the end of the stock (``"stock"``), to a seat's hand
    (``"seat:N"``) or out of play (``"out"``, positions in no zone: only for rules that
    cannot be reached with every card in play)."""
    hs = [parse_cards(h) for h in hands]
    st = parse_cards(stock)
    dc = parse_cards(discard)
    game = load_game("101", seats=len(hs), **opts)
    state = game.new_state()
    listed = [c for h in hs for c in h] + dc + st
    assert len(set(listed)) == len(listed), "a card is listed twice"
    others = [c for c in sto_odno_deck(game.options["deck"]) if c not in listed]
    out: list[Card] = []
    if rest == "discard":
        dc = others + dc
    elif rest == "stock":
        st = st + others
    elif rest.startswith("seat:"):
        hs[int(rest[5:])] += others
    else:
        out = others
    order = [c for h in hs for c in h] + dc + st + out
    dealer = LocalDealer(state, decks=[order])
    dealer.apply(RandomValue(turn))
    settle(dealer)
    pos = iter(range(len(order)))
    state.hands = [[next(pos) for _ in h] for h in hs]
    state.discard = [next(pos) for _ in dc]
    state.stock = [next(pos) for _ in st]
    state.public = {p: dealer.cards[p] for p in state.discard}
    for s in range(len(hs)):
        dealer.knowledge[s] = {p: dealer.cards[p] for p in state.hands[s]} | dict(state.public)
    state.turn, state.mode = turn, ("normal" if state.discard else "first")
    return state, dealer


def pos_of(dealer: LocalDealer, seat: int, card: str) -> int:
    """The position of ``card`` in ``seat``'s hand."""
    c = parse_cards(card)[0]
    st = dealer.state
    assert isinstance(st, StoOdnoState)
    for p in st.hands[seat]:
        if dealer.cards[p] == c:
            return p
    raise AssertionError(f"seat {seat} does not hold {card}")


def play(dealer: LocalDealer, seat: int, cards: str, suit: Suit | None = None) -> None:
    """Seat ``seat`` plays ``cards`` (a legal move, checked), then the dealer settles."""
    cs = tuple(parse_cards(cards))
    mv = Play(seat, tuple(pos_of(dealer, seat, c.symbol) for c in cs), cs, suit)
    assert mv in legal(dealer, seat), f"{mv} is not legal: {legal(dealer, seat)}"
    dealer.apply(mv)
    settle(dealer)


def legal(dealer: LocalDealer, seat: int) -> list[Any]:
    """The legal moves of ``seat`` with its knowledge."""
    return dealer.state.legal_moves(seat, dealer.knowledge[seat])


def draw(dealer: LocalDealer, seat: int) -> None:
    """Seat ``seat`` draws (must be its only legal move)."""
    assert legal(dealer, seat) == [Draw(seat)], legal(dealer, seat)
    dealer.apply(Draw(seat))
    settle(dealer)


def pass_(dealer: LocalDealer, seat: int) -> None:
    """Seat ``seat`` passes (must be its only legal move)."""
    assert legal(dealer, seat) == [Pass(seat)], legal(dealer, seat)
    dealer.apply(Pass(seat))
    settle(dealer)


def take(dealer: LocalDealer, seat: int) -> None:
    """Seat ``seat`` takes a pending penalty."""
    assert TakePenalty(seat) in legal(dealer, seat)
    dealer.apply(TakePenalty(seat))
    settle(dealer)


def hand(dealer: LocalDealer, seat: int) -> list[Card]:
    """The cards in ``seat``'s hand, sorted."""
    st = dealer.state
    assert isinstance(st, StoOdnoState)
    return sorted(dealer.cards[p] for p in st.hands[seat])


def cards(text: str) -> list[Card]:
    """Sorted cards from text."""
    return sorted(parse_cards(text))


def turn(dealer: LocalDealer) -> int:
    """The seat whose decision is awaited."""
    need = dealer.state.need()
    assert isinstance(need, Decision), need
    return need.seat


def audit(dealer: LocalDealer) -> list[tuple[int, str, tuple[Card, ...]]]:
    """Check every claim against the dealer's cards; returns the failures as (seat, the
    move claimed impossible to avoid ("draw"/"pass"), the cards that make it false)."""
    out = []
    for claim in dealer.state.claims():
        why = claim.check(dealer.cards)
        if why is not None:
            out.append((claim.seat, claim.about["move"], why.cards))
    return out
