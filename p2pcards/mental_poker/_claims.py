"""Claims about hidden cards, proven when made: Chaum–Pedersen proofs composed by AND and OR
(Cramer, Damgård and Schoenmakers, "Proofs of partial knowledge and simplified design of
witness hiding protocols", CRYPTO '94: OR by splitting the challenge, AND by sharing it),
made non-interactive by Fiat–Shamir.  protocol/mental_poker_v2.md, §10, is normative.

A hidden card of seat ``j`` is a ciphertext ``(C1, C2)`` whose other shares are public, so
everyone computes ``W = C2 − Σ_{i≠j} D_i = M + x_j·C1``.  A leaf ``(C1, W, M)`` is the
statement "``Y_j = x_j·G`` and ``W − M = x_j·C1``", i.e. the card is ``M``.  A claim is a
tree of :class:`AnyOf` (OR) and :class:`AllOf` (AND) nodes over leaves:

- "every card of my hand lies in the allowed set" (cannot follow suit, has no queen):
  :func:`each_card_in` = AllOf(AnyOf(leaves of card 1), AnyOf(leaves of card 2), ...);
- "one of my cards lies in the set" (the rank an asker must hold): :func:`some_card_in`;
- "I hold both cards of one of these pairs" (a marriage: king and queen of one suit):
  :func:`holds_a_pair`;
- "none of my cards lies in the set F" (when F is smaller than the allowed set, or a card
  is not held at all): :func:`no_card_in` = AllOf of :class:`NotCard` leaves, one per
  (card, point of F).

A :class:`NotCard` leaf ``(C1, W, M)`` states "the card is not ``M``", i.e.
``log_G Y_j ≠ log_C1 (W − M)``: Camenisch and Shoup's proof of inequality of discrete
logarithms ("Practical verifiable encryption and decryption of discrete logarithms",
CRYPTO 2003, §6 of the full version, §5 in LNCS) with ``g = G``, ``y = Y_j``, ``h = C1``,
``z = Z = W − M``: the prover sends ``Cq = r·(x_j·C1 − Z)`` (``= r·(M − M*)``) for a random
``r`` and proves ``PK{(α, β): Cq = α·C1 − β·Z ∧ O = α·G − β·Y_j}`` (``α = r·x_j``,
``β = r``); the verifier also checks ``Cq ≠ O``.  Its sigma protocol has commitments
``t1 = u·C1 − v·Z``, ``t2 = u·G − v·Y_j`` and responses ``sα = u − e·α``, ``sβ = v − e·β``;
a simulated one draws ``Cq = γ·G`` (the real ``Cq`` is uniform among points other than
``O`` too), ``sα``, ``sβ`` and sets ``t1 = sα·C1 − sβ·Z + e·Cq``, ``t2 = sα·G − sβ·Y_j``.
Cost: to check, 1 base and 4 variable multiplications; so "not in F" costs about
``1.25·|F|`` leaves against ``|S|`` for "in S" (``S`` the rest of the deck).  To make,
the prover uses its witness (``W = M* + x_j·C1``) for the same points with fewer
multiplications: a real leaf 1 base and 3 variable, a simulated one 3 base and 2.

Proof ``[c, [[c_k of each child] per AnyOf node], [s per leaf]]`` (nodes and leaves in
pre-order).  Prover: a true node gets real commitments (leaf: ``a = w·G``, ``b = w·C1``;
AnyOf: one true child real, the others simulated with random challenges; AllOf: every
child real); a simulated node with challenge ``e`` (leaf: random ``s``, ``a = s·G + e·Y_j``,
``b = s·C1 + e·(W − M)``; AnyOf: random split of ``e``; AllOf: ``e`` to every child).
``c = H("claim-challenge", ctx, G, Y_j, shape, every leaf with its a, b)``; then the real
parts are finished top down (an AnyOf's real child gets ``e − Σ others``; a real leaf
``s = w − e·x_j``).  Verifier: from ``c`` at the root, each AnyOf's children's challenges
must add up to its own; every leaf's ``a, b`` recomputed as for a simulated leaf; the hash
must give ``c``.  Cost per leaf: to check, 1 base and 3 variable multiplications; to make,
1 base and 2 variable multiplications for a simulated leaf, because the prover knows
``x_j`` and the card ``M*`` itself (``W = M* + x_j·C1``): with ``t = s + e·x_j``,
``a = t·G`` and ``b = t·C1 + e·(M* − M)`` are the same points as ``s·G + e·Y_j`` and
``s·C1 + e·(W − M)`` (the bytes do not change), one variable multiplication fewer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Union

from p2pcards.mental_poker._domain import ProofContext
from p2pcards.mental_poker._elgamal import Ciphertext
from p2pcards.mental_poker._errors import BadClaimProof, MalformedMessage, blaming
from p2pcards.mental_poker._ristretto import (
    IDENTITY,
    G,
    RandomBytes,
    add,
    check_point,
    check_scalar,
    mul,
    mul_base,
    random_scalar,
    s_add,
    s_mul,
    s_sub,
    s_sum,
    sub,
)
from p2pcards.mental_poker._seat_key import SeatKey
from p2pcards.mental_poker._sigma import commit, recommit, respond

Leaf = tuple[bytes, bytes, bytes]
"""``(C1, W, M)``: "the hidden card with this ``C1`` and partial decryption ``W`` is
``M``"."""


