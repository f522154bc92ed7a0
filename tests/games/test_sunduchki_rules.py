"""Sunduchki rules with given decks: the text's two worked examples and every case of
the default variant (sunduchki.ru.txt)."""

from __future__ import annotations

from typing import Any

import pytest

from p2pcards.cards import Card, Rank, Suit, parse_cards
from p2pcards.games import (
    Decision,
    Finished,
    IllegalMove,
    LocalDealer,
    Move,
    RandomValue,
    load_game,
)
from p2pcards.games.sunduchki import (
    Answer,
    Ask,
    AskCount,
    AskSuits,
    SetAside,
    SunduchkiState,
    scripted_deck,
)

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def start(
    seats: int, dealer: int, hands: list[str], stock: str = "", **opts: Any
) -> tuple[SunduchkiState, LocalDealer]:
    """A game whose lot makes ``dealer`` the dealer and deals ``hands``; runs the dealer
    until the first decision (the deal declarations are left to the caller)."""
    game = load_game("sunduchki", seats=seats, **opts)
    state = game.new_state()
    deck = scripted_deck(
        seats, dealer, [cards(h) for h in hands], cards(stock), opts.get("deck", 36)
    )
    d = LocalDealer(state, decks=[deck])
    d.apply(RandomValue(dealer))
    settle(d)
    return state, d


def settle(d: LocalDealer) -> None:
    while d.answer() is not None:
        pass


def play(d: LocalDealer, move: Move) -> None:
    d.apply(move)
    settle(d)


def truthful(d: LocalDealer) -> Move:
    need = d.state.need()
    assert isinstance(need, Decision)
    legal = d.state.legal_moves(need.seat, d.knowledge[need.seat])
    assert len(legal) == 1, legal
    return legal[0]


def declare_deal(d: LocalDealer) -> None:
    """Every seat declares after the deal (the truthful declaration)."""
    state = d.state
    assert isinstance(state, SunduchkiState)
    while state.phase == "declare":
        play(d, truthful(d))


def hand(state: SunduchkiState, d: LocalDealer, seat: int) -> list[Card]:
    return sorted(d.cards[p] for p in state.hands[seat])


def request(
    d: LocalDealer, asker: int, target: int, rank: Rank, count: int, suits: tuple[Suit, ...]
) -> None:
    """Ask the three questions; the target answers truthfully each time."""
    state = d.state
    assert isinstance(state, SunduchkiState)
    play(d, Ask(asker, target, rank))
    for q in (AskCount(asker, count), AskSuits(asker, suits)):
        ans = truthful(d)
        assert isinstance(ans, Answer)
        play(d, ans)
        if not ans.yes:
            return
        play(d, q)
    play(d, truthful(d))


# -- the worked examples ("Пример: две дамы переходят к вам", "Ошибка") -----------------


def test_example_two_queens_pass_and_make_a_chest() -> None:
    state, d = start(2, 1, ["QH QC 8D AS", "QD QS 7H KC"])
    declare_deal(d)
    assert state.need() == Decision(0)  # left of the dealer plays first
    play(d, Ask(0, 1, Rank.QUEEN))
    assert state.legal_moves(1, d.knowledge[1]) == [Answer(1, True)]
    play(d, Answer(1, True))
    play(d, AskCount(0, 2))
    assert state.legal_moves(1, d.knowledge[1]) == [Answer(1, True)]
    play(d, Answer(1, True))
    play(d, AskSuits(0, (S, D)))
    [give] = state.legal_moves(1, d.knowledge[1])
    assert isinstance(give, Answer) and give.yes and give.cards == tuple(cards("QS QD"))
    play(d, give)
    # The four queens are in seat 0's hand: it must show and set them aside.
    assert state.need() == Decision(0)
    [chest] = state.legal_moves(0, d.knowledge[0])
    assert isinstance(chest, SetAside)
    assert sorted(chest.cards) == sorted(cards("QS QH QD QC"))
    play(d, chest)
    assert state.chests == [[Rank.QUEEN], []]
    assert hand(state, d, 0) == sorted(cards("8D AS"))
    assert hand(state, d, 1) == sorted(cards("7H KC"))
    assert len(state.stock) == 28  # nobody draws after a success
    # The turn goes on: seat 0 may now look for eights or aces, from seat 1.
    assert state.need() == Decision(0)
    assert state.legal_moves(0, d.knowledge[0]) == [Ask(0, 1, Rank.EIGHT), Ask(0, 1, Rank.ACE)]
    # Every seat (not only seat 0) has seen the queens that passed.
    qd = next(p for p, c in d.cards.items() if c == Card(Rank.QUEEN, D))
    assert d.knowledge[1][qd] == Card(Rank.QUEEN, D)


