"""Hidden claims proven when they are made: an engine's Claim.hidden, turned into a claim
tree on version-2 ciphertexts of the claimer's cards (protocol/mental_poker_v2.md §10),
proves when the claim is true and cannot be proven when it is false; a proof of another
statement is refused blaming the claimer.  Thousand's follow and bid claims of
tests/games/test_thousand.py, the cards dealt under a 3-seat joint key."""

from __future__ import annotations

import random
from typing import Any

import pytest

from p2pcards.games import Claim
from p2pcards.games.thousand import Bid
from p2pcards.mental_poker import (
    BadClaimProof,
    InvalidPoint,
    InvalidScalar,
    MalformedMessage,
    NotCard,
    ProofContext,
    SeatKey,
    card_point,
    encrypt,
    joint_key,
    partial_decrypt,
)
from p2pcards.mental_poker._ristretto import mul, random_scalar
from p2pcards.table._claim_proofs import check_hidden, prove_hidden
from tests.games.test_thousand import Table, contested, give

TABLE = b"claims-table"


def dealt(t: Table, claim: Claim, seed: int = 1) -> tuple[list[SeatKey], dict[int, Any]]:
    """Every hidden position of the claim encrypted under a 3-seat key, with the ``W``
    everyone computes from the other seats' shares."""
    rnd = random.Random(seed).randbytes
    keys = [SeatKey.generate(rnd) for _ in range(3)]
    y = joint_key([k.public for k in keys])
    assert claim.hidden is not None
    held = {}
    for p in claim.hidden.positions:
        ct = encrypt(card_point(TABLE, t.dealer.cards[p].code), y, random_scalar(rnd))
        others = [mul(k.secret, ct[0]) for s, k in enumerate(keys) if s != claim.seat]
        held[p] = (ct, partial_decrypt(ct, others))
    return keys, held


def test_a_true_follow_claim_is_proven_and_a_false_one_cannot_be() -> None:
    t = Table()
    contested(t)
    give(t)
    t.play(0, "Qh", "marriage")
    t.play(1, "10h")  # beats Q♥: no claim
    t.play(2, "Jh")  # cannot beat 10♥: claims no higher heart (true)
    t.play(1, "9s")
    t.play(2, "9c")  # holds the trump 9♥ but plays a club: a false claim
    true, false = [c for c in t.state.claims() if c.seat == 2]
    for claim, ok in ((true, True), (false, False)):
        assert claim.hidden is not None
        keys, held = dealt(t, claim)
        ctx = ProofContext(TABLE, 0, 2, f"trick {claim.about['trick']} claim")
        rnd = random.Random(5).randbytes
        if ok:
            body = prove_hidden(ctx, keys[2], TABLE, claim.hidden, held, rnd)
            check_hidden(ctx, keys[2].public, TABLE, claim.hidden, held, body)
        else:
            with pytest.raises(ValueError, match="false"):
                prove_hidden(ctx, keys[2], TABLE, claim.hidden, held, rnd)
    # the true claim's proof does not prove the false one (another statement)
    keys, held = dealt(t, true)
    ctx = ProofContext(TABLE, 0, 2, "trick 2 claim")
    body = prove_hidden(ctx, keys[2], TABLE, true.hidden, held, random.Random(6).randbytes)  # type: ignore[arg-type]
    _, held2 = dealt(t, false)
    with pytest.raises((BadClaimProof, MalformedMessage)) as e:  # another tree: its shape
        check_hidden(ctx, keys[2].public, TABLE, false.hidden, {**held2}, body)  # type: ignore[arg-type]
    assert e.value.seat == 2


def test_a_bid_over_120_without_a_marriage_cannot_be_proven() -> None:
    t = Table()
    t.do(Bid(2, 125))  # seat 2 holds no marriage
    (claim,) = t.state.claims()
    keys, held = dealt(t, claim)
    ctx = ProofContext(TABLE, 0, 2, "bid")
    assert claim.hidden is not None
    with pytest.raises(ValueError, match="false"):
        prove_hidden(ctx, keys[2], TABLE, claim.hidden, held, random.Random(7).randbytes)


def test_the_move_claim_vector_of_protocol_table_md() -> None:
    """protocol/vectors/table_move_claim.json (protocol/table.md §2.1): the tree built from
    the public inputs has the vector's leaves, its proof verifies, and any change to the
    proof, the cards excluded or the statement makes it fail."""
    import json
    from pathlib import Path

    from p2pcards.cards import Card
    from p2pcards.games import HiddenClaim
    from p2pcards.table._claim_proofs import claim_tree

    v = json.loads(
        (Path(__file__).parents[2] / "protocol/vectors/table_move_claim.json").read_text()
    )
    b = bytes.fromhex
    st = v["statement"]
    hidden = HiddenClaim(
        st["kind"], tuple(st["positions"]), tuple(Card.from_code(c) for c in st["cards"])
    )
    held = {int(p): ((b(c1), b(c2)), b(w)) for p, (c1, c2, w) in v["held"].items()}
    ex = {int(p): frozenset(Card.from_code(c) for c in cs) for p, cs in v["excluded"].items()}
    uni = {int(p): tuple(Card.from_code(c) for c in cs) for p, cs in v["universe"].items()}
    table, key = b(v["table_id"]), b(v["key"])
    tree: Any = claim_tree(table, hidden, held, ex, universe=uni)

    def leaves(n: Any) -> list[list[str]]:
        if isinstance(n, tuple):
            return [["is", *(x.hex() for x in n)]]
        if isinstance(n, NotCard):
            return [["not", n.c1.hex(), n.w.hex(), n.m.hex()]]
        return [x for ch in n.children for x in leaves(ch)]

    assert leaves(tree) == v["leaves"]
    assert any(leaf[0] == "not" for leaf in v["leaves"])  # the inequality form is used
    ctx = ProofContext(table, v["hand"], v["seat"], v["step"])

    def unhex(x: Any) -> Any:
        return b(x) if isinstance(x, str) else [unhex(y) for y in x]

    body = unhex(v["proof"])
    check_hidden(ctx, key, table, hidden, held, body, ex, uni)
    p0 = hidden.positions[0]
    banned = [c for c in uni[p0] if c not in hidden.cards and c not in ex.get(p0, ())]
    for wrong_ex, wrong_uni in (
        ({**ex, p0: ex.get(p0, frozenset()) | {banned[0]}}, uni),  # a banned card excluded
        (ex, {**uni, p0: tuple(c for c in uni[p0] if c != banned[-1])}),  # another deck
        (ex, None),  # the deck not taken into account: the OR form
    ):
        with pytest.raises((BadClaimProof, MalformedMessage, InvalidScalar)):
            check_hidden(ctx, key, table, hidden, held, body, wrong_ex, wrong_uni)
    for i, r in enumerate(body[2]):  # every response of every leaf, one at a time
        for k in range(len(r) if isinstance(r, list) else 1):
            bad = unhex(v["proof"])
            if isinstance(r, list):
                bad[2][i][k] = r[k][:-1] + bytes([r[k][-1] ^ 1])
            else:
                bad[2][i] = r[:-1] + bytes([r[-1] ^ 1])
            with pytest.raises((BadClaimProof, MalformedMessage, InvalidScalar, InvalidPoint)):
                check_hidden(ctx, key, table, hidden, held, bad, ex, uni)
    other = ProofContext(table, v["hand"], v["seat"], "move 28 claim 0")  # another entry
    with pytest.raises(BadClaimProof):
        check_hidden(other, key, table, hidden, held, body, ex, uni)
