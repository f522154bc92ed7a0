"""Thousand for two and for four seats, driven by given deals (docs/rules/thousand.md,
"Two seats" and "Four seats").

Two seats, deal T2 (hand 0: dealer seat 0, first hand seat 1 with the obligatory 100):
  seat 0: K♥ Q♥ A♥ 10♥ A♠ 10♠ A♣ 9♦ J♦ Q♦   (hearts marriage: up to 220)
  seat 1: A♦ 10♦ K♦ 9♥ J♥ K♠ Q♠ 9♠ J♠ 9♣    (spades marriage: up to 160)
  talon 0: K♣ Q♣      talon 1: J♣ 10♣

Four seats, deal T4 (hand 0: dealer seat 0 sits out; players 1, 2, 3):
  seat 1: A♥ 10♥ K♠ Q♠ J♠ 9♠ J♣
  seat 2: A♦ 10♦ K♦ J♥ Q♦ 9♣ 10♣
  seat 3: K♥ Q♥ A♠ 10♠ A♣ 9♦ J♦
  talon:  K♣ Q♣ 9♥   (card points 7; a clubs marriage, 60)
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from p2pcards.cards import parse_card, parse_cards
from p2pcards.games import (
    Decision,
    IllegalMove,
    LocalDealer,
    Open,
    Reveal,
    Revealed,
    load_game,
)
from p2pcards.games.thousand import (
    GAME,
    MARRIAGE_POINTS,
    Bid,
    ChooseTalon,
    GiveCards,
    Pass,
    Play,
    ThousandState,
    deal_order,
    points,
    round5,
)

T2 = (
    [
        "Kh Qh Ah 10h As 10s Ac 9d Jd Qd",
        "Ad 10d Kd 9h Jh Ks Qs 9s Js 9c",
    ],
    "Kc Qc Jc 10c",
)
T4 = (
    ["Ah 10h Ks Qs Js 9s Jc", "Ad 10d Kd Jh Qd 9c 10c", "Kh Qh As 10s Ac 9d Jd"],
    "Kc Qc 9h",
)


class Table:
    """A state of ``seats`` with a local dealer dealing a given deal first."""

    def __init__(self, seats: int, deal: tuple[list[str], str], **options: Any) -> None:
        self.state: ThousandState = load_game("thousand", seats=seats, **options).new_state()
        hands, talon = deal
        order = deal_order([parse_cards(h) for h in hands], parse_cards(talon))
        self.dealer = LocalDealer(self.state, rng=random.Random(5), decks=[order])
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

    def legal(self, seat: int) -> list[Any]:
        return self.state.legal_moves(seat, self.dealer.knowledge[seat])

    def view(self, seat: int) -> Any:
        return self.state.view(seat, self.dealer.knowledge[seat])

    def finish_hand(self) -> None:
        """Basic bots play until the hand is scored."""
        hand = len(self.state.sheet)
        bot = GAME.bots["basic"]
        while len(self.state.sheet) == hand:
            need = self.state.need()
            assert isinstance(need, Decision), need
            s = need.seat
            mv = bot(self.view(s), self.legal(s), self.dealer.player_rngs[s])
            self.do(mv)


# ---------------------------------------------------------------- two seats


def test_two_seats_deal_ten_each_and_two_talons() -> None:
    t = Table(2, T2)
    v = t.view(1)
    assert v.counts == (10, 10) and v.players == (0, 1)
    assert (v.dealer, v.first_hand, v.auction, v.turn) == (0, 1, ((1, 100),), 0)
    assert sorted(t.state.hands[0]) == list(range(10))
    assert sorted(t.state.hands[1]) == list(range(10, 20))
    assert all(p not in t.dealer.knowledge[s] for s in (0, 1) for p in range(20, 24))
    # the marriage limit counts on the ten dealt cards: hearts 220, spades 160
    assert max(m.amount for m in t.legal(0) if isinstance(m, Bid)) == 220
    t.do(Bid(0, 105))
    assert max(m.amount for m in t.legal(1) if isinstance(m, Bid)) == 160


def test_two_seats_declarer_chooses_a_talon_shown_then_discards_two() -> None:
    t = Table(2, T2)
    t.do(Bid(0, 120), Pass(1))
    s = t.state
    assert (s.declarer, s.bid, s.phase) == (0, 120, "choose")
    assert t.legal(0) == [ChooseTalon(0, 0), ChooseTalon(0, 1)]
    assert t.legal(1) == []
    with pytest.raises(IllegalMove) as e:
        t.do(ChooseTalon(0, 2))
    assert e.value.seat == 0
    t.dealer.apply(ChooseTalon(0, 0))
    assert s.need() == Open((20, 21))  # contested: the talon taken is shown to both
    t.advance()
    assert t.view(1).talon == tuple(parse_cards("Kc Qc")) and t.view(1).talon_choice == 0
    assert t.view(1).counts == (12, 10)
    assert all(p not in t.dealer.knowledge[s] for s in (0, 1) for p in (22, 23))
    # the discard: any two of the twelve, order irrelevant (66 moves)
    give = t.legal(0)
    assert len(give) == 66 and all(m.positions[0] < m.positions[1] for m in give)
    t.do(GiveCards(0, (t.pos("Jd"), t.pos("9d"))))
    assert s.discard == tuple(sorted((t.pos("Jd"), t.pos("9d"))))
    assert t.view(1).counts == (10, 10)
    assert (s.phase, s.turn) == ("play", 0)
    # the declarer leads the first trick; the discarded cards are not in its hand
    assert {m.card for m in t.legal(0)} == set(parse_cards("Kh Qh Ah 10h As 10s Ac Qd Kc Qc"))


def test_two_seats_whole_hand_scores_the_discard_to_the_declarer() -> None:
    t = Table(2, T2)
    t.do(Bid(0, 120), Pass(1), ChooseTalon(0, 0))
    discard = (t.pos("9d"), t.pos("Jd"))
    t.do(GiveCards(0, discard))  # worth 2
    t.do(Play(0, t.pos("Qh"), parse_card("Qh"), "marriage"))  # hearts: +100, trump
    assert t.state.trump == parse_card("Qh").suit
    hand0 = t.dealer.hand_events
    t.finish_hand()
    row = t.state.sheet[0]
    opened = [ev for ev in hand0[0] if type(ev).__name__ == "Opened"]
    assert sorted(opened[-1].positions) == sorted(discard)  # opened before the score
    # ten tricks of two cards; the unused talon (J♣ 10♣, 12 points) counts for nobody,
    # the discard (2 points) counts for the declarer: 120 - 12 card points in all
    assert sum(row.tricks) == 10
    declared = sum(
        MARRIAGE_POINTS[ev.card.suit]
        for ev in hand0[0]
        if isinstance(ev, Play) and ev.declare == "marriage"
    )
    assert declared >= 100
    assert sum(row.taken) == 120 - points(parse_cards("Jc 10c")) + declared
    assert row.made == (row.taken[0] >= 120)
    assert row.gains == ((round5(row.taken[0]) if row.made else -120), round5(row.taken[1]))


def test_two_seats_all_pass_talon_revealed_to_the_declarer_alone() -> None:
    t = Table(2, T2)
    t.dealer.apply(Pass(0))
    s = t.state
    assert (s.declarer, s.bid, s.phase) == (1, 100, "choose")
    t.dealer.apply(ChooseTalon(1, 1))
    assert s.need() == Reveal((22, 23), 1)
    t.advance()
    assert not t.view(0).talon_shown and t.view(0).talon == ()
    assert {t.dealer.knowledge[1][p] for p in (22, 23)} == set(parse_cards("Jc 10c"))
    assert all(p not in t.dealer.knowledge[0] for p in (20, 21, 22, 23))


# ---------------------------------------------------------------- four seats


def test_four_seats_the_dealer_sits_out() -> None:
    t = Table(4, T4)
    s = t.state
    assert (s.dealer, s.players, s.first_hand) == (0, (1, 2, 3), 1)
    assert [sorted(h) for h in s.hands] == [
        [],
        list(range(0, 7)),
        list(range(7, 14)),
        list(range(14, 21)),
    ]
    assert t.dealer.knowledge[0] == {}
    v = t.view(0)
    assert v.counts == (0, 7, 7, 7) and v.players == (1, 2, 3)
    assert (v.auction, v.turn) == (((1, 100),), 2)
    # the auction goes round the three players only
    t.do(Pass(2))
    assert s.turn == 3
    t.do(Bid(3, 110))
    assert s.turn == 1
    t.do(Pass(1))
    assert (s.declarer, s.bid) == (3, 110)
    # contested: the talon was opened to everyone, the sitting-out dealer too
    assert t.view(0).talon == tuple(parse_cards("Kc Qc 9h"))
    # the declarer passes a card to each other player, clockwise: seat 1 then seat 2
    t.do(GiveCards(3, (t.pos("9d"), t.pos("Jd"))))
    assert parse_card("9d") in {t.dealer.cards[p] for p in s.hands[1]}
    assert parse_card("Jd") in {t.dealer.cards[p] for p in s.hands[2]}
    assert t.view(0).counts == (0, 8, 8, 8)
    assert t.legal(0) == []
    t.finish_hand()
    row = s.sheet[0]
    assert row.tricks[0] == 0 and sum(row.tricks) == 8
    # the sitting-out dealer scores the talon's card points, 7, rounded to 5; no bolt
    assert (row.taken[0], row.gains[0], row.scores[0], row.notes[0]) == (7, 5, 5, ())


@pytest.mark.parametrize(("option", "score"), [("talon", 5), ("talon_marriage", 65), ("none", 0)])
def test_four_seats_sitout_scores_option(option: str, score: int) -> None:
    t = Table(4, T4, sitout_scores=option)
    t.do(Pass(2), Pass(3))  # all pass: seat 1 plays 100, the talon is not shown
    t.finish_hand()
    assert t.state.sheet[0].scores[0] == score  # 7 card points (+ the clubs marriage 60)


def test_four_seats_next_hand_rotates_the_sitting_out_seat() -> None:
    t = Table(4, T4)
    t.do(Pass(2), Pass(3))
    t.finish_hand()
    s = t.state
    assert (s.dealer, s.players, s.first_hand) == (1, (0, 2, 3), 2)
    deal = [(ev.positions, ev.to) for ev in t.dealer.hand_events[1] if isinstance(ev, Revealed)]
    assert deal == [  # the first hand, seat 2, is dealt first; seat 1 gets nothing
        (tuple(range(7, 14)), 2),
        (tuple(range(14, 21)), 3),
        (tuple(range(0, 7)), 0),
    ]
    assert t.dealer.knowledge[1] == {}
    assert s.turn == 3 and t.view(1).auction == ((2, 100),)


def test_four_seats_sitting_out_on_the_barrel_uses_no_try_and_is_no_bolt() -> None:
    t = Table(4, T4, scores="880/1b2,0,0,0")
    st = t.state.standings[0]
    assert (st.score, st.barrel, st.bolts) == (880, 1, 2)
    t.do(Pass(2), Pass(3))
    t.finish_hand()
    st = t.state.standings[0]
    assert (st.score, st.barrel, st.bolts) == (880, 1, 2)
    assert t.state.sheet[0].notes[0] == ()


def test_four_seats_sitting_out_points_mount_the_barrel() -> None:
    t = Table(4, T4, scores="875,0,0,0")
    t.do(Pass(2), Pass(3))
    t.finish_hand()
    st = t.state.standings[0]
    assert (st.score, st.barrel) == (880, 0) and t.state.sheet[0].notes[0] == ("barrel",)
