"""A joiner whose first handshake with the host is cut off (a loaded laptop; the web
lobby test saw 'connection reset by peer' during a bot's handshake, and the bot gave
up, so the table never filled) tries again and sits; a refusal is not tried again."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
import trio

from p2pcards import net
from p2pcards.games import load_game
from p2pcards.identity import new_identity
from p2pcards.net._mesh import Mesh
from p2pcards.peer import LobbyError, host_table, join_table, play_bot


def _cut_off_first(monkeypatch: pytest.MonkeyPatch, error: net.NetError) -> list[int]:
    calls: list[int] = []
    real = Mesh.connect

    async def connect(self: Mesh, *args: Any, **kwargs: Any) -> bytes:
        calls.append(1)
        if len(calls) == 1:
            raise error
        return await real(self, *args, **kwargs)

    monkeypatch.setattr(Mesh, "connect", connect)
    return calls


async def test_a_handshake_cut_off_once_is_tried_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = _cut_off_first(
        monkeypatch, net.HandshakeInterrupted("connection to 127.0.0.1 broke during handshake")
    )
    ids = [new_identity("Аня"), new_identity("Boris")]
    results: dict[int, Any] = {}
    with trio.fail_after(60):
        async with host_table(
            ids[0], load_game("akulina", seats=2), bind="127.0.0.1", open_table=True,
            mdns=False, base=tmp_path / "p0",
        ) as lobby:  # fmt: skip

            async def joiner() -> None:
                async with join_table(ids[1], lobby.address, base=tmp_path / "p1", yes=True) as jl:
                    s = await jl.started()
                    results[1] = await play_bot(s, "basic", random.Random(1))
                    await s.done.wait()

            async with trio.open_nursery() as n:
                n.start_soon(joiner)
                session = await lobby.started()
                results[0] = await play_bot(session, "basic", random.Random(0))
    assert len(calls) == 2
    assert results[0] == results[1] and results[0]["loser"] in (0, 1)


async def test_a_refusal_is_not_tried_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = _cut_off_first(monkeypatch, net.HandshakeError("127.0.0.1 refused the connection"))
    with trio.fail_after(30):
        async with host_table(
            new_identity("Аня"), load_game("akulina", seats=2), bind="127.0.0.1",
            open_table=True, mdns=False, base=tmp_path / "p0",
        ) as lobby:  # fmt: skip
            with pytest.raises(BaseException) as got:
                async with join_table(
                    new_identity("Boris"), lobby.address, base=tmp_path / "p1", yes=True
                ):
                    pass
    err = got.value
    while isinstance(err, BaseExceptionGroup):  # raised inside the join's nursery
        err = err.exceptions[0]
    assert isinstance(err, LobbyError) and "refused the connection" in str(err)
    assert len(calls) == 1
