"""A proven re-encryption of one ciphertext (protocol/mental_poker_v2.md, §8).

Used to move a hidden card from one hand to another (Thousand's passed cards): once a card
was dealt to seat ``a`` every other share of it is public, so it must get fresh randomness
before seat ``b`` receives it.  The giver publishes ``C' = C + (r·G, r·Y)`` and a
Chaum–Pedersen proof (:mod:`p2pcards.mental_poker._dleq`, purpose ``"reencryption"``,
``A = G``, ``B = C1' − C1``, one pair ``(Y, C2' − C2)``) that it knows ``r`` with both
differences.  Body: ``[[C1', C2'], [c, s]]``.  A difference equal to the identity (``r =
0``: the same ciphertext) is refused.
"""

from __future__ import annotations

from typing import Any

from p2pcards.mental_poker._dleq import prove_dleq, verify_dleq
from p2pcards.mental_poker._domain import ProofContext
from p2pcards.mental_poker._elgamal import Ciphertext, check_ciphertext, reencrypt
from p2pcards.mental_poker._errors import BadReencryptionProof, MalformedMessage
from p2pcards.mental_poker._ristretto import IDENTITY, G, RandomBytes, random_scalar, sub

PURPOSE = b"reencryption"


def reencrypt_proven(
    ctx: ProofContext, key: bytes, ct: Ciphertext, random_bytes: RandomBytes
) -> tuple[Ciphertext, list[Any]]:
    """Re-encrypt ``ct`` under the joint ``key``; return ``(C', body)``.  Cost: 6
    multiplications."""
    r = random_scalar(random_bytes)
    out = reencrypt(ct, key, r)
    d1, d2 = sub(out[0], ct[0]), sub(out[1], ct[1])
    proof = prove_dleq(ctx, PURPOSE, r, G, d1, [key], [d2], random_bytes)
    return out, [[out[0], out[1]], proof]


def check_reencryption(ctx: ProofContext, key: bytes, ct: Ciphertext, body: object) -> Ciphertext:
    """Check seat ``ctx.seat``'s body re-encrypting ``ct`` under ``key``; return ``C'``.
    Raises, blaming ``ctx.seat``: MalformedMessage, InvalidPoint, InvalidScalar,
    BadReencryptionProof (unchanged ciphertext or the proof fails).  Cost: 6
    multiplications."""
    seat, step = ctx.seat, ctx.step
    if not isinstance(body, list | tuple) or len(body) != 2:
        raise MalformedMessage("re-encryption body is not [C', proof]", seat=seat, step=step)
    out = check_ciphertext(body[0], what="re-encrypted ciphertext", seat=seat, step=step)
    d1, d2 = sub(out[0], ct[0]), sub(out[1], ct[1])
    if d1 == IDENTITY or d2 == IDENTITY:
        raise BadReencryptionProof("the ciphertext was not re-randomized", seat=seat, step=step)
    verify_dleq(
        ctx,
        PURPOSE,
        G,
        d1,
        [key],
        [d2],
        body[1],
        error=BadReencryptionProof,
        what="re-encryption",
    )
    return out