def test_example_wrong_suit_keeps_both_queens_and_the_asker_draws() -> None:
    state, d = start(2, 1, ["QH 8D AS 10C", "QD QS 7H KC"], stock="9C")
    declare_deal(d)
    play(d, Ask(0, 1, Rank.QUEEN))
    play(d, Answer(1, True))
    play(d, AskCount(0, 2))
    play(d, Answer(1, True))
    play(d, AskSuits(0, (D, C)))
    assert state.legal_moves(1, d.knowledge[1]) == [Answer(1, False)]
    play(d, Answer(1, False))
    # Both queens stay with seat 1; seat 0 drew the nine of clubs and now has five cards.
    assert hand(state, d, 1) == sorted(cards("QD QS 7H KC"))
    assert hand(state, d, 0) == sorted(cards("QH 8D AS 10C 9C"))
    assert len(state.stock) == 27
    nine = next(p for p, c in d.cards.items() if c == Card(Rank.NINE, C))
    assert nine in d.knowledge[0] and nine not in d.knowledge[1]
    # Five cards: seat 0 declares (no chest); the drawn card gives no new question.
    assert state.legal_moves(0, d.knowledge[0]) == [SetAside(0)]
    play(d, SetAside(0))
    assert state.need() == Decision(1)
    assert state.phase == "ask" and state.turn == 1
    kinds = [n.kind for n in state.history]
    assert kinds == ["ask", "answer", "count", "answer", "suits", "answer", "draw"]


def test_first_no_ends_the_request_at_question_one_and_two() -> None:
    state, d = start(2, 1, ["QH 8D AS 10C", "QD QS 7H KC"], stock="9C 6H")
    declare_deal(d)
    play(d, Ask(0, 1, Rank.ACE))
    play(d, truthful(d))  # no aces
    assert state.history[-2].yes is False and state.history[-1].kind == "draw"
    assert state.legal_moves(0, d.knowledge[0]) == [SetAside(0)]
    play(d, SetAside(0))
    # seat 1 asks seat 0 for kings: it holds none.
    play(d, Ask(1, 0, Rank.KING))
    assert truthful(d) == Answer(0, False)
    play(d, Answer(0, False))
    assert hand(state, d, 1) == sorted(cards("QD QS 7H KC 6H"))
    play(d, SetAside(1))
    play(d, Ask(0, 1, Rank.QUEEN))
    play(d, Answer(1, True))
    play(d, AskCount(0, 3))
    assert truthful(d) == Answer(1, False)  # it holds two, not three
    play(d, Answer(1, False))
    assert len(state.stock) == 25  # three requests failed, three cards drawn
    assert hand(state, d, 1) == sorted(cards("QD QS 7H KC 6H"))


