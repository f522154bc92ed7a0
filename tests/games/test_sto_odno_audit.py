"""101: hidden-information claims, lies caught, bad input, replay, views, bots, CLI."""

from __future__ import annotations

import random

import pytest

from p2pcards.cards import Card, Rank, Suit, parse_cards
from p2pcards.games import (
    ClaimMismatch,
    Decision,
    DecodeError,
    Finished,
    IllegalMove,
    LocalDealer,
    Open,
    Shuffle,
    load_game,
    replay,
)
from p2pcards.games.sto_odno import GAME, Draw, Pass, Play, StoOdnoState, StoOdnoView, basic_bot
from p2pcards.ui import Names, presenter
from tests.games._sto_odno_table import audit, deal, draw, legal, midround, play, pos_of, settle


def test_false_could_not_play_is_caught_naming_seat_and_card() -> None:
    state, dealer = deal(["9♠ 8♥ 7♥ 6♥ A♥", "10♥ J♥ 6♦ 8♦ 9♦"], stock="K♣")
    play(dealer, 0, "9♠")
    assert Draw(1) not in legal(dealer, 1)  # 9♦ may be played
    dealer.apply(Draw(1))  # the engine cannot see hidden cards: it records a claim
    settle(dealer)
    [claim] = state.claims()
    assert claim.seat == 1 and claim.hand == 0
    assert audit(dealer) == [(1, "draw", (Card(Rank.NINE, Suit.DIAMONDS),))]
    names = Names(("Anna", "Boris"))
    assert presenter("101").falsified_text(claim, claim.check(dealer.cards), names) == (
        "but could have played 9♦"
    )
    assert presenter("101", "ru").claim_text(claim, names).startswith("Boris берёт карту")


def test_false_pass_is_caught() -> None:
    _state, dealer = midround(["9♥ 10♥", "J♦ 8♠"], discard="7♠", rest="out")
    dealer.apply(Pass(0))
    settle(dealer)
    assert audit(dealer) == []
    dealer.apply(Pass(1))
    assert audit(dealer) == [(1, "pass", (Card(Rank.EIGHT, Suit.SPADES),))]


def test_false_uncovered_six_is_caught() -> None:
    _state, dealer = deal(["6♣ 10♣ 9♦ 8♠ 10♥", "10♦ J♥ 6♦ 8♦ 9♠"], stock="J♣")
    play(dealer, 0, "6♣")
    dealer.apply(Draw(0))
    settle(dealer)
    assert audit(dealer) == [(0, "draw", (Card(Rank.TEN, Suit.CLUBS),))]


def test_draw_refused_when_a_public_card_could_be_played() -> None:
    state, dealer = midround(["10♦ J♦", "K♥ 10♠"], discard="6♠ 7♠ 8♠ 9♠", rest="out")
    draw(dealer, 0)  # the pile turned over: seat 0 gets its bottom card, publicly
    assert state.view(1, dealer.knowledge[1]).known[0] == (Card(Rank.SIX, Suit.SPADES),)
    play(dealer, 1, "10♠")
    before = state.digest()
    with pytest.raises(IllegalMove, match="six of spades") as e:
        dealer.apply(Draw(0))
    assert e.value.seat == 0 and state.digest() == before


def test_lie_about_a_played_card_is_a_claim_mismatch() -> None:
    state, dealer = deal(["9♠ 8♥ 7♥ 6♥ A♥", "10♥ J♥ 6♦ 8♦ 9♦"])
    p = pos_of(dealer, 0, "8♥")
    dealer.apply(Play(0, (p,), (Card(Rank.KING, Suit.SPADES),), None))
    assert isinstance(state.need(), Open)
    with pytest.raises(ClaimMismatch) as e:
        dealer.answer()
    assert e.value.seat == 0
    assert "king of spades" in e.value.message and "eight of hearts" in e.value.message


@pytest.mark.parametrize(
    ("seat", "card", "suit", "text"),
    [
        (1, "10♥", None, "seat 0's turn"),
        (0, "10♥", None, "not all in your hand"),
        (0, "9♦", None, "not all in your hand"),
        (0, "9♠", Suit.HEARTS, "named with a queen"),
        (0, "Q♠", None, "named with a queen"),
    ],
)
def test_illegal_plays_name_the_seat(seat: int, card: str, suit: Suit | None, text: str) -> None:
    state, dealer = deal(["9♠ 8♥ 7♥ 6♥ Q♠", "10♥ J♥ 6♦ 8♦ 9♦"])
    c = parse_cards(card)[0]
    pos = next((p for p in state.hands[0] if dealer.cards[p] == c), 35)
    before = state.digest()
    with pytest.raises(IllegalMove, match=text) as e:
        dealer.apply(Play(seat, (pos,), (c,), suit))
    assert e.value.seat == seat
    assert state.digest() == before  # unchanged


def test_card_that_does_not_match_is_refused() -> None:
    _state, dealer = deal(["9♠ 8♥ 7♥ 6♥ Q♠", "10♥ J♥ 6♦ 8♦ 9♦"])
    play(dealer, 0, "9♠")
    p = pos_of(dealer, 1, "10♥")
    with pytest.raises(IllegalMove, match="may not be played now") as e:
        dealer.apply(Play(1, (p,), tuple(parse_cards("10♥")), None))
    assert e.value.seat == 1


