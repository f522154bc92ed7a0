"""protocol/vectors/*.json: fixed secrets in, exact bytes out (SPEC.md is normative)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from nacl.public import PrivateKey, SealedBox

from p2pcards.cards import Card
from p2pcards.mental_poker import (
    DeckSpec,
    HandContext,
    OpenShare,
    PublicShuffle,
    SealedShare,
    ShuffleSecrets,
    card_point,
    check_open_body,
    key_plaintext,
    open_body,
    open_key_shares,
    order_commitment,
    random_commitment,
    random_result,
    seal_key_shares,
    unlock,
    verify_deck,
    x25519_public_key,
)
from p2pcards.mental_poker._hash import digest, preimage
from p2pcards.mental_poker._keys import seal_ephemeral

VECTORS = Path(__file__).parents[2] / "protocol" / "vectors"


def _load(name: str) -> Any:
    return json.loads((VECTORS / name).read_text())


def _b(h: str) -> bytes:
    return bytes.fromhex(h)


def _field(f: dict[str, Any]) -> Any:
    if "bytes" in f:
        return _b(f["bytes"])
    if "int" in f:
        return f["int"]
    return [_field(g) for g in f["list"]]


def test_hash_vectors() -> None:
    for case in _load("hash.json")["cases"]:
        fields = [_field(f) for f in case["fields"]]
        assert preimage(case["name"], *fields).hex() == case["preimage"]
        assert digest(case["name"], *fields).hex() == case["digest"]


def test_card_point_vectors() -> None:
    cases = _load("card_points.json")["cases"]
    assert sum(len(c["points"]) for c in cases) == 76
    for c in cases:
        for code, point in c["points"].items():
            got = card_point(_b(c["table_id"]), c["hand"], Card.from_code(int(code)), c["version"])
            assert got.hex() == point


def _secrets_from_json(raw: list[Any]) -> list[Any]:
    seat, first, x, perm, salt, keys, seal_seed = raw
    return [seat, first, _b(x), perm, _b(salt), [_b(k) for k in keys], _b(seal_seed)]


def test_shuffle_vectors() -> None:
    v = _load("shuffle.json")
    inp, out = v["input"], v["output"]
    cards = [Card.from_code(c) for c in inp["cards"]]
    spec = DeckSpec.make(_b(inp["table_id"]), inp["hand"], inp["seats"], inp["first"], cards)
    wires = [_secrets_from_json(s) for s in inp["secrets"]]
    secrets = [ShuffleSecrets.from_wire(w, spec, i) for i, w in enumerate(wires)]
    assert [p.hex() for p in spec.points] == out["card_points"]
    # A receiver that checks every body ends with the vectors' decks.
    producer, receiver = PublicShuffle(spec), PublicShuffle(spec)
    while (t := producer.turn) is not None:
        receiver.accept(t[1], producer.contribute(secrets[t[1]]))
    seats = inp["seats"]
    assert [c.hex() for c in receiver.pass1_commitments] == out["pass1_commitments"]
    assert [[p.hex() for p in d] for d in receiver.decks[1 : seats + 1]] == out["pass1_decks"]
    assert [[c.hex() for c in k] for k in receiver.key_commitments] == out["key_commitments"]
    assert [[p.hex() for p in d] for d in receiver.decks[seats + 1 :]] == out["pass2_decks"]
    x_sk = [_b(k) for k in inp["x25519_secret_keys"]]
    pks = [x25519_public_key(k) for k in x_sk]
    assert [k.hex() for k in pks] == out["x25519_public_keys"]

    sh = out["sealed_share"]
    ps = sh["positions"]
    keys = [secrets[sh["sender"]].key(p) for p in ps]
    assert key_plaintext(spec, sh["sender"], sh["to"], ps, keys).hex() == sh["plaintext"]
    assert seal_ephemeral(spec, secrets[sh["sender"]], sh["to"], ps).hex() == sh["ephemeral_secret"]
    sealed = seal_key_shares(spec, secrets[sh["sender"]], sh["to"], pks[sh["to"]], ps)
    assert sealed.hex() == sh["sealed"]
    # libsodium's own sealed-box opener agrees.
    assert SealedBox(PrivateKey(x_sk[sh["to"]])).decrypt(sealed).hex() == sh["plaintext"]
    got = open_key_shares(receiver, sealed, sh["sender"], sh["to"], x_sk[sh["to"]], ps)
    assert got == dict(zip(ps, keys, strict=True))

    ob = out["open_body"]
    body = [ob["body"][0], [_b(k) for k in ob["body"][1]]]
    assert open_body(spec, secrets[ob["sender"]], body[0]) == body
    check_open_body(receiver, ob["sender"], body, body[0])

    deck = verify_deck(
        spec,
        receiver.bodies,
        wires,
        sealed_shares=[SealedShare(sh["sender"], sh["to"], tuple(ps), sealed)],
        open_shares=[OpenShare(ob["sender"], tuple(body[0]), body)],
        public_keys=pks,
    )
    assert [deck[p].code for p in spec.positions] == out["deck"]
    # Unlocking with every seat's keys gives the same cards.
    all_keys = {p: {s: secrets[s].key(p) for s in range(seats)} for p in spec.positions}
    assert {p: c.code for p, c in unlock(receiver, all_keys).items()} == {
        p: c.code for p, c in deck.items()
    }


def test_order_and_random_vectors() -> None:
    o = _load("order.json")
    i = o["input"]
    ctx = HandContext(_b(i["table_id"]), i["hand"], i["seats"])
    com = order_commitment(ctx, i["seat"], i["label"], i["order"], _b(i["salt"]))
    assert com.hex() == o["output"]["commitment"]
    r = _load("random.json")
    i = r["input"]
    ctx = HandContext(_b(i["table_id"]), i["hand"], i["seats"])
    values = [_b(v) for v in i["values"]]
    coms = [random_commitment(ctx, i["label"], s, v).hex() for s, v in enumerate(values)]
    assert coms == r["output"]["commitments"]
    for k, want in r["output"]["results"].items():
        assert random_result(ctx, i["label"], values, int(k)) == want


@pytest.mark.parametrize("name", ["hash", "card_points", "shuffle", "order", "random"])
def test_vector_files_exist(name: str) -> None:
    assert (VECTORS / f"{name}.json").stat().st_size > 100