def test_first_deal_chest_is_shown_and_set_aside_then_the_empty_hand_draws() -> None:
    state, d = start(3, 2, ["QH 8D AS 10C", "KS KH KD KC", "7H 7D 6C JS"], stock="9C")
    # Declarations go round from the dealer's left: seat 0, then seat 1 with the kings.
    assert state.need() == Decision(0)
    assert truthful(d) == SetAside(0)
    play(d, SetAside(0))
    assert state.need() == Decision(1)
    chest = truthful(d)
    assert isinstance(chest, SetAside) and sorted(chest.cards) == sorted(cards("KS KH KD KC"))
    play(d, chest)
    assert state.chests[1] == [Rank.KING] and state.hands[1] == []
    assert [n.kind for n in state.history] == ["chest"]
    play(d, truthful(d))  # seat 2: nothing
    # Seat 0 plays: it may not ask seat 1 (no cards).
    assert {m.target for m in state.legal_moves(0, d.knowledge[0])} == {2}  # type: ignore[attr-defined]
    top = state.stock[:2]
    request(d, 0, 2, Rank.QUEEN, 1, (S,))  # a "no": seat 0 draws the nine of clubs
    play(d, truthful(d))  # five cards, no chest
    # Seat 1's turn with an empty hand: it drew one card (not seat 0's) and its turn ended.
    assert d.cards[top[0]] == Card(Rank.NINE, C) and top[0] in state.hands[0]
    assert state.hands[1] == [top[1]] and top[1] in d.knowledge[1]
    assert [(n.kind, n.seat) for n in state.history][-2:] == [("draw", 0), ("draw", 1)]
    assert state.need() == Decision(2)


def test_a_drawn_card_completing_a_chest_is_set_aside_and_the_turn_passes() -> None:
    state, d = start(2, 1, ["JH JD JC 8D", "QD QS 7H KC"], stock="JS")
    declare_deal(d)
    play(d, Ask(0, 1, Rank.EIGHT))
    play(d, Answer(1, False))
    # The jack of spades came: five cards with four jacks.
    [chest] = state.legal_moves(0, d.knowledge[0])
    assert isinstance(chest, SetAside) and sorted(chest.cards) == sorted(cards("JS JH JD JC"))
    play(d, chest)
    assert state.chests[0] == [Rank.JACK]
    assert hand(state, d, 0) == cards("8D")
    assert state.need() == Decision(1)  # no new question: the turn passed


def test_empty_hand_after_a_success_waits_and_the_taken_seat_waits_too() -> None:
    # Seat 0 takes seat 1's queens and kings: both hands end empty.
    state, d = start(2, 1, ["QH QC KH KC", "QD QS KD KS"], stock="6H 6D")
    declare_deal(d)
    request(d, 0, 1, Rank.QUEEN, 2, (S, D))
    play(d, truthful(d))  # the queens' chest
    assert state.need() == Decision(0)  # the turn goes on
    request(d, 0, 1, Rank.KING, 2, (S, D))
    play(d, truthful(d))  # the kings' chest: both hands were empty
    assert state.chests == [[Rank.QUEEN, Rank.KING], []]
    # Seat 0 cannot ask without cards.  Seat 1, whose cards were all taken, waited for
    # its own turn: it draws one (the six of hearts) and the turn ends; then seat 0 draws.
    six_h, six_d = 8, 9  # the top of the stock after a two-seat deal
    assert (d.cards[six_h], d.cards[six_d]) == (Card(Rank.SIX, H), Card(Rank.SIX, D))
    assert state.hands == [[six_d], [six_h]]
    assert [(n.kind, n.seat) for n in state.history][-3:] == [
        ("chest", 0),
        ("draw", 1),
        ("draw", 0),
    ]
    assert state.need() == Decision(1)
    assert state.legal_moves(1, d.knowledge[1]) == [Ask(1, 0, Rank.SIX)]


