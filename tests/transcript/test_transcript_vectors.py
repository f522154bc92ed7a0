"""The published test vectors (protocol/vectors/transcript_*.json) are what the code
produces, and read back independently of the code that wrote them."""

from __future__ import annotations

import hashlib
import json
import zlib

import msgpack
import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey

from p2pcards.transcript import Log, read_log, verify_entry
from tests.transcript.transcript_vectors import VECTORS, build, render


@pytest.mark.parametrize("name", sorted(build()))
def test_vector_files_are_up_to_date(name: str) -> None:
    assert (VECTORS / name).read_text(encoding="utf-8") == render(build()[name]), (
        "run: .venv/bin/python -m tests.transcript.transcript_vectors"
    )


def load(name: str):  # type: ignore[no-untyped-def]
    return json.loads((VECTORS / name).read_text(encoding="utf-8"))


def test_entries_from_the_raw_bytes() -> None:
    v = load("transcript_entries.json")
    domain = bytes.fromhex(v["domain"])
    assert domain == b"p2pcards/v1/transcript/entry\x00"
    pub = {}
    for k in v["keys"]:
        sk = Ed25519PrivateKey.from_private_bytes(bytes.fromhex(k["ed25519_seed"]))
        assert sk.public_key().public_bytes_raw().hex() == k["ed25519_public"]
        xk = X25519PrivateKey.from_private_bytes(bytes.fromhex(k["x25519_secret"]))
        assert xk.public_key().public_bytes_raw().hex() == k["x25519_public"]
        pub[k["seat"]] = sk.public_key()
    for e in v["entries"]:
        signed = bytes.fromhex(e["signed"])
        unsigned, sig = msgpack.unpackb(signed)
        assert unsigned.hex() == e["unsigned"] and sig.hex() == e["signature"]
        header = msgpack.unpackb(unsigned)
        assert header == [
            5,  # protocol/transcript.md: protocol version 5
            bytes.fromhex(e["table"]),
            e["hand"],
            e["seq"],
            bytes.fromhex(e["prev"]),
            e["seat"],
            e["kind"],
            bytes.fromhex(e["body_msgpack"]),
        ]
        pub[e["seat"]].verify(sig, domain + unsigned)
        assert hashlib.sha256(signed).hexdigest() == e["hash"]
        assert verify_entry(signed, pub).hash.hex() == e["hash"]
    h = [e["hash"] for e in v["entries"]]

    def round_link(*hashes: str) -> str:  # protocol/transcript.md §4, from the text
        return hashlib.sha256(
            b"p2pcards/v1/transcript/round\x00" + b"".join(bytes.fromhex(x) for x in hashes)
        ).hexdigest()

    # the move after the round of accepts names the round link of both accepts
    accepts = round_link(h[1], h[2])
    assert [e["prev"] for e in v["entries"]] == ["00" * 32, h[0], h[0], accepts, h[3], h[3]]
    assert v["round_links"] == [accepts, round_link(h[4], h[5])]
    assert [(e["seq"], e["seat"]) for e in v["entries"]] == [
        (0, 0),
        (1, 1),
        (2, 2),
        (3, 1),
        (4, 0),
        (5, 2),
    ]
    log = Log(bytes.fromhex(v["entries"][0]["signed"]))
    for e in v["entries"][1:]:
        log.append(bytes.fromhex(e["signed"]))
    assert log.head.hash.hex() == round_link(h[4], h[5])  # what the next entry names


def test_logfile_vector() -> None:
    v = load("transcript_logfile.json")
    data = bytes.fromhex(v["file"])
    assert data[:8] == b"P2PCLOG1"
    pos = 8
    for r in v["records"]:
        payload = bytes([r["type"]]) + bytes.fromhex(r["data"])
        assert data[pos : pos + 8] == len(payload).to_bytes(4, "big") + zlib.crc32(
            payload
        ).to_bytes(4, "big")
        assert data[pos + 8 : pos + 8 + len(payload)] == payload
        pos += 8 + len(payload)
    assert pos == len(data)
    got = read_log(data)
    assert [(int(r.type), r.data.hex()) for r in got.records] == [
        (r["type"], r["data"]) for r in v["records"]
    ]
    torn = read_log(bytes.fromhex(v["torn"]["file"]))
    assert len(torn.records) == v["torn"]["good_records"]
    assert torn.torn is not None and torn.torn.offset == v["torn"]["torn_offset"]


def test_invalid_vectors() -> None:
    import p2pcards.transcript as t

    keys = {
        k["seat"]: Ed25519PrivateKey.from_private_bytes(
            bytes.fromhex(k["ed25519_seed"])
        ).public_key()
        for k in load("transcript_entries.json")["keys"]
    }
    for case in load("transcript_invalid.json")["cases"]:
        with pytest.raises(getattr(t, case["error"])) as err:
            verify_entry(bytes.fromhex(case["data"]), keys, table=bytes(range(16)))
        assert err.value.seat == case["seat"], case["name"]
