"""Hidden claims proven when they are made (issue 12, item 4): a game's
:class:`~p2pcards.games.HiddenClaim` as a claim tree of ``protocol/mental_poker_v2.md``
§10, proven by the claimer in its move entry and checked by everyone at that entry
(``protocol/table.md`` §2, "the proofs of a move").

A claim of seat ``j`` is about its hidden positions; for each, everyone holds the card's
ciphertext ``(C1, C2)`` and ``W = C2 − Σ_{i≠j} D_i`` from the checked shares of the deal
(§7).  The statement becomes a tree over leaves ``(C1, W, M_c)`` with the card points of
version 2 (``card_point(table_id, code)``, §4):

- ``each`` (every hidden card is one of ``cards``): for each position an ``AnyOf`` over
  its allowed cards, under one ``AllOf`` (:func:`~p2pcards.mental_poker.each_card_in`);
- ``holds`` (all the cards of one of ``groups`` are held): ``AnyOf`` over the groups of
  ``AllOf`` over the group's cards of "some position holds it"
  (:func:`~p2pcards.mental_poker.some_card_in`).

Fewer leaves, the same statement: a card opened to everyone at another position of the
same deck cannot lie at a hidden position of that deck (the proven shuffle makes a deck a
permutation of its cards, and re-encryptions and hand re-shuffles keep it one), so its
leaves are left out of that position's allowed set (a group needing it is left out; an
``each`` position with no card left, or a ``holds`` with no group left, makes the claim
false in public: :data:`IMPOSSIBLE`).  Every seat computes the tree alike from the log.

The order of leaves is the statement's order (positions as the engine lists them, cards
in the engine's order), which every seat computes alike from public data.  No secret is
revealed; a false claim cannot be proven, and a proof that does not verify is a
:class:`~p2pcards.mental_poker.BadClaimProof` blaming the claimer at its entry.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from p2pcards.cards import Card
from p2pcards.games import Claim, HiddenClaim
from p2pcards.mental_poker import (
    AllOf,
    AnyOf,
    BadClaimProof,
    MalformedMessage,
    MentalPokerError,
    Node,
    NotCard,
    ProofContext,
    RandomBytes,
    SeatKey,
    card_point,
    check_claim,
    partial_decrypt,
    prove_claim,
)

if TYPE_CHECKING:
    from p2pcards.table._steps._base import TableCore

Held = Mapping[int, tuple[tuple[bytes, bytes], bytes]]
"""position -> ``((C1, C2), W)`` for the claimer's hidden positions."""

Excluded = Mapping[int, frozenset[Card]]
"""position -> the cards opened to everyone at other positions of its deck."""

IMPOSSIBLE = None
""":func:`claim_tree`'s answer for a statement that the public cards already make false."""


TRIVIAL = AllOf(())
""":func:`claim_tree`'s answer for a statement that the public cards already make true (no
proof: the claim is left out of the move's proofs)."""

Universe = Mapping[int, Sequence[Card]]
"""position -> the cards of its deck (the proven shuffle makes the deck a permutation of
them), in the deck's order."""

NOT_COST = 5
"""A :class:`~p2pcards.mental_poker.NotCard` leaf costs about 5/4 of a leaf to check (1
base and 4 variable multiplications against 1 and 3)."""


def _each_position(
    c1: bytes, w: bytes, allowed: Sequence[bytes], banned: Sequence[bytes] | None
) -> Node | None:
    """One position of an ``each`` statement: ``AnyOf`` of "the card is one of
    ``allowed``", or, when the rest of its deck ``banned`` is known and cheaper to deny
    (``5·|banned| < 4·|allowed|``), ``AllOf`` of "the card is not ``b``" (Camenisch–Shoup,
    mental_poker_v2.md §10).  None: nothing is allowed (false); :data:`TRIVIAL`: nothing
    is banned (true)."""
    if not allowed:
        return None
    if banned is not None:
        if not banned:
            return TRIVIAL
        if NOT_COST * len(banned) < 4 * len(allowed):
            return AllOf(tuple(NotCard(c1, w, m) for m in banned))
    return AnyOf(tuple((c1, w, m) for m in allowed))


