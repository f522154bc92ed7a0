"""Thousand engine, driven by given deals (thousand.ru.txt; values from the rules).

Deal D1 (hand 0: dealer seat 0, first hand seat 1 with the obligatory 100):
  seat 0: K♥ Q♥ A♠ 10♠ A♣ 9♦ J♦   (hearts marriage: may bid up to 220)
  seat 1: A♥ 10♥ K♠ Q♣ J♠ 9♠ J♣   (no marriage: at most 120)
  seat 2: A♦ 10♦ K♦ J♥ 9♥ 9♣ 10♣  (no marriage)
  talon:  Q♠ Q♦ K♣
"""

from __future__ import annotations

from typing import Any

import pytest

from p2pcards.cards import Card, Suit, parse_card, parse_cards
from p2pcards.games import (
    ClaimMismatch,
    IllegalMove,
    LocalDealer,
    Open,
    Reveal,
    load_game,
)
from p2pcards.games.thousand import (
    Bid,
    GiveCards,
    Pass,
    Play,
    Standing,
    ThousandState,
    deal_order,
)
from p2pcards.ui import Names, presenter

D1 = (
    ["Kh Qh As 10s Ac 9d Jd", "Ah 10h Ks Qc Js 9s Jc", "Ad 10d Kd Jh 9h 9c 10c"],
    "Qs Qd Kc",
)
# D1's hand played out (see test_full_hand_d1): (seat, card, declare) per trick.
D1_TRICKS = [
    [(0, "Qh", "marriage"), (1, "Ah", ""), (2, "9h", "")],
    [(1, "9s", ""), (2, "Jh", ""), (0, "As", "")],
    [(2, "Ad", ""), (0, "Qd", ""), (1, "9d", "")],
    [(2, "10c", ""), (0, "Ac", ""), (1, "Jc", "")],
    [(0, "Kh", ""), (1, "10h", ""), (2, "Kd", "")],
    [(1, "Ks", ""), (2, "9c", ""), (0, "10s", "")],
    [(0, "Kc", ""), (1, "Qc", ""), (2, "Jd", "")],
    [(0, "Qs", ""), (1, "Js", ""), (2, "10d", "")],
]


class Table:
    """A state with a local dealer dealing a given deal, answering dealer needs."""

    def __init__(
        self,
        deal: tuple[list[str], str] = D1,
        standings: list[Standing] | None = None,
        **options: Any,
    ) -> None:
        self.state: ThousandState = load_game("thousand", **options).new_state()
        if standings is not None:
            self.state.standings = list(standings)
        hands, talon = deal
        order = deal_order([parse_cards(h) for h in hands], parse_cards(talon))
        self.dealer = LocalDealer(self.state, decks=[order])
        self.advance()

    def advance(self) -> None:
        while self.dealer.answer() is not None:
            pass

    def do(self, *moves: Any) -> None:
        for m in moves:
            self.dealer.apply(m)
            self.advance()

    def pos(self, card: str) -> int:
        c = parse_card(card)
        return next(p for p, x in self.dealer.cards.items() if x == c)

    def play(self, seat: int, card: str, declare: str = "") -> None:
        self.do(Play(seat, self.pos(card), parse_card(card), declare))

    def legal(self, seat: int) -> list[Any]:
        return self.state.legal_moves(seat, self.dealer.knowledge[seat])

    def legal_cards(self, seat: int) -> list[Card]:
        return sorted({m.card for m in self.legal(seat) if isinstance(m, Play)})

    def view(self, seat: int) -> Any:
        return self.state.view(seat, self.dealer.knowledge[seat])

    def hand(self, seat: int) -> list[Card]:
        return sorted(self.dealer.cards[p] for p in self.state.hands[seat])

    def failed_claims(self) -> list[tuple[int, str]]:
        """(seat, the presenter's English words: the claim; why it is false) of every
        claim the dealer's cards make false (seats named from 1: "seat 3" is seat 2)."""
        out = []
        p, names = presenter("thousand"), Names.seats(self.state.seats, "en")
        for c in self.state.claims():
            why = c.check(self.dealer.hand_cards[c.hand])
            if why is not None:
                said = f"{p.claim_text(c, names)}; {p.falsified_text(c, why, names)}"
                out.append((c.seat, said))
        return out


