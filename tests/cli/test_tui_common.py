"""The shared terminal UI parts: choice parsing, card colours, the waiting line, input
validation in TerminalSeat (sync and in trio), and errors for unknown games."""

from __future__ import annotations

import threading

import pytest
import trio

from p2pcards.cards import parse_card
from p2pcards.cli._tui import (
    Choice,
    Menu,
    Quit,
    TerminalSeat,
    card_text,
    cards_text,
    game_ui,
    parse_choice,
    waiting_text,
)
from p2pcards.cli._tui._pager import tables_as_lists
from p2pcards.games import LocalDealer, load_game
from p2pcards.games.akulina import Discard, Draw
from tests.cli._tui_util import NAMES, console, drive, scripted_seat

MENU = Menu("Choose a move:", (Choice("a"), Choice("b"), Choice("c")))


def test_parse_choice_numbers() -> None:
    assert parse_choice("2", MENU, "en", False) == 1
    assert parse_choice(" 3) ", MENU, "en", False) == 2
    assert parse_choice("1.", MENU, "en", False) == 0
    assert parse_choice("q", MENU, "en", False) == "quit"
    assert parse_choice("0", MENU, "en", True) == "back"


def test_parse_choice_errors_en() -> None:
    assert parse_choice("", MENU, "en", False) == "!Type the number of your choice (1-3)."
    assert parse_choice("7", MENU, "en", False) == (
        "!There is no choice 7: type a number from 1 to 3."
    )
    assert parse_choice("0", MENU, "en", False) == (
        "!There is no choice 0: type a number from 1 to 3."
    )
    assert parse_choice("x", MENU, "en", True) == (
        "!'x' is not a number: type 1-3, 0 to go back, ? for the rules, q to quit."
    )


def test_parse_choice_errors_ru() -> None:
    assert parse_choice("", MENU, "ru", False) == "!Введите номер варианта (1-3)."
    assert parse_choice("9", MENU, "ru", False) == "!Варианта 9 нет: введите число от 1 до 3."
    assert (
        parse_choice("да", MENU, "ru", False)
        == "!«да» — не номер: введите 1-3, ? — правила, q — выход."
    )


def test_card_colours() -> None:
    assert card_text(parse_card("QH")).style == "bold red"
    assert card_text(parse_card("10d")).style == "bold red"
    assert card_text(parse_card("QS")).style == "bold"
    assert card_text(parse_card("AC")).style == "bold"
    t = cards_text([parse_card("9s"), parse_card("kh")])
    assert t.plain == "9♠ K♥"
    assert [(s.start, s.end, s.style) for s in t.spans] == [(0, 2, "bold"), (3, 5, "bold red")]


def test_waiting_line() -> None:
    assert waiting_text("en", "Boris", 12.7).plain == "waiting for Boris… 12 s"
    assert waiting_text("ru", "Борис", 3.2).plain == "ждём: Борис… 3 с"
    assert waiting_text("en", "Vera", -1).plain == "waiting for Vera… 0 s"


def test_unknown_game_ui() -> None:
    with pytest.raises(ValueError, match="no presenter for the game 'poker'"):
        game_ui("poker")


def _akulina_draw_point() -> tuple[object, list[object]]:
    state = load_game("akulina", seats=3).new_state()
    dealer = LocalDealer.seeded(state, 4)
    drive(state, dealer, lambda st, s: s == 0 and st.phase == "draw")
    legal = state.legal_moves(0, dealer.knowledge[0])
    return state.view(0, dealer.knowledge[0]), legal


def test_choose_sync_reprompts_on_bad_input() -> None:
    view, legal = _akulina_draw_point()
    assert all(isinstance(m, Draw) for m in legal) and len(legal) > 2
    seat = scripted_seat("akulina", ["", "abc", "99", "2"])
    move = seat.choose_sync(view, legal, NAMES)  # type: ignore[arg-type]
    assert move == legal[1]
    out = seat.console.export_text()
    n = len(legal)
    assert "Type the number of your choice" in out
    assert "'abc' is not a number" in out
    assert f"There is no choice 99: type a number from 1 to {n}." in out


def test_choose_sync_quit_and_eof() -> None:
    view, legal = _akulina_draw_point()
    with pytest.raises(Quit):
        scripted_seat("akulina", ["q"]).choose_sync(view, legal, NAMES)  # type: ignore[arg-type]
    with pytest.raises(Quit):
        scripted_seat("akulina", ["x"]).choose_sync(view, legal, NAMES)  # type: ignore[arg-type]


