"""Akulina (Акулина, Russian Old Maid): rules engine, moves and bots.

Rules: the Russian rules text ``akulina.ru.txt`` (the spec, kept with the design
brief, not in this repository); in our words with every option:
``docs/rules/akulina.md``.
"""

from p2pcards.games._forfeit import table_options
from p2pcards.games._state import GameInfo, Option
from p2pcards.games.akulina._moves import Discard, Draw
from p2pcards.games.akulina._sheet import ScoreSheetError, check, losses_text, parse_losses
from p2pcards.games.akulina._state import (
    QUEEN_OF_SPADES,
    AkulinaState,
    AkulinaView,
    akulina_deck,
    has_pair,
    pairable,
)
from p2pcards.games.akulina.bots import BOTS, basic_bot

GAME: GameInfo[AkulinaState] = GameInfo(
    name="akulina",
    title={"en": "Akulina (Old Maid)", "ru": "Акулина"},
    min_seats=2,
    max_seats=8,
    default_seats=4,
    options=(
        Option(
            "deck",
            36,
            "deck size before a queen is removed",
            "Подготовка и раздача (32 and 52 from the author's description)",
            choices=(32, 36, 52),
        ),
        Option(
            "removed_queen",
            "diamonds",
            "which non-spade queen is set aside",
            "Подготовка и раздача",
            choices=("hearts", "diamonds", "clubs"),
        ),
        Option(
            "full_deck",
            False,
            "no queen removed; the loser ends with the queen of spades and another queen",
            "Вариант с полной колодой",
        ),
        Option(
            "hands",
            1,
            "hands in a series; one loss per hand is counted to its loser",
            "Кто проиграл и когда закончить (series)",
            low=1,
            high=10_000,
            help_ru="раздач в серии; каждому проигравшему раздачу пишется проигрыш",
        ),
        Option(
            "scores",
            "",
            "continue a series from a sheet: one [NAME=]LOSSES per seat in seat order, "
            "e.g. 'Аня=2,Борис=0,Вера=1,Дима=3' (empty: no losses); hands counts the "
            "hands still to play",
            "Кто проиграл и когда закончить (series)",
            help_ru="продолжить серию с записи: по месту [ИМЯ=]ПРОИГРЫШИ в порядке мест, "
            "например 'Аня=2,Борис=0,Вера=1,Дима=3'; hands — сколько раздач ещё сыграть",
        ),
        *table_options(),
    ),
    move_types=(Discard, Draw),
    state_class=AkulinaState,
    rules_file="akulina.ru.txt",
    bots=BOTS,
    check=check,
    scores_text=losses_text,
)

__all__ = [
    "GAME",
    "QUEEN_OF_SPADES",
    "AkulinaState",
    "AkulinaView",
    "Discard",
    "Draw",
    "ScoreSheetError",
    "akulina_deck",
    "basic_bot",
    "has_pair",
    "pairable",
    "parse_losses",
]
