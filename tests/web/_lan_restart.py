"""Two players' programs killed and started again under their pages (issue 15: the page
open in the browser must find the program again by itself), inside a private network
namespace (``unshare -rn python tests/web/_lan_restart.py OUT [play [table]]``; run by
tests/web/test_lan_restart.py).

Anna hosts Thousand for three (one bot of hers, one hand) with ``p2pcards host … --web``
and Boris joins it with ``p2pcards join 127.0.0.1:PORT --web``, each a separate process
with its own data directory, in Russian; their pages are open in headless Chromium (two
browser contexts) and played by clicking.  After a few moves Anna's program is killed
(SIGKILL) and started again with the same command (the table resumes from her files),
then Boris's.  Each time it records what the killed one's page says while its program is
away, whether the same page (not reloaded) shows the table again, and the address the
new run printed; then both pages play to the end.  With ``play``: the web lobby's
program (:func:`lobby`).  Prints one JSON line.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.web._browser import (  # noqa: E402
    ACTIONABLE,
    CHROMIUM,
    CHROMIUM_ARGS,
    END,
    FIND,
    english_words,
)

P2P = [sys.executable, "-m", "p2pcards.cli"]
PORT = 41234
WAIT = 60_000  # ms: generous, for a loaded machine; every wait is on a condition
T0 = time.monotonic()
REFUSED = "net::ERR_CONNECTION_REFUSED"
"""Chromium's own console line for a socket attempt while the program is away (the page's
retries): expected here, every other console error is reported."""


def _say(*what: Any) -> None:
    print(f"{time.monotonic() - T0:7.2f}", *what, file=sys.stderr, flush=True)


def _watchdog(seconds: float, players: list[Player]) -> None:
    """After ``seconds``, the players' outputs on stderr and exit 3 (the test then shows
    where it stopped, not only a subprocess timeout)."""

    def bark() -> None:
        _say("watchdog: stopped here; the players said:")
        for who in players:
            _say(who.name, who.output()[-2000:])
        os._exit(3)

    t = threading.Timer(seconds, bark)
    t.daemon = True
    t.start()


PLAYERS: list[Player] = []
"""Every player's program started here: killed when the scenario ends, even by a failure
(a failed run left them running, outside any namespace's life)."""


class Player:
    """One player's program (``cmd``, restartable) and the address it printed."""

    def __init__(self, name: str, cmd: list[str], work: Path) -> None:
        self.name, self.cmd, self.work = name, cmd, work
        PLAYERS.append(self)
        self.runs = 0
        self.proc: subprocess.Popen[bytes] | None = None
        self.urls: list[str] = []

    def start(self) -> None:
        self.runs += 1
        out = self.work / f"{self.name}-{self.runs}.txt"
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        with open(out, "wb") as f:
            self.proc = subprocess.Popen(
                self.cmd, stdout=f, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env
            )

    def url(self) -> str:
        """The page's address this run printed (once every seat is taken)."""
        assert self.proc is not None
        out = self.work / f"{self.name}-{self.runs}.txt"
        deadline = time.monotonic() + WAIT / 1000
        while time.monotonic() < deadline:
            m = re.search(r"http://127\.0\.0\.1:\d+/\S+/", out.read_text())
            if m:
                self.urls.append(m.group(0))
                return m.group(0)
            assert self.proc.poll() is None, out.read_text()
            time.sleep(0.1)
        raise AssertionError(f"{self.name}: no address printed: {out.read_text()}")

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def output(self) -> str:
        return "".join(
            (self.work / f"{self.name}-{i}.txt").read_text() for i in range(1, self.runs + 1)
        )


def click_some(pages: list[Any], moves: int, stop: str = END) -> int:
    """Click what the pages offer, whichever page has something, until ``moves`` clicks or
    every page shows ``stop``.  Returns the clicks made."""
    sels = ACTIONABLE.split(", ")
    clicks = 0
    deadline = time.monotonic() + 150
    while clicks < moves and time.monotonic() < deadline:
        if all(p.query_selector(stop) for p in pages):
            break
        clicked = False
        for p in pages:
            at = p.evaluate(FIND, [sels, stop])
            if at is None or at.get("stop"):
                continue
            p.mouse.click(at["x"], at["y"])
            clicks += 1
            clicked = True
            try:
                p.wait_for_function(
                    "([rev, pick]) => document.body.dataset.rev !== rev"
                    " || (document.body.dataset.pick || '') !== pick"
                    " || !!document.querySelector('#dialog[open]')",
                    arg=[at["rev"], at["pick"]],
                    timeout=5000,
                )
            except Exception:  # a LAN table under load: the entry is still on its way
                pass
        if not clicked:
            time.sleep(0.1)
    if clicks < moves and not all(p.query_selector(stop) for p in pages):
        raise AssertionError(  # the table stopped: what the pages say
            f"{clicks} clicks of {moves}: "
            + " | ".join(repr(p.evaluate("document.body.innerText")[:800]) for p in pages)
        )
    return clicks


def away_and_back(killed: Player, other: Player, pages: dict[str, Any]) -> dict[str, Any]:
    """Kill ``killed``'s program, note what both pages say, start it again; whether its
    page (the same, not reloaded) shows the table again."""
    page, their = pages[killed.name], pages[other.name]
    page.evaluate("window.kept = 'the same page'")
    killed.kill()
    _say(killed.name, "killed")
    page.wait_for_function(
        "() => Number(document.body.dataset.offline) >= 2", timeout=WAIT, polling=100
    )
    got: dict[str, Any] = {
        "banner": page.inner_text("#banner"),
        "offline": page.evaluate("document.body.dataset.offline"),
        "dimmed": page.evaluate("getComputedStyle(document.querySelector('main')).opacity"),
    }
    their.wait_for_function(
        "() => !document.getElementById('alerts').hidden", timeout=WAIT, polling=100
    )
    got["their_alerts"] = their.inner_text("#alerts")
    got["their_banner_hidden"] = their.evaluate("document.getElementById('banner').hidden")
    killed.start()
    url = killed.url()
    _say(killed.name, "started again", url)
    page.wait_for_function(
        "() => !document.body.dataset.offline && document.getElementById('banner').hidden",
        timeout=WAIT,
        polling=100,
    )
    page.wait_for_selector("#seats .seat", timeout=WAIT)
    got["kept"] = page.evaluate("window.kept")
    got["url"] = page.url
    got["seats"] = page.locator("#seats .seat .name").all_inner_texts()
    got["english"] = english_words(  # (the table code in the header: letters, no words)
        page.inner_text("body").replace(page.inner_text("#code"), "")
    )
    return got


def lobby(out: Path, work: Path, table: bool) -> dict[str, Any]:
    """``p2pcards play`` (the web lobby), in Russian: 101 for two hosted for a moment
    (the lines the others join with, then Leave); the program killed and started again
    under the lobby page, which finds it by itself.  With ``table`` (by hand, ``play
    table``: not in the suite, see below) then Akulina for three with two bots hosted
    from the page, a few moves on the table page, the program killed and started again:
    the open page finds it, goes to the lobby, which offers the unfinished table; "Go
    back to it" and the table plays to the end.  That part fails about once in four
    runs (once in eight with the kill after 3 moves) for a reason outside the page: the
    resumed table signs its key entry afresh while it replays its log, the others get
    that second entry and the table says "обман: Аня: две разные подписанные записи на
    одно место в журнале (запись 3)" of our own program (p2pcards.peer._resume /
    p2pcards.table: the replay opens the key round after the last acceptance and
    offers a new entry before the one on disk is replayed)."""
    from playwright.sync_api import sync_playwright

    anna = Player(
        "anna",
        [
            *P2P, "play", "--no-browser", "--lang", "ru", "--interface", "127.0.0.1",
            "--home", str(work / "anna"), "--player-name", "Аня",
        ],
        work,
    )  # fmt: skip
    errors: list[str] = []
    got: dict[str, Any] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1024, "height": 700})
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        _watchdog(270, [anna])
        anna.start()
        page.goto(anna.url())
        page.wait_for_selector("#me-name:not(:empty)", timeout=WAIT)
        _say("play: the lobby")
        # a table hosted for a moment: how the others join it, one line per address
        page.select_option("#game", "101")
        page.select_option("#seats", "2")
        page.select_option("#bots", "0")
        page.click("#host-button")
        page.wait_for_selector("#join-lines:not([hidden]) code", timeout=WAIT)
        got["hosting"] = page.inner_text("#status")
        got["join_lines"] = page.locator("#join-lines > *").all_inner_texts()
        got["hosting_english"] = english_words(  # ("Wi-Fi" is Russian too)
            page.evaluate(  # (the commands aside: they are typed as they are)
                """() => { const b = document.querySelector('main').cloneNode(true);
                    b.querySelectorAll('code, .fp, #tables td:first-child')
                      .forEach((e) => e.remove());
                    return b.innerText; }"""
            ).replace("Wi-Fi", "")
        )
        page.click("#status-actions button.leave")
        page.wait_for_selector("body[data-status=idle]", timeout=WAIT)
        _say("play: hosted 101 and left")
        page.evaluate("window.kept = 'the same page'")
        anna.kill()  # the lobby page finds the program started again
        page.wait_for_function(
            "() => Number(document.body.dataset.offline) >= 2", timeout=WAIT, polling=100
        )
        got["lobby_lost"] = page.inner_text("#banner")
        anna.start()
        anna.url()
        page.wait_for_function(
            "() => !document.body.dataset.offline && document.getElementById('banner').hidden",
            timeout=WAIT,
            polling=100,
        )
        page.wait_for_selector("body[data-status=idle] #me-name:not(:empty)", timeout=WAIT)
        got["lobby_kept"] = page.evaluate("window.kept")
        got["lobby_back"] = page.inner_text("#tables-title")
        if not table:
            browser.close()
            return lobby_end(got, anna, errors)
        page.select_option("#game", "akulina")
        page.select_option("#seats", "3")
        page.select_option("#bots", "2")
        page.click("#host-button")
        page.wait_for_url("**/table", timeout=WAIT)
        page.wait_for_selector("body[data-rev]", timeout=WAIT)
        got["clicks"] = [click_some([page], 3)]
        anna.kill()
        _say("play killed")
        page.wait_for_function(
            "() => Number(document.body.dataset.offline) >= 2", timeout=WAIT, polling=100
        )
        got["banner"] = page.inner_text("#banner")
        anna.start()
        url = anna.url()
        _say("play started again", url)
        page.wait_for_url(url, timeout=WAIT)  # (by itself: the table is not on yet)
        page.wait_for_selector("#unfinishedbox:not([hidden]) button.resume", timeout=WAIT)
        got["unfinished"] = page.inner_text("#unfinishedbox")
        _say("play: the lobby offers the table")
        got["lobby_banner_hidden"] = page.evaluate("document.getElementById('banner').hidden")
        page.click("#unfinished button.resume")
        page.wait_for_url("**/table", timeout=WAIT)
        page.wait_for_selector("body[data-rev]", timeout=WAIT)
        _say("play: back at the table")
        try:
            got["clicks"].append(click_some([page], 3000))
        except AssertionError as e:
            raise AssertionError(f"{e}\n{anna.output()[-3000:]}") from None
        page.wait_for_selector(END, timeout=WAIT)
        page.screenshot(path=str(out / "restart-play.png"))
        got["end"] = page.inner_text("#end-body")
        got["end_english"] = english_words(page.inner_text("#end"))
        browser.close()
    return lobby_end(got, anna, errors)


