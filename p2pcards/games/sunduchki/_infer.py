"""What a seat can infer about its opponents' hands from the public history (for bots).

For every (opponent, rank) the set of suit-sets the opponent may hold is tracked as a
16-bit mask over the 16 subsets of the four suits (bit ``i`` set: subset ``i`` is still
possible, subset ``i`` having bit ``s`` for suit ``s``).  The history's answers, asks,
draws, transfers and chests narrow or widen it; the viewer's own cards and the cards
openly held elsewhere narrow it at the end.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from p2pcards.cards import Rank, Suit
from p2pcards.games.sunduchki._view import SunduchkiView

FULL = (1 << 16) - 1
EMPTY_ONLY = 1  # only the empty subset


def _size(subset: int) -> int:
    return bin(subset).count("1")


SIZES = [_size(i) for i in range(16)]
NONEMPTY = FULL & ~EMPTY_ONLY
OF_SIZE = [sum(1 << i for i in range(16) if SIZES[i] == n) for n in range(5)]


def _expand(mask: int) -> int:
    """A hidden card was drawn: any possible subset may gain one suit."""
    out = mask
    for i in range(16):
        if mask >> i & 1:
            for s in range(4):
                out |= 1 << (i | 1 << s)
    return out


_EXPAND: dict[int, int] = {}


def expand(mask: int) -> int:
    """Memoised :func:`_expand`."""
    got = _EXPAND.get(mask)
    if got is None:
        got = _EXPAND[mask] = _expand(mask)
    return got


def add_suits(mask: int, bits: int) -> int:
    """Cards of suits ``bits`` were received openly."""
    return _collect(mask, lambda i: i | bits)


def _collect(mask: int, fn: Callable[[int], int]) -> int:
    out = 0
    for i in range(16):
        if mask >> i & 1:
            out |= 1 << fn(i)
    return out


def suit_bits(suits: Iterable[Suit]) -> int:
    """4-bit set of an iterable of suits."""
    b = 0
    for s in suits:
        b |= 1 << int(s)
    return b


_WITHOUT = [sum(1 << i for i in range(16) if not i & bits) for bits in range(16)]
_WITH = [sum(1 << i for i in range(16) if i & bits == bits) for bits in range(16)]


def subsets_without(bits: int) -> int:
    """Mask of the subsets that share no suit with ``bits``."""
    return _WITHOUT[bits]


def subsets_with(bits: int) -> int:
    """Mask of the subsets that contain every suit of ``bits``."""
    return _WITH[bits]


def public_masks(view: SunduchkiView) -> dict[tuple[int, Rank], int]:
    """Possible suit-subsets of each rank in play held by every seat (the viewer's own
    too), from the public history alone: what any other seat infers before it looks at
    its own hand and the open cards (:func:`infer` then filters by those)."""
    ranks = view.in_play
    seats = range(len(view.counts))
    masks = {(o, r): FULL for o in seats for r in ranks}
    for n in view.history:
        k = n.kind
        if k == "draw":
            for r in ranks:
                masks[n.seat, r] = expand(masks[n.seat, r])
        elif k == "chest" and n.rank is not None:
            for o in seats:
                if (o, n.rank) in masks:
                    masks[o, n.rank] = EMPTY_ONLY
        elif k == "ask" and n.rank is not None:
            if (n.seat, n.rank) in masks:
                masks[n.seat, n.rank] &= NONEMPTY
        elif k == "answer":
            assert n.rank is not None
            giver, taker = n.seat, n.target
            if (giver, n.rank) in masks:
                m = masks[giver, n.rank]
                if not n.yes:
                    if n.stage == 1:
                        m &= EMPTY_ONLY
                    elif n.stage == 2:
                        m &= ~OF_SIZE[n.count or 0]
                    else:
                        m &= ~(1 << suit_bits(n.suits))
                elif n.cards:
                    m = EMPTY_ONLY  # it held exactly these cards and handed them over
                elif n.stage == 1:
                    m &= NONEMPTY
                elif n.stage == 2:
                    m &= OF_SIZE[n.count or 0]
                masks[giver, n.rank] = m or FULL
            if n.cards and taker is not None and (taker, n.rank) in masks:
                masks[taker, n.rank] = add_suits(
                    masks[taker, n.rank], suit_bits(c.suit for c in n.cards)
                )
    return masks


def infer(
    view: SunduchkiView, pub: dict[tuple[int, Rank], int] | None = None
) -> dict[tuple[int, Rank], int]:
    """Possible suit-subsets of ``rank`` held by each opponent, as 16-bit masks: the
    public masks (``pub``, default :func:`public_masks`) filtered by the viewer's hand,
    the open cards and the hand sizes."""
    me = view.seat
    ranks = view.in_play
    opp = [s for s in range(len(view.counts)) if s != me]
    if pub is None:
        pub = public_masks(view)
    masks = {(o, r): pub[o, r] for o in opp for r in ranks}
    # final filters from what the viewer sees now
    mine: dict[Rank, int] = {}
    for r, cards in view.by_rank:
        mine[r] = suit_bits(c.suit for c in cards)
    openly: dict[tuple[int, Rank], int] = {}
    for s, cards in enumerate(view.open_cards):
        for c in cards:
            openly[s, c.rank] = openly.get((s, c.rank), 0) | 1 << int(c.suit)
    for o in opp:
        cap = sum(OF_SIZE[n] for n in range(min(view.counts[o], 4) + 1))
        for r in ranks:
            elsewhere = mine.get(r, 0)
            for s in range(len(view.counts)):
                if s != o:
                    elsewhere |= openly.get((s, r), 0)
            m = masks[o, r] & subsets_without(elsewhere) & subsets_with(openly.get((o, r), 0)) & cap
            if not m:  # inconsistent (a lie, or a gap): assume anything consistent now
                m = subsets_without(elsewhere) & subsets_with(openly.get((o, r), 0)) & cap
            masks[o, r] = m
    return masks


def weights(view: SunduchkiView, target: int, rank: Rank, mask: int) -> dict[int, float]:
    """Rough prior weight of each possible subset (cards spread evenly over the hidden
    cards of the opponents and the stock)."""
    me = view.seat
    hidden = [
        view.counts[s] - len(view.open_cards[s]) if s != me else 0 for s in range(len(view.counts))
    ]
    total = sum(hidden) + view.stock
    p = hidden[target] / total if total else 0.0
    known = 0
    mine = 0
    for cards in view.open_cards:
        for c in cards:
            if c.rank == rank:
                known |= 1 << int(c.suit)
    for r, cards in view.by_rank:
        if r == rank:
            mine = suit_bits(c.suit for c in cards)
    unseen = 0xF & ~known & ~mine
    out = {}
    for i in range(16):
        if mask >> i & 1:
            gain = i & unseen
            miss = unseen & ~i
            out[i] = p ** SIZES[gain] * (1 - p) ** SIZES[miss]
    return out


def suits_of_subset(i: int) -> tuple[Suit, ...]:
    """The suits of subset ``i``, ascending."""
    return tuple(s for s in Suit if i >> int(s) & 1)
