"""Hidden hand order: taking a hidden card from another seat's hand (Akulina).

Before the taker picks an index, the holder commits to a secret order of its hand
positions: ``digest("order", version, table_id, hand, seat, label, order, salt)``.  The
taker picks ``index``; the holder hands over ``order[index]``.  At the end of the hand the
holder reveals ``[order, salt]`` and :func:`check_order` confirms every pick.  The holder
cannot steer which card goes (the order is fixed before the pick); the taker cannot aim at
a position (the order is hidden).  protocol/SPEC.md, "Hand order", is normative.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from p2pcards.mental_poker._cards import HandContext
from p2pcards.mental_poker._draw import random_permutation
from p2pcards.mental_poker._errors import CommitmentMismatch, MalformedMessage, OrderViolation
from p2pcards.mental_poker._group import RandomBytes, draw
from p2pcards.mental_poker._hash import digest

STEP = "hand order"


@dataclass(frozen=True, slots=True)
class HandOrderSecret:
    """A holder's secret ``order`` (its hand positions, permuted) and 32-byte ``salt``.

    Persist :meth:`to_wire` before publishing the commitment; reveal it at hand end.
    """

    order: tuple[int, ...]
    salt: bytes

    @classmethod
    def generate(cls, positions: Sequence[int], random_bytes: RandomBytes) -> HandOrderSecret:
        """A uniformly random order of ``positions`` and a fresh salt."""
        ps = list(positions)
        perm = random_permutation(random_bytes, len(ps))
        return cls(tuple(ps[j] for j in perm), draw(random_bytes, 32))

    def to_wire(self) -> list[Any]:
        """``[order, salt]`` (msgpack-ready)."""
        return [list(self.order), self.salt]

    @classmethod
    def from_wire(cls, data: object, seat: int) -> HandOrderSecret:
        """Parse a revealed order; MalformedMessage naming ``seat`` if malformed."""
        if (
            not isinstance(data, list | tuple)
            or len(data) != 2
            or not isinstance(data[0], list | tuple)
            or not all(isinstance(p, int) and not isinstance(p, bool) for p in data[0])
            or not all(0 <= p < 2**32 for p in data[0])
            or not isinstance(data[1], bytes)
            or len(data[1]) != 32
        ):
            raise MalformedMessage(
                "the revealed hand order is not [order, salt]", seat=seat, step=STEP
            )
        return cls(tuple(data[0]), data[1])

    def pick(self, index: int) -> int:
        """The position at ``index`` of the order (what the holder hands over)."""
        return self.order[index]


def order_commitment(
    context: HandContext, seat: int, label: int, order: Sequence[int], salt: bytes
) -> bytes:
    """The holder's commitment; ``label`` (an int) tells apart the commitments of one hand
    (e.g. a per-hand counter or the transcript sequence number of the commitment)."""
    c = context
    return digest("order", c.version, c.table_id, c.hand, seat, label, list(order), salt)


def check_order(
    context: HandContext,
    seat: int,
    label: int,
    commitment: bytes,
    revealed: object,
    positions: Sequence[int],
    picks: Sequence[tuple[int, int]],
) -> HandOrderSecret:
    """Check a revealed hand order against its commitment and every pick made from it.

    ``positions``: the holder's hand when it committed; ``picks``: ``(index, handed)``
    pairs.  Returns the parsed secret.  Raises MalformedMessage, CommitmentMismatch (the
    order or salt does not match the commitment) or OrderViolation (not an order of the
    hand, an index out of range, or a handed position other than ``order[index]``), each
    naming ``seat``.
    """
    sec = HandOrderSecret.from_wire(revealed, seat)
    if order_commitment(context, seat, label, sec.order, sec.salt) != commitment:
        raise CommitmentMismatch(
            "the revealed hand order and salt do not match the commitment", seat=seat, step=STEP
        )
    if sorted(sec.order) != sorted(positions) or len(set(sec.order)) != len(sec.order):
        raise OrderViolation(
            "the committed order is not an order of the hand", seat=seat, step=STEP
        )
    for index, handed in picks:
        if not 0 <= index < len(sec.order):
            raise OrderViolation(f"index {index} is outside the hand", seat=seat, step=STEP)
        if sec.order[index] != handed:
            raise OrderViolation(
                f"handed over position {handed} for index {index}, but the committed order "
                f"has position {sec.order[index]} there",
                seat=seat,
                step=STEP,
                position=handed,
            )
    return sec
