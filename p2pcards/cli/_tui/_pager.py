"""A screen at a time: long texts (the rules of a game, ``?``) shown page by page.

:func:`page` renders a rich renderable (e.g. the rules page as
:class:`rich.markdown.Markdown`) at the console's width, prints as many lines as fit
the console's height and asks before the next screen: Enter shows the next one, ``0``,
``q`` (anything typed) goes back to the game.  Input comes from the seat's ``read``
function, so it works wherever the seat's prompts do; the end of input (Ctrl-D) and
Ctrl-C are the caller's to handle, as at any prompt.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console, RenderableType
from rich.segment import Segment, Segments

from p2pcards.ui import Texts

MIN_PAGE = 5
"""Fewest lines on a screen, whatever the console's height says."""


def page_lines(console: Console, renderable: RenderableType) -> list[list[Segment]]:
    """``renderable`` rendered at ``console``'s width, one list of segments per line."""
    options = console.options.update(height=None)
    return console.render_lines(renderable, options, pad=False, new_lines=False)


def page(
    console: Console,
    read: Callable[[str], str],
    renderable: RenderableType,
    t: Texts,
    height: int | None = None,
) -> bool:
    """Show ``renderable`` on ``console`` a screen at a time.

    ``height``: lines per screen (default: the console's height less one for the
    prompt, at least :data:`MIN_PAGE`).  Between screens asks with ``read`` (the
    prompt says the page number out of the total, in ``t``'s language): an empty line
    shows the next screen; anything else (``0``, ``q``) stops.  EOFError and
    KeyboardInterrupt from ``read`` propagate.  Returns True when every screen was
    shown, False when the reader stopped early.
    """
    lines = page_lines(console, renderable)
    size = max(MIN_PAGE, height if height is not None else console.height - 1)
    pages = max(1, -(-len(lines) // size))
    for k in range(pages):
        chunk = lines[k * size : (k + 1) * size]
        console.print(Segments([s for line in chunk for s in (*line, Segment.line())]), end="")
        if k == pages - 1:
            return True
        prompt = t(
            "— page {page} of {pages}: Enter shows the next one, 0 or q goes back to the game —> ",
            page=k + 1,
            pages=pages,
        )
        if read(prompt).strip():
            return False
    return True
