"""Thousand's strong bot: it reads only its seat's view, keeps to its budget, and finds
the obviously right moves (values from thousand.ru.txt)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from p2pcards.cards import parse_cards
from p2pcards.games import Decision, LocalDealer, Move, OptionError, View, load_game
from p2pcards.games._levels import bot_specs, resolve_bot, strong_bot
from p2pcards.games._search import LEVELS
from p2pcards.games.thousand import GAME, Bid, GiveCards, Pass, Play, _strong, deal_order, points
from p2pcards.games.thousand._strong import cid, constraints, sample_deals, tricks_of

STRONG = parse_cards("AH 10H KH QH AS AD AC")
OPP1 = parse_cards("9S JS QS KS 10S 9D JD")
OPP2 = parse_cards("QD KD 10D 9C JC QC KC")
TALON = parse_cards("10C 9H JH")


def _passer(view: View, legal: Sequence[Move], rng: random.Random) -> Move:
    """Passes in the auction, else the first legal move."""
    return next((m for m in legal if isinstance(m, Pass)), legal[0])


Bot = Callable[[View, Sequence[Move], random.Random], Move]


def _drive(deck: list[Any], seat0: Bot, rng: random.Random, until_plays: int = 1) -> list[Any]:
    """Play hand 0 of ``deck`` (seat 0 by ``seat0``, the others by :func:`_passer`)
    until seat 0 has made ``until_plays`` card plays; returns seat 0's (view, move)."""
    state = load_game("thousand").new_state()
    dealer = LocalDealer(state, rng=random.Random(1), decks=[deck])
    seen = []
    plays = 0
    while plays < until_plays:
        if dealer.answer() is not None:
            continue
        need = state.need()
        assert isinstance(need, Decision)
        legal = state.legal_moves(need.seat, dealer.knowledge[need.seat])
        view = state.view(need.seat, dealer.knowledge[need.seat])
        if need.seat == 0:
            move = seat0(view, legal, rng)
            seen.append((view, move))
            plays += isinstance(move, Play)
        else:
            move = _passer(view, legal, rng)
        dealer.apply(move)
    return seen


def test_same_view_same_move_whatever_the_hidden_cards() -> None:
    # B swaps a spade of seat 1 with a club of seat 2: hidden from seat 0 throughout.
    a = deal_order([STRONG, OPP1, OPP2], TALON)
    opp1 = parse_cards("9S JS QS KS 9C 9D JD")
    opp2 = parse_cards("QD KD 10D 10S JC QC KC")
    b = deal_order([STRONG, opp1, opp2], TALON)
    assert a != b
    bot = strong_bot(GAME, "medium")
    seen_a = _drive(a, bot, random.Random(1))
    seen_b = _drive(b, bot, random.Random(99))  # another generator too
    assert [v for v, _ in seen_a] == [v for v, _ in seen_b]
    assert [m for _, m in seen_a] == [m for _, m in seen_b]
    kinds = [type(m) for _, m in seen_a]
    assert Bid in kinds and GiveCards in kinds and kinds[-1] is Play


def test_strong_hand_bids_and_declares_the_heart_marriage() -> None:
    deck = deal_order([STRONG, OPP1, OPP2], TALON)
    seen = _drive(deck, strong_bot(GAME, "medium"), random.Random(0), until_plays=3)
    bids = [m for _, m in seen if isinstance(m, Bid)]
    assert bids and bids[0].amount == 105  # the least raise over the first hand's 100
    give = next(m for v, m in seen if isinstance(m, GiveCards))
    view = next(v for v, m in seen if isinstance(m, GiveCards))
    cards = dict(view.hand)
    # passes worthless cards (nines, jacks: 0 or 2 points), never its aces or marriage
    assert sum(points([cards[p]]) for p in give.positions) <= 4
    leads = [m for _, m in seen if isinstance(m, Play)]
    # it cashes aces or declares; within three leads, the 100-point heart marriage
    assert all(m.card.rank.name == "ACE" or m.declare for m in leads[:1])
    assert any(m.declare == "marriage" and m.card.suit.name == "HEARTS" for m in leads)


def test_declares_a_marriage_rather_than_lose_it() -> None:
    # Two tricks left, seat 0 (declarer, bid 120, 30 taken) leads from K♥ Q♥: declaring
    # scores 100 at once ("Марьяжи и смена козыря"); a plain lead scores nothing.
    hand = "KH QH"
    rest = [c for c in GAME.configure().new_state().deck_cards if c.symbol not in ("K♥", "Q♥")]
    view = _play_view(" ".join(c.symbol for c in rest[:18]), hand)
    view = dataclasses.replace(view, bid=120, taken=(30, 20, 20))
    legal = [Play(0, p, c, d) for p, c in view.hand for d in ("", "marriage")]
    for level in ("medium", "hard"):
        move = strong_bot(GAME, level)(view, legal, random.Random(0))
        assert isinstance(move, Play) and move.declare == "marriage"