def contested(t: Table, bid: int = 105) -> None:
    """Seat 2 passes, seat 0 bids, seat 1 passes: seat 0 declares at ``bid``."""
    t.do(Pass(2), Bid(0, bid), Pass(1))


def give(t: Table, to1: str = "9d", to2: str = "Jd") -> None:
    t.do(GiveCards(0, (t.pos(to1), t.pos(to2))))


# ---------------------------------------------------------------- deal and auction


def test_deal_seven_each_and_first_hand_bids_100() -> None:
    t = Table()
    v = t.view(1)
    assert v.counts == (7, 7, 7)
    assert (v.dealer, v.first_hand) == (0, 1)
    assert v.auction == ((1, 100),)
    assert (v.bid, v.bidder, v.turn) == (100, 1, 2)
    # the view sorts the hand by suit, in this game's order (9 J Q K 10 A)
    assert [c for _, c in t.view(0).hand] == parse_cards("10s As Qh Kh 9d Jd Ac")
    # each seat knows its own 7 cards only
    assert len(t.dealer.knowledge[0]) == 7
    assert set(t.dealer.knowledge[0]) == set(t.state.hands[0])


def test_auction_limits() -> None:
    t = Table()
    # seat 2 has no marriage: it may bid 105..120 only
    bids = [m.amount for m in t.legal(2) if isinstance(m, Bid)]
    assert bids == [105, 110, 115, 120]
    assert Pass(2) in t.legal(2)
    t.do(Pass(2))
    # seat 0 holds the hearts marriage: up to 120 + 100 = 220
    bids = [m.amount for m in t.legal(0) if isinstance(m, Bid)]
    assert bids[0] == 105 and bids[-1] == 220 and len(bids) == 24
    assert Bid(0, 220) in t.legal(0) and Bid(0, 225) not in t.legal(0)
    with pytest.raises(IllegalMove) as e:
        t.do(Bid(0, 103))
    assert e.value.seat == 0
    with pytest.raises(IllegalMove):
        t.do(Bid(0, 100))  # not above the current 100
    with pytest.raises(IllegalMove) as e:
        t.do(Bid(1, 110))  # not seat 1's turn
    assert e.value.seat == 1
    with pytest.raises(IllegalMove):
        t.do(Bid(0, 405))  # above 120 + every marriage: no hand justifies it
    t.do(Bid(0, 220))
    assert t.view(1).auction == ((1, 100), (2, 0), (0, 220))
    assert t.failed_claims() == []  # 220 with hearts is allowed
    t.do(Pass(1))
    assert (t.state.declarer, t.state.bid) == (0, 220)


def test_all_pass_first_hand_takes_hidden_talon() -> None:
    t = Table()
    t.dealer.apply(Pass(2))
    t.dealer.apply(Pass(0))
    s = t.state
    assert (s.declarer, s.bid) == (1, 100)
    assert s.need() == Reveal((21, 22, 23), 1)  # to the declarer only, not opened
    t.advance()
    assert t.view(0).talon == () and not t.view(0).talon_shown
    assert all(p not in t.dealer.knowledge[0] for p in (21, 22, 23))
    assert all(p not in t.dealer.knowledge[2] for p in (21, 22, 23))
    assert {t.dealer.knowledge[1][p] for p in (21, 22, 23)} == set(parse_cards("Qs Qd Kc"))
    assert t.view(1).counts == (7, 10, 7)


