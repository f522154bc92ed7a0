"""The strong bots of 101 and Sunduchki: they read only their seat's view (two deals
that differ only in cards the seat never sees give the same views and the same moves),
keep to their level's budget and find the obviously right move (sto-odno.ru.txt)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

import pytest

from p2pcards.cards import Suit, parse_cards
from p2pcards.games import Decision, LocalDealer, Move, View, load_game
from p2pcards.games._levels import has_strong_bot, resolve_bot, strong_bot
from p2pcards.games._search import LEVELS
from p2pcards.games.sto_odno import GAME as STO
from p2pcards.games.sto_odno import _strong as sto_strong
from p2pcards.games.sto_odno._moves import Play
from p2pcards.games.sunduchki import GAME as SUN
from p2pcards.games.sunduchki import _strong as sun_strong


def _seat0_views(game: Any, deck: Sequence[Any], bot: Any, rng: random.Random, n: int) -> list[Any]:
    """The first ``n`` decisions of seat 0 (``bot``) against basic bots: (view, move)."""
    state = game.new_state()
    dealer = LocalDealer(state, rng=random.Random(5), decks=[deck])
    basic = game.info.bots["basic"]
    out = []
    while len(out) < n and not state.is_finished:
        if dealer.answer() is not None:
            continue
        need = state.need()
        assert isinstance(need, Decision)
        s = need.seat
        legal = state.legal_moves(s, dealer.knowledge[s])
        view = state.view(s, dealer.knowledge[s])
        if s == 0:
            move = bot(view, legal, rng)
            out.append((view, move))
        else:
            move = basic(view, legal, dealer.player_rngs[s])
        dealer.apply(move)
    return out


@pytest.mark.parametrize(("name", "seats", "n"), [("101", 4, 10), ("sunduchki", 3, 4)])
def test_same_view_same_move_whatever_the_stock(name: str, seats: int, n: int) -> None:
    game = load_game(name, seats=seats)
    deck = list(game.new_state().deck_cards)
    random.Random(2).shuffle(deck)
    other = [*deck[:-2], deck[-1], deck[-2]]  # the stock's last two cards swapped
    bot = strong_bot(game.info, "medium")
    a = _seat0_views(game, deck, bot, random.Random(1), n)
    b = _seat0_views(game, other, bot, random.Random(77), n)
    assert len(a) == n
    assert [v for v, _ in a] == [v for v, _ in b]
    assert [m for _, m in a] == [m for _, m in b]
    if name == "101":  # the views carry the plays the deals may be weighed by
        assert any(sto_strong._likelihood(v, 0.1) is not None for v, _ in a)


def _sto_view() -> Any:
    """A real view of seat 0 at its first decision of a 101 game (fields replaced later)."""
    game = load_game("101", seats=4)
    state = game.new_state()
    dealer = LocalDealer(state, rng=random.Random(3))
    while True:
        if dealer.answer() is not None:
            continue
        need = state.need()
        assert isinstance(need, Decision)
        s = need.seat
        if s == 0:
            return state.view(0, dealer.knowledge[0])
        view = state.view(s, dealer.knowledge[s])
        legal = state.legal_moves(s, dealer.knowledge[s])
        dealer.apply(STO.bots["basic"](view, legal, random.Random(0)))


def test_101_keeps_the_queen_of_hearts_to_go_out_on_it() -> None:
    # Top 10♥; seat 0 holds Q♥ and 10♠.  Playing 10♠ (same rank) keeps Q♥, which goes on
    # any card, to go out next turn for -40 ("Счёт серии": 40 off for the queen of
    # hearts); playing Q♥ now leaves 10♠ (10 points) that may not match.
    qh, s10 = parse_cards("QH 10S")
    view = dataclasses.replace(
        _sto_view(),
        hand=((40, qh), (41, s10)),
        top=parse_cards("10H")[0],
        named=None,
        mode="normal",
        counts=(2, 5, 5, 5),
        known=((), (), (), ()),
        stock=14,
        discard=5,
        pile=tuple(parse_cards("7C 7D 8D 8H 10H")),
        stock_cards=(),
        barred=((), ((),) * 5, ((),) * 5, ((),) * 5),
        scores=(10, 20, 30, 40),
        penalty=None,
    )
    assert sto_strong._dealer(view) is not None  # the strong bot's own deals, not basic
    legal: list[Move] = [
        *(Play(0, (40,), (qh,), u) for u in Suit),
        Play(0, (41,), (s10,), None),
    ]
    for level in ("medium", "hard"):
        assert strong_bot(STO, level)(view, legal, random.Random(0)) == legal[-1]
    # the same with the bot's own later moves searched: by information-set MCTS, and by
    # a one-step search on each deal
    for kw in ({"mcts": 300}, {"own": 3}):
        bot = sto_strong.StrongStoOdno(LEVELS["hard"], **kw)
        assert bot(view, legal, random.Random(0)) == legal[-1]


def test_101_ismcts_without_its_own_nodes_is_the_one_card_search() -> None:
    # A tree whose nodes never leave basic's card (expand never reached) values each
    # root card by playing it and the round out by basic's policy on the same deal: the
    # one-card search.  Random open deals, the stock in a fixed order.
    rng = random.Random(4)
    for _ in range(20):
        deck = list(range(36))
        rng.shuffle(deck)
        hands = [deck[k * 5 : k * 5 + 5] for k in range(4)]
        start = sto_strong.Round([], [], [], deck[20], -1, 0, "normal")
        probe = sto_strong.Round([list(h) for h in hands], [], [], deck[20], -1, 0, "normal")
        acts = [(c, -1) for c in probe.playable(hands[0])]
        if len(acts) < 2:
            continue
        scores = [rng.randrange(90) for _ in range(4)]
        vals = []
        for a in acts:
            rd = sto_strong.Round(
                [list(h) for h in hands], deck[21:], [], deck[20], -1, 0, "normal"
            )
            rd.play(*a)
            sto_strong.rollout(rd)
            vals.append(sto_strong.race_utility(rd, 0, scores, sto_strong._finish_bonus(rd)))
        want = max(range(len(acts)), key=lambda k: (vals[k], -k))
        got = sto_strong.ismcts(
            start,
            [(hands, deck[21:], [])],
            acts,
            0,
            scores,
            sto_strong.race_utility,
            random.Random(0),
            3 * len(acts),
            shuffle_stock=False,
            expand=10**9,
        )
        assert got == want, (hands, vals)


def test_101_weighs_deals_by_what_the_others_played() -> None:
    # Seat 1 played 7♠ on 10♠ holding three more cards.  basic plays its highest-scoring
    # playable card ("Обычный ход"), so a deal giving it A♠ (11 points, playable) makes
    # that play a slip (chance eps / 2: two playable cards), one giving it 8♦ 9♦ J♣
    # (nothing else playable) the only play (no choice: weight 1).  With 9♠ (9 points)
    # beside the 7♠ it is again a slip.
    from p2pcards.games.sto_odno import Requirement
    from p2pcards.games.sto_odno._state import PastPlay

    s7, s10, sa, d8, d9, cj, s9 = parse_cards("7S 10S AS 8D 9D JC 9S")
    view = dataclasses.replace(
        _sto_view(),
        counts=(5, 3, 5, 5),
        known=((), (), (), ()),
        hidden=((), (6, 7, 8), (), ()),
        plays=(
            PastPlay(
                1,
                (s7,),
                None,
                Requirement("normal", s10),
                5,
                ((5, s7), *((p, None) for p in (6, 7, 8))),
            ),
        ),
    )
    like = sto_strong._likelihood(view, 0.1)
    assert like is not None
    c = sto_strong.cid
    hands = [[], [c(sa), c(d8), c(d9)], [], []]
    assert like(hands) == pytest.approx(0.1 / 2)
    hands[1] = [c(d8), c(d9), c(cj)]
    assert like(hands) == 1.0
    hands[1] = [c(d8), c(s9), c(cj)]
    assert like(hands) == pytest.approx(0.1 / 2)
    # 6♠ beside it: basic plays a six it can cover (here by the 7♠ itself) before a
    # seven, so this too is a slip
    hands[1] = [c(d8), c(d9), c(parse_cards("6S")[0])]
    assert like(hands) == pytest.approx(0.1 / 2)
    # the A♠ drawn after the play (position 9, not among the held ones) says nothing
    view = dataclasses.replace(view, counts=(5, 4, 5, 5), hidden=((), (6, 7, 8, 9), (), ()))
    like = sto_strong._likelihood(view, 0.1)
    assert like is not None
    assert like([[], [c(d8), c(d9), c(cj), c(sa)], [], []]) == 1.0


def test_levels_budgets(monkeypatch: pytest.MonkeyPatch) -> None:
    assert has_strong_bot(STO) and has_strong_bot(SUN)
    assert resolve_bot(STO, "strong") is resolve_bot(STO, "hard")
    asked: list[int] = []
    real = sun_strong.sample_deals

    def spy(view: View, budget: Any, rng: random.Random, *more: Any) -> Any:
        got = real(view, budget, rng, *more)
        asked.append(budget.samples)
        assert got is None or len(got) <= budget.samples * sun_strong.DEALS_PER_SAMPLE
        return got

    monkeypatch.setattr(sun_strong, "sample_deals", spy)
    game = load_game("sunduchki", seats=3)
    deck = list(game.new_state().deck_cards)
    for level in ("medium", "hard"):
        _seat0_views(game, deck, strong_bot(SUN, level), random.Random(0), 2)
    assert set(asked) == {LEVELS["medium"].samples, LEVELS["hard"].samples}


def test_sunduchki_names_the_count_of_the_likeliest_suit_set(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The request succeeds only if count and suits are both right ("Ход: три вопроса по
    # порядку"), so the count to name is the size of the likeliest suit-set.  Deals: the
    # target holds one queen in 9 of 14 (♥, ♦ or ♠, 3 each) but exactly Q♦ Q♠ in 5: one
    # queen is the likelier count (9/14), yet naming it wins 3/14; two queens win 5/14.
    from p2pcards.cards import Rank
    from p2pcards.games.sunduchki._moves import AskCount
    from p2pcards.games.sunduchki._view import Request

    def bits(*suits: Suit) -> int:
        return sum(1 << int(u) for u in suits)

    q = Rank.QUEEN
    held = [bits(Suit.HEARTS)] * 3 + [bits(Suit.DIAMONDS)] * 3 + [bits(Suit.SPADES)] * 3
    held += [bits(Suit.DIAMONDS, Suit.SPADES)] * 5
    deals = [{(1, q): b, (2, q): 0} for b in held]
    monkeypatch.setattr(sun_strong, "holdings", lambda view, budget, rng, *more: deals)
    game = load_game("sunduchki", seats=3)
    deck = list(game.new_state().deck_cards)
    view, _ = _seat0_views(game, deck, SUN.bots["basic"], random.Random(0), 1)[0]
    view = dataclasses.replace(view, request=Request(0, 1, q, stage=2))
    legal = [AskCount(0, n) for n in (1, 2, 3)]
    for level in ("medium", "hard"):
        assert strong_bot(SUN, level)(view, legal, random.Random(0)) == AskCount(0, 2)


def test_101_race_model_values_the_series_not_the_points() -> None:
    # "Счёт серии": above 101 loses (several seats may lose together), exactly 101
    # becomes 0.  The race model's chance of losing the series from the totals:
    lose = sto_strong.lose_chance
    assert lose([102, 0, 0, 0], 0) == 1.0
    assert lose([0, 102, 0, 0], 0) == 0.0
    assert lose([102, 110, 0, 0], 1) == 1.0
    assert lose([90, 0, 0, 0], 0) > lose([50, 0, 0, 0], 0) > lose([0, 0, 0, 0], 0)
    assert lose([50, 95, 95, 95], 0) < lose([50, 50, 50, 50], 0)
    equal = [lose([40, 40, 40, 40], s) for s in range(4)]
    assert max(equal) - min(equal) < 1e-12 and 1.0 < sum(equal) < 1.6  # ~1.2 losers
    # 90 + an ace left (11) is exactly 101: reset to 0, as good as starting at 0
    c = sto_strong.cid
    (ace,) = parse_cards("AS")
    (k9,) = parse_cards("9H")
    rd = sto_strong.Round([[c(ace)], [], [c(k9)], [c(k9) + 1]], [], [], 0, -1, 1, "normal")
    rd.winner = 1
    zero = sto_strong.Round([[], [], [c(k9)], [c(k9) + 1]], [], [], 0, -1, 1, "normal")
    zero.winner = 1
    at101 = sto_strong.race_utility(rd, 0, [90, 30, 30, 30], 0)
    assert at101 == sto_strong.race_utility(zero, 0, [0, 30, 30, 30], 0)
    # one point more (a ten and two, 12: 102) loses the series
    rd.hands[0] = [c(parse_cards("10S")[0]), c(parse_cards("JS")[0])]
    assert sto_strong.race_utility(rd, 0, [90, 30, 30, 30], 0) == -100.0


def test_101_reads_basic_plays_as_bars() -> None:
    # Seat 1 played 8♠ on 10♠ holding 8♠ and three hidden cards (positions 6, 7, 8), the
    # next seat holding 5.  basic plays its highest-scoring playable card (points + 2,
    # "Обычный ход"), so it held no playable card scoring more than 8♠'s 10: not A♠
    # (13), 9♠ (11), 10♠ or the other tens (12, same rank).  K♠ (6), J♠ (4), 7♠ (9), a
    # six (its cover term may be -60) and the queens (-95) say nothing.  Position 7 was
    # already barred by a "could not play" claim (8♥ 9♥); position 9 was drawn after the
    # play.
    from p2pcards.games.sto_odno import Requirement
    from p2pcards.games.sto_odno._state import PastPlay

    s8, s10, h8, h9 = parse_cards("8S 10S 8H 9H")
    played = PastPlay(
        1, (s8,), None, Requirement("normal", s10), 5, ((5, s8), *((p, None) for p in (6, 7, 8)))
    )
    view = dataclasses.replace(
        _sto_view(),
        counts=(5, 4, 5, 5),
        known=((), (), (), ()),
        hidden=((), (6, 7, 8, 9), tuple(range(10, 15)), tuple(range(15, 20))),
        barred=((), ((), (h8, h9), (), ()), ((),) * 5, ((),) * 5),
        plays=(played,),
    )
    bars = sto_strong.play_bars(view)
    assert bars is not None
    read = set(parse_cards("9S 10S AS 10H 10D 10C"))
    assert [set(b) for b in bars[1]] == [read, read | {h8, h9}, read, set()]
    assert bars[2] == ((),) * 5 and bars[0] == ()
    # the next seat holding two: a playable seven or the king of spades (+200) goes
    # before an 8
    close = dataclasses.replace(played, next_count=2)
    bars = sto_strong.play_bars(dataclasses.replace(view, plays=(close,)))
    assert bars is not None
    assert set(bars[1][0]) == read | set(parse_cards("7S KS"))
    # a queen played with other cards in hand: no other playable card but queens
    queen = PastPlay(
        1,
        parse_cards("QD"),
        Suit.CLUBS,
        Requirement("normal", s10),
        5,
        ((5, parse_cards("QD")[0]), *((p, None) for p in (6, 7, 8))),
    )
    bars = sto_strong.play_bars(dataclasses.replace(view, plays=(queen,)))
    assert bars is not None
    spades = {c for c in parse_cards("6S 7S 8S 9S 10S JS KS AS")}
    assert set(bars[1][0]) == spades | set(parse_cards("10H 10D 10C"))
