"""Every cheat of issue 3 that touches the mental-poker layer is detected and blamed on
the right seat: at once where the protocol can, otherwise by verify_deck."""

from __future__ import annotations

import random
from typing import Any

import pytest

from p2pcards.mental_poker import (
    CommitmentMismatch,
    DuplicatePoint,
    InvalidPoint,
    InvalidScalar,
    MalformedMessage,
    NotACard,
    SealedShare,
    ShuffleMismatch,
    WrongKeyShare,
    check_open_body,
    key_plaintext,
    open_body,
    open_key_shares,
    verify_deck,
)
from p2pcards.mental_poker._group import L, hash_to_point, mul, scalar_invert, scalar_mul
from p2pcards.mental_poker._keys import seal_ephemeral
from p2pcards.mental_poker._seal import seal
from p2pcards.mental_poker._shuffle import ShuffleSecrets

from ._sim import Sim, roundtrip

# Points of small order on Ed25519 (encodings of the 8-torsion), and the same with the
# sign bit set; plus a non-canonical encoding and a y with no x on the curve.
SMALL_ORDER = [
    bytes.fromhex("0100000000000000000000000000000000000000000000000000000000000000"),  # identity
    bytes.fromhex("ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),  # order 2
    bytes.fromhex("0000000000000000000000000000000000000000000000000000000000000000"),  # order 4
    bytes.fromhex("0000000000000000000000000000000000000000000000000000000000000080"),  # order 4
    bytes.fromhex("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a"),  # order 8
    bytes.fromhex("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa"),  # order 8
    bytes.fromhex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05"),  # order 8
    bytes.fromhex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85"),  # order 8
]
NON_CANONICAL = bytes.fromhex("edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f")
NOT_ON_CURVE = (2).to_bytes(32, "little")


def _run(seats: int = 4, cards: int = 24, seed: int = 1, tamper: Any = None) -> Sim:
    sim = Sim(seats, cards, seed=seed)
    sim.shuffle(tamper)
    return sim


def _verify(sim: Sim, reveals: list[Any] | None = None) -> dict[int, Any]:
    return verify_deck(
        sim.spec,
        sim.published,
        reveals if reveals is not None else sim.reveals(),
        sealed_shares=sim.sealed,
        open_shares=sim.opens,
        public_keys=sim.pk,
    )


# ------------------------------------------------------------ wrong key share


def _bad_sealed(sim: Sim, sender: int, to: int, positions: list[int], keys: list[bytes]) -> bytes:
    pt = key_plaintext(sim.spec, sender, to, positions, keys)
    eph = seal_ephemeral(sim.spec, sim.secrets[sender], to, positions)
    return seal(pt, sim.pk[to], eph)


def test_wrong_sealed_key_share_blamed_at_once_and_by_audit() -> None:
    sim = _run(seed=2)
    ps = [0, 1, 2]
    keys = [sim.secrets[2].key(p) for p in ps]
    keys[1] = sim.secrets[2].key(5)  # the key of another position
    sealed = _bad_sealed(sim, 2, 0, ps, keys)
    with pytest.raises(WrongKeyShare) as e:
        open_key_shares(sim.records[0], sealed, 2, 0, sim.sk[0], ps)
    assert (e.value.seat, e.value.position, e.value.step) == (2, 1, "key share to seat 0")
    # The audit re-seals from the revealed secrets and blames the same seat.
    sim.sealed.append(SealedShare(2, 0, tuple(ps), sealed))
    with pytest.raises(WrongKeyShare) as e2:
        _verify(sim)
    assert (e2.value.seat, e2.value.step) == (2, "key share to seat 0")


def test_key_share_bound_to_sender_recipient_and_positions() -> None:
    sim = _run(seed=3)
    ps = [4]
    keys = [sim.secrets[1].key(4)]
    # Seat 3 forwards seat 1's key as its own: the plaintext names seat 1.
    pt = key_plaintext(sim.spec, 1, 0, ps, keys)
    sealed = seal(pt, sim.pk[0], bytes(range(32)))
    with pytest.raises(WrongKeyShare, match="not bound") as e:
        open_key_shares(sim.records[0], sealed, 3, 0, sim.sk[0], ps)
    assert e.value.seat == 3
    # A share for position 4 presented as one for position 5.
    honest = _bad_sealed(sim, 1, 0, ps, keys)
    with pytest.raises(WrongKeyShare, match="not bound"):
        open_key_shares(sim.records[0], honest, 1, 0, sim.sk[0], [5])
    # Garbage that does not open.
    with pytest.raises(WrongKeyShare, match="does not open"):
        open_key_shares(sim.records[0], b"\x00" * 80, 1, 0, sim.sk[0], ps)


def test_wrong_open_key_blamed() -> None:
    sim = _run(seed=4)
    body = open_body(sim.spec, sim.secrets[1], [7, 8])
    body[1][0] = sim.secrets[1].key(9)
    with pytest.raises(WrongKeyShare) as e:
        check_open_body(sim.records[3], 1, roundtrip(body), [7, 8])
    assert (e.value.seat, e.value.position, e.value.step) == (1, 7, "open")
    with pytest.raises(MalformedMessage):
        check_open_body(sim.records[3], 1, [[7], body[1]], [7, 8])


def test_zero_or_unreduced_key_rejected() -> None:
    sim = _run(seed=5)
    for bad, what in ((bytes(32), "zero"), (L.to_bytes(32, "little"), "not reduced")):
        sealed = _bad_sealed(sim, 3, 1, [2], [bad])
        with pytest.raises(InvalidScalar, match=what) as e:
            open_key_shares(sim.records[1], sealed, 3, 1, sim.sk[1], [2])
        assert (e.value.seat, e.value.position) == (3, 2)
        with pytest.raises(InvalidScalar, match=what):
            check_open_body(sim.records[1], 3, [[2], [bad]], [2])


def test_zero_scalar_in_end_of_hand_reveal() -> None:
    sim = _run(seed=6)
    reveals = sim.reveals()
    reveals[2][2] = bytes(32)  # x
    with pytest.raises(InvalidScalar, match="pass-1 scalar is zero") as e:
        _verify(sim, reveals)
    assert (e.value.seat, e.value.step) == (2, "end-of-hand reveal")


# ------------------------------------------------------------ shuffle passes


def test_card_encoded_twice_in_pass1_caught_at_once() -> None:
    def tamper(pass_no: int, seat: int, body: Any) -> Any:
        if (pass_no, seat) == (1, 2):
            body = [body[0], list(body[1])]
            body[1][6] = body[1][3]
        return body

    with pytest.raises(DuplicatePoint) as e:
        _run(tamper=tamper)
    assert (e.value.seat, e.value.step, e.value.position) == (2, "pass 1", 6)


def test_card_encoded_twice_in_pass2_caught_by_audit() -> None:
    sim0 = Sim(4, 24, seed=7)
    cheat = sim0.secrets[0]  # first in pass 2: no per-position lock on its input yet
    xinv = scalar_invert(cheat.x)

    def tamper(pass_no: int, seat: int, body: Any) -> Any:
        if (pass_no, seat) == (2, 0):
            deck_in = sim0.records[0].decks[-2]  # this seat's input
            body = [body[0], list(body[1])]
            body[1][6] = mul(scalar_mul(cheat.key(6), xinv), deck_in[3])  # card of 3 again
        return body

    sim0.shuffle(tamper)
    got = sim0.reveal([3, 6], 0)
    assert got[3] == got[6]  # the victim sees the same card twice...
    with pytest.raises(ShuffleMismatch) as e:  # ...and the audit names the cheat
        _verify(sim0)
    assert (e.value.seat, e.value.step, e.value.position) == (0, "pass 2", 6)


@pytest.mark.parametrize("pass_no", [1, 2])
@pytest.mark.parametrize("cheater", [0, 3])
def test_ciphertext_replaced(pass_no: int, cheater: int) -> None:
    fake = hash_to_point(bytes([9] * 32))

    def tamper(p: int, seat: int, body: Any) -> Any:
        if (p, seat) == (pass_no, cheater):
            body = [body[0], list(body[1])]
            body[1][5] = fake
        return body

    sim = _run(tamper=tamper, seed=8)
    if pass_no == 2:
        with pytest.raises(NotACard) as na:
            sim.reveal([5], 2)
        assert na.value.seat is None and na.value.position == 5
    with pytest.raises(ShuffleMismatch) as e:
        _verify(sim)
    assert (e.value.seat, e.value.step, e.value.position) == (cheater, f"pass {pass_no}", 5)


def test_permutation_not_matching_commitment() -> None:
    sim = _run(seed=9)
    reveals = sim.reveals()
    perm = reveals[1][3]
    perm[0], perm[1] = perm[1], perm[0]
    with pytest.raises(CommitmentMismatch) as e:
        _verify(sim, reveals)
    assert (e.value.seat, e.value.step) == (1, "pass 1")


def test_scalar_not_matching_commitment() -> None:
    sim = _run(seed=10)
    reveals = sim.reveals()
    reveals[3][2] = sim.secrets[2].x  # another seat's pass-1 scalar
    with pytest.raises(CommitmentMismatch) as e:
        _verify(sim, reveals)
    assert (e.value.seat, e.value.step) == (3, "pass 1")
    reveals = sim.reveals()
    reveals[0][5][4] = sim.secrets[0].keys[5]  # key of position 4 revealed wrong
    with pytest.raises(CommitmentMismatch) as e:
        _verify(sim, reveals)
    assert (e.value.seat, e.value.step, e.value.position) == (0, "pass 2", 4)


def test_revealed_permutation_that_is_not_one() -> None:
    sim = _run(seed=11)
    reveals = sim.reveals()
    reveals[2][3][1] = reveals[2][3][0]
    with pytest.raises(ShuffleMismatch, match="not a permutation") as e:
        _verify(sim, reveals)
    assert (e.value.seat, e.value.step) == (2, "pass 1")


def test_honest_seat_committing_then_cheating_in_pass1_with_committed_duplicate() -> None:
    """A seat that commits to a non-permutation and publishes the matching output is
    caught at once (same point twice)."""
    sim = Sim(3, 24, seed=12)
    s0 = sim.secrets[0]
    perm = list(s0.permutation)
    perm[1] = perm[0]
    sim.secrets[0] = ShuffleSecrets(0, 0, s0.x, tuple(perm), s0.salt, s0.keys, s0.seal_seed)
    with pytest.raises(DuplicatePoint) as e:
        sim.shuffle()
    assert (e.value.seat, e.value.step, e.value.position) == (0, "pass 1", 1)


# ------------------------------------------------------------ bad points


@pytest.mark.parametrize("bad", [*SMALL_ORDER, NON_CANONICAL, NOT_ON_CURVE, b"\x01" * 31])
@pytest.mark.parametrize("pass_no", [1, 2])
def test_invalid_point_rejected_naming_seat_and_position(bad: bytes, pass_no: int) -> None:
    def tamper(p: int, seat: int, body: Any) -> Any:
        if (p, seat) == (pass_no, 1):
            body = [body[0], list(body[1])]
            body[1][4] = bad
        return body

    with pytest.raises(InvalidPoint) as e:
        _run(3, 24, tamper=tamper)
    assert (e.value.seat, e.value.step, e.value.position) == (1, f"pass {pass_no}", 4)


def test_mixed_order_point_rejected() -> None:
    """A main-subgroup point plus a torsion point (on the curve, not of small order, but
    outside the prime-order subgroup) is rejected with the seat and position."""
    from nacl.bindings import crypto_core_ed25519_add

    mixed = crypto_core_ed25519_add(hash_to_point(bytes([1] * 32)), SMALL_ORDER[4])

    def tamper(p: int, seat: int, body: Any) -> Any:
        if (p, seat) == (1, 0):
            body = [body[0], list(body[1])]
            body[1][0] = mixed
        return body

    with pytest.raises(InvalidPoint, match="valid point") as e:
        _run(2, 24, tamper=tamper)
    assert (e.value.seat, e.value.position) == (0, 0)


def test_malformed_bodies_and_turns() -> None:
    sim = Sim(3, 24, seed=13)
    rec = sim.records[0]
    with pytest.raises(MalformedMessage, match="turn") as e:
        rec.accept(1, [b"\x00" * 32, list(sim.spec.points)])
    assert e.value.seat == 1
    for body in (None, [b"x", []], [b"\x00" * 32, list(sim.spec.points)[:5]], "junk"):
        with pytest.raises(MalformedMessage) as e:
            rec.accept(0, body)
        assert e.value.seat == 0


def test_audit_with_missing_body_or_reveal() -> None:
    sim = _run(seed=14)
    with pytest.raises(MalformedMessage) as e:
        verify_deck(sim.spec, sim.records[0].bodies[:5], sim.reveals())
    assert e.value.seat == 1  # pass 2 of seat 1 missing
    reveals: list[Any] = sim.reveals()
    reveals[3] = [3]
    with pytest.raises(MalformedMessage) as e:
        verify_deck(sim.spec, sim.records[0].bodies, reveals)
    assert e.value.seat == 3


def test_random_tampering_always_blames_the_tamperer() -> None:
    """Property: replacing any one point of any one seat's published pass output with
    another valid point is blamed on that seat by the audit."""
    rng = random.Random(99)
    for trial in range(6):
        seats = rng.randint(2, 5)
        pass_no, cheater, idx = rng.randint(1, 2), rng.randrange(seats), rng.randrange(24)

        def tamper(
            p: int, seat: int, body: Any, t: tuple[int, ...] = (trial, pass_no, cheater, idx)
        ) -> Any:
            if (p, seat) == t[1:3]:
                body = [body[0], list(body[1])]
                body[1][t[3]] = hash_to_point(bytes([t[0] + 1]) * 32)
            return body

        sim = _run(seats, 24, seed=trial, tamper=tamper)
        with pytest.raises(ShuffleMismatch) as e:
            _verify(sim)
        assert (e.value.seat, e.value.step, e.value.position) == (cheater, f"pass {pass_no}", idx)


def test_sealed_share_body_roundtrip_and_audit() -> None:
    sim = _run(seed=15)
    sim.reveal([2, 3], 1)
    share = sim.sealed[0]
    assert SealedShare.from_body(share.sender, roundtrip(share.body())) == share
    with pytest.raises(MalformedMessage) as e:
        SealedShare.from_body(3, [1, [], b"x"])
    assert e.value.seat == 3
    # A share naming positions outside the deck is blamed on its sender by the audit.
    sim.sealed.append(SealedShare(2, 0, (99,), b"x"))
    with pytest.raises(MalformedMessage) as e:
        _verify(sim)
    assert e.value.seat == 2
