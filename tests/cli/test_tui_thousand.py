"""Thousand's terminal screen and choices on a given deal (thousand.ru.txt): the auction
with every bid, the talon shown, passing two cards, a marriage making trump, the trick,
marks on the running scores and the score sheet."""

from __future__ import annotations

import dataclasses

import pytest

from p2pcards.cards import parse_card, parse_cards
from p2pcards.cli._tui import game_ui
from p2pcards.games import LocalDealer, Move, load_game
from p2pcards.games.thousand import Bid, GiveCards, Pass, Play, ThousandState
from p2pcards.games.thousand._state import SheetRow, deal_order
from tests.cli._tui_util import NAMES, drive, screen, scripted_seat, text_of

N3 = NAMES[:3]  # Anna (seat 0, the dealer), Boris (first hand), Vera
HANDS = [
    parse_cards("KH QH AS 10S AC 10C 9D"),  # Anna: the hearts marriage
    parse_cards("AH 10H KS QS JS 9S JH"),
    parse_cards("AD 10D KD QD JD KC QC"),
]
TALON = parse_cards("9H JC 9C")


def _script(state: ThousandState, seat: int, legal: list[Move]) -> Move:
    """Vera bids 105, Anna 110, then Boris and Vera pass; otherwise the first move."""
    if state.phase == "auction":
        if seat == 2 and state.bid == 100:
            return Bid(2, 105)
        if seat == 0:
            return Bid(0, 110)
        return Pass(seat)
    if state.phase == "give":  # the talon's 9♥ to Boris and J♣ to Vera
        return GiveCards(0, (21, 22))
    return legal[0]


def _at(until) -> tuple[ThousandState, LocalDealer]:  # type: ignore[no-untyped-def]
    state: ThousandState = load_game("thousand").new_state()
    dealer = LocalDealer(state, decks=[deal_order(HANDS, TALON)])
    drive(state, dealer, until, pick=_script)
    return state, dealer


def test_auction_screen_and_bids() -> None:
    state, dealer = _at(lambda st, s: s == 0 and st.phase == "auction")
    view = state.view(0, dealer.knowledge[0])
    en = game_ui("thousand", "en")
    out = screen(en, view, N3)
    assert "Auction: Boris 100 · Vera 105" in out
    assert "Highest bid: 105 (Vera)" in out
    assert "Trump: none yet" in out
    # the hand by suit in this game's order: 9 J Q K 10 A
    assert "10♠ A♠   Q♥ K♥   9♦   10♣ A♣" in out
    legal = state.legal_moves(0, dealer.knowledge[0])
    labels = en.menu(view, legal, N3).labels()
    # the hearts marriage allows up to 120 + 100
    assert labels[:3] == ["pass", "bid 110", "bid 115"]
    assert labels[-1] == "bid 220" and len(labels) == 1 + (220 - 110) // 5 + 1
    ru = game_ui("thousand", "ru")
    assert ru.menu(view, legal, N3).labels()[:2] == ["пас", "заявка 110"]
    assert "Торговля: Boris 100 · Vera 105" in screen(ru, view, N3)


def test_talon_shown_and_two_cards_to_pass() -> None:
    state, dealer = _at(lambda st, s: s == 0 and st.phase == "give")
    view = state.view(0, dealer.knowledge[0])
    en = game_ui("thousand", "en")
    out = screen(en, view, N3)
    assert "Auction: Boris 100 · Vera 105 · Anna 110 · Boris pass · Vera pass" in out
    assert "Contract: you play 110" in out
    assert "Talon: 9♥ J♣ 9♣" in out
    legal = state.legal_moves(0, dealer.knowledge[0])
    menu = en.menu(view, legal, N3)
    assert menu.title == "Card for Boris:"
    assert menu.labels() == "10♠ A♠ 9♥ Q♥ K♥ 9♦ 9♣ J♣ 10♣ A♣".split()
    sub = menu.choices[2].menu  # 9♥ to Boris
    assert sub is not None and sub.title == "Card for Vera (after 9♥ to Boris):"
    assert sub.labels() == "10♠ A♠ Q♥ K♥ 9♦ 9♣ J♣ 10♣ A♣".split()
    # typed through a TerminalSeat: 3 (9♥), 0 (back), 3 (9♥), 7 (J♣)
    seat = scripted_seat("thousand", ["3", "0", "3", "7"])
    move = seat.choose_sync(view, legal, N3)
    assert isinstance(move, GiveCards)
    pos = dict((c, p) for p, c in view.hand)
    assert move.positions == (pos[parse_card("9H")], pos[parse_card("JC")])
    assert en.describe(move, view, N3) == "give 9♥ to Boris and J♣ to Vera"
    assert game_ui("thousand", "ru").describe(move, view, N3) == "отдать 9♥ — Boris, В♣ — Vera"
    # another seat's view does not see which cards were passed
    other = state.view(1, dealer.knowledge[1])
    assert en.history_line(move, other, N3) == "Anna passes one card to you and one to Vera"


