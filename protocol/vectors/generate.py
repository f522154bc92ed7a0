"""Regenerate the mental-poker test vectors: ``.venv/bin/python protocol/vectors/generate.py``.

The vectors pin the exact bytes of protocol/SPEC.md; tests/mental_poker/test_vectors.py
recomputes every output from the inputs written here.  Regenerate only on a deliberate
protocol change (and bump PROTOCOL_VERSION).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from p2pcards.cards import Card, deck
from p2pcards.mental_poker import (
    PROTOCOL_VERSION,
    DeckSpec,
    HandContext,
    HandOrderSecret,
    PublicShuffle,
    ShuffleSecrets,
    card_point,
    key_plaintext,
    open_body,
    order_commitment,
    random_commitment,
    random_result,
    seal_key_shares,
    verify_deck,
    x25519_public_key,
)
from p2pcards.mental_poker._hash import digest, preimage
from p2pcards.mental_poker._keys import seal_ephemeral

HERE = Path(__file__).parent
TABLE = bytes.fromhex("00112233445566778899aabbccddeeff")


def _hex(v: Any) -> Any:
    if isinstance(v, bytes):
        return v.hex()
    if isinstance(v, list | tuple):
        return [_hex(x) for x in v]
    if isinstance(v, dict):
        return {k: _hex(x) for k, x in v.items()}
    return v


def _write(name: str, data: dict[str, Any]) -> None:
    text = json.dumps(_hex(data), indent=1, ensure_ascii=False) + "\n"
    (HERE / name).write_text(text)


def _typed(f: Any) -> Any:
    if isinstance(f, bytes):
        return {"bytes": f.hex()}
    if isinstance(f, int):
        return {"int": f}
    return {"list": [_typed(g) for g in f]}


def hashing() -> None:
    cases = [
        ("card", [1, TABLE, 0, 0]),
        ("key-commit", [1, TABLE, 2, 3, 17, bytes(range(32))]),
        ("pass1", [1, TABLE, 2, 0, 1, bytes(32), [2, 0, 1], bytes([7]) * 32]),
    ]
    _write(
        "hash.json",
        {
            "comment": "digest(name, fields); SPEC.md, Hashing",
            "cases": [
                {
                    "name": n,
                    "fields": [_typed(x) for x in f],
                    "preimage": preimage(n, *f),
                    "digest": digest(n, *f),
                }
                for n, f in cases
            ],
        },
    )


def card_points() -> None:
    hands = [(0, deck(52)), (5, deck(24))]
    out = []
    for hand, cards in hands:
        out.append(
            {
                "table_id": TABLE,
                "hand": hand,
                "version": PROTOCOL_VERSION,
                "points": {str(c.code): card_point(TABLE, hand, c) for c in cards},
            }
        )
    _write("card_points.json", {"comment": "card code -> point", "cases": out})


def shuffle() -> None:
    seats, hand, first = 3, 7, 10
    cards = deck(24)
    spec = DeckSpec.make(TABLE, hand, seats, first, cards)
    rng = random.Random(20261129)
    secrets = [ShuffleSecrets.generate(spec, s, rng.randbytes) for s in range(seats)]
    x_sk = [rng.randbytes(32) for _ in range(seats)]
    rec = PublicShuffle(spec)
    while (t := rec.turn) is not None:
        rec.contribute(secrets[t[1]])
    truth = verify_deck(spec, rec.bodies, [s.to_wire() for s in secrets])
    reveal_ps = [first, first + 1, first + 5]
    sealed = seal_key_shares(spec, secrets[1], 0, x25519_public_key(x_sk[0]), reveal_ps)
    keys1 = [secrets[1].key(p) for p in reveal_ps]
    _write(
        "shuffle.json",
        {
            "comment": "3 seats, 24 cards at positions 10..33; secrets in, every output out",
            "input": {
                "version": PROTOCOL_VERSION,
                "table_id": TABLE,
                "hand": hand,
                "seats": seats,
                "first": first,
                "cards": [c.code for c in cards],
                "secrets": [s.to_wire() for s in secrets],
                "x25519_secret_keys": x_sk,
            },
            "output": {
                "card_points": list(spec.points),
                "pass1_commitments": rec.pass1_commitments,
                "pass1_decks": [list(d) for d in rec.decks[1 : seats + 1]],
                "key_commitments": [list(k) for k in rec.key_commitments],
                "pass2_decks": [list(d) for d in rec.decks[seats + 1 :]],
                "x25519_public_keys": [x25519_public_key(k) for k in x_sk],
                "deck": [truth[p].code for p in spec.positions],
                "sealed_share": {
                    "sender": 1,
                    "to": 0,
                    "positions": reveal_ps,
                    "plaintext": key_plaintext(spec, 1, 0, reveal_ps, keys1),
                    "ephemeral_secret": seal_ephemeral(spec, secrets[1], 0, reveal_ps),
                    "sealed": sealed,
                },
                "open_body": {"sender": 2, "body": open_body(spec, secrets[2], [first + 3])},
            },
        },
    )


def order_and_random() -> None:
    ctx = HandContext(TABLE, 4, 4)
    rng = random.Random(5)
    hand_positions = [3, 8, 12, 20, 27]
    sec = HandOrderSecret.generate(hand_positions, rng.randbytes)
    values = [rng.randbytes(32) for _ in range(4)]
    _write(
        "order.json",
        {
            "input": {
                "table_id": TABLE,
                "hand": 4,
                "seats": 4,
                "seat": 2,
                "label": 9,
                "order": list(sec.order),
                "salt": sec.salt,
            },
            "output": {"commitment": order_commitment(ctx, 2, 9, sec.order, sec.salt)},
        },
    )
    ks = [1, 2, 3, 4, 6, 36, 52, 1000, 2**32]
    _write(
        "random.json",
        {
            "input": {"table_id": TABLE, "hand": 4, "seats": 4, "label": 1, "values": values},
            "output": {
                "commitments": [random_commitment(ctx, 1, s, v) for s, v in enumerate(values)],
                "results": {str(k): random_result(ctx, 1, values, k) for k in ks},
            },
        },
    )


def main() -> None:
    hashing()
    card_points()
    shuffle()
    order_and_random()
    assert Card.from_code(0) == deck(52)[0]


if __name__ == "__main__":
    main()
