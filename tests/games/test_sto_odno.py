"""101, the default variant ("ours") of sto-odno.ru.txt, with given decks."""

from __future__ import annotations

import pytest

from p2pcards.cards import Card, Suit, parse_cards
from p2pcards.games import Finished, Revealed, Shuffle, game_info, load_game
from p2pcards.games.sto_odno import Draw, Pass, Play, StoOdnoState
from tests.games._sto_odno_table import (
    audit,
    cards,
    deal,
    draw,
    hand,
    legal,
    midround,
    pass_,
    play,
    pos_of,
    settle,
    turn,
)

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS


def left(state: StoOdnoState, seat: int) -> list[Card]:
    """The cards ``seat`` had left at the end of the last scored round."""
    return sorted(Card.from_code(c) for c in state.sheet[-1]["hands"][seat])


def test_registered_with_aliases() -> None:
    for name in ("101", "sto_odno", "сто одно", "Сто одно"):
        assert game_info(name).name == "101"
    game = load_game("101")
    assert game.seats == 4 and game.options["cards"] == 5 and game.options["deck"] == 36


def test_deal_five_each_starter_plays_any_card() -> None:
    state, dealer = deal(["A♠ 7♠ K♠ 9♠ 8♥", "10♥ J♥ 6♦ 8♦ 9♦"], stock="6♣ 7♣")
    assert [len(h) for h in state.hands] == [5, 5]
    assert len(state.stock) == 26
    assert turn(dealer) == 0
    # the starter may play any card of its hand; no card is turned from the stock
    assert {m.cards[0] for m in legal(dealer, 0)} == set(parse_cards("A♠ 7♠ K♠ 9♠ 8♥"))
    assert state.discard == []
    assert dealer.knowledge[1].keys().isdisjoint(state.hands[0])


# -- scoring at the end of a round, with the series ----------------------------------


def _queen_round(scores: list[int], **opts: object):  # type: ignore[no-untyped-def]
    """Seat 0 sheds 6♠ Q♠ (names hearts), seats 1 and 2 draw, then 6♥ Q♥: out on the
    queen of hearts.  Seat 1 keeps J♠ J♦ J♣ 9♣ + 6♦ = 21, seat 2 10♠ 10♦ 10♣ A♣ + K♣ = 45."""
    state, dealer = deal(
        ["6♠ Q♠ 6♥ Q♥", "J♠ J♦ J♣ 9♣", "10♠ 10♦ 10♣ A♣"],
        stock="6♦ K♣",
        scores=scores,
        **opts,
    )
    play(dealer, 0, "6♠")
    assert turn(dealer) == 0 and state.mode == "cover"
    play(dealer, 0, "Q♠", H)
    assert turn(dealer) == 1 and state.named == H
    draw(dealer, 1)
    draw(dealer, 2)
    play(dealer, 0, "6♥")
    play(dealer, 0, "Q♥", C)
    assert audit(dealer) == []
    return state, dealer


@pytest.mark.parametrize(
    ("before", "after", "losers"),
    [
        ([15, 0, 0], [-25, 21, 45], []),  # 15 - 40 = -25 for the queen of hearts
        ([0, 80, 0], [-40, 0, 45], []),  # 80 + 21 = 101 becomes 0
        ([0, 79, 0], [-40, 100, 45], []),  # 79 + 21 = 100 stays 100
        ([0, 81, 0], [-40, 102, 45], [1]),  # above 101 loses
        ([15, 81, 57], [-25, 102, 102], [1, 2]),  # two players pass 101 together
    ],
)
def test_round_scores_and_series(before: list[int], after: list[int], losers: list[int]) -> None:
    state, dealer = _queen_round(before)
    sheet = state.sheet[-1]
    assert sheet["winner"] == 0 and sheet["points"][1:] == [21, 45]
    assert sheet["scores"] == after
    if losers:
        need = state.need()
        assert isinstance(need, Finished)
        assert need.result["losers"] == losers
        assert need.result["winners"] == [s for s in range(3) if s not in losers]
        assert need.result["scores"] == after
    else:
        # the next round: the winner starts, scores carried over
        assert isinstance(state.need(), Shuffle) and state.hand_no == 1
        settle(dealer, new_round=True)
        assert turn(dealer) == 0 and state.scores == after


