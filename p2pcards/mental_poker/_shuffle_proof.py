"""Proof of a correct re-encryption shuffle: Terelius–Wikström (AFRICACRYPT 2010) exactly as
Haenni, Locher, Koenig and Dubuis, "Pseudo-code algorithms for verifiable re-encryption
mix-nets" (FC 2017 workshops, Voting'17), algorithms 8.4 GenShuffleProof and 8.5
CheckShuffleProof (numbered as in the CHVote specification they come from), in additive
notation.  protocol/mental_poker_v2.md, §9, is normative.

Notation (paper → here).  ElGamal ``e = (a, b) = (m·pk^r, g^r)`` is ``(C2, C1) = (M + r·Y,
r·G)``; products become sums, ``x^k`` becomes ``k·X``.  ``g = G``, ``pk = Y``, ``h`` and
``h_1..h_N`` the table's generators (:func:`~p2pcards.mental_poker._domain.generator` 0 and
1..N).  The permutation ``ψ``: output ``i`` is input ``ψ(i)`` re-encrypted with the
randomizer ``r'_{ψ(i)}`` (``rr[j]`` is input ``j``'s randomizer, as in the paper).

Body of a shuffle entry: ``[deck_out, proof]`` with ``proof =
[c_list, ĉ_list, [t1, t2, t3, t41, t42], t̂_list, [s1, s2, s3, s4], ŝ_list, s'_list]``.

Cost for N ciphertexts (multiplications, variable base + fixed base): shuffling N + N;
proving 5N + 3N; checking 8N + N, plus 5N point checks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from p2pcards.mental_poker._domain import ProofContext, challenge, generator, h512
from p2pcards.mental_poker._draw import random_permutation
from p2pcards.mental_poker._elgamal import Ciphertext, check_deck, deck_wire, reencrypt
from p2pcards.mental_poker._errors import BadShuffleProof, MalformedMessage, blaming
from p2pcards.mental_poker._ristretto import (
    ONE,
    G,
    RandomBytes,
    add,
    add_all,
    check_points,
    check_scalar,
    mul,
    mul_base,
    random_scalar,
    s_add,
    s_mul,
    s_neg,
    s_prod,
    s_sum,
    sub,
)


@dataclass(frozen=True, slots=True)
class ShuffleWitness:
    """The shuffler's secret: ``psi[i]`` = the input index of output ``i``, ``rr[j]`` = the
    randomizer re-encrypting input ``j``.  Never published."""

    psi: tuple[int, ...]
    rr: tuple[bytes, ...]


def generators(table_id: bytes, n: int) -> tuple[bytes, list[bytes]]:
    """``(h, [h_1..h_n])`` of a table (cached)."""
    return generator(table_id, 0), [generator(table_id, i) for i in range(1, n + 1)]


def shuffle(
    deck: Sequence[Ciphertext], key: bytes, random_bytes: RandomBytes
) -> tuple[list[Ciphertext], ShuffleWitness]:
    """GenShuffle (algorithm 8.1): a uniform permutation (Fisher–Yates) and a fresh
    randomizer per ciphertext; returns the output deck and the witness."""
    n = len(deck)
    psi = random_permutation(random_bytes, n)
    rr = [random_scalar(random_bytes) for _ in range(n)]
    out = [reencrypt(deck[psi[i]], key, rr[psi[i]]) for i in range(n)]
    return out, ShuffleWitness(tuple(psi), tuple(rr))


def _u_seed(
    ctx: ProofContext,
    key: bytes,
    h: bytes,
    hs: Sequence[bytes],
    deck_in: Sequence[Ciphertext],
    deck_out: Sequence[Ciphertext],
    cs: Sequence[bytes],
) -> bytes:
    # GetChallenges(N, y = (e, e', c, pk)): one hash of every public input, then one
    # challenge per index (the paper's H = RecHash(y), u_i = Hash(H, i)).
    return h512(
        "shuffle-u",
        ctx.fields(),
        G,
        h,
        list(hs),
        key,
        deck_wire(deck_in),
        deck_wire(deck_out),
        list(cs),
    )


def _us(seed: bytes, n: int) -> list[bytes]:
    return [challenge("shuffle-u", seed, i) for i in range(n)]


def _challenge(
    seed: bytes, c_hats: Sequence[bytes], t: Sequence[bytes], t_hats: Sequence[bytes]
) -> bytes:
    # GetChallenge(y, t) with y = (e, e', c, ĉ, pk): seed covers e, e', c, pk and the rest of
    # the context; ĉ and t are added here.
    return challenge("shuffle-challenge", seed, list(c_hats), list(t), list(t_hats))


def prove_shuffle(
    ctx: ProofContext,
    key: bytes,
    deck_in: Sequence[Ciphertext],
    deck_out: Sequence[Ciphertext],
    witness: ShuffleWitness,
    random_bytes: RandomBytes,
) -> list[Any]:
    """GenShuffleProof (algorithm 8.4): the proof that ``deck_out`` is ``deck_in``
    permuted by ``witness.psi`` and re-encrypted under ``key`` with ``witness.rr``."""
    n = len(deck_in)
    psi, rr = witness.psi, witness.rr
    h, hs = generators(ctx.table_id, n)
    # GenPermutationCommitment (8.2): c_{ψ(i)} = r_{ψ(i)}·G + h_i.
    r = [random_scalar(random_bytes) for _ in range(n)]
    cs = [b""] * n
    for i in range(n):
        j = psi[i]
        cs[j] = add(mul_base(r[j]), hs[i])
    # 1. u ← GetChallenges(N, (e, e', c, pk)); u'_i = u_{ψ(i)}.
    seed = _u_seed(ctx, key, h, hs, deck_in, deck_out, cs)
    u = _us(seed, n)
    u_p = [u[psi[i]] for i in range(n)]
    # 2. GenCommitmentChain (8.3): ĉ_0 = h, ĉ_i = r̂_i·G + u'_i·ĉ_{i−1}.
    r_hat = [random_scalar(random_bytes) for _ in range(n)]
    c_hats = []
    prev = h
    for i in range(n):
        prev = add(mul_base(r_hat[i]), mul(u_p[i], prev))
        c_hats.append(prev)
    # 3. v_N = 1, v_{i−1} = u'_i·v_i; r̄ = Σ r_j, r̂ = Σ r̂_i v_i, r̃ = Σ r_j u_j, r' = Σ r'_j u_j.
    v = [ONE] * n
    for i in range(n - 2, -1, -1):
        v[i] = s_mul(u_p[i + 1], v[i + 1])
    r_bar = s_sum(r)
    r_hat_sum = s_sum([s_mul(r_hat[i], v[i]) for i in range(n)])
    r_tilde = s_sum([s_mul(r[j], u[j]) for j in range(n)])
    r_prime = s_sum([s_mul(rr[j], u[j]) for j in range(n)])
    # 4. ω1..ω4, ω̂_i, ω'_i random.
    w1, w2, w3, w4 = (random_scalar(random_bytes) for _ in range(4))
    w_hat = [random_scalar(random_bytes) for _ in range(n)]
    w_p = [random_scalar(random_bytes) for _ in range(n)]
    # 5. t1 = ω1·G, t2 = ω2·G, t3 = ω3·G + Σ ω'_i·h_i,
    #    t4,1 = −ω4·Y + Σ ω'_i·a'_i (a' = C2'), t4,2 = −ω4·G + Σ ω'_i·b'_i (b' = C1').
    t1, t2 = mul_base(w1), mul_base(w2)
    t3 = add(mul_base(w3), add_all([mul(w_p[i], hs[i]) for i in range(n)]))
    nw4 = s_neg(w4)
    t41 = add(mul(nw4, key), add_all([mul(w_p[i], deck_out[i][1]) for i in range(n)]))
    t42 = add(mul_base(nw4), add_all([mul(w_p[i], deck_out[i][0]) for i in range(n)]))
    # 6. t̂_i = ω̂_i·G + ω'_i·ĉ_{i−1}.
    t_hats = []
    prev = h
    for i in range(n):
        t_hats.append(add(mul_base(w_hat[i]), mul(w_p[i], prev)))
        prev = c_hats[i]
    # 7. c ← GetChallenge(y, t).
    t = [t1, t2, t3, t41, t42]
    c = _challenge(seed, c_hats, t, t_hats)
    # 8. s1 = ω1 + c·r̄, s2 = ω2 + c·r̂, s3 = ω3 + c·r̃, s4 = ω4 + c·r',
    #    ŝ_i = ω̂_i + c·r̂_i, s'_i = ω'_i + c·u'_i.
    s = [
        s_add(w1, s_mul(c, r_bar)),
        s_add(w2, s_mul(c, r_hat_sum)),
        s_add(w3, s_mul(c, r_tilde)),
        s_add(w4, s_mul(c, r_prime)),
    ]
    s_hat = [s_add(w_hat[i], s_mul(c, r_hat[i])) for i in range(n)]
    s_p = [s_add(w_p[i], s_mul(c, u_p[i])) for i in range(n)]
    return [cs, c_hats, t, t_hats, s, s_hat, s_p]


def shuffle_proven(
    ctx: ProofContext, key: bytes, deck_in: Sequence[Ciphertext], random_bytes: RandomBytes
) -> tuple[list[Ciphertext], list[Any]]:
    """Shuffle ``deck_in`` under ``key`` and prove it: ``(deck_out, body)`` with body
    ``[deck_out, proof]`` for the entry.  Reproducible from ``random_bytes``."""
    if not deck_in:
        raise ValueError("cannot shuffle an empty deck")
    out, witness = shuffle(deck_in, key, random_bytes)
    proof = prove_shuffle(ctx, key, deck_in, out, witness, random_bytes)
    return out, [deck_wire(out), proof]


def check_shuffle(
    ctx: ProofContext, key: bytes, deck_in: Sequence[Ciphertext], body: object
) -> list[Ciphertext]:
    """CheckShuffleProof (algorithm 8.5) of seat ``ctx.seat``'s body ``[deck_out, proof]``
    for ``deck_in`` (checked points) under ``key``; returns ``deck_out``.

    Raises, blaming ``ctx.seat``: MalformedMessage (shape), InvalidPoint (a point of the
    output deck or the proof invalid or the identity; the index is the position),
    InvalidScalar (a response not below L), BadShuffleProof (an output ciphertext equal to
    an input one or to another output one, or the proof does not verify)."""
    seat, step = ctx.seat, ctx.step
    n = len(deck_in)
    if not isinstance(body, list | tuple) or len(body) != 2:
        raise MalformedMessage("shuffle body is not [deck, proof]", seat=seat, step=step)
    out = check_deck(body[0], n, what="shuffled ciphertext", seat=seat, step=step)
    seen = {(ct[0], ct[1]) for ct in deck_in}
    for i, ct in enumerate(out):
        if ct in seen:
            raise BadShuffleProof(
                "a ciphertext is repeated or was not re-randomized",
                seat=seat,
                step=step,
                position=i,
            )
        seen.add(ct)
    proof = body[1]
    if not isinstance(proof, list | tuple) or len(proof) != 7:
        raise MalformedMessage("shuffle proof is not a list of 7", seat=seat, step=step)

    def pts(k: int, m: int, what: str) -> list[bytes]:
        return check_points(proof[k], m, what=f"shuffle proof {what}", seat=seat, step=step)

    def scs(k: int, m: int, what: str) -> list[bytes]:
        if not isinstance(proof[k], list | tuple) or len(proof[k]) != m:
            raise MalformedMessage(f"shuffle proof {what} is not {m} scalars", seat=seat, step=step)
        return [
            check_scalar(x, what=f"shuffle proof {what}", seat=seat, step=step, position=i)
            for i, x in enumerate(proof[k])
        ]

    cs, c_hats, t, t_hats = pts(0, n, "c"), pts(1, n, "ĉ"), pts(2, 5, "t"), pts(3, n, "t̂")
    s, s_hat, s_p = scs(4, 4, "s"), scs(5, n, "ŝ"), scs(6, n, "s'")
    with blaming(BadShuffleProof, seat, step):
        ok, recomputed = _check(ctx, key, deck_in, out, cs, c_hats, t, t_hats, s, s_hat, s_p)
    # 5. accept iff every t equals its recomputed t'.
    if not (ok and recomputed == list(t)):
        raise BadShuffleProof("the shuffle proof does not verify", seat=seat, step=step)
    return out


def _check(
    ctx: ProofContext,
    key: bytes,
    deck_in: Sequence[Ciphertext],
    out: Sequence[Ciphertext],
    cs: Sequence[bytes],
    c_hats: Sequence[bytes],
    t: Sequence[bytes],
    t_hats: Sequence[bytes],
    s: Sequence[bytes],
    s_hat: Sequence[bytes],
    s_p: Sequence[bytes],
) -> tuple[bool, list[bytes]]:
    """Steps 1–4 of CheckShuffleProof: whether every t̂ matches, and the recomputed
    ``[t'1, t'2, t'3, t'4,1, t'4,2]``."""
    n = len(deck_in)
    h, hs = generators(ctx.table_id, n)
    # 1. u ← GetChallenges(N, (e, e', c, pk)); c ← GetChallenge(y, t).
    seed = _u_seed(ctx, key, h, hs, deck_in, out, cs)
    u = _us(seed, n)
    c = _challenge(seed, c_hats, t, t_hats)
    nc = s_neg(c)
    # 2. c̄ = Σ c_j − Σ h_i; u = Π u_j; ĉ = ĉ_N − u·h; c̃ = Σ u_j·c_j;
    #    a' = Σ u_j·a_j (C2), b' = Σ u_j·b_j (C1).
    c_bar = sub(add_all(cs), add_all(hs))
    c_hat = sub(c_hats[-1], mul(s_prod(u), h))
    c_tilde = add_all([mul(u[j], cs[j]) for j in range(n)])
    a_w = add_all([mul(u[j], deck_in[j][1]) for j in range(n)])
    b_w = add_all([mul(u[j], deck_in[j][0]) for j in range(n)])
    # 3. t̂'_i = −c·ĉ_i + ŝ_i·G + s'_i·ĉ_{i−1} (ĉ_0 = h).
    ok = True
    prev = h
    for i in range(n):
        t_hat_i = add(add(mul(nc, c_hats[i]), mul_base(s_hat[i])), mul(s_p[i], prev))
        ok &= t_hat_i == t_hats[i]
        prev = c_hats[i]
    # 4. t'1 = −c·c̄ + s1·G; t'2 = −c·ĉ + s2·G; t'3 = −c·c̃ + s3·G + Σ s'_i·h_i;
    #    t'4,1 = −c·a' − s4·Y + Σ s'_i·a'_i; t'4,2 = −c·b' − s4·G + Σ s'_i·b'_i.
    ns4 = s_neg(s[3])
    t1 = add(mul(nc, c_bar), mul_base(s[0]))
    t2 = add(mul(nc, c_hat), mul_base(s[1]))
    t3 = add_all([mul(nc, c_tilde), mul_base(s[2]), *[mul(s_p[i], hs[i]) for i in range(n)]])
    t41 = add_all([mul(nc, a_w), mul(ns4, key), *[mul(s_p[i], out[i][1]) for i in range(n)]])
    t42 = add_all([mul(nc, b_w), mul_base(ns4), *[mul(s_p[i], out[i][0]) for i in range(n)]])
    return ok, [t1, t2, t3, t41, t42]
