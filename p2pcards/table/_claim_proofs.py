"""Hidden claims proven when they are made (issue 12, item 4): a game's
:class:`~p2pcards.games.HiddenClaim` as a claim tree of ``protocol/mental_poker_v2.md``
§10, proven by the claimer and checked by everyone at the claim's own entry.

A claim of seat ``j`` is about its hidden positions; for each, everyone holds the card's
ciphertext ``(C1, C2)`` and ``W = C2 − Σ_{i≠j} D_i`` from the checked shares of the deal
(§7).  The statement becomes a tree over leaves ``(C1, W, M_c)`` with the card points of
version 2 (``card_point(table_id, code)``, §4):

- ``each`` (every hidden card is one of ``cards``): :func:`each_card_in`;
- ``holds`` (all the cards of one of ``groups`` are held): ``AnyOf`` over the groups of
  ``AllOf`` over the group's cards of :func:`some_card_in` (for a group of two this is
  :func:`holds_a_pair`'s shape).

The order of leaves is the statement's order (positions as the engine lists them, cards
in deck order), which every seat computes alike from public data.  No secret is revealed;
a false claim cannot be proven, and a proof that does not verify is a
:class:`~p2pcards.mental_poker.BadClaimProof` blaming the claimer at its entry.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from p2pcards.games import HiddenClaim
from p2pcards.mental_poker import (
    AllOf,
    AnyOf,
    Node,
    ProofContext,
    RandomBytes,
    SeatKey,
    card_point,
    check_claim,
    each_card_in,
    prove_claim,
    some_card_in,
)

Held = Mapping[int, tuple[tuple[bytes, bytes], bytes]]
"""position -> ``((C1, C2), W)`` for the claimer's hidden positions."""


def claim_tree(table_id: bytes, hidden: HiddenClaim, held: Held) -> Node:
    """The claim tree of ``hidden`` over the ciphertexts ``held``.  KeyError when a
    position of the statement is not in ``held``; ValueError for an unknown kind."""
    cards = [held[p] for p in hidden.positions]
    if hidden.kind == "each":
        return each_card_in(cards, [card_point(table_id, c.code) for c in hidden.cards])
    if hidden.kind == "holds":
        return AnyOf(
            tuple(
                AllOf(tuple(some_card_in(cards, [card_point(table_id, c.code)]) for c in g))
                for g in hidden.groups
            )
        )
    raise ValueError(f"unknown hidden claim kind {hidden.kind!r}")


def prove_hidden(
    ctx: ProofContext,
    key: SeatKey,
    table_id: bytes,
    hidden: HiddenClaim,
    held: Held,
    random_bytes: RandomBytes,
) -> list[Any]:
    """The claimer's proof body of ``hidden`` (ValueError if the claim is false: honest
    software never makes it)."""
    return prove_claim(ctx, key, claim_tree(table_id, hidden, held), random_bytes)


def check_hidden(
    ctx: ProofContext, public: bytes, table_id: bytes, hidden: HiddenClaim, held: Held, body: object
) -> None:
    """Check seat ``ctx.seat``'s proof ``body`` of ``hidden`` against its key
    ``public``; raises (blaming ``ctx.seat``) MalformedMessage, InvalidScalar or
    BadClaimProof."""
    check_claim(ctx, public, claim_tree(table_id, hidden, held), body)
