"""Joint randomness for ``Random(k)``: commit, then reveal, a 32-byte value per seat.

Each seat publishes ``digest("random-commit", version, table_id, hand, label, seat,
value)``; once every commitment is in, each reveals ``value``.  The result is drawn from the
stream ``digest("random-stream", seed, counter)`` with ``seed = digest("random-seed", version,
table_id, hand, label, k, [values in seat order])``: 8-byte big-endian chunks, rejecting
chunks at or above ``2**64 - 2**64 % k`` (no modulo bias).  No seat can bias the result
unless it knows every other value before committing.  protocol/SPEC.md, "Randomness".
"""

from __future__ import annotations

from collections.abc import Sequence

from p2pcards.mental_poker._cards import HandContext
from p2pcards.mental_poker._errors import CommitmentMismatch, MalformedMessage
from p2pcards.mental_poker._group import RandomBytes, draw
from p2pcards.mental_poker._hash import digest

STEP = "random"
MAX_K = 2**32


def random_value(random_bytes: RandomBytes) -> bytes:
    """A seat's fresh 32-byte contribution (the value is its own salt)."""
    return draw(random_bytes, 32)


def random_commitment(context: HandContext, label: int, seat: int, value: bytes) -> bytes:
    """Seat ``seat``'s commitment to ``value`` for draw ``label`` (an int that tells apart
    the draws of one hand, e.g. a counter)."""
    c = context
    return digest("random-commit", c.version, c.table_id, c.hand, label, seat, value)


def check_random_value(
    context: HandContext, label: int, seat: int, value: object, commitment: bytes
) -> bytes:
    """Check a revealed value against the seat's commitment; returns it.  Raises
    MalformedMessage (not 32 bytes) or CommitmentMismatch, naming ``seat``."""
    if not isinstance(value, bytes) or len(value) != 32:
        raise MalformedMessage("the random value is not 32 bytes", seat=seat, step=STEP)
    if random_commitment(context, label, seat, value) != commitment:
        raise CommitmentMismatch(
            "the revealed random value does not match its commitment", seat=seat, step=STEP
        )
    return value


def random_result(context: HandContext, label: int, values: Sequence[bytes], k: int) -> int:
    """The joint result in ``[0, k)`` from every seat's value (``values[seat]``).

    Raises ValueError when ``k`` is outside ``1 .. 2**32`` or a value count is wrong.
    """
    if not 1 <= k <= MAX_K:
        raise ValueError(f"k must be in 1..2**32, not {k}")
    if len(values) != context.seats:
        raise ValueError(f"{len(values)} values for {context.seats} seats")
    c = context
    seed = digest("random-seed", c.version, c.table_id, c.hand, label, k, list(values))
    limit = 2**64 - (2**64 % k)
    counter = 0
    while True:
        block = digest("random-stream", seed, counter)
        for i in range(0, 32, 8):
            v = int.from_bytes(block[i : i + 8], "big")
            if v < limit:
                return v % k
        counter += 1
