"""Sunduchki's terminal screen and question builder (sunduchki.ru.txt): the hand by
rank, chests per seat, the stock, the question history, and a builder that offers only
legal questions and then asks the planned count and suits by itself."""

from __future__ import annotations

from p2pcards.cards import Rank, Suit, parse_cards
from p2pcards.cli._tui import game_ui
from p2pcards.games import Decision, LocalDealer, RandomValue, load_game
from p2pcards.games.sunduchki import Answer, Ask, AskCount, AskSuits, SunduchkiState, scripted_deck
from tests.cli._tui_util import NAMES, screen, scripted_seat

N3 = NAMES[:3]
HANDS = ["QS QH 9D 6C", "QD QC 7S 8H", "KS KH KD 10C"]


def _settle(state: SunduchkiState, d: LocalDealer, upto: int) -> None:
    """Run the dealer and every truthful answer / declaration until seat ``upto`` must
    ask or follow up its own question."""
    while True:
        if d.answer() is not None:
            continue
        need = state.need()
        assert isinstance(need, Decision)
        if need.seat == upto and state.phase in ("ask", "count", "suits"):
            return
        d.apply(state.legal_moves(need.seat, d.knowledge[need.seat])[0])


def _start() -> tuple[SunduchkiState, LocalDealer]:
    state: SunduchkiState = load_game("sunduchki", seats=3).new_state()
    deck = scripted_deck(3, 2, [parse_cards(h) for h in HANDS], parse_cards("9C"))
    d = LocalDealer(state, decks=[deck])
    d.apply(RandomValue(2))  # Vera deals; Anna, on her left, asks first
    _settle(state, d, 0)
    return state, d


def test_question_builder_offers_only_legal_questions() -> None:
    state, d = _start()
    view = state.view(0, d.knowledge[0])
    legal = state.legal_moves(0, d.knowledge[0])
    ui = game_ui("sunduchki", "en")
    menu = ui.menu(view, legal, N3)
    assert menu.title == "Whom do you ask?"
    assert menu.labels() == ["Boris (4 cards)", "Vera (4 cards)"]
    ranks = menu.choices[0].menu
    assert ranks is not None and ranks.title == "Ask Boris about:"
    assert ranks.labels() == ["sixes (you hold 1)", "nines (you hold 1)", "queens (you hold 2)"]
    counts = ranks.choices[2].menu
    assert counts is not None and counts.labels() == ["exactly 1", "exactly 2"]
    one, two = (c.menu for c in counts.choices)
    assert one is not None and one.labels() == [
        "♦ (diamonds)",
        "♣ (clubs)",
    ]  # never a suit you hold
    assert two is not None and two.labels() == ["♦ ♣ (diamonds, clubs)"]
    assert set(menu.moves()) == set(legal)
    ru = game_ui("sunduchki", "ru").menu(view, legal, N3)
    assert ru.title == "Кого спросить?" and ru.labels() == ["Boris (4 карты)", "Vera (4 карты)"]
    ru_ranks = ru.choices[0].menu
    assert ru_ranks is not None and ru_ranks.labels()[2] == "дамы (у вас 2)"


def test_planned_question_is_asked_through_and_the_chest_shown() -> None:
    state, d = _start()
    seat = scripted_seat("sunduchki", ["1", "3", "2", "1"])
    view = state.view(0, d.knowledge[0])
    move = seat.choose_sync(view, state.legal_moves(0, d.knowledge[0]), N3)
    assert move == Ask(0, 1, Rank.QUEEN)
    d.apply(move)
    _settle(state, d, 0)
    # question 2 and 3 come from the plan, with no prompt
    for expected in (AskCount(0, 2), AskSuits(0, (Suit.DIAMONDS, Suit.CLUBS))):
        view = state.view(0, d.knowledge[0])
        got = seat.choose_sync(view, state.legal_moves(0, d.knowledge[0]), N3)
        assert got == expected
        d.apply(got)
        _settle(state, d, 0)
    printed = seat.console.export_text()
    assert "→ exactly 2 queens?" in printed
    assert "→ the suits ♦ ♣ (diamonds, clubs)?" in printed
    view = state.view(0, d.knowledge[0])
    out = screen(seat.ui, view, N3)
    for line in (
        "Anna → Boris: do you have queens?",
        "Boris: yes",
        "Anna: exactly 2?",
        "Anna: suits ♦ ♣ (diamonds, clubs)?",
        "Boris: yes, hands over Q♦ Q♣",
        "You set aside a chest: Q♠ Q♥ Q♦ Q♣",  # the viewer in the second person
    ):
        assert line in out
    assert "6: 6♣   9: 9♦" in out  # the hand grouped by rank
    anna = next(line for line in out.splitlines() if "Anna" in line and "→" not in line)
    assert anna.split()[-3:] == ["2", "1", "Q"]  # cards, chests, the chest's rank
    assert "Cards in the stock: 24" in out  # 36 - 3 × 4: nobody drew
    ru = screen(game_ui("sunduchki", "ru"), view, N3)
    assert "Anna → Boris: есть дамы?" in ru and "Boris: да, отдаёт Д♦ Д♣" in ru


def test_answer_screen_and_a_wrong_guess_drops_the_plan() -> None:
    state, d = _start()
    seat = scripted_seat("sunduchki", ["2", "3", "1", "1"])  # Vera, queens, 1, diamonds
    move = seat.choose_sync(state.view(0, d.knowledge[0]), state.legal_moves(0, d.knowledge[0]), N3)
    assert move == Ask(0, 2, Rank.QUEEN)
    d.apply(move)
    while d.answer() is not None:
        pass
    vera = state.view(2, d.knowledge[2])
    ui = game_ui("sunduchki", "en")
    out = screen(ui, vera, N3)
    assert "Answer Anna" in out
    assert "Question: Anna → Vera: queens?" in out
    legal = state.legal_moves(2, d.knowledge[2])
    assert legal == [Answer(2, False)]
    assert ui.describe(legal[0], vera, N3) == "no"
    assert game_ui("sunduchki", "ru").describe(legal[0], vera, N3) == "нет"
    d.apply(legal[0])
    while d.answer() is not None:
        pass
    assert "You draw a card" in screen(ui, state.view(0, d.knowledge[0]), N3)
    assert "Anna draws a card" in screen(ui, state.view(1, d.knowledge[1]), N3)


def test_question_texts_en_and_ru() -> None:
    state, d = _start()
    view = state.view(0, d.knowledge[0])
    en, ru = game_ui("sunduchki", "en"), game_ui("sunduchki", "ru")
    ask = Ask(0, 1, Rank.QUEEN)
    assert en.describe(ask, view, N3) == "ask Boris: do you have queens?"
    assert ru.describe(ask, view, N3) == "спросить игрока Boris: есть дамы?"
    suits = AskSuits(0, (Suit.DIAMONDS, Suit.CLUBS))
    assert ru.describe(suits, view, N3) == "масти ♦ ♣ (бубны, трефы)?"
    assert en.describe(Answer(1, True, (5, 6), tuple(parse_cards("QD QC"))), view, N3) == (
        "yes, hand over Q♦ Q♣"
    )
    assert ru.describe(Answer(1, True), view, N3) == "да"
    assert en.history_line(ask, view, N3) == ""  # shown from the game's own history
