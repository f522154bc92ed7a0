"""A screen at a time: long texts (the rules of a game, ``?``) shown page by page.

:func:`page` renders a rich renderable (e.g. the rules page as
:class:`rich.markdown.Markdown`) at the console's width, prints as many lines as fit
the console's height and asks before the next screen: Enter shows the next one, ``0``,
``q`` (anything typed) goes back to the game.  Input comes from the seat's ``read``
function (or, with :func:`paging`, from whoever drives the dialog), so it works wherever
the seat's prompts do; the end of input (Ctrl-D) and Ctrl-C are the caller's to handle,
as at any prompt.  :func:`tables_as_lists` writes a Markdown page's tables as lists
first, since a terminal of 80 columns would cut their cells.
"""

from __future__ import annotations

from collections.abc import Callable, Generator

from rich.console import Console, RenderableType
from rich.segment import Segment, Segments

from p2pcards.ui import Texts

MIN_PAGE = 5
"""Fewest lines on a screen, whatever the console's height says."""


def page_lines(console: Console, renderable: RenderableType) -> list[list[Segment]]:
    """``renderable`` rendered at ``console``'s width, one list of segments per line."""
    options = console.options.update(height=None)
    return console.render_lines(renderable, options, pad=False, new_lines=False)


def paging(
    console: Console,
    renderable: RenderableType,
    t: Texts,
    height: int | None = None,
) -> Generator[str, str | None, bool]:
    """:func:`page` as a dialog, for callers whose lines come from elsewhere (LAN play's
    one stdin reader): yields each prompt between screens and is sent the line typed
    (None, the end of input, raises EOFError); returns as :func:`page` does."""
    lines = page_lines(console, renderable)
    size = max(MIN_PAGE, height if height is not None else console.height - 1)
    pages = max(1, -(-len(lines) // size))
    for k in range(pages):
        chunk = lines[k * size : (k + 1) * size]
        console.print(Segments([s for line in chunk for s in (*line, Segment.line())]), end="")
        if k == pages - 1:
            return True
        prompt = t(
            "— page {page} of {pages}: Enter shows the next one; 0 or q, then Enter, goes back "
            "to the game —> ",
            page=k + 1,
            pages=pages,
        )
        got = yield prompt
        if got is None:
            raise EOFError
        if got.strip():
            return False
    return True


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
    dialog = paging(console, renderable, t, height)
    try:
        prompt = next(dialog)
        while True:
            prompt = dialog.send(read(prompt))
    except StopIteration as done:
        return bool(done.value)


def tables_as_lists(text: str) -> str:
    """``text`` (Markdown) with every table written as a bulleted list, one item a row
    (a narrow terminal cannot show a wide table without cutting its cells): a row of
    two columns is "- FIRST — SECOND", of more "- FIRST: HEADER2 SECOND; HEADER3
    THIRD; …" (the header of each cell before it).  Other lines are kept."""
    out: list[str] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        if not _is_row(lines[i]) or i + 1 >= len(lines) or not _is_rule(lines[i + 1]):
            out.append(lines[i])
            i += 1
            continue
        header = _cells(lines[i])
        i += 2
        while i < len(lines) and _is_row(lines[i]):
            row = _cells(lines[i])
            if len(row) == 2:
                out.append(f"- {row[0]} — {row[1]}")
            else:
                rest = "; ".join(
                    f"{h}: {c}" for h, c in zip(header[1:], row[1:], strict=False) if c
                )
                out.append(f"- {row[0]}: {rest}")
            i += 1
    return "\n".join(out) + ("\n" if text.endswith("\n") else "")


def _is_row(line: str) -> bool:
    return line.lstrip().startswith("|")


def _is_rule(line: str) -> bool:
    return _is_row(line) and set(line.strip()) <= set("|-: ")


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]
