"""Signed lobby messages and the keys a lobby receives (issue 13 item 2): a changed
byte, another sender, another table or kind, a re-encoded body are refused; a joiner's
small-order or non-canonical sealing key is refused naming it; a genesis with a bad key,
with our name changed, or a seat other than its own signed statement is refused; the
table code and every seat's fingerprint reach every seat."""

from __future__ import annotations

import logging
from pathlib import Path

import msgpack
import pytest
import trio

from p2pcards import net
from p2pcards.games import load_game
from p2pcards.identity import new_identity
from p2pcards.peer import host_table, join_table
from p2pcards.peer._lobby import (
    REFUSALS,
    _check_genesis,
    _check_join,
    _read_statements,
    lobby_error,
)
from p2pcards.peer._signed import (
    LobbyMessageError,
    open_message,
    pack_body,
    seal_message,
    sign_body,
    verify_body,
)
from p2pcards.transcript import Genesis, SeatInfo, make_genesis, table_code
from p2pcards.ui import Texts, lobby_error_text
from p2pcards.ui._lobby import REFUSED
from tests.ui._latin import foreign_words

TABLE = bytes(range(16))
SMALL_X25519 = [bytes(32), b"\x01" + bytes(31)]  # u = 0 and u = 1: small order
NONCANONICAL_X25519 = (2**255 - 19).to_bytes(32, "little")  # u = p
ORDER2_ED25519 = (2**255 - 19 - 1).to_bytes(32, "little")  # (0, -1)


def test_a_signed_message_opens_only_as_sent() -> None:
    me, other = new_identity("Аня"), new_identity("Boris")
    data = seal_message(me.signing_key, TABLE, "join", "Аня", me.sealing_public)
    assert open_message(data, me.peer_id, TABLE) == ("join", ["Аня", me.sealing_public])
    with pytest.raises(LobbyMessageError, match="bad signature"):
        open_message(data, other.peer_id, TABLE)  # another sender
    with pytest.raises(LobbyMessageError, match="bad signature"):
        open_message(data, me.peer_id, bytes(16))  # another table
    kind, body, sig = msgpack.unpackb(data)
    flipped = body[:-1] + bytes([body[-1] ^ 1])
    with pytest.raises(LobbyMessageError, match="bad signature"):
        open_message(msgpack.packb([kind, flipped, sig]), me.peer_id, TABLE)
    with pytest.raises(LobbyMessageError, match="bad signature"):
        open_message(msgpack.packb(["refuse", body, sig]), me.peer_id, TABLE)  # another kind
    with pytest.raises(LobbyMessageError, match="malformed"):  # the old unsigned form
        open_message(msgpack.packb(["join", "Аня", me.sealing_public]), me.peer_id, TABLE)
    with pytest.raises(LobbyMessageError, match="not a lobby message"):
        open_message(msgpack.packb(["hello", body, sig]), me.peer_id, TABLE)
    # a body in a non-canonical encoding (1 as uint8), even correctly signed, is refused
    odd = b"\x91\xcc\x01"
    with pytest.raises(LobbyMessageError, match="canonical"):
        verify_body(
            me.peer_id, TABLE, "refuse", odd, sign_body(me.signing_key, TABLE, "refuse", odd)
        )


@pytest.mark.parametrize("key", [*SMALL_X25519, NONCANONICAL_X25519, b"short"])
def test_a_bad_sealing_key_is_refused(key: bytes) -> None:
    reason, detail = _check_join(["Boris", key], bytes(32), [])
    assert reason == "the sealing key is not a valid key" and "sealing key" in detail


def test_a_bad_name_is_refused() -> None:
    k = new_identity("x").sealing_public
    for name in ("bad\x00name", "", "x" * 65):
        reason, detail = _check_join([name, k], bytes(32), [])
        assert reason == "the name is empty, too long or not printable" and "printable" in detail
    assert _check_join(["Boris", k], bytes(32), []) == ("", "")


def test_the_hosts_refusal_reasons_are_worded_in_the_joiners_language() -> None:
    """Issue 15: the reason a host gives is one of REFUSALS, a message id the joiner words
    in Russian (it was the host's English inside a Russian sentence); any other text is
    the host's own words, shown as sent."""
    where = {"host": "10.0.0.7", "port": 40000}
    for reason in REFUSALS:
        e = lobby_error(REFUSED, reason=reason, **where)
        text = lobby_error_text(e, Texts("ru"))
        assert text.startswith("хозяин отказался вас посадить (")
        assert foreign_words(text) == [], text
        assert lobby_error_text(e, Texts("en")) == f"the host refused to seat you ({reason})"
    e = lobby_error(REFUSED, reason="{not} a msgid", **where)
    assert lobby_error_text(e, Texts("ru")).endswith("({not} a msgid)")


def _genesis(ids: list, seats: list[SeatInfo] | None = None) -> bytes:
    seats = seats or [SeatInfo(i.name, i.peer_id, i.sealing_public) for i in ids]
    g = Genesis(
        TABLE, "akulina", dict(load_game("akulina", seats=len(seats)).options), tuple(seats)
    )
    return make_genesis(ids[0].signing_key, g).raw


