"""The genesis and its accepts: every seat signs the table before the first hand."""

from __future__ import annotations

import dataclasses

import pytest

from p2pcards.transcript import (
    ZERO_HASH,
    BadGenesis,
    BadSignature,
    Genesis,
    Log,
    MalformedEntry,
    OutOfTurn,
    make_accept,
    make_genesis,
    sign_entry,
    verify_genesis,
)
from tests.transcript._transcript_helpers import TABLE, genesis_of, identity, started_log


def test_genesis_round_trip() -> None:
    g = genesis_of(3)
    entry = make_genesis(identity(0), g)
    got_entry, got = verify_genesis(entry.raw, identity(0).public_key())
    assert got_entry == entry
    assert got == g
    assert (entry.seq, entry.hand, entry.prev, entry.seat, entry.kind) == (
        0,
        0,
        ZERO_HASH,
        0,
        "genesis",
    )
    assert [s.name for s in got.seats] == ["Аня", "Boris", "Вика"]
    assert got.options == {"deck": 36, "removed_queen": "diamonds", "full_deck": False, "hands": 1}
    assert got.keys()[2].public_bytes_raw() == identity(2).public_key().public_bytes_raw()


def test_log_starts_when_every_seat_has_accepted() -> None:
    g = make_genesis(identity(0), genesis_of(4))
    log = Log(g.raw)
    assert not log.started
    rnd = log.accept_round()
    assert rnd.seats == (1, 2, 3)
    for s in (3, 1, 2, 3):  # any order, duplicates too
        rnd.offer(make_accept(identity(s), s, g).raw)
    log.append_round(rnd)
    assert log.started
    assert [(e.seq, e.seat, e.kind) for e in log] == [
        (0, 0, "genesis"),
        (1, 1, "accept"),
        (2, 2, "accept"),
        (3, 3, "accept"),
    ]
    assert all(e.prev == g.hash for e in list(log)[1:])


def test_genesis_signed_by_another_key_is_rejected() -> None:
    body = genesis_of(3).to_body()
    forged = sign_entry(
        identity(1), table=TABLE, hand=0, seq=0, prev=ZERO_HASH, seat=0, kind="genesis", body=body
    )
    with pytest.raises(BadSignature) as err:
        verify_genesis(forged.raw)
    assert err.value.seat == 0
    with pytest.raises(ValueError, match="identity key"):
        make_genesis(identity(1), genesis_of(3))


def test_genesis_from_an_unexpected_host() -> None:
    entry = make_genesis(identity(0), genesis_of(3))
    with pytest.raises(BadGenesis, match="expected host"):
        verify_genesis(entry.raw, identity(5).public_key())


def _signed_body(body: object, **kw: object) -> bytes:
    args: dict[str, object] = {
        "table": TABLE,
        "hand": 0,
        "seq": 0,
        "prev": ZERO_HASH,
        "seat": 0,
        "kind": "genesis",
        "body": body,
    }
    args.update(kw)
    return sign_entry(identity(0), **args).raw  # type: ignore[arg-type]


def _body_with(**changes: object) -> dict[str, object]:
    body = genesis_of(3).to_body()
    body.update(changes)
    return body


def _seats_twice() -> list[object]:
    seats = genesis_of(3).to_body()["seats"]
    return [*seats, seats[0]]


@pytest.mark.parametrize(
    ("data_fn", "fragment"),
    [
        (lambda: _signed_body(_body_with(protocol=2)), "protocol version"),
        (lambda: _signed_body(_body_with(table=b"x")), "table id"),
        (lambda: _signed_body(_body_with(game="Akulina!")), "game name"),
        (lambda: _signed_body(_body_with(options={"x": [1]})), "options"),
        (lambda: _signed_body(_body_with(extra=1)), "must be a map"),
        (lambda: _signed_body(_body_with(seats=_body_with()["seats"][:1])), "seats must"),
        (
            lambda: _signed_body(
                _body_with(seats=[*_body_with()["seats"], _body_with()["seats"][0]])
            ),  # type: ignore[index]
            "share an identity",
        ),
        (
            lambda: _signed_body(
                _body_with(seats=[{**s, "name": ""} for s in _body_with()["seats"]])  # type: ignore[attr-defined]
            ),
            "name",
        ),
        (lambda: _signed_body(_body_with(), seq=1), "sequence 0"),
        (lambda: _signed_body(_body_with(), kind="move"), "first entry"),
        (lambda: _signed_body(_body_with(table=bytes(16))), "different tables"),
    ],
)
def test_bad_genesis(data_fn, fragment: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(BadGenesis) as err:
        verify_genesis(data_fn())
    assert fragment in str(err.value)
    assert err.value.seat == 0


def test_genesis_not_an_entry() -> None:
    with pytest.raises(MalformedEntry):
        verify_genesis(b"hello")


def test_accepts_must_be_in_place_and_name_the_genesis() -> None:
    g = make_genesis(identity(0), genesis_of(3))
    other = make_genesis(identity(0), dataclasses.replace(genesis_of(3), game="thousand"))
    log = Log(g)
    # seat 2 accepting first, at seat 1's place
    wrong_place = sign_entry(
        identity(2),
        table=TABLE,
        hand=0,
        seq=1,
        prev=g.hash,
        seat=2,
        kind="accept",
        body={"genesis": g.hash},
    )
    with pytest.raises(OutOfTurn) as err:
        log.append(wrong_place.raw)
    assert err.value.seat == 2
    # an accept of another genesis
    bad = sign_entry(
        identity(1),
        table=TABLE,
        hand=0,
        seq=1,
        prev=g.hash,
        seat=1,
        kind="accept",
        body={"genesis": other.hash},
    )
    with pytest.raises(BadGenesis) as err2:
        log.append(bad.raw)
    assert err2.value.seat == 1
    assert len(log) == 1


def test_no_accepts_after_the_start() -> None:
    log, entries = started_log(3)
    late = log.sign_next(identity(1), 1, "accept", {"genesis": entries[0].hash}, hand=0)
    with pytest.raises(OutOfTurn, match="already accepted"):
        log.append(late)


def test_genesis_dataclass_from_body_is_equal() -> None:
    g = genesis_of(8)
    assert Genesis.from_body(g.to_body()) == g


def test_a_game_named_by_a_number_is_a_valid_genesis() -> None:
    """The registry's name of Сто одно is "101": a genesis for it must verify (it was
    refused as "bad game name", so 101 could not be hosted)."""
    g = dataclasses.replace(genesis_of(2), game="101", options={})
    entry = make_genesis(identity(0), g)
    _entry, got = verify_genesis(entry.raw, identity(0).public_key())
    assert got.game == "101"
    with pytest.raises(ValueError, match="bad game name"):
        make_genesis(identity(0), dataclasses.replace(g, game="Big Game!"))
