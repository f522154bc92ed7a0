"""Version 2's shuffle proof (Terelius–Wikström after Haenni et al.): honest shuffles
verify; every changed input, output or proof element is refused at the shuffle entry,
blaming the shuffler; the planted-linear-relation attack of issue 12 fails at its entry."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from p2pcards.cards import parse_card
from p2pcards.mental_poker._domain import card_point
from p2pcards.mental_poker._elgamal import Ciphertext, deck_wire, encrypt, reencrypt
from p2pcards.mental_poker._errors import (
    BadShuffleProof,
    InvalidPoint,
    InvalidScalar,
    MalformedMessage,
    MentalPokerError,
)
from p2pcards.mental_poker._ristretto import add, mul, random_scalar, scalar
from p2pcards.mental_poker._seat_key import SeatKey
from p2pcards.mental_poker._shuffle_proof import (
    ShuffleWitness,
    check_shuffle,
    prove_shuffle,
    shuffle,
    shuffle_proven,
)

from ._v2util import TABLE, Table, copy, ctx, flip, rng

REFUSED = (BadShuffleProof, InvalidPoint, InvalidScalar, MalformedMessage)


@pytest.fixture(scope="module")
def honest() -> tuple[Table, list[Ciphertext], list[Any]]:
    t = Table(seats=3, cards=5, seed=4)
    out, body = shuffle_proven(ctx(1, "deck 0 shuffle"), t.y, t.deck, rng(7))
    return t, out, body


def _refused(t: Table, body: Any, *, deck: Any = None, c: Any = None, key: Any = None) -> Any:
    with pytest.raises(REFUSED) as e:
        check_shuffle(c or ctx(1, "deck 0 shuffle"), key or t.y, deck or t.deck, body)
    assert e.value.seat == (c.seat if c else 1)
    return e.value


def test_honest_shuffle_verifies_and_decrypts(honest: Any) -> None:
    t, out, body = honest
    assert check_shuffle(ctx(1, "deck 0 shuffle"), t.y, t.deck, body) == out

    # the same multiset of cards
    def dec(ct: Ciphertext) -> bytes:
        acc = ct[1]
        for k in t.keys:
            acc = add(acc, mul(scalar(-int.from_bytes(k.secret, "little")), ct[0]))
        return acc

    assert sorted(dec(ct) for ct in out) == sorted(t.points)
    again = shuffle_proven(ctx(1, "deck 0 shuffle"), t.y, t.deck, rng(7))
    assert again == (out, body)  # reproducible from the seed (crash recovery)


def test_output_tampering_refused(honest: Any) -> None:
    t, out, body = honest
    w = deck_wire(out)
    swapped = [w[1], w[0], *w[2:]]
    other_card = encrypt(card_point(TABLE, 40), t.y, random_scalar(rng(2)))
    replaced = [list(other_card), *w[1:]]
    duplicated = [w[0], w[0], *w[2:]]
    for deck in [swapped, replaced]:
        _refused(t, [deck, body[1]])
    e = _refused(t, [duplicated, body[1]])
    assert isinstance(e, BadShuffleProof) and e.position == 1
    for deck in [w[:-1], [*w, w[0]]]:
        assert isinstance(_refused(t, [deck, body[1]]), MalformedMessage)


def test_reused_or_missing_randomizer_refused(honest: Any) -> None:
    t, out, body = honest
    # the proof of one shuffle on the same permutation re-randomized once more
    rer = [reencrypt(ct, t.y, random_scalar(rng(50 + i))) for i, ct in enumerate(out)]
    _refused(t, [deck_wire(rer), body[1]])
    # randomizer 0 for one card: the output holds an input ciphertext unchanged
    psi = list(range(5))
    rr = [random_scalar(rng(60 + i)) for i in range(5)]
    lazy = [t.deck[0], *[reencrypt(t.deck[j], t.y, rr[j]) for j in range(1, 5)]]
    proof = prove_shuffle(
        ctx(1, "deck 0 shuffle"),
        t.y,
        t.deck,
        lazy,
        ShuffleWitness(tuple(psi), (bytes(32), *rr[1:])),
        rng(3),
    )
    e = _refused(t, [deck_wire(lazy), proof])
    assert isinstance(e, BadShuffleProof) and e.position == 0


def test_foreign_key_refused(honest: Any) -> None:
    # The shuffler re-encrypts under its own key only (it could strip its layer later):
    # a valid proof for that key is no proof for the joint key.
    t, _, _ = honest
    mine = SeatKey.generate(rng(99)).public
    _, body = shuffle_proven(ctx(1, "deck 0 shuffle"), mine, t.deck, rng(8))
    _refused(t, body)
    # one foreign-key ciphertext among honest ones, proven as if all were right
    out, wit = shuffle(t.deck, t.y, rng(9))
    j = wit.psi[2]
    out[2] = reencrypt(t.deck[j], mine, wit.rr[j])
    proof = prove_shuffle(ctx(1, "deck 0 shuffle"), t.y, t.deck, out, wit, rng(10))
    _refused(t, [deck_wire(out), proof])


def test_changed_public_inputs_refused(honest: Any) -> None:
    t, _, body = honest
    for c in [
        ctx(1, "deck 0 shuffle", table=b"other-table"),
        ctx(1, "deck 0 shuffle", hand=4),
        ctx(2, "deck 0 shuffle"),
        ctx(1, "deck 1 shuffle"),
    ]:
        _refused(t, body, c=c)
    _refused(t, body, key=t.pubs[0])
    for j in range(len(t.deck)):
        for part in (0, 1):
            deck = list(t.deck)
            ct = list(deck[j])
            ct[part] = add(ct[part], card_point(TABLE, 51))
            deck[j] = (ct[0], ct[1])
            _refused(t, body, deck=deck)
    _refused(t, body, deck=[t.deck[1], t.deck[0], *t.deck[2:]])


def _mutations(proof: list[Any]) -> list[list[Any]]:
    out = []
    for k, part in enumerate(proof):
        for i in range(len(part)):
            for bit in (0, 253):
                p = copy(proof)
                p[k][i] = flip(part[i], bit)
                out.append(p)
        p = copy(proof)
        p[k] = part[:-1]  # truncated
        out.append(p)
        p = copy(proof)
        p[k] = [*part, part[0]]
        out.append(p)
    out.append(proof[:-1])
    out.append([*proof, proof[0]])
    if len(proof[0]) > 1:  # commitments swapped
        p = copy(proof)
        p[0][0], p[0][1] = p[0][1], p[0][0]
        out.append(p)
    return out


def test_every_proof_element_bit_flipped_or_truncated(honest: Any) -> None:
    t, _, body = honest
    for proof in _mutations(body[1]):
        _refused(t, [body[0], proof])
    for bad in [body[0], [body[0]], None, [body[0], body[1], 1]]:
        _refused(t, bad)


def test_planted_linear_relation_fails_at_its_entry() -> None:
    # Issue 12: the first shuffler replaces one ciphertext by an encryption of
    # P[Q♠] + k·P[A♥] (so it could later find where Q♠ and A♥ went).  With v2 the
    # shuffle proof of that very entry fails, blaming seat 0.
    cards = [parse_card(s) for s in ("Q♠", "A♥", "7♣", "9♦")]
    pts = [card_point(TABLE, c.code) for c in cards]
    t = Table(seats=4, cards=0, seed=12)
    deck = [encrypt(p, t.y, random_scalar(rng(20 + i))) for i, p in enumerate(pts)]
    out, wit = shuffle(deck, t.y, rng(21))
    planted = add(pts[0], mul(scalar(1234567), pts[1]))
    out[3] = encrypt(planted, t.y, random_scalar(rng(22)))
    proof = prove_shuffle(ctx(0, "deck 0 shuffle"), t.y, deck, out, wit, rng(23))
    with pytest.raises(BadShuffleProof) as e:
        check_shuffle(ctx(0, "deck 0 shuffle"), t.y, deck, [deck_wire(out), proof])
    assert e.value.seat == 0 and e.value.step == "deck 0 shuffle"


@settings(max_examples=12, deadline=None)
@given(n=st.integers(1, 4), seed=st.integers(0, 2**32), where=st.integers(0, 10**6))
def test_random_sizes_and_random_flip(n: int, seed: int, where: int) -> None:
    t = Table(seats=2, cards=n, seed=seed % 1000)
    out, body = shuffle_proven(ctx(0), t.y, t.deck, rng(seed))
    assert check_shuffle(ctx(0), t.y, t.deck, body) == out
    leaves: list[tuple[list[Any], int]] = []

    def walk(node: list[Any]) -> None:
        for i, x in enumerate(node):
            if isinstance(x, list):
                walk(x)
            else:
                leaves.append((node, i))

    bad = copy(body)
    walk(bad)
    node, i = leaves[where % len(leaves)]
    node[i] = flip(node[i], where % 250)
    with pytest.raises(MentalPokerError) as e:
        check_shuffle(ctx(0), t.y, t.deck, bad)
    assert e.value.seat == 0
