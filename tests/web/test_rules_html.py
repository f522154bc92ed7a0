"""The table page's rules dialog shows the same pages as ``?`` in the terminal, rendered
to HTML with raw HTML off (no browser needed; the dialog itself is clicked in
tests/web/test_page.py)."""

from __future__ import annotations

import pytest

from p2pcards.ui._rules import rules_document
from p2pcards.web._rules import MARKDOWN, rules_html


@pytest.mark.parametrize(
    ("game", "lang", "section"),
    [
        ("akulina", "ru", "<h2>Колода и раздача</h2>"),
        ("akulina", "en", "<h2>Deck and deal («Подготовка и раздача»)</h2>"),
        ("thousand", "ru", "<h2>Колода и стоимость карт</h2>"),
    ],
)
def test_the_rules_page_as_html(game: str, lang: str, section: str) -> None:
    html = rules_html(game, lang)
    title = rules_document(game, lang).splitlines()[0].removeprefix("# ")
    assert html.startswith(f"<h1>{title}</h1>") and section in html
    assert "<table>" in html and "<td><code>forfeit</code></td>" in html  # the options table


def test_raw_html_in_a_page_is_shown_as_text_and_an_unknown_game_is_refused() -> None:
    assert MARKDOWN.render("a <script>x()</script> <b>b</b>") == (
        "<p>a &lt;script&gt;x()&lt;/script&gt; &lt;b&gt;b&lt;/b&gt;</p>\n"
    )
    with pytest.raises(ValueError, match="poker"):
        rules_html("poker", "en")
