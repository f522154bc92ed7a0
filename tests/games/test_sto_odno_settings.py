"""101 table settings the text leaves to the table (sto-odno.ru.txt: «Число карт на руке,
старт из руки или из колоды, обычный добор, перенос штрафов и границу поражения
согласуйте до первой сдачи»; «обнуление вынесено в настройку стола»; the "Сто одно"
call), and a series continued from a score sheet; each with a given deck."""

from __future__ import annotations

import re

import pytest

from p2pcards.cards import Suit
from p2pcards.games import IllegalMove, OptionError, load_game
from p2pcards.games.sto_odno import (
    Announce,
    Catch,
    Draw,
    ScoreSheetError,
    lost,
    new_score,
)
from tests.games._sto_odno_table import (
    cards,
    deal,
    draw,
    hand,
    legal,
    midround,
    play,
    settle,
    turn,
)

# ---------------------------------------------------------------- start=deck


def test_start_from_the_deck_turns_up_the_first_stock_card() -> None:
    state, dealer = deal(
        ["6♠ 9♠ 8♥ 10♦ J♣", "10♥ J♥ 6♦ 8♦ 9♦", "10♠ J♠ 6♣ 8♣ 9♣"], stock="K♥", start="deck"
    )
    v = state.view(0, dealer.knowledge[0])
    assert v.top == cards("K♥")[0] and v.discard == 1
    assert turn(dealer) == 0 and state.mode == "normal"  # the starter plays on it
    assert {m.cards[0] for m in legal(dealer, 0)} == set(cards("8♥"))  # hearts or a king
    assert len(hand(dealer, 0)) == 5


@pytest.mark.parametrize(
    ("up", "first", "drawn"),
    [
        ("7♥", 1, 2),  # the starter draws two and misses its turn
        ("K♠", 1, 5),  # the king of spades: five
        ("A♥", 1, 0),  # an ace: the starter misses its turn
        ("9♥", 0, 0),  # a plain card: the starter plays on it
    ],
)
def test_start_from_the_deck_effect_falls_on_the_starter(up: str, first: int, drawn: int) -> None:
    _state, dealer = deal(
        ["6♠ 9♠ 8♥ 10♦ J♣", "10♥ J♥ 6♦ 8♦ 9♦", "10♠ J♠ 6♣ 8♣ 9♣"], stock=up, start="deck"
    )
    assert turn(dealer) == first
    assert len(hand(dealer, 0)) == 5 + drawn


def test_start_from_the_deck_a_queen_asks_for_its_own_suit() -> None:
    state, dealer = deal(
        ["6♠ 9♠ 8♥ 10♦ J♣", "10♥ J♥ 6♦ 8♦ 9♦", "10♠ J♠ 6♣ 8♣ 9♣"], stock="Q♠", start="deck"
    )
    assert state.named == Suit.SPADES
    assert {m.cards[0] for m in legal(dealer, 0)} == set(cards("6♠ 9♠"))


def test_start_from_the_hand_is_the_default() -> None:
    state, dealer = deal(["6♠ 9♠ 8♥ 10♦ J♣", "10♥ J♥ 6♦ 8♦ 9♦"], stock="K♥")
    assert state.view(0, dealer.knowledge[0]).top is None and state.mode == "first"
    assert len(legal(dealer, 0)) == 5


# ---------------------------------------------------------------- draw=until_playable


def test_draw_until_playable_keeps_drawing_then_must_play() -> None:
    _state, dealer = midround(
        ["6♣ 8♣", "10♦ J♦", "10♠ 7♠"], discard="9♥", stock="J♠ 10♥ A♦", draw="until_playable"
    )
    draw(dealer, 0)  # J♠: still nothing to play on 9♥
    assert turn(dealer) == 0 and hand(dealer, 0) == cards("6♣ 8♣ J♠")
    draw(dealer, 0)  # 10♥ can be played: the turn stays, and only it may be played
    assert turn(dealer) == 0 and Draw(0) not in legal(dealer, 0)
    assert {m.cards for m in legal(dealer, 0)} == {tuple(cards("10♥"))}
    play(dealer, 0, "10♥")
    assert turn(dealer) == 1


def test_draw_one_is_the_default() -> None:
    _state, dealer = midround(["6♣ 8♣", "10♦ J♦", "10♠ 7♠"], discard="9♥", stock="J♠ 10♥")
    draw(dealer, 0)
    assert turn(dealer) == 1 and hand(dealer, 0) == cards("6♣ 8♣ J♠")


def test_draw_until_playable_does_not_change_covering_a_six() -> None:
    _state, dealer = midround(
        ["6♥ 8♣ 9♣", "10♦ J♦", "10♠ 7♠"], discard="6♣", stock="J♠ 10♥", draw="until_playable"
    )
    play(dealer, 0, "6♥")  # must cover it with a heart or a queen: none
    draw(dealer, 0)  # one draw and the turn passes, as the text says for the six
    assert turn(dealer) == 1


# ---------------------------------------------------------------- 101, lose_at


def test_series_scoring_settings() -> None:
    assert new_score(99, 2) == 0 and not lost(0)
    assert new_score(99, 2, reset_at_101=False) == 101 and not lost(101)
    assert new_score(99, 2, lose_at="at_least") == 101 and lost(101, "at_least")
    assert new_score(94, 6, lose_at="at_least") == 100 and not lost(100, "at_least")
    assert lost(102) and lost(102, "at_least")