def _marriage_lead(state: ThousandState, seat: int, legal: list[Move]) -> Move:
    for m in legal:
        if isinstance(m, Play) and m.declare == "marriage" and m.card == parse_card("KH"):
            return m
    return _script(state, seat, legal)


def test_marriage_trick_and_trump() -> None:
    state: ThousandState = load_game("thousand").new_state()
    dealer = LocalDealer(state, decks=[deal_order(HANDS, TALON)])
    drive(state, dealer, lambda st, s: s == 0 and st.phase == "play", pick=_script)
    view = state.view(0, dealer.knowledge[0])
    legal = state.legal_moves(0, dealer.knowledge[0])
    en = game_ui("thousand", "en")
    assert en.menu(view, legal, N3).labels() == [
        "play 10♠",
        "play A♠",
        "play Q♥",
        "play Q♥ and declare the marriage in hearts (+100)",
        "play K♥",
        "play K♥ and declare the marriage in hearts (+100)",
        "play 9♦",
        "play 9♣",
        "play 10♣",
        "play A♣",
    ]
    ru = game_ui("thousand", "ru").menu(view, legal, N3).labels()
    assert "сыграть К♥ и объявить марьяж червей (+100)" in ru
    lead = next(m for m in legal if isinstance(m, Play) and m.declare and m.card.symbol == "K♥")
    dealer.apply(lead)
    drive(state, dealer, lambda st, s: s == 1, pick=_marriage_lead)
    view1 = state.view(1, dealer.knowledge[1])
    out = screen(en, view1, N3)
    assert "Trump: ♥ hearts" in out
    assert "Marriages: Anna ♥ 100" in out
    assert "Trick 1 of 8: Anna K♥" in out
    anna = next(line for line in out.splitlines() if "Anna" in line and "dealer" in line)
    assert "declarer 110" in anna and anna.split()[1:4] == [
        "7",
        "0",
        "100",
    ]  # cards, score, this hand


def test_barrel_and_bolt_marks_and_score_sheet() -> None:
    state, dealer = _at(lambda st, s: s == 0 and st.phase == "auction")
    view = state.view(0, dealer.knowledge[0])
    rows = (
        SheetRow(
            0,
            1,
            120,
            True,
            (20, 130, 0),
            (20, 130, 0),
            (860, 130, -40),
            ((), (), ("bolt",)),
            (2, 6, 0),
        ),
        SheetRow(
            1,
            2,
            100,
            False,
            (40, 0, 80),
            (40, 0, -100),
            (880, 130, -140),
            (("barrel",), ("bolt",), ()),
            (4, 0, 4),
        ),
    )
    view = dataclasses.replace(
        view, scores=(880, 130, -140), barrel=(1, None, None), bolts=(0, 1, 1), sheet=rows
    )
    en = game_ui("thousand", "en")
    out = screen(en, view, N3)
    anna = next(line for line in out.splitlines() if "Anna" in line)
    assert anna.split()[3:] == ["7", "880", "0", "0", "1/3", "dealer"]
    boris = next(line for line in out.splitlines() if line.split()[:1] == ["Boris"])
    assert boris.split()[-1] == "|"
    # the brackets show the real change from the sheet the game started from (840, 0,
    # -40): Anna's +40 stops at the barrel, so +20 (a new user saw "+40" for 860 -> 880)
    start = load_game("thousand", seats=3, scores="840,0,-40").options
    sheet = text_of(game_ui("thousand", "en", start).sheet(view, N3))
    assert "Score sheet" in sheet
    assert "860 (+20)" in sheet and "130 (+130)" in sheet and "-40 (+0) bolt" in sheet
    assert "880 (+20) on the barrel" in sheet and "-140 (-100)" in sheet
    assert "130 (+0) bolt" in sheet
    assert "✓" in sheet and "✗" in sheet
    ru = text_of(game_ui("thousand", "ru", start).sheet(view, N3))
    assert "Запись" in ru and "880 (+20) на бочке" in ru and "130 (+0) болт" in ru


