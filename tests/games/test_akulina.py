"""Akulina rules (akulina.ru.txt), each with a given deal."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from p2pcards.cards import Card, parse_cards
from p2pcards.games import (
    ClaimMismatch,
    Decision,
    Falsified,
    Finished,
    IllegalMove,
    LocalDealer,
    Open,
    OrderCommitted,
    Random,
    RandomValue,
    load_game,
)
from p2pcards.games.akulina import QUEEN_OF_SPADES, AkulinaState, Discard, Draw, akulina_deck


def deck_for(hands: dict[int, Sequence[Card]], seats: int, cards: Sequence[Card]) -> list[Card]:
    """A deck order dealing ``hands[seat]`` to each seat (dealer 0, first card to seat 1,
    one card at a time); seats not named get the remaining cards in deck order."""
    rest = [c for c in cards if all(c not in h for h in hands.values())]
    order: list[Card] = []
    queues = {s: list(hands.get(s, ())) for s in range(seats)}
    for i in range(len(cards)):
        seat = (1 + i) % seats
        order.append(queues[seat].pop(0) if queues[seat] else rest.pop(0))
    assert not rest and all(not q for q in queues.values()), "hands do not fit the deal"
    return order


def sorted_order(seat: int, positions: Sequence[int], rng: object) -> list[int]:
    return sorted(positions)


def start(seats: int, hands: dict[int, str], **options: object) -> tuple[AkulinaState, LocalDealer]:
    game = load_game("akulina", seats=seats, **options)
    state: AkulinaState = game.new_state()
    order = deck_for({s: parse_cards(h) for s, h in hands.items()}, seats, state.deck_cards)
    dealer = LocalDealer(state, decks=[order], hand_order=sorted_order)
    return state, dealer


def answer_until_decision(dealer: LocalDealer) -> None:
    while dealer.answer() is not None:
        pass


def initial_discards(state: AkulinaState, dealer: LocalDealer, lot: bool = True) -> None:
    """Every seat discards the first of its legal discards (all pairs); then the dealer
    answers up to the first drawer's decision (unless ``lot`` is False: stop at the lot)."""
    answer_until_decision(dealer)
    while state.phase == "initial":
        seat = state.need().seat  # type: ignore[union-attr]
        dealer.apply(state.legal_moves(seat, dealer.knowledge[seat])[0])
        while state.phase == "open":
            dealer.answer()
    if lot:
        answer_until_decision(dealer)


def hand_cards(state: AkulinaState, dealer: LocalDealer, seat: int) -> list[Card]:
    return sorted(dealer.cards[p] for p in state.hands[seat])


DEAL3 = {
    1: "6s 6h 6d 7s 7h 7d 7c 8s 9s 10s Js Qs",
    2: "6c 8h 8d 9h 9d 10h Jh Ks Kh As Ah Qh",
    0: "8c 9c 10d 10c Jd Jc Kd Kc Ad Ac Qc",
}


def test_deck_is_35_cards_without_the_queen_of_diamonds() -> None:
    cards = akulina_deck(36, "diamonds", False)
    assert len(cards) == 35
    assert parse_cards("Qd")[0] not in cards and QUEEN_OF_SPADES in cards
    assert len(akulina_deck(32, "hearts", False)) == 31
    assert len(akulina_deck(52, "clubs", False)) == 51
    assert len(akulina_deck(36, "diamonds", True)) == 36


def test_deal_is_even_one_at_a_time() -> None:
    state, dealer = start(3, DEAL3)
    answer_until_decision(dealer)
    assert [len(h) for h in state.hands] == [11, 12, 12]
    two = load_game("akulina", seats=2).new_state()
    LocalDealer.seeded(two, 1).answer()
    assert sorted(len(h) for h in two.hands) == [17, 18]


def test_initial_discards_every_pair_three_of_a_kind_keeps_one() -> None:
    state, dealer = start(3, DEAL3)
    answer_until_decision(dealer)
    assert state.need() == Decision(1)  # the seat left of the dealer discards first
    legal = state.legal_moves(1, dealer.knowledge[1])
    # three sixes: any two of them; four sevens: both pairs; the queen of spades never.
    assert len(legal) == 3
    for m in legal:
        assert isinstance(m, Discard)
        names = sorted(c.symbol for c in m.cards)
        assert names.count("7♠") + names.count("7♥") + names.count("7♦") + names.count("7♣") == 4
        assert sum(c.symbol.startswith("6") for c in m.cards) == 2
        assert QUEEN_OF_SPADES not in m.cards
    # seat 2: the queen of hearts does not pair with anything here (queen of diamonds gone)
    initial_discards(state, dealer)
    assert [len(h) for h in state.hands] == [3, 6, 4]
    assert hand_cards(state, dealer, 2) == sorted(parse_cards("6c 10h Jh Qh"))
    assert hand_cards(state, dealer, 0) == sorted(parse_cards("8c 9c Qc"))


