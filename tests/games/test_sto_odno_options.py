"""101's house rules (sto-odno.ru.txt, "Домашние варианты"), each off by default."""

from __future__ import annotations

import pytest

from p2pcards.cards import Card, Rank, Suit, parse_cards
from p2pcards.games import OptionError, Revealed, Shuffle, Shuffled, load_game
from p2pcards.games.sto_odno import Draw, Play, TakePenalty
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
    settle,
    take,
    turn,
)

H, C = Suit.HEARTS, Suit.CLUBS


def test_defaults_are_ours() -> None:
    o = load_game("101").options
    assert o["six"] == "cover" and o["recycle"] == "turn" and o["king_spades_draw"] == 5
    assert not any(
        o[k]
        for k in (
            "eight_continue",
            "ten_reverse",
            "pass_penalty",
            "hundred_to_fifty",
            "nine_zero",
            "multi",
        )
    )
    assert o["queen_finish"] and o["king_spades_points"] == 4 and o["first_card"] == "any"


@pytest.mark.parametrize(
    ("kw", "text"),
    [
        ({"seats": 5}, "2 to 4"),
        ({"seats": 1}, "2 to 4"),
        ({"cards": 7}, "maximum"),
        ({"deck": 32}, "not one of"),
        ({"recycle": "magic"}, "not one of"),
        ({"jokers": True}, "no option"),
    ],
)
def test_bad_options_are_named(kw: dict[str, object], text: str) -> None:
    with pytest.raises(OptionError, match=text):
        load_game("101", **kw)  # type: ignore[arg-type]


def test_six_next_draws() -> None:
    _, dealer = deal(
        ["6♠ 9♠ 8♥ 7♥ 6♥", "10♥ J♥ 6♦ 8♦ 9♦", "10♠ J♠ 6♣ 8♣ 9♣"], stock="K♥", six="next_draws"
    )
    play(dealer, 0, "6♠")
    assert hand(dealer, 1) == cards("10♥ J♥ 6♦ 8♦ 9♦ K♥") and turn(dealer) == 2


def test_eight_continue_and_draw_when_stuck() -> None:
    state, dealer = deal(
        ["8♠ 9♠ 7♥ 8♥ 6♥", "10♥ J♥ 6♦ 8♦ 9♦", "10♠ J♠ 6♣ 8♣ 9♣"],
        stock="K♥",
        eight_continue=True,
    )
    play(dealer, 0, "8♠")
    assert turn(dealer) == 0 and state.mode == "continue"
    play(dealer, 0, "8♥")
    assert turn(dealer) == 0
    play(dealer, 0, "7♥")  # a seven continues normally: seat 1 draws two
    assert turn(dealer) == 2


def test_eight_continue_stuck_draws_or_passes() -> None:
    for eight_draw, move in ((True, "draw"), (False, "pass")):
        _state, dealer = deal(
            ["8♠ 9♥ 7♥ 10♥ 6♥", "10♦ J♥ 6♦ 8♦ 9♦"],
            stock="K♥",
            eight_continue=True,
            eight_draw=eight_draw,
        )
        play(dealer, 0, "8♠")
        (draw if move == "draw" else pass_)(dealer, 0)
        assert turn(dealer) == 1 and len(hand(dealer, 0)) == (5 if eight_draw else 4)
        assert audit(dealer) == []


def test_eight_last_card_must_be_covered_unless_option_off() -> None:
    for cover_last in (True, False):
        state, dealer = deal(
            ["A♠ A♥ A♦ A♣ 8♣", "10♦ J♥ 6♦ 8♦ 9♦"],
            stock="K♥",
            eight_continue=True,
            eight_cover_last=cover_last,
        )
        for c in ("A♠", "A♥", "A♦", "A♣", "8♣"):
            play(dealer, 0, c)
        if cover_last:
            assert legal(dealer, 0) == [Draw(0)] and not state.sheet
        else:
            assert state.sheet[-1]["winner"] == 0


def test_last_eight_not_covered_with_nothing_to_draw_is_a_redeal() -> None:
    state, dealer = midround(["8♣", "J♦ 8♦"], discard="", rest="out", eight_continue=True)
    play(dealer, 0, "8♣")
    pass_(dealer, 0)
    assert state.sheet == [{"round": 0, "redeal": "last eight"}]