def test_queens_only_hand_scores_20_each_hearts_40() -> None:
    # seat 0 goes out with four aces (two players: each ace makes seat 1 miss its turn)
    state, dealer = deal(["A♠ A♥ A♦ A♣", "Q♠ Q♥ Q♦ Q♣"])
    for c in ("A♠", "A♥", "A♦", "A♣"):
        assert turn(dealer) == 0
        play(dealer, 0, c)
    assert state.sheet[-1]["points"] == [0, 20 + 40 + 20 + 20]


def test_mixed_queens_score_three() -> None:
    state, dealer = deal(["A♠ A♥ A♦ A♣ 9♣", "Q♠ Q♥ Q♦ Q♣ J♣"])
    for c in ("A♠", "A♥", "A♦", "A♣", "9♣"):
        play(dealer, 0, c)
    assert state.sheet[-1]["points"] == [0, 3 * 4 + 2]


def test_last_seven_next_player_draws_two_before_the_count() -> None:
    state, dealer = deal(["A♠ A♥ A♦ A♣ 7♣", "10♠ J♠ Q♣ K♦ 6♦"], stock="8♥ 9♥ 10♥")
    for c in ("A♠", "A♥", "A♦", "A♣", "7♣"):
        play(dealer, 0, c)
    assert left(state, 1) == cards("10♠ J♠ Q♣ K♦ 6♦ 8♥ 9♥")
    assert state.sheet[-1]["points"] == [0, 10 + 2 + 3 + 4 + 6 + 8 + 9]


def test_last_king_of_spades_next_player_draws_five_before_the_count() -> None:
    state, dealer = deal(["A♠ A♥ A♦ A♣ K♣", "10♠ J♠ 8♣ K♦ 6♦"], stock="6♥ 7♥ 8♥ 9♥ 10♥ J♥")
    state2, dealer2 = deal(["A♠ A♥ A♦ A♣ K♠", "10♠ J♠ 8♣ K♦ 6♦"], stock="6♥ 7♥ 8♥ 9♥ 10♥ J♥")
    for c in ("A♠", "A♥", "A♦", "A♣", "K♣"):
        play(dealer, 0, c)
    assert state.sheet[-1]["points"] == [0, 10 + 2 + 8 + 4 + 6]
    for c in ("A♥", "A♦", "A♣", "A♠", "K♠"):
        play(dealer2, 0, c)
    assert left(state2, 1) == cards("10♠ J♠ 8♣ K♦ 6♦ 6♥ 7♥ 8♥ 9♥ 10♥")
    assert state2.sheet[-1]["points"] == [0, 30 + 6 + 7 + 8 + 9 + 10]


# -- special cards ---------------------------------------------------------------------


def test_two_players_move_again_after_ace_seven_and_king_of_spades() -> None:
    _state, dealer = deal(["A♠ 7♠ K♠ 9♠ 8♥", "10♥ J♥ 6♦ 8♦ 9♦"], stock="6♣ 7♣ 8♣ 9♣ 10♣ J♣ K♣ A♣")
    play(dealer, 0, "A♠")
    assert turn(dealer) == 0 and len(hand(dealer, 1)) == 5
    play(dealer, 0, "7♠")
    assert turn(dealer) == 0 and hand(dealer, 1) == cards("10♥ J♥ 6♦ 8♦ 9♦ 6♣ 7♣")
    play(dealer, 0, "K♠")
    assert turn(dealer) == 0
    assert hand(dealer, 1) == cards("10♥ J♥ 6♦ 8♦ 9♦ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ K♣")
    play(dealer, 0, "9♠")
    assert turn(dealer) == 1


def test_three_players_seven_ace_king_hit_the_next_only() -> None:
    _state, dealer = deal(
        ["7♠ A♠ K♠ 9♠", "Q♥ J♥ 8♦ 9♦", "10♥ 10♦ A♦ 6♥"], stock="6♣ 7♣ 8♣ 9♣ 10♣ J♣ K♣"
    )
    play(dealer, 0, "7♠")  # a queen in seat 1's hand does not cancel the penalty
    assert hand(dealer, 1) == cards("Q♥ J♥ 8♦ 9♦ 6♣ 7♣") and turn(dealer) == 2
    assert legal(dealer, 2) == [Draw(2)]
    draw(dealer, 2)
    play(dealer, 0, "A♠")
    assert turn(dealer) == 2  # seat 1 missed its turn without drawing
    assert len(hand(dealer, 1)) == 6


def test_first_card_special_acts_at_once() -> None:
    _state, dealer = deal(["K♠ 9♠ 8♥ 7♥ 6♥", "10♥ J♥ 6♦ 8♦ 9♦", "10♠ J♠ 6♣ 8♣ 9♣"])
    play(dealer, 0, "K♠")
    assert len(hand(dealer, 1)) == 10 and turn(dealer) == 2


