"""Entries that arrived early: kept, bounded, until the log reaches them.

Gossip delivers entries in any order.  An entry beyond the log's next sequence number
(a :class:`~p2pcards.transcript.SequenceGap`) is not a cheat; the table keeps it here
and takes it back when its turn or round comes.  Bounded so that a hostile peer
flooding far-future entries cannot exhaust memory.
"""

from __future__ import annotations

from p2pcards.transcript._entry import Entry


class Pending:
    """Verified entries waiting for their sequence number, deduplicated by bytes.

    ``max_entries`` bounds how many are held; ``max_ahead`` how far beyond the head an
    entry may be (further ones are refused: the sender can send them again later)."""

    def __init__(self, max_entries: int = 4096, max_ahead: int = 1024) -> None:
        self.max_entries = max_entries
        self.max_ahead = max_ahead
        self._by_seq: dict[int, list[Entry]] = {}
        self._count = 0

    def __len__(self) -> int:
        return self._count

    def add(self, entry: Entry, head_seq: int) -> bool:
        """Keep ``entry`` (already verified) if it is ahead of ``head_seq``, not held
        yet, not too far ahead and there is room.  Returns True if kept."""
        if not head_seq < entry.seq <= head_seq + self.max_ahead:
            return False
        if self._count >= self.max_entries:
            return False
        same = self._by_seq.setdefault(entry.seq, [])
        if any(e.raw == entry.raw for e in same):
            return False
        same.append(entry)
        self._count += 1
        return True

    def take(self, seq: int) -> list[Entry]:
        """Remove and return every entry held for ``seq``, in arrival order (several
        when seats disagree: the caller decides which one the table expects, and an
        equivocation shows up when the others meet the log)."""
        got = self._by_seq.pop(seq, [])
        self._count -= len(got)
        return got

    def drop_through(self, seq: int) -> list[Entry]:
        """Remove and return every entry held for sequence numbers up to ``seq`` (now in
        the log: pass them to ``Log.append`` to catch equivocations)."""
        out: list[Entry] = []
        for s in sorted(k for k in self._by_seq if k <= seq):
            out.extend(self.take(s))
        return out
