"""``scripts/bench lan [--seats 2 4 8] [--hands H] [--game G] [--option K=V ...]``: the
protocol's speed over real TCP between separate processes.

Every peer is its own OS process (``p2pcards host --headless`` plus ``p2pcards bot``),
joined by address on 127.0.0.1 inside a private network namespace (``unshare -rn``: the
loopback of a namespace of our own, never a real interface).  Each peer writes a timing
trace (``P2PCARDS_TRACE``, see ``p2pcards/peer/_trace.py``): when its table signed an
entry and when each entry was in its log and applied, read from ``time.monotonic()``,
which all processes on one Linux machine share.  Default game: Akulina with the full
36-card deck, ``H`` hands per game.

Figures (milliseconds), one JSON line each, per seat count:

- ``shuffle+deal, until every peer``: per hand, from the signing of the hand's first
  shuffle pass (by its author) until the last entry of the deal (the last key-share
  acknowledgement before the first move) is applied by every peer;
- ``shuffle+deal, as seen by each peer``: per hand and peer, from the moment that peer
  has the first pass (signed it, or applied it) until it applies the deal's last entry
  (on a machine with fewer cores than peers, a peer still checking the previous hand
  delays the others: this figure leaves that wait out of the peers that were not late);
- ``move``: per move, from its signing by its author until every peer has applied it.

The peers' files go to the system's temporary directory (a disk: every secret, a move
included, is synced before the entry depending on it is sent, 4-15 ms on a virtual
disk); ``--tmpfs`` puts them in /dev/shm to show the protocol's own cost.

Also the wall time of the whole game and the CPU time all peers used, and the same
shuffle+deal and move figures estimated **with a core per peer** (``a core per peer``):
every trace event carries the process's CPU time, so the CPU each peer spent between two
of its events is known whatever the load; the game is replayed on a simulated clock where
each peer runs on its own core, an entry reaching the other peers the moment its author
signed it (loopback and encryption CPU are in the peers' times; waiting on the disk is
not, so read it from a ``--tmpfs`` run): a peer's event ``i`` happens at ``max(its event
i-1, the author's signing of that entry when it applies another seat's entry) + the CPU
it spent since event i-1``.  And ``ms cpu of the busiest peer, shuffle+deal``: per hand,
the most CPU one peer spent from the first pass to the end of the deal (a lower bound of
the deal with a core per peer).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from _util import emit

ROOT = Path(__file__).resolve().parents[2]
P2P = [sys.executable, "-m", "p2pcards.cli"]
INSIDE = "P2PCARDS_BENCH_NETNS"


def _in_netns(argv: list[str]) -> int:
    """Run this bench again inside a private network namespace; its exit status."""
    for flag in ("-rn", "-n"):
        if shutil.which("unshare") and (
            subprocess.run(["unshare", flag, "true"], capture_output=True).returncode == 0
        ):
            env = {**os.environ, INSIDE: "1", "PYTHONPATH": str(ROOT)}
            cmd = ["unshare", flag, sys.executable, __file__, *argv]
            return subprocess.run(cmd, env=env).returncode
    sys.exit("scripts/bench lan: cannot create a private network namespace (unshare -rn)")


def _read_trace(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def play(
    seats: int, hands: int, game: str, options: list[str], port: int, base: str | None = None
) -> dict[str, Any]:
    """One game among ``seats`` processes (their data directories under ``base``, default
    the system's temporary directory); returns the figures."""
    work = Path(tempfile.mkdtemp(prefix="p2pcards-bench-lan-", dir=base))
    opts = [x for o in options for x in ("--option", o)]
    if game == "akulina":
        opts += ["--option", f"hands={hands}"]
    procs = []
    t0 = time.monotonic()
    cpu0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    for i in range(seats):
        env = {**os.environ, "P2PCARDS_TRACE": str(work / f"trace{i}.jsonl")}
        common = ["--home", str(work / f"peer{i}"), "--player-name", f"p{i}", "--lang", "en"]
        if i == 0:
            cmd = [
                *P2P,
                "host",
                game,
                "--seats",
                str(seats),
                *opts,
                "--headless",
                "basic",
                "--open",
            ]
            cmd += ["--no-mdns", "--bind", "127.0.0.1", "--port", str(port), *common]
        else:
            cmd = [
                *P2P,
                "bot",
                "--join",
                f"127.0.0.1:{port}",
                "--strategy",
                "basic",
                "--yes",
                *common,
            ]
        with (work / f"peer{i}.out").open("w") as out:
            procs.append(subprocess.Popen(cmd, env=env, stdout=out, stderr=out, cwd=ROOT))
        if i == 0:
            time.sleep(1.5)  # let the host listen before the others dial
    rcs = []
    for p in procs:
        try:
            rcs.append(p.wait(timeout=600))
        except subprocess.TimeoutExpired:
            p.kill()
            rcs.append(-9)
    wall = time.monotonic() - t0
    cpu1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (cpu1.ru_utime - cpu0.ru_utime) + (cpu1.ru_stime - cpu0.ru_stime)
    if any(rcs):
        tails = [(work / f"peer{i}.out").read_text()[-600:] for i in range(seats)]
        raise SystemExit(f"scripts/bench lan: a peer failed {rcs}: {tails}")
    traces = [_read_trace(work / f"trace{i}.jsonl") for i in range(seats)]
    figures = analyse(traces)
    figures.update(analyse(core_per_peer(traces), "core_"))
    figures["busiest"] = busiest_deal_cpu(traces)
    figures["wall_s"] = wall
    figures["cpu_s"] = cpu
    shutil.rmtree(work, ignore_errors=True)
    return figures


def core_per_peer(traces: list[list[dict[str, Any]]]) -> list[list[dict[str, Any]]]:
    """The traces with each event's ``t`` replaced by its time on a simulated clock where
    every peer has a core of its own (see the module docstring): events are replayed in
    real-time order, which respects every dependency."""
    order = sorted(
        ((ev["t"], p, i) for p, tr in enumerate(traces) for i, ev in enumerate(tr)),
        key=lambda x: x[0],
    )
    author = {ev["seq"]: p for p, tr in enumerate(traces) for ev in tr if ev["ev"] == "signed"}
    out = [[dict(ev) for ev in tr] for tr in traces]
    signed_at: dict[int, float] = {}
    for _t, p, i in order:
        ev, sim = traces[p][i], out[p][i]
        if i == 0:
            sim["t"] = ev["t"]  # a peer's first event: when its process got there
        else:
            prev = traces[p][i - 1]
            ready = out[p][i - 1]["t"]
            if ev["ev"] == "applied" and author.get(ev["seq"], p) != p:
                ready = max(ready, signed_at.get(ev["seq"], ready))
            sim["t"] = ready + max(0.0, ev["c"] - prev["c"])
        if ev["ev"] == "signed":
            signed_at[ev["seq"]] = sim["t"]
    return out


def busiest_deal_cpu(traces: list[list[dict[str, Any]]]) -> list[float]:
    """Per hand, the most CPU (ms) one peer spent from its first event at or after the
    signing of the hand's first pass to its applying of the deal's last entry."""
    kinds: dict[int, tuple[str, int]] = {}
    signed: dict[int, float] = {}
    for tr in traces:
        for ev in tr:
            if ev["ev"] == "applied":
                kinds[ev["seq"]] = (ev["kind"], ev["hand"])
            elif ev["ev"] == "signed":
                signed[ev["seq"]] = ev["t"]
    out = []
    for first, last_deal, _moves in _deals(kinds):
        if first not in signed:
            continue
        most = 0.0
        for tr in traces:
            start = next((ev["c"] for ev in tr if ev["t"] >= signed[first]), None)
            end = next(
                (ev["c"] for ev in tr if ev["ev"] == "applied" and ev["seq"] == last_deal), None
            )
            if start is not None and end is not None:
                most = max(most, (end - start) * 1000)
        out.append(most)
    return out


def _deals(kinds: dict[int, tuple[str, int]]) -> list[tuple[int, int, list[int]]]:
    """Per hand with a deal and a move (``kinds``: seq -> (kind, hand)): its first
    shuffle pass, the deal's last entry (the last before the first move), its moves."""
    by_hand: dict[int, list[int]] = {}
    for seq in sorted(kinds):
        by_hand.setdefault(kinds[seq][1], []).append(seq)
    out = []
    for hand, seqs in sorted(by_hand.items()):
        passes = [q for q in seqs if kinds[q][0] == "shuffle"]
        moves = [q for q in seqs if kinds[q][0] == "move"]
        if hand and passes and moves:
            out.append((passes[0], max(q for q in seqs if q < moves[0]), moves))
    return out


def analyse(traces: list[list[dict[str, Any]]], prefix: str = "") -> dict[str, Any]:
    """From every peer's trace: ``deal`` (ms per hand, until every peer), ``deal_seen``
    (ms per hand and peer, as that peer saw it) and ``move`` (ms per move), each key
    with ``prefix``."""
    signed: dict[int, float] = {}
    applied: list[dict[int, float]] = []
    mine: list[dict[int, float]] = []
    kinds: dict[int, tuple[str, int]] = {}
    for tr in traces:
        got: dict[int, float] = {}
        own: dict[int, float] = {}
        for ev in tr:
            if ev["ev"] == "signed":
                signed[ev["seq"]] = own[ev["seq"]] = ev["t"]
            elif ev["ev"] == "applied":
                got[ev["seq"]] = ev["t"]
                kinds[ev["seq"]] = (ev["kind"], ev["hand"])
        applied.append(got)
        mine.append(own)

    def everyone(seq: int) -> float | None:
        ts = [a.get(seq) for a in applied]
        return None if any(t is None for t in ts) else max(t for t in ts if t is not None)

    deal: list[float] = []
    seen: list[float] = []
    move: list[float] = []
    for first, last_deal, moves in _deals(kinds):
        end = everyone(last_deal)
        if first in signed and end is not None:
            deal.append((end - signed[first]) * 1000)
        for own, got in zip(mine, applied, strict=True):
            start = own.get(first, got.get(first))
            if start is not None and last_deal in got:
                seen.append((got[last_deal] - start) * 1000)
        for q in moves:
            end = everyone(q)
            if q in signed and end is not None:
                move.append((end - signed[q]) * 1000)
    return {prefix + "deal": deal, prefix + "deal_seen": seen, prefix + "move": move}


def main(argv: list[str]) -> None:
    p = argparse.ArgumentParser(prog="scripts/bench lan")
    p.add_argument("--seats", type=int, nargs="+", default=[2, 4, 8])
    p.add_argument("--hands", type=int, default=5, help="hands per game (Akulina)")
    p.add_argument("--game", default="akulina")
    p.add_argument("--option", "-o", action="append", default=None)
    p.add_argument("--port", type=int, default=41000)
    p.add_argument(
        "--tmpfs",
        action="store_true",
        help="keep the peers' files in /dev/shm: the protocol's cost without disk syncs",
    )
    a = p.parse_args(argv)
    if os.environ.get(INSIDE) != "1":
        rc = _in_netns(argv)
        if rc:
            sys.exit(rc)
        return
    subprocess.run(["ip", "link", "set", "lo", "up"], check=True)
    options = (
        a.option if a.option is not None else (["full_deck=true"] if a.game == "akulina" else [])
    )
    cards = 36 if a.game == "akulina" and "full_deck=true" in options else None
    for i, n in enumerate(a.seats):
        base = "/dev/shm" if a.tmpfs else None
        f = play(n, a.hands, a.game, options, a.port + i, base)
        params: dict[str, Any] = {
            "game": a.game,
            "seats": n,
            "files": "tmpfs" if a.tmpfs else "disk",
        }
        if cards:
            params["cards"] = cards
        emit("lan", "ms shuffle+deal, until every peer", f["deal"], **params)
        emit("lan", "ms shuffle+deal, as seen by each peer", f["deal_seen"], **params)
        emit("lan", "ms move", f["move"], **params)
        emit("lan", "ms shuffle+deal, a core per peer (estimate)", f["core_deal"], **params)
        emit("lan", "ms move, a core per peer (estimate)", f["core_move"], **params)
        emit("lan", "ms cpu of the busiest peer, shuffle+deal", f["busiest"], **params)
        emit("lan", "s game wall time", [f["wall_s"]], **params, hands=len(f["deal"]))
        emit("lan", "s cpu, all peers", [f["cpu_s"]], **params, hands=len(f["deal"]))


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    main(sys.argv[1:])
