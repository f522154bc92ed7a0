"""The HTML pages, put together from the files in ``static/``: one shared head
(``_head.html``: charset, viewport, referrer policy, icon, style sheet and the page's
ES module), the card-suit sprite (``_sprite.svg``) where a page shows cards, and each
page's body (``index.html``: a table, ``lobby.html``: the lobby, ``logs.html``: the log
viewer)."""

from __future__ import annotations

from importlib import resources

#: page file -> the ES module (in ``static/``) that drives it
SCRIPTS = {"index.html": "app.js", "lobby.html": "lobby.js", "logs.html": "logs.js"}


def _read(name: str) -> str:
    return (resources.files("p2pcards.web") / "static" / name).read_text("utf-8")


def render_page(name: str, lang: str) -> str:
    """The whole HTML of page ``name`` (a key of :data:`SCRIPTS`) in language ``lang``
    (``"ru"``, anything else is English): the shared head with the page's module, then
    the page's body with ``{{sprite}}`` replaced by the suit sprite and ``{{lang}}`` by
    the language.  Raises ``KeyError`` for a name that is not a page."""
    script = SCRIPTS[name]
    body = _read(name).replace("{{sprite}}", _read("_sprite.svg").rstrip("\n"))
    html = _read("_head.html").replace("{{script}}", script) + body
    return html.replace("{{lang}}", "ru" if lang == "ru" else "en")
