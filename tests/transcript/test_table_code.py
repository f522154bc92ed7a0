"""The table code (protocol/transcript.md section 7): its vector, its shape, and that it
follows every byte of the genesis."""

from __future__ import annotations

import base64
import hashlib

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from p2pcards.transcript import Genesis, SeatInfo, make_genesis, table_code


def test_vector() -> None:
    assert table_code(bytes(range(32))) == "ZCQB D3IQ FAIP INZ7"
    tag = b"p2pcards/v1/table-code"
    pre = len(tag).to_bytes(4, "big") + tag + (32).to_bytes(4, "big") + bytes(range(32))
    text = base64.b32encode(hashlib.sha256(pre).digest()).decode()[:16]
    assert table_code(bytes(range(32))).replace(" ", "") == text


def test_every_field_of_the_genesis_changes_the_code() -> None:
    keys = [Ed25519PrivateKey.from_private_bytes(bytes([i]) * 32) for i in (1, 2)]
    seats = tuple(
        SeatInfo(n, k.public_key().public_bytes_raw(), bytes([9 + i]) * 32)
        for i, (n, k) in enumerate(zip(("Аня", "Boris"), keys, strict=True))
    )
    base = Genesis(bytes(16), "akulina", {"deck": 36}, seats)
    variants = [
        base,
        Genesis(bytes(15) + b"\x01", "akulina", {"deck": 36}, seats),
        Genesis(bytes(16), "akulina", {"deck": 52}, seats),
        Genesis(
            bytes(16),
            "akulina",
            {"deck": 36},
            (seats[0], SeatInfo("Bob", seats[1].identity, seats[1].sealing)),
        ),
        Genesis(
            bytes(16),
            "akulina",
            {"deck": 36},
            (seats[0], SeatInfo("Boris", seats[1].identity, b"\x0c" * 32)),
        ),
    ]
    codes = [table_code(make_genesis(keys[0], g).hash) for g in variants]
    assert len(set(codes)) == len(codes)
    assert codes[0] == table_code(make_genesis(keys[0], base).hash)  # deterministic
    for c in codes:
        groups = c.split(" ")
        assert [len(g) for g in groups] == [4, 4, 4, 4]
        assert set(c.replace(" ", "")) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")


def test_a_hash_must_be_32_bytes() -> None:
    with pytest.raises(ValueError):
        table_code(bytes(31))