@dataclass(frozen=True, slots=True)
class NotCard:
    """A leaf "the hidden card with this ``c1`` and partial decryption ``w`` is not
    ``m``" (Camenisch–Shoup inequality of discrete logarithms; see the module text)."""

    c1: bytes
    w: bytes
    m: bytes


@dataclass(frozen=True, slots=True)
class AnyOf:
    """True when at least one child is (OR).  Non-empty."""

    children: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class AllOf:
    """True when every child is (AND).  Non-empty."""

    children: tuple[Node, ...]


Node = Union[Leaf, NotCard, AnyOf, AllOf]  # noqa: UP007  (a forward reference in the dataclasses)

Held = Sequence[tuple[Ciphertext, bytes]]
"""Hidden cards of the claimer: ``(ciphertext, W)`` each."""


def each_card_in(cards: Held, allowed: Sequence[bytes]) -> AllOf:
    """ "Each of these hidden cards is one of ``allowed``" (card points, in the order the
    game's rules define)."""
    return AllOf(tuple(AnyOf(tuple((ct[0], w, m) for m in allowed)) for ct, w in cards))


def some_card_in(cards: Held, allowed: Sequence[bytes]) -> AnyOf:
    """ "At least one of these hidden cards is one of ``allowed``": leaves (card 0,
    allowed 0), (card 0, allowed 1), ..., (card 1, allowed 0), ..."""
    return AnyOf(tuple((ct[0], w, m) for ct, w in cards for m in allowed))


def holds_a_pair(cards: Held, pairs: Sequence[tuple[bytes, bytes]]) -> AnyOf:
    """ "For one of ``pairs`` (p, q), some card is p and some card is q" (e.g. a marriage:
    the pairs (K, Q) of each suit)."""
    return AnyOf(
        tuple(AllOf((some_card_in(cards, [p]), some_card_in(cards, [q]))) for p, q in pairs)
    )


def no_card_in(cards: Held, excluded: Sequence[bytes]) -> AllOf:
    """ "None of these hidden cards is one of ``excluded``": a :class:`NotCard` leaf per
    (card, excluded point), card by card.  ValueError when either is empty."""
    if not cards or not excluded:
        raise ValueError("no_card_in needs cards and excluded points")
    return AllOf(tuple(NotCard(ct[0], w, m) for ct, w in cards for m in excluded))


def _shape(node: Node, out: list[int]) -> None:
    if isinstance(node, tuple):
        out.append(0)
        return
    if isinstance(node, NotCard):
        out.append(3)
        return
    out.append(1 if isinstance(node, AnyOf) else 2)
    out.append(len(node.children))
    for ch in node.children:
        _shape(ch, out)


def _check_tree(node: Node) -> None:
    if isinstance(node, tuple):
        if len(node) != 3:
            raise ValueError("a leaf is (C1, W, M)")
        return
    if isinstance(node, NotCard):
        return
    if not node.children:
        raise ValueError("an AnyOf/AllOf node needs children")
    for ch in node.children:
        _check_tree(ch)


