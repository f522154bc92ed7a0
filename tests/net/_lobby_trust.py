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
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import trio
from zeroconf import IPVersion, Zeroconf

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from p2pcards import net  # noqa: E402
from p2pcards.games import load_game  # noqa: E402
from p2pcards.identity import new_identity  # noqa: E402
from p2pcards.net import _discovery  # noqa: E402
from p2pcards.net._discovery import _service_info  # noqa: E402
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


@asynccontextmanager
async def impostor_advert(lobby: Any, name: str, server: str) -> AsyncIterator[None]:
    """Answer mDNS for ``lobby`` (hosted with ``mdns=False``) under exactly the instance
    name ``name``, as an attacker would: no probing, no renaming (a raw zeroconf
    registration, ``cooperating_responders``), SRV target ``server``."""
    ad = net.TableAd(
        name=name,
        table_id=lobby.mesh.table_id,
        game=GAME.name,
        seats_taken=1,
        seats_total=GAME.seats,
        host_name=lobby.identity.name,
        host_key=lobby.identity.peer_id,
        port=lobby.address[1],
        addresses=(LO,),
    )
    info = _service_info(ad, f"{name}.{net.SERVICE_TYPE}", server)
    zc = await trio.to_thread.run_sync(
        lambda: Zeroconf(interfaces=[LO], ip_version=IPVersion.V4Only)
    )
    try:
        await trio.to_thread.run_sync(
            lambda: zc.register_service(info, cooperating_responders=True)
        )
        yield
    finally:
        with trio.CancelScope(shield=True):
            await trio.to_thread.run_sync(zc.close)


async def _announced(lobby: Any, renamed: bool = False) -> Any:
    """The host's next LobbyUpdate that names the announced table (``renamed``: one
    saying the name had to change)."""
    async for u in lobby.updates:
        if u.table_name and (u.renamed_from or not renamed):
            return u
    raise AssertionError("the lobby ended")


async def p2pcards(*args: str) -> list[Any]:
    """Run ``p2pcards ARGS`` as a process: [exit status, stdout lines, stderr]."""
    done = await trio.run_process(
        [sys.executable, "-m", "p2pcards.cli", *args, "--lang", "en", "--interface", LO],
        capture_stdout=True,
        capture_stderr=True,
        check=False,
        cwd=ROOT,
    )
    return [done.returncode, done.stdout.decode().splitlines(), done.stderr.decode()]


async def spoofed_mdns(base: Path, anna: Any) -> dict[str, Any]:
    """The real Anna hosts "Стол Ани"; an impostor, also called "Аня", answers mDNS
    under exactly that instance name.  As commands: ``p2pcards list`` of a player who
    knows nobody, ``p2pcards join 'Стол Ани'`` and ``p2pcards join IMPOSTOR:PORT`` of a
    player who played with the real Anna; then what ``p2pcards join IMPOSTOR:PORT``
    does (in-process: no mDNS there)."""
    out: dict[str, Any] = {}
    mallory = new_identity("Аня")
    home, fresh = base / "player", base / "fresh"
    home.mkdir()
    fresh.mkdir()
    KnownPlayers(home).remember([("Аня", anna.peer_id)])
    common = dict(bind=LO, open_table=True)
    async with (
        host_table(
            anna, GAME, table_name="Стол Ани", base=base / "a4", interfaces=[LO], **common
        ) as real,
        host_table(mallory, GAME, base=base / "m4", mdns=False, **common) as fake,
    ):
        await _announced(real)
        # (its SRV target sorts first: the real host, within its first seconds, keeps
        # the name by the tie-break, and would keep it anyway once established)
        async with impostor_advert(fake, "Стол Ани", "a-mallory.local."):
            where = f"{fake.address[0]}:{fake.address[1]}"
            cmds = {  # (both are on the air before either command has started)
                "list": ("list", "--home", str(fresh), "--timeout", "4"),
                "join_name": ("join", "Стол Ани", "--yes", "--home", str(home)),
            }

            async def run(key: str, args: tuple[str, ...]) -> None:
                out[key] = await p2pcards(*args)

            async with trio.open_nursery() as n:
                for key, args in cmds.items():
                    n.start_soon(run, key, args)
                # `p2pcards join IMPOSTOR:PORT --yes` (in-process: no mDNS to go through)
                out["join_impostor"] = await _sit(fake, new_identity("Гоша"), base=home, yes=True)
        out["real_name"] = real.table_name
    out["anna_fp"], out["mallory_fp"] = anna.fingerprint, mallory.fingerprint
    out["impostor_address"] = where
    return out


async def renamed(base: Path) -> dict[str, Any]:
    """Another host registers "Стол Веры" at the same moment (within the host's first
    seconds on the air) and wins the tie-break: the host takes "Стол Веры-2" and says so."""
    vera, rival = new_identity("Вера"), new_identity("Гоша")
    kw: dict[str, Any] = dict(bind=LO, open_table=True)
    async with (
        host_table(
            vera, GAME, table_name="Стол Веры", base=base / "v", interfaces=[LO], **kw
        ) as lobby,
        host_table(rival, GAME, base=base / "g", mdns=False, **kw) as other,
    ):
        first = await _announced(lobby)
        async with impostor_advert(other, "Стол Веры", "zz-rival.local."):
            u = await _announced(lobby, renamed=True)
            name = lobby.mesh.info["name"]
    return {
        "first": [first.table_name, first.renamed_from],
        "update": [u.table_name, u.renamed_from, list(u.names)],
        "lobby": [lobby.table_name, name],
    }


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

    async def rename() -> None:
        out["renamed"] = await renamed(base)
        seconds["renamed"] = trio.current_time() - t0

    with trio.fail_after(90):
        async with trio.open_nursery() as n:
            n.start_soon(in_order)
            n.start_soon(spoofed)
            n.start_soon(rename)
    out["seconds"] = seconds
    out["anna"] = [anna.fingerprint, anna.peer_id.hex()]
    out["boris"] = [boris.fingerprint, boris.peer_id.hex()]
    return out


if __name__ == "__main__":
    assert os.environ.get("P2PCARDS_IN_NETNS") == "1", "runs only inside a netns"
    # a host watches its name for the whole scenario, not its first 2 s: the rival
    # appears within the window however loaded the machine is
    _discovery.CONFLICT_SECONDS = 60.0
    result = trio.run(main)
    print("RESULT " + json.dumps(result, ensure_ascii=False), flush=True)