def lobby_end(got: dict[str, Any], anna: Player, errors: list[str]) -> dict[str, Any]:
    anna.kill()
    got["urls"] = anna.urls
    got["output"] = anna.output()[-3000:]
    got["errors"] = [e for e in errors if REFUSED not in e]
    return got


def main() -> None:
    out = Path(sys.argv[1])
    subprocess.run(["ip", "link", "set", "lo", "up"], check=True)
    work = Path(tempfile.mkdtemp())
    if sys.argv[2:3] == ["play"]:  # two network interfaces of this machine: 10.77/10.78
        for k in (77, 78):
            subprocess.run(
                f"ip link add v{k} type veth peer name w{k} && ip addr add 10.{k}.0.1/24 "
                f"dev v{k} && ip link set v{k} up && ip link set w{k} up",
                shell=True,
                check=True,
            )
        got = lobby(out, work, table=sys.argv[3:] == ["table"])
        print(json.dumps(got, ensure_ascii=False), flush=True)
        return
    common = ["--web", "--no-browser", "--lang", "ru"]
    anna = Player(
        "anna",
        [
            *P2P, "host", "thousand", "--seats", "3", "--bots", "1", "--option", "max_hands=1",
            "--bind", "127.0.0.1", "--port", str(PORT), "--no-mdns", "--open",
            "--home", str(work / "anna"), "--player-name", "Аня", *common,
        ],
        work,
    )  # fmt: skip
    boris = Player(
        "boris",
        [
            *P2P, "join", f"127.0.0.1:{PORT}", "--yes",
            "--home", str(work / "boris"), "--player-name", "Борис", *common,
        ],
        work,
    )  # fmt: skip
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    got: dict[str, Any] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        pages: dict[str, Any] = {}
        _watchdog(370, [anna, boris])
        anna.start()
        time.sleep(1)  # (join tries a refused connection again, but not for ever)
        boris.start()
        for who in (anna, boris):
            url = who.url()
            page = browser.new_context(viewport={"width": 1024, "height": 700}).new_page()
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(url)
            pages[who.name] = page
        for page in pages.values():
            page.wait_for_selector("body[data-rev]", timeout=WAIT)
        got["clicks"] = [click_some(list(pages.values()), 4)]
        got["anna"] = away_and_back(anna, boris, pages)
        got["clicks"].append(click_some(list(pages.values()), 4))
        got["boris"] = away_and_back(boris, anna, pages)
        got["clicks"].append(click_some(list(pages.values()), 3000))
        for name, page in pages.items():
            page.wait_for_selector(END, timeout=WAIT)
            page.screenshot(path=str(out / f"restart-{name}.png"))
            got[name]["end"] = page.inner_text("#end-body")
            got[name]["end_english"] = english_words(page.inner_text("#end"))
        browser.close()
    for who in (anna, boris):
        assert who.proc is not None
        got[who.name]["rc"] = who.proc.wait(timeout=WAIT / 1000)
        got[who.name]["urls"] = who.urls
        got[who.name]["output"] = who.output()[-3000:]
    got["errors"] = [e for e in errors if REFUSED not in e]
    got["refused_lines"] = len(errors) - len(got["errors"])
    print(json.dumps(got, ensure_ascii=False), flush=True)


if __name__ == "__main__":
    try:
        main()
    finally:
        for who in PLAYERS:
            if who.proc is not None and who.proc.poll() is None:
                who.kill()
