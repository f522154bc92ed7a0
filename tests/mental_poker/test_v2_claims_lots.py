"""Version 2: claims about hidden cards (CDS OR-proofs) and lots (a proven shuffle of lot
tokens)."""

from __future__ import annotations

from typing import Any

import pytest

from p2pcards.cards import deck, parse_card
from p2pcards.mental_poker._claims import (
    AllOf,
    AnyOf,
    NotCard,
    check_claim,
    each_card_in,
    holds_a_pair,
    no_card_in,
    prove_claim,
    some_card_in,
)
from p2pcards.mental_poker._domain import card_point
from p2pcards.mental_poker._elgamal import Ciphertext, encrypt, joint_key
from p2pcards.mental_poker._errors import (
    BadClaimProof,
    InvalidPoint,
    InvalidScalar,
    MalformedMessage,
)
from p2pcards.mental_poker._lots import lot_deck, lot_outcome
from p2pcards.mental_poker._ristretto import IDENTITY, mul_base, random_scalar
from p2pcards.mental_poker._seat_key import SeatKey
from p2pcards.mental_poker._shares import check_shares, make_shares, partial_decrypt
from p2pcards.mental_poker._shuffle_proof import check_shuffle, shuffle_proven

from ._v2util import TABLE, copy, ctx, flip, rng

SEATS = 3
HOLDER = 0


class Hand:
    """Seat 0 holds ``cards`` (dealt: seats 1, 2 published their shares)."""

    def __init__(self, cards: list[str], seed: int = 1) -> None:
        r = rng(seed)
        self.keys = [SeatKey.generate(r) for _ in range(SEATS)]
        self.y = joint_key([k.public for k in self.keys])
        self.cards = [parse_card(c) for c in cards]
        self.cts: list[Ciphertext] = [
            encrypt(card_point(TABLE, c.code), self.y, random_scalar(r)) for c in self.cards
        ]
        c1s = [ct[0] for ct in self.cts]
        shares = [
            check_shares(
                ctx(s, "deal"),
                self.keys[s].public,
                c1s,
                make_shares(ctx(s, "deal"), self.keys[s], c1s, r),
            )
            for s in (1, 2)
        ]
        self.ws = [
            partial_decrypt(ct, [shares[0][k], shares[1][k]]) for k, ct in enumerate(self.cts)
        ]

    def held(self) -> list[tuple[Ciphertext, bytes]]:
        return list(zip(self.cts, self.ws, strict=True))


def points(cards: list[str]) -> list[bytes]:
    return [card_point(TABLE, parse_card(c).code) for c in cards]


def not_of_suit(suit: str) -> list[bytes]:
    return [card_point(TABLE, c.code) for c in deck(24) if c.suit.symbol != suit]


def test_cannot_follow_suit_true_claim_verifies() -> None:
    h = Hand(["9♠", "K♠", "A♦", "10♣"])
    tree = each_card_in(h.held(), not_of_suit("♥"))
    body = prove_claim(ctx(0, "trick 3"), h.keys[0], tree, rng(5))
    check_claim(ctx(0, "trick 3"), h.keys[0].public, tree, body)
    assert body == prove_claim(ctx(0, "trick 3"), h.keys[0], tree, rng(5))


def test_false_follow_suit_claim_refused() -> None:
    # Seat 0 holds a heart and claims it cannot follow hearts.
    h = Hand(["9♠", "Q♥", "A♦"])
    tree = each_card_in(h.held(), not_of_suit("♥"))
    with pytest.raises(ValueError, match="false"):
        prove_claim(ctx(0), h.keys[0], tree, rng(5))
    # a forged proof: the honest proof for a different (true) hand transplanted
    other = Hand(["9♠", "K♠", "A♦"], seed=1)
    body = prove_claim(ctx(0), other.keys[0], each_card_in(other.held(), not_of_suit("♥")), rng(6))
    with pytest.raises(BadClaimProof) as e:
        check_claim(ctx(0), h.keys[0].public, tree, body)
    assert e.value.seat == 0
    # a forged proof: simulate the heart's clause too (every branch simulated), then
    # adjust one challenge so the clause sums up: the root hash no longer matches
    true_tree = each_card_in(h.held()[:1] + h.held()[2:], not_of_suit("♥"))
    part = prove_claim(ctx(0), h.keys[0], true_tree, rng(7))
    forged = copy(part)
    forged[1].insert(1, copy(part[1][0]))
    forged[2][len(not_of_suit("♥")) : len(not_of_suit("♥"))] = part[2][: len(not_of_suit("♥"))]
    with pytest.raises(BadClaimProof):
        check_claim(ctx(0), h.keys[0].public, tree, forged)