def test_contested_auction_shows_talon() -> None:
    t = Table()
    t.dealer.apply(Pass(2))
    t.dealer.apply(Bid(0, 105))
    t.dealer.apply(Pass(1))
    assert t.state.need() == Open((21, 22, 23))
    t.advance()
    for seat in range(3):
        v = t.view(seat)
        assert v.talon_shown and v.talon == tuple(parse_cards("Qs Qd Kc"))
    assert t.view(0).counts == (10, 7, 7)


def test_show_talon_option() -> None:
    t = Table(show_talon="never")
    for m in (Pass(2), Bid(0, 105), Pass(1)):
        t.dealer.apply(m)
    assert t.state.need() == Reveal((21, 22, 23), 0)
    t = Table(show_talon="always")
    t.dealer.apply(Pass(2))
    t.dealer.apply(Pass(0))
    assert t.state.need() == Open((21, 22, 23))


def test_passing_one_card_each_gives_eight_cards() -> None:
    t = Table()
    contested(t)
    legal = t.legal(0)
    assert all(isinstance(m, GiveCards) for m in legal) and len(legal) == 10 * 9
    p9d, pjd = t.pos("9d"), t.pos("Jd")
    t.dealer.apply(GiveCards(0, (p9d, pjd)))
    assert t.state.need() == Reveal((p9d,), 1)  # privately, to the receiver only
    t.advance()
    assert t.view(0).counts == (8, 8, 8)
    assert t.dealer.knowledge[1][p9d] == parse_card("9d") and p9d not in t.dealer.knowledge[2]
    assert t.dealer.knowledge[2][pjd] == parse_card("Jd") and pjd not in t.dealer.knowledge[1]
    assert t.hand(1) == sorted(parse_cards("Ah 10h Ks Qc Js 9s Jc 9d"))
    assert t.view(0).turn == 0  # the declarer leads


def test_passing_a_shown_talon_card_needs_no_reveal() -> None:
    t = Table()
    contested(t)
    pqs, p9d = t.pos("Qs"), t.pos("9d")
    t.dealer.apply(GiveCards(0, (pqs, p9d)))
    # Q♠ was opened with the talon: only 9♦ still needs a reveal (to seat 2)
    assert t.state.need() == Reveal((p9d,), 2)


def test_give_rejects_cards_not_in_hand() -> None:
    t = Table()
    contested(t)
    with pytest.raises(IllegalMove) as e:
        t.do(GiveCards(0, (t.pos("Ah"), t.pos("9d"))))
    assert e.value.seat == 0
    with pytest.raises(IllegalMove):
        t.do(GiveCards(0, (t.pos("9d"), t.pos("9d"))))


# ---------------------------------------------------------------- tricks


def test_must_beat_follow_and_trump() -> None:
    t = Table()
    contested(t)
    give(t)
    # the lead: any card; K♥ and Q♥ may also declare the hearts marriage
    moves = t.legal(0)
    assert len([m for m in moves if not m.declare]) == 8
    assert {m.card for m in moves if m.declare == "marriage"} == set(parse_cards("Kh Qh"))
    t.play(0, "Qh", "marriage")
    # seat 1 must beat Q♥: A♥ or 10♥
    assert t.legal_cards(1) == sorted(parse_cards("Ah 10h"))
    t.play(1, "Ah")
    # seat 2 cannot beat A♥: any heart
    assert t.legal_cards(2) == sorted(parse_cards("Jh 9h"))
    t.play(2, "9h")
    assert t.view(0).last_winner == 1
    # trick 2: seat 1 leads 9♠; seat 2 has no spades: must trump with J♥
    t.play(1, "9s")
    assert t.legal_cards(2) == [parse_card("Jh")]
    t.play(2, "Jh")
    # seat 0 must beat the 9♠ (every spade it has does)
    assert t.legal_cards(0) == sorted(parse_cards("As 10s Qs"))
    t.play(0, "As")
    assert t.view(0).last_winner == 2  # the trump takes the ace
    # trick 3: void in diamonds seat 1 has only 9♦ to follow
    t.play(2, "Ad")
    assert t.legal_cards(0) == [parse_card("Qd")]


