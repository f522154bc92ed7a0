"""The terminal's input for a whole LAN command: one persistent reader of stdin.

:class:`Keyboard` reads stdin in one daemon thread for the life of the process and hands
each line to trio.  Every prompt of a LAN command (the unfinished-table question, the
confirmations, the ``play`` menu, the move menus) takes its line from it, so no prompt
leaves a thread blocked in ``input()`` that would swallow a later line.  While a seat
plays, a :class:`Keys` router owns it: a line typed at a prompt goes to the prompt; a line
typed while another player thinks goes to the front end's ``idle`` handler, so ``q`` and
Ctrl-D (end of input) leave the table at once, ``?`` shows the rules, and a number typed
early is not taken as an answer to a menu the player has not seen yet.
"""

from __future__ import annotations

import math
import sys
import threading
from collections import deque
from collections.abc import Awaitable, Callable
from typing import TextIO

import trio

Line = str | None
"""A line typed, without its newline; None once the input has ended (Ctrl-D, a closed
pipe)."""


class Keyboard:
    """Lines of ``stream`` (default stdin), read by one daemon thread started on the first
    :meth:`line` call.  A line that cannot be decoded counts as an empty one."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self._lock = threading.Lock()
        self._lines: deque[Line] = deque()
        self._eof = False
        self._wakes: list[tuple[trio.lowlevel.TrioToken, trio.Event]] = []
        self._thread: threading.Thread | None = None

    def _read(self) -> None:
        while True:
            try:
                text = self.stream.readline()
            except UnicodeDecodeError:
                text = "\n"
            except (OSError, ValueError):  # closed
                text = ""
            item = text.rstrip("\r\n") if text else None
            with self._lock:
                self._lines.append(item)
                wakes, self._wakes = self._wakes, []
            for token, event in wakes:
                try:
                    token.run_sync_soon(event.set)
                except trio.RunFinishedError:
                    pass
            if item is None:
                return

    async def line(self) -> Line:
        """The next line typed, or None at (and after) the end of input.  Cancelling the
        wait loses no line."""
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._read, name="p2pcards-stdin", daemon=True
                )
                self._thread.start()
        while True:
            with self._lock:
                if self._eof:
                    return None
                if self._lines:
                    item = self._lines.popleft()
                    self._eof = item is None
                    return item
                event = trio.Event()
                self._wakes.append((trio.lowlevel.current_trio_token(), event))
            await event.wait()


_keyboard: Keyboard | None = None


def keyboard() -> Keyboard:
    """The process's :class:`Keyboard` on the current ``sys.stdin`` (a new one when
    ``sys.stdin`` was replaced, as tests do)."""
    global _keyboard
    if _keyboard is None or _keyboard.stream is not sys.stdin:
        _keyboard = Keyboard(sys.stdin)
    return _keyboard


_router: Keys | None = None  # the Keys router running now (its prompts get the lines)


async def ask(prompt: str) -> Line:
    """Print ``prompt`` (no newline) and return the next line typed, stripped, or None at
    the end of input.  While a :class:`Keys` router runs (e.g. the lobby's, which reads
    ``q`` while the host waits for joiners) the line comes through it: a question asked
    then (the host's "let them in?") gets the answer, the router's ``idle`` the rest."""
    print(prompt, end="", flush=True)
    got = await (_router.line() if _router is not None else keyboard().line())
    return got.strip() if got is not None else None


Idle = Callable[[Line], None]
"""What a front end does with a line typed while no prompt is open (it may raise
``Quit``)."""


class Keys:
    """Routes the lines of ``source`` (default: :func:`keyboard`'s): to the open prompt
    (:meth:`line`), else to ``idle``.  :meth:`run` is the router's task; it ends after the
    end of input, which it passes on once (to the prompt or to ``idle``)."""

    def __init__(self, idle: Idle, source: Callable[[], Awaitable[Line]] | None = None) -> None:
        self.idle = idle
        self._source = source if source is not None else keyboard().line
        self._send, self._recv = trio.open_memory_channel[Line](math.inf)
        self.open = False
        """True while a prompt waits for its line."""
        self._eof = False

    async def run(self) -> None:
        """Read and route lines until the end of input (:func:`ask` asks through this
        router meanwhile)."""
        global _router
        outer, _router = _router, self
        try:
            while True:
                got = await self._source()
                if self.open:
                    self._send.send_nowait(got)
                else:
                    self.idle(got)
                if got is None:
                    self._eof = True
                    return
        finally:
            _router = outer

    async def line(self) -> Line:
        """The next line typed from now on (a prompt): lines typed before went to
        ``idle``.  None at the end of input."""
        while True:  # (left over from a prompt that was given up)
            try:
                self._recv.receive_nowait()
            except trio.WouldBlock:
                break
        if self._eof:
            return None
        self.open = True
        try:
            return await self._recv.receive()
        finally:
            self.open = False
