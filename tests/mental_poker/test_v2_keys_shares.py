"""Version 2: seat keys (Schnorr proofs of knowledge), decryption shares and re-encryption
(Chaum–Pedersen): honest bodies verify, every mutation of an input is refused, blaming the
prover."""

from __future__ import annotations

from typing import Any

import pytest

from p2pcards.mental_poker._dleq import prove_dleq, weights
from p2pcards.mental_poker._elgamal import reencrypt
from p2pcards.mental_poker._errors import (
    BadKeyProof,
    BadReencryptionProof,
    InvalidPoint,
    InvalidScalar,
    MalformedMessage,
    MentalPokerError,
    WrongDecryptionShare,
)
from p2pcards.mental_poker._reencryption import check_reencryption, reencrypt_proven
from p2pcards.mental_poker._ristretto import G, add_all, mul, mul_base, random_scalar, scalar, sub
from p2pcards.mental_poker._seat_key import SeatKey, check_seat_key
from p2pcards.mental_poker._shares import (
    PURPOSE,
    check_shares,
    make_shares,
    own_decrypt,
    partial_decrypt,
)

from ._v2util import Table, copy, ctx, flip, rng

CONTEXTS = [ctx(1, table=b"other-table"), ctx(1, hand=4), ctx(2), ctx(1, step="other")]


def _bit_flips(body: Any) -> list[Any]:
    """Every body with one byte string of ``body`` bit-flipped (first and last bit)."""
    out = []

    def walk(path: list[int], node: Any) -> None:
        if isinstance(node, list):
            for i, x in enumerate(node):
                walk([*path, i], x)
        else:
            for bit in (0, 8 * len(node) - 2):
                b = copy(body)
                t = b
                for i in path[:-1]:
                    t = t[i]
                t[path[-1]] = flip(node, bit)
                out.append(b)

    walk([], body)
    return out


# --- seat keys -----------------------------------------------------------------------------


def test_seat_key_roundtrip_and_restore() -> None:
    k = SeatKey.generate(rng(1))
    assert SeatKey.from_secret(k.secret) == k
    body = k.publish(ctx(1, "keys"), rng(2))
    assert body == k.publish(ctx(1, "keys"), rng(2))  # reproducible from the seed
    assert check_seat_key(ctx(1, "keys"), body) == k.public


@pytest.mark.parametrize("other", [c for c in CONTEXTS])
def test_seat_key_bound_to_context(other: Any) -> None:
    k = SeatKey.generate(rng(1))
    body = k.publish(ctx(1), rng(2))
    with pytest.raises(BadKeyProof) as e:
        check_seat_key(other, body)
    assert e.value.seat == other.seat


def test_seat_key_mutations_refused() -> None:
    k = SeatKey.generate(rng(1))
    body = k.publish(ctx(1), rng(2))
    for bad in _bit_flips(body):
        with pytest.raises((BadKeyProof, InvalidPoint, InvalidScalar)) as e:
            check_seat_key(ctx(1), bad)
        assert e.value.seat == 1
    for bad in [body[:2], [*body, body[0]], None, [body[0], body[1], body[2][:31]]]:
        with pytest.raises((MalformedMessage, InvalidScalar)):
            check_seat_key(ctx(1), bad)


def test_rogue_key_has_no_proof() -> None:
    # Seat 2 wants the joint key to be Z (whose log it knows): Y_2 = Z - Y_0 - Y_1.  It
    # does not know log Y_2, so the best it can do is re-use a proof: refused.
    t = Table(seats=2)
    z = mul_base(scalar(12345))
    rogue = sub(z, add_all(t.pubs))
    honest = SeatKey.generate(rng(9)).publish(ctx(2), rng(3))
    with pytest.raises(BadKeyProof):
        check_seat_key(ctx(2), [rogue, honest[1], honest[2]])
    # nor can it forge one for V chosen freely: r and V from another key
    with pytest.raises(BadKeyProof):
        check_seat_key(ctx(2), [rogue, mul_base(scalar(7)), scalar(7)])


# --- decryption shares ---------------------------------------------------------------------


def test_shares_deal_and_open() -> None:
    t = Table(seats=3, cards=4)
    c1s = [c[0] for c in t.deck]
    shares = {}
    for s in range(3):
        body = make_shares(ctx(s, "deal"), t.keys[s], c1s, rng(10 + s))
        shares[s] = check_shares(ctx(s, "deal"), t.pubs[s], c1s, body)
    for k, ct in enumerate(t.deck):
        # seat 0 receives card k: W from the others, then its own share privately
        w = partial_decrypt(ct, [shares[1][k], shares[2][k]])
        assert own_decrypt(t.keys[0], ct, w) == t.points[k]
        # open to all
        assert partial_decrypt(ct, [shares[s][k] for s in range(3)]) == t.points[k]


def test_shares_mutations_refused() -> None:
    t = Table(seats=3, cards=3)
    c1s = [c[0] for c in t.deck]
    body = make_shares(ctx(1), t.keys[1], c1s, rng(5))
    d = body[0]
    wrong = mul(scalar(2), c1s[0])
    cases = [
        [[d[1], d[0], d[2]], body[1]],  # shares swapped
        [[wrong, d[1], d[2]], body[1]],  # a wrong share
        [[d[0], d[0], d[2]], body[1]],  # a share of another ciphertext
        *_bit_flips(body),
    ]
    for bad in cases:
        with pytest.raises((WrongDecryptionShare, InvalidPoint, InvalidScalar)) as e:
            check_shares(ctx(1), t.pubs[1], c1s, bad)
        assert e.value.seat == 1
    for bad in [[d[:2], body[1]], [d, body[1][:1]], [d], None, [d, [body[1][0], 5]]]:
        with pytest.raises((MalformedMessage, InvalidScalar)):
            check_shares(ctx(1), t.pubs[1], c1s, bad)
    # checked against other ciphertexts, another key, another context
    with pytest.raises(WrongDecryptionShare):
        check_shares(ctx(1), t.pubs[1], [c1s[1], c1s[0], c1s[2]], body)
    with pytest.raises(WrongDecryptionShare):
        check_shares(ctx(1), t.pubs[2], c1s, body)
    for other in CONTEXTS:
        with pytest.raises(WrongDecryptionShare):
            check_shares(other, t.pubs[1], c1s, body)