def test_void_without_trump_plays_anything() -> None:
    t = Table()
    contested(t)
    give(t)
    for trick in D1_TRICKS[:5]:
        for seat, card, declare in trick:
            t.play(seat, card, declare)
    t.play(1, "Ks")
    # seat 2: no spades and no hearts (trump) left: any card
    assert t.legal_cards(2) == sorted(parse_cards("9c 10d Jd"))


def test_full_hand_d1_declarer_made() -> None:
    t = Table()
    contested(t)
    give(t)
    for i, trick in enumerate(D1_TRICKS):
        for seat, card, declare in trick:
            assert parse_card(card) in t.legal_cards(seat), (i + 1, seat, card)
            t.play(seat, card, declare)
    s = t.state
    row = s.sheet[0]
    # seat 0: cards 23 + 14 + 9 + 15 = 61 plus the hearts marriage 100
    assert row.taken == (161, 32, 27)
    assert row.tricks == (4, 2, 2)
    assert row.made and row.bid == 105 and row.declarer == 0
    # rounding: 161 -> 160, 32 -> 30, 27 -> 25
    assert row.gains == (160, 30, 25)
    assert s.scores == [160, 30, 25]
    assert t.failed_claims() == []
    # the next hand: dealer seat 1, first hand seat 2
    assert (s.hand_no, s.dealer, s.first_hand) == (1, 1, 2)
    assert s.view(0, {}).auction == ((2, 100),)


def test_declarer_failed_loses_the_bid() -> None:
    t = Table()
    contested(t, bid=170)
    give(t)
    for trick in D1_TRICKS:
        for seat, card, declare in trick:
            t.play(seat, card, declare)
    row = t.state.sheet[0]
    assert row.taken[0] == 161 and not row.made
    assert t.state.scores == [-170, 30, 25]


def test_declarer_scores_bid_option() -> None:
    t = Table(declarer_scores="bid")
    contested(t)
    give(t)
    for trick in D1_TRICKS:
        for seat, card, declare in trick:
            t.play(seat, card, declare)
    assert t.state.scores == [105, 30, 25]


# D3: both marriage cards of diamonds come from the talon; seat 2 holds clubs.
D3 = (
    ["Kh Qh Ks Qs Ac Ad 9c", "Ah 10h Jh As 10s 9s Jc", "9h Js 10c Kc Qc 9d Jd"],
    "10d Kd Qd",
)


def test_marriage_with_talon_cards_and_trump_change() -> None:
    t = Table(D3)
    t.do(Pass(2), Bid(0, 120), Pass(1))
    t.do(GiveCards(0, (t.pos("9c"), t.pos("10d"))))
    assert t.view(0).counts == (8, 8, 8)
    assert t.view(0).trump is None  # no trump before the first marriage
    t.play(0, "Ac")
    t.play(1, "9c")
    t.play(2, "10c")
    t.play(0, "Ad")
    # seat 1 has no diamonds and there is no trump: anything
    assert len(t.legal_cards(1)) == 7
    t.play(1, "Jc")
    t.play(2, "9d")
    assert t.state.taken == [21 + 13, 0, 0]
    # K♦ + Q♦ both came from the talon: the marriage counts
    assert Play(0, t.pos("Kd"), parse_card("Kd"), "marriage") in t.legal(0)
    t.play(0, "Kd", "marriage")
    v = t.view(1)
    assert v.trump == Suit.DIAMONDS and v.marriages == ((0, Suit.DIAMONDS),)
    assert t.state.taken[0] == 34 + 80
    # trump is diamonds: seat 1 has none (so anything); seat 2 must beat K♦ with 10♦
    assert len(t.legal_cards(1)) == 6
    t.play(1, "9s")
    assert t.legal_cards(2) == [parse_card("10d")]
    t.play(2, "10d")
    assert t.view(0).last_winner == 2
    # seat 2 declares clubs: trump changes to clubs
    t.play(2, "Qc", "marriage")
    v = t.view(0)
    assert v.trump == Suit.CLUBS
    assert v.marriages == ((0, Suit.DIAMONDS), (2, Suit.CLUBS))
    assert t.state.taken[2] == 14 + 60
    assert v.trick == ((2, parse_card("Qc")),)
    assert t.failed_claims() == []