@pytest.mark.parametrize(
    ("opts", "score", "losers"),
    [
        ({}, 0, []),  # ours: exactly 101 becomes 0
        ({"reset_at_101": False}, 101, []),  # stays 101, not above it: still in
        ({"lose_at": "at_least"}, 101, [1]),  # 101 or more loses
    ],
)
def test_exactly_101_in_play(opts: dict[str, object], score: int, losers: list[int]) -> None:
    # seat 1 at 99 is left holding J♠ (2 points) when seat 0 goes out
    state, dealer = midround(["9♥", "J♠ 10♠", "8♠ 7♠"], discard="9♣", scores="0,99,0", **opts)
    play(dealer, 0, "9♥")
    assert state.sheet[-1]["points"][1] == 12  # J♠ 10♠
    state, dealer = midround(["9♥", "J♠", "8♠ 7♠"], discard="9♣", scores="0,99,0", **opts)
    play(dealer, 0, "9♥")
    assert state.scores[1] == score
    assert state.losers == losers


# ---------------------------------------------------------------- announce_last


def test_the_call_is_offered_before_the_play_that_leaves_one_card() -> None:
    _state, dealer = midround(["9♥ 10♥", "10♦ J♦ 7♦", "10♠ 7♠"], discard="9♣", announce_last=True)
    assert legal(dealer, 0)[0] == Announce(0)
    _state, dealer = midround(["9♥ 10♥ 8♥", "10♦ J♦", "10♠ 7♠"], discard="9♣")
    assert all(not isinstance(m, Announce) for m in legal(dealer, 0))  # option off
    _state, dealer = midround(["9♥ 10♥ 8♥", "10♦ J♦", "10♠ 7♠"], discard="9♣", announce_last=True)
    assert all(not isinstance(m, Announce) for m in legal(dealer, 0))  # three cards


def test_a_forgotten_call_is_caught_by_the_next_player() -> None:
    state, dealer = midround(
        ["9♥ 10♥", "10♦ J♦ 9♦", "10♠ 7♠"], discard="9♣", stock="A♣ K♣ 8♦", announce_last=True
    )
    play(dealer, 0, "9♥")  # leaves one card, no call
    assert state.forgot == 0 and state.view(1, dealer.knowledge[1]).forgot == 0
    assert legal(dealer, 1)[0] == Catch(1, 0)
    dealer.apply(Catch(1, 0))
    settle(dealer)
    assert hand(dealer, 0) == cards("10♥ A♣ K♣")  # two penalty cards (announce_penalty)
    assert turn(dealer) == 1 and state.mode == "normal"  # the catcher's turn goes on
    assert all(not isinstance(m, Catch) for m in legal(dealer, 1))
    play(dealer, 1, "9♦")
    assert turn(dealer) == 2


def test_a_call_made_cannot_be_caught() -> None:
    state, dealer = midround(
        ["9♥ 10♥", "10♦ J♦ 9♦", "10♠ 7♠"], discard="9♣", stock="A♣ K♣", announce_last=True
    )
    dealer.apply(Announce(0))
    assert state.announced == 0 and turn(dealer) == 0
    with pytest.raises(IllegalMove, match="already said"):
        dealer.apply(Announce(0))
    play(dealer, 0, "9♥")
    assert state.forgot is None and all(not isinstance(m, Catch) for m in legal(dealer, 1))
    with pytest.raises(IllegalMove) as e:
        dealer.apply(Catch(1, 0))
    assert e.value.seat == 1 and "cannot be caught" in str(e.value)


def test_the_catch_window_closes_with_the_next_move() -> None:
    state, dealer = midround(
        ["9♥ 10♥", "10♦ J♦ 9♦", "10♠ 7♠ 9♠"], discard="9♣", stock="A♣ K♣", announce_last=True
    )
    play(dealer, 0, "9♥")
    play(dealer, 1, "9♦")  # seat 1 played instead of catching
    assert state.forgot is None
    assert all(not isinstance(m, Catch) for m in legal(dealer, 2))
    assert hand(dealer, 0) == cards("10♥")


def test_announce_penalty_option() -> None:
    _state, dealer = midround(
        ["9♥ 10♥", "10♦ J♦ 9♦", "10♠ 7♠"],
        discard="9♣",
        stock="A♣ K♣ 8♦ 7♦",
        announce_last=True,
        announce_penalty=3,
    )
    play(dealer, 0, "9♥")
    dealer.apply(Catch(1, 0))
    settle(dealer)
    assert hand(dealer, 0) == cards("10♥ A♣ K♣ 8♦")


# ---------------------------------------------------------------- score sheets


def test_series_from_a_score_sheet() -> None:
    g = load_game("101", seats=3)
    s = g.new_state(scores=[40, ("Борис", -20), 95])
    assert s.scores == [40, -20, 95] and s.game.options["scores"] == "40,Борис=-20,95"
    assert load_game("101", seats=3, scores="Аня=40, Борис=-20,Вера=95").new_state().scores == [
        40,
        -20,
        95,
    ]


@pytest.mark.parametrize(
    ("sheet", "opts", "message"),
    [
        ("40,50", {}, "2 entries for 3 seats"),
        ("40,102,0", {}, "entry 2 '102': 102 has lost the series already"),
        ("40,101,0", {}, "entry 2 '101': exactly 101 is written as 0"),
        ("40,101,0", {"lose_at": "at_least"}, "entry 2 '101': 101 has lost"),
        ("40,100,0", {"hundred_to_fifty": True}, "exactly 100 is written as 50"),
        ("40,x,0", {}, "entry 2 'x': expected [NAME=]TOTAL"),
    ],
)
def test_bad_series_sheets(sheet: str, opts: dict[str, object], message: str) -> None:
    with pytest.raises(ScoreSheetError, match=re.escape(message)) as e:
        load_game("101", seats=3, scores=sheet, **opts)
    assert isinstance(e.value, ValueError) and isinstance(e.value, OptionError)
    assert load_game("101", seats=3, scores="40,101,0", reset_at_101=False).options["scores"]
