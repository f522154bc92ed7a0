"""101's terminal screen and choices (sto-odno.ru.txt): the top card and the named suit,
stock and discard sizes, series scores, who must draw and miss a turn, the round's score
sheet, and plays such as "play Q♠ and name hearts"."""

from __future__ import annotations

import dataclasses

from p2pcards.cards import Suit, parse_card, parse_cards
from p2pcards.cli._tui import game_ui
from p2pcards.games import LocalDealer, load_game
from p2pcards.games.sto_odno import Draw, Pass, Play, Requirement, StoOdnoView, TakePenalty
from tests.cli._tui_util import NAMES, drive, screen, text_of

N3 = NAMES[:3]
Q_S, SEVEN_H, NINE_C = parse_cards("QS 7H 9C")


def _view(**changes: object) -> StoOdnoView:
    state = load_game("101", seats=3).new_state()
    dealer = LocalDealer.seeded(state, 5)
    drive(state, dealer, lambda st, s: s == 0 and st.mode == "normal")
    view = state.view(0, dealer.knowledge[0])
    assert isinstance(view, StoOdnoView)
    base = dict(
        hand=((10, SEVEN_H), (11, Q_S), (12, NINE_C)),
        counts=(3, 4, 6),
        turn=0,
        mode="normal",
        top=parse_card("8H"),
        named=None,
        requirement=Requirement("normal", top=parse_card("8H")),
        stock=12,
        discard=9,
        known=((), (), ()),
        scores=(37, 24, 0),
        penalty=None,
        skipped=None,
        missed=None,
        penalized=None,
        sheet=None,
        losers=(),
        rebuilt=0,
    )
    base.update(changes)
    return dataclasses.replace(view, **base)  # type: ignore[arg-type]


def test_table_panel_en_and_ru() -> None:
    view = _view(penalty=(1, 2), skipped=1)
    out = screen(game_ui("101", "en"), view, N3)
    assert "Top card: 8♥" in out
    assert "Stock: 12   discard pile: 9" in out
    assert "Boris must draw 2 and misses a turn" in out
    assert "You may play: hearts, an eight or a queen" in out
    assert "7♥   Q♠   9♣" in out  # the hand, a gap between suits
    anna = next(line for line in out.splitlines() if "Anna" in line)
    assert anna.split()[-2:] == ["3", "37"]  # cards, series score
    ru = screen(game_ui("101", "ru"), view, N3)
    assert "Верхняя карта: 8♥" in ru and "Колода: 12   сброс: 9" in ru
    assert "Boris берёт 2 и пропускает ход" in ru
    assert "Можно положить: черви, восьмёрки или даму" in ru
    assert "раунд 1" in ru


def test_named_suit_missed_turn_and_penalty_drawn() -> None:
    view = _view(top=Q_S, named=Suit.CLUBS, missed=2, penalized=(2, 5), rebuilt=1)
    out = screen(game_ui("101", "en"), view, N3)
    assert "Top card: Q♠   named suit: ♣ clubs" in out
    assert "Vera drew 5 as a penalty" in out
    assert "Vera missed a turn" in out
    assert "(stock rebuilt 1×)" in out
    ru = screen(game_ui("101", "ru"), view, N3)
    assert "заказ: ♣ трефы" in ru and "Vera: штраф, 5 карт" in ru


def test_play_choices_in_hand_order_with_a_named_suit() -> None:
    view = _view()
    legal = [Play(0, (11,), (Q_S,), s) for s in Suit] + [Play(0, (10,), (SEVEN_H,), None)]
    assert game_ui("101", "en").menu(view, legal, N3).labels() == [
        "play 7♥",
        "play Q♠ and name spades",
        "play Q♠ and name hearts",
        "play Q♠ and name diamonds",
        "play Q♠ and name clubs",
    ]
    assert game_ui("101", "ru").menu(view, legal, N3).labels() == [
        "положить 7♥",
        "положить Д♠ и заказать пики",
        "положить Д♠ и заказать черви",
        "положить Д♠ и заказать бубны",
        "положить Д♠ и заказать трефы",
    ]


def test_draw_pass_and_penalty_texts() -> None:
    view = _view()
    en, ru = game_ui("101", "en"), game_ui("101", "ru")
    assert en.describe(Draw(0), view, N3) == "draw a card from the stock"
    assert ru.describe(Draw(0), view, N3) == "взять карту из колоды"
    assert en.describe(Pass(0), view, N3) == "pass (nothing to play or draw)"
    assert ru.describe(TakePenalty(0), view, N3) == "принять штраф"
    assert en.history_line(Draw(1), view, N3) == "Boris draws a card from the stock"


def test_round_score_sheet() -> None:
    left = [parse_cards("10H 10C JC KH AH"), parse_cards("6D 6C 9D QC"), []]
    sheet = {
        "round": 0,
        "winner": 2,
        "points": [37, 24, 0],
        "scores": [37, 24, 0],
        "hands": [[c.code for c in h] for h in left],
    }
    view = _view(sheet=sheet)
    text = text_of(game_ui("101", "en").sheet(view, N3))
    rows = [line for line in text.splitlines() if line.startswith("│")]
    assert "Round 1" in text
    assert [r.replace("│", " ").split() for r in rows] == [
        ["Anna", "10♥", "10♣", "J♣", "K♥", "A♥", "+37", "37"],
        ["Boris", "6♦", "6♣", "9♦", "Q♣", "+24", "24"],
        ["Vera", "(went", "out)", "0", "0"],
    ]
    redeal = _view(sheet={"round": 2, "redeal": "a full circle of passes"})
    assert text_of(game_ui("101", "en").sheet(redeal, N3)).strip() == (
        "Round 3: redeal, no scores (a full circle of passes)"
    )
    ru = text_of(game_ui("101", "ru").sheet(view, N3))
    assert "Раунд 1" in ru and "Vera (карты кончились)" in ru


def test_missed_turns_and_penalties_go_to_the_history_once() -> None:
    ui = game_ui("101", "en")
    view = _view(missed=2, penalized=(2, 2))
    assert ui.facts(view, N3) == ["Vera draws 2 (penalty)", "Vera misses a turn"]
    assert ui.facts(view, N3) == []  # said once
    later = _view(missed=1, discard=10)  # the next play: Boris misses his turn
    assert ui.facts(later, N3) == ["Boris misses a turn"]
    # the viewer's own penalty in the second person
    assert game_ui("101", "en").facts(_view(missed=2, penalized=(2, 2), seat=2), N3) == [
        "You draw 2 (penalty)",
        "You miss a turn",
    ]
    assert game_ui("101", "ru").facts(view, N3) == [
        "Vera берёт штрафом 2 карты",
        "Vera пропускает ход",
    ]