def test_marriage_only_when_leading() -> None:
    t = Table(D3)
    t.do(Pass(2), Bid(0, 120), Pass(1))
    t.do(GiveCards(0, (t.pos("9c"), t.pos("10d"))))
    t.play(0, "Ac")
    t.play(1, "9c")
    with pytest.raises(IllegalMove) as e:
        t.play(2, "Qc", "marriage")
    assert e.value.seat == 2 and "leading" in str(e.value)


def test_marriage_on_first_trick_option() -> None:
    t = Table(D3, marriage_first_trick=False)
    t.do(Pass(2), Bid(0, 120), Pass(1))
    t.do(GiveCards(0, (t.pos("9c"), t.pos("10d"))))
    assert all(not m.declare for m in t.legal(0))
    with pytest.raises(IllegalMove):
        t.play(0, "Kh", "marriage")


# ---------------------------------------------------------------- claims and audit


def test_audit_catches_failure_to_follow_suit() -> None:
    t = Table()
    contested(t)
    give(t)
    t.play(0, "Qh", "marriage")
    t.play(1, "Ah")
    # seat 2 holds J♥ 9♥ but plays 9♣: the engine cannot see it, the audit can
    t.play(2, "9c")
    assert t.failed_claims() == [
        (2, "seat 3 plays 9♣ in trick 1, so has no ♥; but had to play 9♥ J♥"),
    ]
    (claim,) = [c for c in t.state.claims() if c.seat == 2]
    assert claim.hand == 0 and claim.kind == "follow" and claim.about["trick"] == 1
    why = claim.check(t.dealer.hand_cards[0])
    assert why is not None and why.about == {"must": "follow", "led": Suit.HEARTS}
    # what a proof would have to show when the card is played: no heart left, false
    hidden = claim.hidden
    assert hidden is not None and hidden.kind == "each" and len(hidden.positions) == 7
    assert all(c.suit != Suit.HEARTS for c in hidden.cards)
    assert not hidden.holds(t.dealer.hand_cards[0])


def test_audit_catches_failure_to_trump_and_to_beat() -> None:
    t = Table()
    contested(t)
    give(t)
    t.play(0, "Qh", "marriage")
    t.play(1, "10h")  # beats Q♥: no claim
    t.play(2, "Jh")  # cannot beat 10♥: claims no higher heart (true)
    t.play(1, "9s")
    t.play(2, "9c")  # holds the trump 9♥ but plays a club
    t.play(0, "Qs")  # beats 9♠ with Q♠: no claim
    assert t.failed_claims() == [
        (2, "seat 3 plays 9♣ in trick 2, so has no ♠ and no trump ♥; but had to play 9♥"),
    ]


def test_audit_catches_failure_to_beat() -> None:
    t = Table()
    contested(t)
    give(t)
    t.play(0, "Qs")
    t.play(1, "Js")  # holds K♠, which beats Q♠
    assert t.failed_claims() == [
        (1, "seat 2 plays J♠ in trick 1, so has no ♠ higher than Q♠; but had to play K♠")
    ]


def test_audit_catches_bid_125_without_marriage() -> None:
    t = Table()
    t.do(Bid(2, 125))  # seat 2 holds no marriage
    assert t.failed_claims() == [
        (
            2,
            "seat 3 bids 125, so holds marriages worth at least 5; "
            "but held no marriage: at most 120",
        )
    ]
    (claim,) = t.state.claims()
    assert claim.seat == 2 and claim.rule == "thousand: Торговля" and claim.hand == 0
    # a bid of 125 needs one marriage, any: four groups (the king and queen of a suit)
    assert claim.hidden is not None and claim.hidden.kind == "holds"
    assert len(claim.hidden.groups) == 4 and all(len(g) == 2 for g in claim.hidden.groups)
    assert not claim.hidden.holds(t.dealer.hand_cards[0])


