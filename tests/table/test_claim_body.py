"""Soundness of a move's claim proofs, field by field (protocol/table.md §2.1).

The body ``[move, [proof, ...]]`` of a real Thousand move whose claim about its author's
hidden cards is proven at its entry (a declared marriage or a follow-suit duty), each
proof ``[c, [[c_k] per AnyOf node], [s per leaf]]`` (protocol/mental_poker_v2.md §10).
Every field is changed in turn, the entry re-signed by its author (a modified client,
not a relay: the signature is valid), and fed to an observer table that holds the log
before it: each mutation is rejected at that very entry with the author blamed, nothing
after it is accepted, and the unchanged body passes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from p2pcards.games import encode_event
from p2pcards.games.thousand import Play
from p2pcards.mental_poker._ristretto import L
from p2pcards.table import CheatDetected, Offence, Table
from p2pcards.transcript import peek_entry
from tests.table.harness import Harness
from tests.table.test_cheats import resign


class _Found(Exception):
    """Stops the harness once the wanted move entry is in its author's log."""


def _wanted(body: Any) -> bool:
    """A claim body whose first proof has at least two AnyOf nodes, one with two
    children or more, and at least three responses (every kind of field to change)."""
    if not (isinstance(body, list) and len(body) == 2 and isinstance(body[0], list)):
        return False
    proof = body[1][0]
    return len(proof[1]) >= 2 and max(len(cs) for cs in proof[1]) >= 2 and len(proof[2]) >= 3


@pytest.fixture(scope="module")
def claimed() -> tuple[Harness, list[bytes], int]:
    """An honest 3-seat Thousand table run until a move with such a proof is logged:
    (the harness, its author's log up to and including that entry, the entry's seq)."""
    found: list[tuple[int, int]] = []

    def decide(h: Harness, seat: int, t: Table, legal: list[Any]) -> Any:
        for s, tt in enumerate(h.tables):
            for e in tt.log:
                if e.kind == "move" and e.seat == s and _wanted(e.body):
                    found.append((s, e.seq))
                    raise _Found
        return h.bot(t.view(), legal, h.bot_rngs[seat])

    h = Harness("thousand", 3, seed=3, decide=decide)
    with pytest.raises(_Found):
        h.run()
    author, seq = found[0]
    return h, [e.raw for e in h.tables[author].log][: seq + 1], seq


def _feed(h: Harness, log: list[bytes], last: bytes) -> tuple[Table, list[Any]]:
    """An observer table given the log before ``last``, then ``last``: its outputs."""
    t = Table(log[0], proof_cache=h.proof_cache)
    t.start()
    for raw in log[1:-1]:
        t.receive(raw)
    assert len(t.log) == len(log) - 1 and not t.halted
    return t, t.receive(last)


def _flip(x: bytes, i: int = 0) -> bytes:
    return x[:i] + bytes([x[i] ^ 1]) + x[i + 1 :]


def _scalar(n: int) -> bytes:
    return n.to_bytes(32, "little")


Mutation = Callable[[Any, Any], Any]
"""``(move, proofs) -> body``: the move's encoding and its proofs, changed."""


def _proof(change: Callable[[list[Any]], list[Any]]) -> Mutation:
    """Change proof 0 (a copy) by ``change``."""
    return lambda move, proofs: [move, [change(list(proofs[0])), *proofs[1:]]]


def _at(field: int, change: Callable[[Any], Any]) -> Mutation:
    """Change field ``field`` of proof 0 (0 the challenge, 1 the AnyOf challenges,
    2 the responses) by ``change``."""

    def one(p: list[Any]) -> list[Any]:
        p[field] = change(p[field])
        return p

    return _proof(one)


def _item(field: int, k: int, change: Callable[[Any], Any]) -> Mutation:
    """Change item ``k`` of list field ``field`` of proof 0."""
    return _at(field, lambda xs: [change(x) if i == k else x for i, x in enumerate(xs)])


def _swap(xs: list[Any], i: int, j: int) -> list[Any]:
    ys = list(xs)
    ys[i], ys[j] = ys[j], ys[i]
    return ys


def _node_with_two(proofs: Any) -> int:
    return next(k for k, cs in enumerate(proofs[0][1]) if len(cs) >= 2)


