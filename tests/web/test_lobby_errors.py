"""A failure inside a hosting task's nursery (a bot seat whose join fails, as the web
lobby test once saw on a loaded machine) reaches the page as the lobby's error; it used
to escape as an ExceptionGroup, end the lobby service and leave the page silent."""

from __future__ import annotations

from pathlib import Path

import trio

from p2pcards.identity import new_identity
from p2pcards.peer import LobbyError
from p2pcards.web._lobby import LobbyService


async def test_an_error_inside_a_nursery_becomes_the_lobby_error(tmp_path: Path) -> None:
    lobby = LobbyService(new_identity("Аня"), base=tmp_path)

    async def host_with_a_failing_bot() -> None:
        async with trio.open_nursery() as bots:
            bots.start_soon(trio.sleep_forever)

            async def bot() -> None:
                raise LobbyError("cannot connect to the host at 127.0.0.1:4000: no answer")

            bots.start_soon(bot)

    with trio.fail_after(10):
        async with trio.open_nursery() as n:
            lobby._nursery = n
            lobby._start("hosting", host_with_a_failing_bot)
            while lobby.error is None:
                await lobby.wait_change(lobby.rev)
            n.cancel_scope.cancel()
    assert lobby.status == "idle"
    assert lobby.error == "cannot connect to the host at 127.0.0.1:4000: no answer"