def test_audit_catches_marriage_without_partner() -> None:
    t = Table()
    contested(t)
    give(t)
    t.play(0, "Qs", "marriage")  # K♠ is in seat 1's hand
    assert t.view(1).trump == Suit.SPADES
    assert (0, "seat 1 declares the ♠ marriage with Q♠ in trick 1; but did not hold K♠") in (
        t.failed_claims()
    )


def test_marriage_with_a_public_partner_is_refused_at_once() -> None:
    t = Table(D3)
    t.do(Pass(2), Bid(0, 120), Pass(1))
    # Q♦ came from the shown talon: everyone sees it go to seat 1
    t.do(GiveCards(0, (t.pos("Qd"), t.pos("9c"))))
    with pytest.raises(IllegalMove) as e:
        t.play(0, "Kd", "marriage")
    assert e.value.seat == 0 and "Q♦ is not in your hand" in str(e.value)
    assert all(not (m.card == parse_card("Kd") and m.declare) for m in t.legal(0))


def test_opened_card_differs_from_claim() -> None:
    t = Table()
    contested(t)
    give(t)
    with pytest.raises(ClaimMismatch) as e:
        t.do(Play(0, t.pos("As"), parse_card("Ac")))
    assert e.value.seat == 0 and "A♠" in str(e.value)


def test_claiming_a_card_outside_the_deck_is_refused() -> None:
    # bug found while writing the fuzz test: a claimed 2♠ crashed the rank lookup (KeyError)
    t = Table()
    contested(t)
    give(t)
    t.play(0, "Qs")
    with pytest.raises(IllegalMove) as e:
        t.do(Play(1, t.pos("Js"), parse_card("2s")))
    assert e.value.seat == 1 and "24-card deck" in str(e.value)


def test_play_out_of_turn_or_not_in_hand() -> None:
    t = Table()
    contested(t)
    give(t)
    with pytest.raises(IllegalMove) as e:
        t.play(1, "Ah")
    assert e.value.seat == 1
    with pytest.raises(IllegalMove) as e:
        t.do(Play(0, t.pos("Ah"), parse_card("Ah")))
    assert e.value.seat == 0 and "not in your hand" in str(e.value)


# ---------------------------------------------------------------- barrel and game end


def test_mounting_the_barrel_in_play() -> None:
    # seat 1 at 850 takes 30, seat 2 at 870 takes 25: both stop at 880
    t = Table(standings=[Standing(0), Standing(850), Standing(870)])
    contested(t)
    give(t)
    for trick in D1_TRICKS:
        for seat, card, declare in trick:
            t.play(seat, card, declare)
    s = t.state
    assert s.scores == [160, 880, 880]
    assert [st.barrel for st in s.standings] == [None, 0, 0]
    assert s.sheet[0].notes == ((), ("barrel",), ("barrel",))
    assert t.view(0).barrel == (None, 0, 0)


def test_leaving_the_barrel_with_120_reaches_1000() -> None:
    t = Table(standings=[Standing(880, barrel=1), Standing(0), Standing(0)], declarer_scores="bid")
    contested(t, bid=120)
    give(t)
    for trick in D1_TRICKS:
        for seat, card, declare in trick:
            t.play(seat, card, declare)
    s = t.state
    assert s.scores == [1000, 30, 25]
    assert s.is_finished
    result = s.need().result  # type: ignore[union-attr]
    assert result["winners"] == [0] and result["losers"] == [1, 2]
    assert result["scores"] == [1000, 30, 25] and not result["capped"]