def test_decode_rejects_bad_data() -> None:
    game = load_game("101", seats=2)
    with pytest.raises(DecodeError):
        game.decode_event(["move", "play", 0, [1], [99], None])
    with pytest.raises(DecodeError):
        game.decode_event(["move", "fly", 0])
    with pytest.raises(DecodeError):
        game.decode_event(["move", "play", 0, [1], [3], 9])


def test_replay_reproduces_digests_and_game_is_deterministic() -> None:
    game = load_game("101", seats=3)
    dealer = LocalDealer.seeded(game.new_state(), 11)
    result = dealer.run([basic_bot] * 3)
    again = LocalDealer.seeded(game.new_state(), 11)
    assert again.run([basic_bot] * 3) == result
    fresh = game.new_state()
    digests = replay(fresh, [game.decode_event(game.encode_event(e)) for e in dealer.events])
    assert digests[-1] == dealer.state.digest()
    assert fresh.need() == dealer.state.need()
    assert any(s > 101 for s in result["scores"])
    assert result["losers"] == [s for s in range(3) if result["scores"][s] > 101]


def test_every_claim_of_honest_bots_holds() -> None:
    for seed in range(20):
        for opts in ({}, {"recycle": "shuffle", "multi": True, "pass_penalty": True}):
            game = load_game("101", seats=2 + seed % 3, **opts)
            state = game.new_state()
            dealer = LocalDealer.seeded(state, seed)
            failures: list[str] = []
            checked = [0]

            def at_hand_end(
                ev: object,
                state: StoOdnoState = state,
                dealer: LocalDealer = dealer,
                failures: list[str] = failures,
                checked: list[int] = checked,
            ) -> None:
                need = state.need()
                if isinstance(need, Finished) or (isinstance(need, Shuffle) and need.first == 0):
                    claims = state.claims()
                    for c in claims[checked[0] :]:
                        msg = c.check(dealer.cards)
                        if msg:
                            failures.append(msg)
                    checked[0] = len(claims)

            bots = [GAME.bots["basic"], GAME.bots["random"]] * 2
            dealer.run(bots[: game.seats], on_event=at_hand_end)
            assert failures == [] and checked[0] > 0


def test_view_shows_what_a_terminal_needs() -> None:
    state, dealer = deal(["7♠ 8♥ 7♥ 6♥ Q♠", "10♥ J♥ 6♦ 8♦ 9♦", "10♠ J♠ 6♣ 8♣ 9♣"], scores=[3, 5, 7])
    play(dealer, 0, "7♠")
    v = state.view(2, dealer.knowledge[2])
    assert isinstance(v, StoOdnoView)
    assert v.turn == 2 and v.top == Card(Rank.SEVEN, Suit.SPADES) and v.named is None
    assert v.counts == (4, 7, 5) and v.scores == (3, 5, 7)
    assert v.stock == 36 - 15 - 2 and v.discard == 1
    assert sorted(c for _, c in v.hand) == sorted(parse_cards("10♠ J♠ 6♣ 8♣ 9♣"))
    assert v.requirement is not None and v.requirement.top == Card(Rank.SEVEN, Suit.SPADES)
    assert presenter("101").requirement_text(v.requirement) == "spades, a seven or a queen"
    assert isinstance(v.need, Decision) and v.starter == 0 and v.direction == 1
    assert v.sheet is None and v.losers == ()
    assert v.missed == 1 and v.penalized == (1, 2) and v.rebuilt == 0


def test_basic_beats_random() -> None:
    game = load_game("101", seats=2)
    rng = random.Random(5)
    lost = {"basic": 0, "random": 0}
    n = 30  # (seed 5: basic lost 3, random 27)
    for i in range(n):
        names = ["basic", "random"] if i % 2 == 0 else ["random", "basic"]
        dealer = LocalDealer(game.new_state(), rng=random.Random(rng.getrandbits(64)))
        result = dealer.run([GAME.bots[x] for x in names])
        for s in result["losers"]:
            lost[names[s]] += 1
    assert lost["basic"] < n * 0.3 < n * 0.7 < lost["random"]


def test_safety_caps_end_every_series() -> None:
    game = load_game("101", seats=4, max_rounds=3, max_moves=12)
    result = LocalDealer.seeded(game.new_state(), 2).run([GAME.bots["random"]] * 4)
    assert result["capped"] and result["rounds"] == 3
    assert any(e.get("redeal") == "max_moves" for e in result["sheet"])
    top = max(result["scores"])
    assert result["losers"] == [s for s in range(4) if result["scores"][s] == top]


def test_simulate_cli(capsys: pytest.CaptureFixture[str]) -> None:
    from p2pcards.cli import main

    assert (
        main(["simulate", "101", "--games", "5", "--seats", "3", "--jobs", "1", "--lang", "en"])
        == 0
    )
    out = capsys.readouterr().out
    assert "101 (One Hundred and One): 5 games, 3 seats" in out  # (in process: --jobs 1)
    assert main(["simulate", "сто одно", "--show", "--seats", "2", "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert "Бот 1" in out and "Бот 0" not in out and "итог" in out  # bots from 1