def test_the_genesis_is_checked_seat_by_seat(caplog: pytest.LogCaptureFixture) -> None:
    """Each problem names the seat (counted from 1) and is worded in Russian too; none is
    a warning in English besides (the joiner's terminal printed both)."""
    caplog.set_level(logging.INFO, "p2pcards.peer")
    ids = [new_identity(n) for n in ("Аня", "Boris", "Вера")]
    game = load_game("akulina", seats=3)
    host, me = ids[0].peer_id, ids[1]
    assert _check_genesis(_genesis(ids), me, host, game) is None
    seats = [SeatInfo(i.name, i.peer_id, i.sealing_public) for i in ids]

    def problem(genesis: bytes, *stated: dict[bytes, tuple[str, bytes]]) -> tuple[str, str]:
        e = _check_genesis(genesis, me, host, game, *stated, host="Аня [AAAA]")
        assert e is not None
        return str(e), lobby_error_text(e, Texts("ru"))

    bad = [seats[0], seats[1], SeatInfo("Вера", ids[2].peer_id, SMALL_X25519[0])]
    assert problem(_genesis(ids, bad)) == (
        "the genesis the host Аня [AAAA] sent gives seat 3 (Вера) a key that is not valid: "
        "not joined",
        "генезис от хозяина Аня [AAAA] даёт месту 3 (Вера) недопустимый ключ: вы не вошли",
    )
    bad = [seats[0], seats[1], SeatInfo("Вера", ORDER2_ED25519, ids[2].sealing_public)]
    assert "seat 3 (Вера)" in problem(_genesis(ids, bad))[0]
    renamed = [seats[0], SeatInfo("Борис", me.peer_id, me.sealing_public), seats[2]]
    en, ru = problem(_genesis(ids, renamed))
    assert "does not give your name" in en and ru == (
        "генезис от хозяина Аня [AAAA] не даёт вам вашего имени: вы не вошли"
    )
    # Вера's own statement in the lobby gave another sealing key than the genesis does
    stated = {ids[2].peer_id: ("Вера", new_identity("v").sealing_public)}
    assert "seat 3 another name or key" in problem(_genesis(ids), stated)[0]
    for text in (problem(b"junk")[1], problem(_genesis(ids), stated)[1]):
        assert foreign_words(text.replace("AAAA", "")) == [], text
    assert caplog.records and [r for r in caplog.records if r.levelno >= logging.WARNING] == []


def test_a_seat_statement_changed_by_the_host_is_refused() -> None:
    vera = new_identity("Вера")
    body = pack_body("Вера", vera.sealing_public)
    sig = sign_body(vera.signing_key, TABLE, "join", body)
    assert _read_statements([[[vera.peer_id, body, sig]], 3], TABLE) == [
        (vera.peer_id, "Вера", vera.sealing_public, False)
    ]
    forged = pack_body("Вера", new_identity("m").sealing_public)
    with pytest.raises(LobbyMessageError, match="seat 0"):
        _read_statements([[[vera.peer_id, forged, sig]], 3], TABLE)
    with pytest.raises(LobbyMessageError, match="seat 0"):
        _read_statements([[[ORDER2_ED25519, body, sig]], 3], TABLE)


async def test_every_seat_gets_the_fingerprints_and_the_same_table_code(tmp_path: Path) -> None:
    ids = [new_identity(n) for n in ("Аня", "Boris", "Вера")]
    updates: list = []
    codes: dict[int, tuple[str, str, str]] = {}
    with trio.fail_after(30):
        async with host_table(
            ids[0], load_game("akulina", seats=3), bind="127.0.0.1", mdns=False,
            base=tmp_path / "p0", open_table=True,
        ) as lobby:  # fmt: skip

            async def joiner(i: int) -> None:
                async with join_table(
                    ids[i], lobby.address, base=tmp_path / f"p{i}", yes=True
                ) as jl:
                    s = await jl.started()
                    if i == 2:
                        while True:
                            u = jl.updates.receive_nowait()
                            updates.append(u)
                            if len(u.names) == 3:
                                break
                    codes[i] = (s.table_code, s.controller.snapshot().table_code, jl.table_code)

            async with trio.open_nursery() as n:
                n.start_soon(joiner, 1)
                n.start_soon(joiner, 2)
                s0 = await lobby.started()
                codes[0] = (s0.table_code, s0.controller.snapshot().table_code, lobby.table_code)
    expected = table_code(s0.table.log[0].hash)
    assert all(c == (expected,) * 3 for c in codes.values()) and len(codes) == 3
    last = updates[-1]
    assert last.names[0] == "Аня" and sorted(last.names) == sorted(i.name for i in ids)
    assert dict(zip(last.names, last.fingerprints, strict=True)) == {
        i.name: i.fingerprint for i in ids
    }
    assert s0.controller.snapshot().to_plain()["table_code"] == expected


async def test_the_host_refuses_a_small_order_sealing_key_and_a_forged_join(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    ids = [new_identity("Аня"), new_identity("Mallory")]
    caplog.set_level(logging.WARNING, "p2pcards.peer")
    with trio.fail_after(30):
        async with host_table(
            ids[0], load_game("akulina", seats=2), bind="127.0.0.1", mdns=False,
            base=tmp_path / "p0", open_table=True,
        ) as lobby:  # fmt: skip
            info = await net.probe(lobby.address)
            tid = info["table_id"]
            async with net.open_mesh(ids[1].signing_key, tid, net.MemoryLog()) as mesh:
                host = await mesh.connect(lobby.address)
                # signed by someone else than the peer that sends it: ignored, logged
                other = new_identity("Boris")
                forged = seal_message(other.signing_key, tid, "join", "Boris", other.sealing_public)
                await mesh.send_direct(host, forged)
                await mesh.send_direct(
                    host, seal_message(ids[1].signing_key, tid, "join", "Mallory", SMALL_X25519[1])
                )
                async for ev in mesh.events:
                    if isinstance(ev, net.DirectReceived):
                        kind, body = open_message(ev.data, host, tid)
                        break
    assert kind == "refuse" and body[0] == "the sealing key is not a valid key"
    fp = ids[1].fingerprint
    warnings = [r.getMessage() for r in caplog.records]
    assert any(fp in w and "bad signature" in w for w in warnings)
    assert any(fp in w and "small order" in w for w in warnings)