def test_leaving_the_barrel_scores_what_was_taken_by_default() -> None:
    t = Table(standings=[Standing(880, barrel=0), Standing(0), Standing(0)])
    contested(t, bid=120)
    give(t)
    for trick in D1_TRICKS:
        for seat, card, declare in trick:
            t.play(seat, card, declare)
    assert t.state.scores == [1040, 30, 25]
    assert t.state.need().result["winners"] == [0]  # type: ignore[union-attr]


def test_third_hand_on_the_barrel_falls_off() -> None:
    # seat 1 has had two hands on the barrel; as a defender it gains nothing and drops
    t = Table(standings=[Standing(0), Standing(880, barrel=2), Standing(0)])
    contested(t)
    give(t)
    for trick in D1_TRICKS:
        for seat, card, declare in trick:
            t.play(seat, card, declare)
    assert t.state.scores == [160, 760, 25]
    assert t.state.standings[1].barrel is None


def test_target_1001_barrel_bid_is_125() -> None:
    s = load_game("thousand", target=1001).new_state()
    assert s.rules.barrel_bid == 125
    assert load_game("thousand").new_state().rules.barrel_bid == 120


# D5: seat 0 holds every ace and ten; seat 1 holds three marriages it never gets to lead.
D5 = (
    ["As 10s Ah 10h Ad 10d Ac", "Kh Qh Kd Qd Kc Qc Js", "9s 9h 9d 9c Jh Jd Jc"],
    "10c Ks Qs",
)


def _play_d5(t: Table) -> None:
    t.do(Pass(2), Bid(0, 120), Pass(1))
    t.do(GiveCards(0, (t.pos("Qs"), t.pos("Ks"))))
    for lead in ("As", "10s", "Ah", "10h", "Ad", "10d", "Ac", "10c"):
        t.play(0, lead)
        for seat in (1, 2):
            t.play(seat, str(t.legal_cards(seat)[0].symbol))


def test_bolts_in_play_and_unled_marriages_score_nothing() -> None:
    # seat 1 already has two bolts in a row: a third costs 120
    t = Table(D5, standings=[Standing(0), Standing(0, bolts=2), Standing(40, bolts=0)])
    _play_d5(t)
    row = t.state.sheet[0]
    assert row.tricks == (8, 0, 0)
    # seat 1's three marriages were never declared (it never led): no points
    assert row.taken == (120, 0, 0) and row.made
    assert row.notes[1] == ("bolt", "bolt_penalty") and row.notes[2] == ("bolt",)
    assert t.state.scores == [120, -120, 40]
    assert [st.bolts for st in t.state.standings] == [0, 0, 1]
    assert t.view(2).bolts == (0, 0, 1)
    assert t.failed_claims() == []


def test_view_for_terminal_play() -> None:
    t = Table()
    contested(t)
    give(t)
    for seat, card, declare in D1_TRICKS[0]:
        t.play(seat, card, declare)
    t.play(1, "9s")
    v = t.view(2)
    assert v.phase == "play" and v.turn == 2 and v.declarer == 0 and v.bid == 105
    assert v.auction == ((1, 100), (2, 0), (0, 105), (1, 0))
    assert v.passed == (False, True, True)
    assert v.talon == tuple(parse_cards("Qs Qd Kc"))
    assert v.trick_no == 2 and v.trick == ((1, parse_card("9s")),)
    assert v.last_trick == ((0, parse_card("Qh")), (1, parse_card("Ah")), (2, parse_card("9h")))
    assert v.last_winner == 1
    assert v.trump == Suit.HEARTS and v.marriages == ((0, Suit.HEARTS),)
    assert v.taken == (100, 14, 0) and v.tricks == (0, 1, 0)
    assert v.played == tuple(parse_cards("Qh Ah 9h 9s"))
    assert v.counts == (7, 6, 7)
    # seat 2 sees its own hand (with the passed J♦), never another seat's
    assert [c for _, c in v.hand] == parse_cards("Jh Jd Kd 10d Ad 9c 10c")
    assert (v.scores, v.barrel, v.bolts, v.sheet) == ((0, 0, 0), (None,) * 3, (0, 0, 0), ())
