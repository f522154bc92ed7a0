"""A host's bots are not players to remember (issue 15, a new user's trial, session 10):
every host names its bots «Бот 1», «Бот 2»… with keys of its own, so a player who sat
with one host's «Бот 1» and then at another host's table was warned «ВНИМАНИЕ: Бот 1 […]
— НЕ тот игрок Бот 1, с которым вы играли раньше», and had to type «да».  A bot says so
in its signed join statement; known players neither remember it nor warn about its
name, and still warn about a person whose key changed, also one that calls itself a
bot.  In one trio run on loopback (no mDNS)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import trio

from p2pcards.games import load_game
from p2pcards.identity import Identity, new_identity
from p2pcards.peer import KnownPlayers, LobbyError, PlayerCheck, host_table, join_table

LO = "127.0.0.1"


async def _table(
    base: Path,
    host: Identity,
    bot: Identity,
    player: Identity,
    known: KnownPlayers,
    asked: list[PlayerCheck],
) -> None:
    """``host`` opens a table of three; ``bot`` (a bot) and ``player`` (with ``known``)
    sit; ``asked`` gets the checks the player was asked to confirm (each refused)."""

    def confirm(check: PlayerCheck) -> bool:
        asked.append(check)
        return False

    with trio.fail_after(30):
        async with host_table(
            host,
            load_game("akulina", seats=3),
            bind=LO,
            mdns=False,
            open_table=True,
            base=base / host.name,
        ) as lobby:

            async def sit(who: Identity, **kw: Any) -> None:
                async with join_table(
                    who, lobby.address, bind=LO, base=base / who.name, **kw
                ) as jl:
                    await jl.started()
                    await lobby.started()

            async with trio.open_nursery() as n:
                n.start_soon(lambda: sit(bot, yes=True, bot=True))
                n.start_soon(lambda: sit(player, yes=True, known=known, confirm=confirm))


async def test_two_hosts_bots_of_one_name_are_no_warning(tmp_path: Path) -> None:
    """Вера sits with Аня and her «Бот 1», then with Борис and his «Бот 1» (another key):
    nothing to confirm (before: the second table asked about «Бот 1» with status
    ``changed``, and without a yes Вера was not seated); she remembers the hosts only,
    and a host does not remember its bot."""
    vera = new_identity("Вера")
    known = KnownPlayers(tmp_path / "Вера")
    anya, boris = new_identity("Аня"), new_identity("Борис")
    asked: list[PlayerCheck] = []
    await _table(tmp_path / "a", anya, new_identity("Бот 1"), vera, known, asked)
    await _table(tmp_path / "b", boris, new_identity("Бот 1"), vera, known, asked)
    assert asked == []
    assert [n for n, _k in KnownPlayers(tmp_path / "Вера").players()] == ["Аня", "Борис"]
    assert [n for n, _k in KnownPlayers(tmp_path / "a" / "Аня").players()] == ["Вера"]


async def test_a_known_person_with_another_key_is_still_asked_about(tmp_path: Path) -> None:
    """Глеб sat with Вера before; at the next table someone else is «Глеб", also when
    its join says it is a bot: Вера is asked (``changed``, the key she knows), and not
    seated without a yes."""
    vera = new_identity("Вера")
    known = KnownPlayers(tmp_path / "Вера")
    gleb = new_identity("Глеб")
    known.remember([("Глеб", gleb.peer_id)])
    impostor = new_identity("Глеб")
    asked: list[PlayerCheck] = []
    with pytest.RaisesGroup(LobbyError, flatten_subgroups=True):  # not seated
        await _table(tmp_path / "a", new_identity("Аня"), impostor, vera, known, asked)
    check = KnownPlayers(tmp_path / "Вера").check("Глеб", impostor.peer_id, "seat", bot=True)
    assert check.status == "changed" and check.known_fingerprint == gleb.fingerprint
    assert [(c.name, c.status, c.known_fingerprint) for c in asked] == [
        ("Глеб", "changed", gleb.fingerprint)
    ]


def test_a_bot_remembered_by_an_older_version_is_forgotten(tmp_path: Path) -> None:
    """An older version remembered «Бот 1» from one host: another host's «Бот 1» is
    ``new``, not ``changed``, and the table that seats it drops the old entry; a
    person's entry stays whatever name a bot gives."""
    known = KnownPlayers(tmp_path)
    old, other, anya = new_identity("Бот 1"), new_identity("Бот 1"), new_identity("Аня")
    known.remember([("Бот 1", old.peer_id), ("Аня", anya.peer_id)])
    assert known.check("Бот 1", other.peer_id, "seat", bot=True).status == "new"
    assert known.check("Бот 1", other.peer_id, "seat").status == "changed"  # not a bot
    assert known.check("Аня", other.peer_id, "seat", bot=True).status == "changed"
    known.remember([], bots=[("Бот 1", other.peer_id), ("Аня", other.peer_id)])
    assert KnownPlayers(tmp_path).players() == [("Аня", anya.peer_id)]