def test_ten_reverses_direction() -> None:
    state, dealer = deal(["10♠ 9♠ 8♥ 7♥ 6♥", "10♥ J♥ 6♦ 8♦ 9♦", "J♠ K♣ 6♣ 8♣ 9♣"], ten_reverse=True)
    play(dealer, 0, "10♠")
    assert turn(dealer) == 2 and state.direction == -1
    play(dealer, 2, "J♠")
    assert turn(dealer) == 1


def test_king_of_spades_draws_four() -> None:
    _, dealer = deal(["K♠ 9♠ 8♥ 7♥ 6♥", "10♥ J♥ 6♦ 8♦ 9♦", "J♠ K♣ 6♣ 8♣ 9♣"], king_spades_draw=4)
    play(dealer, 0, "K♠")
    assert len(hand(dealer, 1)) == 9


def test_pass_penalty_adds_up() -> None:
    state, dealer = deal(
        ["7♠ 9♠ 8♥ 7♥ 6♥", "7♦ J♥ 6♦ 8♦ 9♦", "J♠ K♣ 6♣ 8♣ 9♣"],
        stock="6♠ 10♠ A♠ 10♣",
        pass_penalty=True,
    )
    play(dealer, 0, "7♠")
    assert turn(dealer) == 1 and state.mode == "penalty"
    assert legal(dealer, 1) == [
        Play(1, (m.positions[0],), tuple(parse_cards("7♦")), None)
        for m in legal(dealer, 1)
        if isinstance(m, Play)
    ] + [TakePenalty(1)]
    v = state.view(2, dealer.knowledge[2])
    assert v.penalty == (1, 2)
    play(dealer, 1, "7♦")
    assert turn(dealer) == 2 and state.view(2, dealer.knowledge[2]).penalty == (2, 4)
    take(dealer, 2)
    assert hand(dealer, 2) == cards("J♠ K♣ 6♣ 8♣ 9♣ 6♠ 10♠ A♠ 10♣")
    assert turn(dealer) == 0


def test_pass_penalty_with_sixes_in_elvista_set() -> None:
    _, dealer = deal(
        ["6♠ 9♠ 8♥ 7♥ 6♥", "6♦ J♥ 10♦ 8♦ 9♦", "J♠ K♣ 6♣ 8♣ 9♣"],
        six="next_draws",
        pass_penalty=True,
    )
    play(dealer, 0, "6♠")
    play(dealer, 1, "6♦")
    play(dealer, 2, "6♣")
    take(dealer, 0)
    assert len(hand(dealer, 0)) == 4 + 3 and turn(dealer) == 1


def test_hundred_becomes_fifty_and_king_of_spades_forty_and_nine_zero() -> None:
    for opts, after in (
        ({"hundred_to_fifty": True}, [0, 50]),
        ({"king_spades_points": 40}, [0, 136]),
        ({"nine_zero": True}, [0, 91]),
    ):
        state, dealer = deal(
            ["A♠ A♥ A♦ A♣", "K♠ 9♦ J♦ 10♦"], scores=[0, 100 - (4 + 9 + 2 + 10)], **opts
        )
        for c in ("A♠", "A♥", "A♦", "A♣"):
            play(dealer, 0, c)
        assert state.sheet[-1]["scores"] == after


def test_no_finishing_on_a_queen() -> None:
    _state, dealer = deal(["A♠ A♥ A♦ A♣ Q♣", "10♦ J♥ 6♦ 8♦ 9♦"], stock="K♥", queen_finish=False)
    for c in ("A♠", "A♥", "A♦", "A♣"):
        play(dealer, 0, c)
    assert legal(dealer, 0) == [Draw(0)]
    draw(dealer, 0)
    assert audit(dealer) == []  # holding only a queen, drawing was right


def test_multi_plays_several_of_one_rank() -> None:
    state, dealer = deal(
        ["9♠ 9♥ 7♣ 7♦ 6♥", "10♥ J♥ 6♦ 8♦ 9♦", "J♠ K♣ 6♣ 8♣ 10♣"],
        stock="6♠ 10♠ A♠ 10♦ K♦",
        multi=True,
    )
    kinds = {len(m.positions) for m in legal(dealer, 0)}
    assert kinds == {1, 2}
    play(dealer, 0, "9♠ 9♥")
    assert state.view(1, dealer.knowledge[1]).top == parse_cards("9♥")[0]
    play(dealer, 1, "9♦")
    draw(dealer, 2)
    play(dealer, 0, "7♦ 7♣")  # two sevens: four cards
    assert hand(dealer, 1) == cards("10♥ J♥ 6♦ 8♦ 10♠ A♠ 10♦ K♦") and turn(dealer) == 2


