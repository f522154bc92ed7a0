"""Rounds: contributions that several seats make at once, put in seat order.

When the table asks several seats for something at the same moment (seat keys,
decryption shares, the end-of-hand showdown, votes, the accepts of a genesis), it opens a
round on the current head (the *anchor*).  Each participating seat signs its contribution
with ``prev = anchor.hash`` (the head's link: ``Log.head``) and the sequence number
``anchor.seq + 1 + i`` where ``i`` is its rank among the participants sorted by seat.
Contributions are collected in whatever order they arrive (duplicates ignored) and
appended in seat order, so every honest peer holds the same bytes
(``protocol/transcript.md``, "Rounds"); the entry after them names their
:func:`~p2pcards.transcript.round_link`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from p2pcards.transcript._entry import Entry, Head, KeyLookup, sign_entry, verify_entry
from p2pcards.transcript._equivocation import Equivocation
from p2pcards.transcript._errors import (
    BrokenChain,
    EquivocationError,
    OutOfTurn,
    WrongHand,
    WrongSequence,
    WrongTable,
)


def round_seqs(anchor_seq: int, seats: Iterable[int]) -> dict[int, int]:
    """The sequence number of each participating seat in a round anchored at
    ``anchor_seq``: ``anchor_seq + 1 + rank`` in ascending seat order.

    >>> round_seqs(10, [3, 1, 2])
    {1: 11, 2: 12, 3: 13}
    """
    return {s: anchor_seq + 1 + i for i, s in enumerate(sorted(set(seats)))}


class Round:
    """Collects one contribution of ``kind`` for ``hand`` from each seat of ``seats``,
    anchored at ``anchor`` (the log head when the round opened).

    ``keys`` (if given) lets :meth:`offer` take raw bytes.  Use :meth:`offer` for each
    contribution received (in any order, duplicates allowed), :attr:`complete` to know
    when all are in, and :meth:`ordered` for the entries to append, in seat order.
    """

    def __init__(
        self,
        *,
        table: bytes,
        hand: int,
        kind: str,
        anchor: Head,
        seats: Iterable[int],
        keys: KeyLookup | None = None,
    ) -> None:
        self.table = table
        self.hand = hand
        self.kind = kind
        self.anchor = anchor
        self.seqs = round_seqs(anchor.seq, seats)
        if not self.seqs:
            raise ValueError("a round needs at least one seat")
        self.keys = keys
        self._got: dict[int, Entry] = {}
        self.equivocations: list[Equivocation] = []

    @property
    def seats(self) -> tuple[int, ...]:
        """The participating seats, ascending."""
        return tuple(self.seqs)

    @property
    def missing(self) -> tuple[int, ...]:
        """Seats whose contribution has not arrived yet, ascending."""
        return tuple(s for s in self.seqs if s not in self._got)

    @property
    def complete(self) -> bool:
        """True when every participating seat has contributed."""
        return len(self._got) == len(self.seqs)

    def get(self, seat: int) -> Entry | None:
        """The contribution of ``seat``, if it has arrived."""
        return self._got.get(seat)

    def sign(self, key: Ed25519PrivateKey, seat: int, body: Any) -> Entry:
        """Sign ``seat``'s own contribution (not offered: pass it to :meth:`offer`)."""
        if seat not in self.seqs:
            raise ValueError(f"seat {seat} is not in this round")
        return sign_entry(
            key,
            table=self.table,
            hand=self.hand,
            seq=self.seqs[seat],
            prev=self.anchor.hash,
            seat=seat,
            kind=self.kind,
            body=body,
        )

    def offer(self, item: bytes | Entry) -> bool:
        """Take one contribution.  Bytes are verified with ``keys`` first.

        Returns True if it is new, False for a duplicate of one already held.  Raises
        the errors of :func:`verify_entry`, :class:`WrongTable`, :class:`WrongHand`,
        :class:`OutOfTurn` (seat not in the round, or another kind),
        :class:`WrongSequence` (not the seat's sequence number), :class:`BrokenChain`
        (not anchored at this round's anchor), and :class:`EquivocationError` when the
        seat already contributed something else (the proof is also kept in
        :attr:`equivocations`; the first contribution stays)."""
        if isinstance(item, Entry):
            entry = item
        else:
            if self.keys is None:
                raise TypeError("this round has no keys: offer verified entries")
            entry = verify_entry(item, self.keys)
        seat = entry.seat
        if entry.table != self.table:
            raise WrongTable(seat, self.table, entry.table)
        if entry.hand != self.hand:
            raise WrongHand(seat, self.hand, entry.hand)
        if seat not in self.seqs:
            raise OutOfTurn(seat, entry.seq, f"seat {seat} is not in this {self.kind} round")
        if entry.kind != self.kind:
            raise OutOfTurn(seat, entry.seq, f"{entry.kind!r} in a {self.kind!r} round")
        if entry.seq != self.seqs[seat]:
            raise WrongSequence(seat, self.seqs[seat], entry.seq, "its place in the round")
        if entry.prev != self.anchor.hash:
            raise BrokenChain(seat, entry.seq, "contribution not anchored at the round's anchor")
        held = self._got.get(seat)
        if held is not None:
            if held.raw == entry.raw:
                return False
            proof = Equivocation.of(held, entry)
            if all(p.second.raw != entry.raw for p in self.equivocations):
                self.equivocations.append(proof)
            raise EquivocationError(proof, seat, entry.seq)
        self._got[seat] = entry
        return True

    def ordered(self) -> list[Entry]:
        """The contributions in seat order.  Raises ``ValueError`` if incomplete."""
        if not self.complete:
            raise ValueError(f"round incomplete: waiting for seats {list(self.missing)}")
        return [self._got[s] for s in self.seqs]
