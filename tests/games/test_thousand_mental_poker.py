"""Thousand without a dealer: one hand driven through the mental-poker API.

Every need of the engine (the deal, the talon opened or revealed to the declarer alone,
the passed cards revealed to their receivers, each played card opened) is answered by the
protocol; each seat knows exactly what was revealed to it or opened, and every claim of
the hand holds against the deck recovered by the end-of-hand verification."""

from __future__ import annotations

import random

import pytest

from p2pcards.cards import Card
from p2pcards.games import (
    Decision,
    Finished,
    Open,
    Opened,
    Reveal,
    Revealed,
    Shuffle,
    Shuffled,
    load_game,
)
from p2pcards.games.thousand import GAME, MARRIAGE_POINTS, ThousandState
from p2pcards.mental_poker import (
    DeckSpec,
    PublicShuffle,
    SealedShare,
    ShuffleSecrets,
    check_open_body,
    open_body,
    open_key_shares,
    seal_key_shares,
    unlock,
    verify_deck,
    x25519_keypair,
)
from tests.mental_poker._sim import TABLE, roundtrip


@pytest.mark.parametrize("seed", [1, 4])
def test_one_hand_of_thousand_without_a_dealer(seed: int) -> None:
    rng = random.Random(seed)
    seats = 3
    state: ThousandState = load_game("thousand", max_hands=1).new_state()
    xk = [x25519_keypair(rng.randbytes) for _ in range(seats)]
    pks = [k[1] for k in xk]
    bot = GAME.bots["basic"]
    bot_rngs = [random.Random(rng.getrandbits(64)) for _ in range(seats)]
    knowledge: list[dict[int, Card]] = [{} for _ in range(seats)]
    shown: list[set[int]] = [set() for _ in range(seats)]
    sealed: list[SealedShare] = []
    deck: tuple[DeckSpec, PublicShuffle, list[ShuffleSecrets]] | None = None
    reveals: list[tuple[tuple[int, ...], int]] = []
    opens: list[tuple[int, ...]] = []
    for _ in range(2_000):
        need = state.need()
        if isinstance(need, Shuffle):
            spec = DeckSpec.make(TABLE, need.hand, seats, need.first, need.cards)
            rec = PublicShuffle(spec)
            mine = [ShuffleSecrets.generate(spec, s, rng.randbytes) for s in range(seats)]
            while (t := rec.turn) is not None:
                rec.accept(t[1], roundtrip(rec.compute(mine[t[1]])))
            deck = (spec, rec, mine)
            state.apply(Shuffled(need.hand, need.first, need.n))
        elif isinstance(need, Reveal):
            assert deck is not None
            spec, rec, mine = deck
            ps, to = list(need.positions), need.to
            keys: dict[int, dict[int, bytes]] = {p: {to: mine[to].key(p)} for p in ps}
            for s in range(seats):
                if s != to:
                    box = seal_key_shares(spec, mine[s], to, pks[to], ps)
                    sealed.append(SealedShare(s, to, tuple(ps), box))
                    for p, k in open_key_shares(rec, box, s, to, xk[to][0], ps).items():
                        keys[p][s] = k
            knowledge[to].update(unlock(rec, keys))
            shown[to].update(ps)
            reveals.append((need.positions, to))
            state.apply(Revealed(need.positions, to))
        elif isinstance(need, Open):
            assert deck is not None
            spec, rec, mine = deck
            ps = list(need.positions)
            keys = {p: {} for p in ps}
            for s in range(seats):
                body = roundtrip(open_body(spec, mine[s], ps))
                for p, k in check_open_body(rec, s, body, ps).items():
                    keys[p][s] = k
            cards = unlock(rec, keys)
            for kn, sh in zip(knowledge, shown, strict=True):
                kn.update(cards)
                sh.update(ps)
            opens.append(need.positions)
            state.apply(Opened(need.positions, tuple(cards[p] for p in ps)))
        elif isinstance(need, Decision):
            seat = need.seat
            legal = state.legal_moves(seat, knowledge[seat])
            state.apply(bot(state.view(seat, knowledge[seat]), legal, bot_rngs[seat]))
        else:
            assert isinstance(need, Finished)
            break
    else:
        raise AssertionError("the hand did not finish")
    assert deck is not None
    spec, rec, mine = deck
    truth = verify_deck(
        spec,
        rec.bodies,
        [roundtrip(m.to_wire()) for m in mine],
        sealed_shares=sealed,
        public_keys=pks,
    )
    for kn, sh in zip(knowledge, shown, strict=True):
        assert all(truth[p] == c for p, c in kn.items())
        assert set(kn) == sh
    # all 24 cards were played: every position ends public, every claim holds
    assert all(len(kn) == 24 for kn in knowledge)
    assert [c.check(truth) for c in state.claims()] == [None] * len(state.claims())
    # the deal went to each seat alone; the talon was opened or revealed to the declarer
    assert reveals[:3] == [
        ((7, 8, 9, 10, 11, 12, 13), 1),
        ((14, 15, 16, 17, 18, 19, 20), 2),
        ((0, 1, 2, 3, 4, 5, 6), 0),
    ]
    row = state.sheet[0]
    talon = (21, 22, 23)
    assert (talon in opens) == state.talon_shown
    assert ((talon, row.declarer) in reveals) == (not state.talon_shown)
    # the card points of the hand are 120, plus the marriages declared
    assert sum(row.taken) == 120 + sum(MARRIAGE_POINTS[u] for _, u in state.marriages)