def test_claim_mutations_refused() -> None:
    h = Hand(["9♠", "A♦"])
    allowed = not_of_suit("♥")
    tree = each_card_in(h.held(), allowed)
    body = prove_claim(ctx(0), h.keys[0], tree, rng(5))
    y = h.keys[0].public
    flips = [[0]] + [[1, i, k] for i in range(2) for k in (0, 5, len(allowed) - 1)]
    flips += [[2, k] for k in (0, 7, 2 * len(allowed) - 1)]
    for path in flips:
        bad = copy(body)
        node = bad
        for p in path[:-1]:
            node = node[p]
        node[path[-1]] = flip(node[path[-1]], 3)
        with pytest.raises((BadClaimProof, InvalidScalar)):
            check_claim(ctx(0), y, tree, bad)
    # a wrong OR-branch: the allowed set changed under the proof (hearts instead of spades)
    with pytest.raises(BadClaimProof):
        check_claim(ctx(0), y, each_card_in(h.held(), not_of_suit("♠")), body)
    for other in [ctx(1), ctx(0, "other"), ctx(0, hand=9), ctx(0, table=b"t2")]:
        with pytest.raises(BadClaimProof):
            check_claim(other, y, tree, body)
    with pytest.raises(BadClaimProof):
        check_claim(ctx(0), h.keys[1].public, tree, body)
    with pytest.raises(BadClaimProof):  # the cards swapped
        check_claim(ctx(0), y, each_card_in(h.held()[::-1], allowed), body)
    with pytest.raises((BadClaimProof, MalformedMessage)):  # an AND read as an OR
        check_claim(ctx(0), y, AnyOf(tree.children), body)
    for bad in [
        body[:2],
        [*body, 1],
        [body[0], body[1][:1], body[2]],
        [body[0], body[1], body[2][:-1]],
        [body[0], body[1], [*body[2], body[0]]],
        [body[0], [body[1][0], body[1][1][:-1]], body[2]],
        None,
        [body[0], 1, 2],
    ]:
        with pytest.raises(MalformedMessage):
            check_claim(ctx(0), y, tree, bad)


def test_some_card_in_set() -> None:
    # Sunduchki: asking for queens, the asker proves it holds at least one queen.
    h = Hand(["9♠", "Q♦", "A♦"])
    queens = points(["Q♠", "Q♥", "Q♦", "Q♣"])
    tree = some_card_in(h.held(), queens)
    body = prove_claim(ctx(0), h.keys[0], tree, rng(8))
    check_claim(ctx(0), h.keys[0].public, tree, body)
    nq = Hand(["9♠", "K♦", "A♦"])
    ntree = some_card_in(nq.held(), queens)
    with pytest.raises(ValueError):
        prove_claim(ctx(0), nq.keys[0], ntree, rng(8))
    with pytest.raises(BadClaimProof):
        check_claim(ctx(0), nq.keys[0].public, ntree, body)


def _marriages() -> list[tuple[bytes, bytes]]:
    return [(points([f"K{s}"])[0], points([f"Q{s}"])[0]) for s in "♠♣♦♥"]


def test_marriage_held() -> None:
    # Thousand: a bid over 120 needs a marriage (king and queen of one suit).
    h = Hand(["9♠", "K♦", "A♣", "Q♦", "Q♠", "10♥"])
    tree = holds_a_pair(h.held(), _marriages())
    body = prove_claim(ctx(0, "bid"), h.keys[0], tree, rng(9))
    check_claim(ctx(0, "bid"), h.keys[0].public, tree, body)
    # a king and a queen of different suits is no marriage
    no = Hand(["9♠", "K♦", "A♣", "Q♣", "Q♠", "10♥"])
    ntree = holds_a_pair(no.held(), _marriages())
    with pytest.raises(ValueError):
        prove_claim(ctx(0, "bid"), no.keys[0], ntree, rng(9))
    with pytest.raises(BadClaimProof):
        check_claim(ctx(0, "bid"), no.keys[0].public, ntree, body)


def _draw_lot(trial: int, k: int = 4) -> int:
    keys = [SeatKey.generate(rng(30 + s)) for s in range(3)]
    y = joint_key([k.public for k in keys])
    d = lot_deck(TABLE, k, y)
    for s in range(3):
        _, body = shuffle_proven(ctx(s, "lot"), y, d, rng(100 * trial + s))
        d = check_shuffle(ctx(s, "lot"), y, d, body)
    c1 = [d[0][0]]
    shares = [
        check_shares(
            ctx(s, "lot open"),
            keys[s].public,
            c1,
            make_shares(ctx(s, "lot open"), keys[s], c1, rng(7 + s)),
        )[0]
        for s in range(3)
    ]
    return lot_outcome(TABLE, k, d[0], shares)


