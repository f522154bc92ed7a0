"""Driver of scripts/demo (see there).  Inside the namespace it brings lo up with
multicast, then starts the peers as separate OS processes."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

P2P = [sys.executable, "-m", "p2pcards.cli"]


def netns_setup() -> None:
    subprocess.run(["ip", "link", "set", "lo", "up", "multicast", "on"], check=True)
    subprocess.run(["ip", "route", "add", "224.0.0.0/4", "dev", "lo"], check=True)


def check_game(args: argparse.Namespace) -> str:
    """Fill in the game's default seat count and validate game, seats and options before
    any process starts ('' when fine, else why not)."""
    from p2pcards.games import OptionError, game_info

    try:
        info = game_info(args.game)
        opts = dict(o.split("=", 1) for o in args.option if "=" in o)
        game = info.configure(args.seats, **opts)
    except OptionError as e:
        return str(e)
    args.seats = game.seats
    return ""


def main() -> int:
    ap = argparse.ArgumentParser(prog="scripts/demo")
    ap.add_argument("--netns", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--human", action="store_true", help="play one seat yourself")
    ap.add_argument("--game", default="akulina")
    ap.add_argument("--seats", type=int, default=None, help="number of seats (game default)")
    ap.add_argument("--lang", default=None)
    ap.add_argument("--option", "-o", action="append", default=[])
    ap.add_argument(
        "--no-multicast",
        action="store_true",
        help="(tests) a namespace with no multicast: join by address",
    )
    ap.add_argument("--timeout", type=float, default=600.0, help="give up after this many seconds")
    args = ap.parse_args()
    problem = check_game(args)
    if problem:
        print(f"scripts/demo: {problem}", file=sys.stderr)
        return 2
    if args.netns and args.no_multicast:
        subprocess.run(["ip", "link", "set", "lo", "up"], check=True)
        args.netns = False
    elif args.netns:
        netns_setup()
    work = Path(tempfile.mkdtemp(prefix="p2pcards-demo-"))
    # the language goes to every peer as $P2PCARDS_LANG, not --lang: a --lang is
    # remembered, and the demo must not change the user's own language
    lang: list[str] = []
    opts = [x for o in args.option for x in ("--option", o)]
    table = "demo"
    host_cmd = [
        *P2P,
        "host",
        args.game,
        "--seats",
        str(args.seats),
        "--name",
        table,
        "--bind",
        "127.0.0.1",
        "--port",
        "40404",
        "--home",
        str(work / "peer0"),
        "--open",  # the bots ask for seats: let them in without asking
        "--player-name",
        "Аня" if not args.human else "you",
        *opts,
        *lang,
    ]
    host_cmd += ["--interface", "127.0.0.1"] if args.netns else ["--no-mdns"]
    if not args.human:
        host_cmd += ["--headless", "basic"]
    target = table if args.netns else "127.0.0.1:40404"
    names = ["Boris", "Вера", "Dima", "Egor", "Фёдор", "Gleb", "Ира"]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    if args.lang:
        env["P2PCARDS_LANG"] = args.lang
    print(f"== {args.seats} peers in separate processes; files under {work}", flush=True)
    host = subprocess.Popen(
        host_cmd, env=env, stdout=None if args.human else subprocess.PIPE, text=True
    )
    procs = [host]
    timed_out = threading.Event()

    def kill_all() -> None:
        timed_out.set()
        for p in procs:
            if p.poll() is None:
                p.kill()

    watchdog = threading.Timer(args.timeout, kill_all)
    watchdog.daemon = True
    watchdog.start()
    time.sleep(1.0)
    bot_outs = []
    for i in range(1, args.seats):
        cmd = [
            *P2P,
            "bot",
            "--join",
            target,
            "--strategy",
            "basic",
            "--yes",  # a bot confirms no one: sit at the demo's host
            "--home",
            str(work / f"peer{i}"),
            "--player-name",
            names[i - 1],
            *lang,
        ]
        if args.netns:
            cmd += ["--interface", "127.0.0.1"]
        # to a file, not a pipe: a long game would fill a pipe nobody reads until the end
        out_path = work / f"peer{i}.out"
        with out_path.open("w") as f:
            procs.append(subprocess.Popen(cmd, env=env, stdout=f, stderr=f, text=True))
        bot_outs.append(out_path)
    bots = procs[1:]
    if not args.human:
        assert host.stdout is not None
        for line in host.stdout:
            print(line, end="", flush=True)
    rc_host = host.wait()
    if rc_host != 0:
        time.sleep(2.0)  # let the bots see the end, then stop those still waiting
        for b in bots:
            if b.poll() is None:
                b.terminate()
    for b in bots:
        b.wait()
    watchdog.cancel()
    if timed_out.is_set():
        print(f"== timed out after {args.timeout:.0f} s: every peer was stopped")
    outs = [p.read_text() for p in bot_outs]
    print("== every peer's verdict")
    verdicts = []
    for i, out in enumerate(outs, 1):
        last = [
            x
            for x in out.splitlines()
            if x.startswith(("verified", "проверено", "CHEAT", "ОБНАРУЖЕНО"))
        ]
        verdicts.append(bots[i - 1].returncode)
        print(f"peer {i}: {last[-1] if last else out.strip().splitlines()[-1:]}")
    logs = sorted((work).glob("peer*/tables/*.log"))
    blobs = {p.read_bytes() for p in logs}
    print(f"== {len(logs)} logs, byte-identical: {len(blobs) == 1}")
    if not logs:
        print("== demo FAILED: no peer wrote a log")
        return 1
    audit = subprocess.run(
        [*P2P, "audit", str(logs[0]), *lang], capture_output=True, text=True, env=env
    )
    print("== p2pcards audit " + str(logs[0]))
    print(audit.stdout, end="")
    data = subprocess.run([*P2P, "audit", str(logs[0]), "--json"], capture_output=True, text=True)
    try:
        print("== audit result (--json): " + json.dumps(json.loads(data.stdout)["result"]))
    except (ValueError, KeyError):
        print("== audit --json gave no result")
    ok = (
        rc_host == 0
        and all(v == 0 for v in verdicts)
        and len(logs) == args.seats
        and len(blobs) == 1
        and audit.returncode == 0
    )
    print("== demo OK" if ok else "== demo FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