def _term(
    rows: Sequence[tuple[int, bytes, bytes]],
    has: Sequence[Card],
    lacks: Sequence[Card],
    ex: Excluded,
    pt: Callable[[Card], bytes],
    universe: Universe | None,
) -> Node | None:
    """A term ``(has, lacks)`` of a ``cnf`` statement: ``AllOf`` of "some position holds
    ``c``" per card of ``has`` and "the card at ``p`` is not ``c``" per position and card
    of ``lacks`` (a card excluded at ``p``, or not in its deck, needs no leaf there).  None:
    false in public (a card of ``has`` can be nowhere); :data:`TRIVIAL`: true in public."""
    none: frozenset[Card] = frozenset()
    parts: list[Node] = []
    for c in has:
        leaves = tuple(
            (c1, w, pt(c))
            for p, c1, w in rows
            if c not in ex.get(p, none) and (universe is None or c in universe[p])
        )
        if not leaves:
            return None
        parts.append(AnyOf(leaves))
    for p, c1, w in rows:
        for c in lacks:
            if c in ex.get(p, none) or (universe is not None and c not in universe[p]):
                continue
            parts.append(NotCard(c1, w, pt(c)))
    return AllOf(tuple(parts)) if parts else TRIVIAL


def claim_tree(
    table_id: bytes,
    hidden: HiddenClaim,
    held: Held,
    excluded: Excluded | None = None,
    point: Callable[[Card], bytes] | None = None,
    universe: Universe | None = None,
) -> Node | None:
    """The claim tree of ``hidden`` over the ciphertexts ``held``, without the leaves of
    ``excluded`` cards (position -> cards that cannot be there); None
    (:data:`IMPOSSIBLE`) when no tree is left, :data:`TRIVIAL` when nothing is left to
    prove.  ``point``: card -> its card point (default ``card_point(table_id, code)``).
    ``universe`` (position -> the cards of its deck): with it, an ``each`` position whose
    banned cards are fewer is proven by inequalities ("not ``b``" for each banned ``b``),
    and a ``cnf`` term leaves out the cards its deck has not.  KeyError when a position of
    the statement is not in ``held``; ValueError for an unknown kind."""
    pt = point or (lambda c: card_point(table_id, c.code))
    ex = excluded or {}
    none: frozenset[Card] = frozenset()
    rows = [(p, held[p][0][0], held[p][1]) for p in hidden.positions]
    if hidden.kind == "each":
        per: list[Node] = []
        for p, c1, w in rows:
            out = ex.get(p, none)
            allowed = [c for c in hidden.cards if c not in out]
            if universe is not None:
                deck = universe[p]
                allowed = [c for c in allowed if c in deck]
                inside = set(hidden.cards)
                banned: list[bytes] | None = [
                    pt(c) for c in deck if c not in inside and c not in out
                ]
            else:
                banned = None
            node = _each_position(c1, w, [pt(c) for c in allowed], banned)
            if node is None:
                return IMPOSSIBLE
            if node is not TRIVIAL:
                per.append(node)
        return AllOf(tuple(per)) if per else TRIVIAL
    if hidden.kind == "holds":
        groups: list[Node] = []
        for g in hidden.groups:
            alls: list[Node] = []
            for c in g:
                leaves = tuple((c1, w, pt(c)) for p, c1, w in rows if c not in ex.get(p, none))
                if not leaves:
                    break
                alls.append(AnyOf(leaves))
            else:
                groups.append(AllOf(tuple(alls)))
        return AnyOf(tuple(groups)) if groups else IMPOSSIBLE
    if hidden.kind == "cnf":
        clauses: list[Node] = []
        for clause in hidden.clauses:
            terms: list[Node] = []
            for has, lacks in clause:
                t = _term(rows, has, lacks, ex, pt, universe)
                if t is TRIVIAL:
                    break
                if t is not None:
                    terms.append(t)
            else:
                if not terms:
                    return IMPOSSIBLE
                clauses.append(terms[0] if len(terms) == 1 else AnyOf(tuple(terms)))
        return AllOf(tuple(clauses)) if clauses else TRIVIAL
    raise ValueError(f"unknown hidden claim kind {hidden.kind!r}")