def test_pass_when_every_opponent_is_empty() -> None:
    state, d = start(2, 1, ["QH QC KH 7S", "QD QS KD KS"], stock="6H 6D")
    declare_deal(d)
    request(d, 0, 1, Rank.QUEEN, 2, (S, D))
    play(d, truthful(d))
    request(d, 0, 1, Rank.KING, 2, (S, D))
    # seat 0 holds K♥ K♦ K♠ 7♠: four cards, no chest
    assert truthful(d) == SetAside(0)
    play(d, SetAside(0))
    # Seat 1 had no cards left: seat 0 passed without asking or drawing; seat 1 drew one
    # on its own turn (the six of hearts) and the turn came back to seat 0.
    assert [(n.kind, n.seat) for n in state.history][-2:] == [("pass", 0), ("draw", 1)]
    assert state.hands[1] == [8] and d.cards[8] == Card(Rank.SIX, H)
    assert len(state.hands[0]) == 4 and len(state.stock) == 27
    assert state.need() == Decision(0)


def test_answers_are_checked_in_public_for_form() -> None:
    state, d = start(2, 1, ["QH 8D AS 10C", "QD QS 7H KC"])
    declare_deal(d)
    with pytest.raises(IllegalMove, match="seat 1"):
        state.apply(Ask(1, 0, Rank.QUEEN))  # not its turn
    with pytest.raises(IllegalMove, match="no two"):
        state.apply(Ask(0, 1, Rank.TWO))  # not in a 36-card deck
    with pytest.raises(IllegalMove, match="not an opponent"):
        state.apply(Ask(0, 0, Rank.QUEEN))
    play(d, Ask(0, 1, Rank.QUEEN))
    with pytest.raises(IllegalMove, match="only the last yes"):
        state.apply(Answer(1, True, (1,), tuple(cards("QD"))))
    play(d, Answer(1, True))
    with pytest.raises(IllegalMove, match=r"1\.\.3"):
        state.apply(AskCount(0, 4))
    play(d, AskCount(0, 2))
    play(d, Answer(1, True))
    with pytest.raises(IllegalMove, match="exactly 2 distinct suits"):
        state.apply(AskSuits(0, (D, S)))
    with pytest.raises(IllegalMove, match="exactly 2 distinct suits"):
        state.apply(AskSuits(0, (S,)))
    play(d, AskSuits(0, (S, D)))
    with pytest.raises(IllegalMove, match="exactly the named cards"):
        state.apply(Answer(1, True, (1, 3), tuple(cards("QD QS"))))
    digest = state.digest()
    with pytest.raises(IllegalMove, match="not all in your hand"):
        state.apply(Answer(1, True, (0, 2), tuple(cards("QS QD"))))
    assert state.digest() == digest  # a rejected move changes nothing


def test_the_chest_of_a_rank_set_aside_cannot_be_asked_for() -> None:
    state, d = start(2, 1, ["QH QC 8D AS", "QD QS 7H KC"])
    declare_deal(d)
    request(d, 0, 1, Rank.QUEEN, 2, (S, D))
    play(d, truthful(d))
    with pytest.raises(IllegalMove, match="set aside"):
        state.apply(Ask(0, 1, Rank.QUEEN))


def test_game_ends_only_when_every_chest_is_out() -> None:
    """A whole game by bots: play goes on after the stock runs out; it ends with all nine
    chests set aside, no card in any hand and none in the stock."""
    from p2pcards.games.sunduchki import BOTS

    state = load_game("sunduchki", seats=3).new_state()
    d = LocalDealer.seeded(state, 11)
    seen_empty_stock_with_cards = False

    def watch(_ev: object) -> None:
        nonlocal seen_empty_stock_with_cards
        if state.phase != "lot" and state.phase != "shuffle" and not state.stock:
            if any(state.hands) and not isinstance(state.need(), Finished):
                seen_empty_stock_with_cards = True

    result = d.run([BOTS["basic"]] * 3, on_event=watch)
    assert seen_empty_stock_with_cards
    assert sum(result["chests"]) == 9 and state.hands == [[], [], []] and state.stock == []
    assert not result["capped"] and not result["stalled"]
    assert sorted(r for c in result["ranks"] for r in c) == list(range(6, 15))
