"""Hidden hand order (Akulina taking a card) and joint randomness."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from p2pcards.mental_poker import (
    CommitmentMismatch,
    HandContext,
    HandOrderSecret,
    MalformedMessage,
    OrderViolation,
    check_order,
    check_random_value,
    randbelow,
    random_commitment,
    random_permutation,
    random_result,
    random_value,
)

from ._sim import TABLE, roundtrip

CTX = HandContext(TABLE, 3, 4)
HAND = [4, 9, 17, 22, 30]


def _commit(seed: int = 0, label: int = 1) -> tuple[HandOrderSecret, bytes]:
    from p2pcards.mental_poker import order_commitment

    sec = HandOrderSecret.generate(HAND, random.Random(seed).randbytes)
    return sec, order_commitment(CTX, 2, label, sec.order, sec.salt)


def test_honest_pick_verifies() -> None:
    sec, com = _commit()
    assert sorted(sec.order) == HAND
    picks = [(3, sec.pick(3))]
    got = check_order(CTX, 2, 1, com, roundtrip(sec.to_wire()), HAND, picks)
    assert got == sec


def test_pick_other_than_order_index_blamed_on_holder() -> None:
    sec, com = _commit()
    wrong = next(p for p in HAND if p != sec.pick(3))
    with pytest.raises(OrderViolation, match="for index 3") as e:
        check_order(CTX, 2, 1, com, sec.to_wire(), HAND, [(3, wrong)])
    assert (e.value.seat, e.value.step, e.value.position) == (2, "hand order", wrong)


def test_order_changed_after_commitment_blamed() -> None:
    sec, com = _commit()
    order = list(sec.order)
    order[0], order[3] = order[3], order[0]  # reorder to justify handing over order[0]
    with pytest.raises(CommitmentMismatch) as e:
        check_order(CTX, 2, 1, com, [order, sec.salt], HAND, [(3, order[3])])
    assert e.value.seat == 2
    # The commitment is bound to its label (another commitment of the same hand).
    with pytest.raises(CommitmentMismatch):
        check_order(CTX, 2, 2, com, sec.to_wire(), HAND, [])


def test_committed_order_not_of_the_hand() -> None:
    from p2pcards.mental_poker import order_commitment

    order, salt = [4, 9, 17, 22, 31], bytes(32)
    com = order_commitment(CTX, 1, 0, order, salt)
    with pytest.raises(OrderViolation, match="not an order of the hand"):
        check_order(CTX, 1, 0, com, [order, salt], HAND, [])
    with pytest.raises(MalformedMessage):
        check_order(CTX, 1, 0, com, [order, b"short"], HAND, [])
    with pytest.raises(OrderViolation, match="outside"):
        check_order(
            CTX, 1, 0, order_commitment(CTX, 1, 0, HAND, salt), [HAND, salt], HAND, [(5, 4)]
        )


def test_random_commit_reveal_and_result() -> None:
    rng = random.Random(1)
    values = [random_value(rng.randbytes) for _ in range(4)]
    coms = [random_commitment(CTX, 0, s, v) for s, v in enumerate(values)]
    for s, v in enumerate(values):
        assert check_random_value(CTX, 0, s, v, coms[s]) == v
    r = random_result(CTX, 0, values, 4)
    assert 0 <= r < 4
    assert random_result(CTX, 0, values, 4) == r  # deterministic
    # A value that does not match its commitment is blamed on its seat.
    with pytest.raises(CommitmentMismatch) as e:
        check_random_value(CTX, 0, 2, values[1], coms[2])
    assert e.value.seat == 2
    # Copying another seat's commitment does not let a seat reuse that seat's value.
    with pytest.raises(CommitmentMismatch):
        check_random_value(CTX, 0, 3, values[0], coms[0])
    with pytest.raises(MalformedMessage):
        check_random_value(CTX, 0, 3, b"x", coms[3])
    with pytest.raises(ValueError):
        random_result(CTX, 0, values, 0)
    with pytest.raises(ValueError):
        random_result(CTX, 0, values[:3], 5)


def test_random_result_is_uniform() -> None:
    """Chi-squared over 6000 draws of k=6 (threshold for 5 d.o.f. at p=0.001 is 20.5)."""
    rng = random.Random(2)
    counts: Counter[int] = Counter()
    for label in range(6000):
        values = [rng.randbytes(32) for _ in range(4)]
        counts[random_result(CTX, label, values, 6)] += 1
    chi2 = sum((counts[i] - 1000) ** 2 / 1000 for i in range(6))
    assert chi2 < 20.5
    # k = 1 always gives 0; a huge k works.
    assert random_result(CTX, 0, [bytes(32)] * 4, 1) == 0
    assert 0 <= random_result(CTX, 0, [bytes(32)] * 4, 2**32) < 2**32


def test_draws_reject_biased_chunks() -> None:
    # k = 3: 2**64 % 3 == 1, so the single value 2**64 - 1 must be rejected.
    chunks = [b"\xff" * 8, (7).to_bytes(8, "big")]
    it = iter(chunks)
    assert randbelow(lambda n: next(it), 3) == 7 % 3
    perm = random_permutation(random.Random(0).randbytes, 36)
    assert sorted(perm) == list(range(36))
    with pytest.raises(ValueError):
        randbelow(lambda n: b"", 3)
