"""Thousand's ``strong`` bot: perfect-information Monte Carlo over the seat's view.

For each decision it deals the cards it cannot see (:func:`constraints`: the other
hands and, during the auction, the talon) many times, consistently with what the
public history proves: cards played, suits a seat showed it lacks by not following
(or not trumping), "no higher card" shown by following without beating (the rules make
a follower beat when it can, "Розыгрыш и взятки"), partners of declared marriages, and
the cards it passed itself.  Each deal is searched with perfect information:

- card play: every legal card is tried; the rest of the hand is played out by a fast
  heuristic policy (:func:`policy`, the other seats playing exactly ``basic``'s play)
  or, with :data:`SEARCH_MINE` tricks or fewer left, searched exactly over this seat's
  own moves, the other seats still playing ``basic``'s play (:func:`search_mine`; the
  leaves scored by the full :func:`utility`).  ``model=0, mine=0`` is the earlier
  form: every seat's rollout by the policy, and with ``exact_tricks`` tricks or fewer
  left alpha-beta on the declarer's points (declarer maximises, the two defenders
  minimise; move ordering: the policy's card first);
- auction: the hand plus a sampled talon is played out as declarer; a bid is made while
  its expected score (the rounded take if made, minus the bid if not) beats a defender's
  expected gain;
- passing two cards: the cheapest candidate pairs are each played out on every deal.

The move with the best mean result over the deals wins.  The bot is a function of the
view (and of the cards it passed earlier in the hand, which its seat saw): its random
generator is seeded from the view (:func:`~p2pcards.games._sampling.view_seed`), never
from hidden cards.  The rules have no concession (thousand.ru.txt), so there is none.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from p2pcards.cards import THOUSAND_ORDER, Card, Suit
from p2pcards.games._moves import Move
from p2pcards.games._sampling import deal_constrained, view_seed
from p2pcards.games._search import Budget
from p2pcards.games._state import View
from p2pcards.games.thousand._moves import Bid, GiveCards, Pass, Play
from p2pcards.games.thousand._rules import round5
from p2pcards.games.thousand._state import ThousandView
from p2pcards.games.thousand.bots import BARREL_RISK, TALON_ALLOWANCE, basic_bot

# Cards as ints 0..23: suit * 6 + rank order (0 nine, 1 jack, 2 queen, 3 king, 4 ten,
# 5 ace), so within a suit a larger id is a higher card.
PTS = (0, 2, 3, 4, 10, 11)
MARRIAGE = {int(Suit.SPADES): 40, int(Suit.HEARTS): 100, int(Suit.DIAMONDS): 80, 3: 60}
CARDS: tuple[Card, ...] = tuple(
    Card(r, Suit(s))
    for s in range(4)
    for r in sorted(THOUSAND_ORDER, key=lambda r: THOUSAND_ORDER[r])
)
TALON_PASSED = 0.3
"""How likely a defender's deals put one cheap card (a nine or a jack) of the shown
talon with the other defender, as the card the declarer passed it."""
SAMPLE_FACTOR = {"hard": 3}
"""Thousand's deals per decision are the level's ``samples`` times this (``hard``: 72;
its longest decisions stay well within 1 s of CPU, docs/bots.md)."""
SEARCH_MINE = {"medium": 3, "hard": 4}
"""With this many tricks or fewer left (after the card tried), the card play searches
every line of this seat's own moves against ``basic``'s play of the other seats
(:func:`search_mine`) instead of alpha-beta; ``hard``'s 4 was measured, ``medium``'s 3
only at ``hard``'s deals (docs/bots.md)."""
DEFENDER_VALUE = 25
"""What passing is worth in the auction: a defender's usual take, rounded."""
BARREL_TRIES = 3
"""Hands a seat may sit on the barrel (the default ``barrel_tries``; a view carries no
options): on the last one, failing the barrel bid costs what not trying costs."""
BARREL_GO = 0.45
"""On the barrel (not its last hand) it bids the barrel bid when it makes it in at least
this share of its deals."""
BLOCK_AFTER = -150
"""An opponent on the barrel holds a bid of at least the barrel bid: making it wins the
game, so the bot outbids it while its own expected score at the raise is at least this."""
BLOCK_BEFORE = -35
"""An opponent on the barrel has not bid the barrel bid yet (and has not passed): the
bot takes the barrel bid itself first while its expected score there is at least this."""
DECISIVE = 300
"""Points a defender's utility loses (a declarer's gains) when a declarer on the barrel
makes a bid of at least the barrel bid: that ends the game."""