def test_one_wrong_share_among_many_fails_wherever_it_is() -> None:
    """The batch test's soundness (mental_poker_v2.md §6): a body of 12 shares, one of
    them off by ``e·G`` (the prover proves with its real key, so the composite is off by
    ``d_j·e·G``), fails at every position and for several errors."""
    t = Table(seats=2, cards=12)
    c1s = [c[0] for c in t.deck]
    for j in range(12):
        for e in (1, 2, 2**200 + 7):
            shares = [mul(t.keys[1].secret, c) for c in c1s]
            shares[j] = add_all([shares[j], mul(scalar(e), G)])
            proof = prove_dleq(ctx(1), PURPOSE, t.keys[1].secret, G, t.pubs[1], c1s, shares,
                               rng(j))  # fmt: skip
            with pytest.raises(WrongDecryptionShare) as err:
                check_shares(ctx(1), t.pubs[1], c1s, [shares, proof])
            assert err.value.seat == 1


def test_every_weight_depends_on_every_pair() -> None:
    """No weight can be chosen apart from the others (§6, why the seed binds every pair:
    with RFC 9497's seed over ``B`` alone, changing share ``j`` changed weight ``j`` only,
    which is what lets Wagner's k-sum algorithm combine pairs chosen one by one)."""
    t = Table(seats=2, cards=6)
    c1s = [c[0] for c in t.deck]
    shares = [mul(t.keys[1].secret, c) for c in c1s]
    base = weights(ctx(1), PURPOSE, G, t.pubs[1], c1s, shares)
    assert len(set(base)) == 6
    for j in range(6):
        changed = list(shares)
        changed[j] = add_all([changed[j], G])
        new = weights(ctx(1), PURPOSE, G, t.pubs[1], c1s, changed)
        assert all(a != b for a, b in zip(base, new, strict=True)), j
    swapped = [c1s[1], c1s[0], *c1s[2:]]
    assert weights(ctx(1), PURPOSE, G, t.pubs[1], swapped, shares)[5] != base[5]


def test_share_under_a_foreign_key_refused() -> None:
    # Seat 1 uses another secret for one share and proves with it: the proof is for Y_1.
    t = Table(seats=3, cards=2)
    c1s = [c[0] for c in t.deck]
    other = SeatKey.generate(rng(77))
    body = make_shares(ctx(1), other, c1s, rng(5))
    with pytest.raises(WrongDecryptionShare):
        check_shares(ctx(1), t.pubs[1], c1s, body)


# --- re-encryption -------------------------------------------------------------------------


def test_reencryption_roundtrip_and_mutations() -> None:
    t = Table(seats=3, cards=2)
    ct = t.deck[0]
    out, body = reencrypt_proven(ctx(0, "pass"), t.y, ct, rng(3))
    assert check_reencryption(ctx(0, "pass"), t.y, ct, body) == out
    assert out != ct
    for bad in _bit_flips(body):
        with pytest.raises((BadReencryptionProof, InvalidPoint, InvalidScalar)) as e:
            check_reencryption(ctx(0, "pass"), t.y, ct, bad)
        assert e.value.seat == 0
    with pytest.raises(BadReencryptionProof):  # of another card
        check_reencryption(ctx(0, "pass"), t.y, t.deck[1], body)
    for other in CONTEXTS:
        with pytest.raises(BadReencryptionProof):
            check_reencryption(other, t.y, ct, body)


def test_reencryption_unchanged_or_foreign_key_refused() -> None:
    t = Table(seats=3, cards=2)
    ct = t.deck[0]
    _, proof_body = reencrypt_proven(ctx(0), t.y, ct, rng(3))
    with pytest.raises(BadReencryptionProof, match="not re-randomized"):
        check_reencryption(ctx(0), t.y, ct, [[ct[0], ct[1]], proof_body[1]])
    # re-encrypted under the giver's own key only (it could then open it alone)
    _out, body = reencrypt_proven(ctx(0), t.pubs[0], ct, rng(3))
    with pytest.raises(BadReencryptionProof):
        check_reencryption(ctx(0), t.y, ct, body)
    # a different card's encryption with a proof for the difference is impossible: the
    # difference C2' - C2 would have to be r·Y
    r = random_scalar(rng(4))
    swapped = reencrypt(t.deck[1], t.y, r)
    with pytest.raises(BadReencryptionProof):
        check_reencryption(ctx(0), t.y, ct, [[swapped[0], swapped[1]], body[1]])


def test_errors_are_mental_poker_errors() -> None:
    assert issubclass(WrongDecryptionShare, MentalPokerError)
    assert G


def test_keys_adding_up_to_the_identity_refused() -> None:
    from p2pcards.mental_poker._elgamal import joint_key

    y = mul_base(scalar(5))
    with pytest.raises(MentalPokerError, match="identity"):
        joint_key([y, mul_base(scalar(-5))])