def test_lots_every_step_proven_and_reproducible() -> None:
    outcomes = [_draw_lot(trial) for trial in range(4)]
    assert all(0 <= o < 4 for o in outcomes)
    assert len(set(outcomes)) > 1  # the seeds give different draws
    assert _draw_lot(2) == outcomes[2]  # re-derived from the same seeds
    with pytest.raises(ValueError):
        lot_deck(TABLE, 1, SeatKey.generate(rng(1)).public)


def test_lot_outcome_refuses_a_non_token() -> None:
    keys = [SeatKey.generate(rng(30 + s)) for s in range(2)]
    y = joint_key([k.public for k in keys])
    ct = encrypt(card_point(TABLE, 3), y, random_scalar(rng(1)))
    shares: list[Any] = [make_shares(ctx(s), keys[s], [ct[0]], rng(2))[0][0] for s in range(2)]
    with pytest.raises(Exception, match="no lot token"):
        lot_outcome(TABLE, 4, ct, shares)


def test_a_claim_over_cards_that_share_c1_is_proven_and_the_fast_prover_changes_no_byte() -> None:
    """Two hidden cards may share C1 (a shuffler may re-use a randomizer; the initial deck
    has C1 = G for every card): the prover must tell them apart by W, not by C1.  And the
    prover's simulation with the witness (a = t·G, b = t·C1 + e·(M* − M)) gives the very
    points the verifier's s·G + e·Y, s·C1 + e·(W − M) do."""
    from p2pcards.mental_poker._claims import _Prover, _sim_ab
    from p2pcards.mental_poker._elgamal import initial_deck
    from p2pcards.mental_poker._ristretto import mul

    h = Hand(["9♠"])
    cards = [parse_card(c) for c in ("9♠", "K♣", "Q♦")]
    cts = initial_deck([card_point(TABLE, c.code) for c in cards], h.y)  # C1 = G for all
    assert len({ct[0] for ct in cts}) == 1
    ws = [partial_decrypt(ct, [mul(h.keys[s].secret, ct[0]) for s in (1, 2)]) for ct in cts]
    held = list(zip(cts, ws, strict=True))
    allowed = not_of_suit("♥")
    tree = each_card_in(held, allowed)
    body = prove_claim(ctx(0), h.keys[0], tree, rng(9))
    check_claim(ctx(0), h.keys[0].public, tree, body)
    p, r = _Prover(h.keys[0], rng(10)), rng(11)
    for ct, w in held:
        for m in allowed[:4]:
            e, s = random_scalar(r), random_scalar(r)
            assert p.simulate((ct[0], w, m), e, s) == _sim_ab(h.keys[0].public, (ct[0], w, m), e, s)


# ------------------------------------------------------- inequalities (Camenisch–Shoup)
def test_not_in_a_set_true_claim_verifies_and_a_false_one_cannot_be_made() -> None:
    """ "No card of my hand is a heart", by one inequality per (card, heart): the same
    statement as "every card is in the rest of the deck" with 6 leaves a card, not 18."""
    h = Hand(["9♠", "K♠", "A♦", "10♣"])
    hearts = points(["9♥", "10♥", "J♥", "Q♥", "K♥", "A♥"])
    tree = no_card_in(h.held(), hearts)
    body = prove_claim(ctx(0, "trick 3"), h.keys[0], tree, rng(5))
    check_claim(ctx(0, "trick 3"), h.keys[0].public, tree, body)
    assert body == prove_claim(ctx(0, "trick 3"), h.keys[0], tree, rng(5))
    liar = Hand(["9♠", "Q♥"])
    with pytest.raises(ValueError, match="false"):
        prove_claim(ctx(0), liar.keys[0], no_card_in(liar.held(), hearts), rng(5))
    # the true hand's proof transplanted onto the liar's cards (same shape)
    true2 = Hand(["9♠", "K♠"])
    body2 = prove_claim(ctx(0), true2.keys[0], no_card_in(true2.held(), hearts), rng(6))
    with pytest.raises(BadClaimProof):
        check_claim(ctx(0), liar.keys[0].public, no_card_in(liar.held(), hearts), body2)
    with pytest.raises(ValueError):
        no_card_in([], hearts)


