"""Builds the transcript test vectors (``protocol/vectors/transcript_*.json``) from fixed
keys.  ``python -m tests.transcript.transcript_vectors`` rewrites them; the test
``test_transcript_vectors.py`` checks the files against this and against an independent
reading of the bytes."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import msgpack

from p2pcards.transcript import (
    ENTRY_DOMAIN,
    PROTOCOL_VERSION,
    Entry,
    Log,
    RecordType,
    encode_log,
    make_accept,
    make_genesis,
    round_link,
    sign_entry,
)
from tests.transcript._transcript_helpers import TABLE, genesis_of, identity, sealing, seed

ROOT = Path(__file__).resolve().parents[2]
VECTORS = ROOT / "protocol" / "vectors"


def _entry(name: str, e: Entry) -> dict[str, Any]:
    unsigned, signature = msgpack.unpackb(e.raw)
    header = msgpack.unpackb(unsigned)
    return {
        "name": name,
        "table": e.table.hex(),
        "hand": e.hand,
        "seq": e.seq,
        "prev": e.prev.hex(),
        "seat": e.seat,
        "kind": e.kind,
        "body_msgpack": header[7].hex(),
        "body_repr": repr(e.body),
        "unsigned": unsigned.hex(),
        "signature": signature.hex(),
        "signed": e.raw.hex(),
        "hash": e.hash.hex(),
    }


def build() -> dict[str, Any]:
    """Every vector file's content, by file name."""
    seats = 3
    keys = [
        {
            "seat": s,
            "ed25519_seed": seed(f"identity {s}").hex(),
            "ed25519_public": identity(s).public_key().public_bytes_raw().hex(),
            "x25519_secret": seed(f"sealing {s}").hex(),
            "x25519_public": sealing(s).public_key().public_bytes_raw().hex(),
        }
        for s in range(seats)
    ]
    g = make_genesis(identity(0), genesis_of(seats))
    log = Log(g)
    rnd = log.accept_round()
    for s in (2, 1):
        rnd.offer(make_accept(identity(s), s, g))
    accepts = log.append_round(rnd)
    move = log.sign_next(identity(1), 1, "move", ["draw", 1, 4], hand=1)
    log.append(move)
    keys_round = log.open_round([2, 0], "keys", hand=1)
    for s in (2, 0):
        keys_round.offer(
            keys_round.sign(identity(s), s, {"positions": [3, 7], "keys": [bytes([s]) * 32] * 2})
        )
    round_entries = log.append_round(keys_round)
    named = [("genesis", g), ("accept seat 1", accepts[0]), ("accept seat 2", accepts[1])]
    named += [("move by seat 1", move)]
    named += [(f"keys round, seat {e.seat}", e) for e in round_entries]
    entries = {
        "description": (
            "Entries of a 3-seat table, in log order (protocol/transcript.md). Keys: the "
            "Ed25519 seeds and X25519 secrets are SHA-256 of 'identity N' / 'sealing N'. "
            "signature = Ed25519(seed, domain || unsigned); hash = SHA-256(signed). "
            "round_links: the link of the accepts (the move's prev) and of the keys round "
            "(the prev of the entry after it): SHA-256('p2pcards/v1/transcript/round' || "
            "0x00 || the contributions' hashes in log order)."
        ),
        "domain": ENTRY_DOMAIN.hex(),
        "keys": keys,
        "entries": [_entry(n, e) for n, e in named],
        "round_links": [
            round_link([a.hash for a in accepts]).hex(),
            round_link([e.hash for e in round_entries]).hex(),
        ],
    }

    records = [(RecordType.ENTRY, e.raw) for _n, e in named[:2]]
    records.append((RecordType.SECRET, b"opaque secrets"))
    data = encode_log(records)
    logfile = {
        "description": "A log file: magic, then records [u32 length][u32 crc32][type][data].",
        "records": [{"type": int(t), "data": d.hex()} for t, d in records],
        "file": data.hex(),
        "torn": {
            "file": data[:-5].hex(),
            "good_records": len(records) - 1,
            "torn_offset": len(encode_log(records[:-1])),
        },
    }

    forged = sign_entry(
        identity(2),
        table=TABLE,
        hand=1,
        seq=4,
        prev=named[3][1].prev,
        seat=1,
        kind="move",
        body=None,
    )
    other_table = sign_entry(
        identity(1),
        table=bytes(16),
        hand=1,
        seq=4,
        prev=named[3][1].prev,
        seat=1,
        kind="move",
        body=["draw", 1, 4],
    )
    invalid = {
        "description": (
            "Bytes a verifier must reject, with the error and the seat to blame "
            "(null: nobody), verified with the keys of transcript_entries.json at table "
            "000102...0f."
        ),
        "cases": [
            {"name": "not msgpack", "data": "c1", "error": "MalformedEntry", "seat": None},
            {
                "name": "signed by seat 2 claiming seat 1",
                "data": forged.raw.hex(),
                "error": "BadSignature",
                "seat": 1,
            },
            {
                "name": "entry of another table",
                "data": other_table.raw.hex(),
                "error": "WrongTable",
                "seat": 1,
            },
            {
                "name": "a float in the body",
                "data": _signed_raw(1, msgpack.packb(1.5)).hex(),
                "error": "MalformedEntry",
                "seat": 1,
            },
            {
                "name": "seat 5 does not exist",
                "data": _signed_raw(5, msgpack.packb(None), key_seat=1).hex(),
                "error": "UnknownSeat",
                "seat": 5,
            },
            {
                "name": "a valid entry's frame re-encoded with bin32 headers (a relay)",
                "data": _reframed(_signed_raw(1, msgpack.packb(None))).hex(),
                "error": "MalformedEntry",
                "seat": None,
            },
            {
                "name": "a header with a non-shortest integer (seq 9 as uint64), signed",
                "data": _signed_raw(
                    1, msgpack.packb(None), seq_bytes=b"\xcf" + (9).to_bytes(8, "big")
                ).hex(),
                "error": "MalformedEntry",
                "seat": 1,
            },
            {
                "name": "a body with a non-shortest integer (7 as int8), signed",
                "data": _signed_raw(1, b"\xd0\x07").hex(),
                "error": "MalformedEntry",
                "seat": 1,
            },
        ],
    }
    return {
        "transcript_entries.json": entries,
        "transcript_logfile.json": logfile,
        "transcript_invalid.json": invalid,
    }


