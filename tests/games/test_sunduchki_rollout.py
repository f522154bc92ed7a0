"""Sunduchki's open-card simulation (the strong bot's rollouts) plays the rules and
``basic``'s rule exactly as the engine and ``basic`` do ("Ход: три вопроса по порядку",
"Ошибка: карты остаются у соперника", "Пустая рука и конец партии")."""

from __future__ import annotations

import copy
import random
from typing import Any

from p2pcards.cards import parse_cards
from p2pcards.games import Decision, LocalDealer, load_game
from p2pcards.games.sunduchki import GAME
from p2pcards.games.sunduchki._infer import FULL, infer, public_masks
from p2pcards.games.sunduchki._moves import Ask
from p2pcards.games.sunduchki._rollout import Sim, _named, basic_masks

BASIC = GAME.bots["basic"]


def _sim(state: Any, dealer: LocalDealer, view: Any) -> Sim:
    """The engine's position as a Sim (every card, from the local dealer)."""
    hands = [[dealer.cards[p] for p in state.hands[s]] for s in range(state.seats)]
    stock = [dealer.cards[p] for p in state.stock]
    return Sim.build(hands, view.open_cards, stock, view.scores, view.in_play, public_masks(view))


def test_the_simulation_plays_basics_game_to_the_same_end() -> None:
    # From the first ask, the simulation with basic's rule and the same generators ends
    # with the chests the engine's game of three basic bots ends with; at every ask on
    # the way its rule picks the move basic picks.
    game = load_game("sunduchki", seats=3)
    asks = 0
    for seed in (3,):
        state = game.new_state()
        dealer = LocalDealer(state, rng=random.Random(seed))
        start: tuple[Sim, int, list[random.Random]] | None = None
        while not state.is_finished:
            if dealer.answer() is not None:
                continue
            need = state.need()
            assert isinstance(need, Decision)
            s = need.seat
            legal = state.legal_moves(s, dealer.knowledge[s])
            view = state.view(s, dealer.knowledge[s])
            if isinstance(legal[0], Ask):
                sim = _sim(state, dealer, view)
                if start is None:
                    start = (sim.copy(), s, copy.deepcopy(dealer.player_rngs))
                assert sim.asks(s) == [(m.target, int(m.rank)) for m in legal]
                t, r = sim.policy(s, copy.deepcopy(dealer.player_rngs[s]))
                want = BASIC(view, legal, copy.deepcopy(dealer.player_rngs[s]))
                assert isinstance(want, Ask)
                assert (t, r) == (want.target, int(want.rank))
                asks += 1
            dealer.apply(BASIC(view, legal, dealer.player_rngs[s]))
        assert start is not None
        sim, first, rngs = start
        sim.play(first, rngs)
        assert sim.chests == state.result()["chests"]
        assert sim.done()
    assert asks > 20


def test_a_request_follows_the_three_questions() -> None:
    # Seat 0 holds Q♥ Q♣ 8♦ A♠, seat 1 Q♦ Q♠ 7♥ K♣ (the rules' worked example): naming
    # ♠ ♦ wins both queens, the chest goes aside and seat 0 asks again; naming ♦ ♣
    # fails at question 3, both queens stay and seat 0 draws the stock's top card.
    hands = [
        parse_cards("QH QC 8D AS"),
        parse_cards("QD QS 7H KC"),
        parse_cards("6S 6H 9C 10D"),
    ]
    stock = parse_cards("9S JH")
    ranks = sorted({c.rank for c in (*hands[0], *hands[1], *hands[2], *stock)})
    pm = {(s, r): FULL for s in range(3) for r in ranks}
    q = int(parse_cards("QH")[0].rank)
    win = Sim.build(hands, ((), (), ()), stock, (0, 0, 0), ranks, pm)
    assert win.request(0, 1, q, 0b0101)  # spades and diamonds
    assert win.chests == [1, 0, 0] and win.cnt == [2, 2, 4] and q not in win.live
    assert win.after(0, True) == 0
    miss = Sim.build(hands, ((), (), ()), stock, (0, 0, 0), ranks, pm)
    assert not miss.request(0, 1, q, 0b1100)  # diamonds and clubs
    assert miss.cnt == [5, 4, 4] and miss.hold[1][q] == 0b0101 and miss.top == 1
    assert miss.pm[1][q] & 1 << 0b1100 == 0  # everyone saw the "no" to those suits
    assert miss.after(0, False) == 1


def test_basic_masks_hold_the_truth_against_basic_and_read_its_suits() -> None:
    # In a game of three basic bots, at every ask of seat 0 the masks narrowed by what
    # basic's questions say (basic_masks) still hold every opponent's real suit-set of
    # every rank, their public part is public_masks, and somewhere they are narrower.
    game = load_game("sunduchki", seats=3)
    state = game.new_state()
    dealer = LocalDealer(state, rng=random.Random(5))
    narrower = 0
    while not state.is_finished:
        if dealer.answer() is not None:
            continue
        need = state.need()
        assert isinstance(need, Decision)
        s = need.seat
        legal = state.legal_moves(s, dealer.knowledge[s])
        view = state.view(s, dealer.knowledge[s])
        if s == 0 and isinstance(legal[0], Ask):
            wide, narrow = infer(view), infer(view, basic_masks(view))
            for (o, r), m in narrow.items():
                true = sum(
                    1 << int(dealer.cards[q].suit)
                    for q in state.hands[o]
                    if dealer.cards[q].rank == r
                )
                assert m >> true & 1, (o, r, true)
                assert m & ~wide[o, r] == 0
                narrower += m != wide[o, r]
        dealer.apply(BASIC(view, legal, dealer.player_rngs[s]))
    assert narrower > 0


def test_basic_names_the_lowest_suit_it_does_not_hold() -> None:
    # Asking about a rank of a full hand of four whose suits nobody has seen, basic
    # names one card (the likeliest count) and the lowest suit (♠ < ♥ < ♦ < ♣) the
    # target may hold: one it does not hold itself.  So naming ♦ says ♠ and ♥ are its.
    spades, hearts, diamonds = 0b0001, 0b0010, 0b0100
    assert _named(spades | hearts, FULL, 0, 0, 4, 0.25, None) == 1
    assert _named(spades | hearts, FULL, 0, 0, 4, 0.25, 1) == diamonds
    assert _named(spades, FULL, 0, 0, 4, 0.25, 1) == hearts
    assert _named(hearts, FULL, 0, 0, 4, 0.25, 1) == spades
    # ♠ open in a third hand: ♥ alone is named by whoever holds ♥ or not
    assert _named(diamonds, FULL, 0, spades, 4, 0.25, 1) == hearts
