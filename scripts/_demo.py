"""Driver of scripts/demo (see there).  Inside the namespace it brings lo up with
multicast, then starts the peers as separate OS processes.

Its lines are in the language of the command line (``--lang``, else ``$P2PCARDS_LANG``,
the remembered ``--lang``, the locale: :func:`p2pcards.cli._i18n.default_lang`), through
the package's catalog (``scripts/texts update`` collects this file's ``tr("…")`` as the
cli's); every peer is given that language, and names in it."""

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

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # (run as a file: the package beside it)

from p2pcards.cli._i18n import (  # noqa: E402
    N_,
    default_lang,
    error_text,
    install,
    tr,
    translate_parser,
    trn,
)

P2P = [sys.executable, "-m", "p2pcards.cli"]
NAMES = {
    "ru": ["Аня", "Борис", "Вера", "Дима", "Егор", "Фёдор", "Глеб", "Ира"],
    "en": ["Anna", "Boris", "Vera", "Dima", "Egor", "Fyodor", "Gleb", "Ira"],
}
"""The players' names in each language: the host's first, then the bots'."""
NO_NETNS = N_(
    "network namespaces are unavailable here: falling back to join-by-address on 127.0.0.1"
)


def netns_setup() -> None:
    subprocess.run(["ip", "link", "set", "lo", "up", "multicast", "on"], check=True)
    subprocess.run(["ip", "route", "add", "224.0.0.0/4", "dev", "lo"], check=True)


def check_game(args: argparse.Namespace, lang: str) -> str:
    """Fill in the game's default seat count and validate game, seats and options before
    any process starts ('' when fine, else why not, in ``lang``)."""
    from p2pcards.games import OptionError, game_info

    try:
        info = game_info(args.game)
        opts = dict(o.split("=", 1) for o in args.option if "=" in o)
        game = info.configure(args.seats, **opts)
    except OptionError as e:
        return error_text(lang, e)
    args.seats = game.seats
    return ""


def lang_of(argv: list[str]) -> str:
    """The demo's language: the last ``--lang ru|en`` of ``argv``, else the command
    line's default (:func:`p2pcards.cli._i18n.default_lang`)."""
    from p2pcards.cli._i18n import lang_in_argv

    return lang_in_argv(argv) or default_lang()


def parser(lang: str) -> argparse.ArgumentParser:
    """The demo's arguments, their help in ``lang``."""
    install(lang)
    ap = argparse.ArgumentParser(
        prog="scripts/demo",
        description="four peers, each a separate process, find each other on a private "
        "network and play a hand, then audit it",
    )
    ap.add_argument("--netns", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--no-netns", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--human", action="store_true", help="play one seat yourself")
    ap.add_argument("--game", default="akulina", metavar="GAME", help="the game (default akulina)")
    ap.add_argument("--seats", type=int, default=None, help="number of seats (game default)")
    ap.add_argument(
        "--lang",
        choices=("ru", "en"),
        default=None,
        help="language of the output: ru or en (default: the command line's)",
    )
    ap.add_argument(
        "--option",
        "-o",
        action="append",
        default=[],
        metavar="K=V",
        help="game option, repeatable (see docs/rules/GAME.md for the list)",
    )
    ap.add_argument(
        "--no-multicast",
        action="store_true",
        help="(tests) a namespace with no multicast: join by address",
    )
    ap.add_argument(
        "--timeout",
        type=float,
        default=600.0,
        metavar="SECONDS",
        help="give up after this many seconds",
    )
    translate_parser(ap, lang)
    return ap


def main() -> int:
    lang = lang_of(sys.argv[1:])
    args = parser(lang).parse_args()
    if args.no_netns:
        print(tr(lang, NO_NETNS), file=sys.stderr)
    problem = check_game(args, lang)
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
        NAMES[lang][0] if not args.human else tr(lang, "you"),
        *opts,
    ]
    host_cmd += ["--interface", "127.0.0.1"] if args.netns else ["--no-mdns"]
    if not args.human:
        host_cmd += ["--headless", "basic"]
    target = table if args.netns else "127.0.0.1:40404"
    names = NAMES[lang][1:]
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "P2PCARDS_LANG": lang}
    said = trn(lang, "{n} peer in a separate process; files under {path}",
               "{n} peers in separate processes; files under {path}", args.seats,
               path=work)  # fmt: skip
    print(f"== {said}", flush=True)
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
        said = tr(lang, "timed out after {s} s: every peer was stopped", s=f"{args.timeout:.0f}")
        print(f"== {said}")
    outs = [p.read_text() for p in bot_outs]
    print("== " + tr(lang, "every peer's verdict"))
    verdicts = []
    for i, out in enumerate(outs, 1):
        last = [
            x
            for x in out.splitlines()
            if x.startswith(("verified", "проверено", "CHEAT", "ОБНАРУЖЕНО"))
        ]
        verdicts.append(bots[i - 1].returncode)
        tail = out.strip().splitlines()
        verdict = last[-1] if last else (tail[-1] if tail else tr(lang, "(no output)"))
        print(f"{names[i - 1]}: {verdict}")
    logs = sorted((work).glob("peer*/tables/*.log"))
    blobs = {p.read_bytes() for p in logs}
    same = len(blobs) == 1
    if same:
        said = trn(lang, "{n} log, byte-identical: yes", "{n} logs, byte-identical: yes", len(logs))
    else:
        said = trn(lang, "{n} log, byte-identical: no", "{n} logs, byte-identical: no", len(logs))
    print(f"== {said}")
    if not logs:
        print("== " + tr(lang, "demo FAILED: no peer wrote a log"))
        return 1
    audit = subprocess.run([*P2P, "audit", str(logs[0])], capture_output=True, text=True, env=env)
    print("== p2pcards audit " + str(logs[0]))
    print(audit.stdout, end="")
    data = subprocess.run(
        [*P2P, "audit", str(logs[0]), "--json"], capture_output=True, text=True, env=env
    )
    try:
        result = json.dumps(json.loads(data.stdout)["result"], ensure_ascii=False)
        print("== " + tr(lang, "audit result (--json): {result}", result=result))
    except (ValueError, KeyError):
        print("== " + tr(lang, "audit --json gave no result"))
    ok = (
        rc_host == 0
        and all(v == 0 for v in verdicts)
        and len(logs) == args.seats
        and len(blobs) == 1
        and audit.returncode == 0
    )
    print("== " + (tr(lang, "demo OK") if ok else tr(lang, "demo FAILED")))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
