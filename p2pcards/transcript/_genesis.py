"""The genesis: the first entry of a table, and the accepts that complete it
(``protocol/transcript.md``, "Genesis").

Seat 0 (the host) signs the ``genesis`` entry (hand 0, sequence 0, previous hash all
zeros) whose body describes the table::

    {"protocol": 3, "table": bin(16), "game": str, "options": {str: int|str|bool|nil},
     "seats": [{"name": str, "identity": bin(32), "sealing": bin(32)}, ...]}

Seat *i* is ``seats[i]``: ``identity`` is its raw Ed25519 public key (signatures),
``sealing`` its raw X25519 public key (sealed payloads).  Every other seat then signs an
``accept`` entry, ``{"genesis": bin(32)}`` holding the genesis hash, as one round
anchored at the genesis: seat *i* writes sequence *i* (seats 1..n-1 in order).  The
genesis signature counts as seat 0's acceptance, so once the accepts are in, the table
is signed by every seat.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from p2pcards.transcript._entry import (
    MAX_SEATS,
    PROTOCOL_VERSION,
    TABLE_ID_LEN,
    ZERO_HASH,
    Entry,
    Head,
    peek_entry,
    sign_entry,
    verify_entry,
)
from p2pcards.transcript._errors import BadGenesis
from p2pcards.transcript._round import Round

GENESIS_KIND = "genesis"
ACCEPT_KIND = "accept"
MIN_SEATS = 2
MAX_NAME_LEN = 64
_GAME_RE = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}")

OptionValue = int | str | bool | None


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One seat of the genesis: display ``name`` (1..64 printable characters),
    ``identity`` (raw Ed25519 public key, 32 bytes), ``sealing`` (raw X25519 public
    key, 32 bytes)."""

    name: str
    identity: bytes
    sealing: bytes

    def identity_key(self) -> Ed25519PublicKey:
        """The identity key as a cryptography object."""
        return Ed25519PublicKey.from_public_bytes(self.identity)


@dataclass(frozen=True, slots=True)
class Genesis:
    """What every seat signs before the first hand: the protocol version, the table id
    (16 bytes), the game name and options, and the seats (2..8)."""

    table: bytes
    game: str
    options: Mapping[str, OptionValue]
    seats: tuple[SeatInfo, ...]
    protocol: int = PROTOCOL_VERSION

    def keys(self) -> dict[int, Ed25519PublicKey]:
        """Seat -> identity key, for :func:`verify_entry`."""
        return {i: s.identity_key() for i, s in enumerate(self.seats)}

    def to_body(self) -> dict[str, Any]:
        """The genesis entry's body (plain data)."""
        return {
            "protocol": self.protocol,
            "table": self.table,
            "game": self.game,
            "options": dict(self.options),
            "seats": [
                {"name": s.name, "identity": s.identity, "sealing": s.sealing} for s in self.seats
            ],
        }

    @classmethod
    def from_body(cls, body: Any) -> Genesis:
        """Parse and check a genesis body.  Raises :class:`BadGenesis` (blaming seat 0,
        the author) when anything is missing, of the wrong type or inconsistent."""

        def bad(msg: str) -> BadGenesis:
            return BadGenesis(0, f"genesis: {msg}")

        if not isinstance(body, dict) or set(body) != {
            "protocol",
            "table",
            "game",
            "options",
            "seats",
        }:
            raise bad("body must be a map of protocol, table, game, options, seats")
        if body["protocol"] != PROTOCOL_VERSION or isinstance(body["protocol"], bool):
            raise bad(f"protocol version {body['protocol']!r} is not {PROTOCOL_VERSION}")
        table = body["table"]
        if not (isinstance(table, bytes) and len(table) == TABLE_ID_LEN):
            raise bad("table id is not 16 bytes")
        game = body["game"]
        if not (isinstance(game, str) and _GAME_RE.fullmatch(game)):
            raise bad("bad game name")
        options = body["options"]
        if not isinstance(options, dict) or not all(
            isinstance(k, str) and (v is None or isinstance(v, int | str))
            for k, v in options.items()
        ):
            raise bad("options must map names to integers, strings, booleans or nil")
        seats_in = body["seats"]
        if not isinstance(seats_in, list) or not MIN_SEATS <= len(seats_in) <= MAX_SEATS:
            raise bad(f"seats must be a list of {MIN_SEATS}..{MAX_SEATS}")
        seats: list[SeatInfo] = []
        for i, s in enumerate(seats_in):
            if not isinstance(s, dict) or set(s) != {"name", "identity", "sealing"}:
                raise bad(f"seat {i} must be a map of name, identity, sealing")
            name, ident, seal = s["name"], s["identity"], s["sealing"]
            if not (isinstance(name, str) and 0 < len(name) <= MAX_NAME_LEN and name.isprintable()):
                raise bad(f"seat {i}: name must be 1..{MAX_NAME_LEN} printable characters")
            if not (isinstance(ident, bytes) and len(ident) == 32):
                raise bad(f"seat {i}: identity key is not 32 bytes")
            if not (isinstance(seal, bytes) and len(seal) == 32):
                raise bad(f"seat {i}: sealing key is not 32 bytes")
            try:
                Ed25519PublicKey.from_public_bytes(ident)
            except ValueError:
                raise bad(f"seat {i}: identity key is not an Ed25519 key") from None
            seats.append(SeatInfo(name, ident, seal))
        if len({s.identity for s in seats}) != len(seats):
            raise bad("two seats share an identity key")
        if len({s.sealing for s in seats}) != len(seats):
            raise bad("two seats share a sealing key")
        return cls(table=table, game=game, options=dict(options), seats=tuple(seats))


