"""Thousand: the pure rules (thousand.ru.txt), values from the rules text."""

from __future__ import annotations

from typing import Any

from p2pcards.cards import Card, Rank, Suit, parse_card, parse_cards
from p2pcards.games.thousand import (
    ScoringRules,
    Standing,
    allowed_plays,
    bid_limit,
    hand_gains,
    points,
    round5,
    settle,
    thousand_deck,
    trick_winner,
)

RULES = ScoringRules()


def test_deck_is_24_cards_worth_120() -> None:
    d = thousand_deck()
    assert len(d) == 24
    assert points(d) == 120
    for s in Suit:
        assert points(c for c in d if c.suit == s) == 30


def test_order_ten_above_king() -> None:
    # A > 10 > K > Q > J > 9: the ten takes the king, the ace takes the ten.
    assert trick_winner(parse_cards("Ks 10s Qs"), None) == 1
    assert trick_winner(parse_cards("10s As 9s"), None) == 1
    assert trick_winner(parse_cards("9s Js Ah"), None) == 1  # off-suit ace, no trump
    assert trick_winner(parse_cards("As 9h Ks"), Suit.HEARTS) == 1  # trump wins
    assert trick_winner(parse_cards("As 9h 10h"), Suit.HEARTS) == 2  # higher trump


def test_rounding_to_five() -> None:
    assert round5(73) == 75
    assert round5(22) == 20
    assert round5(67) == 65
    assert [round5(x) for x in (0, 1, 2, 3, 4, 5, 120, 161)] == [0, 0, 0, 5, 5, 5, 120, 160]


def test_bid_limit_counts_marriages() -> None:
    no_marriage = parse_cards("As 10s Ks Qh Jh 9d Ac")
    assert bid_limit(no_marriage) == 120
    hearts = parse_cards("Kh Qh As 10s Ac 9d Jd")
    assert bid_limit(hearts) == 220
    two = parse_cards("Kh Qh Ks Qs Ac 9d Jd")
    assert bid_limit(two) == 260
    aces = parse_cards("Ah As Ad Ac Kh Qh 9d")
    assert bid_limit(aces) == 220
    assert bid_limit(aces, four_aces=True) == 420


def test_must_follow_and_beat() -> None:
    hand = parse_cards("Ks Js 9s Ah 9d")
    # must beat the queen with the king (the only higher spade)
    assert allowed_plays(hand, parse_cards("Qs"), None) == [parse_card("Ks")]
    # cannot beat the ace: any spade
    assert allowed_plays(hand, parse_cards("As"), None) == parse_cards("Ks Js 9s")
    # beat the highest card of the led suit, even after a trump was played
    assert allowed_plays(hand, parse_cards("Qs 9h"), Suit.HEARTS) == [parse_card("Ks")]


def test_must_trump_or_anything() -> None:
    hand = parse_cards("Ah 9h 9d Jc")
    # void in spades with trump hearts: a trump
    assert allowed_plays(hand, parse_cards("Qs"), Suit.HEARTS) == parse_cards("Ah 9h")
    # void in spades, no trump yet: any card
    assert allowed_plays(hand, parse_cards("Qs"), None) == hand
    # void in spades and in the trump suit: any card
    assert allowed_plays(parse_cards("9d Jc"), parse_cards("Qs"), Suit.HEARTS) == parse_cards(
        "9d Jc"
    )


def test_declarer_made_and_failed() -> None:
    gains, made = hand_gains([161, 32, 27], 0, 105, RULES)
    assert made and gains == [160, 30, 25]
    gains, made = hand_gains([161, 32, 27], 0, 170, RULES)
    assert not made and gains == [-170, 30, 25]
    # the bid is compared with the unrounded total by default: 118 < 120 fails
    gains, made = hand_gains([118, 2, 0], 0, 120, RULES)
    assert not made and gains == [-120, 0, 0]
    # option compare=rounded: 118 rounds to 120, made
    gains, made = hand_gains([118, 2, 0], 0, 120, ScoringRules(compare="rounded"))
    assert made and gains == [120, 0, 0]
    # option declarer_scores=bid: the bid, not what was taken
    gains, made = hand_gains([161, 32, 27], 0, 105, ScoringRules(declarer_scores="bid"))
    assert made and gains == [105, 30, 25]


