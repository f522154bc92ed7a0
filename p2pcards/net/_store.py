"""The log a mesh replicates, seen through :class:`LogStore`.

The mesh moves opaque entries (bytes) numbered 0, 1, 2, ...; it never interprets them.
The owner implements LogStore: it validates an offered entry and appends it, or only
queues it for later (the peer layer: the table state machine checks it in the session's
own task, then the session calls ``Mesh.announce()`` once its log grew).
:class:`MemoryLog` is a small in-memory implementation for tests, benchmarks and
scripts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol


class LogStore(Protocol):
    """What the mesh needs from the owner of the log.

    The log is a contiguous run of entries with sequence numbers 0..head().  All methods
    are called from the trio thread, synchronously; keep them quick (validate and append,
    or queue) and never let them raise for bad input: return False.  Never call back
    into the mesh from them.

    An optional attribute ``ahead`` (int, default 0) asks the mesh to offer entries up to
    ``head() + 1 + ahead`` too (an owner that queues them); others are ignored.
    """

    def head(self) -> int:
        """Highest sequence number held, or -1 when the log is empty."""
        ...

    def get(self, seq: int) -> bytes | None:
        """The entry at ``seq`` (0 <= seq <= head()), or None if not held."""
        ...

    def offer(self, seq: int, data: bytes) -> bool:
        """Take an entry received from a peer; ``seq == head()+1`` (up to ``ahead``
        further with that attribute).

        Return True if the entry was taken (appended now, or queued: then announce it
        once appended), False if refused (the mesh reports EntryRejected naming the peer
        that sent it).  The decision must depend only on the log and the entry, so
        honest peers agree.
        """
        ...


class MemoryLog:
    """An in-memory LogStore.

    ``validate(seq, data, log) -> bool`` (optional) decides whether an offered entry is
    valid; by default everything is.  ``append(data) -> seq`` adds a local entry (the app
    then calls ``Mesh.announce()``).  ``entries`` is the list of all entries.
    """

    def __init__(self, validate: Callable[[int, bytes, list[bytes]], bool] | None = None) -> None:
        self.entries: list[bytes] = []
        self._validate = validate

    def head(self) -> int:
        """Highest sequence number held, -1 when empty."""
        return len(self.entries) - 1

    def get(self, seq: int) -> bytes | None:
        """The entry at ``seq``, or None."""
        return self.entries[seq] if 0 <= seq < len(self.entries) else None

    def offer(self, seq: int, data: bytes) -> bool:
        """Append ``data`` as entry ``seq`` if it is the next one and valid."""
        if seq != len(self.entries):
            return False
        if self._validate is not None and not self._validate(seq, data, self.entries):
            return False
        self.entries.append(data)
        return True

    def append(self, data: bytes) -> int:
        """Append a local entry (no validation); return its sequence number."""
        self.entries.append(data)
        return len(self.entries) - 1