def _sim_ab(y: bytes, leaf: Leaf, e: bytes, s: bytes) -> list[bytes]:
    """A leaf's commitments ``[a, b]`` for challenge ``e`` and response ``s`` (the
    verifier's; the prover's :meth:`_Prover.simulate` gives the same points faster)."""
    c1, w, m = leaf
    return recommit(s, e, [G, c1], [y, sub(w, m)])


def _sim_not(y: bytes, leaf: NotCard, e: bytes, cq: bytes, sa: bytes, sb: bytes) -> list[bytes]:
    """A :class:`NotCard` leaf's commitments ``[t1, t2]`` for challenge ``e``, auxiliary
    commitment ``cq`` and responses ``sa``, ``sb``: ``t1 = sa·C1 − sb·Z + e·cq``,
    ``t2 = sa·G − sb·Y`` with ``Z = W − M``."""
    z = sub(leaf.w, leaf.m)
    t1 = add(sub(mul(sa, leaf.c1), mul(sb, z)), mul(e, cq))
    return [t1, sub(mul_base(sa), mul(sb, y))]


def _challenge(ctx: ProofContext, y: bytes, tree: Node, rows: Sequence[Sequence[bytes]]) -> bytes:
    shape: list[int] = []
    _shape(tree, shape)
    return ctx.challenge("claim-challenge", G, y, shape, [list(r) for r in rows])