def test_multi_off_refuses_two_cards() -> None:
    from p2pcards.games import IllegalMove

    _, dealer = deal(["9♠ 9♥ 7♣ 7♦ 6♥", "10♥ J♥ 6♦ 8♦ 9♦"])
    from tests.games._sto_odno_table import pos_of

    mv = Play(0, (pos_of(dealer, 0, "9♠"), pos_of(dealer, 0, "9♥")), tuple(cards("9♠ 9♥")), None)
    with pytest.raises(IllegalMove, match="one card per move"):
        dealer.apply(mv)


def test_first_card_is_the_last_dealt() -> None:
    _, dealer = deal(["9♠ 9♥ 7♣ 7♦ 6♥", "10♥ J♥ 6♦ 8♦ 9♦"], first_card="last_dealt")
    assert [m.cards for m in legal(dealer, 0)] == [tuple(parse_cards("6♥"))]
    _, dealer = deal(["9♠ 9♥ 7♣ 7♦ Q♥", "10♥ J♥ 6♦ 8♦ 9♦"], first_card="last_dealt")
    assert {m.cards for m in legal(dealer, 0)} == {tuple(parse_cards("Q♥"))}


def test_deck_52_and_six_cards() -> None:
    state = load_game("101", seats=4, deck=52, cards=6).new_state()
    from p2pcards.games import LocalDealer

    dealer = LocalDealer.seeded(state, 3)
    settle(dealer)
    need_cards = {c.rank for c in dealer.cards.values()}
    assert Rank.TWO in need_cards and len(dealer.cards) == 52
    assert [len(h) for h in state.hands] == [6, 6, 6, 6] and len(state.stock) == 28


def test_recycle_shuffle_continues_positions_and_hides_the_stock() -> None:
    state, dealer = midround(["10♦ J♦", "K♥ 9♥"], discard="7♠ 8♠", recycle="shuffle")
    under = sorted(dealer.cards[p] for p in state.discard[:-1])
    new_order = list(reversed(under))
    dealer.decks.append(new_order)
    dealer.apply(Draw(0))
    need = state.need()
    assert isinstance(need, Shuffle)
    assert (need.hand, need.first, need.cards) == (0, 36, tuple(under))
    ev = dealer.answer()
    assert ev == Shuffled(0, 36, len(under))
    assert state.stock == list(range(37, 36 + len(under)))
    assert isinstance(state.need(), type(state.need()))
    ev2 = dealer.answer()
    assert ev2 == Revealed((36,), 0)
    assert dealer.cards[36] == new_order[0] and 36 in dealer.knowledge[0]
    assert 36 not in dealer.knowledge[1]
    assert state.view(1, dealer.knowledge[1]).known[0] == ()
    assert turn(dealer) == 1 and audit(dealer) == []


def test_recycle_shuffle_mid_penalty_reveals_before_the_shuffle() -> None:
    state, dealer = midround(
        ["7♠ 9♦", "K♥ 9♥"], discard="8♠", stock="10♥", recycle="shuffle", rest="discard"
    )
    play(dealer, 0, "7♠")  # seat 1 draws 10♥ from the stock, then one from a new shuffle
    assert len(hand(dealer, 1)) == 4 and state.next_pos > 36
    revealed = [e for e in dealer.events if isinstance(e, Revealed) and e.to == 1]
    assert [len(e.positions) for e in revealed[-2:]] == [1, 1]
    assert turn(dealer) == 0


def test_card_type_roundtrip() -> None:
    game = load_game("101", seats=2)
    mv = Play(1, (3, 4), (Card(Rank.QUEEN, H), Card(Rank.QUEEN, C)), C)
    assert game.decode_event(game.encode_event(mv)) == mv
    assert game.decode_event(game.encode_event(TakePenalty(0))) == TakePenalty(0)
