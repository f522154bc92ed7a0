"""Who may sit where (run inside a private netns by ``test_lobby_trust.py``; ``python
tests/net/_lobby_trust.py`` prints ``RESULT``), issue 13 items 3-5:

1. a stranger asks to sit at a table opened without ``open_table``: the host's
   confirmation is asked with its name and fingerprint and it is not seated until the
   host says yes; a stranger the host says no to is refused; once the table starts both
   sides remember each other (``known_players.json``, mode 0600);
2. a known name with another key asks to sit: refused at an open table with no one to
   ask, and the confirmation, when there is one, says ``changed`` with both fingerprints;
3. a joiner that knows the host's name with another key: refused even with ``yes``,
   sits when it confirms explicitly;
4. a spoofed mDNS answer: another host advertises the same table name and host name with
   another key; what ``p2pcards list`` prints (``table_lines``, for what a browser saw)
   shows both tables with their fingerprints and warns about the impostor; joining it as
   ``p2pcards join IMPOSTOR --yes`` does (its advertised address and fingerprint, ``yes``)
   refuses with the warning.

Every wait is on a condition (an event, a started table), bounded by ``fail_after``.
"""

from __future__ import annotations

import json
import os
import stat
import sys
import tempfile
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import trio

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from p2pcards import net  # noqa: E402
from p2pcards.cli.list_tables import table_lines  # noqa: E402
from p2pcards.games import load_game  # noqa: E402
from p2pcards.identity import new_identity  # noqa: E402
from p2pcards.peer import KnownPlayers, LobbyError, PlayerCheck, host_table, join_table  # noqa: E402

GAME = load_game("akulina", seats=2)
LO = "127.0.0.1"


async def _sit(host_lobby: Any, joiner: Any, **kw: Any) -> str:
    """Join ``host_lobby``; '' once both sides started, else the joiner's LobbyError
    as ``"message <kind>"``."""
    try:
        async with join_table(joiner, host_lobby.address, bind=LO, timeout=5, **kw) as jl:
            await jl.started()
            await host_lobby.started()
            return ""
    except (LobbyError, BaseExceptionGroup) as e:
        err = _lobby_error(e)
        return f"{err} <{err.kind}>"  # the message, then the kind a front end words


def _lobby_error(e: BaseException) -> LobbyError:
    """The LobbyError inside ``e`` (raised inside a nursery, it comes in a group)."""
    if isinstance(e, LobbyError):
        return e
    if isinstance(e, BaseExceptionGroup):
        for sub in e.exceptions:
            try:
                return _lobby_error(sub)
            except type(sub):
                pass
    raise e