def test_two_other_queens_pair_but_never_the_queen_of_spades() -> None:
    state, dealer = start(3, {1: "Qs Qh Qc 6s 7s 8s 9s 10s Js Ks As 6h"})
    answer_until_decision(dealer)
    (only,) = state.legal_moves(1, dealer.knowledge[1])
    assert sorted(c.symbol for c in only.cards) == ["6♠", "6♥", "Q♣", "Q♥"]
    qs = next(p for p in state.hands[1] if dealer.cards[p] == QUEEN_OF_SPADES)
    qh = next(p for p in state.hands[1] if dealer.cards[p].symbol == "Q♥")
    with pytest.raises(IllegalMove, match="not allowed pairs"):
        state.apply(Discard(1, (qs, qh), (QUEEN_OF_SPADES, dealer.cards[qh])))


def test_first_drawer_has_fewest_cards_and_draws_from_the_right() -> None:
    state, dealer = start(3, DEAL3)
    initial_discards(state, dealer)
    # seat 0 holds 3 cards, the fewest: it draws, from seat 2 (its right neighbour),
    # which first commits to a secret order of its 4 cards
    assert dealer.events[-1] == OrderCommitted(2)
    assert state.need() == Decision(0) and state.holder == 2
    assert state.legal_moves(0, dealer.knowledge[0]) == [Draw(0, i) for i in range(4)]
    assert state.legal_moves(1, dealer.knowledge[1]) == []


def test_a_tie_for_fewest_cards_is_broken_by_a_lot() -> None:
    # seat 1 and seat 2 both end the initial discards with 2 cards; seat 0 with more.
    hands = {
        1: "6s 6h 7s 7h 8s 8h 9s 9h 10s 10h As Qs",
        2: "6d 6c 7d 7c 8d 8c 9d 9c 10d 10c Kh Jh",
    }
    state, dealer = start(3, hands)
    initial_discards(state, dealer, lot=False)
    assert [len(h) for h in state.hands] == [3, 2, 2]
    assert state.need() == Random(2, "first drawer")
    state.apply(RandomValue(1))  # tied seats in clockwise order from the dealer's left: [1, 2]
    assert state.drawer == 2 and state.holder == 1


def test_a_drawn_card_that_pairs_must_be_discarded_at_once() -> None:
    state, dealer = start(3, DEAL3)
    initial_discards(state, dealer)
    dealer.answer()  # seat 2 commits to its (sorted) order: 6c 10h Jh Qh by position
    order = sorted(state.hands[2])
    idx = next(i for i, p in enumerate(order) if dealer.cards[p].symbol == "Q♥")
    dealer.apply(Draw(0, idx))
    answer_until_decision(dealer)
    legal = state.legal_moves(0, dealer.knowledge[0])
    assert [sorted(c.symbol for c in m.cards) for m in legal] == [["Q♣", "Q♥"]]
    with pytest.raises(IllegalMove):
        state.apply(Draw(0, 0))  # no second draw
    dealer.apply(legal[0])
    answer_until_decision(dealer)
    assert hand_cards(state, dealer, 0) == sorted(parse_cards("8c 9c"))
    # the turn passes clockwise: seat 1 draws from seat 0
    assert state.drawer == 1 and state.holder == 0


def test_no_pair_keeps_the_card_and_is_a_claim() -> None:
    state, dealer = start(3, DEAL3)
    initial_discards(state, dealer)
    dealer.answer()
    order = sorted(state.hands[2])
    idx = next(i for i, p in enumerate(order) if dealer.cards[p].symbol == "10♥")
    dealer.apply(Draw(0, idx))
    answer_until_decision(dealer)
    assert state.legal_moves(0, dealer.knowledge[0]) == [Discard(0, (), ())]
    dealer.apply(Discard(0, (), ()))
    claim = state.claims()[-1]
    assert claim.seat == 0 and claim.check(dealer.cards) is None


def test_keeping_a_pair_is_caught_by_the_claim_check() -> None:
    state, dealer = start(3, DEAL3)
    initial_discards(state, dealer)
    dealer.answer()
    order = sorted(state.hands[2])
    idx = next(i for i, p in enumerate(order) if dealer.cards[p].symbol == "Q♥")
    dealer.apply(Draw(0, idx))
    answer_until_decision(dealer)
    dealer.apply(Discard(0, (), ()))  # a lie: Q♥ pairs with Q♣
    claim = state.claims()[-1]
    assert claim.seat == 0
    assert claim.kind == "no_pair"
    assert claim.check(dealer.cards) == Falsified(tuple(parse_cards("Q♣ Q♥")))


