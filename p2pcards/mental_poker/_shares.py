"""Decryption shares with Chaum–Pedersen proofs (protocol/mental_poker_v2.md, §7).

Seat ``i`` with key ``(x_i, Y_i)`` publishes, for the ciphertexts ``C^1 .. C^m`` of one
step (e.g. every hidden card of a deal, all at once), the shares ``D_k = x_i·C1^k`` and one
batched proof (:mod:`p2pcards.mental_poker._dleq`, purpose ``"decryption-share"``,
``A = G``, ``B = Y_i``, pairs ``(C1^k, D_k)``) that every share uses the seat's key.
Body: ``[[D_1, ..., D_m], [c, s]]``.

Whoever holds every other seat's share of a ciphertext computes
``W = C2 − Σ_{i≠j} D_i = M + x_j·C1`` (:func:`partial_decrypt`); seat ``j`` alone adds
its own share to learn ``M``; with every share in, everyone learns ``M`` (an open card).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from p2pcards.mental_poker._dleq import prove_dleq, verify_dleq
from p2pcards.mental_poker._domain import ProofContext
from p2pcards.mental_poker._elgamal import Ciphertext
from p2pcards.mental_poker._errors import MalformedMessage, WrongDecryptionShare
from p2pcards.mental_poker._ristretto import G, RandomBytes, add_all, check_points, mul, sub
from p2pcards.mental_poker._seat_key import SeatKey

PURPOSE = b"decryption-share"


def make_shares(
    ctx: ProofContext, key: SeatKey, c1s: Sequence[bytes], random_bytes: RandomBytes
) -> list[Any]:
    """The body ``[[D_1..D_m], [c, s]]`` of seat ``ctx.seat``'s shares of ``c1s`` (the C1
    of each ciphertext, in the order the step defines).  Cost: ``2m + 3``
    multiplications.  ValueError if ``c1s`` is empty."""
    shares = [mul(key.secret, c1) for c1 in c1s]
    proof = prove_dleq(ctx, PURPOSE, key.secret, G, key.public, c1s, shares, random_bytes)
    return [shares, proof]


def check_shares(
    ctx: ProofContext, public: bytes, c1s: Sequence[bytes], body: object
) -> list[bytes]:
    """Check seat ``ctx.seat``'s share body against its key ``public`` (``Y_i``) and the
    ciphertexts' ``c1s``; return the shares.  Raises, blaming ``ctx.seat``:
    MalformedMessage (shape, wrong count), InvalidPoint (a share not a valid point; its
    index is the position), InvalidScalar, WrongDecryptionShare (the proof fails: a wrong
    share, a share of another ciphertext or under another key).  Cost: ``2m + 4``
    multiplications and ``m`` point checks."""
    seat, step = ctx.seat, ctx.step
    if not isinstance(body, list | tuple) or len(body) != 2:
        raise MalformedMessage("share body is not [shares, proof]", seat=seat, step=step)
    shares = check_points(body[0], len(c1s), what="decryption share", seat=seat, step=step)
    verify_dleq(
        ctx,
        PURPOSE,
        G,
        public,
        c1s,
        shares,
        body[1],
        error=WrongDecryptionShare,
        what="decryption shares",
    )
    return shares


def partial_decrypt(ct: Ciphertext, shares: Sequence[bytes]) -> bytes:
    """``W = C2 − Σ shares``: with all shares but seat ``j``'s, ``W = M + x_j·C1``; with all
    of them, ``W = M``."""
    return sub(ct[1], add_all(list(shares)))


def own_decrypt(key: SeatKey, ct: Ciphertext, w: bytes) -> bytes:
    """Seat ``j``'s private last step: ``M = W − x_j·C1``."""
    return sub(w, mul(key.secret, ct[0]))