def test_queen_names_a_suit_and_a_draw_ends_the_turn() -> None:
    state, dealer = deal(["Q♦ 9♠ 8♥ 7♥ 6♥", "10♠ J♠ 6♦ 8♦ 9♦", "10♥ J♣ 6♣ 8♣ 9♣"], stock="A♣ K♥")
    play(dealer, 0, "Q♦", C)
    assert state.view(1, dealer.knowledge[1]).named == C
    assert legal(dealer, 1) == [Draw(1)]  # diamonds do not follow a queen naming clubs
    draw(dealer, 1)  # draws A♣, which it could play: the turn still ends
    assert turn(dealer) == 2 and cards("A♣")[0] in hand(dealer, 1)
    assert {m.cards for m in legal(dealer, 2)} == {
        tuple(parse_cards(c)) for c in ("J♣", "6♣", "8♣", "9♣")
    }


def test_colour_alone_does_not_match() -> None:
    _state, dealer = deal(["9♥ 8♠ 7♠ 6♠ A♠", "9♦ 10♦ J♦ K♦ A♦"], stock="K♥")
    play(dealer, 0, "9♥")
    moves = legal(dealer, 1)
    assert [m.cards for m in moves] == [tuple(parse_cards("9♦"))]


# -- the six ------------------------------------------------------------------------------


def test_six_covered_with_same_suit() -> None:
    state, dealer = deal(["6♣ J♣ 9♥ 9♦ 8♠", "10♥ J♥ 6♦ 8♦ 9♠", "10♠ J♠ 7♦ 8♥ A♥"])
    play(dealer, 0, "6♣")
    assert turn(dealer) == 0 and state.mode == "cover"
    assert [m.cards for m in legal(dealer, 0)] == [tuple(parse_cards("J♣"))]
    play(dealer, 0, "J♣")
    assert turn(dealer) == 1 and state.view(1, dealer.knowledge[1]).top == parse_cards("J♣")[0]


def test_six_covered_with_queen_names_suit() -> None:
    state, dealer = deal(["6♣ Q♦ 9♥ 9♦ 8♠", "10♥ J♥ 6♦ 8♦ 9♠", "10♠ J♠ 7♦ 8♥ A♥"])
    play(dealer, 0, "6♣")
    assert {m.suit for m in legal(dealer, 0)} == {S, H, D, C}
    play(dealer, 0, "Q♦", H)
    assert turn(dealer) == 1 and state.named == H
    assert {m.cards[0] for m in legal(dealer, 1)} == set(parse_cards("10♥ J♥"))


@pytest.mark.parametrize(("cover", "next_seat", "drawn"), [("7♣", 2, 2), ("A♣", 2, 0)])
def test_six_covered_with_special_card_applies_it(cover: str, next_seat: int, drawn: int) -> None:
    _state, dealer = deal(
        [f"6♣ {cover} 9♥ 9♦ 8♠", "10♥ J♥ 6♦ 8♦ 9♠", "10♠ J♠ 7♦ 8♥ A♥"], stock="K♥ K♦"
    )
    play(dealer, 0, "6♣")
    play(dealer, 0, cover)
    assert turn(dealer) == next_seat and len(hand(dealer, 1)) == 5 + drawn


def test_six_not_covered_draw_and_pass() -> None:
    _state, dealer = deal(["6♣ 9♥ 9♦ 8♠ 10♥", "10♣ J♥ 6♦ 8♦ 9♠", "10♠ J♠ 7♦ 8♥ A♥"], stock="J♣")
    play(dealer, 0, "6♣")
    assert legal(dealer, 0) == [Draw(0)]
    draw(dealer, 0)  # J♣ would cover, but the turn passes
    assert turn(dealer) == 1 and cards("J♣")[0] in hand(dealer, 0)
    # the next player plays on the uncovered six: clubs, a six or a queen
    assert {m.cards[0] for m in legal(dealer, 1)} == set(parse_cards("10♣ 6♦"))
    assert audit(dealer) == []


