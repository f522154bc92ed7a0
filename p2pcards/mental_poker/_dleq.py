"""Chaum–Pedersen proofs of equal discrete logarithms, batched as in RFC 9497, with the
seed over every pair as in Privacy Pass's batched proof.

Statement: ``B = k·A`` and ``D_i = k·C_i`` for every ``i`` (one secret ``k``).  This is
Chaum and Pedersen's protocol (CRYPTO '92) made non-interactive by Fiat–Shamir, with many
pairs folded into one by random linear combination as RFC 9497 (OPRFs), section 2.2.1,
``GenerateProof`` / ``VerifyProof`` / ``ComputeComposites`` does, except that the seed of
the weights hashes every pair too, as the batched DLEQ proof of Davidson, Goldberg,
Sullivan, Tankersley and Valsorda (Privacy Pass, PoPETs 2018) does: RFC 9497's seed binds
only ``B``, so each weight depends on its own pair alone and a prover choosing many wrong
shares could look for a set whose errors cancel by Wagner's k-sum algorithm
(protocol/mental_poker_v2.md §6, "Soundness of the batch").  Our :class:`ProofContext`
and ``purpose`` take the place of the RFC's ``contextString``.
protocol/mental_poker_v2.md, §6, is normative.

Proof ``[c, s]`` (two scalars):

1. ``seed = H("dleq-seed", purpose, ctx, A, B, [C_i], [D_i])`` (64 bytes);
2. ``d_i = H("dleq-composite", seed, i, C_i, D_i)`` mod L; ``M = Σ d_i·C_i``,
   ``Z = Σ d_i·D_i`` (the prover may use ``Z = k·M``: ComputeCompositesFast);
3. prover: ``r`` random, ``t2 = r·A``, ``t3 = r·M``;
4. ``c = H("dleq-challenge", purpose, ctx, A, B, M, Z, t2, t3)`` mod L;
5. ``s = r − c·k`` mod L.

Verifier: steps 1–2, then ``t2 = s·A + c·B``, ``t3 = s·M + c·Z``, and accept iff step 4
gives ``c``.  Costs (multiplications): prover ``m + 3``, verifier ``2m + 4``.
"""

from __future__ import annotations

from collections.abc import Sequence

from p2pcards.mental_poker._domain import ProofContext, challenge, h512
from p2pcards.mental_poker._errors import InvalidProof, MalformedMessage, blaming
from p2pcards.mental_poker._ristretto import RandomBytes, add_all, check_scalar, mul, random_scalar
from p2pcards.mental_poker._sigma import commit, recommit, respond


def weights(
    ctx: ProofContext,
    purpose: bytes,
    a: bytes,
    b: bytes,
    cs: Sequence[bytes],
    ds: Sequence[bytes],
) -> list[bytes]:
    """The weights ``d_i`` of steps 1–2 (scalars, one per pair): each a hash of every
    public input and every pair, so no pair's weight can be chosen apart from the
    others'."""
    seed = h512("dleq-seed", purpose, ctx.fields(), a, b, list(cs), list(ds))
    return [
        challenge("dleq-composite", seed, i, c, d)
        for i, (c, d) in enumerate(zip(cs, ds, strict=True))
    ]


def composites(
    ctx: ProofContext,
    purpose: bytes,
    a: bytes,
    b: bytes,
    cs: Sequence[bytes],
    ds: Sequence[bytes] | None,
    k: bytes | None = None,
) -> tuple[bytes, bytes]:
    """RFC 9497's ``ComputeComposites`` (``ds`` given) or ``ComputeCompositesFast``
    (``ds`` given for the weights and ``k`` given: ``Z = k·M``): ``(M, Z)``."""
    assert ds is not None and len(cs) == len(ds)
    ws = weights(ctx, purpose, a, b, cs, ds)
    m = add_all([mul(w, c) for w, c in zip(ws, cs, strict=True)])
    if k is not None:
        return m, mul(k, m)
    return m, add_all([mul(w, d) for w, d in zip(ws, ds, strict=True)])


def _challenge(
    ctx: ProofContext, purpose: bytes, a: bytes, b: bytes, m: bytes, z: bytes, t2: bytes, t3: bytes
) -> bytes:
    return ctx.challenge("dleq-challenge", a, b, m, z, t2, t3, purpose=purpose)


def prove_dleq(
    ctx: ProofContext,
    purpose: bytes,
    k: bytes,
    a: bytes,
    b: bytes,
    cs: Sequence[bytes],
    ds: Sequence[bytes],
    random_bytes: RandomBytes,
) -> list[bytes]:
    """The proof ``[c, s]`` that ``b = k·a`` and ``ds[i] = k·cs[i]`` (steps 1–5).  The
    caller computed ``b`` and ``ds`` with ``k``; ``cs`` is non-empty."""
    if not cs:
        raise ValueError("a DLEQ proof needs at least one pair")
    m, z = composites(ctx, purpose, a, b, cs, ds, k)
    r = random_scalar(random_bytes)
    t2, t3 = commit(r, [a, m])
    c = _challenge(ctx, purpose, a, b, m, z, t2, t3)
    return [c, respond(r, c, k)]


def verify_dleq(
    ctx: ProofContext,
    purpose: bytes,
    a: bytes,
    b: bytes,
    cs: Sequence[bytes],
    ds: Sequence[bytes],
    proof: object,
    *,
    error: type[InvalidProof],
    what: str,
) -> None:
    """Check ``proof`` for the statement of :func:`prove_dleq`; every point must already be
    checked.  Raises MalformedMessage / InvalidScalar (bad shape) or ``error`` (does not
    verify), blaming ``ctx.seat``."""
    seat, step = ctx.seat, ctx.step
    if not isinstance(proof, list | tuple) or len(proof) != 2:
        raise MalformedMessage(f"{what} proof is not [c, s]", seat=seat, step=step)
    c = check_scalar(proof[0], what=f"{what} proof c", seat=seat, step=step)
    s = check_scalar(proof[1], what=f"{what} proof s", seat=seat, step=step)
    if not cs or len(cs) != len(ds):
        raise MalformedMessage(f"{what}: nothing to prove", seat=seat, step=step)
    with blaming(error, seat, step):
        m, z = composites(ctx, purpose, a, b, cs, ds)
        t2, t3 = recommit(s, c, [a, m], [b, z])
    if _challenge(ctx, purpose, a, b, m, z, t2, t3) != c:
        raise error(f"the Chaum–Pedersen proof of the {what} does not verify", seat=seat, step=step)
