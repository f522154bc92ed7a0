"""The terminal's output, written without blocking the trio loop (issue 15 item 6).

A terminal whose output is paused (Ctrl-S, a user scrolling back in some terminals, a
full pipe) blocks every write to it; written from the trio thread, one blocked redraw
stopped the whole peer, its heartbeats too, and the others took it for gone.
:class:`BackgroundOut` takes the writes at once into a bounded buffer that a worker
thread writes out; when the buffer holds more than its bound, the screens drawn in
between are dropped (everything before the last "cursor home, erase below" that starts
a screen): only the latest screen matters.
"""

from __future__ import annotations

import io
import threading
from typing import TextIO

HOME_ERASE = "\x1b[H\x1b[J"
"""What starts every full-screen redraw (:data:`p2pcards.cli._tui._seat.HOME_ERASE`)."""

LIMIT = 1 << 20
"""Characters held at most before intermediate screens are dropped."""


class BackgroundOut(io.TextIOBase):
    """A text stream over ``raw`` whose :meth:`write` never blocks: a daemon thread
    writes what is buffered to ``raw`` (and flushes it).  ``limit``: characters held
    before the screens drawn in between are dropped (the latest screen and what follows
    it are kept; with no screen start in the buffer, its oldest part)."""

    def __init__(self, raw: TextIO, limit: int = LIMIT) -> None:
        super().__init__()
        self.raw = raw
        self.limit = limit
        self.dropped = 0
        """Characters dropped so far (screens nobody would have seen)."""
        self._buf: list[str] = []
        self._size = 0
        self._busy = False
        self._cond = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="terminal-out", daemon=True)
        self._thread.start()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        """The encoding of ``raw``."""
        return getattr(self.raw, "encoding", None) or "utf-8"

    def isatty(self) -> bool:
        """Whether ``raw`` is a terminal."""
        return self.raw.isatty()

    def fileno(self) -> int:
        """``raw``'s file descriptor (terminal size)."""
        return self.raw.fileno()

    def writable(self) -> bool:
        """Always True."""
        return True

    def write(self, s: str) -> int:
        """Buffer ``s`` for the writer thread; returns at once."""
        with self._cond:
            self._buf.append(s)
            self._size += len(s)
            if self._size > self.limit:
                self._shrink()
            self._cond.notify()
        return len(s)

    def _shrink(self) -> None:
        text = "".join(self._buf)
        at = text.rfind(HOME_ERASE)
        keep = text[at:] if at > 0 else text[-self.limit :]
        self.dropped += len(text) - len(keep)
        self._buf, self._size = [keep], len(keep)

    def flush(self) -> None:
        """Nothing to wait for (the writer thread flushes ``raw``): never blocks."""

    def drain(self, timeout: float | None = None) -> bool:
        """Wait until everything buffered was written (at most ``timeout`` seconds);
        True when it was.  Call it off the trio thread, or at the end (before other
        writes to the same terminal: lines printed after this stream's would come
        first)."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._buf and not self._busy, timeout)

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: bool(self._buf))
                text = "".join(self._buf)
                self._buf, self._size = [], 0
                self._busy = True
            try:
                self.raw.write(text)
                self.raw.flush()
            except (OSError, ValueError):
                pass  # (a closed terminal: nothing to show any more)
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()