def _two_player_discard() -> tuple[ThousandState, LocalDealer]:
    """A two-player hand at Anna's discard (she bid, Boris passed)."""
    import random

    def bid_then_pass(state: ThousandState, seat: int, legal: list[Move]) -> Move:
        if state.phase == "auction":
            return next((m for m in legal if isinstance(m, Bid if seat == 0 else Pass)), legal[0])
        return legal[0]

    state: ThousandState = load_game("thousand", seats=2).new_state()
    dealer = LocalDealer(state, rng=random.Random(3))
    drive(state, dealer, lambda st, s: st.phase == "give", pick=bid_then_pass)
    return state, dealer


def test_two_players_discard_two_cards_in_two_steps() -> None:
    """Two players: the declarer discards two cards by picking the first from the hand,
    numbered in its order, then the second (a new user's trial: 66 lines "снести A♥ и
    9♠" in no useful order)."""
    state, dealer = _two_player_discard()
    view = state.view(0, dealer.knowledge[0])
    legal = state.legal_moves(0, dealer.knowledge[0])
    hand = "K♠ 10♠ A♠ 9♥ Q♥ K♥ 9♦ J♦ Q♦ A♦ J♣ K♣".split()
    assert [c.symbol for _, c in view.hand] == hand and len(legal) == 66
    ru_hand = "К♠ 10♠ Т♠ 9♥ Д♥ К♥ 9♦ В♦ Д♦ Т♦ В♣ К♣".split()  # (Russian letters)
    ru = game_ui("thousand", "ru")
    menu = ru.menu(view, legal, ("Аня", "Борис"))
    assert (menu.title, menu.labels()) == ("Первая карта в снос:", ru_hand)
    sub = menu.choices[2].menu
    assert sub is not None and sub.title == "Вторая карта в снос (вместе с Т♠):"
    assert sub.labels() == [c for c in ru_hand if c != "Т♠"]
    # typed: 3 (A♠), 0 (back), 10 (A♦), 4 (9♥): A♦ and 9♥ go, whichever came first
    seat = scripted_seat("thousand", ["3", "0", "10", "4"], lang="ru")
    move = seat.choose_sync(view, legal, ("Аня", "Борис"))
    pos = {c.symbol: p for p, c in view.hand}
    assert isinstance(move, GiveCards) and move in legal
    assert set(move.positions) == {pos["A♦"], pos["9♥"]}
    assert ru.describe(move, view, ("Аня", "Борис")) == "снести 9♥ и Т♦"
    out = seat.console.export_text().splitlines()
    first = out.index("Первая карта в снос:")
    assert [x.strip() for x in out[first + 1 : first + 4]] == ["1) К♠", "2) 10♠", "3) Т♠"]
    for card in ("Т♠", "Т♦"):
        assert f"Вторая карта в снос (вместе с {card}):" in out
    assert " 0) назад" in out


def test_line_by_line_the_discard_is_two_steps_too(capsys: pytest.CaptureFixture[str]) -> None:
    """Without the full screen (a pipe, a script) the same menus, numbered: the first
    card, then the second, 0 back (it listed the 66 pairs)."""
    from types import SimpleNamespace

    import trio

    from p2pcards.cli._seat import choose

    state, dealer = _two_player_discard()
    view = state.view(0, dealer.knowledge[0])
    legal = tuple(state.legal_moves(0, dealer.knowledge[0]))
    snap = SimpleNamespace(legal=legal, view=view, names=("Аня", "Борис"), game="thousand",
                           options={}, seat=0)  # fmt: skip
    typed = iter(["3", "0", "10", "4"])

    class Keys:
        async def line(self) -> str:
            return next(typed)

    move = trio.run(choose, snap, "ru", Keys())
    pos = {c.symbol: p for p, c in view.hand}
    assert move in legal and set(move.positions) == {pos["A♦"], pos["9♥"]}
    out = capsys.readouterr().out.split("\n")
    assert out[2:5] == ["  1. К♠", "  2. 10♠", "  3. Т♠"] and "  13. " not in "\n".join(out)
    assert out[14] == "ваш ход (1-12): Вторая карта в снос (вместе с Т♠):"
    assert out[15:17] == ["  1. К♠", "  2. 10♠"] and out[26] == "  0. назад"
