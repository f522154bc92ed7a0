"""Claims about hidden cards, proven when made: disjunctive Chaum–Pedersen proofs
(Cramer, Damgård and Schoenmakers, "Proofs of partial knowledge", CRYPTO '94, the OR
composition of Σ-protocols; made non-interactive by Fiat–Shamir).
protocol/mental_poker_v2.md, §10, is normative.

A hidden card of seat ``j`` is a ciphertext ``(C1, C2)`` whose other shares are public, so
everyone computes ``W = C2 − Σ_{i≠j} D_i = M + x_j·C1``.  A *branch* ``(C1, W, M_k)`` is the
statement "``Y_j = x_j·G`` and ``W − M_k = x_j·C1``", i.e. the card is ``M_k``.  A *clause*
is a list of branches, true when one branch is (an OR); a *claim* is a list of clauses, all
true (an AND), proven with one common challenge:

- "every card of my hand lies in the allowed set" (cannot follow suit, has no queen): one
  clause per card, its branches the allowed cards (:func:`each_card_in`);
- "one of my cards lies in the set" (the rank an asker must hold): one clause whose
  branches are every (card, allowed card) pair (:func:`some_card_in`).

Per clause the prover makes the true branch honestly and simulates the others (CDS):
random ``c_k, s_k`` with ``a_k = s_k·G + c_k·Y_j``, ``b_k = s_k·C1 + c_k·(W − M_k)``; true
branch: ``a = w·G``, ``b = w·C1``; ``c = H("claim-challenge", ctx, G, Y_j, every branch with
its a_k, b_k)``; the true branch gets ``c_* = c − Σ_{others} c_k`` and ``s_* = w − c_*·x_j``.
The verifier recomputes every ``a_k, b_k``, then checks for each clause ``Σ_k c_k = c``.
Body: ``[[[c_k...], [s_k...]] per clause]``.  Cost per branch: 1 base and 3 variable
multiplications to make or to check.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from p2pcards.mental_poker._domain import ProofContext, challenge
from p2pcards.mental_poker._elgamal import Ciphertext
from p2pcards.mental_poker._errors import BadClaimProof, MalformedMessage
from p2pcards.mental_poker._ristretto import (
    G,
    RandomBytes,
    add,
    check_scalar,
    mul,
    mul_base,
    random_scalar,
    s_mul,
    s_sub,
    s_sum,
    sub,
)
from p2pcards.mental_poker._seat_key import SeatKey

Branch = tuple[bytes, bytes, bytes]
"""``(C1, W, M)``: "the card with this ``C1`` and partial decryption ``W`` is ``M``"."""
Clause = list[Branch]


def each_card_in(
    cards: Sequence[tuple[Ciphertext, bytes]], allowed: Sequence[bytes]
) -> list[Clause]:
    """Clauses for "each of these hidden cards ``(ciphertext, W)`` is one of ``allowed``"
    (card points)."""
    return [[(ct[0], w, m) for m in allowed] for ct, w in cards]


def some_card_in(
    cards: Sequence[tuple[Ciphertext, bytes]], allowed: Sequence[bytes]
) -> list[Clause]:
    """One clause for "at least one of these hidden cards is one of ``allowed``"."""
    return [[(ct[0], w, m) for ct, w in cards for m in allowed]]


def _ab(y: bytes, branch: Branch, c: bytes, s: bytes) -> tuple[bytes, bytes]:
    c1, w, m = branch
    return add(mul_base(s), mul(c, y)), add(mul(s, c1), mul(c, sub(w, m)))


def _challenge(
    ctx: ProofContext, y: bytes, clauses: Sequence[Clause], ab: Sequence[Sequence[Any]]
) -> bytes:
    rows = [
        [[*branch, a, b] for branch, (a, b) in zip(cl, ab_cl, strict=True)]
        for cl, ab_cl in zip(clauses, ab, strict=True)
    ]
    return challenge("claim-challenge", ctx.fields(), G, y, rows)


def prove_claim(
    ctx: ProofContext,
    key: SeatKey,
    clauses: Sequence[Clause],
    true_branch: Sequence[int],
    random_bytes: RandomBytes,
) -> list[Any]:
    """The proof of ``clauses`` by seat ``ctx.seat`` holding ``key``; ``true_branch[i]`` is
    the index of a true branch of clause ``i`` (the prover knows its cards).  ValueError
    for an empty claim, an empty clause or a branch that is not true."""
    if not clauses or any(not cl for cl in clauses) or len(true_branch) != len(clauses):
        raise ValueError("a claim needs non-empty clauses and one true branch per clause")
    y = key.public
    sims: list[list[tuple[bytes, bytes]]] = []
    ab: list[list[tuple[bytes, bytes]]] = []
    nonces: list[bytes] = []
    for cl, t in zip(clauses, true_branch, strict=True):
        c1, w, m = cl[t]
        if sub(w, m) != mul(key.secret, c1):
            raise ValueError("the branch given as true is not")
        nonce = random_scalar(random_bytes)
        nonces.append(nonce)
        sim_cl, ab_cl = [], []
        for k, branch in enumerate(cl):
            if k == t:
                sim_cl.append((b"", b""))
                ab_cl.append((mul_base(nonce), mul(nonce, c1)))
            else:
                ck, sk = random_scalar(random_bytes), random_scalar(random_bytes)
                sim_cl.append((ck, sk))
                ab_cl.append(_ab(y, branch, ck, sk))
        sims.append(sim_cl)
        ab.append(ab_cl)
    c = _challenge(ctx, y, clauses, ab)
    out = []
    for sim_cl, t, nonce in zip(sims, true_branch, nonces, strict=True):
        c_true = s_sub(c, s_sum([ck for k, (ck, _) in enumerate(sim_cl) if k != t]))
        cs = [c_true if k == t else ck for k, (ck, _) in enumerate(sim_cl)]
        ss = [
            s_sub(nonce, s_mul(c_true, key.secret)) if k == t else sk
            for k, (_, sk) in enumerate(sim_cl)
        ]
        out.append([cs, ss])
    return out


def check_claim(ctx: ProofContext, public: bytes, clauses: Sequence[Clause], body: object) -> None:
    """Check seat ``ctx.seat``'s proof ``body`` of ``clauses`` (whose points the caller
    computed from checked entries) against its key ``public``.  Raises, blaming
    ``ctx.seat``: MalformedMessage (shape), InvalidScalar, BadClaimProof (the claim is
    not proven: a false claim)."""
    seat, step = ctx.seat, ctx.step
    if not isinstance(body, list | tuple) or len(body) != len(clauses) or not clauses:
        raise MalformedMessage(f"claim proof is not {len(clauses)} clauses", seat=seat, step=step)
    parsed = []
    for i, (cl, part) in enumerate(zip(clauses, body, strict=True)):
        if (
            not isinstance(part, list | tuple)
            or len(part) != 2
            or not all(isinstance(x, list | tuple) and len(x) == len(cl) for x in part)
        ):
            raise MalformedMessage(
                f"claim proof of clause {i} is not [c list, s list] of {len(cl)}",
                seat=seat,
                step=step,
                position=i,
            )
        cs = [check_scalar(x, what="claim c", seat=seat, step=step, position=i) for x in part[0]]
        ss = [check_scalar(x, what="claim s", seat=seat, step=step, position=i) for x in part[1]]
        parsed.append((cs, ss))
    ab = [
        [_ab(public, br, ck, sk) for br, ck, sk in zip(cl, cs, ss, strict=True)]
        for cl, (cs, ss) in zip(clauses, parsed, strict=True)
    ]
    c = _challenge(ctx, public, clauses, ab)
    for i, (cs, _) in enumerate(parsed):
        if s_sum(cs) != c:
            raise BadClaimProof(
                "the claim about hidden cards is not proven", seat=seat, step=step, position=i
            )