def test_choose_sync_single_move_is_played_at_once() -> None:
    view, _ = _akulina_draw_point()
    only = Discard(0, (), ())
    seat = scripted_seat("akulina", [])
    assert seat.choose_sync(view, [only], NAMES) == only  # type: ignore[arg-type]
    assert "→ no pair to discard" in seat.console.export_text()
    asks = scripted_seat("akulina", ["1"], auto_single=False)
    assert asks.choose_sync(view, [only], NAMES) == only  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        seat.choose_sync(view, [], NAMES)  # type: ignore[arg-type]


async def test_choose_in_trio_keeps_other_tasks_running() -> None:
    # the input blocks until another trio task has run five times: choose() must not
    # block the event loop while the player thinks
    view, legal = _akulina_draw_point()
    ticks = 0
    release = threading.Event()
    lines = iter(["3"])

    def read(prompt: str) -> str:
        release.wait(5)
        return next(lines)

    seat = TerminalSeat("akulina", "en", console=console(), read=read, clear=False)

    async def ticker() -> None:
        nonlocal ticks
        while ticks < 5:
            ticks += 1
            await trio.sleep(0.001)
        release.set()

    got = []
    async with trio.open_nursery() as n:
        n.start_soon(ticker)

        async def chooser() -> None:
            got.append(await seat.choose(view, legal, NAMES))  # type: ignore[arg-type]

        n.start_soon(chooser)
    assert ticks == 5
    assert got == [legal[2]]


def _prompted_seat(game: str, lines: list[str], lang: str = "en") -> tuple[TerminalSeat, list[str]]:
    """A seat reading ``lines`` (EOFError after the last) on an 80x24 console, and the
    prompts it asked with."""
    prompts: list[str] = []
    it = iter(lines)

    def read(prompt: str) -> str:
        prompts.append(prompt)
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    seat = TerminalSeat(game, lang, console=console(80), read=read, clear=False)
    seat.console.height = 24
    return seat, prompts


def test_question_mark_shows_the_keys_and_the_rules_a_screen_at_a_time() -> None:
    assert parse_choice("?", MENU, "en", False) == "help"
    assert parse_choice("правила", MENU, "ru", True) == "help"
    view, legal = _akulina_draw_point()
    # ? shows the first screen; Enter the second; q goes back to the menu; 2 picks
    seat, prompts = _prompted_seat("akulina", ["?", "", "q", "2"])
    assert seat.choose_sync(view, legal, NAMES) == legal[1]  # type: ignore[arg-type]
    out = seat.console.export_text()
    assert prompts[0] == "choice> " and prompts[3] == "choice> "
    assert prompts[1].startswith("— page 1 of ") and prompts[2].startswith("— page 2 of ")
    assert prompts[1].endswith("0 or q, then Enter, goes back to the game —> ")
    lines = out.splitlines()
    keys = next(i for i, x in enumerate(lines) if x.startswith("Keys: a number picks a choice"))
    assert lines[keys + 1].strip() == "game."  # (wrapped at 80 columns) then an empty line
    assert lines[keys + 2].strip() == ""
    assert "Akulina (Акулина) — the rules as p2pcards plays them" in lines[keys + 3]  # the title
    assert "Deck and deal («Подготовка и раздача»)" in out  # its first section
    assert "Stalls and forfeits" not in out  # not reached: the player went back
    assert "is not a number" not in out
    assert out.count("Your move") >= 2 or out.count(" 1) ") >= 2  # the menu shown again


def test_the_rules_pager_reads_to_the_end_and_ctrl_d_leaves() -> None:
    from rich.text import Text

    from p2pcards.cli._tui._pager import page
    from p2pcards.ui import Texts

    prompts: list[str] = []
    c = console(80)
    lines = Text("\n".join(f"line {i}" for i in range(1, 101)))
    assert page(c, lambda p: prompts.append(p) or "", lines, Texts("en"), height=40) is True
    assert prompts == [
        "— page 1 of 3: Enter shows the next one; 0 or q, then Enter, goes back to the game —> ",
        "— page 2 of 3: Enter shows the next one; 0 or q, then Enter, goes back to the game —> ",
    ]  # no prompt after the last screen
    assert c.export_text().splitlines() == [f"line {i}" for i in range(1, 101)]
    view, legal = _akulina_draw_point()
    seat, _ = _prompted_seat("akulina", ["?"])  # the input ends inside the rules
    with pytest.raises(Quit):
        seat.choose_sync(view, legal, NAMES)  # type: ignore[arg-type]