def _signed_raw(
    seat: int, body: bytes, key_seat: int | None = None, seq_bytes: bytes | None = None
) -> bytes:
    header = [PROTOCOL_VERSION, TABLE, 1, 9, bytes(32), seat, "move", body]
    unsigned = msgpack.packb(header, use_bin_type=True)
    if seq_bytes is not None:  # the same header with seq written in a longer form
        parts = [msgpack.packb(x, use_bin_type=True) for x in header]
        parts[3] = seq_bytes
        unsigned = b"\x98" + b"".join(parts)
    sig = identity(seat if key_seat is None else key_seat).sign(ENTRY_DOMAIN + unsigned)
    return msgpack.packb([unsigned, sig], use_bin_type=True)


def _reframed(raw: bytes) -> bytes:
    """``raw``'s frame ``[unsigned, signature]`` written with bin32 length headers."""
    out = b"\x92"
    for part in msgpack.unpackb(raw):
        out += b"\xc6" + len(part).to_bytes(4, "big") + part
    return out


def render(obj: Any) -> str:
    return json.dumps(obj, indent=1, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    VECTORS.mkdir(parents=True, exist_ok=True)
    for name, obj in build().items():
        (VECTORS / name).write_text(render(obj), encoding="utf-8")
        print(f"wrote {VECTORS / name}", file=sys.stderr)
