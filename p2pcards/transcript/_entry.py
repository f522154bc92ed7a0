"""Entries: encoding, signing and verification (``protocol/transcript.md``, "Entries").

Three layers of msgpack, so that the signature is checked before the body is decoded::

    signed   = [unsigned: bin, signature: bin(64)]
    unsigned = [version, table: bin(16), hand, seq, prev: bin(32), seat, kind: str,
                body: bin]
    body     = plain data (msgpack)

``signature`` is Ed25519 over ``ENTRY_DOMAIN + unsigned``; an entry's hash is
SHA-256 of ``signed`` (all of it).  ``prev`` is the *link* of the entry before: its hash,
or, when that entry ends a run of two or more contributions of one round, the
:func:`round_link` of all of them (so the entry after a round commits to every
contribution of it).  Every layer is accepted only in its one canonical
encoding (what :func:`sign_entry` writes): re-encoding the decoded parts must give the
same bytes, so a relay cannot re-encode a signed entry into other bytes that verify.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from p2pcards import PROTOCOL_VERSION as PROTOCOL_VERSION  # every entry and the genesis
from p2pcards.transcript._codec import MAX_ENTRY_BYTES, pack, unpack
from p2pcards.transcript._errors import (
    BadSignature,
    BrokenChain,
    MalformedEntry,
    SequenceGap,
    UnknownSeat,
    WrongHand,
    WrongSequence,
    WrongTable,
)

ENTRY_DOMAIN = b"p2pcards/v1/transcript/entry\x00"
"""Prefix of the signed message: a signature is over ``ENTRY_DOMAIN + unsigned``."""
ROUND_DOMAIN = b"p2pcards/v1/transcript/round\x00"
"""Prefix of a round link: ``SHA-256(ROUND_DOMAIN || H(c_0) || ... || H(c_k-1))``."""
TABLE_ID_LEN = 16
HASH_LEN = 32
SIGNATURE_LEN = 64
ZERO_HASH = bytes(HASH_LEN)
"""The previous-entry hash of the genesis."""
MAX_SEATS = 8
MAX_HAND = 2**32 - 1
MAX_SEQ = 2**63 - 1
KIND_RE = re.compile(r"[a-z][a-z0-9_.-]{0,31}")
"""Allowed kinds: 1 to 32 characters, lowercase ASCII letter first."""

KeyLookup = Mapping[int, Ed25519PublicKey] | Callable[[int], Ed25519PublicKey | None]
"""Where to find a seat's identity key: a mapping seat -> key, or a function returning
the key or ``None`` for a seat that does not exist."""


class Head(NamedTuple):
    """The last entry of a log: its sequence number and its link (32 bytes), the ``prev``
    an entry that follows it must carry: the entry's hash, or the :func:`round_link` of
    the run of round contributions it ends (``Log.head``)."""

    seq: int
    hash: bytes


@dataclass(frozen=True, eq=False, slots=True)
class Entry:
    """One verified (or freshly signed) entry.

    ``raw`` is the signed bytes exactly as received or produced, ``hash`` their SHA-256;
    ``body`` the decoded plain data.  Equality and hashing go by ``raw``.  Build entries
    only with :func:`sign_entry` or :func:`verify_entry`.
    """

    table: bytes
    hand: int
    seq: int
    prev: bytes
    seat: int
    kind: str
    body: Any
    raw: bytes
    hash: bytes

    @property
    def head(self) -> Head:
        """This entry as a log head."""
        return Head(self.seq, self.hash)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Entry) and other.raw == self.raw

    def __hash__(self) -> int:
        return hash(self.raw)

    def __repr__(self) -> str:
        return (
            f"Entry(seq={self.seq}, hand={self.hand}, seat={self.seat}, kind={self.kind!r}, "
            f"hash={self.hash.hex()[:16]}…)"
        )


def entry_hash(raw: bytes) -> bytes:
    """SHA-256 of an entry's full signed bytes (32 bytes)."""
    return hashlib.sha256(raw).digest()


def round_link(hashes: list[bytes]) -> bytes:
    """The link of a run of ``k >= 2`` contributions of one round (their hashes, 32 bytes
    each, in log order): ``SHA-256(ROUND_DOMAIN || H(c_0) || ... || H(c_k-1))``, 32
    bytes.  The entry after the run names it as ``prev``, so that entry commits to every
    contribution (``protocol/transcript.md`` §4).  A single entry's link is its hash."""
    return hashlib.sha256(ROUND_DOMAIN + b"".join(hashes)).digest()


