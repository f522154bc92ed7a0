"""Shuffle, reveal and open round trips; each seat learns only what is revealed to it."""

from __future__ import annotations

import pytest

from p2pcards.cards import deck
from p2pcards.mental_poker import (
    DeckSpec,
    PublicShuffle,
    WrongKeyShare,
    card_point,
    open_key_shares,
    seal_key_shares,
    unlock,
    verify_deck,
)
from p2pcards.mental_poker._group import mul, scalar_invert, scalar_product

from ._sim import TABLE, Sim


@pytest.mark.parametrize("cards", [24, 36, 52])
@pytest.mark.parametrize("seats", range(2, 9))
def test_deal_open_and_verify(seats: int, cards: int) -> None:
    sim = Sim(seats, cards, seed=seats * 100 + cards)
    sim.shuffle()
    # Every record ends with the same final deck.
    finals = {rec.final_deck for rec in sim.records}
    assert len(finals) == 1
    # Deal: positions round-robin; the last 4 positions stay in the stock, 2 are opened.
    dealt = list(range(cards - 4))
    for to in range(seats):
        sim.reveal(dealt[to::seats], to)
    opened = [cards - 2, cards - 1]
    sim.open(opened)
    truth = verify_deck(
        sim.spec,
        sim.records[0].bodies,
        sim.reveals(),
        sealed_shares=sim.sealed,
        open_shares=sim.opens,
        public_keys=sim.pk,
    )
    # The deck is a permutation of the game's deck.
    assert sorted(truth.values()) == sorted(deck(cards))
    assert sorted(truth) == list(range(cards))
    for to in range(seats):
        mine = set(dealt[to::seats]) | set(opened)
        assert set(sim.knowledge[to]) == mine  # only what was revealed or opened
        assert all(sim.knowledge[to][p] == truth[p] for p in mine)


def test_positions_start_at_first_and_hand_changes_points() -> None:
    sim = Sim(3, 24, seed=5, hand=7, first=40)
    sim.shuffle()
    got = sim.reveal([40, 63], 2)
    assert set(got) == {40, 63}
    truth = verify_deck(sim.spec, sim.records[1].bodies, sim.reveals())
    assert got == {40: truth[40], 63: truth[63]}
    c = deck(24)[0]
    assert card_point(TABLE, 7, c) != card_point(TABLE, 8, c)
    assert card_point(TABLE, 7, c) != card_point(TABLE + b"x", 7, c)


def test_no_seat_decrypts_without_every_key() -> None:
    sim = Sim(4, 36, seed=11)
    sim.shuffle()
    rec = sim.records[0]
    p = 5
    card_points = set(sim.spec.points)
    # Seat 0 received keys from seats 1 and 2 only (seat 3 revealed nothing to it):
    partial = [sim.secrets[s].key(p) for s in (0, 1, 2)]
    point = mul(scalar_invert(scalar_product(partial)), rec.point(p))
    assert point not in card_points
    with pytest.raises(ValueError, match="all 4 needed"):
        unlock(rec, {p: {s: sim.secrets[s].key(p) for s in (0, 1, 2)}})
    # With all four keys it is a card.
    full = [sim.secrets[s].key(p) for s in range(4)]
    assert mul(scalar_invert(scalar_product(full)), rec.point(p)) in card_points
    # A key share sealed to seat 1 does not open for seat 2.
    sealed = seal_key_shares(sim.spec, sim.secrets[0], 1, sim.pk[1], [p])
    with pytest.raises(WrongKeyShare, match="does not open") as e:
        open_key_shares(sim.records[2], sealed, 0, 1, sim.sk[2], [p])
    assert e.value.seat == 0
    # Before the shuffle the final deck does not exist.
    with pytest.raises(ValueError):
        PublicShuffle(sim.spec).final_deck  # noqa: B018


def test_sealing_is_deterministic_and_libsodium_compatible() -> None:
    from nacl.public import PrivateKey, SealedBox

    from p2pcards.mental_poker import key_plaintext

    sim = Sim(2, 24, seed=3)
    sim.shuffle()
    a = seal_key_shares(sim.spec, sim.secrets[0], 1, sim.pk[1], [3, 4])
    b = seal_key_shares(sim.spec, sim.secrets[0], 1, sim.pk[1], [3, 4])
    assert a == b
    pt = SealedBox(PrivateKey(sim.sk[1])).decrypt(a)
    assert pt == key_plaintext(
        sim.spec, 0, 1, [3, 4], [sim.secrets[0].key(3), sim.secrets[0].key(4)]
    )
    # Different positions use a different ephemeral key.
    c = seal_key_shares(sim.spec, sim.secrets[0], 1, sim.pk[1], [3])
    assert a[:32] != c[:32]


def test_same_seed_same_bytes() -> None:
    a, b = Sim(3, 24, seed=9), Sim(3, 24, seed=9)
    a.shuffle()
    b.shuffle()
    assert a.records[0].bodies == b.records[2].bodies
    assert a.secrets[1].to_wire() == b.secrets[1].to_wire()
    assert DeckSpec.make(TABLE, 1, 3, 0, deck(24)).points == a.spec.points


def test_shared_checked_set_skips_only_valid_points() -> None:
    sim = Sim(3, 24, seed=21)
    shared: set[bytes] = set()
    recs = [PublicShuffle(sim.spec, checked=shared) for _ in range(2)]
    while (t := sim.records[0].turn) is not None:
        body = sim.records[t[1]].contribute(sim.secrets[t[1]])
        sim.publish(t[1], body)
        for rec in recs:
            rec.accept(t[1], body)
    assert len(shared) == 6 * 24
    assert recs[0].final_deck == recs[1].final_deck == sim.records[0].final_deck
    # An invalid point is never added, so it is still rejected.
    from p2pcards.mental_poker import InvalidPoint

    bad_rec = PublicShuffle(sim.spec, checked=shared)
    body = [bytes(32), [bytes(32), *sim.spec.points[1:]]]
    with pytest.raises(InvalidPoint):
        bad_rec.accept(0, body)
    assert bytes(32) not in shared