def test_junk_hand_passes() -> None:
    junk = parse_cards("9S JS 9D JD 9C JC 9H")
    rest = [c for c in GAME.configure().new_state().deck_cards if c not in junk]
    deck = deal_order([junk, rest[:7], rest[7:14]], rest[14:17])
    state = load_game("thousand").new_state()
    dealer = LocalDealer(state, rng=random.Random(1), decks=[deck])
    while dealer.answer() is not None:
        pass
    need = state.need()
    # hand 0: dealer seat 0, first hand seat 1 bid 100, seat 2 to speak; ask seat 0's
    # strong bot after seat 2 bids 105
    assert isinstance(need, Decision) and need.seat == 2
    dealer.apply(Bid(2, 105))
    legal = state.legal_moves(0, dealer.knowledge[0])
    move = strong_bot(GAME, "hard")(state.view(0, dealer.knowledge[0]), legal, random.Random(0))
    assert move == Pass(0)


def _play_view(played: str, hand: str, declarer: int = 0, trump: Any = None) -> Any:
    deck = deal_order([STRONG, OPP1, OPP2], TALON)
    seen = _drive(deck, resolve_bot(GAME, "basic"), random.Random(0))
    view = seen[-1][0]
    cards = parse_cards(played)
    done = len(cards) - len(cards) % 3
    counts = [8 - done // 3] * 3
    return dataclasses.replace(
        view,
        played=tuple(cards),
        trick=(),
        hand=tuple(enumerate(parse_cards(hand))),
        counts=tuple(counts),
        declarer=declarer,
        trump=trump,
        marriages=(),
        trick_no=done // 3 + 1,
    )


def test_history_shows_voids_and_cards_not_held() -> None:
    # Trick 1: seat 0 leads K♠; seat 1 follows 9♠, so it holds no spade above the king
    # (it would have to beat, "Розыгрыш и взятки"); seat 2 plays 9♦, so it has no spade.
    view = _play_view("KS 9S 9D", "AH 10H KH QH 10S AS AC")
    history = tricks_of(view)
    ks, s9, d9 = (cid(c) for c in parse_cards("KS 9S 9D"))
    assert history == [(0, [(0, ks), (1, s9), (2, d9)], -1)]
    forbidden, fixed = constraints(view, {})
    spades = set(range(6))
    assert {cid(c) for c in parse_cards("10S AS")} <= forbidden[1] and spades <= forbidden[2]
    assert fixed == {1: set(), 2: set()}
    left = {cid(c) for c in parse_cards("JS QS")}  # the spades nobody has seen
    for hands in sample_deals(view, random.Random(3), 20, {}):
        assert len(hands[1]) == 7 and len(hands[2]) == 7
        assert not spades & set(hands[2]) and left <= set(hands[1])


def test_a_defender_deals_the_shown_talon_to_the_declarer() -> None:
    # Seat 1 won a contested auction and took the shown talon 10♣ 9♥ J♥ ("Раздача и
    # прикуп"); it passed one card to each defender.  Seat 0 holds none of the talon,
    # so the declarer still holds it all, except perhaps the cheap card it passed to
    # seat 2 (a nine or a jack); the 10♣ is never dealt to seat 2.  (Before, the deals
    # spread the talon at random: the 10♣ went to seat 2 in about half of them.)
    view = dataclasses.replace(
        _play_view("", "AH 10H KH QH AS AD AC 9S", declarer=1),
        talon=tuple(parse_cards("10C 9H JH")),
        talon_shown=True,
    )
    c10, h9, hj = (cid(c) for c in parse_cards("10C 9H JH"))
    passed = 0
    for hands in sample_deals(view, random.Random(5), 40, {}):
        assert len(hands[1]) == 8 and len(hands[2]) == 8
        assert c10 in hands[1]
        with_two = {h9, hj} & set(hands[2])
        assert len(with_two) <= 1 and {h9, hj} - with_two <= set(hands[1])
        passed += len(with_two)
    assert 0 < passed < 40


def test_levels_and_budgets(monkeypatch: pytest.MonkeyPatch) -> None:
    assert LEVELS["medium"].samples < LEVELS["hard"].samples
    assert resolve_bot(GAME, "easy") is GAME.bots["basic"]
    assert resolve_bot(GAME, "strong") is resolve_bot(GAME, "hard")
    assert {"easy", "medium", "hard", "strong", "basic", "random"} <= set(bot_specs(GAME))
    with pytest.raises(OptionError, match="unknown bot 'genius' for thousand"):
        resolve_bot(GAME, "genius")
    asked = []
    real = _strong.sample_deals

    def spy(view: Any, rng: random.Random, n: int, *rest: Any) -> Any:
        asked.append(n)
        return real(view, rng, n, *rest)

    monkeypatch.setattr(_strong, "sample_deals", spy)
    view = _play_view("JS 9S 9D", "AH 10H KH QH AS AD AC")
    legal = [Play(0, p, c) for p, c in view.hand]
    for level in ("medium", "hard"):
        strong_bot(GAME, level)(view, legal, random.Random(0))
    assert asked == [LEVELS["medium"].samples, 3 * LEVELS["hard"].samples]


def _auction_view(hand: str, scores: str, seat: int, calls: Sequence[Move]) -> Any:
    """Seat ``seat``'s (view, legal moves) in hand 0's auction of a game started from the
    score sheet ``scores`` (dealer seat 0, so seat 1 is the first hand and bid 100), after
    ``calls``; ``seat`` holds ``hand``, the others the rest of the deck in order."""
    mine = parse_cards(hand)
    others = [c for c in GAME.configure().new_state().deck_cards if c not in mine]
    rest = iter([others[:7], others[7:14]])
    deck = deal_order([mine if s == seat else next(rest) for s in range(3)], others[14:])
    state = load_game("thousand", scores=scores).new_state()
    dealer = LocalDealer(state, rng=random.Random(1), decks=[deck])
    for mv in (None, *calls):
        if mv is not None:
            dealer.apply(mv)
        while dealer.answer() is not None:
            pass
    need = state.need()
    assert isinstance(need, Decision) and need.seat == seat
    return state.view(seat, dealer.knowledge[seat]), state.legal_moves(seat, dealer.knowledge[seat])


def test_on_the_barrels_last_hand_it_goes_for_the_barrel_bid() -> None:
    # "Бочка": on its third hand on the barrel a seat that does not leave it loses 120;
    # failing the barrel bid (120) also costs 120 and takes it off, so on the last hand
    # even a junk hand bids 120.  On its first hand there the same hand passes: a bid
    # below 120 changes nothing, and 120 would fail in almost every deal.
    junk = "9S JS 9D JD 9C JC 9H"
    calls = [Bid(2, 105), Pass(0)]
    view, legal = _auction_view(junk, "0,880/2,0", 1, calls)
    assert view.barrel == (None, 2, None)
    assert strong_bot(GAME, "hard")(view, legal, random.Random(0)) == Bid(1, 120)
    view, legal = _auction_view(junk, "0,880,0", 1, calls)
    assert strong_bot(GAME, "hard")(view, legal, random.Random(0)) == Pass(1)


def test_outbids_an_opponent_on_the_barrel() -> None:
    # Seat 2 sits on the barrel (880) and bids 120: making it takes it to 1000 and ends
    # the game ("Играют до 1000").  Seat 0, with the ♠ marriage (so it may bid up to 160,
    # "Торговля"), outbids it with 125 although it would pass the same hand at 0 : 0 : 0.
    hand = "KS QS 9H JH 9D AD 9C"
    view, legal = _auction_view(hand, "0,0,880", 0, [Bid(2, 120)])
    assert view.bidder == 2 and view.bid == 120
    assert strong_bot(GAME, "hard")(view, legal, random.Random(0)) == Bid(0, 125)
    view, legal = _auction_view(hand, "0,0,0", 0, [Bid(2, 120)])
    assert strong_bot(GAME, "hard")(view, legal, random.Random(0)) == Pass(0)


def test_reads_the_opponents_calls_as_basic_ones() -> None:
    # basic raises by the least step while its estimate (rounded down to 5) reaches the
    # bid and passes when it does not: seat 2 raised to 105, so its estimate is at least
    # 105; seat 0 passed over 105, so its estimate is below 110.  The first hand's 100
    # is obligatory and says nothing.
    view, _ = _auction_view("9S JS 9D JD 9C JC 9H", "0,0,0", 1, [Bid(2, 105), Pass(0)])
    assert _strong.call_bounds(view, 2) == (105, 1000)
    assert _strong.call_bounds(view, 0) == (-1000, 109)
    assert _strong.call_bounds(view, 1) == (-1000, 1000)
    # 15 + the ♥ marriage 107 + A♠ with 10♠ 29 = 151; a junk hand is worth the 15
    assert _strong.estimate7([cid(c) for c in parse_cards("KH QH AS 10S 9D JD 9C")]) == 151
    assert _strong.estimate7([cid(c) for c in parse_cards("9S JS 9D JD 9C JC 9H")]) == 15


def test_search_mine_finds_a_better_line_than_the_policy() -> None:
    # Two tricks left, no trump, seat 0 (a defender) leads; seat 1 declared 100 and
    # fails it whatever happens (43 points are left).  The policy leads the cheaper Q♣:
    # the partner's 10♣ takes it and the K♠ trick too, 43 points for the other
    # defender, worth 0 - (-100 + 45) / 2 = 27.5 to seat 0 (the other defender is a
    # rival for the game, see utility); leading K♦ lets the failing declarer take
    # both tricks: 0 - (-100 + 0) / 2 = 50, which the search over seat 0's own moves
    # finds.
    ids = [[cid(c) for c in parse_cards(h)] for h in ("KD QC", "AH AD", "KS 10C")]
    out = 0
    for c in range(24):
        if all(c not in h for h in ids):
            out |= 1 << c
    d = _strong.Deal([sorted(h) for h in ids], 0, 1, 100, trump=-1, out=out, declare_ok=False)

    def score(end: _strong.Deal) -> float:
        return _strong.utility(end, 0, 1, 100)

    policy_end = _strong.rollout_as(d.copy(), 0)
    assert score(policy_end) == 27.5
    assert _strong.search_mine(d.copy(), 0, score) == 50.0
    assert LEVELS["hard"].level in _strong.SEARCH_MINE
