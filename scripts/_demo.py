"""Driver of scripts/demo (see there).  Inside the namespace it brings lo up with
multicast, then starts the peers as separate OS processes."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

P2P = [sys.executable, "-m", "p2pcards.cli"]


def netns_setup() -> None:
    subprocess.run(["ip", "link", "set", "lo", "up", "multicast", "on"], check=True)
    subprocess.run(["ip", "route", "add", "224.0.0.0/4", "dev", "lo"], check=True)


def main() -> int:
    ap = argparse.ArgumentParser(prog="scripts/demo")
    ap.add_argument("--netns", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--human", action="store_true", help="play one seat yourself")
    ap.add_argument("--game", default="akulina")
    ap.add_argument("--seats", type=int, default=4)
    ap.add_argument("--lang", default=None)
    ap.add_argument("--option", "-o", action="append", default=[])
    ap.add_argument(
        "--no-multicast",
        action="store_true",
        help="(tests) a namespace with no multicast: join by address",
    )
    args = ap.parse_args()
    if args.netns and args.no_multicast:
        subprocess.run(["ip", "link", "set", "lo", "up"], check=True)
        args.netns = False
    elif args.netns:
        netns_setup()
    work = Path(tempfile.mkdtemp(prefix="p2pcards-demo-"))
    lang = ["--lang", args.lang] if args.lang else []
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
    print(f"== {args.seats} peers in separate processes; files under {work}", flush=True)
    host = subprocess.Popen(
        host_cmd, env=env, stdout=None if args.human else subprocess.PIPE, text=True
    )
    time.sleep(1.0)
    bots = []
    for i in range(1, args.seats):
        cmd = [
            *P2P,
            "bot",
            "--join",
            target,
            "--strategy",
            "basic",
            "--home",
            str(work / f"peer{i}"),
            "--player-name",
            names[i - 1],
            *lang,
        ]
        if args.netns:
            cmd += ["--interface", "127.0.0.1"]
        bots.append(subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, text=True))
    if not args.human:
        assert host.stdout is not None
        for line in host.stdout:
            print(line, end="", flush=True)
    rc_host = host.wait(timeout=600)
    outs = [b.communicate(timeout=120)[0] for b in bots]
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
    audit = subprocess.run([*P2P, "audit", str(logs[0]), *lang], capture_output=True, text=True)
    print("== p2pcards audit " + str(logs[0]))
    print(audit.stdout, end="")
    ok = (
        rc_host == 0 and all(v == 0 for v in verdicts) and len(blobs) == 1 and audit.returncode == 0
    )
    print("== demo OK" if ok else "== demo FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