@dataclass
class _Prover:
    key: SeatKey
    random_bytes: RandomBytes
    xc1: dict[bytes, bytes] = field(default_factory=dict)  # C1 -> x·C1
    card: dict[tuple[bytes, bytes], bytes] = field(default_factory=dict)  # (C1, W) -> M*
    rows: list[list[bytes]] = field(default_factory=list)  # leaves: C1, W, M, a, b
    leaf_s: list[Any] = field(default_factory=list)  # per leaf: s, or the nonce w
    # (a NotCard leaf: [Cq, sα, sβ], or while real [Cq, r, u, v])
    real_leaf: list[bool] = field(default_factory=list)
    any_cs: list[list[bytes]] = field(default_factory=list)  # per AnyOf: children's e
    any_real: list[int] = field(default_factory=list)  # per AnyOf: index of its real child

    def true(self, node: Node) -> bool:
        if isinstance(node, tuple):
            return node[2] == self.card_of(node)
        if isinstance(node, NotCard):
            return node.m != self.card_of((node.c1, node.w, node.m))
        if isinstance(node, AnyOf):
            return any(self.true(ch) for ch in node.children)
        return all(self.true(ch) for ch in node.children)

    def card_of(self, leaf: Leaf) -> bytes:
        """``M* = W − x·C1``: the card the leaf's ciphertext holds (once per card; two
        cards may share a ``C1``)."""
        c1, w, _ = leaf
        if (c1, w) not in self.card:
            if c1 not in self.xc1:
                self.xc1[c1] = mul(self.key.secret, c1)
            self.card[c1, w] = sub(w, self.xc1[c1])
        return self.card[c1, w]

    def simulate(self, leaf: Leaf, e: bytes, s: bytes) -> list[bytes]:
        """:func:`_sim_ab` with the witness: ``t = s + e·x``; ``a = t·G``, ``b = t·C1 +
        e·(M* − M)`` (the same points, one variable multiplication fewer)."""
        c1, _, m = leaf
        t = s_add(s, s_mul(e, self.key.secret))
        d = sub(self.card_of(leaf), m) if m != self.card_of(leaf) else IDENTITY
        b = mul(t, c1)
        return [mul_base(t), b if d == IDENTITY else add(b, mul(e, d))]

    def commit(self, node: Node, e: bytes | None) -> None:
        """Pre-order: real commitments when ``e`` is None (the node is true), else
        simulated with challenge ``e``."""
        if isinstance(node, NotCard):
            self.commit_not(node, e)
            return
        if isinstance(node, tuple):
            if e is None:
                w = random_scalar(self.random_bytes)
                self.rows.append([*node, *commit(w, [G, node[0]])])
                self.leaf_s.append(w)
                self.real_leaf.append(True)
            else:
                s = random_scalar(self.random_bytes)
                self.rows.append([*node, *self.simulate(node, e, s)])
                self.leaf_s.append(s)
                self.real_leaf.append(False)
            return
        if isinstance(node, AllOf):
            for ch in node.children:
                self.commit(ch, e)
            return
        k = len(self.any_cs)
        cs: list[bytes] = []
        self.any_cs.append(cs)
        if e is None:
            real = next(i for i, ch in enumerate(node.children) if self.true(ch))
            self.any_real.append(real)
            for i, ch in enumerate(node.children):
                if i == real:
                    cs.append(b"")
                    self.commit(ch, None)
                else:
                    cs.append(random_scalar(self.random_bytes))
                    self.commit(ch, cs[-1])
        else:
            self.any_real.append(-1)
            for i, ch in enumerate(node.children):
                if i < len(node.children) - 1:
                    cs.append(random_scalar(self.random_bytes))
                else:
                    cs.append(s_sub(e, s_sum(cs)))
                self.commit(ch, cs[-1])
        assert len(self.any_cs[k]) == len(node.children)

    def commit_not(self, node: NotCard, e: bytes | None) -> None:
        """A :class:`NotCard` leaf: real (``e`` None: ``r``, ``u``, ``v`` drawn in that
        order) or simulated with challenge ``e`` (``γ``, ``sα``, ``sβ``)."""
        row = [node.c1, node.w, node.m]
        if e is None:
            r, u, v = (random_scalar(self.random_bytes) for _ in range(3))
            # with the witness (W = M* + x·C1, d = M − M* ≠ O): t1 = u·C1 − v·Z =
            # (u − v·x)·C1 + v·d and t2 = u·G − v·Y = (u − v·x)·G, the same points
            d = sub(node.m, self.card_of((node.c1, node.w, node.m)))
            k = s_sub(u, s_mul(v, self.key.secret))
            cq, t1, t2 = mul(r, d), add(mul(k, node.c1), mul(v, d)), mul_base(k)
            self.rows.append([*row, cq, t1, t2])
            self.leaf_s.append([cq, r, u, v])
            self.real_leaf.append(True)
            return
        g, sa, sb = (random_scalar(self.random_bytes) for _ in range(3))
        cq = mul_base(g)
        # with the witness: t1 = (sα − sβ·x)·C1 − sβ·(M* − M) + (e·γ)·G and
        # t2 = (sα − sβ·x)·G, the points of _sim_not
        k = s_sub(sa, s_mul(sb, self.key.secret))
        d = sub(self.card_of((node.c1, node.w, node.m)), node.m)
        t1 = add(mul(k, node.c1), mul_base(s_mul(e, g)))
        if d != IDENTITY:
            t1 = sub(t1, mul(sb, d))
        self.rows.append([*row, cq, t1, mul_base(k)])
        self.leaf_s.append([cq, sa, sb])
        self.real_leaf.append(False)

    def finish(self, node: Node, e: bytes, leaf: list[int], anys: list[int]) -> None:
        """Pre-order again: fill in the real parts once the challenge ``e`` of ``node``
        is known (``leaf`` and ``anys`` are running indices)."""
        if isinstance(node, NotCard):
            i = leaf[0]
            leaf[0] += 1
            if self.real_leaf[i]:
                cq, r, u, v = self.leaf_s[i]
                alpha = s_mul(r, self.key.secret)
                self.leaf_s[i] = [cq, s_sub(u, s_mul(e, alpha)), s_sub(v, s_mul(e, r))]
            return
        if isinstance(node, tuple):
            i = leaf[0]
            leaf[0] += 1
            if self.real_leaf[i]:
                self.leaf_s[i] = respond(self.leaf_s[i], e, self.key.secret)
            return
        if isinstance(node, AllOf):
            for ch in node.children:
                self.finish(ch, e, leaf, anys)
            return
        k = anys[0]
        anys[0] += 1
        cs, real = self.any_cs[k], self.any_real[k]
        if real >= 0:
            cs[real] = s_sub(e, s_sum([c for i, c in enumerate(cs) if i != real]))
        for ch, c in zip(node.children, cs, strict=True):
            self.finish(ch, c, leaf, anys)


