"""The web lobby in a real browser, inside a private network namespace (``unshare -rn
python tests/web/_lan_lobby.py OUT``; run by tests/web/test_lobby.py).

Brings loopback up; Boris hosts a table of 101 (two seats, one round) advertised on mDNS
on 127.0.0.1 and plays it with a bot; Anna's lobby (:class:`p2pcards.web._lobby.LobbyService`,
mDNS on 127.0.0.1) is served and opened in headless Chromium, which
1. sees Anna's name and fingerprint and Boris's table in the list (name, game, seats,
   host, fingerprint), switches to Russian (the page shows no English; a reload keeps it);
2. hosts Akulina for four with bots on the three empty seats (a level for each: Бот 2
   plays random moves), is taken to the table page, plays the hand by clicking to the
   end, goes back to the lobby;
3. joins Boris's table by typing its name, first says "do not join" when asked about
   Boris (the failure is shown in Russian), then joins, plays the round by clicking,
   goes back; opens both games in the log viewer;
4. hosts 101 for two with a bot and leaves the table from the table page at once: the
   bot is told (its log ends with Anna voted out for leaving); the lobby then offers
   that unfinished table (in Russian), and drops it.
Prints one JSON line with what the pages showed and the audits of the logs.
"""

from __future__ import annotations

import json
import queue
import random
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import trio

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from p2pcards.games import load_game  # noqa: E402
from p2pcards.identity import new_identity  # noqa: E402
from p2pcards.peer import host_table, run_bot  # noqa: E402
from p2pcards.web._lobby import LobbyService  # noqa: E402
from p2pcards.web._run import serve_lobby  # noqa: E402
from tests.web._browser import CHROMIUM, CHROMIUM_ARGS, click_until, english_words  # noqa: E402

LO = ["127.0.0.1"]
T0 = time.monotonic()
WAIT = 60_000  # ms: generous, for a loaded machine; every wait is on a condition


async def _boris(base: Path) -> None:
    game = load_game("101", seats=2, max_rounds=1)
    async with host_table(
        new_identity("Boris"),
        game,
        table_name="Boris 101",
        bind="127.0.0.1",
        interfaces=LO,
        base=base / "boris",
        open_table=True,
    ) as lobby:
        session = await lobby.started()
        await run_bot(session, "basic", random.Random(2))


async def _main(lobby: LobbyService, base: Path, q: queue.Queue[Any]) -> None:
    async with trio.open_nursery() as n:
        n.start_soon(_boris, base)
        page = await n.start(lambda task_status: serve_lobby(lobby, task_status=task_status))
        q.put(page)


def _audit(path: str) -> dict[str, Any]:
    from p2pcards.cli.audit import read_entries
    from p2pcards.table import audit_entries

    r = audit_entries(read_entries(Path(path)))
    return {"verdict": r.verdict, "result": r.result, "hands": list(r.hands_verified)}


WITHOUT_CODES = """() => { const fp = [...document.querySelectorAll('.fp')];
    fp.forEach((e) => { e.dataset.was = e.style.display; e.style.display = 'none'; });
    const text = document.body.innerText;
    fp.forEach((e) => { e.style.display = e.dataset.was; });
    return text; }"""
"""The page's text without fingerprints and table codes (letters, but no English)."""


def _say(*what: Any) -> None:
    print(f"{time.monotonic() - T0:7.2f}", *what, file=sys.stderr, flush=True)


def _keys(lobby: LobbyService) -> dict[str, str]:
    """Each seat's key at the lobby's last table, by name (hex)."""
    assert lobby.source is not None
    session = lobby.source.controller.session
    return {name: key.hex() for name, key in zip(session.names, session.peer_ids, strict=True)}


def _play_to_end(page: Any, lobby: LobbyService, out: Path, name: str) -> dict[str, Any]:
    """On the table page: click until the end dialog; what it shows, and the log's audit."""
    from playwright.sync_api import expect

    _say(name, "start", lobby.status, lobby.seated)

    page.wait_for_url("**/table", timeout=WAIT)
    page.wait_for_selector("body[data-rev]", timeout=WAIT)
    end = "#end[open]"
    clicks = click_until(page, lambda: bool(page.query_selector(end)), limit=3000, stop=end)
    _say(name, "clicked", clicks)
    expect(page.locator("#end[open]")).to_be_visible(timeout=WAIT)
    page.wait_for_function(
        "() => document.querySelector('.verdict').textContent.includes('✓')", timeout=WAIT
    )
    page.screenshot(path=str(out / f"lobby-{name}.png"))
    got = {
        "clicks": clicks,
        "shown": page.inner_text("#end-body"),
        "verdict": page.inner_text(".verdict"),
        "english": english_words(page.evaluate(WITHOUT_CODES), frozenset(ALLOWED)),
    }
    got["log_link"] = page.get_attribute("#end-body a.open-log", "href")
    expect(page.locator("#end-button")).to_be_visible(timeout=WAIT)
    page.click("#end-button")  # back to the lobby
    page.wait_for_url("**/", timeout=WAIT)
    page.wait_for_selector("body[data-status=over]", timeout=WAIT)
    got["status"] = page.inner_text("#status")
    ending = lobby.ending
    assert ending is not None
    got["names"] = list(ending.names)
    got["ending"] = {"status": ending.status, "result": ending.result}
    got["log"] = _audit(str(ending.log_path))
    got["log_id"] = Path(ending.log_path).stem
    got["keys"] = _keys(lobby)
    return got