def _settle(
    score: int, gain: int, before: Standing | None = None, **kw: Any
) -> tuple[Standing, list[str]]:
    args: dict[str, Any] = {"declarer": False, "bid": 100, "made": True, "tricks": 2, **kw}
    return settle(before or Standing(score), gain, rules=RULES, **args)


def test_mounting_the_barrel() -> None:
    st, notes = _settle(870, 10)
    assert (st.score, st.barrel, notes) == (880, 0, ["barrel"])
    st, _ = _settle(850, 70)
    assert (st.score, st.barrel) == (880, 0)
    st, _ = _settle(800, 250, declarer=True, bid=250)
    assert (st.score, st.barrel) == (880, 0)  # cannot jump over the barrel
    st, notes = _settle(855, 20)
    assert (st.score, st.barrel, notes) == (875, None, [])


def test_on_the_barrel() -> None:
    on = Standing(880, barrel=0)
    # a defender on the barrel gains nothing
    st, _ = _settle(0, 45, before=on)
    assert (st.score, st.barrel) == (880, 1)
    # leaving with a 120 bid made: scores as usual, reaching 1000
    st, _ = _settle(0, 120, before=on, declarer=True, bid=120, made=True)
    assert (st.score, st.barrel) == (1000, None)
    # a made bid below 120 does not leave the barrel
    st, _ = _settle(0, 100, before=on, declarer=True, bid=100, made=True)
    assert (st.score, st.barrel) == (880, 1)
    # failing the bid on the barrel: minus the bid, off the barrel
    st, notes = _settle(0, -120, before=on, declarer=True, bid=120, made=False)
    assert (st.score, st.barrel, notes) == (760, None, ["off_barrel"])


def test_falling_off_the_barrel_after_three_hands() -> None:
    st = Standing(880, barrel=0)
    for expected_tries in (1, 2):
        st, notes = _settle(0, 30, before=st)
        assert (st.score, st.barrel, notes) == (880, expected_tries, [])
    st, notes = _settle(0, 30, before=st)
    assert (st.score, st.barrel) == (760, None)
    assert notes == ["barrel_penalty", "off_barrel"]


def test_bolts_third_in_a_row_costs_120() -> None:
    st = Standing(200)
    st, n1 = _settle(0, 0, before=st, tricks=0)
    st, n2 = _settle(0, 0, before=st, tricks=0)
    assert (st.score, st.bolts, n1, n2) == (200, 2, ["bolt"], ["bolt"])
    st, n3 = _settle(0, 0, before=st, tricks=0)
    assert (st.score, st.bolts, n3) == (80, 0, ["bolt", "bolt_penalty"])
    # a trick in between resets the count (bolts in a row)
    st = Standing(200, bolts=2)
    st, _ = _settle(0, 10, before=st, tricks=1)
    assert (st.score, st.bolts) == (210, 0)
    # option bolts_in_row=False: the count survives a hand with tricks
    st, _ = settle(
        Standing(200, bolts=2),
        10,
        declarer=False,
        bid=100,
        made=True,
        tricks=1,
        rules=ScoringRules(bolts_in_row=False),
    )
    assert (st.score, st.bolts) == (210, 2)


def test_the_marriages_a_bid_needs_are_the_smallest_sets_that_allow_it() -> None:
    """Thousand's bid over 120 claims marriages (thousand.ru.txt, "Торговля"): ♠ 40,
    ♣ 60, ♦ 80, ♥ 100; a proof when the bid is made shows one of these sets held."""
    from p2pcards.games.thousand._state import _bid_groups

    def suits(groups: list[tuple[Card, ...]]) -> list[str]:
        return sorted("".join(sorted({c.suit.symbol for c in g})) for g in groups)

    assert suits(_bid_groups(165, False)) == ["♣", "♥", "♦"]  # 45 more: ♣, ♦ or ♥
    assert suits(_bid_groups(200, False)) == ["♠♣", "♥", "♦"]  # 80: ♦, ♥, or ♠ + ♣
    assert len(_bid_groups(400, False)) == 1 and len(_bid_groups(400, False)[0]) == 8
    with_aces = _bid_groups(300, True)  # 180: ♥ + ♦, ♥ + ♣ ..., or the four aces
    assert any(len(g) == 4 and all(c.rank == Rank.ACE for c in g) for g in with_aces)
