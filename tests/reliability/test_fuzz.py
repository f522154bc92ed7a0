"""The fuzzers of ``scripts/bench fuzz`` at test-suite size (a few seconds), plus the
bugs they found, each pinned by a test."""

from __future__ import annotations

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from p2pcards import PROTOCOL_VERSION, net
from p2pcards.table import CheatDetected, Table
from p2pcards.transcript import MalformedEntry, peek_entry, sign_entry
from tests.reliability.fuzz_targets import (
    TableFuzzer,
    fuzz_frames,
    fuzz_handshake,
    fuzz_mental_poker,
    fuzz_transcript,
    fuzz_wire,
)
from tests.table.harness import Harness

FUZZ = settings(
    max_examples=150, deadline=None, database=None, suppress_health_check=list(HealthCheck)
)
SMALL = settings(FUZZ, max_examples=40)
INPUT = st.binary(max_size=512)


@FUZZ
@given(INPUT)
def test_frame_reader(data: bytes) -> None:
    fuzz_frames(data)


@FUZZ
@given(INPUT)
def test_wire_decoder(data: bytes) -> None:
    fuzz_wire(data)


@SMALL
@given(INPUT)
def test_handshake(data: bytes) -> None:
    fuzz_handshake(data)


@FUZZ
@given(INPUT)
def test_transcript(data: bytes) -> None:
    fuzz_transcript(data)


@FUZZ
@given(INPUT)
def test_mental_poker_bodies(data: bytes) -> None:
    fuzz_mental_poker(data)


@pytest.fixture(scope="module")
def table_fuzzer() -> TableFuzzer:
    return TableFuzzer(steps=(40, 160), check_every=10**9)


def test_table_mid_game(table_fuzzer: TableFuzzer) -> None:
    @FUZZ
    @given(INPUT)
    def run(data: bytes) -> None:
        table_fuzzer(data)

    run()
    table_fuzzer.check_all()  # every table that only refused input still finishes the game
    assert table_fuzzer.checks >= 1
    # the mutations reach every outcome: refused, blamed on the signer, and accepted
    assert table_fuzzer.cheats_seen > 0 and table_fuzzer.rejected_seen > 0


# -- bugs the fuzzers found -----------------------------------------------------------
def _nested(depth: int) -> object:
    v: object = None
    for _ in range(depth):
        v = [v]
    return v


@pytest.mark.parametrize("depth", [990, 1000, 1020])
def test_deeply_nested_wire_message_is_a_protocol_error(depth: int) -> None:
    """It used to escape as RecursionError from the error message's repr."""
    payload = msgpack.packb([int(net.MsgType.PING), _nested(depth)])
    with pytest.raises(net.ProtocolError, match=r"malformed PING from p1: fields \(list\)"):
        net.decode(payload, "p1")


@pytest.mark.parametrize("depth", [990, 1000, 1020])
def test_deeply_nested_entry_header_is_malformed(depth: int) -> None:
    """It used to escape as RecursionError from the error message's repr."""
    unsigned = msgpack.packb(
        [_nested(depth), bytes(16), 1, 1, bytes(32), 2, "move", b""], use_bin_type=True
    )
    raw = msgpack.packb([unsigned, bytes(64)], use_bin_type=True)
    with pytest.raises(
        MalformedEntry, match=f"protocol version list is not {PROTOCOL_VERSION}"
    ) as e:
        peek_entry(raw)
    assert e.value.seat == 2


def test_entry_of_a_later_hand_is_blamed_on_its_signer() -> None:
    """Seat 0's shuffle pass signed with hand 2 during hand 1 used to be accepted; the
    next honest entry (seat 1's pass, hand 1) then looked like going back a hand and
    seat 1 was blamed.  Now seat 0 is."""
    h = Harness("akulina", 3, seed=5)
    h.run()
    log = h.logs()[0]
    first_pass = next(i for i, raw in enumerate(log) if peek_entry(raw).kind == "shuffle")
    e = peek_entry(log[first_pass])
    assert (e.seat, e.hand) == (0, 1)
    forged = sign_entry(
        h.tables[0]._key,  # type: ignore[arg-type]
        table=e.table,
        hand=2,
        seq=e.seq,
        prev=e.prev,
        seat=0,
        kind="shuffle",
        body=e.body,
    )
    observer = Table(log[0])
    for raw in log[1:first_pass]:
        observer.receive(raw)
    outs = observer.receive(forged.raw) + observer.receive(log[first_pass + 1])
    cheats = [o for o in outs if isinstance(o, CheatDetected)]
    assert [(c.seat, c.seq, c.rule) for c in cheats] == [(0, first_pass, "transcript")]
    assert "entry for hand 2, expected hand 1" in cheats[0].detail
    assert len(observer.log) == first_pass  # the forged pass was not appended


def test_the_table_fuzzer_knows_every_output() -> None:
    """A bug: its list, kept by hand, lacked Fetch (protocol version 5), so a table that
    asked for the other version of a fork was reported as a crash at random."""
    import typing

    from p2pcards.table import Fetch, Output, SeatLeft
    from tests.reliability.fuzz_targets import OUTPUT_TYPES

    assert set(OUTPUT_TYPES) == set(typing.get_args(Output))
    assert Fetch in OUTPUT_TYPES and SeatLeft in OUTPUT_TYPES
