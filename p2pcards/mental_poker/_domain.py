"""Domain-separated hashing for mental poker version 2 (protocol/mental_poker_v2.md, §3).

``H(name, f1, ..., fk)`` is SHA-512 over ``enc(tag) || enc(f1) || ... || enc(fk)`` with
``tag = "p2pcards/v2/mental-poker/" + name`` and the field encoding of
(:mod:`p2pcards.mental_poker._hash`: ``u32be(len) || bytes`` for bytes, ``u32be(8) ||
u64be(v)`` for an int, ``u32be(count)`` then each element for a list).  Challenges are
``H(...)`` reduced mod L (as Ed25519 does); points are RFC 9496's one-way map of ``H(...)``.

Every proof hashes a :class:`ProofContext` first: version, table, hand, seat and step.
"""

from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass

from p2pcards.mental_poker._hash import Field, _enc
from p2pcards.mental_poker._ristretto import from_hash, reduce64

MENTAL_POKER_VERSION = 2
"""Version of the mental-poker hash domain (protocol/mental_poker_v2.md §3): the first
field of every proof context and card point.  (The protocol as a whole is versioned by
:data:`p2pcards.PROTOCOL_VERSION`.)"""

TAG_PREFIX = "p2pcards/v2/mental-poker/"


def preimage(name: str, *fields: Field) -> bytes:
    """The exact bytes :func:`h512` hashes."""
    out: list[bytes] = []
    _enc((TAG_PREFIX + name).encode("ascii"), out)
    for f in fields:
        _enc(f, out)
    return b"".join(out)


def h512(name: str, *fields: Field) -> bytes:
    """SHA-512 of :func:`preimage` (64 bytes)."""
    return hashlib.sha512(preimage(name, *fields)).digest()


def challenge(name: str, *fields: Field) -> bytes:
    """A Fiat–Shamir challenge: :func:`h512` reduced mod L (a 32-byte scalar)."""
    return reduce64(h512(name, *fields))


def hash_to_point(name: str, *fields: Field) -> bytes:
    """A point nobody knows the discrete log of: RFC 9496's one-way map of :func:`h512`."""
    return from_hash(h512(name, *fields))


@dataclass(frozen=True, slots=True)
class ProofContext:
    """What every proof of one entry is bound to: ``table_id`` (1..64 bytes), ``hand``
    (0 .. 2^32-1), the prover's ``seat`` (0..7) and ``step`` (an ASCII label of the protocol
    step, 1..64 characters, e.g. ``"deck 0 shuffle"``; the table layer picks it).  A proof
    made for one context never verifies in another.  Raises ValueError on bad values."""

    table_id: bytes
    hand: int
    seat: int
    step: str

    def __post_init__(self) -> None:
        if not isinstance(self.table_id, bytes) or not 1 <= len(self.table_id) <= 64:
            raise ValueError("table_id must be 1..64 bytes")
        if not isinstance(self.hand, int) or not 0 <= self.hand < 2**32:
            raise ValueError(f"hand out of range: {self.hand!r}")
        if not isinstance(self.seat, int) or not 0 <= self.seat < 8:
            raise ValueError(f"seat out of range: {self.seat!r}")
        if (
            not isinstance(self.step, str)
            or not 1 <= len(self.step) <= 64
            or not (self.step.isascii())
        ):
            raise ValueError("step must be 1..64 ASCII characters")

    def fields(self) -> list[Field]:
        """``[version, table_id, hand, seat, step]``: the first hashed fields of a proof."""
        return [
            MENTAL_POKER_VERSION,
            self.table_id,
            self.hand,
            self.seat,
            self.step.encode("ascii"),
        ]

    def challenge(self, name: str, *fields: Field, purpose: bytes | None = None) -> bytes:
        """The Fiat–Shamir challenge of a proof in this context: :func:`challenge` of
        ``name`` over (``purpose``, when given,) :meth:`fields` and then ``fields``."""
        head: list[Field] = [] if purpose is None else [purpose]
        return challenge(name, *head, self.fields(), *fields)

    def with_seat(self, seat: int) -> ProofContext:
        """The same context for another seat."""
        return ProofContext(self.table_id, self.hand, seat, self.step)


def card_point(table_id: bytes, code: int) -> bytes:
    """``M_c = H2P("card", version, table_id, code)``: the point of card ``code`` (0..51,
    :attr:`p2pcards.cards.Card.code`) at a table."""
    return _cached_point("card", table_id, code)


def lot_point(table_id: bytes, index: int) -> bytes:
    """``T_k = H2P("lot", version, table_id, k)``: the point of lot token ``k``."""
    return _cached_point("lot", table_id, index)


def generator(table_id: bytes, index: int) -> bytes:
    """Commitment generator ``index`` of a table (``H2P("generator", version, table_id,
    index)``); index 0 is the shuffle proof's ``h``, 1..n its ``h_1 .. h_n``."""
    return _cached_point("generator", table_id, index)


@functools.lru_cache(maxsize=4096)
def _cached_point(name: str, table_id: bytes, index: int) -> bytes:
    return hash_to_point(name, MENTAL_POKER_VERSION, table_id, index)
