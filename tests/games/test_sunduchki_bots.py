"""Sunduchki bots: honest, bounded, and "basic" beats "random"."""

from __future__ import annotations

import random

from p2pcards.cards import Rank, Suit, parse_cards
from p2pcards.games import Decision, LocalDealer, RandomValue, load_game
from p2pcards.games.sunduchki import BOTS, Answer, Ask, AskCount, AskSuits, scripted_deck
from p2pcards.games.sunduchki._infer import OF_SIZE, infer


def test_basic_beats_random_one_against_one() -> None:
    game = load_game("sunduchki", seats=2)
    rng = random.Random(3)
    wins = {"basic": 0, "random": 0}
    n = 60
    for i in range(n):
        names = ["basic", "random"] if i % 2 == 0 else ["random", "basic"]
        d = LocalDealer(game.new_state(), rng=random.Random(rng.getrandbits(64)))
        result = d.run([BOTS[x] for x in names])
        assert not result["capped"] and sum(result["chests"]) == 9
        for s in result["winners"]:
            wins[names[s]] += 1
    # scripts/bench sunduchki_bots measures about 83% over 1,000 games.
    assert wins["basic"] >= 0.65 * n, wins


def test_every_bot_game_is_honest_and_bounded() -> None:
    for seats in (2, 4, 6):
        game = load_game("sunduchki", seats=seats)
        for seed in range(3):
            state = game.new_state()
            d = LocalDealer.seeded(state, seed)
            result = d.run([BOTS["random"], BOTS["basic"]] * 3)
            assert not result["capped"] and not result["stalled"]
            assert result["moves"] < 5000
            assert [c for c in state.claims() if c.check(d.cards)] == []


def test_basic_infers_the_count_and_suits_from_answers() -> None:
    """After seat 1 said it holds exactly two queens and the asker holds the queen of
    hearts, the basic bot never names hearts and asks for two."""
    state = load_game("sunduchki", seats=2).new_state()
    deck = scripted_deck(2, 1, [parse_cards("QH 8D AS 10C"), parse_cards("QD QS 7H KC")])
    d = LocalDealer(state, decks=[deck])
    d.apply(RandomValue(1))
    while state.phase != "ask":
        need = state.need()
        if isinstance(need, Decision):
            d.apply(state.legal_moves(need.seat, d.knowledge[need.seat])[0])
        else:
            d.answer()
    d.apply(Ask(0, 1, Rank.QUEEN))
    d.apply(Answer(1, True))
    view = state.view(0, d.knowledge[0])
    masks = infer(view)
    assert masks[1, Rank.QUEEN] & 1 == 0  # it holds at least one
    legal = state.legal_moves(0, d.knowledge[0])
    assert legal == [AskCount(0, 1), AskCount(0, 2), AskCount(0, 3)]
    d.apply(AskCount(0, 2))
    d.apply(Answer(1, True))
    masks = infer(state.view(0, d.knowledge[0]))
    assert masks[1, Rank.QUEEN] & ~OF_SIZE[2] == 0
    move = BOTS["basic"](
        state.view(0, d.knowledge[0]), state.legal_moves(0, d.knowledge[0]), random.Random(0)
    )
    assert isinstance(move, AskSuits) and len(move.suits) == 2
    assert Suit.HEARTS not in move.suits  # never hearts: it holds the queen of hearts
