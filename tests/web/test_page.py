"""The page itself: keyboard play, the language switch remembered, a phone-sized
window with nothing cut off, the page's weight."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from tests.web._browser import ALLOWED_LATIN, click_until, english_words, served
from tests.web.conftest import Console


def test_keyboard_plays_a_card_and_digits_pick_actions(context: Any, console: Console) -> None:
    with served("thousand", seed=5) as s:
        page = console.watch(context.new_page())
        page.goto(s.page.url)
        # Thousand opens with the auction: bids and pass are numbered buttons
        page.wait_for_selector("#actions .action")
        labels = page.eval_on_selector_all("#actions .action", "bs => bs.map(b => b.textContent)")
        rev = page.evaluate("document.body.dataset.rev")
        before = len(s.table.snapshot().history)
        page.keyboard.press("1")  # more than 9 calls: "1" opens the dialog listing them
        if labels == ["Choose…"]:
            page.wait_for_selector("#dialog[open] .option")
            options = page.eval_on_selector_all(
                "#dialog .option", "os => os.map(o => o.textContent)"
            )
            assert options[0].startswith("1. ") and len(options) > 9
            page.keyboard.press("1")
        page.wait_for_function("(r) => document.body.dataset.rev !== r", arg=rev)
        mine = [it.move for it in s.table.snapshot().history[before:] if it.move is not None]
        assert mine and mine[0].seat == 0
        # later, a card: arrows move the focus between playable cards, Enter plays it
        while not page.query_selector("#hand .playable"):
            if page.query_selector("#dialog[open] .option, #actions .action"):
                page.keyboard.press("1")
            page.wait_for_timeout(30)
        page.focus("#hand .playable")
        first = page.evaluate("document.activeElement.dataset.code")
        page.keyboard.press("ArrowRight")
        second = page.evaluate("document.activeElement.dataset.code")
        n = page.eval_on_selector_all("#hand .playable, #actions .action", "e => e.length")
        assert (first != second) == (n > 1)
        rev = page.evaluate("document.body.dataset.rev")
        page.keyboard.press("Enter")
        page.wait_for_function(
            "(r) => document.body.dataset.rev !== r || !!document.querySelector('#dialog[open]')",
            arg=rev,
        )
        page.close()
    assert console.errors == []


RUSSIAN_TITLE = "() => document.querySelector('#hand-title').textContent === 'Ваши карты'"


def test_language_switch_is_remembered(context: Any, console: Console) -> None:
    with served("akulina", seed=2, lang="en") as s:
        page = console.watch(context.new_page())
        page.goto(s.page.url)
        page.wait_for_selector("body[data-rev]")
        assert page.inner_text("#hand-title") == "Your hand"
        page.click("#langswitch")
        page.wait_for_function(
            "() => document.querySelector('#hand-title').textContent === 'Ваши карты'"
        )
        page.reload()
        page.wait_for_function(
            "() => document.querySelector('#hand-title').textContent === 'Ваши карты'"
        )
        names = ALLOWED_LATIN | set(s.table.names)  # the players' names stay as they are
        assert english_words(page.inner_text("body"), names) == []
        assert page.evaluate("document.documentElement.lang") == "ru"
        # ? opens the rules of the game in the page's language (docs/rules/akulina.ru.md)
        assert page.inner_text("#rules") == "Правила (?)"
        page.keyboard.press("?")
        page.wait_for_selector("#rules-dialog[open] #rules-body h2")
        assert "Колода и раздача" in page.inner_text("#rules-body h2")
        page.click("#rules-close")
        page.wait_for_selector("#rules-dialog:not([open])", state="attached")
        refused = page.request.get(page.url.split("?")[0].rstrip("/") + "/rules/poker/ru")
        assert refused.status == 404
        page.close()
    assert console.errors == []


def test_phone_sized_window(browser: Any, console: Console, screens: Path) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    try:
        with served("101", seats=4, seed=3) as s:
            page = console.watch(ctx.new_page())
            page.goto(s.page.url)
            page.wait_for_selector("#hand .card")
            overflow = page.evaluate(
                "document.documentElement.scrollWidth - document.documentElement.clientWidth"
            )
            assert overflow <= 0
            box = page.query_selector("#hand .card").bounding_box()
            assert box is not None and box["width"] >= 38  # readable at a glance
            page.screenshot(path=str(screens / "101-phone.png"), full_page=True)
            page.close()
    finally:
        ctx.close()
    assert console.errors == []


def test_page_weight_under_200_kb(context: Any) -> None:
    sizes: list[int] = []
    with served("sunduchki", seed=1) as s:
        page = context.new_page()
        page.on("response", lambda r: sizes.append(len(r.body())))
        page.goto(s.page.url)
        page.wait_for_selector("body[data-rev]")
        page.close()
    assert len(sizes) == 5  # the HTML, three modules, the style sheet: nothing from elsewhere
    assert sum(sizes) < 200_000


LOST = "() => !document.getElementById('banner').hidden"


def test_a_reopened_tab_finds_the_seat_and_a_stopped_server_says_so(
    context: Any, console: Console
) -> None:
    with served("101", seats=3, seed=4) as s:
        page = console.watch(context.new_page())
        page.goto(s.page.url)
        page.wait_for_selector("#hand .playable, #actions .action")
        click_until(page, lambda: len(s.table.snapshot().history) > 8, limit=20)
        page.wait_for_function(
            "(r) => document.body.dataset.rev === r", arg=str(s.table.snapshot().rev)
        )
        hand = page.eval_on_selector_all("#hand .card", "cs => cs.map(c => c.dataset.code)")
        page.close()  # the tab is closed; the seat waits
        page = console.watch(context.new_page())
        page.goto(s.page.url)
        page.wait_for_function(
            "(r) => document.body.dataset.rev === r", arg=str(s.table.snapshot().rev)
        )
        assert page.eval_on_selector_all("#hand .card", "cs => cs.map(c => c.dataset.code)") == hand
        assert [c.code for _, c in s.table.snapshot().view.hand] == [int(c) for c in hand]
        errors = list(console.errors)
    # the program is gone: the page stays as it was, with a message that says so
    page.wait_for_function(LOST, timeout=30000)
    assert page.inner_text("#banner").startswith("The connection to the game was lost.")
    assert page.query_selector("#hand .card") is not None
    page.close()
    assert errors == []  # (the browser logs each failed reconnection as an error)


def test_leaving_asks_first(context: Any, console: Console) -> None:
    with served("akulina", seats=3, seed=2) as s:
        page = console.watch(context.new_page())
        page.goto(s.page.url)
        page.wait_for_selector("#hand .card")
        page.click("#leave")
        page.wait_for_selector("#leave-dialog[open]")
        assert page.inner_text("#leave-text").startswith("The others are told that you left")
        page.click("#leave-no")  # stay
        page.wait_for_selector("#leave-dialog:not([open])", state="attached")
        assert not s.table.left
        page.click("#leave")
        page.click("#leave-yes")
        page.wait_for_function(
            "() => document.getElementById('alerts').textContent.startsWith('You left')"
        )
        assert s.table.left and s.table.snapshot().legal == ()
        assert page.is_hidden("#leave")
        page.close()
    assert console.errors == []


def test_a_choice_closes_when_a_newer_screen_makes_it_stale(context: Any, console: Console) -> None:
    """A choice dialog (a modal) opened on one screen while the seat's move is played
    elsewhere (another tab of the same seat) and the page gets only the newest screen, as
    the server sends it after a burst: the dialog must close, not offer the old screen's
    moves (their numbers name other moves now).  Each new screen is let through by hand
    here, so the page surely skips the one in between."""
    with served("akulina", seats=3, seed=2) as s:
        page = console.watch(context.new_page())
        held: list[Any] = []  # screens from the server not yet let through
        hold = [False]
        sockets: list[Any] = []  # the page's side of its socket

        def route(ws: Any) -> None:
            server = ws.connect_to_server()
            server.on_message(lambda m: held.append(m) if hold[0] else ws.send(m))
            sockets.append(ws)

        page.route_web_socket(re.compile(r"/ws$"), route)
        page.goto(s.page.url)
        while not s.table.snapshot().legal:
            page.wait_for_timeout(20)
        rev = s.table.snapshot().rev
        page.wait_for_function("(r) => document.body.dataset.rev === r", arg=str(rev))
        assert len(s.table.snapshot().legal) == 3  # three ways to discard her pairs
        page.click("#hand .playable")
        page.wait_for_selector("#dialog[open] .option")
        options = page.eval_on_selector_all("#dialog .option", "os => os.map(o => o.textContent)")
        hold[0] = True
        s.call(lambda: s.table.play(s.table.snapshot().legal[0]))  # (the other tab)
        while not s.table.snapshot().legal and s.table.snapshot().hand_over is None:
            page.wait_for_timeout(20)
        newest = s.table.snapshot().rev
        while not held or json.loads(held[-1])["screen"]["rev"] != newest:
            page.wait_for_timeout(20)  # (the newest screen reaches the route)
        hold[0] = False
        sockets[-1].send(held[-1])  # only the newest screen
        page.wait_for_function("(r) => document.body.dataset.rev === r", arg=str(newest))
        still = page.eval_on_selector_all(
            "#dialog[open] .option", "os => os.map(o => o.textContent)"
        )
        assert still == [], (options, still)
        page.close()
    assert console.errors == []