def prove_hidden(
    ctx: ProofContext,
    key: SeatKey,
    table_id: bytes,
    hidden: HiddenClaim,
    held: Held,
    random_bytes: RandomBytes,
    excluded: Excluded | None = None,
    universe: Universe | None = None,
) -> list[Any]:
    """The claimer's proof body of ``hidden`` (ValueError if the claim is false: honest
    software never makes it, or true in public: nothing to prove)."""
    tree = claim_tree(table_id, hidden, held, excluded, universe=universe)
    if tree is TRIVIAL:
        raise ValueError("the claim is true in public: there is nothing to prove")
    if tree is IMPOSSIBLE:
        raise ValueError("the claim is false: it cannot be proven")
    return prove_claim(ctx, key, tree, random_bytes)


def check_hidden(
    ctx: ProofContext,
    public: bytes,
    table_id: bytes,
    hidden: HiddenClaim,
    held: Held,
    body: object,
    excluded: Excluded | None = None,
    universe: Universe | None = None,
) -> None:
    """Check seat ``ctx.seat``'s proof ``body`` of ``hidden`` against its key
    ``public``; raises (blaming ``ctx.seat``) MalformedMessage, InvalidScalar,
    InvalidPoint or BadClaimProof (also for a claim the public cards make false).  A
    claim true in public has no proof (the caller leaves it out): MalformedMessage."""
    tree = claim_tree(table_id, hidden, held, excluded, universe=universe)
    if tree is TRIVIAL:
        raise MalformedMessage("a proof of a claim true in public", seat=ctx.seat, step=ctx.step)
    if tree is IMPOSSIBLE:
        raise BadClaimProof(
            "the claim about hidden cards is false in public", seat=ctx.seat, step=ctx.step
        )
    check_claim(ctx, public, tree, body)


# ------------------------------------------------------------------ at the table
def held_by(t: TableCore, seat: int, positions: Sequence[int]) -> dict[int, Any] | None:
    """``position -> ((C1, C2), W)`` for ``seat``'s hidden ``positions``, from the checked
    shares of every other seat; None when one is not a hidden card of ``seat`` with every
    other share out (a hand re-shuffled since: the claim is left to the end of the hand)."""
    held = {}
    for p in positions:
        s = t.slots.get(p)
        if s is None or s.owner != seat or s.card is not None:
            return None
        others = [s.shares.get(i) for i in range(t.seats) if i != seat]
        if any(d is None for d in others):
            return None
        held[p] = (s.ct, partial_decrypt(s.ct, [d for d in others if d is not None]))
    return held


def excluded_at(t: TableCore, positions: Sequence[int]) -> dict[int, frozenset[Card]]:
    """``position -> the cards opened to everyone at the other positions of its deck``."""
    out: dict[int, frozenset[Card]] = {}
    for p in positions:
        for d in t.decks:
            if d.first <= p < d.first + len(d.cards):
                out[p] = frozenset(
                    c
                    for q in range(d.first, d.first + len(d.cards))
                    if q != p and (c := _opened(t, q)) is not None
                )
                break
    return out


def universe_at(t: TableCore, positions: Sequence[int]) -> dict[int, tuple[Card, ...]]:
    """``position -> the cards of its deck`` (:data:`Universe`)."""
    out: dict[int, tuple[Card, ...]] = {}
    for p in positions:
        for d in t.decks:
            if d.first <= p < d.first + len(d.cards):
                out[p] = d.cards
                break
    return out


def _opened(t: TableCore, q: int) -> Card | None:
    s = t.slots.get(q)
    return s.card if s is not None else None


Proven = dict[tuple[int, int], tuple[Any, frozenset[Card]]]
"""``(seat, position) -> (ciphertext, cards)``: what the proofs of the hand so far showed
of ``seat``'s hidden card at ``position`` (it is one of ``cards``) while it had that
ciphertext (:attr:`TableCore.proven`)."""


def _known(t: TableCore, seat: int, p: int) -> frozenset[Card] | None:
    """The cards an earlier proof of this hand showed ``seat``'s card at ``p`` is one of
    (None: no proof, or the position has had another ciphertext since)."""
    fact = t.proven.get((seat, p))
    return fact[1] if fact is not None and fact[0] == t.slots[p].ct else None


