"""Test helpers: Debian's headless Chromium through Playwright, and an offline table with
its page served from a trio run in a background thread."""

from __future__ import annotations

import os
import queue
import re
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import trio
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from p2pcards.games import load_game
from p2pcards.ui import seat_names
from p2pcards.web import OfflineTable, WebPage
from p2pcards.web._run import pick_bots, serve_offline

CHROMIUM = os.environ.get("P2PCARDS_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

ACTIONABLE = (
    "#dialog[open] .option, #seats .target, #hand .playable, #centre .playable, #actions .action"
)

END = "#end[open]"
"""The end-of-game dialog: clicking stops there (its button would start another game)."""


class Served:
    """An offline table and its page, running in a thread until :meth:`stop`."""

    def __init__(self, table: OfflineTable, lang: str) -> None:
        self.table = table
        self.lang = lang
        self._q: queue.Queue[Any] = queue.Queue()
        self._thread = threading.Thread(target=trio.run, args=(self._main,), daemon=True)
        self._thread.start()
        got = self._q.get(timeout=20)
        if isinstance(got, BaseException):
            raise got
        self.page: WebPage = got

    async def _main(self) -> None:
        self._token = trio.lowlevel.current_trio_token()
        try:
            async with trio.open_nursery() as n:
                self._cancel = n.cancel_scope
                page = await n.start(
                    lambda task_status: serve_offline(
                        self.table, lang=self.lang, task_status=task_status
                    )
                )
                self._q.put(page)
        except BaseException as e:  # surfaced to the test thread
            self._q.put(e)
            raise

    def call(self, fn: Callable[[], Any]) -> Any:
        """Run ``fn`` inside the server's trio thread and return its value."""
        return trio.from_thread.run_sync(fn, trio_token=self._token)

    def stop(self) -> None:
        """Stop the server and the table."""
        self.call(self._cancel.cancel)
        self._thread.join(timeout=10)


@contextmanager
def served(
    game_name: str,
    *,
    lang: str = "en",
    seed: int = 1,
    seats: int | None = None,
    bot_delay: float = 0.0,
    **options: Any,
) -> Iterator[Served]:
    """An offline table of ``game_name`` (seat 0 human, basic bots) with its page."""
    game = load_game(game_name, seats=seats, **options)
    names = seat_names(game.seats, 0, "Аня" if lang == "ru" else "Anna", lang)
    table = OfflineTable(
        game,
        human=0,
        bots=pick_bots(game, "basic", 0),
        names=names,
        seed=seed,
        bot_delay=bot_delay,
    )
    s = Served(table, lang)
    try:
        yield s
    finally:
        s.stop()


FIND = """([sels, stop]) => {
  if (stop && document.querySelector(stop)) return {stop: true};
  for (const sel of sels) {
    const e = document.querySelector(sel);
    if (!e) continue;
    e.scrollIntoView({block: "nearest"});
    const r = e.getBoundingClientRect();
    return {rev: document.body.dataset.rev, pick: document.body.dataset.pick || "",
            x: r.left + r.width / 2, y: r.top + r.height / 2};
  }
  return null;
}"""

CHANGED = """([rev, pick]) => document.body.dataset.rev !== rev
  || (document.body.dataset.pick || "") !== pick
  || !!document.querySelector('#dialog[open]')"""


def click_until(
    page: Any,
    done: Callable[[], bool],
    *,
    limit: int = 600,
    idle: float = 120.0,
    stop: str | None = None,
) -> int:
    """Click the first thing the player may use, in this order: a dialog option, a seat
    to give the card clicked to, a playable card in the hand, a face-down card to pick,
    an action button; until ``done()`` or the end-of-game dialog is open.  A click is a
    real mouse click at the element's centre; each waits for the page to show a newer
    screen, a step of handing cards out, or a dialog.  Returns the number of clicks.
    Fails after ``limit`` clicks, or when nothing changes on the page for ``idle``
    seconds (a table that stopped: the page's turn line is in the message).  A choice
    dialog its last click opened is closed (Escape) before it returns: it would take the
    next click meant for the page.

    The end dialog, and ``stop`` (another selector), end the clicking as soon as they
    match, checked in the same turn of the page's script as the search for what to click
    (``done()`` is a separate round trip: the end dialog could open between the two, and
    its "play again" was clicked: the end dialog closed and a new game began, a 30 s
    timeout in CI)."""
    sels = ACTIONABLE.split(", ")
    stop = END if stop is None else f"{END}, {stop}"
    clicks = 0
    while not done():
        assert clicks < limit, "the game did not get there by clicking"
        at = page.evaluate(FIND, [sels, stop])
        if at is not None and at.get("stop"):
            break
        if at is None:  # the others' turn: wait for a new screen (or something to click)
            rev = page.evaluate("document.body.dataset.rev")
            try:
                page.wait_for_function(
                    "([rev, sels]) => document.body.dataset.rev !== rev"
                    " || sels.some((s) => document.querySelector(s))",
                    arg=[rev, sels],
                    timeout=idle * 1000,
                    polling=50,
                )
            except PlaywrightTimeout:
                if done():
                    break
                turn = page.evaluate("document.getElementById('turn')?.textContent")
                body = page.evaluate("document.body?.innerText")
                raise AssertionError(
                    f"the table stopped for {idle} s: {turn!r} at {page.url}: {body!r:.600}"
                ) from None
            continue
        page.mouse.click(at["x"], at["y"])
        clicks += 1
        try:
            page.wait_for_function(
                CHANGED, arg=[at["rev"], at["pick"]], timeout=5000, polling="raf"
            )
        except PlaywrightTimeout:  # a LAN table under load: the entry is still on its way
            continue
    if page.evaluate("!!document.querySelector('#dialog[open]')"):
        page.keyboard.press("Escape")
        page.wait_for_function("() => !document.querySelector('#dialog[open]')")
    return clicks


LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


ALLOWED_LATIN = frozenset({"p2pcards", "English"})


def english_words(text: str, allowed: frozenset[str] = ALLOWED_LATIN) -> list[str]:
    """Words of two or more Latin letters in ``text`` (card ranks are single letters;
    the language switch says "English")."""
    return [w for w in LATIN_WORD.findall(text) if w not in allowed]
