"""Equivocation: two different validly signed entries from one seat for one slot.

A *slot* is (table id, sequence number): the table state machine gives every sequence
number exactly one author (the seat whose turn it is, or, in a round, the seat that
:func:`~p2pcards.transcript.round_seqs` assigns it), so an honest seat signs at most one
entry per slot.  Two different signed entries of one seat for one slot prove that seat
cheated; both are kept (``protocol/transcript.md``, "Equivocation").
"""

from __future__ import annotations

from dataclasses import dataclass

from p2pcards.transcript._codec import pack, unpack
from p2pcards.transcript._entry import Entry, KeyLookup, verify_entry
from p2pcards.transcript._errors import MalformedEntry


@dataclass(frozen=True, slots=True)
class Equivocation:
    """Proof that ``seat`` signed both ``first`` and ``second`` (different entries with
    the same table id and sequence number).  ``first`` is the one held first."""

    seat: int
    table: bytes
    seq: int
    first: Entry
    second: Entry

    @classmethod
    def of(cls, first: Entry, second: Entry) -> Equivocation:
        """Make the proof from two entries.  Raises ``ValueError`` if they are not an
        equivocation (same bytes, other seat, other table or other slot)."""
        if first.raw == second.raw:
            raise ValueError("the same entry twice is not an equivocation")
        if (first.seat, first.table, first.seq) != (second.seat, second.table, second.seq):
            raise ValueError("entries of different seats or slots")
        return cls(first.seat, first.table, first.seq, first, second)

    def to_bytes(self) -> bytes:
        """msgpack ``[first: bin, second: bin]`` (the pair as one value; a log file keeps
        the second entry as an EVIDENCE record, the first being in the log)."""
        return pack([self.first.raw, self.second.raw])

    @classmethod
    def from_bytes(cls, data: bytes, public_key_of_seat: KeyLookup) -> Equivocation:
        """Check a stored proof: decode, verify both signatures, check they form an
        equivocation.  Raises :class:`MalformedEntry` or any error of
        :func:`verify_entry`."""
        obj = unpack(data, what="equivocation", max_bin_len=1 << 20, max_array_len=2)
        if not (isinstance(obj, list) and len(obj) == 2 and all(isinstance(x, bytes) for x in obj)):
            raise MalformedEntry(None, "equivocation: expected [first: bin, second: bin]")
        a = verify_entry(obj[0], public_key_of_seat)
        b = verify_entry(obj[1], public_key_of_seat)
        try:
            return cls.of(a, b)
        except ValueError as e:
            raise MalformedEntry(a.seat, f"equivocation: {e}") from None

    def __str__(self) -> str:
        return (
            f"seat {self.seat} signed two different entries for sequence {self.seq} "
            f"({self.first.kind} {self.first.hash.hex()[:12]} and "
            f"{self.second.kind} {self.second.hash.hex()[:12]})"
        )
