"""Lies about hidden hands in Sunduchki: each false answer is a claim that the end-of-hand
audit finds false, naming the seat, the question and the card; lies that opened cards or
open cards contradict are rejected at once (sunduchki.ru.txt, "Ход: три вопроса")."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from p2pcards.cards import Card, Rank, Suit, parse_cards
from p2pcards.games import ClaimMismatch, Decision, LocalDealer, Move, RandomValue, load_game
from p2pcards.games.sunduchki import (
    BOTS,
    Answer,
    Ask,
    AskCount,
    AskSuits,
    SetAside,
    SunduchkiState,
    scripted_deck,
)
from p2pcards.ui import Names, presenter

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS


def start(hands: list[str], stock: str = "") -> tuple[SunduchkiState, LocalDealer]:
    """Two seats, seat 1 deals, seat 0 plays first; every seat declares its deal."""
    state = load_game("sunduchki", seats=2).new_state()
    deck = scripted_deck(2, 1, [parse_cards(h) for h in hands], parse_cards(stock))
    d = LocalDealer(state, decks=[deck])
    d.apply(RandomValue(1))
    settle(d)
    while state.phase == "declare":
        play(d, honest(d))
    return state, d


def settle(d: LocalDealer) -> None:
    while d.answer() is not None:
        pass


def play(d: LocalDealer, move: Move) -> None:
    d.apply(move)
    settle(d)


def honest(d: LocalDealer) -> Move:
    need = d.state.need()
    assert isinstance(need, Decision)
    [move] = d.state.legal_moves(need.seat, d.knowledge[need.seat])
    return move


def finish(d: LocalDealer) -> Mapping[str, object]:
    """Bots play the rest honestly."""
    return d.run([BOTS["basic"], BOTS["basic"]])


def audit(state: SunduchkiState, cards: Mapping[int, Card]) -> list[tuple[int, str]]:
    """(seat, the presenter's English words: the claim; why it is false) of every claim
    the revealed cards make false (seats named from 1: "seat 2" is seat 1)."""
    out = []
    p, names = presenter("sunduchki"), Names.seats(state.seats, "en")
    for claim in state.claims():
        why = claim.check(cards)
        if why is not None:
            said = f"{p.claim_text(claim, names)}; {p.falsified_text(claim, why, names)}"
            out.append((claim.seat, said))
    return out


def test_an_honest_game_has_no_false_claim() -> None:
    state, d = start(["QH QC 8D AS", "QD QS 7H KC"], stock="9C")
    finish(d)
    assert state.claims() and audit(state, d.cards) == []


def test_no_to_question_one_while_holding_the_rank_is_caught() -> None:
    state, d = start(["QH 8D AS 10C", "QD QS 7H KC"], stock="9C")
    play(d, Ask(0, 1, Rank.QUEEN))
    assert state.legal_moves(1, d.knowledge[1]) == [Answer(1, True)]
    play(d, Answer(1, False))  # a lie: it holds two queens
    # The lie is accepted in public: seat 0 draws and the turn passes.
    assert state.history[-1].kind == "draw" and state.turn == 0
    finish(d)
    [(seat, why)] = audit(state, d.cards)
    assert seat == 1
    assert "seat 2 answers no to (seat 1 → seat 2: do you have queens?)" in why
    assert "but held Q♠ Q♦" in why


def test_no_to_question_two_while_holding_exactly_that_count_is_caught() -> None:
    state, d = start(["QH 8D AS 10C", "QD QS 7H KC"], stock="9C")
    play(d, Ask(0, 1, Rank.QUEEN))
    play(d, Answer(1, True))
    play(d, AskCount(0, 2))
    assert state.legal_moves(1, d.knowledge[1]) == [Answer(1, True)]
    play(d, Answer(1, False))  # a lie: exactly two
    finish(d)
    [(seat, why)] = audit(state, d.cards)
    assert seat == 1
    assert "answers no to (seat 1 → seat 2: exactly 2 queens?)" in why
    assert "held Q♠ Q♦" in why


def test_no_to_question_three_while_holding_exactly_those_suits_is_caught() -> None:
    state, d = start(["QH 8D AS 10C", "QD QS 7H KC"], stock="9C")
    play(d, Ask(0, 1, Rank.QUEEN))
    play(d, Answer(1, True))
    play(d, AskCount(0, 2))
    play(d, Answer(1, True))
    play(d, AskSuits(0, (S, D)))
    play(d, Answer(1, False))  # a lie: spades and diamonds is right
    finish(d)
    [(seat, why)] = audit(state, d.cards)
    assert seat == 1
    assert "answers no to (seat 1 → seat 2: suits ♠ ♦ (spades, diamonds)?)" in why
    assert "held Q♠ Q♦" in why


def test_yes_to_a_wrong_count_is_caught() -> None:
    state, d = start(["QH 8D AS 10C", "QD QS 7H KC"], stock="9C")
    play(d, Ask(0, 1, Rank.QUEEN))
    play(d, Answer(1, True))
    play(d, AskCount(0, 1))
    play(d, Answer(1, True))  # a lie: it holds two
    play(d, AskSuits(0, (S,)))
    play(d, Answer(1, False))  # true: its queens are not "the spade" alone
    finish(d)
    [(seat, why)] = audit(state, d.cards)
    assert seat == 1
    assert "answers yes to (seat 1 → seat 2: exactly 1 queens?)" in why
    assert "held Q♠ Q♦" in why


def test_asking_for_a_rank_not_held_is_caught() -> None:
    state, d = start(["QH 8D AS 10C", "QD QS 7H KC"], stock="9C")
    play(d, Ask(0, 1, Rank.KING))  # seat 0 holds no king
    play(d, honest(d))  # seat 1: no kings? It holds K♣: yes.
    play(d, AskCount(0, 1))
    play(d, honest(d))
    play(d, AskSuits(0, (C,)))
    play(d, honest(d))  # three yeses: the king of clubs passes
    assert Card(Rank.KING, C) in [d.cards[p] for p in state.hands[0]]
    finish(d)
    [(seat, why)] = audit(state, d.cards)
    assert seat == 0
    assert "seat 1 asks (seat 1 → seat 2: do you have kings?), so holds kings" in why
    assert "but the hand was" in why and "Q♥" in why


def test_keeping_a_chest_hidden_is_caught() -> None:
    state, d = start(["JH JD JC 8D", "QD QS 7H KC"], stock="JS")
    play(d, Ask(0, 1, Rank.EIGHT))
    play(d, Answer(1, False))
    assert len(state.legal_moves(0, d.knowledge[0])[0].positions) == 4  # type: ignore[attr-defined]
    play(d, SetAside(0))  # a lie: the four jacks are in its hand
    result = finish(d)
    # Its next honest declaration sets the jacks aside late; the lie stays on record.
    assert int(Rank.JACK) in result["ranks"][0]  # type: ignore[index]
    found = audit(state, d.cards)
    assert found and found[0][0] == 0
    assert "seat 1 holds no complete chest after a draw" in found[0][1]
    assert "but kept J♠ J♥ J♦ J♣" in found[0][1]


def test_handing_over_other_cards_than_named_is_rejected_at_once() -> None:
    state, d = start(["QH 8D AS 10C", "QD QS 7H KC"], stock="9C")
    play(d, Ask(0, 1, Rank.QUEEN))
    play(d, Answer(1, True))
    play(d, AskCount(0, 2))
    play(d, Answer(1, True))
    play(d, AskSuits(0, (S, D)))
    [right] = state.legal_moves(1, d.knowledge[1])
    assert isinstance(right, Answer)
    seven, king = (p for p in state.hands[1] if d.cards[p].rank in (Rank.SEVEN, Rank.KING))
    # Seat 1 names the queens but gives the seven and the king.
    d.apply(Answer(1, True, (seven, king), right.cards))
    with pytest.raises(ClaimMismatch, match="seat 1") as e:
        settle(d)
    assert e.value.seat == 1 and "not the claimed Q♠" in str(e.value)


def test_a_false_chest_is_rejected_when_opened() -> None:
    state, d = start(["QH 8D AS 10C", "QD QS 7H KC"], stock="9C")
    play(d, Ask(0, 1, Rank.ACE))
    play(d, Answer(1, False))
    # seat 0 claims its five cards hold the four nines: they do not.
    positions = tuple(sorted(state.hands[0])[:4])
    d.apply(SetAside(0, positions, tuple(parse_cards("9S 9H 9D 9C"))))
    with pytest.raises(ClaimMismatch) as e:
        settle(d)
    assert e.value.seat == 0 and "opened as" in str(e.value)


def test_no_while_holding_the_rank_openly_is_rejected_at_once() -> None:
    state = load_game("sunduchki", seats=3).new_state()
    hands = ["QH QC 8D AS", "QD 7S 7H KC", "QS 9D 9H JC"]
    deck = scripted_deck(3, 2, [parse_cards(h) for h in hands], parse_cards("6S 6H 6D"))
    d = LocalDealer(state, decks=[deck])
    d.apply(RandomValue(2))
    settle(d)
    while state.phase == "declare":
        play(d, honest(d))
    play(d, Ask(0, 1, Rank.QUEEN))
    play(d, honest(d))
    play(d, AskCount(0, 1))
    play(d, honest(d))
    play(d, AskSuits(0, (D,)))
    play(d, honest(d))  # Q♦ passes openly to seat 0
    play(d, honest(d))  # five cards, no chest (Q♠ is with seat 2)
    play(d, Ask(0, 1, Rank.ACE))
    play(d, honest(d))
    play(d, honest(d))  # drew 6♠, no chest
    play(d, Ask(1, 2, Rank.SEVEN))
    play(d, honest(d))
    play(d, honest(d))  # drew 6♥, no chest
    play(d, Ask(2, 0, Rank.QUEEN))
    digest = state.digest()
    with pytest.raises(ClaimMismatch, match="holds Q♦ openly") as e:
        state.apply(Answer(0, False))
    assert e.value.seat == 0 and state.digest() == digest


def test_what_a_proof_would_show_for_a_no_and_for_the_askers_rank() -> None:
    state, d = start(["QH 8D AS 10C", "QD QS 7H KC"], stock="9C")
    play(d, Ask(0, 1, Rank.QUEEN))
    play(d, Answer(1, False))  # a lie: it holds two queens
    ask, no = state.claims()[-2:]
    assert ask.kind == "holds_rank" and ask.hidden is not None and ask.hidden.kind == "holds"
    assert {g[0].rank for g in ask.hidden.groups} == {Rank.QUEEN} and ask.hidden.holds(d.cards)
    assert no.kind == "answer" and no.hidden is not None and no.hidden.kind == "each"
    assert Rank.QUEEN not in {c.rank for c in no.hidden.cards}
    assert not no.hidden.holds(d.cards)  # the lie: no proof could be made


def test_statements_of_the_no_to_questions_2_and_3_hold_exactly_when_the_answer_is_true() -> None:
    """What a proof shows of a "no" to question 2 (a count) and question 3 (suits) is true
    of a hand exactly when the answer is: every count and every suit set, for hands with
    0..3 queens hidden and some open (received face up), and cards open elsewhere."""
    import itertools
    import random

    from p2pcards.games.sunduchki import _claims as sclaims

    state = load_game("sunduchki", seats=2).new_state()
    rnd = random.Random(3)
    queens = [Card(Rank.QUEEN, s) for s in (S, H, D, C)]
    others = [c for c in state.deck_cards if c.rank != Rank.QUEEN]
    checked = 0
    for _ in range(60):
        n_q = rnd.randrange(0, 4)
        hand_cards = rnd.sample(queens, n_q) + rnd.sample(others, rnd.randrange(1, 4))
        hand = tuple(range(len(hand_cards)))
        cards = dict(enumerate(hand_cards))
        state.public = {p: c for p, c in cards.items() if rnd.random() < 0.3}
        rest = [q for q in queens if q not in hand_cards]
        if rest and rnd.random() < 0.5:
            state.public[99] = rest[0]  # open elsewhere (passed to another seat)
        for n in (1, 2, 3):
            h = state._count_not(hand, Rank.QUEEN, n)
            truth = sclaims.answered_count(hand, Rank.QUEEN, n, n, False)(cards) is None
            if h is not None:
                assert h.kind == "cnf" and set(h.positions) <= set(hand)
                assert h.holds(cards) == truth, (hand_cards, state.public, n)
                checked += 1
            else:  # left to the open cards: then they decide it
                assert truth or not [p for p in hand if p not in state.public]
        for k in (1, 2, 3):
            for suits in itertools.combinations((S, H, D, C), k):
                h = state._suits_not(hand, Rank.QUEEN, suits)
                truth = sclaims.answered_suits(hand, Rank.QUEEN, suits)(cards) is None
                if h is not None:
                    assert h.holds(cards) == truth, (hand_cards, state.public, suits)
                    checked += 1
                else:
                    assert truth or not [p for p in hand if p not in state.public]
    assert checked > 500