def sign_entry(
    key: Ed25519PrivateKey,
    *,
    table: bytes,
    hand: int,
    seq: int,
    prev: bytes,
    seat: int,
    kind: str,
    body: Any,
) -> Entry:
    """Encode and sign an entry with ``seat``'s identity key.

    ``table`` is 16 bytes, ``prev`` 32 bytes (``ZERO_HASH`` for the genesis), ``hand``
    in [0, 2**32), ``seq`` in [0, 2**63), ``seat`` in [0, 8), ``kind`` matches
    :data:`KIND_RE`, ``body`` plain data.  Raises ``ValueError``/``TypeError`` on bad
    arguments (a caller's bug, not a peer's)."""
    if not (isinstance(table, bytes) and len(table) == TABLE_ID_LEN):
        raise ValueError("table id must be 16 bytes")
    if not (isinstance(prev, bytes) and len(prev) == HASH_LEN):
        raise ValueError("prev must be 32 bytes")
    for name, v, hi in (("hand", hand, MAX_HAND), ("seq", seq, MAX_SEQ), ("seat", seat, 7)):
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= hi:
            raise ValueError(f"{name} must be an integer in [0, {hi}]")
    if not isinstance(kind, str) or not KIND_RE.fullmatch(kind):
        raise ValueError(f"bad kind {kind!r}")
    body_bytes = pack(body)
    unsigned = pack([PROTOCOL_VERSION, table, hand, seq, prev, seat, kind, body_bytes], check=False)
    signature = key.sign(ENTRY_DOMAIN + unsigned)
    raw = pack([unsigned, signature], check=False)
    if len(raw) > MAX_ENTRY_BYTES:
        raise ValueError(f"entry of {len(raw)} bytes exceeds {MAX_ENTRY_BYTES}")
    return Entry(
        table=table,
        hand=hand,
        seq=seq,
        prev=prev,
        seat=seat,
        kind=kind,
        body=unpack(body_bytes, what="entry body", seat=seat),
        raw=raw,
        hash=entry_hash(raw),
    )


def _lookup(keys: KeyLookup, seat: int) -> Ed25519PublicKey | None:
    if isinstance(keys, Mapping):
        return keys.get(seat)
    return keys(seat)


def _is_uint(v: object, hi: int) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= hi


def _parse(data: bytes, public_key_of_seat: KeyLookup | None) -> Entry:
    """Frame, header, (signature when keys are given), body: the shared core of
    :func:`verify_entry` and :func:`peek_entry`."""
    frame = unpack(
        data,
        what="entry frame",
        max_bin_len=MAX_ENTRY_BYTES,
        max_str_len=0,
        max_array_len=2,
        max_map_len=0,
        check=False,
    )
    if (
        not isinstance(frame, list)
        or len(frame) != 2
        or not isinstance(frame[0], bytes)
        or not isinstance(frame[1], bytes)
        or len(frame[1]) != SIGNATURE_LEN
    ):
        raise MalformedEntry(None, "entry frame: expected [unsigned: bin, signature: bin(64)]")
    data = bytes(data)
    if pack(frame, check=False) != data:
        raise MalformedEntry(
            None, "entry frame: not in its canonical encoding (re-encoded by whoever sent it)"
        )
    unsigned, signature = frame
    header = unpack(
        unsigned,
        what="entry header",
        max_bin_len=MAX_ENTRY_BYTES,
        max_str_len=32,
        max_array_len=8,
        max_map_len=0,
        check=False,
    )
    if not isinstance(header, list) or len(header) != 8:
        raise MalformedEntry(None, "entry header: expected an array of 8 fields")
    version, e_table, e_hand, e_seq, e_prev, e_seat, e_kind, body_bytes = header
    if not _is_uint(e_seat, 255):
        raise MalformedEntry(None, "entry header: seat is not a small unsigned integer")
    seat: int = e_seat
    if version != PROTOCOL_VERSION or isinstance(version, bool):
        shown = repr(version)[:40] if isinstance(version, int | str) else type(version).__name__
        raise MalformedEntry(
            seat, f"entry header: protocol version {shown} is not {PROTOCOL_VERSION}"
        )
    if not (isinstance(e_table, bytes) and len(e_table) == TABLE_ID_LEN):
        raise MalformedEntry(seat, "entry header: table id is not 16 bytes")
    if not _is_uint(e_hand, MAX_HAND):
        raise MalformedEntry(seat, "entry header: bad hand number")
    if not _is_uint(e_seq, MAX_SEQ):
        raise MalformedEntry(seat, "entry header: bad sequence number")
    if not (isinstance(e_prev, bytes) and len(e_prev) == HASH_LEN):
        raise MalformedEntry(seat, "entry header: previous-entry hash is not 32 bytes")
    if not (isinstance(e_kind, str) and KIND_RE.fullmatch(e_kind)):
        raise MalformedEntry(seat, "entry header: bad kind")
    if not isinstance(body_bytes, bytes):
        raise MalformedEntry(seat, "entry header: body is not bin")
    if pack(header, check=False) != unsigned:
        raise MalformedEntry(seat, "entry header: not in its canonical encoding")
    if public_key_of_seat is not None:
        key = _lookup(public_key_of_seat, seat)
        if key is None:
            raise UnknownSeat(seat, "no such seat at this table")
        try:
            key.verify(signature, ENTRY_DOMAIN + unsigned)
        except InvalidSignature:
            raise BadSignature(seat, f"bad signature on entry {e_seq}") from None
    body = unpack(body_bytes, what="entry body", seat=seat)
    if pack(body, check=False) != body_bytes:
        raise MalformedEntry(seat, "entry body: not in its canonical encoding")
    raw = data
    return Entry(
        table=e_table,
        hand=e_hand,
        seq=e_seq,
        prev=e_prev,
        seat=seat,
        kind=e_kind,
        body=body,
        raw=raw,
        hash=entry_hash(raw),
    )