def test_an_inequality_with_cq_the_identity_is_refused() -> None:
    """The liar holds Q♥ and claims "not Q♥": the only Cq it could make is the identity
    (``r·(M − M*) = O``); the proof equations then hold for any r (α = r·x, β = r), so the
    check MUST refuse Cq = O, whatever the rest."""
    from p2pcards.mental_poker._claims import _sim_not
    from p2pcards.mental_poker._domain import card_point as cp
    from p2pcards.mental_poker._ristretto import mul, s_mul, s_sub, sub
    from p2pcards.mental_poker._ristretto import random_scalar as rs

    liar = Hand(["Q♥"])
    (ct, w), key = liar.held()[0], liar.keys[0]
    leaf = NotCard(ct[0], w, cp(TABLE, parse_card("Q♥").code))
    tree = AllOf((leaf,))
    # an honest-looking run of the sigma protocol with Cq = O, made with the witness
    r, u, v = rs(rng(1)), rs(rng(2)), rs(rng(3))
    z = sub(w, leaf.m)
    t1, t2 = sub(mul(u, ct[0]), mul(v, z)), sub(mul_base(u), mul(v, key.public))
    from p2pcards.mental_poker._claims import _challenge

    c = _challenge(ctx(0), key.public, tree, [[leaf.c1, leaf.w, leaf.m, IDENTITY, t1, t2]])
    sa, sb = s_sub(u, s_mul(c, s_mul(r, key.secret))), s_sub(v, s_mul(c, r))
    assert _sim_not(key.public, leaf, c, IDENTITY, sa, sb) == [t1, t2]  # equations hold
    with pytest.raises(BadClaimProof) as e:
        check_claim(ctx(0), key.public, tree, [c, [], [[IDENTITY, sa, sb]]])
    assert e.value.seat == 0


def test_inequality_mutations_refused() -> None:
    """Every field of a proof with real and simulated inequalities and a real
    Chaum–Pedersen leaf, changed one at a time; and every public input changed."""
    h = Hand(["9♠", "A♦"])
    held = h.held()
    (ct0, w0), (ct1, w1) = held
    hearts = points(["9♥", "10♥"])
    sim = NotCard(ct0[0], w0, points(["9♠"])[0])  # false: simulated
    real = (ct1[0], w1, points(["A♦"])[0])  # true: real
    tree = AllOf((no_card_in(held, hearts), AnyOf((sim, real))))
    y = h.keys[0].public
    body = prove_claim(ctx(0), h.keys[0], tree, rng(5))
    check_claim(ctx(0), y, tree, body)
    paths = [[0], [1, 0, 0], [1, 0, 1]]
    for i, r in enumerate(body[2]):
        paths += [[2, i, k] for k in range(3)] if isinstance(r, list) else [[2, i]]
    assert len(paths) == 3 + 5 * 3 + 1
    for path in paths:
        for bit in (3, 200):
            bad = copy(body)
            node = bad
            for p in path[:-1]:
                node = node[p]
            node[path[-1]] = flip(node[path[-1]], bit)
            with pytest.raises((BadClaimProof, InvalidScalar, InvalidPoint)):
                check_claim(ctx(0), y, tree, bad)
    # another Cq that is a valid point: the hash no longer matches
    bad = copy(body)
    bad[2][0][0] = mul_base(bytes([7]) + bytes(31))
    with pytest.raises(BadClaimProof):
        check_claim(ctx(0), y, tree, bad)
    # public inputs: another card excluded, the leaf kinds swapped, contexts, keys, order
    other = AllOf((no_card_in(held, points(["9♥", "J♥"])), AnyOf((sim, real))))
    swapped = AllOf((no_card_in(held, hearts), AnyOf((real, sim))))
    as_eq = AllOf((no_card_in(held, hearts), AnyOf(((sim.c1, sim.w, sim.m), real))))
    reordered = AllOf((no_card_in(held[::-1], hearts), AnyOf((sim, real))))
    for t in (other, swapped, as_eq, reordered):
        with pytest.raises((BadClaimProof, MalformedMessage, InvalidScalar)):
            check_claim(ctx(0), y, t, body)
    for c in [ctx(1), ctx(0, "other"), ctx(0, hand=9), ctx(0, table=b"t2")]:
        with pytest.raises(BadClaimProof):
            check_claim(c, y, tree, body)
    with pytest.raises(BadClaimProof):
        check_claim(ctx(0), h.keys[1].public, tree, body)
    # shapes: an inequality response that is not [Cq, sα, sβ]; a truncated proof
    for bad in (
        [body[0], body[1], [body[2][0][:2], *body[2][1:]]],
        [body[0], body[1], [body[2][0][0], *body[2][1:]]],
        [body[0], body[1], body[2][:-1]],
        [body[0], body[1], [*body[2], body[2][0]]],
    ):
        with pytest.raises((MalformedMessage, InvalidScalar)):
            check_claim(ctx(0), y, tree, bad)