def prove_claim(
    ctx: ProofContext, key: SeatKey, tree: Node, random_bytes: RandomBytes
) -> list[Any]:
    """The proof of ``tree`` by seat ``ctx.seat`` holding ``key`` (the prover finds which
    leaves are true itself).  ValueError if the claim is false or the tree malformed."""
    _check_tree(tree)
    p = _Prover(key, random_bytes)
    if not p.true(tree):
        raise ValueError("the claim is false: it cannot be proven")
    p.commit(tree, None)
    c = _challenge(ctx, key.public, tree, p.rows)
    p.finish(tree, c, [0], [0])
    return [c, p.any_cs, p.leaf_s]


def check_claim(ctx: ProofContext, public: bytes, tree: Node, body: object) -> None:
    """Check seat ``ctx.seat``'s proof ``body`` of ``tree`` (whose points the caller
    computed from checked entries) against its key ``public``.  Raises, blaming
    ``ctx.seat``: MalformedMessage (shape), InvalidScalar, BadClaimProof (the claim is
    not proven: a false claim; ``position`` = the AnyOf node whose challenges do not add
    up, when that is where it fails)."""
    seat, step = ctx.seat, ctx.step
    if not isinstance(body, list | tuple) or len(body) != 3:
        raise MalformedMessage(
            "claim proof is not [c, challenges, responses]", seat=seat, step=step
        )
    c = check_scalar(body[0], what="claim challenge", seat=seat, step=step)
    any_cs, leaf_s = body[1], body[2]
    if not isinstance(any_cs, list | tuple) or not isinstance(leaf_s, list | tuple):
        raise MalformedMessage("claim proof lists missing", seat=seat, step=step)
    rows: list[list[bytes]] = []
    idx = [0, 0]

    def walk(node: Node, e: bytes) -> None:
        if isinstance(node, NotCard):
            i = idx[0]
            idx[0] += 1
            if i >= len(leaf_s):
                raise MalformedMessage("claim proof has too few responses", seat=seat, step=step)
            item = leaf_s[i]
            if not isinstance(item, list | tuple) or len(item) != 3:
                raise MalformedMessage(
                    "an inequality response is not [Cq, sα, sβ]", seat=seat, step=step, position=i
                )
            if item[0] == IDENTITY:  # Cq = O: the card IS the excluded one
                raise BadClaimProof(
                    "the claim about hidden cards is not proven (an inequality's Cq is O)",
                    seat=seat,
                    step=step,
                )
            cq = check_point(
                item[0], what="inequality commitment", seat=seat, step=step, position=i
            )
            sa, sb = (
                check_scalar(x, what="claim response", seat=seat, step=step, position=i)
                for x in item[1:]
            )
            rows.append([node.c1, node.w, node.m, cq, *_sim_not(public, node, e, cq, sa, sb)])
            return
        if isinstance(node, tuple):
            i = idx[0]
            idx[0] += 1
            if i >= len(leaf_s):
                raise MalformedMessage("claim proof has too few responses", seat=seat, step=step)
            s = check_scalar(leaf_s[i], what="claim response", seat=seat, step=step, position=i)
            rows.append([*node, *_sim_ab(public, node, e, s)])
            return
        if isinstance(node, AllOf):
            for ch in node.children:
                walk(ch, e)
            return
        k = idx[1]
        idx[1] += 1
        if k >= len(any_cs) or not (
            isinstance(any_cs[k], list | tuple) and len(any_cs[k]) == len(node.children)
        ):
            raise MalformedMessage(
                "claim proof challenges do not match the claim", seat=seat, step=step, position=k
            )
        cs = [
            check_scalar(x, what="claim challenge", seat=seat, step=step, position=k)
            for x in any_cs[k]
        ]
        if s_sum(cs) != e:
            raise BadClaimProof(
                "the claim about hidden cards is not proven", seat=seat, step=step, position=k
            )
        for ch, ck in zip(node.children, cs, strict=True):
            walk(ch, ck)

    with blaming(BadClaimProof, seat, step):
        walk(tree, c)
    if idx != [len(leaf_s), len(any_cs)]:
        raise MalformedMessage("claim proof has extra items", seat=seat, step=step)
    if _challenge(ctx, public, tree, rows) != c:
        raise BadClaimProof("the claim about hidden cards is not proven", seat=seat, step=step)
