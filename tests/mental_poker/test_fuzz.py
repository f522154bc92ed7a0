"""Bad input never crashes: any msgpack-shaped data from a peer raises a
MentalPokerError naming that peer, never anything else."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from p2pcards.mental_poker import (
    MentalPokerError,
    SealedShare,
    ShuffleSecrets,
    check_open_body,
    check_order,
    open_key_shares,
    verify_deck,
)
from p2pcards.mental_poker._seal import seal

from ._sim import Sim

SIM = Sim(3, 24, seed=77)
SIM.shuffle()
REC = SIM.records[0]

leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**63), max_value=2**64 - 1),
    st.binary(max_size=40),
    st.sampled_from([bytes(32), b"\x01" + bytes(31), SIM.spec.points[0], SIM.spec.points[1]]),
    st.text(max_size=5),
)
plain = st.recursive(
    leaf,
    lambda kids: st.lists(kids, max_size=30) | st.dictionaries(st.text(max_size=3), kids),
    max_leaves=60,
)
SETTINGS = settings(max_examples=50, deadline=None, suppress_health_check=list(HealthCheck))


def _blames(fn: Any, seat: int) -> None:
    try:
        fn()
    except MentalPokerError as e:
        assert e.seat == seat, e
    # Not raising is fine only when the data happens to be valid.


@SETTINGS
@given(body=plain)
def test_pass_body_garbage(body: Any) -> None:
    from p2pcards.mental_poker import PublicShuffle

    rec = PublicShuffle(SIM.spec)
    _blames(lambda: rec.accept(0, body), 0)
    _blames(lambda: rec.accept(0, [bytes(32), body]), 0)


@SETTINGS
@given(body=plain)
def test_open_body_garbage(body: Any) -> None:
    _blames(lambda: check_open_body(REC, 2, body, [3, 4]), 2)
    _blames(lambda: check_open_body(REC, 2, [[3, 4], body], [3, 4]), 2)


@SETTINGS
@given(plaintext=st.binary(max_size=200) | plain.map(repr).map(str.encode))
def test_sealed_garbage(plaintext: bytes) -> None:
    sealed = seal(plaintext, SIM.pk[0], bytes(range(32)))
    _blames(lambda: open_key_shares(REC, sealed, 1, 0, SIM.sk[0], [3]), 1)


@SETTINGS
@given(data=plain)
def test_sealed_msgpack_garbage(data: Any) -> None:
    import msgpack

    sealed = seal(msgpack.packb(data, use_bin_type=True), SIM.pk[0], bytes(range(32)))
    _blames(lambda: open_key_shares(REC, sealed, 1, 0, SIM.sk[0], [3]), 1)
    _blames(lambda: SealedShare.from_body(1, data), 1)


@SETTINGS
@given(reveal=plain, field=st.integers(0, 6), value=plain)
def test_reveal_garbage(reveal: Any, field: int, value: Any) -> None:
    _blames(lambda: ShuffleSecrets.from_wire(reveal, SIM.spec, 1), 1)
    reveals = SIM.reveals()
    reveals[1][field] = value
    _blames(lambda: verify_deck(SIM.spec, SIM.published, reveals), 1)


@SETTINGS
@given(revealed=plain, picks=st.lists(st.tuples(st.integers(-3, 9), st.integers(0, 40))))
def test_order_garbage(revealed: Any, picks: list[tuple[int, int]]) -> None:
    from p2pcards.mental_poker import HandContext

    ctx = HandContext(b"t", 1, 3)
    _blames(lambda: check_order(ctx, 2, 0, bytes(32), revealed, [1, 2, 3], picks), 2)
