"""Seat keys with a Schnorr proof of knowledge (RFC 8235, section 3.3, non-interactive).

Each seat draws a secret ``x`` and publishes ``Y = x·G`` with a proof that it knows ``x``,
bound to the table, hand and seat (:class:`ProofContext`).  Because every seat must know
the logarithm of its own key, nobody can publish ``Y_j = Z − Σ_{i≠j} Y_i`` to cancel the
others (a rogue key).  The secret never leaves its seat.

RFC 8235's steps, in additive notation (``UserID`` = seat, ``OtherInfo`` = the rest of the
context), body ``[Y, V, r]``:

1. ``v`` random in [1, L); ``V = v·G``;
2. ``c = H("seat-key", ctx, G, V, Y)`` mod L;
3. ``r = v − x·c`` mod L.

Verification (in this order): ``Y`` and ``V`` valid non-identity points, ``r`` a canonical
scalar, then ``V == r·G + c·Y``.
"""

from __future__ import annotations

from dataclasses import dataclass

from p2pcards.mental_poker._domain import ProofContext
from p2pcards.mental_poker._errors import BadKeyProof, MalformedMessage, blaming
from p2pcards.mental_poker._ristretto import (
    G,
    RandomBytes,
    check_point,
    check_scalar,
    mul_base,
    random_scalar,
)
from p2pcards.mental_poker._sigma import commit, recommit, respond

STEP_NAME = "seat-key"


def _challenge(ctx: ProofContext, v: bytes, y: bytes) -> bytes:
    return ctx.challenge(STEP_NAME, G, v, y)


@dataclass(frozen=True, slots=True)
class SeatKey:
    """One seat's ElGamal key pair: ``secret`` (``x``, a scalar; never published) and
    ``public`` (``Y = x·G``)."""

    secret: bytes
    public: bytes

    @classmethod
    def generate(cls, random_bytes: RandomBytes) -> SeatKey:
        """A fresh key pair from 64 bytes of ``random_bytes``."""
        x = random_scalar(random_bytes)
        return cls(x, mul_base(x))

    @classmethod
    def from_secret(cls, secret: bytes) -> SeatKey:
        """The key pair of a persisted secret (ValueError unless a canonical non-zero
        scalar)."""
        check_scalar(secret, what="seat key", seat=None, step="restore", nonzero=True)
        return cls(secret, mul_base(secret))

    def publish(self, ctx: ProofContext, random_bytes: RandomBytes) -> list[bytes]:
        """The body ``[Y, V, r]``: the public key and its proof of knowledge bound to
        ``ctx`` (steps 1–3 above).  Deterministic for a given ``random_bytes``."""
        v = random_scalar(random_bytes)
        [big_v] = commit(v, [G])
        c = _challenge(ctx, big_v, self.public)
        return [self.public, big_v, respond(v, c, self.secret)]


def check_seat_key(ctx: ProofContext, body: object) -> bytes:
    """Check the body ``[Y, V, r]`` published by seat ``ctx.seat`` and return ``Y``.

    Raises (blaming ``ctx.seat``): MalformedMessage (not a list of three), InvalidPoint
    (``Y`` or ``V`` invalid or the identity), InvalidScalar (``r`` not below L),
    BadKeyProof (``V != r·G + c·Y``).  Cost: one base and one variable multiplication."""
    seat, step = ctx.seat, ctx.step
    if not isinstance(body, list | tuple) or len(body) != 3:
        raise MalformedMessage("seat key body is not [Y, V, r]", seat=seat, step=step)
    y = check_point(body[0], what="seat key Y", seat=seat, step=step)
    big_v = check_point(body[1], what="seat key proof V", seat=seat, step=step)
    r = check_scalar(body[2], what="seat key proof r", seat=seat, step=step)
    c = _challenge(ctx, big_v, y)
    with blaming(BadKeyProof, seat, step):
        [again] = recommit(r, c, [G], [y])
    if again != big_v:
        raise BadKeyProof(
            "the proof of knowledge of the seat key does not verify", seat=seat, step=step
        )
    return y
