"""The log of one table: the ordered, verified entries from the genesis on."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from p2pcards.transcript._entry import (
    Entry,
    Head,
    check_follows,
    round_link,
    sign_entry,
    verify_entry,
)
from p2pcards.transcript._equivocation import Equivocation
from p2pcards.transcript._errors import (
    BadGenesis,
    EquivocationError,
    OutOfTurn,
    SequenceGap,
    WrongTable,
)
from p2pcards.transcript._genesis import (
    ACCEPT_KIND,
    accept_round,
    check_accept,
    verify_genesis,
)
from p2pcards.transcript._round import Round


class Log:
    """The entries of one table in order, each verified and chained to the one before.

    Built from the genesis entry (bytes or a verified :class:`Entry`); entries
    1..n-1 must be the accepts of seats 1..n-1 (:attr:`started` tells when they are
    all in).  Which seat may write the next entry is the table state machine's
    business: it checks that before calling :meth:`append` (or appends a completed
    :class:`Round` with :meth:`append_round`).  Pure: no I/O, no clock.
    """

    def __init__(self, genesis: bytes | Entry, host_key: Ed25519PublicKey | None = None) -> None:
        raw = genesis.raw if isinstance(genesis, Entry) else genesis
        entry, self.genesis = verify_genesis(raw, host_key)
        self.table: bytes = entry.table
        self.keys: dict[int, Ed25519PublicKey] = self.genesis.keys()
        self._entries: list[Entry] = [entry]
        self._links: list[bytes] = [entry.hash]  # each entry's link (what follows names)
        self.equivocations: list[Equivocation] = []
        """Every equivocation seen, in the order found (both entries kept)."""

    @classmethod
    def replay(cls, entries: Iterable[bytes], host_key: Ed25519PublicKey | None = None) -> Log:
        """Rebuild a log from signed entries in log order (e.g. the ENTRY records of a
        log file): the first is the genesis, each next one is appended.  Raises the
        first error met (its ``seat`` and, where it has one, ``seq`` say where);
        exact duplicates are skipped."""
        it = iter(entries)
        first = next(it, None)
        if first is None:
            raise BadGenesis(None, "empty log: no genesis")
        log = cls(first, host_key)
        for data in it:
            log.append(data)
        return log

    # -- reading -----------------------------------------------------------------

    @property
    def seats(self) -> int:
        """Number of seats at the table."""
        return len(self.genesis.seats)

    @property
    def head(self) -> Head:
        """(sequence number, link) of the last entry: the link is the ``prev`` that an
        entry following it carries, the entry's hash or, when it ends a run of two or
        more contributions of a round, their :func:`~p2pcards.transcript.round_link`."""
        return Head(len(self._entries) - 1, self._links[-1])

    def link(self, seq: int) -> bytes:
        """The link of entry ``seq`` (see :attr:`head`)."""
        return self._links[seq]

    def knows(self, prev: bytes) -> bool:
        """True when ``prev`` is the hash or the link of an entry of this log (an entry
        naming it was signed on this log's history, in whatever place)."""
        return prev in self._links or any(e.hash == prev for e in self._entries)

    @property
    def last(self) -> Entry:
        """The last entry."""
        return self._entries[-1]

    @property
    def started(self) -> bool:
        """True once every seat has accepted the genesis."""
        return len(self._entries) >= self.seats

    def __len__(self) -> int:
        return len(self._entries)

    def __getitem__(self, seq: int) -> Entry:
        return self._entries[seq]

    def __iter__(self) -> Iterator[Entry]:
        return iter(self._entries)

    def entries_since(self, seq: int) -> list[bytes]:
        """Signed bytes of every entry with sequence number > ``seq`` (``-1`` for all),
        in order: what a peer whose head is ``seq`` lacks."""
        return [e.raw for e in self._entries[max(seq + 1, 0) :]]

    def verify(self, data: bytes, *, hand: int | None = None) -> Entry:
        """Verify ``data`` as an entry of this table (signature by its seat's identity
        key, table id, optional hand), without appending it.  Raises the errors of
        :func:`verify_entry`."""
        return verify_entry(data, self.keys, table=self.table, hand=hand)

    # -- writing -----------------------------------------------------------------

    def sign_next(
        self, key: Ed25519PrivateKey, seat: int, kind: str, body: Any, hand: int
    ) -> Entry:
        """Sign (not append) the entry ``seat`` writes after the current head."""
        return sign_entry(
            key,
            table=self.table,
            hand=hand,
            seq=self.head.seq + 1,
            prev=self.head.hash,
            seat=seat,
            kind=kind,
            body=body,
        )

    def open_round(self, seats: Iterable[int], kind: str, hand: int) -> Round:
        """A :class:`Round` anchored at the current head, verifying bytes with this
        table's keys.  For the accepts of the genesis use :meth:`accept_round`."""
        return Round(
            table=self.table, hand=hand, kind=kind, anchor=self.head, seats=seats, keys=self.keys
        )

    def accept_round(self) -> Round:
        """The round of accepts of seats 1..n-1 (valid only before any is appended)."""
        rnd = accept_round(self._entries[0], self.seats)
        rnd.keys = self.keys
        return rnd

    def append(self, item: bytes | Entry) -> Entry | None:
        """Append the next entry (bytes are verified first; an :class:`Entry` must
        come from :func:`verify_entry` or :func:`sign_entry`).

        Returns the entry, or ``None`` if these exact bytes are already in the log.
        Raises the errors of :func:`verify_entry` and :func:`check_follows`:
        :class:`SequenceGap` when entries are missing before it (keep it and fill the
        gap), :class:`EquivocationError` when its seat already wrote a different entry
        at that sequence number (the proof is kept in :attr:`equivocations`),
        :class:`OutOfTurn` when another seat holds that sequence number or an accept is
        out of place, :class:`BadGenesis` for a bad accept."""
        entry = item if isinstance(item, Entry) else self.verify(item)
        head = self.head
        if entry.table != self.table:
            raise WrongTable(entry.seat, self.table, entry.table)
        if entry.seq <= head.seq:
            held = self._entries[entry.seq]
            if held.raw == entry.raw:
                return None
            if held.seat == entry.seat:
                proof = Equivocation.of(held, entry)
                if all(p.second.raw != entry.raw for p in self.equivocations):
                    self.equivocations.append(proof)
                raise EquivocationError(proof, entry.seat, entry.seq)
            raise OutOfTurn(
                entry.seat, entry.seq, f"sequence {entry.seq} was written by seat {held.seat}"
            )
        if entry.seq > head.seq + 1:
            raise SequenceGap(entry.seat, head.seq + 1, entry.seq)
        if entry.seq < self.seats:  # the accepts of the genesis
            if entry.kind != ACCEPT_KIND or entry.seat != entry.seq or entry.hand != 0:
                raise OutOfTurn(
                    entry.seat,
                    entry.seq,
                    f"sequence {entry.seq} is reserved for the accept of seat {entry.seq}",
                )
            check_accept(entry, self._entries[0])
        elif entry.kind == ACCEPT_KIND:
            raise OutOfTurn(entry.seat, entry.seq, "the genesis is already accepted")
        last = self.last
        check_follows(last, entry, self._links[-1])
        if entry.prev == self._links[-1]:
            link = entry.hash
        else:  # a later contribution of a round: the link commits to the whole run
            first = len(self._entries) - 1
            while first > 1 and self._entries[first - 1].prev == entry.prev:
                first -= 1
            link = round_link([e.hash for e in self._entries[first:]] + [entry.hash])
        self._entries.append(entry)
        self._links.append(link)
        return entry

    def append_round(self, rnd: Round) -> list[Entry]:
        """Append a complete round's contributions in seat order.  The round must be
        anchored at the current head.  Returns the entries appended.  Raises
        ``ValueError`` (round incomplete or anchored elsewhere) or the errors of
        :meth:`append`."""
        if rnd.anchor != self.head:
            raise ValueError(f"round anchored at {rnd.anchor.seq}, head is {self.head.seq}")
        entries = rnd.ordered()
        for e in entries:
            self.append(e)
        return entries