def peek_entry(data: bytes) -> Entry:
    """Decode an entry WITHOUT checking its signature (same strict limits as
    :func:`verify_entry`).  Untrusted: only for reading the identity keys out of a
    genesis before checking it.  Raises :class:`MalformedEntry`."""
    return _parse(data, None)


def verify_entry(
    data: bytes,
    public_key_of_seat: KeyLookup,
    *,
    table: bytes | None = None,
    hand: int | None = None,
    follows: Entry | None = None,
) -> Entry:
    """Check and decode one signed entry, in this order: frame, header, signature (under
    the key of the seat the header names), then body, table, hand and chain.

    ``table``/``hand`` (when given) must match.  ``follows`` (when given) is the entry
    this one must come right after: the sequence number must be ``follows.seq + 1`` and
    the chain rule of :func:`check_follows` must hold (``follows`` taken as a single entry,
    whose link is its hash; after a run of round contributions use ``Log.append``).

    Returns the :class:`Entry`.  Raises :class:`MalformedEntry`, :class:`UnknownSeat`,
    :class:`BadSignature`, :class:`WrongTable`, :class:`WrongHand`,
    :class:`SequenceGap` (seq ahead), :class:`WrongSequence` (seq behind) or
    :class:`BrokenChain`; every error but the first names the seat.  Whether the kind is
    known, and whether the seat may write here, is the caller's concern.
    """
    entry = _parse(data, public_key_of_seat)
    seat = entry.seat
    if table is not None and entry.table != table:
        raise WrongTable(seat, table, entry.table)
    if hand is not None and entry.hand != hand:
        raise WrongHand(seat, hand, entry.hand)
    if follows is not None:
        check_follows(follows, entry)
    return entry


def check_follows(before: Entry, entry: Entry, link: bytes | None = None) -> None:
    """Check that ``entry`` may come right after ``before`` in a log.

    ``link`` is ``before``'s link (``Log.head.hash``): the :func:`round_link` of the run of
    round contributions ``before`` ends; ``None`` means ``before.hash``, right when
    ``before`` is a single entry (no round sibling before it).
    Sequence: ``entry.seq == before.seq + 1``.  Chain: either ``entry.prev == link``
    (it follows), or ``entry.prev == before.prev`` with ``before`` not the
    genesis, the same hand and kind, and ``entry.seat > before.seat`` (it is a later
    contribution of the same round, ordered by seat).  Hands never go backwards.
    Raises :class:`SequenceGap`, :class:`WrongSequence`, :class:`WrongTable`,
    :class:`WrongHand` or :class:`BrokenChain`, naming ``entry.seat``."""
    seat = entry.seat
    if entry.seq != before.seq + 1:
        cls = SequenceGap if entry.seq > before.seq + 1 else WrongSequence
        raise cls(seat, before.seq + 1, entry.seq)
    if entry.table != before.table:
        raise WrongTable(seat, before.table, entry.table)
    if entry.hand < before.hand:
        raise WrongHand(seat, before.hand, entry.hand)
    if entry.prev == (before.hash if link is None else link):
        return
    if entry.prev == before.prev and before.seq > 0:
        if entry.hand != before.hand or entry.kind != before.kind:
            raise BrokenChain(seat, entry.seq, "a contribution to a round of another hand or kind")
        if entry.seat <= before.seat:
            raise BrokenChain(
                seat,
                entry.seq,
                f"round contributions must be in seat order (seat {before.seat} came before)",
            )
        return
    raise BrokenChain(seat, entry.seq, "previous-entry hash does not match")