def make_genesis(key: Ed25519PrivateKey, genesis: Genesis) -> Entry:
    """Seat 0 signs the genesis entry.  ``key`` must match ``genesis.seats[0].identity``
    (``ValueError`` otherwise, as for a body that :meth:`Genesis.from_body` rejects)."""
    body = genesis.to_body()
    try:
        Genesis.from_body(body)
    except BadGenesis as e:
        raise ValueError(str(e)) from None
    own = key.public_key().public_bytes_raw()
    if own != genesis.seats[0].identity:
        raise ValueError("the genesis is signed by seat 0, whose identity key this is not")
    return sign_entry(
        key,
        table=genesis.table,
        hand=0,
        seq=0,
        prev=ZERO_HASH,
        seat=0,
        kind=GENESIS_KIND,
        body=body,
    )


def verify_genesis(data: bytes, host_key: Ed25519PublicKey | None = None) -> tuple[Entry, Genesis]:
    """Check a genesis entry: well formed, sequence 0, hand 0, zero previous hash, seat
    0, kind ``genesis``, body table id equal to the header's, and signed by the identity
    key it gives for seat 0 (and equal to ``host_key`` when given, e.g. the key the
    lobby advertised).

    Returns (entry, genesis).  Raises :class:`MalformedEntry`, :class:`BadSignature` or
    :class:`BadGenesis`."""
    peek = peek_entry(data)
    if peek.kind != GENESIS_KIND or peek.seat != 0:
        raise BadGenesis(peek.seat, f"first entry is {peek.kind!r} by seat {peek.seat}")
    genesis = Genesis.from_body(peek.body)
    key0 = genesis.seats[0].identity_key()
    if host_key is not None and host_key.public_bytes_raw() != genesis.seats[0].identity:
        raise BadGenesis(0, "genesis: seat 0 is not the expected host key")
    entry = verify_entry(data, {0: key0})
    if entry.seq != 0 or entry.hand != 0 or entry.prev != ZERO_HASH:
        raise BadGenesis(0, "genesis must have sequence 0, hand 0 and a zero previous hash")
    if entry.table != genesis.table:
        raise BadGenesis(0, "genesis body and header name different tables")
    return entry, genesis


def accept_round(genesis_entry: Entry, seats: int) -> Round:
    """The round of accepts that completes a genesis: seats 1..seats-1, anchored at the
    genesis, kind ``accept``, hand 0."""
    return Round(
        table=genesis_entry.table,
        hand=0,
        kind=ACCEPT_KIND,
        anchor=Head(genesis_entry.seq, genesis_entry.hash),
        seats=range(1, seats),
    )


def make_accept(key: Ed25519PrivateKey, seat: int, genesis_entry: Entry) -> Entry:
    """Seat ``seat`` (>= 1) signs its acceptance of ``genesis_entry``: kind ``accept``,
    hand 0, sequence ``seat``, previous hash = the genesis hash, body
    ``{"genesis": genesis hash}``."""
    if seat < 1:
        raise ValueError("seat 0 accepts by signing the genesis")
    return sign_entry(
        key,
        table=genesis_entry.table,
        hand=0,
        seq=seat,
        prev=genesis_entry.hash,
        seat=seat,
        kind=ACCEPT_KIND,
        body={"genesis": genesis_entry.hash},
    )


def check_accept(entry: Entry, genesis_entry: Entry) -> None:
    """Check an accept's body names the genesis.  Raises :class:`BadGenesis`."""
    body = entry.body
    if not (isinstance(body, dict) and set(body) == {"genesis"}):
        raise BadGenesis(entry.seat, "accept body must be {genesis: hash}")
    if body["genesis"] != genesis_entry.hash:
        raise BadGenesis(entry.seat, "accept names another genesis")
