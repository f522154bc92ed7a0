"""The steps every proof of knowledge of a discrete logarithm here shares: Schnorr's sigma
protocol (Schnorr, "Efficient signature generation by smart cards", J. Cryptology 1991)
as Chaum and Pedersen extend it to several bases (CRYPTO '92), made non-interactive by
Fiat–Shamir.  Used by the seat-key proof (RFC 8235, §5 of protocol/mental_poker_v2.md),
the batched Chaum–Pedersen proof (§6) and each leaf of a claim (§10).

For a secret ``x`` with ``image_i = x·base_i`` for every base:

1. commitment: ``t_i = w·base_i`` for a random nonce ``w`` (:func:`commit`);
2. challenge ``c``: a hash of the statement and the ``t_i`` (each proof names its own
   inputs: :meth:`~p2pcards.mental_poker._domain.ProofContext.challenge`);
3. response ``s = w − c·x`` mod L (:func:`respond`);

and the verifier (or a simulator given ``c`` and ``s``) recomputes ``t_i = s·base_i +
c·image_i`` (:func:`recommit`).  Pure group arithmetic on checked points; ``base`` equal to
``G`` uses libsodium's fixed-base multiplication.
"""

from __future__ import annotations

from collections.abc import Sequence

from p2pcards.mental_poker._ristretto import G, add, mul, mul_base, s_mul, s_sub


def times(s: bytes, base: bytes) -> bytes:
    """``s·base`` (fixed-base tables when ``base`` is ``G``)."""
    return mul_base(s) if base == G else mul(s, base)


def commit(nonce: bytes, bases: Sequence[bytes]) -> list[bytes]:
    """Step 1: ``[nonce·base for base in bases]``."""
    return [times(nonce, b) for b in bases]


def respond(nonce: bytes, c: bytes, secret: bytes) -> bytes:
    """Step 3: ``nonce − c·secret`` mod L."""
    return s_sub(nonce, s_mul(c, secret))


def recommit(s: bytes, c: bytes, bases: Sequence[bytes], images: Sequence[bytes]) -> list[bytes]:
    """The commitments a response ``s`` to challenge ``c`` implies: ``[s·base_i +
    c·image_i]`` (verification, and simulation of a branch not taken)."""
    return [add(times(s, b), mul(c, y)) for b, y in zip(bases, images, strict=True)]