def _log_viewer(page: Any, out: Path) -> dict[str, Any]:
    """From the lobby: the past games, the newest one opened and stepped through."""
    from playwright.sync_api import expect

    page.click("#logs-link")
    page.wait_for_url("**/logs", timeout=WAIT)
    expect(page.locator("#past a").first).to_be_visible(timeout=WAIT)
    got: dict[str, Any] = {"past": page.locator("#past a").all_inner_texts()}
    got["first"] = page.get_attribute("#past a", "data-id")
    page.click("#past a")
    page.wait_for_selector("body[data-loaded]", timeout=WAIT)
    got["verdict"] = page.inner_text("#verdict")
    got["hands"] = page.locator("#hands button").all_inner_texts()
    for i in range(3):
        page.click("#next")
        page.wait_for_selector(f"body[data-step='{i + 1}']", timeout=WAIT)
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("body[data-step='4']", timeout=WAIT)
    got["step"] = page.inner_text("#step-text")
    got["stepno"] = page.inner_text("#stepno")
    got["seat_cards"] = [
        page.locator(".seat-row").nth(i).locator(".card").count()
        for i in range(page.locator(".seat-row").count())
    ]
    got["entries"] = page.locator("#entry-table tr").count()
    got["entries_bad"] = page.locator("#entry-table tr.bad").count()
    got["english"] = english_words(page.inner_text("body"), frozenset(ALLOWED))
    page.screenshot(path=str(out / "lobby-log.png"), full_page=True)
    page.click("#back")
    page.wait_for_selector("body[data-status]", timeout=WAIT)
    return got


def _leave(page: Any, lobby: LobbyService, out: Path) -> dict[str, Any]:
    """Host 101 for two with a bot, leave from the table page (confirmed): what the page
    and the lobby then say, the bot's ending and log, the tables still offered as
    unfinished (the left one must not be: its "Go back to it" led to a dead table)."""
    from playwright.sync_api import expect

    from p2pcards.peer import unfinished_tables
    from p2pcards.web import _lobby

    before = len(lobby.bot_endings)  # (the Akulina table's bots)
    # the bot's copy of the table goes when the game ends (as host --bots's): kept here
    # for its audit below (test_lobby_bots.py checks that it goes)
    _lobby._remove_table_files = lambda *a: None  # type: ignore[attr-defined]
    page.select_option("#game", "101")
    page.select_option("#seats", "2")
    page.select_option("#bots", "1")
    page.click("#host-button")
    page.wait_for_url("**/table", timeout=WAIT)
    page.wait_for_selector("body[data-rev]", timeout=WAIT)
    _say("leave: at the table")
    page.click("#leave")
    expect(page.locator("#leave-dialog")).to_be_visible(timeout=WAIT)
    page.click("#leave-yes")
    page.wait_for_url("**/", timeout=WAIT)
    page.wait_for_selector("body[data-status=over]", timeout=WAIT)
    got: dict[str, Any] = {"status": page.inner_text("#status")}
    deadline = time.monotonic() + WAIT / 1000
    while len(lobby.bot_endings) == before and time.monotonic() < deadline:
        time.sleep(0.1)  # the bot votes Anna out as soon as she leaves (two seats)
    _say("leave: the bot ended", [e.status for e in lobby.bot_endings])
    [bot] = lobby.bot_endings[before:]
    got["bot_status"] = bot.status
    got["bot_abandoned"] = None
    if bot.abandoned is not None:
        got["bot_abandoned"] = [bot.abandoned.seat, bot.abandoned.reason]
    got["bot_log"] = _audit(bot.log_path)["verdict"]
    ending = lobby.ending
    assert ending is not None
    got["names"] = list(ending.names)
    got["ending"] = ending.status
    got["log"] = _audit(ending.log_path)["verdict"]
    got["offered"] = [u.short_id for u in unfinished_tables(lobby.identity, lobby.base)]
    got["shown"] = page.locator("#unfinishedbox").is_visible()
    got["keys"] = _keys(lobby)
    page.screenshot(path=str(out / "lobby-left.png"))
    return got


