"""Lots (who starts, tie breaks) by a proven shuffle of ``k`` lot tokens, position 0 opened
(protocol/mental_poker_v2.md, §11).  No commit-reveal, so no last-revealer advantage: once
one honest seat has shuffled, position 0 is uniform among the ``k`` tokens, and a seat that
stalls before its turn learns nothing.

Composition of the other modules, in this order, for ``k`` outcomes::

    deck = lot_deck(table_id, k, Y)                    # everyone, identical
    for seat in seats:                                 # in seat order
        out, body = shuffle_proven(ctx(seat), Y, deck, rnd)   # the seat's entry
        deck = check_shuffle(ctx(seat), Y, deck, body)         # everyone else
    # every seat i: body_i = make_shares(ctx(i), key_i, [deck[0][0]], rnd)
    shares = [check_shares(ctx(i), Y_i, [deck[0][0]], body_i)[0] for i in seats]
    outcome = lot_outcome(table_id, k, deck[0], shares)        # in 0 .. k-1
"""

from __future__ import annotations

from collections.abc import Sequence

from p2pcards.mental_poker._domain import lot_point
from p2pcards.mental_poker._elgamal import Ciphertext, decrypt, initial_deck
from p2pcards.mental_poker._errors import MentalPokerError


def lot_deck(table_id: bytes, k: int, key: bytes) -> list[Ciphertext]:
    """The initial deck of ``k`` lot tokens (2 <= k <= 64): ``(G, T_i + Y)``."""
    if not 2 <= k <= 64:
        raise ValueError(f"a lot needs 2..64 outcomes, not {k}")
    return initial_deck([lot_point(table_id, i) for i in range(k)], key)


def lot_outcome(table_id: bytes, k: int, ct: Ciphertext, shares: Sequence[bytes]) -> int:
    """The token index ``i`` in ``0 .. k-1`` that position 0 ``ct`` decrypts to with every
    seat's checked ``shares``.  Raises MentalPokerError (no seat: cannot happen after
    proven shuffles and proven shares) if it is no token."""
    m = decrypt(ct, shares)
    for i in range(k):
        if lot_point(table_id, i) == m:
            return i
    raise MentalPokerError("the opened lot is no lot token", step="lot")
