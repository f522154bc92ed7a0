"""protocol/vectors/v2_*.json: inputs and recorded random draws in, exact bytes out
(protocol/mental_poker_v2.md is normative); every vector's proof also verifies."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from p2pcards.mental_poker._claims import AllOf, AnyOf, Node, NotCard, check_claim, prove_claim
from p2pcards.mental_poker._domain import (
    ProofContext,
    card_point,
    generator,
    h512,
    lot_point,
    preimage,
)
from p2pcards.mental_poker._elgamal import Ciphertext, joint_key
from p2pcards.mental_poker._lots import lot_deck, lot_outcome
from p2pcards.mental_poker._reencryption import check_reencryption, reencrypt_proven
from p2pcards.mental_poker._seat_key import SeatKey, check_seat_key
from p2pcards.mental_poker._shares import check_shares, make_shares
from p2pcards.mental_poker._shuffle_proof import check_shuffle, shuffle_proven

VECTORS = Path(__file__).parents[2] / "protocol" / "vectors"


def load(name: str) -> Any:
    return json.loads((VECTORS / name).read_text())


def b(h: str) -> bytes:
    return bytes.fromhex(h)


def hexed(v: Any) -> Any:
    if isinstance(v, bytes):
        return v.hex()
    if isinstance(v, list | tuple):
        return [hexed(x) for x in v]
    return v


def replay(draws: list[str]) -> Callable[[int], bytes]:
    """``random_bytes`` that hands out the recorded draws in order (and checks sizes)."""
    it = iter(draws)

    def random_bytes(n: int) -> bytes:
        d = b(next(it))
        assert len(d) == n
        return d

    return random_bytes


def context(c: dict[str, Any]) -> ProofContext:
    return ProofContext(b(c["table_id"]), c["hand"], c["seat"], c["step"])


def test_hash() -> None:
    ctx = ProofContext(bytes.fromhex("00112233445566778899aabbccddeeff"), 7, 2, "deck 0 shuffle")
    fields: dict[str, list[Any]] = {
        "card": [2, ctx.table_id, 51],
        "seat-key": [ctx.fields(), bytes(32), bytes([1]) * 32],
    }
    for case in load("v2_hash.json")["cases"]:
        f = fields[case["name"]]
        assert preimage(case["name"], *f).hex() == case["preimage"]
        assert h512(case["name"], *f).hex() == case["sha512"]


def test_points() -> None:
    v = load("v2_points.json")
    t = b(v["table_id"])
    assert {k: card_point(t, int(k)).hex() for k in v["cards"]} == v["cards"]
    assert [lot_point(t, k).hex() for k in range(len(v["lots"]))] == v["lots"]
    assert [generator(t, i).hex() for i in range(len(v["generators"]))] == v["generators"]


def test_seat_key() -> None:
    v = load("v2_seat_key.json")
    ctx = context(v["context"])
    key = SeatKey.from_secret(b(v["secret"]))
    body = key.publish(ctx, replay(v["draws"]))
    assert hexed(body) == v["body"]
    assert check_seat_key(ctx, body) == key.public


def test_shares() -> None:
    v = load("v2_shares.json")
    ctx = context(v["context"])
    key = SeatKey.from_secret(b(v["secret"]))
    assert key.public.hex() == v["public"]
    c1s = [b(c) for c in v["c1"]]
    body = make_shares(ctx, key, c1s, replay(v["draws"]))
    assert hexed(body) == v["body"]
    assert check_shares(ctx, key.public, c1s, body) == body[0]


def test_reencryption() -> None:
    v = load("v2_reencryption.json")
    ctx = context(v["context"])
    ct: Ciphertext = (b(v["ciphertext"][0]), b(v["ciphertext"][1]))
    out, body = reencrypt_proven(ctx, b(v["key"]), ct, replay(v["draws"]))
    assert hexed(body) == v["body"]
    assert check_reencryption(ctx, b(v["key"]), ct, body) == out


def deck_of(w: list[list[str]]) -> list[Ciphertext]:
    return [(b(c1), b(c2)) for c1, c2 in w]


def test_shuffle() -> None:
    v = load("v2_shuffle.json")
    ctx = context(v["context"])
    deck = deck_of(v["deck_in"])
    out, body = shuffle_proven(ctx, b(v["key"]), deck, replay(v["draws"]))
    assert hexed(body) == v["body"]
    assert check_shuffle(ctx, b(v["key"]), deck, body) == out


def test_claim() -> None:
    v = load("v2_claim.json")
    ctx = context(v["context"])
    key = SeatKey.from_secret(b(v["secret"]))
    tree = AllOf(tuple(AnyOf(tuple((b(c1), b(w), b(m)) for c1, w, m in cl)) for cl in v["clauses"]))
    body = prove_claim(ctx, key, tree, replay(v["draws"]))
    assert hexed(body) == v["body"]
    check_claim(ctx, key.public, tree, body)


def tree_of(v: Any) -> Node:
    """A claim tree from its JSON form (protocol/vectors/generate_v2.py ``tree_json``)."""
    kind, rest = v[0], v[1:]
    if kind == "is":
        return (b(rest[0]), b(rest[1]), b(rest[2]))
    if kind == "not":
        return NotCard(b(rest[0]), b(rest[1]), b(rest[2]))
    children = tuple(tree_of(ch) for ch in rest[0])
    return AnyOf(children) if kind == "any" else AllOf(children)


def unhex(v: Any) -> Any:
    return b(v) if isinstance(v, str) else [unhex(x) for x in v]


def test_claim_with_inequalities() -> None:
    v = load("v2_claim_not.json")
    ctx = context(v["context"])
    key = SeatKey.from_secret(b(v["secret"]))
    tree = tree_of(v["tree"])
    body = prove_claim(ctx, key, tree, replay(v["draws"]))
    assert hexed(body) == v["body"]
    check_claim(ctx, key.public, tree, unhex(v["body"]))


def test_lots() -> None:
    v = load("v2_lots.json")
    keys = [SeatKey.from_secret(b(x)) for x in v["secrets"]]
    y = joint_key([k.public for k in keys])
    table = context(v["shuffles"][0]["context"]).table_id
    deck = lot_deck(table, v["k"], y)
    for step in v["shuffles"]:
        ctx = context(step["context"])
        _, body = shuffle_proven(ctx, y, deck, replay(step["draws"]))
        assert hexed(body) == step["body"]
        deck = check_shuffle(ctx, y, deck, body)
    shares = []
    for s, step in enumerate(v["opens"]):
        ctx = context(step["context"])
        body = make_shares(ctx, keys[s], [deck[0][0]], replay(step["draws"]))
        assert hexed(body) == step["body"]
        shares.append(check_shares(ctx, keys[s].public, [deck[0][0]], body)[0])
    assert lot_outcome(table, v["k"], deck[0], shares) == v["outcome"]
