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
    entry may be (further ones are refused: the sender can send them again later);
    ``max_per_seat`` how many one seat's entries may take (default: no limit of its own),
    so that a seat flooding validly signed entries of its own
    fills only its share and never crowds out the other seats' entries."""

    def __init__(
        self, max_entries: int = 4096, max_ahead: int = 1024, max_per_seat: int | None = None
    ) -> None:
        self.max_entries = max_entries
        self.max_ahead = max_ahead
        self.max_per_seat = max_entries if max_per_seat is None else max_per_seat
        self._by_seq: dict[int, list[Entry]] = {}
        self._count = 0
        self._per_seat: dict[int, int] = {}

    def __len__(self) -> int:
        return self._count

    def add(self, entry: Entry, head_seq: int) -> bool:
        """Keep ``entry`` (already verified) if it is ahead of ``head_seq``, not held
        yet, not too far ahead and there is room.  Returns True if kept."""
        if entry.seq <= head_seq or self.refusal(entry, head_seq) is not None:
            return False
        same = self._by_seq.setdefault(entry.seq, [])
        if any(e.raw == entry.raw for e in same):
            return False
        same.append(entry)
        self._count += 1
        self._per_seat[entry.seat] = self._per_seat.get(entry.seat, 0) + 1
        return True

    def refusal(self, entry: Entry, head_seq: int) -> str | None:
        """Why :meth:`add` refuses ``entry`` with the log's head at ``head_seq`` (None
        when it is kept, or is a duplicate of one held, or not ahead of the head)."""
        if entry.seq <= head_seq:
            return None
        if entry.seq > head_seq + self.max_ahead:
            return (
                f"entry {entry.seq} is too far ahead of the log (head {head_seq}, at most "
                f"{self.max_ahead} ahead): dropped"
            )
        if self._count >= self.max_entries:
            return f"too many entries ahead of the log ({self._count}): entry {entry.seq} dropped"
        if self._per_seat.get(entry.seat, 0) >= self.max_per_seat:
            return (
                f"seat {entry.seat} already has {self.max_per_seat} entries ahead of the log: "
                f"entry {entry.seq} dropped"
            )
        return None

    def entries(self) -> list[Entry]:
        """Every entry held, by sequence number then arrival."""
        return [e for s in sorted(self._by_seq) for e in self._by_seq[s]]

    def take(self, seq: int) -> list[Entry]:
        """Remove and return every entry held for ``seq``, in arrival order (several
        when seats disagree: the caller decides which one the table expects, and an
        equivocation shows up when the others meet the log)."""
        got = self._by_seq.pop(seq, [])
        self._count -= len(got)
        for e in got:
            self._per_seat[e.seat] -= 1
        return got

    def drop_through(self, seq: int) -> list[Entry]:
        """Remove and return every entry held for sequence numbers up to ``seq`` (now in
        the log: pass them to ``Log.append`` to catch equivocations)."""
        out: list[Entry] = []
        for s in sorted(k for k in self._by_seq if k <= seq):
            out.extend(self.take(s))
        return out
