"""Regenerate the version-2 vectors: ``.venv/bin/python protocol/vectors/generate_v2.py``.

Each vector gives the inputs, the random draws the prover consumed (64-byte strings, in
order: replay them instead of a PRNG) and every output byte; tests/mental_poker/
test_v2_vectors.py recomputes the outputs from the inputs and draws, and verifies them.
protocol/mental_poker_v2.md is normative.  Regenerate only on a deliberate protocol change.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parents[1]))

from p2pcards.mental_poker._claims import (  # noqa: E402
    AllOf,
    AnyOf,
    NotCard,
    each_card_in,
    no_card_in,
    prove_claim,
)
from p2pcards.mental_poker._domain import (  # noqa: E402
    ProofContext,
    card_point,
    generator,
    h512,
    lot_point,
    preimage,
)
from p2pcards.mental_poker._elgamal import (  # noqa: E402
    deck_wire,
    encrypt,
    initial_deck,
    joint_key,
    reencrypt,
)
from p2pcards.mental_poker._lots import lot_deck, lot_outcome  # noqa: E402
from p2pcards.mental_poker._reencryption import reencrypt_proven  # noqa: E402
from p2pcards.mental_poker._ristretto import random_scalar  # noqa: E402
from p2pcards.mental_poker._seat_key import SeatKey  # noqa: E402
from p2pcards.mental_poker._shares import make_shares, partial_decrypt  # noqa: E402
from p2pcards.mental_poker._shuffle_proof import shuffle_proven  # noqa: E402

TABLE = bytes.fromhex("00112233445566778899aabbccddeeff")


class Recorder:
    """A seeded ``random_bytes`` that records every draw."""

    def __init__(self, seed: int) -> None:
        self._r = random.Random(seed)
        self.draws: list[bytes] = []

    def __call__(self, n: int) -> bytes:
        b = self._r.randbytes(n)
        self.draws.append(b)
        return b

    def take(self) -> list[bytes]:
        out, self.draws = self.draws, []
        return out


def hexed(v: Any) -> Any:
    """JSON form: bytes as hex, tuples as lists."""
    if isinstance(v, bytes):
        return v.hex()
    if isinstance(v, list | tuple):
        return [hexed(x) for x in v]
    if isinstance(v, dict):
        return {k: hexed(x) for k, x in v.items()}
    return v


def write(name: str, data: dict[str, Any]) -> None:
    (HERE / name).write_text(json.dumps(hexed(data), indent=1, ensure_ascii=False) + "\n")


def ctx_json(c: ProofContext) -> dict[str, Any]:
    return {"table_id": c.table_id, "hand": c.hand, "seat": c.seat, "step": c.step}


def setup(seats: int, seed: int) -> tuple[Recorder, list[SeatKey], bytes]:
    rec = Recorder(seed)
    keys = [SeatKey.generate(rec) for _ in range(seats)]
    rec.take()
    return rec, keys, joint_key([k.public for k in keys])


def hashing() -> None:
    ctx = ProofContext(TABLE, 7, 2, "deck 0 shuffle")
    cases = [("card", [2, TABLE, 51]), ("seat-key", [ctx.fields(), bytes(32), bytes([1]) * 32])]
    write(
        "v2_hash.json",
        {
            "comment": "H(name, fields) = SHA-512(preimage); mental_poker_v2.md §3",
            "cases": [
                {"name": n, "preimage": preimage(n, *f), "sha512": h512(n, *f)} for n, f in cases
            ],
        },
    )


def points() -> None:
    write(
        "v2_points.json",
        {
            "comment": "mental_poker_v2.md §4",
            "table_id": TABLE,
            "cards": {str(c): card_point(TABLE, c) for c in range(52)},
            "lots": [lot_point(TABLE, k) for k in range(8)],
            "generators": [generator(TABLE, i) for i in range(8)],
        },
    )


def seat_key() -> None:
    rec = Recorder(101)
    key = SeatKey.generate(rec)
    rec.take()
    ctx = ProofContext(TABLE, 7, 1, "keys")
    body = key.publish(ctx, rec)
    write(
        "v2_seat_key.json",
        {
            "comment": "mental_poker_v2.md §5",
            "context": ctx_json(ctx),
            "secret": key.secret,
            "draws": rec.take(),
            "body": body,
        },
    )


def shares() -> None:
    rec, keys, y = setup(3, 202)
    deck = [
        reencrypt(ct, y, random_scalar(rec))
        for ct in initial_deck([card_point(TABLE, c) for c in (0, 13, 26, 39)], y)
    ]
    rec.take()
    ctx = ProofContext(TABLE, 7, 2, "deal")
    body = make_shares(ctx, keys[2], [c[0] for c in deck], rec)
    write(
        "v2_shares.json",
        {
            "comment": "mental_poker_v2.md §6 and §7: seat 2's shares of four C1",
            "context": ctx_json(ctx),
            "secret": keys[2].secret,
            "public": keys[2].public,
            "c1": [c[0] for c in deck],
            "draws": rec.take(),
            "body": body,
        },
    )


def reencryption() -> None:
    rec, _keys, y = setup(3, 303)
    ct = reencrypt(initial_deck([card_point(TABLE, 10)], y)[0], y, random_scalar(rec))
    rec.take()
    ctx = ProofContext(TABLE, 7, 0, "pass")
    _, body = reencrypt_proven(ctx, y, ct, rec)
    write(
        "v2_reencryption.json",
        {
            "comment": "mental_poker_v2.md §8",
            "context": ctx_json(ctx),
            "key": y,
            "ciphertext": list(ct),
            "draws": rec.take(),
            "body": body,
        },
    )


def shuffle() -> None:
    rec, _keys, y = setup(3, 404)
    deck = initial_deck([card_point(TABLE, c) for c in (0, 13, 26, 39)], y)
    rec.take()
    ctx = ProofContext(TABLE, 7, 1, "deck 0 shuffle")
    _, body = shuffle_proven(ctx, y, deck, rec)
    write(
        "v2_shuffle.json",
        {
            "comment": "mental_poker_v2.md §9: seat 1 shuffles the initial deck of four cards",
            "context": ctx_json(ctx),
            "key": y,
            "deck_in": deck_wire(deck),
            "draws": rec.take(),
            "body": body,
        },
    )


def two_held_cards(seed: int) -> tuple[Any, Any, list[Any]]:
    """Seat 0's two cards 2♠ and 2♣ at a 2-seat table, with seat 1's deal shares taken
    off: ``(rec, keys, [(ct, W), (ct, W)])`` (the draws of the deal are consumed)."""
    rec, keys, y = setup(2, seed)
    cards = [0, 39]  # 2♠, 2♣
    cts = [encrypt(card_point(TABLE, c), y, random_scalar(rec)) for c in cards]
    rec.take()
    ws = [
        partial_decrypt(
            ct, [make_shares(ProofContext(TABLE, 7, 1, "deal"), keys[1], [ct[0]], rec)[0][0]]
        )
        for ct in cts
    ]
    rec.take()
    return rec, keys, list(zip(cts, ws, strict=True))


def claim() -> None:
    rec, keys, held = two_held_cards(505)
    allowed = [card_point(TABLE, c) for c in (0, 26, 39)]  # not hearts, of three cards
    tree = each_card_in(held, allowed)
    ctx = ProofContext(TABLE, 7, 0, "trick 1")
    body = prove_claim(ctx, keys[0], tree, rec)
    write(
        "v2_claim.json",
        {
            "comment": "mental_poker_v2.md §10: seat 0 proves each of its two cards is in a "
            "set of three (AllOf of two AnyOf of three leaves [C1, W, M])",
            "context": ctx_json(ctx),
            "secret": keys[0].secret,
            "clauses": [[list(leaf) for leaf in any_of.children] for any_of in tree.children],
            "draws": rec.take(),
            "body": body,
        },
    )


def tree_json(node: Any) -> Any:
    """A claim tree as JSON: ``["is", C1, W, M]``, ``["not", C1, W, M]``, ``["any", [...]]``,
    ``["all", [...]]``."""
    if isinstance(node, tuple):
        return ["is", *node]
    if isinstance(node, NotCard):
        return ["not", node.c1, node.w, node.m]
    kind = "any" if isinstance(node, AnyOf) else "all"
    return [kind, [tree_json(ch) for ch in node.children]]


def claim_not() -> None:
    rec, keys, held = two_held_cards(515)
    hearts = [card_point(TABLE, c) for c in (13, 14)]  # 2♥, 3♥
    # "no card is 2♥ or 3♥" (real inequalities) and "card 0 is not 2♠ (false: simulated) or
    # card 1 is 2♣ (true: a real Chaum–Pedersen leaf)"
    tree = AllOf(
        (
            no_card_in(held, hearts),
            AnyOf(
                (
                    NotCard(held[0][0][0], held[0][1], card_point(TABLE, 0)),
                    (held[1][0][0], held[1][1], card_point(TABLE, 39)),
                )
            ),
        )
    )
    ctx = ProofContext(TABLE, 7, 0, "question 2")
    body = prove_claim(ctx, keys[0], tree, rec)
    write(
        "v2_claim_not.json",
        {
            "comment": "mental_poker_v2.md §10: inequality leaves (Camenisch-Shoup), real "
            "and simulated, beside a Chaum-Pedersen leaf; tree as [is|not, C1, W, M] / "
            "[any|all, children]",
            "context": ctx_json(ctx),
            "secret": keys[0].secret,
            "tree": tree_json(tree),
            "draws": rec.take(),
            "body": body,
        },
    )


def lots() -> None:
    rec, keys, y = setup(3, 606)
    deck = lot_deck(TABLE, 3, y)
    steps = []
    for s in range(3):
        ctx = ProofContext(TABLE, 7, s, "lot 0")
        out, body = shuffle_proven(ctx, y, deck, rec)
        steps.append({"context": ctx_json(ctx), "draws": rec.take(), "body": body})
        deck = out
    opens, shares = [], []
    for s in range(3):
        ctx = ProofContext(TABLE, 7, s, "lot 0 open")
        body = make_shares(ctx, keys[s], [deck[0][0]], rec)
        opens.append({"context": ctx_json(ctx), "draws": rec.take(), "body": body})
        shares.append(body[0][0])
    write(
        "v2_lots.json",
        {
            "comment": "mental_poker_v2.md §11: a lot of 3 outcomes among 3 seats",
            "secrets": [k.secret for k in keys],
            "k": 3,
            "shuffles": steps,
            "opens": opens,
            "outcome": lot_outcome(TABLE, 3, deck[0], shares),
        },
    )


MAKERS: list[Callable[[], None]] = [
    hashing,
    points,
    seat_key,
    shares,
    reencryption,
    shuffle,
    claim,
    claim_not,
    lots,
]


def main() -> None:
    for make in MAKERS:
        make()


if __name__ == "__main__":
    main()