TITLES = {
    ("akulina", "en"): ("Akulina (Акулина) — the rules as p2pcards plays them", "Deck and deal"),
    ("akulina", "ru"): ("Акулина — правила, как их играет p2pcards", "Колода и раздача"),
    ("101", "en"): ("101 (Сто одно) — the rules as p2pcards plays them", "Deck and deal"),
    ("101", "ru"): ("101 (Сто одно) — правила, как их играет p2pcards", "Колода и раздача"),
    ("sunduchki", "en"): ("Sunduchki (Сундучки) — the rules as p2pcards plays", "Chests and deck"),
    ("sunduchki", "ru"): ("Сундучки — правила, как их играет p2pcards", "Сундучки и колода"),
    ("thousand", "en"): ("Thousand (Тысяча) — the rules as p2pcards plays them", "Deck and card"),
    ("thousand", "ru"): ("Тысяча — правила, как их играет p2pcards", "Колода и стоимость карт"),
}
"""The title and first section of each rules page, per game and language."""


@pytest.mark.parametrize(("game", "lang"), sorted(TITLES))
def test_the_terminal_shows_no_table_and_every_option(game: str, lang: str) -> None:
    """What the terminal renders (cheap: without rendering): the title, the first section,
    every option of the game and no table (whose cells 80 columns would cut)."""
    from p2pcards.games import game_info
    from p2pcards.ui import presenter

    text = tables_as_lists(presenter(game, lang).rules_text())
    title, section = TITLES[game, lang]
    assert text.startswith("# " + title) and f"\n## {section}" in text
    assert [x for x in text.splitlines() if x.lstrip().startswith("|")] == []
    assert [o.name for o in game_info(game).options if f"`{o.name}`" not in text] == []


@pytest.mark.parametrize(("game", "lang"), [("101", "ru"), ("thousand", "ru")])  # the widest
def test_question_mark_shows_the_page_of_the_language_with_every_option_whole(
    game: str, lang: str
) -> None:
    from p2pcards.games import game_info
    from p2pcards.ui import presenter
    from p2pcards.ui._rules import rules_document

    p = presenter(game, lang)
    assert p.rules_text() == rules_document(game, lang)
    seat, prompts = _prompted_seat(game, [], lang)
    assert seat.show_rules(height=100_000) is True  # one screen: no prompt
    assert prompts == []
    out = seat.console.export_text()
    assert " ".join(out.split()).startswith(p.keys_text())  # (wrapped at 80 columns)
    title, section = TITLES[game, lang]
    assert out.index(title) < out.index(section)
    # at 80 columns no table cell is cut: every option of the game is there whole
    words = set(out.replace(",", " ").replace(":", " ").split())
    assert [o.name for o in game_info(game).options if o.name not in words] == []


def test_the_rules_in_russian_page_with_russian_keys_and_prompt() -> None:
    seat, prompts = _prompted_seat("akulina", ["q"], "ru")
    assert seat.ui.p.keys_text() == (
        "Клавиши: номер выбирает вариант, 0 — назад, ? — эти правила, q — выйти из игры."
    )
    assert seat.show_rules() is False
    assert len(prompts) == 1 and prompts[0].startswith("— страница 1 из ")
    # the pager reads a line: q alone does nothing until Enter, and the prompt says so
    assert prompts[0].endswith("0 или q, затем Enter — назад к игре —> ")
    lines = [x.strip() for x in seat.console.export_text().splitlines()]
    keys = next(i for i, x in enumerate(lines) if x.startswith("Клавиши: номер"))
    # an empty line between the keys and the title (they ran together, issue 15)
    assert lines[keys + 1] == "" and "Акулина — правила, как их играет p2pcards" in lines[keys + 2]
    # the note on the other language is a paragraph of its own, not run into the rules
    note = next(i for i, x in enumerate(lines) if x.startswith("По-английски: akulina.md"))
    assert lines[note + 1].endswith("языка).") and lines[note + 2] == ""
    assert lines[note + 3].startswith("Избавьтесь от карт парами")


def test_tables_become_lists_so_a_narrow_terminal_cuts_no_cell() -> None:
    text = (
        "Intro\n\n| option | default | what |\n|---|---|---|\n| `deck` | 36 | the deck |\n"
        "| `x` |  | y |\n\n| what | how |\n|---|---|\n| deal | private |\nEnd\n"
    )
    assert tables_as_lists(text) == (
        "Intro\n\n- `deck`: default: 36; what: the deck\n- `x`: what: y\n\n- deal — private\nEnd\n"
    )