ALLOWED = {"p2pcards", "pcards", "English", "Anna", "Boris"}


def main() -> None:
    out = Path(sys.argv[1])
    subprocess.run(["ip", "link", "set", "lo", "up"], check=True)
    base = Path(tempfile.mkdtemp())
    me = new_identity("Anna")
    lobby = LobbyService(me, interfaces=LO, bind="127.0.0.1", base=base / "anna")
    q: queue.Queue[Any] = queue.Queue()
    t = threading.Thread(target=trio.run, args=(_main, lobby, base, q), daemon=True)
    t.start()
    served = q.get(timeout=60)
    from playwright.sync_api import expect, sync_playwright

    errors: list[str] = []
    got: dict[str, Any] = {"fingerprint": me.fingerprint}

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1024, "height": 700})
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on(  # where the page went, for a failure's story (stderr)
            "framenavigated",
            lambda f: (
                _say("page:", f.url.rsplit("/", 1)[-1] or "lobby", lobby.status)
                if f == page.main_frame
                else None
            ),
        )
        page.goto(served.url)
        expect(page.locator("#me-name")).to_have_text("Anna", timeout=WAIT)
        found = page.locator('tr.found[data-name="Boris 101"]')
        expect(found).to_be_visible(timeout=WAIT)
        got["row"] = found.locator("td").all_inner_texts()
        got["me_fp"] = page.inner_text("#me-fp")
        page.screenshot(path=str(out / "lobby-en.png"))
        # Russian, remembered over a reload; the lobby shows no English, the options'
        # names and values included (their labels, folded under "Другие правила")
        page.click("#langswitch")
        expect(page.locator("#tables-title")).to_have_text("Столы в сети", timeout=WAIT)
        page.reload()
        expect(page.locator("#tables-title")).to_have_text("Столы в сети", timeout=WAIT)
        expect(found).to_be_visible(timeout=WAIT)
        text = page.evaluate(
            """() => { const b = document.body.cloneNode(true);
                const names = '.fp, #tables td:first-child';
                b.querySelectorAll(names).forEach((e) => e.remove());
                return b.innerText; }"""
        )
        got["lobby_english"] = english_words(text, frozenset(ALLOWED))
        got["more_rules"] = page.evaluate(
            "() => [document.getElementById('options').open,"
            " document.querySelector('#options summary').textContent]"
        )
        page.screenshot(path=str(out / "lobby-ru.png"), full_page=True)
        # host Akulina for four, bots on the empty seats
        page.select_option("#game", "akulina")
        page.select_option("#seats", "4")
        page.select_option("#bots", "2")  # a level for each bot seat
        rows = "[...document.querySelectorAll('#levels .level-row')]"
        got["levels_two"] = page.evaluate(f"() => {rows}.length")
        page.select_option("#bots", "3")
        page.select_option('#levels select[data-bot="2"]', "random")
        got["levels_form"] = page.evaluate(
            f"""() => {rows}.map((r) => [r.querySelector('span').textContent,
                r.querySelector('select').selectedOptions[0].textContent])"""
        )
        page.click("#host-button")
        got["akulina"] = _play_to_end(page, lobby, out, "akulina")
        got["akulina"]["levels"] = list(lobby.last_host.levels or ()) if lobby.last_host else None
        # join Boris's table by its name
        page.fill("#join-target", "Boris")
        page.click("#join-button")
        ask = page.locator(".ask")  # Boris is new to Anna: she compares his fingerprint
        expect(ask).to_be_visible(timeout=WAIT)
        got["ask"] = ask.locator("p").inner_text()
        ask.locator("button.no").click()  # first not: the page says why, in Russian
        expect(page.locator("body[data-status=idle]")).to_be_attached(timeout=WAIT)
        expect(page.locator("#status")).not_to_be_empty(timeout=WAIT)
        got["refused"] = page.inner_text("#status")
        page.click("#join-button")
        expect(ask).to_be_visible(timeout=WAIT)
        ask.locator("button.yes").click()
        got["101"] = _play_to_end(page, lobby, out, "101")
        got["viewer"] = _log_viewer(page, out)
        got["left"] = _leave(page, lobby, out)
        browser.close()
    got["errors"] = errors
    print(json.dumps(got, ensure_ascii=False, default=str), flush=True)


if __name__ == "__main__":
    main()