def test_claimed_cards_that_the_open_contradicts() -> None:
    state, dealer = start(3, DEAL3)
    answer_until_decision(dealer)
    sixes = [p for p in state.hands[1] if dealer.cards[p].symbol in ("6♠", "6♥")]
    lie = Discard(1, tuple(sixes), tuple(parse_cards("7s 7h")))
    state.apply(lie)
    need = state.need()
    assert isinstance(need, Open)
    with pytest.raises(ClaimMismatch) as e:
        dealer.answer()
    assert e.value.seat == 1


def test_out_of_turn_and_bad_index_are_rejected() -> None:
    state, dealer = start(3, DEAL3)
    initial_discards(state, dealer)
    dealer.answer()
    with pytest.raises(IllegalMove, match="seat 0's turn") as e:
        state.apply(Draw(1, 0))
    assert e.value.seat == 1
    with pytest.raises(IllegalMove, match="no card at index 9"):
        state.apply(Draw(0, 9))


def test_empty_seats_are_skipped_as_drawer_and_holder() -> None:
    # 4 seats: seat 3 gets only pairs and is out after the initial discards.
    hands = {3: "6s 6h 7s 7h 8s 8h 9s 9h 10s", 0: "6d 6c 7d 7c 8d 8c 9d 9c"}
    state, dealer = start(4, hands)
    answer_until_decision(dealer)
    initial_discards(state, dealer)
    assert len(state.hands[0]) == 0 and len(state.hands[3]) == 1
    # seat 0 is out: it never draws and never is a holder
    seen = []
    for _ in range(40):
        need = state.need()
        if isinstance(need, Finished):
            break
        if isinstance(need, Decision):
            seen.append((state.drawer, state.holder))
            m = state.legal_moves(need.seat, dealer.knowledge[need.seat])[0]
            dealer.apply(m)
        else:
            dealer.answer()
    assert seen and all(0 not in pair for pair in seen)
    assert (1, 3) in seen  # seat 1's right neighbour is seat 0 (out), so it draws from seat 3


def test_a_lone_queen_of_spades_stays_in() -> None:
    # seat 0 (11 cards) keeps only the queen of spades after its pairs
    hands = {0: "Qs 6s 6h 7s 7h 8s 8h 9s 9h 10s 10h"}
    state, dealer = start(3, hands)
    initial_discards(state, dealer)
    assert hand_cards(state, dealer, 0) == [QUEEN_OF_SPADES]
    view = state.view(0, dealer.knowledge[0])
    assert view.out[0] is False
    assert state.drawer == 0  # fewest cards: it is even the first to draw


@pytest.mark.parametrize(
    ("options", "final"),
    [
        ({}, ["Q♠"]),
        ({"deck": 32}, ["Q♠"]),
        ({"deck": 52}, ["Q♠"]),
        ({"removed_queen": "hearts"}, ["Q♠"]),
    ],
)
def test_the_loser_ends_with_exactly_the_queen_of_spades(options: dict, final: list) -> None:
    for seats in (2, 3, 5, 8):
        for seed in range(5):
            state = load_game("akulina", seats=seats, **options).new_state()
            dealer = LocalDealer.seeded(state, seed)
            result = dealer.run([state.game.info.bots["basic"]] * seats)
            loser = result["loser"]
            assert [len(h) for s, h in enumerate(state.hands) if s != loser] == [0] * (seats - 1)
            assert [dealer.cards[p].symbol for p in state.hands[loser]] == final
            assert result["losers"] == [loser]


def test_full_deck_loser_holds_the_queen_of_spades_and_another_queen() -> None:
    for seed in range(10):
        state = load_game("akulina", seats=4, full_deck=True).new_state()
        dealer = LocalDealer.seeded(state, seed)
        result = dealer.run([state.game.info.bots["random"]] * 4)
        cards = [dealer.cards[p] for p in state.hands[result["loser"]]]
        assert len(cards) == 2 and QUEEN_OF_SPADES in cards
        assert all(c.rank == 12 for c in cards)


def test_two_seats_play_to_the_end() -> None:
    state = load_game("akulina", seats=2).new_state()
    dealer = LocalDealer.seeded(state, 3)
    result = dealer.run([state.game.info.bots["basic"]] * 2)
    assert result["loser"] in (0, 1)
    loser = result["loser"]
    assert [dealer.cards[p] for p in state.hands[loser]] == [QUEEN_OF_SPADES]
    # with two seats every draw is from the other seat
    draws = [e for e in dealer.events if isinstance(e, Draw)]
    assert draws


def test_a_series_counts_one_loss_per_hand() -> None:
    state = load_game("akulina", seats=3, hands=5).new_state()
    dealer = LocalDealer.seeded(state, 11)
    result = dealer.run([state.game.info.bots["basic"]] * 3)
    assert sum(result["losses"]) == 5 and result["hands"] == 5
    assert len(dealer.hand_events) == 5
    worst = max(result["losses"])
    assert result["losers"] == [s for s in range(3) if result["losses"][s] == worst]