def cid(c: Card) -> int:
    """The int of ``c`` (see the module comment)."""
    return int(c.suit) * 6 + THOUSAND_ORDER[c.rank]


def _mate(c: int) -> int:
    r = c % 6
    return c + 1 if r == 2 else c - 1 if r == 3 else -1


def allowed(hand: Sequence[int], trick: Sequence[int], trump: int) -> list[int]:
    """The cards of ``hand`` playable on ``trick`` (ints; "Розыгрыш и взятки": follow
    and beat if possible, else follow, else trump, else anything)."""
    if not trick:
        return list(hand)
    led = trick[0] // 6
    same = [c for c in hand if c // 6 == led]
    if same:
        top = max(c for c in trick if c // 6 == led)
        higher = [c for c in same if c > top]
        return higher or same
    if trump >= 0:
        tr = [c for c in hand if c // 6 == trump]
        if tr:
            return tr
    return list(hand)


def winner(trick: Sequence[int], trump: int) -> int:
    """Index of the card taking ``trick`` (ints, lead first)."""
    best = 0
    for i in range(1, len(trick)):
        c, b = trick[i], trick[best]
        if c // 6 == b // 6:
            if c > b:
                best = i
        elif c // 6 == trump:
            best = i
    return best


class Deal:
    """A perfect-information position of the card play (three seats, ints)."""

    __slots__ = (
        "bid",
        "declare_ok",
        "declarer",
        "hands",
        "out",
        "taken",
        "trick",
        "trick_seats",
        "trump",
        "turn",
    )

    def __init__(
        self,
        hands: list[list[int]],
        turn: int,
        declarer: int,
        bid: int,
        trump: int = -1,
        taken: list[int] | None = None,
        trick: list[int] | None = None,
        out: int = 0,
        declare_ok: bool = True,
    ) -> None:
        self.hands = hands
        self.turn = turn
        self.declarer = declarer
        self.bid = bid
        self.trump = trump
        self.taken = taken if taken is not None else [0, 0, 0]
        self.trick = trick if trick is not None else []
        self.trick_seats: list[int] = [(turn - len(self.trick) + i) % 3 for i in range(3)]
        self.out = out  # bitmask of cards played this hand (trick included)
        self.declare_ok = declare_ok

    def copy(self) -> Deal:
        d = Deal.__new__(Deal)
        d.hands = [list(h) for h in self.hands]
        d.turn, d.declarer, d.bid, d.trump = self.turn, self.declarer, self.bid, self.trump
        d.taken = list(self.taken)
        d.trick = list(self.trick)
        d.trick_seats = list(self.trick_seats)
        d.out, d.declare_ok = self.out, self.declare_ok
        return d

    def moves(self) -> list[tuple[int, bool]]:
        """(card, declare) pairs: leading a king or queen whose mate is in hand
        declares the marriage (never worse in this model)."""
        hand = self.hands[self.turn]
        out = []
        for c in allowed(hand, self.trick, self.trump):
            decl = not self.trick and self.declare_ok and c % 6 in (2, 3) and _mate(c) in hand
            out.append((c, decl))
        return out

    def play(self, c: int, declare: bool) -> None:
        seat = self.turn
        self.hands[seat].remove(c)
        if not self.trick:
            self.trick_seats = [seat, (seat + 1) % 3, (seat + 2) % 3]
        self.trick.append(c)
        self.out |= 1 << c
        if declare:
            self.taken[seat] += MARRIAGE[c // 6]
            self.trump = c // 6
        if len(self.trick) < 3:
            self.turn = (seat + 1) % 3
            return
        w = self.trick_seats[winner(self.trick, self.trump)]
        self.taken[w] += PTS[self.trick[0] % 6] + PTS[self.trick[1] % 6] + PTS[self.trick[2] % 6]
        self.trick = []
        self.turn = w
        self.declare_ok = True

    @property
    def left(self) -> int:
        return sum(len(h) for h in self.hands) + len(self.trick)


_ABOVE = tuple(sum(1 << x for x in range(c + 1, (c // 6) * 6 + 6)) for c in range(24))
"""Bit set of the cards of ``c``'s suit above ``c``."""
_RANK_KEY = tuple(PTS[c % 6] * 8 + c % 6 for c in range(24))
"""Orders cards by (points, rank order), the key of the policy's cheapest/dearest card."""


def _master(c: int, hand: Sequence[int], out: int) -> bool:
    """No card of ``c``'s suit above it is outside ``hand`` and not yet played."""
    held = out
    for x in hand:
        held |= 1 << x
    return not _ABOVE[c] & ~held


def _cheapest(cards: Sequence[int]) -> int:
    return min(cards, key=_RANK_KEY.__getitem__)


def policy(d: Deal, feed: bool = True) -> tuple[int, bool]:
    """The rollout policy (basic's play, plus, with ``feed``, defenders giving points to a
    partner who is sure to take the trick): declare the dearest marriage, cash masters,
    win cheaply, else throw the cheapest card."""
    seat = d.turn
    hand = d.hands[seat]
    trick = d.trick
    trump = d.trump
    if not trick:
        if len(hand) == 1:
            c = hand[0]
            return c, d.declare_ok and c % 6 in (2, 3) and _mate(c) in hand
        if d.declare_ok:
            decls = [c for c in hand if c % 6 in (2, 3) and _mate(c) in hand]
            if decls:  # the dearest marriage, leading its queen
                return max(decls, key=lambda c: (MARRIAGE[c // 6], -(c % 6))), True
        held = d.out
        for x in hand:
            held |= 1 << x
        masters = [c for c in hand if not _ABOVE[c] & ~held]
        if masters:
            return max(masters, key=_RANK_KEY.__getitem__), False
        return _cheapest(hand), False
    led = trick[0] // 6
    moves = [c for c in hand if c // 6 == led]
    if moves:
        top = max(c for c in trick if c // 6 == led)
        higher = [c for c in moves if c > top]
        if higher:
            moves = higher
    elif trump >= 0:
        moves = [c for c in hand if c // 6 == trump] or hand
    else:
        moves = hand
    if len(moves) == 1:
        return moves[0], False
    w = winner(trick, trump)
    b = trick[w]
    last = len(trick) == 2
    if feed and last and seat != d.declarer and d.trick_seats[w] != d.declarer:
        # partner takes it: add points
        return max(moves, key=lambda c: (PTS[c % 6] if c % 6 != 5 else 1, -c)), False
    bs = b // 6
    wins = [c for c in moves if (c > b if c // 6 == bs else c // 6 == trump)]
    if wins:
        if last:
            return _cheapest(wins), False
        held = d.out
        for x in hand:
            held |= 1 << x
        safe = [c for c in wins if not _ABOVE[c] & ~held or c // 6 == trump]
        if safe:
            return _cheapest(safe), False
    return _cheapest(moves), False


def rollout(d: Deal) -> Deal:
    """Play ``d`` to the end of the hand with :func:`policy` (mutates and returns it)."""
    while d.hands[d.turn]:
        c, decl = policy(d)
        d.play(c, decl)
    return d


def rollout_as(d: Deal, me: int) -> Deal:
    """Play ``d`` to the end with :func:`policy`, the seats other than ``me`` without
    feeding points (exactly ``basic``'s play); mutates and returns ``d``."""
    while d.hands[d.turn]:
        c, decl = policy(d, d.turn == me)
        d.play(c, decl)
    return d


def search_mine(d: Deal, me: int, score: Callable[[Deal], float]) -> float:
    """The best ``score`` of the hand's end over ``me``'s own moves from ``d``, the other
    seats playing ``basic``'s play (:func:`policy` without feeding); mutates ``d``."""
    while True:
        hand = d.hands[d.turn]
        if not hand:
            return score(d)
        if d.turn != me:
            c, decl = policy(d, False)
            d.play(c, decl)
            continue
        moves = d.moves()
        if len(moves) == 1:
            d.play(*moves[0])
            continue
        best = -1e9
        for m in moves:
            child = d.copy()
            child.play(*m)
            v = search_mine(child, me, score)
            if v > best:
                best = v
        return best


def alphabeta(d: Deal, alpha: float, beta: float) -> int:
    """The declarer's total at the end of the hand under perfect play (declarer
    maximising, defenders minimising)."""
    if not d.hands[d.turn]:
        return d.taken[d.declarer]
    maxing = d.turn == d.declarer
    first = policy(d)
    moves = d.moves()
    moves.remove(first)
    best = -1 if maxing else 10_000
    for m in (first, *moves):
        child = d.copy()
        child.play(*m)
        v = alphabeta(child, alpha, beta)
        if maxing:
            if v > best:
                best = v
            alpha = max(alpha, v)
        else:
            if v < best:
                best = v
            beta = min(beta, v)
        if alpha >= beta:
            break
    return best


def finish(d: Deal, exact_tricks: int) -> Deal | int:
    """The end of the hand from ``d``: a played-out Deal, or the declarer's total from
    alpha-beta when at most ``exact_tricks`` tricks are left."""
    if d.left <= 3 * exact_tricks:
        return alphabeta(d, -1, 10_000)
    return rollout(d)


def utility(
    end: Deal | int,
    me: int,
    declarer: int,
    bid: int,
    defender: str = "rel",
    decisive: float = 0.0,
) -> float:
    """The hand's worth to ``me``: the declarer's gain (rounded take if it made the bid,
    minus the bid if not) for the declarer.  For a defender (``defender="rel"``) its own
    rounded take minus the mean of the other two seats' gains (declarer and the other
    defender: the game is won by one seat, so the other defender's points count against
    it too); ``"team"``: minus the declarer's gain plus a third of both defenders' takes;
    ``"own"``: minus the declarer's gain plus a third of its own take.  Takes are known
    only from a played-out Deal; from alpha-beta's total, minus the declarer's gain.
    ``decisive``: added to the declarer's worth (taken from a defender's) when it makes
    the bid (a declarer on the barrel making the barrel bid wins the game)."""
    total = end if isinstance(end, int) else end.taken[declarer]
    made = total >= bid
    gain = float(round5(total) if made else -bid)
    if made:
        gain += decisive
    if me == declarer:
        return gain
    if isinstance(end, int):
        return float(-gain)
    own = round5(end.taken[me])
    if defender == "team":
        own += round5(end.taken[3 - me - declarer])
    elif defender == "rel":
        return own - (gain + round5(end.taken[3 - me - declarer])) / 2
    return -gain + own / 3


# ---------------------------------------------------------------- what bids say


def estimate7(hand: Sequence[int]) -> int:
    """``basic``'s estimate of a dealt hand (ints), :func:`~p2pcards.games.thousand.bots.
    estimate`: 15, per suit an ace 16 (with its ten 13 more) or a bare ten 4, and each
    marriage its value plus 7."""
    bits = 0
    for c in hand:
        bits |= 1 << c
    est = TALON_ALLOWANCE
    for u in range(4):
        b = bits >> (u * 6)
        if b & 32:
            est += 29 if b & 16 else 16
        elif b & 16:
            est += 4
        if b & 12 == 12:
            est += MARRIAGE[u] + 7
    return est


def call_bounds(view: ThousandView, seat: int) -> tuple[int, int]:
    """(lowest, highest) of ``seat``'s ``basic`` estimate (rounded down to 5) that its
    calls in this auction allow, reading them as ``basic``'s: it raises by the least step
    while its estimate reaches the bid and passes when it does not (on the barrel it
    jumps to the barrel bid with an estimate of at least 15 below it).  The first hand's
    obligatory 100 says nothing."""
    lo, hi = -1000, 1000
    high = 0
    on_barrel = view.barrel[seat] is not None
    for i, (s, b) in enumerate(view.auction):
        if i > 0 and s == seat:
            if b > 0:
                if on_barrel and b == view.barrel_bid:
                    lo = max(lo, b - BARREL_RISK)
                else:
                    lo = max(lo, b)
            else:
                hi = min(hi, high + 4)
                if on_barrel and high < view.barrel_bid:
                    hi = min(hi, view.barrel_bid - BARREL_RISK - 1)
        if b > high:
            high = b
    return lo, hi


def _fits(hand: Sequence[int], bounds: tuple[int, int], slack: int) -> bool:
    e = estimate7(hand) // 5 * 5
    return bounds[0] - slack <= e <= bounds[1] + slack


# ---------------------------------------------------------------- history and samples


def tricks_of(view: ThousandView) -> list[tuple[int, list[tuple[int, int]], int]] | None:
    """The hand's tricks so far as (leader, [(seat, card)], trump during the trick),
    rebuilt from the public ``played`` order, the declarer's first lead, the winners and
    the declared marriages; None if that does not match the view."""
    if view.declarer is None:
        return []
    played = [cid(c) for c in view.played]
    marriages = [(s, int(u)) for s, u in view.marriages]
    k = 0
    trump = -1
    leader = view.declarer
    out = []
    for i in range(0, len(played), 3):
        cards = played[i : i + 3]
        lead = cards[0]
        if k < len(marriages) and marriages[k] == (leader, lead // 6) and lead % 6 in (2, 3):
            trump = lead // 6
            k += 1
        seats = [(leader + j) % 3 for j in range(len(cards))]
        out.append((leader, list(zip(seats, cards, strict=True)), trump))
        if len(cards) == 3:
            leader = seats[winner(cards, trump)]
    if k != len(marriages) or (view.trump is not None) != (trump >= 0):
        return None
    if view.trump is not None and trump != int(view.trump):
        return None
    return out


def constraints(
    view: ThousandView, gave: dict[int, int]
) -> tuple[dict[int, set[int]], dict[int, set[int]]]:
    """(forbidden, fixed) per other seat: the cards it cannot hold (suits it showed void,
    cards above the one it failed to beat) and those it must hold (declared marriage
    partners not yet played; the cards this seat passed to it, ``gave``)."""
    me = view.seat
    others = [(me + 1) % 3, (me + 2) % 3]
    forbidden: dict[int, set[int]] = {s: set() for s in others}
    fixed: dict[int, set[int]] = {s: set() for s in others}
    history = tricks_of(view) or []
    out = {cid(c) for c in view.played}
    for _leader, plays, trump in history:
        led = plays[0][1] // 6
        top = plays[0][1]
        for seat, c in plays[1:]:
            if seat in forbidden:
                f = forbidden[seat]
                if c // 6 != led:
                    f.update(range(led * 6, led * 6 + 6))
                    if trump >= 0 and trump != led and c // 6 != trump:
                        f.update(range(trump * 6, trump * 6 + 6))
                elif c < top:
                    f.update(range(top + 1, led * 6 + 6))
            if c // 6 == led and c > top:
                top = c
    for seat, u in view.marriages:
        if seat in fixed:
            for c in (int(u) * 6 + 2, int(u) * 6 + 3):
                if c not in out:
                    fixed[seat].add(c)
    for seat, c in gave.items():
        if seat in fixed and c not in out:
            fixed[seat].add(c)
    return forbidden, fixed


def talon_split(
    view: ThousandView, forbidden: dict[int, set[int]], fixed: dict[int, set[int]]
) -> tuple[set[int], int | None]:
    """For a defender after a shown talon ("Раздача и прикуп": the declarer takes the
    three cards, then passes one card to each opponent): (the talon cards the declarer
    must still hold, the card it may have passed to the other defender or None).

    A talon card this seat holds or that was played is known; one the declarer showed it
    cannot hold (``forbidden``) went to the other defender; a talon card the other
    defender played was the card it got, so the rest stay with the declarer."""
    me, declarer = view.seat, view.declarer
    if not view.talon or declarer is None or declarer == me or view.phase != "play":
        return set(), None
    other = 3 - me - declarer
    mine = {cid(c) for _, c in view.hand}
    history = tricks_of(view) or []
    played_by = {c: s for _, plays, _ in history for s, c in plays}
    talon = {cid(c) for c in view.talon}
    if any(played_by.get(c) == other for c in talon):
        return {c for c in talon if c not in played_by and c not in mine}, None
    left = {c for c in talon if c not in played_by and c not in mine}
    must_go = [c for c in left if c in forbidden.get(declarer, set())]
    if len(must_go) == 1 and must_go[0] not in forbidden.get(other, set()):
        return left - {must_go[0]}, must_go[0]
    return left, None


def sample_deals(
    view: ThousandView,
    rng: random.Random,
    n: int,
    gave: dict[int, int],
    talon_aware: bool = True,
    fit: Callable[[list[list[int]]], bool] | None = None,
    tries: int = 1,
) -> list[list[list[int]]]:
    """``n`` deals of the card play (hands per seat, ints) consistent with ``view``
    (with ``talon_aware``, a defender keeps the shown talon with the declarer, see
    :func:`talon_split`; with probability :data:`TALON_PASSED` one of its cheap cards
    was passed to the other defender instead).  With ``fit``, each deal is drawn up to
    ``tries`` times until ``fit(hands)`` holds (else the last draw is kept)."""
    mine = [cid(c) for _, c in view.hand]
    seen = set(mine) | {cid(c) for c in view.played}
    forbidden, fixed0 = constraints(view, gave)
    kept: set[int] = set()
    passed: int | None = None
    if talon_aware:
        kept, passed = talon_split(view, forbidden, fixed0)
        kept -= set().union(*fixed0.values())
    deals = []
    for _ in range(n):
        for _try in range(tries if fit is not None else 1):
            hands = _one_deal(view, rng, seen, mine, forbidden, fixed0, kept, passed)
            if fit is None or fit(hands):
                break
        deals.append(hands)
    return deals


def _one_deal(
    view: ThousandView,
    rng: random.Random,
    seen: set[int],
    mine: list[int],
    forbidden: dict[int, set[int]],
    fixed0: dict[int, set[int]],
    kept: set[int],
    passed: int | None,
) -> list[list[int]]:
    """One deal of :func:`sample_deals`."""
    me, declarer = view.seat, view.declarer
    fixed = {s: set(v) for s, v in fixed0.items()}
    if kept and declarer is not None:
        other = 3 - me - declarer
        hold = set(kept)
        if passed is not None:
            fixed[other].add(passed)
        else:
            cheap = sorted(c for c in hold if c % 6 < 2 and c not in forbidden[other])
            if cheap and rng.random() < TALON_PASSED:
                x = cheap[rng.randrange(len(cheap))]
                hold.discard(x)
                fixed[other].add(x)
        hold = {c for c in hold if c not in forbidden[declarer]}
        fixed[declarer] |= hold
    taken = set().union(*fixed.values())
    unknown = [c for c in range(24) if c not in seen and c not in taken]
    counts = {s: view.counts[s] - len(fixed[s]) for s in fixed}
    got = None
    if sum(counts.values()) == len(unknown) and min(counts.values()) >= 0:
        got = deal_constrained(rng, unknown, counts, forbidden)
        if got is None:
            got = deal_constrained(rng, unknown, counts)
    if got is None:  # the view and our reading disagree: deal without constraints
        pool = [c for c in range(24) if c not in seen]
        rng.shuffle(pool)
        a = view.counts[(me + 1) % 3]
        got = {(me + 1) % 3: pool[:a], (me + 2) % 3: pool[a:]}
        fixed = {s: set() for s in fixed}
    hands: list[list[int]] = [[], [], []]
    hands[me] = list(mine)
    for s, cs in got.items():
        hands[s] = sorted([*cs, *fixed[s]])
    return hands


# ---------------------------------------------------------------- the bot


class StrongThousand:
    """The strong Thousand bot at one :class:`~p2pcards.games._search.Budget` (a
    :class:`~p2pcards.games.Player`).  Falls back to ``basic`` for tables other than
    three seats.  The keyword arguments are the forms ``scripts/bench thousand_ab``
    compares; among them ``model`` (the other seats' rollouts play ``basic``'s play,
    without a defender feeding its partner), ``mine`` (the tricks left from which
    :func:`search_mine` replaces the rollout and alpha-beta; None:
    :data:`SEARCH_MINE`, 0: off) and ``read`` (off: 0; else up to this many draws per
    deal of the card play until it fits the auction's calls, :meth:`_fit`, with
    ``read_slack`` points of slack); ``model_bid`` the same model as ``model`` in the
    auction's and the passing's play-outs (off)."""

    def __init__(
        self,
        budget: Budget,
        talon_aware: bool = True,
        defender: str = "rel",
        threshold: int = DEFENDER_VALUE,
        barrel_logic: int = 1,
        barrel_go: float = BARREL_GO,
        block_after: int = BLOCK_AFTER,
        block_before: int = BLOCK_BEFORE,
        decisive: int = DECISIVE,
        infer: int = 0,
        slack: int = 0,
        model: int = 1,
        mine: int | None = None,
        read: int = 0,
        read_slack: int = 0,
        model_bid: int = 0,
    ) -> None:
        self.budget = budget
        self.samples = budget.samples * SAMPLE_FACTOR.get(budget.level, 1)
        self.threshold = threshold
        self.talon_aware = talon_aware
        self.defender = defender
        self.barrel_logic = bool(barrel_logic)
        self.barrel_go = barrel_go
        self.block_after = block_after
        self.block_before = block_before
        self.decisive = decisive
        self.infer = bool(infer)
        self.slack = slack
        self.model = bool(model)
        self.mine = SEARCH_MINE.get(budget.level, budget.exact_tricks) if mine is None else mine
        self.read = read
        self.read_slack = read_slack
        self.model_bid = bool(model_bid)
        self._gave: dict[tuple[Any, ...], dict[int, int]] = {}

    def __call__(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        if not isinstance(view, ThousandView) or len(view.counts) != 3 or len(legal) == 1:
            return legal[0] if len(legal) == 1 else basic_bot(view, legal, rng)
        r = random.Random(view_seed(view, f"thousand-strong-{self.budget.level}"))
        first = legal[0]
        if isinstance(first, Pass | Bid):
            return self._bid(view, legal, r)
        if isinstance(first, GiveCards):
            return self._give(view, legal, r)
        return self._play(view, legal, r)

    def _key(self, view: ThousandView) -> tuple[Any, ...]:
        return (view.seat, view.hand_no, view.dealer, view.scores, view.auction)

    # -- auction ------------------------------------------------------------------
    def declarer_takes(self, view: ThousandView, rng: random.Random, n: int) -> list[int]:
        """Sampled totals this seat takes as declarer with its hand plus a random talon
        (passing its two cheapest cards, then playing out by the policy).  With
        ``infer``, the opponents' hands are drawn to fit their calls so far
        (:func:`call_bounds`; up to 20 draws per deal, then any)."""
        me = view.seat
        mine = [cid(c) for _, c in view.hand]
        pool = [c for c in range(24) if c not in mine]
        s1, s2 = (me + 1) % 3, (me + 2) % 3
        b1, b2 = (call_bounds(view, s1), call_bounds(view, s2)) if self.infer else ((0, 0), (0, 0))
        out = []
        for _ in range(n):
            for _try in range(20 if self.infer else 1):
                rng.shuffle(pool)
                if not self.infer or (
                    _fits(pool[3:10], b1, self.slack) and _fits(pool[10:17], b2, self.slack)
                ):
                    break
            talon, a, b = pool[:3], pool[3:10], pool[10:17]
            ten = sorted([*mine, *talon])
            g1, g2 = _cheapest_pair(ten)
            hands: list[list[int]] = [[], [], []]
            hands[me] = [c for c in ten if c not in (g1, g2)]
            hands[s1] = [*a, g1]
            hands[s2] = [*b, g2]
            d = Deal(hands, me, me, 0)
            d = rollout_as(d, me) if self.model_bid else rollout(d)
            out.append(d.taken[me])
        return out

    def _bid(self, view: ThousandView, legal: Sequence[Move], rng: random.Random) -> Move:
        takes = self.declarer_takes(view, rng, 3 * self.samples)
        n = len(takes)

        def value(b: int) -> float:
            return sum(round5(t) if t >= b else -b for t in takes) / n

        bids = [m for m in legal if isinstance(m, Bid)]
        passing = next(m for m in legal if isinstance(m, Pass))
        me = view.seat
        if not self.barrel_logic:
            if view.barrel[me] is not None:
                jump = [m for m in bids if m.amount == view.barrel_bid]
                made = sum(t >= view.barrel_bid for t in takes) / n
                if jump and made >= 0.45:
                    return jump[0]
            good = [m for m in bids if value(m.amount) >= self.threshold]
            return min(good, key=lambda m: m.amount) if good else passing
        up = [m for m in bids if m.amount >= view.barrel_bid]
        least_up = min(up, key=lambda m: m.amount) if up else None
        tries = view.barrel[me]
        if tries is not None:
            # On the barrel only a made bid of at least the barrel bid counts; on the
            # last hand there failing costs what the penalty for not trying costs.
            if least_up is not None:
                made = sum(t >= least_up.amount for t in takes) / n
                if tries + 1 >= BARREL_TRIES or made >= self.barrel_go:
                    return least_up
            return passing
        if least_up is not None:
            threats = [
                s for s in range(3) if s != me and view.barrel[s] is not None and not view.passed[s]
            ]
            if threats:
                holds = view.bidder in threats and view.bid >= view.barrel_bid
                floor = self.block_after if holds else self.block_before
                if value(least_up.amount) >= floor:
                    return least_up
        good = [m for m in bids if value(m.amount) >= self.threshold]
        return min(good, key=lambda m: m.amount) if good else passing

    def _decisive(self, view: ThousandView) -> float:
        """:data:`DECISIVE` when this hand's declarer is on the barrel with a bid that
        takes it off upward (making it ends the game), else 0."""
        d = view.declarer
        if not self.barrel_logic or d is None or view.barrel[d] is None:
            return 0.0
        return float(self.decisive) if view.bid >= view.barrel_bid else 0.0

    # -- passing two cards --------------------------------------------------------
    def _give(self, view: ThousandView, legal: Sequence[Move], rng: random.Random) -> Move:
        me = view.seat
        pos_of = {cid(c): p for p, c in view.hand}
        ten = sorted(pos_of)
        pool = [c for c in range(24) if c not in pos_of and c not in {cid(x) for x in view.played}]
        deals = []
        for _ in range(self.samples):
            rng.shuffle(pool)
            deals.append((pool[:7], pool[7:14]))
        cands = _give_candidates(ten, 6 if self.budget.level == "hard" else 4)
        stake = self._decisive(view)
        best, best_v = None, -1e9
        for g1, g2 in cands:
            total = 0.0
            for a, b in deals:
                hands: list[list[int]] = [[], [], []]
                hands[me] = [c for c in ten if c not in (g1, g2)]
                hands[(me + 1) % 3] = [*a, g1]
                hands[(me + 2) % 3] = [*b, g2]
                d0 = Deal(hands, me, me, view.bid)
                end = rollout_as(d0, me) if self.model_bid else finish(d0, 0)
                total += utility(end, me, me, view.bid, decisive=stake)
            if total > best_v:
                best, best_v = (g1, g2), total
        assert best is not None
        move = GiveCards(me, (pos_of[best[0]], pos_of[best[1]]))
        if move not in legal:
            return basic_bot(view, legal, rng)
        if len(self._gave) > 256:
            self._gave.clear()
        self._gave[self._key(view)] = {(me + 1) % 3: best[0], (me + 2) % 3: best[1]}
        return move

    # -- card play ----------------------------------------------------------------
    def _fit(
        self, view: ThousandView, gave: dict[int, int]
    ) -> Callable[[list[list[int]]], bool] | None:
        """A test of a deal of the card play against the auction's calls read as
        ``basic``'s (:func:`call_bounds`): each other seat's dealt hand (its cards now
        plus those it played this hand, less the card this seat passed it; for the
        declarer, its eight cards after the talon) has ``basic``'s estimate within its
        bounds (``read_slack`` points of slack; a declarer's talon only adds to it, so
        it is held to the lower bound).  None when the calls bound nothing."""
        me, declarer = view.seat, view.declarer
        history = tricks_of(view) or []
        played: dict[int, list[int]] = {s: [] for s in range(3)}
        for _leader, plays, _trump in history:
            for s, c in plays:
                played[s].append(c)
        slack = self.read_slack
        checks = []
        for s in range(3):
            if s == me:
                continue
            lo, hi = call_bounds(view, s)
            if s == declarer:
                hi = 1000
            if lo <= -1000 and hi >= 1000:
                continue
            checks.append((s, lo - slack, hi + slack, gave.get(s)))
        if not checks:
            return None

        def fit(hands: list[list[int]]) -> bool:
            for s, lo, hi, g in checks:
                cards = [c for c in (*hands[s], *played[s]) if c != g]
                e = estimate7(cards) // 5 * 5
                if not lo <= e <= hi:
                    return False
            return True

        return fit

    def _play(self, view: ThousandView, legal: Sequence[Move], rng: random.Random) -> Move:
        plays = [m for m in legal if isinstance(m, Play)]
        if not plays:
            return basic_bot(view, legal, rng)
        declared = {m.position for m in plays if m.declare == "marriage"}
        cands = [m for m in plays if m.declare == "marriage" or m.position not in declared]
        cands = [m for m in cands if m.declare != "aces"] or cands
        if len(cands) == 1:
            return cands[0]
        me, declarer = view.seat, view.declarer
        assert declarer is not None
        gave = self._gave.get(self._key(view), {}) if me == declarer else {}
        fit = self._fit(view, gave) if self.read else None
        deals = sample_deals(view, rng, self.samples, gave, self.talon_aware, fit, self.read)
        trick = [cid(c) for _, c in view.trick]
        trump = -1 if view.trump is None else int(view.trump)
        out = 0
        for x in view.played:
            out |= 1 << cid(x)
        stake = self._decisive(view)

        def score(end: Deal) -> float:
            return utility(end, me, declarer, view.bid, self.defender, stake)

        scores = []
        for m in cands:
            card = cid(m.card)
            total = 0.0
            for hands in deals:
                d = Deal(
                    [list(h) for h in hands],
                    me,
                    declarer,
                    view.bid,
                    trump,
                    list(view.taken),
                    list(trick),
                    out,
                    declare_ok=bool(view.trick_no > 1 or declared),
                )
                d.play(card, m.declare == "marriage")
                if self.mine and d.left <= 3 * self.mine:
                    total += search_mine(d, me, score)
                elif self.model and d.left > 3 * self.budget.exact_tricks:
                    total += score(rollout_as(d, me))
                else:
                    end = finish(d, self.budget.exact_tricks)
                    total += utility(end, me, declarer, view.bid, self.defender, stake)
            scores.append(total)
        best = max(range(len(cands)), key=lambda i: (scores[i], -i))
        return cands[best]


def _keep_value(c: int, hand: Sequence[int]) -> tuple[int, int]:
    married = c % 6 in (2, 3) and _mate(c) in hand
    return (1 if married else 0, PTS[c % 6] * 10 + c % 6)


def _cheapest_pair(hand: Sequence[int]) -> tuple[int, int]:
    a, b = sorted(hand, key=lambda c: _keep_value(c, hand))[:2]
    return a, b


def _give_candidates(hand: Sequence[int], k: int) -> list[tuple[int, int]]:
    low = sorted(hand, key=lambda c: _keep_value(c, hand))[:k]
    return [(a, b) for a in low for b in low if a != b]


def make_bot(budget: Budget) -> StrongThousand:
    """The strong Thousand bot at ``budget``."""
    return StrongThousand(budget)
