"""One browser seat against bot peers over the LAN, in one process, inside a private
network namespace (``unshare -rn python tests/web/_lan_game.py GAME SEATS OUT [K=V...]``;
run by tests/web/test_lan.py).

Brings loopback up, hosts a table of GAME (seat 0, bound to 127.0.0.1, no mDNS), lets
SEATS-1 bot peers join (each a full peer: its own identity, keys and log), serves seat
0's page with :func:`p2pcards.web._lan.play_web` and plays it in headless Chromium by
clicking until the game ends.  Prints one JSON line: the result the end dialog shows,
the table's result, the verdict shown, the hands verified, the audit of the log (its
verdict and result), the console errors.
"""

from __future__ import annotations

import json
import queue
import random
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

import trio

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from p2pcards.games import load_game  # noqa: E402
from p2pcards.identity import new_identity  # noqa: E402
from p2pcards.peer import host_table, join_table, run_bot  # noqa: E402
from p2pcards.web._lan import play_web  # noqa: E402
from tests.web._browser import CHROMIUM, CHROMIUM_ARGS, click_until  # noqa: E402


async def _bot(address: Any, i: int, base: Path) -> None:
    async with join_table(
        new_identity(f"Bot{i}"), address, base=base / f"bot{i}", yes=True
    ) as lobby:
        session = await lobby.started()
        await run_bot(session, "basic", random.Random(i))


async def _host(game_name: str, seats: int, opts: dict[str, str], q: queue.Queue[Any]) -> None:
    base = Path(tempfile.mkdtemp())
    game = load_game(game_name, seats=seats, **opts)
    async with host_table(
        new_identity("Anna"),
        game,
        bind="127.0.0.1",
        mdns=False,
        base=base / "host",
        open_table=True,
    ) as lobby:
        address = ("127.0.0.1", lobby.address[1])
        async with trio.open_nursery() as n:
            for i in range(seats - 1):
                n.start_soon(_bot, address, i, base)
            session = await lobby.started()

            async def web(task_status: Any = trio.TASK_STATUS_IGNORED) -> None:
                ending = await play_web(session, "en", open_browser=False, task_status=task_status)
                q.put(("ending", ending))

            page = await n.start(web)
            q.put(("page", page))


def main() -> None:
    game, seats, out = sys.argv[1], int(sys.argv[2]), Path(sys.argv[3])
    opts = dict(kv.split("=", 1) for kv in sys.argv[4:])
    subprocess.run(["ip", "link", "set", "lo", "up"], check=True)
    q: queue.Queue[Any] = queue.Queue()
    t = threading.Thread(target=trio.run, args=(_host, game, seats, opts, q), daemon=True)
    t.start()
    kind, page_info = q.get(timeout=60)
    assert kind == "page"
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    ending: list[Any] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1024, "height": 640})
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(page_info.url)
        page.wait_for_selector("body[data-rev]")

        def done() -> bool:
            if not ending and not q.empty():
                ending.append(q.get()[1])
            return bool(page.query_selector("#end[open]")) or bool(ending)

        clicks = click_until(page, done, limit=2000)
        page.wait_for_selector("#end[open]", timeout=30000)
        page.screenshot(path=str(out / f"lan-{game}.png"))
        shown = page.inner_text("#end-body")
        verdict = page.inner_text(".verdict")
        history = page.inner_text("#history")
        browser.close()
    if not ending:
        ending.append(q.get(timeout=30)[1])
    e = ending[0]
    from p2pcards.cli.audit import read_entries
    from p2pcards.table import audit_entries

    report = audit_entries(read_entries(Path(e.log_path)))
    print(
        json.dumps(
            {
                "clicks": clicks,
                "shown": shown,
                "verdict": verdict,
                "history": history,
                "status": e.status,
                "result": e.result,
                "verified": list(e.verified),
                "names": list(e.names),
                "log_verdict": report.verdict,
                "log_result": report.result,
                "log_hands_verified": list(report.hands_verified),
                "errors": errors,
            },
            ensure_ascii=False,
            default=str,
        ),
        flush=True,
    )


if __name__ == "__main__":
    main()
