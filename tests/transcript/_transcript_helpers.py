"""Fixed keys and a ready-made table for the transcript tests (and the test vectors)."""

from __future__ import annotations

import hashlib

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey

from p2pcards.transcript import Entry, Genesis, Log, SeatInfo, make_accept, make_genesis

TABLE = bytes(range(16))
OTHER_TABLE = bytes(range(1, 17))
NAMES = ["Аня", "Boris", "Вика", "Dima", "Егор", "Fedya", "Галя", "Hana"]


def seed(label: str) -> bytes:
    """32 fixed bytes for a key: SHA-256 of the label."""
    return hashlib.sha256(label.encode()).digest()


def identity(seat: int) -> Ed25519PrivateKey:
    return Ed25519PrivateKey.from_private_bytes(seed(f"identity {seat}"))


def sealing(seat: int) -> X25519PrivateKey:
    return X25519PrivateKey.from_private_bytes(seed(f"sealing {seat}"))


def genesis_of(seats: int, table: bytes = TABLE) -> Genesis:
    return Genesis(
        table=table,
        game="akulina",
        options={"deck": 36, "removed_queen": "diamonds", "full_deck": False, "hands": 1},
        seats=tuple(
            SeatInfo(
                NAMES[i],
                identity(i).public_key().public_bytes_raw(),
                sealing(i).public_key().public_bytes_raw(),
            )
            for i in range(seats)
        ),
    )


def started_log(seats: int = 4, table: bytes = TABLE) -> tuple[Log, list[Entry]]:
    """A log with the genesis and every accept, and those entries."""
    g = make_genesis(identity(0), genesis_of(seats, table))
    log = Log(g.raw)
    accepts = [make_accept(identity(s), s, g) for s in range(1, seats)]
    for a in accepts:
        log.append(a.raw)
    assert log.started
    return log, [g, *accepts]
