"""A fast open-card simulation of Sunduchki for the strong bot's rollouts.

:class:`Sim` holds one complete deal (every hand and the stock's order, as the strong
bot samples them) and plays the rules of "Ход: три вопроса по порядку", "Ошибка: карты
остаются у соперника" and "Пустая рука и конец партии" with the default options
(three questions, ``ask=any``, ``after_success=any``, ``empty_hand=wait``,
``show_chests=open``).  Cards are 4-bit suit sets per (seat, rank); the public masks
(:func:`._infer.public_masks`) are kept up to date move by move, so every seat's
decisions use only what that seat would know: the public history and its own hand.

:meth:`Sim.policy` is ``basic``'s rule (``bots.basic_bot``): the ask with the best
chance of three yeses (ties: the rank held most, the larger suit-set, then the
generator, drawn once per legal ask in order, as ``basic`` does), then the likeliest
count and suits.  With the same deal and generators it plays the same game as
``basic`` in the engine (``tests/games/test_sunduchki_rollout.py``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from p2pcards.cards import Card, Rank
from p2pcards.games.sunduchki._infer import (
    EMPTY_ONLY,
    FULL,
    NONEMPTY,
    OF_SIZE,
    SIZES,
    add_suits,
    expand,
    subsets_with,
    subsets_without,
    suit_bits,
)

NRANK = 15
"""Rank slots (rank values 2..14 index the per-rank lists)."""
MAX_REQUESTS = 3000
"""A bound on requests per rollout (an honest game makes about 70)."""

_CAP = [sum(OF_SIZE[n] for n in range(min(k, 4) + 1)) for k in range(5)]
_INFO: dict[int, tuple[tuple[int, int], ...]] = {}
_BEST: dict[tuple[int, int, int, float], tuple[float, int]] = {}


def _mask_info(m: int) -> tuple[tuple[int, int], ...]:
    """Per size 0..4: (subsets of that size in ``m``, the lowest such subset or -1)."""
    got = _INFO.get(m)
    if got is None:
        out = []
        for n in range(5):
            sub = [i for i in range(16) if m >> i & 1 and SIZES[i] == n]
            out.append((len(sub), sub[0] if sub else -1))
        got = _INFO[m] = tuple(out)
    return got


def best_subset(m: int, opened: int, unseen: int, p: float) -> tuple[float, int]:
    """``basic``'s (chance, subset) for a filtered mask ``m``: the nonempty subset of the
    highest prior weight ``p ** gained * (1 - p) ** missed`` (ties: the lowest), and its
    share of the total weight.  ``opened``: suits of the target's open cards of the rank
    (in every subset of ``m``); ``unseen``: suits nobody has seen."""
    info = _mask_info(m)
    u = SIZES[unseen]
    total = 0.0
    best, best_w = 0, -1.0
    for n in range(5):
        k, low = info[n]
        if not k:
            continue
        g = n - opened
        w = p**g * (1 - p) ** (u - g)
        total += k * w
        if n and (w > best_w or (w == best_w and low < best)):
            best, best_w = low, w
    if best == 0 or total <= 0:
        return 0.0, best
    return best_w / total, best


def _best_raw(m: int, unseen: int, p: float) -> int:
    """The subset ``basic`` names from an unfiltered mask (its fallback): the nonempty
    subset of the highest weight, ties the lowest."""
    best, best_w = 0, -1.0
    for i in range(1, 16):
        if m >> i & 1:
            w = p ** SIZES[i & unseen] * (1 - p) ** SIZES[unseen & ~i]
            if w > best_w:
                best, best_w = i, w
    return best


def _pick(m: int, ok: int, opened: int, unseen: int, p: float) -> int:
    """``basic``'s subset within ``ok`` (a set of sizes): from ``m & ok``, else from
    ``ok`` itself."""
    if m & ok:
        return best_subset(m & ok, opened, unseen, p)[1]
    return _best_raw(ok, unseen, p)


class Sim:
    """One open-card Sunduchki position (see the module docstring).

    ``hold[s][r]``: suits of rank ``r`` seat ``s`` holds; ``openb[s][r]``: those of them
    that are public; ``pm[s][r]``: the public mask of seat ``s``'s holding of ``r``
    (possible suit-sets, as everyone else sees it); ``stock``: (rank, suit bit) in draw
    order from ``top``; ``chests``: chests per seat; ``live``: ranks in play.
    """

    __slots__ = (
        "chests",
        "cnt",
        "hold",
        "live",
        "n",
        "nopen",
        "openall",
        "openb",
        "pm",
        "stock",
        "top",
    )

    def __init__(self) -> None:
        self.n = 0
        self.hold: list[list[int]] = []
        self.openb: list[list[int]] = []
        self.openall: list[int] = []
        self.pm: list[list[int]] = []
        self.cnt: list[int] = []
        self.nopen: list[int] = []
        self.stock: list[tuple[int, int]] = []
        self.top = 0
        self.chests: list[int] = []
        self.live: list[int] = []

    @classmethod
    def build(
        cls,
        hands: Sequence[Sequence[Card]],
        opened: Sequence[Sequence[Card]],
        stock: Sequence[Card],
        chests: Sequence[int],
        live: Sequence[Rank],
        pm: dict[tuple[int, Rank], int],
    ) -> Sim:
        """A position: each seat's whole hand, its open cards, the stock in draw order,
        chests per seat, the ranks in play and the public masks ``(seat, rank) -> mask``."""
        s = cls()
        s.n = n = len(hands)
        s.hold = [[0] * NRANK for _ in range(n)]
        s.openb = [[0] * NRANK for _ in range(n)]
        s.pm = [[FULL] * NRANK for _ in range(n)]
        for seat in range(n):
            for c in hands[seat]:
                s.hold[seat][c.rank] |= 1 << c.suit
            for c in opened[seat]:
                s.openb[seat][c.rank] |= 1 << c.suit
        s.openall = [0] * NRANK
        for seat in range(n):
            for r in range(NRANK):
                s.openall[r] |= s.openb[seat][r]
        for (seat, r), m in pm.items():
            s.pm[seat][r] = m
        s.cnt = [len(h) for h in hands]
        s.nopen = [len(o) for o in opened]
        s.stock = [(int(c.rank), 1 << c.suit) for c in stock]
        s.top = 0
        s.chests = list(chests)
        s.live = sorted(int(r) for r in live)
        return s

    def copy(self) -> Sim:
        """An independent copy."""
        s = Sim.__new__(Sim)
        s.n = self.n
        s.hold = [h[:] for h in self.hold]
        s.openb = [h[:] for h in self.openb]
        s.openall = self.openall[:]
        s.pm = [h[:] for h in self.pm]
        s.cnt = self.cnt[:]
        s.nopen = self.nopen[:]
        s.stock = self.stock
        s.top = self.top
        s.chests = self.chests[:]
        s.live = self.live[:]
        return s

    # -- what a seat knows ------------------------------------------------------------
    def _filtered(self, a: int, t: int, r: int, pm: int) -> tuple[int, int, int]:
        """(mask, target's open suits, unseen suits) of ``t``'s ``r`` as seat ``a`` sees
        it (``_infer.infer``'s last filter, on the public mask ``pm``)."""
        mine = self.hold[a][r]
        known = self.openall[r]
        ot = self.openb[t][r]
        elsewhere = mine | known & ~ot
        base = subsets_without(elsewhere) & subsets_with(ot) & _CAP[min(self.cnt[t], 4)]
        return (pm & base or base), SIZES[ot], 0xF & ~known & ~mine

    def _p(self, a: int, t: int) -> float:
        total = self.stock_left() + sum(
            self.cnt[s] - self.nopen[s] for s in range(self.n) if s != a
        )
        return (self.cnt[t] - self.nopen[t]) / total if total else 0.0

    def stock_left(self) -> int:
        """Cards left in the stock."""
        return len(self.stock) - self.top

    def targets(self, a: int) -> list[int]:
        """The opponents of ``a`` with cards."""
        return [t for t in range(self.n) if t != a and self.cnt[t]]

    def asks(self, a: int) -> list[tuple[int, int]]:
        """Seat ``a``'s legal asks (target, rank), in the engine's order."""
        ranks = [r for r in self.live if self.hold[a][r]]
        return [(t, r) for t in self.targets(a) for r in ranks]

    def guess(self, a: int, t: int, r: int) -> int:
        """The suit-set ``basic`` names after two yeses to ``a``'s ask of ``t``'s ``r``:
        the likeliest legal count, then the likeliest suits of that count."""
        p = self._p(a, t)
        held = SIZES[self.hold[a][r]]
        top = max(min(4 - max(held, 1), self.cnt[t]), 1)
        okc = 0
        for k in range(1, top + 1):
            okc |= OF_SIZE[k]
        pm1 = self.pm[t][r] & NONEMPTY or FULL
        m, o, u = self._filtered(a, t, r, pm1)
        k = SIZES[_pick(m, okc, o, u, p)]
        pm2 = pm1 & OF_SIZE[k] or FULL
        m, o, u = self._filtered(a, t, r, pm2)
        sub = _pick(m, OF_SIZE[k], o, u, p)
        mine = self.hold[a][r]
        free = [b for b in (1, 2, 4, 8) if not b & mine]
        if sub & mine and len(free) >= k:  # not a legal set of suits: the first legal one
            sub = sum(free[:k])
        return sub

    def policy(self, a: int, rng: random.Random) -> tuple[int, int]:
        """``basic``'s ask (target, rank) for seat ``a`` (see the module docstring)."""
        asks = self.asks(a)
        if len(asks) == 1:
            return asks[0]
        best: tuple[float, int, int, float] | None = None
        pick = asks[0]
        ps = {t: self._p(a, t) for t in self.targets(a)}
        for t, r in asks:
            m, o, u = self._filtered(a, t, r, self.pm[t][r])
            key0 = (m, o, u, ps[t])
            got = _BEST.get(key0)
            if got is None:
                got = _BEST[key0] = best_subset(m, o, u, ps[t])
            p, sub = got
            key = (p, SIZES[self.hold[a][r]], SIZES[sub], rng.random())
            if best is None or key > best:
                best, pick = key, (t, r)
        return pick

    # -- the rules --------------------------------------------------------------------
    def _draw(self, a: int) -> None:
        r, b = self.stock[self.top]
        self.top += 1
        self.hold[a][r] |= b
        self.cnt[a] += 1
        pm = self.pm[a]
        for x in self.live:
            pm[x] = expand(pm[x])

    def _chest(self, a: int, r: int) -> None:
        self.chests[a] += 1
        self.live.remove(r)
        self.cnt[a] -= 4
        self.nopen[a] -= SIZES[self.openb[a][r]]
        self.hold[a][r] = 0
        self.openb[a][r] = 0
        self.openall[r] = 0
        for s in range(self.n):
            self.pm[s][r] = EMPTY_ONLY

    def request(self, a: int, t: int, r: int, sub: int) -> bool:
        """Seat ``a`` asks ``t`` for ``r`` and names the suit-set ``sub``; applies the
        answers, the handover (and a chest it completes) or the draw after a "no".
        True on three yeses (``a`` goes on), False on a "no" (the turn passes)."""
        pm = self.pm
        pm[a][r] &= NONEMPTY
        have = self.hold[t][r]
        m = pm[t][r]
        if have == sub:
            self.hold[t][r] = 0
            self.cnt[t] -= SIZES[sub]
            self.nopen[t] -= SIZES[self.openb[t][r]]
            self.openb[t][r] = 0
            pm[t][r] = EMPTY_ONLY
            pm[a][r] = add_suits(pm[a][r], sub)
            self.hold[a][r] |= sub
            self.nopen[a] += SIZES[sub]
            self.openb[a][r] |= sub
            self.openall[r] = self.openall[r] & ~have | sub
            self.cnt[a] += SIZES[sub]
            if self.hold[a][r] == 0xF:
                self._chest(a, r)
            return True
        if not have:
            m &= EMPTY_ONLY
        elif SIZES[have] != SIZES[sub]:
            m = (m & NONEMPTY or FULL) & ~OF_SIZE[SIZES[sub]]
        else:
            m = (m & NONEMPTY or FULL) & OF_SIZE[SIZES[sub]] or FULL
            m &= ~(1 << sub)
        pm[t][r] = m or FULL
        if self.top < len(self.stock):
            x, _ = self.stock[self.top]
            self._draw(a)
            if self.hold[a][x] == 0xF:
                self._chest(a, x)
        return False

    def done(self) -> bool:
        """Every chest is set aside."""
        return not self.live

    def next_asker(self, seat: int) -> int | None:
        """Begin turns from ``seat``: empty hands draw (and the turn passes) or are
        skipped, seats with no opponent holding cards pass; the first seat that asks, or
        None when the game is over (or nobody can move)."""
        idle = 0
        while self.live and idle <= self.n:
            if not self.cnt[seat]:
                if self.top < len(self.stock):
                    self._draw(seat)
                    idle = 0
                else:
                    idle += 1
            elif not self.targets(seat):
                idle += 1
            else:
                return seat
            seat = (seat + 1) % self.n
        return None

    def after(self, a: int, success: bool) -> int | None:
        """The next seat to ask after ``a``'s request (None: the game is over)."""
        if not self.live:
            return None
        if success and self.cnt[a] and self.targets(a):
            return a
        return self.next_asker((a + 1) % self.n)

    def play(
        self,
        a: int | None,
        rngs: Sequence[random.Random],
        limit: int = MAX_REQUESTS,
        until: int | None = None,
    ) -> int:
        """Play on with every seat on :meth:`policy` from asker ``a`` (None: over), for
        at most ``limit`` requests, or until a new turn of seat ``until`` begins;
        returns the requests made."""
        k = 0
        while a is not None and k < limit:
            t, r = self.policy(a, rngs[a])
            ok = self.request(a, t, r, self.guess(a, t, r))
            b = self.after(a, ok)
            k += 1
            if b == until and a != until:
                break
            a = b
        return k

    def material(self, s: int) -> float:
        """Seat ``s``'s cards in play: the sum over ranks of (cards held / 4) squared."""
        h = self.hold[s]
        return sum(SIZES[h[r]] ** 2 for r in self.live) / 16


def _named(
    own: int, pm_t: int, open_t: int, open_other: int, cnt_t: int, p: float, count: int | None
) -> int:
    """What ``basic`` holding the suit-set ``own`` of a rank names when asking about it:
    the count (``count`` None) or, for ``count``, the suits (as a suit-set).  ``pm_t``:
    the target's public mask then; ``open_t`` / ``open_other``: the open cards of the rank
    in the target's hand / elsewhere; ``p``: the target's share of the cards the asker
    did not see."""
    elsewhere = own | open_other
    base = subsets_without(elsewhere) & subsets_with(open_t) & _CAP[min(cnt_t, 4)]
    m = pm_t & base or base
    o, u = SIZES[open_t], 0xF & ~(open_t | open_other) & ~own
    if count is None:
        top = max(min(4 - max(SIZES[own], 1), cnt_t), 1)
        ok = 0
        for k in range(1, top + 1):
            ok |= OF_SIZE[k]
        return SIZES[_pick(m, ok, o, u, p)]
    sub = _pick(m, OF_SIZE[count], o, u, p)
    free = [b for b in (1, 2, 4, 8) if not b & own]
    if sub & own and len(free) >= count:
        sub = sum(free[:count])
    return sub


def basic_masks(view: Any) -> dict[tuple[int, Rank], int] | None:
    """The public masks (:func:`._infer.public_masks`) narrowed by what each opponent's
    questions say of its own hand if it plays ``basic``'s rule: ``basic`` names the
    likeliest count and then, of the suit-sets of that count the target may hold, the
    lowest (♠ < ♥ < ♦ < ♣) it does not hold itself; so naming ♦ says it holds ♠ and ♥
    when the target could have held them.  The suit-sets of its own it could have held
    then that give the count and suits it named are kept, and carried on through the
    later draws and handovers like the public masks.  An opponent whose questions fit
    no suit-set (it does not play ``basic``'s rule) is not narrowed at all."""
    me = view.seat
    n = len(view.counts)
    ranks = view.in_play
    live = set(ranks)
    pub = {(o, r): FULL for o in range(n) for r in ranks}
    priv = dict(pub)
    cnt = [4] * n
    deck = 4 * (len(ranks) + sum(view.scores))
    stock = deck - 4 * n
    openb: dict[tuple[int, int], int] = {}
    nopen = [0] * n
    off: set[int] = set()

    def cut(key: tuple[int, Rank], keep: int, fallback: int = FULL) -> None:
        pub[key] = pub[key] & keep or fallback
        priv[key] = priv[key] & keep or fallback

    for note in view.history:
        k = note.kind
        s = note.seat
        r = note.rank
        if k == "draw":
            cnt[s] += 1
            stock -= 1
            for x in ranks:
                pub[s, x] = expand(pub[s, x])
                priv[s, x] = expand(priv[s, x])
        elif k == "chest" and r is not None:
            cnt[s] -= 4
            nopen[s] -= SIZES[openb.pop((s, r), 0)]
            if r in live:
                for o in range(n):
                    pub[o, r] = priv[o, r] = EMPTY_ONLY
        elif k == "answer" and note.cards and r is not None:
            # cards handed over (a rank perhaps out of play by now): sizes and open cards
            giver, taker = s, note.target
            bits = suit_bits(c.suit for c in note.cards)
            cnt[giver] -= len(note.cards)
            nopen[giver] -= SIZES[openb.pop((giver, r), 0)]
            if taker is not None:
                cnt[taker] += len(note.cards)
                openb[taker, r] = openb.get((taker, r), 0) | bits
                nopen[taker] += len(note.cards)
                if r in live:
                    pub[taker, r] = add_suits(pub[taker, r], bits)
                    priv[taker, r] = add_suits(priv[taker, r], bits)
            if r in live:
                pub[giver, r] = priv[giver, r] = EMPTY_ONLY
        elif r is None or r not in live:
            continue
        elif k == "ask":
            cut((s, r), NONEMPTY, 0)
        elif k in ("count", "suits") and s != me and s not in off and note.target is not None:
            t = note.target
            open_t = openb.get((t, r), 0)
            open_other = 0
            for o in range(n):
                if o != t:
                    open_other |= openb.get((o, r), 0)
            mine_open = openb.get((s, r), 0)
            total = stock + sum(cnt[o] - nopen[o] for o in range(n) if o != s)
            p = (cnt[t] - nopen[t]) / total if total else 0.0
            want = note.count if k == "count" else suit_bits(note.suits)
            fits = 0
            for own in range(1, 16):
                if own & mine_open != mine_open or own & (open_other & ~mine_open):
                    continue
                if SIZES[own] > cnt[s]:
                    continue
                got = _named(
                    own,
                    pub[t, r],
                    open_t,
                    open_other,
                    cnt[t],
                    p,
                    None if k == "count" else note.count,
                )
                if got == want:
                    fits |= 1 << own
            narrowed = priv[s, r] & fits
            if narrowed:
                priv[s, r] = narrowed
            else:
                off.add(s)
        elif k == "answer":
            giver, taker = s, note.target
            if not note.yes:
                if note.stage == 1:
                    cut((giver, r), EMPTY_ONLY)
                elif note.stage == 2:
                    cut((giver, r), ~OF_SIZE[note.count or 0])
                else:
                    cut((giver, r), ~(1 << suit_bits(note.suits)))
            elif note.stage == 1:
                cut((giver, r), NONEMPTY)
            elif note.stage == 2:
                cut((giver, r), OF_SIZE[note.count or 0])
    for o in off:
        for x in ranks:
            priv[o, x] = pub[o, x]
    return priv