def test_round_cannot_end_on_an_uncovered_six() -> None:
    # two players: the aces bring the turn back; the last card is a six
    state, dealer = deal(["A♠ A♥ A♦ A♣ 6♣", "10♥ J♥ 6♦ 8♦ 9♦"], stock="K♥ 10♣")
    for c in ("A♠", "A♥", "A♦", "A♣", "6♣"):
        play(dealer, 0, c)
    assert hand(dealer, 0) == [] and turn(dealer) == 0 and state.mode == "cover"
    assert not state.sheet
    draw(dealer, 0)
    assert turn(dealer) == 1 and hand(dealer, 0) == cards("K♥")


def test_two_players_six_still_covered_by_its_player() -> None:
    _state, dealer = deal(["6♠ 9♠ 9♥ 8♥ 7♥", "10♥ J♥ 6♦ 8♦ 9♦"])
    play(dealer, 0, "6♠")
    assert turn(dealer) == 0
    play(dealer, 0, "9♠")
    assert turn(dealer) == 1 and len(hand(dealer, 1)) == 5


# -- stock, passes and redeals ---------------------------------------------------------------


def test_stock_turned_over_keeps_order_and_is_public() -> None:
    state, dealer = midround(["10♦ J♦", "K♥ 9♥"], discard="7♠ 8♠", stock="")
    old = list(state.discard)
    events_before = len(dealer.events)
    draw(dealer, 0)
    assert state.discard == [old[-1]]  # the top card stays
    assert state.stock == old[1:-1]  # turned over: the bottom card came first
    drawn = dealer.cards[old[0]]
    assert hand(dealer, 0) == sorted([*cards("10♦ J♦"), drawn])
    assert not any(isinstance(e, Revealed) for e in dealer.events[events_before:])
    v = state.view(1, dealer.knowledge[1])
    assert v.known[0] == (drawn,) and v.stock == len(old) - 2 and v.discard == 1
    assert turn(dealer) == 1


def test_stock_exhausted_penalty_draws_only_what_is_there_then_pass() -> None:
    state, dealer = midround(["7♠ 9♦", ""], discard="8♠", stock="", rest="seat:1")
    assert len(state.hands[1]) == 33
    play(dealer, 0, "7♠")
    # the pile under 7♠ (just 8♠) is turned over; seat 1 gets it and nothing more
    assert len(state.hands[1]) == 34 and state.stock == [] and state.discard != []
    assert state.view(0, dealer.knowledge[0]).known[1] == tuple(parse_cards("8♠"))
    assert turn(dealer) == 0  # seat 1 missed its turn
    pass_(dealer, 0)  # 9♦ cannot go on 7♠ and there is nothing to draw
    assert turn(dealer) == 1 and state.idle == 1
    assert audit(dealer) == []


def test_redeal_after_a_full_circle_of_passes() -> None:
    # Every card in play makes this impossible (someone holds the top card's suit), so
    # the other cards are out of play here.
    state, dealer = midround(["9♥ 10♥", "J♦ 8♦", "A♦ K♥"], discard="7♠", rest="out", turn=1)
    pass_(dealer, 1)
    pass_(dealer, 2)
    assert state.hand_no == 0
    pass_(dealer, 0)
    assert state.sheet == [{"round": 0, "redeal": "full circle"}]
    assert state.hand_no == 1 and state.scores == [0, 0, 0]
    settle(dealer, new_round=True)
    assert turn(dealer) == 1  # the same starter


def test_a_draw_breaks_the_circle() -> None:
    state, dealer = midround(["9♥ 10♥", "J♦ 8♦"], discard="7♠", stock="6♥", rest="out")
    draw(dealer, 0)
    pass_(dealer, 1)
    assert state.idle == 1 and state.hand_no == 0


def test_redeal_after_an_uncoverable_last_six_with_nothing_to_draw() -> None:
    state, dealer = midround(["6♣", "J♦ 8♦"], discard="", rest="out")
    play(dealer, 0, "6♣")
    assert legal(dealer, 0) == [Pass(0)]
    pass_(dealer, 0)
    assert state.sheet == [{"round": 0, "redeal": "last six"}] and state.scores == [0, 0]
    settle(dealer, new_round=True)
    assert turn(dealer) == 0


def test_pass_is_refused_while_something_can_be_drawn() -> None:
    from p2pcards.games import IllegalMove

    state, dealer = midround(["9♥ 10♥", "J♦ 8♦"], discard="7♠", stock="6♥", rest="out")
    with pytest.raises(IllegalMove) as e:
        dealer.apply(Pass(0))
    assert e.value.seat == 0 and "draw" in e.value.message
    assert pos_of(dealer, 0, "9♥") in state.hands[0]
    assert not any(isinstance(m, Play) for m in legal(dealer, 0))
