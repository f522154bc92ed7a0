"""Version 2's checks never crash on hostile bodies: any shape of msgpack-like data gives a
MentalPokerError blaming the author, nothing else."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from p2pcards.mental_poker._claims import check_claim, each_card_in
from p2pcards.mental_poker._errors import MentalPokerError
from p2pcards.mental_poker._reencryption import check_reencryption
from p2pcards.mental_poker._ristretto import ONE, G
from p2pcards.mental_poker._seat_key import check_seat_key
from p2pcards.mental_poker._shares import check_shares
from p2pcards.mental_poker._shuffle_proof import check_shuffle

from ._v2util import Table, ctx

T = Table(seats=2, cards=2, seed=3)
LEAF = st.one_of(
    st.binary(min_size=0, max_size=40),
    st.sampled_from([G, bytes(32), b"\xff" * 32, T.deck[0][0]]),
    st.integers(-(2**70), 2**70),
    st.none(),
    st.booleans(),
    st.text(max_size=5),
)
BODY = st.recursive(LEAF, lambda kids: st.lists(kids, max_size=8), max_leaves=40)


def _only_ours(f: Any, body: Any) -> None:
    try:
        f(body)
    except MentalPokerError as e:
        assert e.seat == 1
    # anything else propagates and fails the test


@settings(max_examples=60, deadline=None)
@given(body=BODY)
def test_hostile_bodies(body: Any) -> None:
    c = ctx(1)
    c1s = [ct[0] for ct in T.deck]
    clauses = each_card_in([(T.deck[0], G)], [G, T.points[0]])
    _only_ours(lambda b: check_seat_key(c, b), body)
    _only_ours(lambda b: check_shares(c, T.pubs[1], c1s, b), body)
    _only_ours(lambda b: check_reencryption(c, T.y, T.deck[0], b), body)
    _only_ours(lambda b: check_shuffle(c, T.y, T.deck, b), body)
    _only_ours(lambda b: check_claim(c, T.pubs[1], clauses, b), body)


@settings(max_examples=40, deadline=None)
@given(
    parts=st.lists(
        st.lists(st.sampled_from([G, bytes(32), T.deck[1][1], b"\x01" * 32]), max_size=6),
        min_size=0,
        max_size=9,
    )
)
def test_shuffle_proof_of_plausible_shape(parts: list[list[bytes]]) -> None:
    # lists of the right kinds of items but the wrong sizes or values
    deck = [[T.deck[1][0], T.deck[1][1]], [T.deck[0][1], T.deck[0][0]]]
    _only_ours(lambda b: check_shuffle(ctx(1), T.y, T.deck, b), [deck, parts])


def test_library_refusal_inside_a_check_blames_the_prover(monkeypatch: Any) -> None:
    # Should libsodium ever refuse an operation inside a check (it cannot on checked
    # inputs), the check raises its own proof error naming the author, never a bare
    # RuntimeError.
    from p2pcards.mental_poker import _ristretto
    from p2pcards.mental_poker._errors import (
        BadClaimProof,
        BadKeyProof,
        BadReencryptionProof,
        BadShuffleProof,
        WrongDecryptionShare,
    )
    from p2pcards.mental_poker._reencryption import reencrypt_proven
    from p2pcards.mental_poker._seat_key import SeatKey
    from p2pcards.mental_poker._shares import make_shares
    from p2pcards.mental_poker._shuffle_proof import shuffle_proven

    from ._v2util import rng

    c = ctx(1)
    c1s = [ct[0] for ct in T.deck]
    key_body = SeatKey.from_secret(T.keys[1].secret).publish(c, rng(1))
    shares = make_shares(c, T.keys[1], c1s, rng(2))
    _, reenc = reencrypt_proven(c, T.y, T.deck[0], rng(3))
    _, shuf = shuffle_proven(c, T.y, T.deck, rng(4))

    class Refusing:
        def __getattr__(self, name: str) -> Any:
            real = getattr(_ristretto_rb, name)
            if name == "crypto_scalarmult_ristretto255":

                def refuse(*args: Any) -> Any:
                    raise RuntimeError("refused")

                return refuse
            return real

    _ristretto_rb = _ristretto._rb
    monkeypatch.setattr(_ristretto, "_rb", Refusing())
    cases = [
        (BadKeyProof, lambda: check_seat_key(c, key_body)),
        (WrongDecryptionShare, lambda: check_shares(c, T.pubs[1], c1s, shares)),
        (BadReencryptionProof, lambda: check_reencryption(c, T.y, T.deck[0], reenc)),
        (BadShuffleProof, lambda: check_shuffle(c, T.y, T.deck, shuf)),
    ]
    for error, f in cases:
        try:
            f()
        except error as e:
            assert e.seat == 1 and "refused" in str(e)
        else:
            raise AssertionError(f"{error.__name__} not raised")
    tree = each_card_in([(T.deck[0], G)], [G, T.points[0]])
    try:
        check_claim(c, T.pubs[1], tree, [bytes(32), [[bytes(32), bytes(32)]], [ONE, ONE]])
    except BadClaimProof as e:
        assert e.seat == 1 and "refused" in str(e)
    else:
        raise AssertionError("BadClaimProof not raised")