MUTATIONS: dict[str, Mutation] = {
    # the body's shape
    "proofs stripped (the bare move)": lambda move, proofs: move,
    "proofs not a list": lambda move, proofs: [move, b"proofs"],
    "no proof (empty list)": lambda move, proofs: [move, []],
    "an extra proof (proof 0 twice)": lambda move, proofs: [move, [*proofs, proofs[0]]],
    "a third item in the body": lambda move, proofs: [move, proofs, []],
    # the move field
    "the move not an event": lambda move, proofs: [[9, 9, 9], proofs],
    "the move of another seat": lambda move, proofs: [
        [*move[:2], (move[2] + 1) % 3, *move[3:]],
        proofs,
    ],
    # one proof's shape
    "proof not a list": _proof(lambda p: b"proof"),  # type: ignore[arg-type,return-value]
    "proof of two items": _proof(lambda p: p[:2]),
    "proof of four items": _proof(lambda p: [*p, p[0]]),
    # the challenge c
    "c bit flipped": _at(0, _flip),
    "c last byte flipped": _at(0, lambda c: _flip(c, 31)),
    "c zero": _at(0, lambda c: bytes(32)),
    "c not canonical (+ group order)": _at(0, lambda c: _scalar(int.from_bytes(c, "little") + L)),
    "c 31 bytes": _at(0, lambda c: c[:31]),
    "c an int": _at(0, lambda c: 1),
    # the AnyOf challenges
    "challenges not a list": _at(1, lambda cs: b"cs"),
    "a node's challenges dropped": _at(1, lambda cs: cs[1:]),
    "a node's challenges added": _at(1, lambda cs: [*cs, cs[0]]),
    "two nodes swapped": _at(1, lambda cs: _swap(cs, 0, 1)),
}


def _node_mutations(proofs: Any) -> dict[str, Mutation]:
    """Per AnyOf node and per challenge of the node with two or more: each flipped; that
    node's challenges swapped, one dropped, one added."""
    out: dict[str, Mutation] = {}
    for k, cs in enumerate(proofs[0][1]):
        for i in range(len(cs)):
            out[f"node {k} challenge {i} flipped"] = _item(
                1, k, lambda xs, i=i: [_flip(x) if j == i else x for j, x in enumerate(xs)]
            )
    k = _node_with_two(proofs)
    out[f"node {k} challenges swapped"] = _item(1, k, lambda xs: _swap(xs, 0, 1))
    out[f"node {k} challenge dropped"] = _item(1, k, lambda xs: xs[1:])
    out[f"node {k} challenge added"] = _item(1, k, lambda xs: [*xs, xs[0]])
    return out


def _response_mutations(proofs: Any) -> dict[str, Mutation]:
    """Each response flipped; the first two swapped; one dropped, one added; one zero
    and one not canonical."""
    out: dict[str, Mutation] = {}
    for i in range(len(proofs[0][2])):
        out[f"response {i} flipped"] = _item(2, i, _flip)
    out["responses 0 and 1 swapped"] = _at(2, lambda ss: _swap(ss, 0, 1))
    out["a response dropped"] = _at(2, lambda ss: ss[:-1])
    out["a response added"] = _at(2, lambda ss: [*ss, ss[0]])
    out["response 0 zero"] = _item(2, 0, lambda s: bytes(32))
    out["response 0 not canonical"] = _item(
        2, 0, lambda s: _scalar(int.from_bytes(s, "little") + L)
    )
    out["responses not a list"] = _at(2, lambda ss: b"ss")
    return out


def test_every_field_of_a_move_s_claim_proofs_changed_is_blamed_on_its_author_at_its_entry(
    claimed: tuple[Harness, list[bytes], int],
) -> None:
    h, log, seq = claimed
    entry = peek_entry(log[-1])
    author = entry.seat
    move, proofs = entry.body
    assert isinstance(h.tables[author].game.decode_event(move), Play)
    t, outs = _feed(h, log, log[-1])  # the honest body: proven
    assert not [o for o in outs if isinstance(o, CheatDetected)] and len(t.log) == seq + 1
    kind = t.engine.claims()[-1].kind  # the claim the proofs prove
    assert t.engine.claims()[-1].seat == author and kind in ("marriage", "follow", "bid")
    mutations = {**MUTATIONS, **_node_mutations(proofs), **_response_mutations(proofs)}
    assert len(mutations) > 35
    for name, mutate in mutations.items():
        body = mutate(move, proofs)
        assert body != entry.body, name
        t, outs = _feed(h, log, resign(h, author, log[-1], body))
        cheats = [o for o in outs if isinstance(o, CheatDetected)]
        assert [(c.seat, c.seq) for c in cheats] == [(author, seq)], (name, outs)
        assert t.halted, name
        c = cheats[0]
        if c.offence is Offence.FALSE_CLAIM:  # a proof that fails: the claim is named
            assert c.claim is not None and c.claim.kind == kind, name
            assert c.rule == c.claim.rule and "not proven at its entry" in c.detail, name
        else:  # a body that is no move with proofs at all
            assert c.offence is Offence.PROTOCOL, (name, c)
        assert len(t.log) <= seq + 1, name  # nothing after it
    # the move itself re-encoded by its author, proofs unchanged: the same entry bytes
    assert encode_event(h.tables[author].game.decode_event(move)) == move