def provable(t: TableCore, seat: int, claims: Sequence[Claim]) -> list[tuple[Claim, Any, Any]]:
    """What ``seat``'s move must prove of the claims ``claims`` (those the engine
    recorded applying it), in their order: ``(claim, held, excluded)`` with
    ``claim.hidden`` narrowed to what is left to prove.  Only the claims of ``seat``
    whose statement (``Claim.hidden``) is about hidden cards of ``seat`` with every other
    share out.  What earlier proofs of the hand showed (:data:`Proven`: the card at ``p``
    is one of ``F``) narrows it further: the cards outside ``F`` are excluded at ``p``,
    and a position of an ``each`` statement whose ``F`` (less the cards now open elsewhere
    in its deck) lies within the allowed cards is left out (a claim with no position left
    needs no proof)."""
    out = []
    for c in claims:
        h = c.hidden
        if c.seat != seat or h is None:
            continue
        held = held_by(t, seat, h.positions)
        if held is None:
            continue
        ex = excluded_at(t, h.positions)
        cards = h.mentions()
        left = []
        for p in h.positions:
            known = _known(t, seat, p)
            if known is None:
                left.append(p)
                continue
            if h.kind == "each" and known - ex.get(p, frozenset()) <= cards:
                continue  # proven before
            ex[p] = ex.get(p, frozenset()) | (cards - known)
            left.append(p)
        if not left:
            continue
        if len(left) != len(h.positions):
            c = replace(c, hidden=replace(h, positions=tuple(left)))
        assert c.hidden is not None
        tree = claim_tree(t.table_id, c.hidden, held, ex, universe=universe_at(t, left))
        if tree is TRIVIAL:
            continue  # true in public: nothing to prove
        out.append((c, held, ex))
    return out


def record(t: TableCore, seat: int, todo: Sequence[tuple[Claim, Any, Any]]) -> None:
    """After the move entry with these proofs is accepted: remember what its ``each``
    proofs showed of each position (:data:`Proven`: the allowed cards less those
    excluded there)."""
    for c, _, ex in todo:
        h = c.hidden
        if h is not None and h.kind == "each":
            for p in h.positions:
                t.proven[seat, p] = (t.slots[p].ct, frozenset(h.cards) - ex.get(p, frozenset()))


def claim_label(label: str, i: int) -> str:
    """The step label of the ``i``-th claim proof of the move entry of step ``label``."""
    return f"{label} claim {i}"


Todo = Sequence[tuple[Claim, Any, Any]]
""":func:`provable`'s answer: ``(claim, held, excluded)`` per claim to prove."""


def prove_move(t: TableCore, seat: int, label: str, todo: Todo) -> list[Any]:
    """The proofs ``seat``'s move entry of step ``label`` carries (``todo``:
    :func:`provable`'s), randomness from the seat's seed (a restarted seat makes the same
    bytes).  ValueError for a false claim."""
    key = t.my_key
    assert key is not None
    proofs = []
    for i, (c, held, ex) in enumerate(todo):
        assert c.hidden is not None
        lab = claim_label(label, i)
        ctx = t.proof_ctx(seat, lab)
        uni = universe_at(t, c.hidden.positions)
        proofs.append(prove_hidden(ctx, key, t.table_id, c.hidden, held, t.stream(lab), ex, uni))
    return proofs


def check_move(
    t: TableCore, seat: int, label: str, todo: Todo, proofs: Sequence[Any]
) -> tuple[Claim | None, MentalPokerError] | None:
    """Check the ``proofs`` of ``seat``'s move entry of step ``label`` (``todo``:
    :func:`provable`'s).  None when every claim is proven, else the claim not proven
    (None: a proof for no claim) and why (a MalformedMessage, InvalidScalar or
    BadClaimProof blaming ``seat``)."""
    if len(proofs) != len(todo):
        why = MalformedMessage(
            f"the move carries {len(proofs)} claim proofs for {len(todo)} claims",
            seat=seat,
            step=label,
        )
        return (todo[len(proofs)][0] if len(todo) > len(proofs) else None), why
    for i, ((c, held, ex), body) in enumerate(zip(todo, proofs, strict=True)):
        assert c.hidden is not None
        lab = claim_label(label, i)
        try:
            uni = universe_at(t, c.hidden.positions)
            check_hidden(
                t.proof_ctx(seat, lab), t.seat_keys[seat], t.table_id, c.hidden, held, body, ex, uni
            )
        except MentalPokerError as e:
            return c, e
    return None