async def stranger(base: Path, anna: Any, boris: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    asked: list[PlayerCheck] = []
    go = trio.Event()
    was_asked = trio.Event()

    async def admit(check: PlayerCheck) -> bool:
        asked.append(check)
        was_asked.set()
        await go.wait()
        return True

    async with host_table(
        anna, GAME, bind=LO, mdns=False, base=base / "anna", admit=admit
    ) as lobby:
        async with trio.open_nursery() as n:
            result: list[str] = []

            async def join() -> None:
                result.append(await _sit(lobby, boris, base=base / "boris", yes=True))

            n.start_soon(join)
            await was_asked.wait()
            out["taken_while_asking"] = lobby.mesh.info["taken"]
            out["started_while_asking"] = lobby.session is not None
            go.set()
        out["joined"] = result == [""]
        out["asked"] = [c.to_plain() for c in asked]
    known = {b: KnownPlayers(base / b) for b in ("anna", "boris")}
    out["remembered"] = {b: [(n, k.hex()) for n, k in kp.players()] for b, kp in known.items()}
    out["known_mode"] = oct(stat.S_IMODE(known["anna"].path.stat().st_mode))
    # a stranger the host says no to
    async with host_table(
        anna, GAME, bind=LO, mdns=False, base=base / "anna2", admit=lambda c: False
    ) as lobby:
        out["said_no"] = await _sit(lobby, new_identity("Вера"), base=base / "vera", yes=True)
    return out


async def changed_joiner(base: Path, anna: Any, boris: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    mallory = new_identity("Boris")  # Boris's name, another key
    async with host_table(
        anna, GAME, bind=LO, mdns=False, base=base / "anna", open_table=True
    ) as lobby:
        out["open_no_admit"] = await _sit(lobby, mallory, base=base / "m1", yes=True)
    asked: list[PlayerCheck] = []

    def admit(check: PlayerCheck) -> bool:
        asked.append(check)
        return True  # the host explicitly says yes

    async with host_table(
        anna, GAME, bind=LO, mdns=False, base=base / "anna", open_table=True, admit=admit
    ) as lobby:
        out["explicit_yes"] = await _sit(lobby, mallory, base=base / "m2", yes=True)
    out["asked"] = [c.to_plain() for c in asked]
    out["mallory_fp"] = mallory.fingerprint
    return out


async def changed_host(base: Path, boris: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    mallory = new_identity("Аня")  # Anna's name, another key
    async with host_table(
        mallory, GAME, bind=LO, mdns=False, base=base / "m3", open_table=True
    ) as lobby:
        out["with_yes"] = await _sit(lobby, boris, base=base / "boris", yes=True)
    asked: list[PlayerCheck] = []

    def confirm(check: PlayerCheck) -> bool:
        asked.append(check)
        return True

    async with host_table(
        mallory, GAME, bind=LO, mdns=False, base=base / "m3", open_table=True
    ) as lobby:
        known = KnownPlayers(base / "boris")  # (the table files go elsewhere)
        out["explicit_yes"] = await _sit(
            lobby, boris, base=base / "boris2", known=known, yes=True, confirm=confirm
        )
    out["replaced"] = KnownPlayers(base / "boris").get("Аня") == mallory.peer_id
    out["asked"] = [c.to_plain() for c in asked]
    out["mallory_fp"] = mallory.fingerprint
    return out


async def spoofed_mdns(base: Path, anna: Any) -> dict[str, Any]:
    """The real Anna and an impostor advertise "Стол Ани" hosted by "Аня"; a player
    who knows Anna lists and tries to join the impostor."""
    out: dict[str, Any] = {}
    mallory = new_identity("Аня")
    home = base / "player"
    home.mkdir()
    KnownPlayers(home).remember([("Аня", anna.peer_id)])
    common = dict(bind=LO, interfaces=[LO], open_table=True)
    async with (
        net.browse(interfaces=[LO], probe_interval=0.5) as browser,
        host_table(anna, GAME, table_name="Стол Ани", base=base / "a4", **common),
    ):
        while len(browser.tables()) < 1:  # the real table is on the air (and probed)
            await trio.sleep(0.05)
        async with host_table(mallory, GAME, table_name="Стол Ани", base=base / "m4", **common):
            while len(browser.tables()) < 2:  # so is the impostor's
                await trio.sleep(0.05)
            by_fp = {ad.fingerprint: name for name, ad in browser.tables().items()}
            out["names"] = [by_fp[anna.fingerprint], by_fp[mallory.fingerprint]]
            # what `p2pcards list` prints for what the browser sees (in-process: the
            # command itself listens for a fixed time, this waited for both tables)
            tables = sorted(browser.tables().values(), key=lambda a: a.name)
            out["list"] = table_lines(tables, "en", KnownPlayers(home))
            # `p2pcards join NAME --yes` for the impostor's name: what find_table does
            # (the advertised address and fingerprint), then join_table with yes
            ad = browser.tables()[out["names"][1]]
            out["join"] = await _sit(
                SimpleNamespace(address=ad.address, started=trio.sleep_forever),
                new_identity("Гоша"),
                expect_fingerprint=ad.fingerprint,
                base=home,
                yes=True,
            )
    out["anna_fp"], out["mallory_fp"] = anna.fingerprint, mallory.fingerprint
    return out


async def main() -> dict[str, Any]:
    base = Path(tempfile.mkdtemp(prefix="p2pcards-trust-"))
    anna, boris = new_identity("Аня"), new_identity("Boris")
    out: dict[str, Any] = {}

    t0 = trio.current_time()
    seconds: dict[str, float] = {}

    async def in_order() -> None:  # each step builds on what the one before remembered
        out["stranger"] = await stranger(base, anna, boris)
        out["changed_joiner"] = await changed_joiner(base, anna, boris)
        out["changed_host"] = await changed_host(base, boris)
        seconds["in order"] = trio.current_time() - t0

    async def spoofed() -> None:  # independent (its own data directories): meanwhile
        out["spoofed"] = await spoofed_mdns(base, anna)
        seconds["spoofed"] = trio.current_time() - t0

    with trio.fail_after(90):
        async with trio.open_nursery() as n:
            n.start_soon(in_order)
            n.start_soon(spoofed)
    out["seconds"] = seconds
    out["anna"] = [anna.fingerprint, anna.peer_id.hex()]
    out["boris"] = [boris.fingerprint, boris.peer_id.hex()]
    return out


if __name__ == "__main__":
    assert os.environ.get("P2PCARDS_IN_NETNS") == "1", "runs only inside a netns"
    result = trio.run(main)
    print("RESULT " + json.dumps(result, ensure_ascii=False), flush=True)
