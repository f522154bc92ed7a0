"""The three HTML pages are one shared head (``static/_head.html``) and the suit sprite
(``static/_sprite.svg``) put in front of each page's body: no browser needed."""

from __future__ import annotations

import re

import pytest

from p2pcards.web._pages import SCRIPTS, render_page


@pytest.mark.parametrize("name", sorted(SCRIPTS))
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_page_has_the_shared_head_and_its_own_module(name: str, lang: str) -> None:
    html = render_page(name, lang)
    assert html.startswith(f'<!doctype html>\n<html lang="{lang}">\n<head>\n')
    assert '<meta name="referrer" content="no-referrer">' in html
    assert re.findall(r'<script type="module" src="s/([^"]+)">', html) == [SCRIPTS[name]]
    assert html.count("<head>") == 1 and html.count("<body ") == 1
    assert f'<body data-lang="{lang}"' in html
    assert "{{" not in html and html.endswith("</body>\n</html>\n")


def test_the_pages_with_cards_carry_the_four_suits() -> None:
    suits = {n: re.findall(r'id="suit(\d)"', render_page(n, "en")) for n in SCRIPTS}
    assert suits == {"index.html": list("0123"), "logs.html": list("0123"), "lobby.html": []}


def test_an_unknown_page_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        render_page("_head.html", "en")
