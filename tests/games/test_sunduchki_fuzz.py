"""Arbitrary moves never crash the Sunduchki engine: each is accepted or rejected with an
IllegalMove naming a seat, and a rejected move leaves the state unchanged."""

from __future__ import annotations

import random

from p2pcards.cards import Card, Rank, Suit
from p2pcards.games import Decision, Finished, IllegalMove, LocalDealer, Move, load_game
from p2pcards.games.sunduchki import Answer, Ask, AskCount, AskSuits, SetAside


def garbage(rng: random.Random, seat: int, seats: int) -> Move:
    def pos() -> tuple[int, ...]:
        return tuple(rng.randrange(-2, 40) for _ in range(rng.randrange(0, 6)))

    def cards(n: int) -> tuple[Card, ...]:
        return tuple(Card(Rank(rng.randrange(2, 15)), Suit(rng.randrange(4))) for _ in range(n))

    kind = rng.randrange(5)
    if kind == 0:
        return Ask(seat, rng.randrange(-1, seats + 1), Rank(rng.randrange(2, 15)))
    if kind == 1:
        return AskCount(seat, rng.randrange(-1, 6))
    if kind == 2:
        return AskSuits(seat, tuple(Suit(rng.randrange(4)) for _ in range(rng.randrange(5))))
    if kind == 3:
        p = pos()
        return Answer(seat, rng.random() < 0.5, p, cards(len(p) + rng.randrange(-1, 2) if p else 0))
    p = pos()
    return SetAside(seat, p, cards(len(p)))


def test_garbage_moves_are_rejected_cleanly() -> None:
    accepted = rejected = 0
    for seed, opts in ((1, {}), (2, {"questions": "one"}), (3, {"deck": 52, "ask": "left"})):
        game = load_game("sunduchki", seats=3, max_moves=400, **opts)
        state = game.new_state()
        d = LocalDealer.seeded(state, seed)
        rng = random.Random(seed)
        for _ in range(3000):
            need = state.need()
            if isinstance(need, Finished):
                break
            if not isinstance(need, Decision):
                d.answer()
                continue
            seat = need.seat
            legal = state.legal_moves(seat, d.knowledge[seat])
            for _ in range(8):
                bad = garbage(rng, seat if rng.random() < 0.8 else (seat + 1) % 3, 3)
                if bad in legal:
                    continue
                before = state.digest()
                try:
                    state.apply(bad)
                except IllegalMove as e:
                    rejected += 1
                    assert e.seat in (seat, bad.seat, None)
                    assert state.digest() == before
                else:
                    accepted += 1  # publicly legal (e.g. a lie): the audit's business
                    break
            else:
                d.apply(legal[rng.randrange(len(legal))])
            # a lie may leave positions to open that the dealer knows: keep going
            while not isinstance(state.need(), Decision | Finished):
                try:
                    d.answer()
                except IllegalMove:
                    break
            if not isinstance(state.need(), Decision | Finished):
                break
    assert rejected > 1000 and accepted > 0
