"""Whole games on the page in Russian, as a newcomer plays them (issue 15): 101 against
three bots by clicking, every screen free of English; and the end of a long Thousand
game against two bots, whose result must be in sight (the 30-hand score sheet pushed it
out of the end dialog's top: the winner was not on the screen, only the sheet's last
rows and "Играть ещё")."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from p2pcards.web._present import presenter
from tests.web._browser import click_until, english_words, served
from tests.web.conftest import Console

TEXT = """() => { const b = document.body.cloneNode(true);
  b.querySelectorAll('#code, #langswitch').forEach((e) => e.remove());
  return b.innerText; }"""
"""The page's text without the table code and the language switch ("English")."""

IN_SIGHT = """() => {
  const d = document.getElementById('end').getBoundingClientRect();
  const seen = (e) => { const r = e.getBoundingClientRect();
    return r.top >= d.top && r.bottom <= d.bottom && r.top >= 0 && r.bottom <= innerHeight; };
  const box = document.querySelector('#end-body .sheetbox');
  const rows = box.querySelectorAll('tr');
  const last = rows[rows.length - 1].getBoundingClientRect(), b = box.getBoundingClientRect();
  return { result: [...document.querySelectorAll('#end-body > p')].map(seen),
           button: seen(document.getElementById('end-button')),
           last_row: last.top >= b.top && last.bottom <= b.bottom + 1, rows: rows.length }; }"""


def test_101_whole_game_against_three_bots_in_russian(
    context: Any, console: Console, screens: Path
) -> None:
    with served("101", lang="ru", seats=4, seed=3) as s:
        page = console.watch(context.new_page())
        page.goto(s.page.url)
        page.wait_for_selector("body[data-rev]")
        english: dict[str, str] = {}
        shown = [""]

        def done() -> bool:  # every screen the clicks pass through, read for English
            rev = page.evaluate("document.body.dataset.rev")
            if rev != shown[-1]:
                shown.append(rev)
                text = page.evaluate(TEXT)
                english.update({w: text[:200] for w in english_words(text)})
            return bool(s.table.results)

        clicks = click_until(page, done, limit=2000)
        page.wait_for_selector("#end[open]")
        end = page.inner_text("#end")
        page.screenshot(path=str(screens / "101-whole-ru.png"))
        page.close()
    assert clicks > 10 and len(shown) > 10
    assert english == {} and english_words(end) == []
    [result] = s.table.results
    for line in presenter("101", "ru", {}).result_lines(result, s.table.names):
        assert line in end
    assert "Раунд" in end and "Играть ещё" in end
    assert console.errors == []


def test_a_long_thousand_game_ends_with_its_result_in_sight(
    context: Any, console: Console, screens: Path
) -> None:
    with served("thousand", lang="ru", seats=3, seed=5) as s:
        # Anna's moves straight to the table, the first legal one each time (by clicking,
        # this whole game takes 340 clicks and 30 s: done once, by hand)
        deadline = time.monotonic() + 120
        while not s.table.results and time.monotonic() < deadline:
            snap = s.call(s.table.snapshot)
            if snap.legal:
                s.call(lambda snap=snap: s.table.play(snap.legal[0]))
            elif snap.hand_over is not None:
                s.call(s.table.continue_hand)
            else:
                time.sleep(0.002)
        [result] = s.table.results
        assert result["hands"] >= 20  # a sheet longer than the window
        page = console.watch(context.new_page())
        page.goto(s.page.url)
        page.wait_for_selector("#end[open]")
        sight = page.evaluate(IN_SIGHT)
        end = page.inner_text("#end")
        page.screenshot(path=str(screens / "thousand-end-ru.png"))
        for w, h in ((390, 844), (1280, 720)):
            page.set_viewport_size({"width": w, "height": h})
            assert page.evaluate(IN_SIGHT) | {"rows": 0} == sight | {"rows": 0}, (w, h)
        page.close()
    assert sight == {
        "result": [True] * len(sight["result"]),
        "button": True,
        "last_row": True,
        "rows": result["hands"] + 1,
    }
    assert len(sight["result"]) == 3
    for line in presenter("thousand", "ru", {}).result_lines(result, s.table.names):
        assert line in end
    assert english_words(end) == []
    assert console.errors == []
