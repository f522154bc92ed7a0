"""Sunduchki (Сундучки, a Go Fish with three questions): rules engine, moves and bots.

Rules: the Russian rules text ``sunduchki.ru.txt`` (the spec, kept with the design
brief, not in this repository); in our words with every option:
``docs/rules/sunduchki.md``.
"""

from p2pcards.games._forfeit import table_options
from p2pcards.games._state import GameInfo, Option
from p2pcards.games.sunduchki._history import Note
from p2pcards.games.sunduchki._moves import Answer, Ask, AskCount, AskSuits, Challenge, SetAside
from p2pcards.games.sunduchki._state import HAND, SunduchkiState, scripted_deck, sunduchki_deck
from p2pcards.games.sunduchki._view import Request, SunduchkiView
from p2pcards.games.sunduchki.bots import BOTS, basic_bot

GAME: GameInfo[SunduchkiState] = GameInfo(
    name="sunduchki",
    title={"en": "Sunduchki (Chests)", "ru": "Сундучки"},
    min_seats=2,
    max_seats=6,
    default_seats=4,
    options=(
        Option(
            "deck",
            36,
            "deck size: 36 cards (9 chests) or 52 (13 chests)",
            "Другие варианты (52 cards)",
            choices=(36, 52),
        ),
        Option(
            "questions",
            "three",
            "three: rank, exact count, exact suits; one: naming a rank takes every such card",
            "Ход: три вопроса по порядку; Другие варианты (Aurabox)",
            choices=("three", "one"),
        ),
        Option(
            "ask",
            "any",
            "whom to ask: any opponent with cards, or the left neighbour while the stock lasts",
            "О чём договориться; Другие варианты (Add-Hobby)",
            choices=("any", "left"),
        ),
        Option(
            "after_success",
            "any",
            "after a success: ask anyone, or keep asking the same opponent",
            "О чём договориться; Другие варианты (NastolnieIgri)",
            choices=("any", "same"),
        ),
        Option(
            "empty_hand",
            "wait",
            "an empty hand draws one card at the start of its next turn and that turn ends "
            "('wait', ours), or draws at once on its own turn and goes on asking ('draw_on')",
            "Пустая рука и конец партии («в этом варианте нельзя»); Другие варианты",
            choices=("wait", "draw_on"),
            help_ru="пустая рука берёт карту в начале своего следующего хода, и ход кончается "
            "('wait', наш вариант), или берёт сразу в свой ход и продолжает спрашивать "
            "('draw_on')",
        ),
        Option(
            "show_chests",
            "open",
            "a chest is shown to everyone when set aside ('open', ours) or set aside face "
            "down and shown when the game ends ('end')",
            "О чём договориться («Собранные четвёрки показывают для проверки»); Другие "
            "варианты (показ собранных четвёрок)",
            choices=("open", "end"),
            help_ru="сундучок показывают всем, когда откладывают ('open', наш вариант), или "
            "откладывают рубашкой вверх и показывают в конце партии ('end')",
        ),
        Option(
            "max_moves",
            20_000,
            "safety cap: the game ends after this many moves (chests counted as they are)",
            "(not in the text: a bound against endless games)",
            low=1,
            high=10_000_000,
        ),
        *table_options(),
    ),
    move_types=(Ask, AskCount, AskSuits, Answer, SetAside, Challenge),
    state_class=SunduchkiState,
    rules_file="sunduchki.ru.txt",
    bots=BOTS,
)

__all__ = [
    "GAME",
    "HAND",
    "Answer",
    "Ask",
    "AskCount",
    "AskSuits",
    "Challenge",
    "Note",
    "Request",
    "SetAside",
    "SunduchkiState",
    "SunduchkiView",
    "basic_bot",
    "scripted_deck",
    "sunduchki_deck",
]
