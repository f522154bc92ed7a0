"""The mental-poker API answers every dealer need of a real engine (Akulina, 2..5 seats):
no dealer, each seat knows only what was revealed to it, and the end-of-hand verification
gives every card, matching every seat's knowledge and every claim."""

from __future__ import annotations

import random
from typing import Any

import pytest

from p2pcards.cards import Card
from p2pcards.games import (
    CommitOrder,
    Decision,
    Finished,
    Open,
    Opened,
    OrderCommitted,
    RandomValue,
    Reveal,
    Revealed,
    Shuffle,
    Shuffled,
    TakeHidden,
    Taken,
    game_info,
    load_game,
)
from p2pcards.games import Random as RandomNeed
from p2pcards.mental_poker import (
    DeckSpec,
    HandContext,
    HandOrderSecret,
    PublicShuffle,
    SealedShare,
    ShuffleSecrets,
    check_open_body,
    check_order,
    check_random_value,
    open_body,
    open_key_shares,
    order_commitment,
    random_commitment,
    random_result,
    random_value,
    seal_key_shares,
    unlock,
    verify_deck,
    x25519_keypair,
)

from ._sim import TABLE, roundtrip


def _play(seats: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    game = load_game("akulina", seats=seats)
    bot = game_info("akulina").bots["basic"]
    state = game.new_state()
    xk = [x25519_keypair(rng.randbytes) for _ in range(seats)]
    pks = [k[1] for k in xk]
    bot_rngs = [random.Random(rng.getrandbits(64)) for _ in range(seats)]
    knowledge: list[dict[int, Card]] = [{} for _ in range(seats)]
    shown: list[set[int]] = [set() for _ in range(seats)]  # revealed to the seat or opened
    decks: list[tuple[DeckSpec, PublicShuffle, list[ShuffleSecrets]]] = []
    sealed: list[SealedShare] = []
    orders: list[tuple[int, int, bytes, HandOrderSecret, tuple[int, ...], list[Any]]] = []
    hand = -1
    draws = 0
    for _ in range(10_000):
        need = state.need()
        if isinstance(need, Shuffle):
            hand = need.hand
            spec = DeckSpec.make(TABLE, need.hand, seats, need.first, need.cards)
            rec = PublicShuffle(spec)
            mine = [ShuffleSecrets.generate(spec, s, rng.randbytes) for s in range(seats)]
            while (t := rec.turn) is not None:
                rec.accept(t[1], roundtrip(rec.compute(mine[t[1]])))
            decks.append((spec, rec, mine))
            state.apply(Shuffled(need.hand, need.first, need.n))
        elif isinstance(need, Reveal):
            spec, rec, mine = decks[-1]
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
            state.apply(Revealed(need.positions, to))
        elif isinstance(need, Open):
            spec, rec, mine = decks[-1]
            ps = list(need.positions)
            bodies = [roundtrip(open_body(spec, mine[s], ps)) for s in range(seats)]
            keys = {p: {} for p in ps}
            for s, b in enumerate(bodies):
                for p, k in check_open_body(rec, s, b, ps).items():
                    keys[p][s] = k
            cards = unlock(rec, keys)
            for kn, sh in zip(knowledge, shown, strict=True):
                kn.update(cards)
                sh.update(ps)
            state.apply(Opened(need.positions, tuple(cards[p] for p in ps)))
        elif isinstance(need, RandomNeed):
            ctx = HandContext(TABLE, max(hand, 0), seats)
            vs = [random_value(rng.randbytes) for _ in range(seats)]
            coms = [random_commitment(ctx, draws, s, v) for s, v in enumerate(vs)]
            vs = [check_random_value(ctx, draws, s, v, coms[s]) for s, v in enumerate(vs)]
            state.apply(RandomValue(random_result(ctx, draws, vs, need.k)))
            draws += 1
        elif isinstance(need, CommitOrder):
            ctx = HandContext(TABLE, hand, seats)
            sec = HandOrderSecret.generate(need.positions, rng.randbytes)
            com = order_commitment(ctx, need.seat, len(orders), sec.order, sec.salt)
            orders.append((need.seat, len(orders), com, sec, need.positions, []))
            state.apply(OrderCommitted(need.seat))
        elif isinstance(need, TakeHidden):
            holder, label, com, sec, _, picks = orders[-1]
            assert holder == need.holder
            picks.append((need.index, sec.pick(need.index)))
            state.apply(Taken(sec.pick(need.index)))
        elif isinstance(need, Decision):
            seat = need.seat
            legal = state.legal_moves(seat, knowledge[seat])
            state.apply(bot(state.view(seat, knowledge[seat]), legal, bot_rngs[seat]))
        else:
            assert isinstance(need, Finished)
            break
    else:
        raise AssertionError("the game did not finish")
    # End of hand: every seat reveals; everything is verified.
    truth: dict[int, Card] = {}
    for spec, rec, mine in decks:
        shares = [sh for sh in sealed if spec.first <= sh.positions[0] < spec.first + spec.n]
        truth |= verify_deck(
            spec,
            rec.bodies,
            [roundtrip(m.to_wire()) for m in mine],
            sealed_shares=shares,
            public_keys=pks,
        )
    ctx = HandContext(TABLE, hand, seats)
    for holder, label, com, sec, positions, picks in orders:
        check_order(ctx, holder, label, com, roundtrip(sec.to_wire()), positions, picks)
    return {
        "state": state,
        "truth": truth,
        "knowledge": knowledge,
        "shown": shown,
        "result": need.result,
        "orders": orders,
    }


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_akulina_without_dealer(seats: int) -> None:
    out = _play(seats, seed=seats)
    truth, state = out["truth"], out["state"]
    # Every seat's knowledge is true and is exactly what was revealed to it or opened.
    for kn, shown in zip(out["knowledge"], out["shown"], strict=True):
        assert all(truth[p] == c for p, c in kn.items())
        assert set(kn) == shown
    # Every hidden-information claim holds with the revealed deck.
    assert [c.check(truth) for c in state.claims()] == [None] * len(state.claims())
    # Akulina: one loser, who ends the hand with the queen of spades.
    assert len(out["result"]["losers"]) == 1
    if seats >= 3:
        assert out["orders"], "cards were taken from hidden hands"
