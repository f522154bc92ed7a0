"""An optional timing trace of a Session, off by default (for ``scripts/bench lan``).

With the environment variable ``P2PCARDS_TRACE`` set to a file path, a Session appends
one JSON object per line to that file:

- ``{"ev": "start", "t": T, "seat": S, "seats": N, "pid": P}`` when it starts;
- ``{"ev": "signed", "t": T, "seq": Q, "kind": K}`` when its table has signed entry ``Q``
  (taken as the session gets the table's outputs, before it persists the secrets the
  entry depends on and sends it);
- ``{"ev": "applied", "t": T, "seq": Q, "kind": K, "seat": A, "hand": H}`` when entry
  ``Q`` (written by seat ``A``, transcript hand ``H``) is in its log and applied.

``T`` is ``time.monotonic()`` in seconds: on one machine (Linux), every process reads the
same clock, so traces of several peers can be compared.  Every event also carries ``"c"``,
the CPU time of the process so far (``time.process_time()``, seconds, all threads), taken
with ``T``: the CPU a peer spent between two of its events, whatever the load.  Lines are
buffered in memory and written when the session ends (and every few thousand lines), so
tracing adds no system call to the hot path.
"""

from __future__ import annotations

import json
import os
import time
from typing import Any

ENV_TRACE = "P2PCARDS_TRACE"


class Trace:
    """A trace file (see the module docstring).  ``Trace.from_env()`` is None when the
    variable is not set."""

    FLUSH_EVERY = 4096

    def __init__(self, path: str) -> None:
        self.path = path
        self._lines: list[str] = []

    @classmethod
    def from_env(cls) -> Trace | None:
        """The trace named by ``P2PCARDS_TRACE``, or None (tracing off)."""
        path = os.environ.get(ENV_TRACE)
        return cls(path) if path else None

    def event(self, ev: str, t: float | None = None, c: float | None = None, **fields: Any) -> None:
        """Record ``ev`` at time ``t`` and process CPU time ``c`` (default: now,
        ``time.monotonic()`` and ``time.process_time()``) with ``fields``."""
        now = time.monotonic() if t is None else t
        cpu = time.process_time() if c is None else c
        self._lines.append(json.dumps({"ev": ev, "t": now, "c": cpu, **fields}))
        if len(self._lines) >= self.FLUSH_EVERY:
            self.flush()

    def flush(self) -> None:
        """Write the buffered lines (append)."""
        if self._lines:
            with open(self.path, "a", encoding="utf-8") as f:
                f.write("\n".join(self._lines) + "\n")
            self._lines = []
