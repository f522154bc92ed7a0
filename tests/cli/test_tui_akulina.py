"""Akulina's terminal screen and choices on a given deal (akulina.ru.txt)."""

from __future__ import annotations

import dataclasses

from p2pcards.cards import parse_cards
from p2pcards.cli._tui import game_ui
from p2pcards.games import LocalDealer, load_game
from p2pcards.games.akulina import AkulinaState, AkulinaView, Discard, Draw
from tests.cli._tui_util import NAMES, drive, screen, text_of

# Seat 0 (Anna) holds one pair (aces) and the queen of spades; Boris three pairs; Vera four.
HANDS = [
    parse_cards("AS AH QS QH 6H 7D 8S 9D 10C JC KH"),
    parse_cards("6S 6D 7S 8H 9S 10S JS QC KS AD 7H 8D"),
    parse_cards("6C 7C 8C 9H 9C 10H 10D JH JD KD KC AC"),
]
NAMES3 = NAMES[:3]


def _deal() -> list:
    # Dealer seat 0 deals from seat 1: position i goes to seat (1 + i) % 3.
    return [HANDS[(1 + i) % 3][i // 3] for i in range(35)]


def _at(phase: str) -> tuple[AkulinaState, LocalDealer]:
    state: AkulinaState = load_game("akulina", seats=3).new_state()
    dealer = LocalDealer(state, decks=[_deal()], hand_order=lambda s, ps, r: sorted(ps))
    drive(state, dealer, lambda st, s: s == 0 and st.phase == phase)
    return state, dealer


def test_screen_at_the_initial_discard_en() -> None:
    state, dealer = _at("initial")
    view = state.view(0, dealer.knowledge[0])
    ui = game_ui("akulina", "en")
    out = screen(ui, view, NAMES3, history=["Boris: discard 6♠ 6♦, 7♠ 7♥, 8♥ 8♦"])
    assert "6♥ 7♦ 8♠ 9♦ 10♣ J♣ Q♠ Q♥ K♥ A♠ A♥" in out
    assert "Discarded pairs (7)" in out
    assert "6♠ 6♦  7♠ 7♥  8♥ 8♦  9♥ 9♣  10♥ 10♦  J♥ J♦  K♦ K♣" in out
    table = out.split("Discarded pairs")[0].splitlines()[2:5]  # the seats table's rows
    assert [row.split()[-2:] for row in table] == [["(you)", "11"], ["Boris", "6"], ["Vera", "4"]]
    assert "Anna (you)" in table[0]
    assert "Your hand (11)" in out
    assert "Boris: discard 6♠ 6♦, 7♠ 7♥, 8♥ 8♦" in out
    assert "Your turn" in out
    legal = state.legal_moves(0, dealer.knowledge[0])
    assert ui.menu(view, legal, NAMES3).labels() == ["discard A♠ A♥"]
    assert game_ui("akulina", "ru").menu(view, legal, NAMES3).labels() == ["сбросить Т♠ Т♥"]


def test_hearts_and_diamonds_are_red_in_the_hand() -> None:
    state, dealer = _at("initial")
    view = state.view(0, dealer.knowledge[0])
    hand = game_ui("akulina").hand(view)
    styles = {hand.plain[s.start : s.end]: s.style for s in hand.spans}
    assert styles["6♥"] == styles["7♦"] == styles["A♥"] == "bold red"
    assert styles["8♠"] == styles["10♣"] == styles["Q♠"] == "bold"


def test_screen_and_choices_when_drawing_ru_and_en() -> None:
    state, dealer = _at("draw")
    view = state.view(0, dealer.knowledge[0])
    assert isinstance(view, AkulinaView) and view.holder == 2
    n = view.counts[2]
    assert n in (3, 5)  # Vera kept 4 cards and drew one from Boris (maybe pairing A♦ A♣)
    legal = state.legal_moves(0, dealer.knowledge[0])
    en = game_ui("akulina", "en")
    assert en.menu(view, legal, NAMES3).labels() == [
        f"take card {i} of {n} from Vera" for i in range(1, n + 1)
    ]
    ru = game_ui("akulina", "ru")
    assert ru.menu(view, legal, NAMES3).labels() == [
        f"взять карту {i} из {n} у игрока Vera" for i in range(1, n + 1)
    ]
    out = screen(en, view, NAMES3, waiting=None)
    assert "Vera's cards, face down: " + " ".join(f"[{i}]" for i in range(1, n + 1)) in out
    out_ru = screen(ru, view, NAMES3)
    assert "Карты игрока Vera рубашкой вверх: [1]" in out_ru
    assert "Ваш ход" in out_ru and "Сброшенные пары" in out_ru


def test_out_seats_and_others_turn() -> None:
    state, dealer = _at("draw")
    view = state.view(0, dealer.knowledge[0])
    view = dataclasses.replace(view, out=(False, True, False), drawer=2, holder=0)
    out = screen(game_ui("akulina"), view, NAMES3, waiting=("Vera", 7.5))
    boris = next(line for line in out.splitlines() if "Boris" in line)
    assert boris.split()[-1] == "out"
    assert "Vera takes a card from you" in out
    assert "waiting for Vera… 7 s" in out
    ru = screen(game_ui("akulina", "ru"), view, NAMES3, waiting=("Vera", 7.5))
    assert "вне игры" in next(line for line in ru.splitlines() if "Boris" in line)
    assert "ждём: Vera… 7 с" in ru


def test_describe_moves() -> None:
    state, dealer = _at("draw")
    view = state.view(0, dealer.knowledge[0])
    ui = game_ui("akulina", "en")
    pairs = Discard(0, (1, 2, 3, 4), tuple(parse_cards("KS 9H KH 9S")))
    assert ui.describe(pairs, view, NAMES3) == "discard 9♠ 9♥, K♠ K♥"
    assert ui.describe(Discard(0, (), ()), view, NAMES3) == "no pair to discard"
    assert game_ui("akulina", "ru").describe(Discard(0, (), ()), view, NAMES3) == "пары нет"
    assert ui.history_line(Draw(0, 2), view, NAMES3) == (
        f"You take card 3 of {view.counts[2]} from Vera"
    )


def test_series_sheet_only_with_several_hands() -> None:
    state, dealer = _at("draw")
    view = state.view(0, dealer.knowledge[0])
    assert game_ui("akulina", "en").sheet(view, NAMES3) is None
    view = dataclasses.replace(view, losses=(2, 0, 1))
    sheet = game_ui("akulina", "en", {"hands": 3}).sheet(view, NAMES3)
    text = text_of(sheet)
    assert "Losses in the series" in text
    assert [x for x in text.split() if x.isdigit()] == ["2", "0", "1"]


def test_lan_screen_shows_the_table_code_and_each_seats_fingerprint() -> None:
    """Issue 13 item 3: the table code in the title line, every seat's fingerprint (its
    first group) beside its name; offline screens have neither."""
    state, dealer = _at("initial")
    view = state.view(0, dealer.knowledge[0])
    fps = ["K7QX-3MAB-Z2LD-W4PE", "ABCD-EFGH-IJKL-MNOP", "QRST-UVWX-YZ23-4567"]
    for lang, label in (("en", "table code"), ("ru", "код стола")):
        out = screen(game_ui("akulina", lang), view, NAMES3, table_code="ZCQB D3IQ FAIP INZ7",
                     fingerprints=fps)  # fmt: skip
        assert f"{label} ZCQB D3IQ FAIP INZ7" in out.splitlines()[0]
        for name, fp in zip(NAMES3, fps, strict=True):
            assert any(name in line and f"[{fp[:4]}]" in line for line in out.splitlines())
    offline = screen(game_ui("akulina", "en"), view, NAMES3)
    assert "table code" not in offline and "[K7QX]" not in offline


def test_three_of_a_kind_is_one_choice_with_the_kept_card_behind_it() -> None:
    # a new user's first discard menu had 81 lines (every suit choice of 4 triples)
    from tests.games.test_akulina import DEAL3, answer_until_decision, start

    state, dealer = start(3, {1: DEAL3[1], 2: "6c 8h 8d 8c 9h 9d 9c Ks Kh Kd As Ah"})
    answer_until_decision(dealer)
    view = state.view(1, dealer.knowledge[1])
    legal = state.legal_moves(1, dealer.knowledge[1])
    assert len(legal) == 3  # which of the three sixes stays
    en = game_ui("akulina", "en").menu(view, legal, NAMES3)
    assert en.labels() == [
        "discard 6♠ 6♥, 7♠ 7♥ 7♦ 7♣, keep 6♦",
        "choose which card of each three of a kind stays",
    ]
    which = en.choices[1].menu
    assert which is not None and which.title == "6♠ 6♥ 6♦: which one stays?"
    assert which.labels() == ["keep 6♠", "keep 6♥", "keep 6♦"]
    assert set(map(repr, en.moves())) == set(map(repr, legal))
    ru = game_ui("akulina", "ru").menu(view, legal, NAMES3)
    assert ru.labels()[0] == "сбросить 6♠ 6♥, 7♠ 7♥ 7♦ 7♣, оставить 6♦"
    # seat 2 (after seat 1): three eights, nines and kings: 27 moves, menus of 2 and 3 lines
    state.apply(en.choices[0].move)  # type: ignore[arg-type]
    while state.phase == "open":
        dealer.answer()
    view2 = state.view(2, dealer.knowledge[2])
    legal2 = state.legal_moves(2, dealer.knowledge[2])
    assert len(legal2) == 27
    m2 = game_ui("akulina", "en").menu(view2, legal2, NAMES3)
    assert len(m2.choices) == 2 and m2.choices[0].label.endswith("keep 8♣ 9♣ K♦")
    sub = m2.choices[1].menu
    assert sub is not None and all(c.menu is not None for c in sub.choices)
    assert set(map(repr, m2.moves())) == set(map(repr, legal2))
