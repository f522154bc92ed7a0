"""Thousand: arbitrary moves at any decision never crash the engine: either they are
applied or they raise a GameError naming the seat, leaving the state unchanged."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from p2pcards.cards import Card, Rank, Suit
from p2pcards.games import Decision, GameError, LocalDealer, load_game
from p2pcards.games.thousand import Bid, GiveCards, Pass, Play

cards = st.builds(Card, st.sampled_from(list(Rank)), st.sampled_from(list(Suit)))
seats = st.integers(-1, 3)
positions = st.integers(-2, 26)
moves = st.one_of(
    st.builds(Bid, seats, st.integers(-10, 700)),
    st.builds(Pass, seats),
    st.builds(GiveCards, seats, st.lists(positions, max_size=3).map(tuple)),
    st.builds(Play, seats, positions, cards, st.sampled_from(["", "marriage", "aces", "x"])),
)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 50), steps=st.integers(0, 60), junk=st.lists(moves, max_size=8))
def test_arbitrary_moves_are_applied_or_rejected_cleanly(
    seed: int, steps: int, junk: list[object]
) -> None:
    state = load_game("thousand", four_aces=True).new_state()
    dealer = LocalDealer.seeded(state, seed)
    done = 0
    while done < steps:
        need = state.need()
        if isinstance(need, Decision):
            legal = state.legal_moves(need.seat, dealer.knowledge[need.seat])
            dealer.apply(legal[seed % len(legal)])
            done += 1
        elif dealer.answer() is None:
            return
    for mv in junk:
        if not isinstance(state.need(), Decision):
            break
        before = state.digest()
        try:
            state.apply(mv)  # type: ignore[arg-type]
        except GameError as e:
            assert state.digest() == before
            assert str(e)
