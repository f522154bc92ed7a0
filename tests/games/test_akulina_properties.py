"""Property tests of Akulina over random decks, 2..8 seats and every option."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from p2pcards.cards import Card
from p2pcards.games import (
    Decision,
    Finished,
    IllegalMove,
    LocalDealer,
    Move,
    Opened,
    load_game,
)
from p2pcards.games.akulina import QUEEN_OF_SPADES, AkulinaState, Discard, Draw, pairable

OPTIONS = st.fixed_dictionaries(
    {
        "deck": st.sampled_from([32, 36, 52]),
        "removed_queen": st.sampled_from(["hearts", "diamonds", "clubs"]),
        "full_deck": st.booleans(),
        "hands": st.integers(1, 2),
    }
)


def candidates(state: AkulinaState, seat: int, knowledge: dict[int, Card]) -> list[Move]:
    """Moves a seat might try: every draw index (and two out of range), every discard of
    zero or two of its cards with the true cards, and one with a false claim."""
    hand = sorted(state.hands[seat])
    out: list[Move] = []
    if state.holder is not None:
        out += [Draw(seat, i) for i in range(-1, len(state.hands[state.holder]) + 1)]
    out.append(Discard(seat, (), ()))
    for a, b in itertools.combinations(hand, 2):
        out.append(Discard(seat, (a, b), (knowledge[a], knowledge[b])))
    return out


def caught(state: AkulinaState, move: Move, cards: dict[int, Card]) -> bool:
    """An unlisted move is caught at once, at the open, or by its claim's check."""
    s = state.clone()
    before = len(s.claims())
    try:
        s.apply(move)
        if isinstance(move, Discard) and move.positions:
            s.apply(Opened(move.positions, tuple(cards[p] for p in move.positions)))
    except IllegalMove:
        return True
    new = s.claims()[before:]
    return any(c.check(cards) is not None for c in new)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), seats=st.integers(2, 8), options=OPTIONS)
def test_random_games_keep_every_rule(seed: int, seats: int, options: dict) -> None:
    game = load_game("akulina", seats=seats, **options)
    state: AkulinaState = game.new_state()
    dealer = LocalDealer.seeded(state, seed)
    rng = random.Random(seed)
    total = len(state.deck_cards)
    probes = 0
    for _ in range(100_000):
        need = state.need()
        if isinstance(need, Finished):
            break
        if not isinstance(need, Decision):
            dealer.answer()
            continue
        seat = need.seat
        # nobody acts out of turn
        for other in range(seats):
            if other != seat:
                assert state.legal_moves(other, dealer.knowledge[other]) == []
        legal = state.legal_moves(seat, dealer.knowledge[seat])
        assert legal == sorted(legal, key=repr) or len({type(m) for m in legal}) == 1
        if probes < 6 and rng.random() < 0.2:
            probes += 1
            for m in candidates(state, seat, dealer.knowledge[seat]):
                if m not in legal:
                    assert caught(state, m, dealer.cards), m
        move = legal[rng.randrange(len(legal))]
        dealer.apply(move)
        # cards are conserved: every position is in exactly one hand or the discard pile
        held = [p for h in state.hands for p in h]
        assert sorted(held + state.discards) == list(range(total))
    result = state.need()
    assert isinstance(result, Finished)
    loser = result.result["loser"]
    final = sorted(dealer.cards[p] for p in state.hands[loser])
    if options["full_deck"]:
        assert len(final) == 2 and QUEEN_OF_SPADES in final and all(c.rank == 12 for c in final)
    else:
        assert final == [QUEEN_OF_SPADES]
    # every discard is an allowed pair; every claim holds
    for hand in dealer.hand_events:
        for ev in hand:
            if isinstance(ev, Discard):
                by_rank: dict[int, int] = {}
                for c in ev.cards:
                    by_rank[c.rank] = by_rank.get(c.rank, 0) + 1
                assert all(n % 2 == 0 for n in by_rank.values())
                assert QUEEN_OF_SPADES not in ev.cards
    assert all(c.check(dealer.cards) is None for c in state.claims() if c.hand == state.hand_no - 1)
    assert pairable(Card.from_code(0), Card.from_code(13))
