"""Leaves over real links, in one trio run on the loopback of a private network
namespace (run by tests/peer/test_leave_links.py; prints one ``RESULT {json}`` line).

Two tables, played by bots through the seat controller, one after the other:

- 3 seats (Аня hosts, Борис and Вера join): Борис leaves (``Session.depart``, what q,
  Ctrl-C and Ctrl-D do) while another seat is to move, and his program ends at once.
- 2 seats (Аня hosts, Борис joins): Борис leaves on Аня's turn.

For each seat: the line every event of the session gives in Russian (what a terminal
seat prints: ``p2pcards.ui.table_event_line``) and the audit verdict of its log file
(with the evidence, as ``p2pcards audit`` reads it); for Борис what his leave did.

    python tests/peer/_leave_links.py
"""

from __future__ import annotations

import json
import os
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

import trio

from p2pcards.cli.audit import read_log_file
from p2pcards.games import game_info, load_game
from p2pcards.identity import new_identity
from p2pcards.peer import Session, host_table, join_table
from p2pcards.table import audit_entries
from p2pcards.ui import Names, Texts, table_event_line

T = 60


def lines_of(session: Session, out: list[str], marks: dict[str, Any] | None = None) -> None:
    """Keep the Russian line of every event ``session`` publishes (from now on).
    ``marks``: filled with where the leave came (``left_at``: the log's length then,
    ``turn``: the seat whose move it was, None in a step of the cards) and the kinds of
    the log's entries from there to its end (``after``)."""
    t = Texts("ru")
    names = Names(tuple(session.names), session.seat)

    async def follow() -> None:
        async for up in session.controller.subscribe():
            line = table_event_line(t, names, up.event)
            if line and type(up.event).__name__ != "Waiting":
                out.append(line)
            kind = type(up.event).__name__
            log = session.table.log
            if marks is not None and kind == "SeatLeft" and "left_at" not in marks:
                marks.update(left_at=len(log), turn=session.controller.snapshot().turn)
            if marks is not None and kind == "HandAbandoned" and "left_at" in marks:
                marks["after"] = [log[i].kind for i in range(marks["left_at"], len(log))]

    assert session._nursery is not None
    session._nursery.start_soon(follow)


async def play(session: Session, rng: random.Random, stop: trio.Event | None = None) -> None:
    """Play ``session``'s seat with the basic bot until its game ends (or ``stop``)."""
    bot = game_info(session.table.game.name).bots["basic"]
    c = session.controller
    async with c.subscribe() as updates:
        async for _ in updates:
            if c.ending() is not None or (stop is not None and stop.is_set()):
                return
            snap = c.snapshot()
            if snap.my_turn and updates.pending == 0:
                c.play(bot(snap.view, list(snap.legal), rng))


def verdict(session: Session) -> str:
    entries, evidence = read_log_file(Path(session.log_path))
    return audit_entries(entries, evidence=evidence).verdict


async def table(seats: int, work: Path) -> dict[str, Any]:
    names = ["Аня", "Борис", "Вера"][:seats]
    ids = [new_identity(n) for n in names]
    lines: dict[str, list[str]] = {n: [] for n in names}
    marks: dict[str, dict[str, Any]] = {n: {} for n in names}
    sessions: dict[str, Session] = {}
    gone: dict[str, Any] = {}
    with trio.fail_after(T):
        async with host_table(ids[0], load_game("akulina", seats=seats, stall_limit=600),
                              bind="127.0.0.1", open_table=True, mdns=False,
                              base=work / "Аня") as lobby:  # fmt: skip
            addr = lobby.address

            async def boris() -> None:
                async with join_table(ids[1], addr, base=work / "Борис", yes=True) as jl:
                    s = sessions["Борис"] = await jl.started()
                    c = s.controller
                    # he plays until another seat is to move and he is not awaited, then
                    # leaves; his program ends at once (the join's context closes)
                    rng = random.Random(1)
                    bot = game_info("akulina").bots["basic"]
                    async with c.subscribe() as updates:
                        async for _ in updates:
                            snap = c.snapshot()
                            if snap.my_turn and updates.pending == 0:
                                c.play(bot(snap.view, list(snap.legal), rng))
                            elif snap.turn is not None and snap.turn != snap.seat:
                                # at two seats Аня's every draw awaits his share of the
                                # card she takes, so waiting until he is not awaited let
                                # the hand end first at random (a clean-clone run)
                                if seats == 2 or s.seat not in s.table.awaited():
                                    break
                    d = await s.depart()
                    gone.update(what=d.what, verdict=verdict(s))

            async def vera() -> None:
                async with join_table(ids[2], addr, base=work / "Вера", yes=True) as jl:
                    s = sessions["Вера"] = await jl.started()
                    lines_of(s, lines["Вера"], marks["Вера"])
                    await play(s, random.Random(2))
                    await s.done.wait()

            async with trio.open_nursery() as n:
                n.start_soon(boris)
                if seats == 3:
                    n.start_soon(vera)
                s = sessions["Аня"] = await lobby.started()
                lines_of(s, lines["Аня"], marks["Аня"])
                await play(s, random.Random(0))
                await s.done.wait()
            await trio.sleep(0.3)  # (anything still to come: "снова на связи")
    out: dict[str, Any] = {"boris": gone, "seats": {}}
    for name in names[::2] if seats == 3 else names[:1]:
        out["seats"][name] = {
            "lines": lines[name],
            "verdict": verdict(sessions[name]),
            **marks[name],
        }
    return out


async def main() -> None:
    assert os.environ.get("P2PCARDS_IN_NETNS") == "1", "runs only inside a netns"
    work = Path(tempfile.mkdtemp(prefix="p2pcards-leave-links-"))
    out = {str(n): await table(n, work / str(n)) for n in (3, 2)}
    print("RESULT " + json.dumps(out, ensure_ascii=False))
    sys.stdout.flush()


if __name__ == "__main__":
    trio.run(main)
