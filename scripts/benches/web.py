"""``scripts/bench web [--runs N]``: the browser page (docs/web.md), in Debian's headless
Chromium through Playwright.

- ``web_start``: from starting ``p2pcards play --offline akulina --no-browser`` (a new
  process) to the first card clickable in an already running browser (ms); also with
  the browser's own start (``browser_start``: launch included).  ``--bot-delay 0``, so
  the figure is the program's, not the bots' pacing.
- ``web_move_shown``: from a move applied (a bot's, or the player's) to the page saying
  it shows the new screen (after the next animation frame), in one game per game (ms).
- ``web_page_weight``: bytes the page loads without caching (HTML, modules, CSS).
- ``web_url``: from starting ``p2pcards play --offline akulina --no-browser`` to its URL
  printed (ms), the program's own start; with ``--against DIR`` (a checkout of another
  commit) the same for that code, the two run alternately (``code``: "this"/"against").
- ``web_start_cpu``: the CPU time (user + system, ms) of the same start up to the moment
  the page would be served (``trio.run`` stubbed), alternately for both codes: less
  sensitive to the machine's load than the wall times.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

from _util import emit
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.web._browser import CHROMIUM, CHROMIUM_ARGS, click_until, served  # noqa: E402

ARGV = ["--lang", "en", "play", "--offline", "akulina", "--no-browser", "--bot-delay", "0"]


def _start(code: Path) -> subprocess.Popen[str]:
    """``p2pcards play --offline akulina`` from the package in ``code`` (a checkout)."""
    run = f"import sys; sys.path.insert(0, {str(code)!r}); from p2pcards.cli import main; main()"
    return subprocess.Popen(
        [sys.executable, "-c", run, *ARGV, "--seed", "11"],
        stdout=subprocess.PIPE,
        text=True,
        cwd=code,
        env=dict(os.environ, P2PCARDS_LANG="en"),
    )


def _url(proc: subprocess.Popen[str]) -> str:
    assert proc.stdout is not None
    url = ""
    while not url.startswith("http"):
        line = proc.stdout.readline()
        if not line:
            raise RuntimeError("p2pcards play exited without printing the URL")
        url = line.strip()
    return url


def url_once(code: Path) -> float:
    """ms from starting the program in ``code`` to its URL printed."""
    t0 = time.perf_counter()
    proc = _start(code)
    try:
        _url(proc)
        return (time.perf_counter() - t0) * 1000
    finally:
        proc.terminate()
        proc.wait()


def cpu_once(code: Path) -> float:
    """CPU ms of ``play --offline akulina`` in ``code`` until the page would be served."""
    run = (
        f"import sys; sys.path.insert(0, {str(code)!r}); import trio; "
        f"trio.run = lambda *a, **k: None; from p2pcards.cli import main; main({ARGV!r})"
    )
    proc = subprocess.Popen([sys.executable, "-c", run], cwd=code, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    if status != 0:
        raise RuntimeError(f"the start in {code} failed ({status})")
    return (usage.ru_utime + usage.ru_stime) * 1000


def start_once(pw, browser, launch: bool) -> float:  # type: ignore[no-untyped-def]
    t0 = time.perf_counter()
    proc = _start(ROOT)
    try:
        url = _url(proc)
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS) if launch else browser
        page = b.new_page()
        page.goto(url)
        page.wait_for_selector("#hand .playable", timeout=20000)
        took = (time.perf_counter() - t0) * 1000
        page.close()
        if launch:
            b.close()
        return took
    finally:
        proc.terminate()
        proc.wait()


def main(argv: list[str]) -> None:
    p = argparse.ArgumentParser(prog="scripts/bench web")
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--against", type=Path, help="a checkout of other code for web_url")
    a = p.parse_args(argv)
    codes = {"this": ROOT} | ({"against": a.against.resolve()} if a.against else {})
    for bench, measure in (("web_url", url_once), ("web_start_cpu", cpu_once)):
        got: dict[str, list[float]] = {k: [] for k in codes}
        for _ in range(a.runs):
            for k, code in codes.items():  # alternately: the load changes alike for both
                got[k].append(measure(code))
        for k, values in got.items():
            emit(bench, "ms", values, game="akulina", code=k)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        warm = [start_once(pw, browser, False) for _ in range(a.runs)]
        emit("web_start", "ms", warm, game="akulina", browser="running")
        cold = [start_once(pw, browser, True) for _ in range(a.runs)]
        emit("web_start", "ms", cold, game="akulina", browser="browser_start")
        for game, seats in (("akulina", 4), ("thousand", 3), ("101", 4), ("sunduchki", 3)):
            with served(game, seats=seats, seed=9, bot_delay=0.05) as s:
                page = browser.new_page()
                page.goto(s.page.url)
                page.wait_for_selector("body[data-rev]")
                click_until(page, lambda s=s: s.table.snapshot().rev > 150 or bool(s.table.results))
                samples = [x * 1000 for x in s.page.latency.samples]
                page.close()
            emit("web_move_shown", "ms", samples, game=game, bot_delay_ms=50)
        page = browser.new_page()
        sizes: list[int] = []
        page.on("response", lambda r: sizes.append(len(r.body())) if r.ok else None)
        with served("thousand", seed=1) as s:
            page.goto(s.page.url)
            page.wait_for_selector("body[data-rev]")
            page.close()
        print(
            f'{{"bench": "web_page_weight", "unit": "bytes", "total": {sum(sizes)}, '
            f'"files": {len(sizes)}}}',
            flush=True,
        )
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1:])
