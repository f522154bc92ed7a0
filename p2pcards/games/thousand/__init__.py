"""Thousand (Тысяча): rules engine, moves and bots.

Rules: the Russian rules text ``thousand.ru.txt`` (the spec, kept with the design
brief, not in this repository); in our words with every option:
``docs/rules/thousand.md``.
"""

from collections.abc import Mapping
from typing import Any

from p2pcards.games._forfeit import table_options
from p2pcards.games._state import GameInfo, Option
from p2pcards.games.thousand._moves import Bid, ChooseTalon, GiveCards, Pass, Play
from p2pcards.games.thousand._rules import (
    MARRIAGE_POINTS,
    ScoringRules,
    Standing,
    allowed_plays,
    bid_limit,
    hand_gains,
    marriages_in,
    points,
    round5,
    settle,
    thousand_deck,
    trick_winner,
)
from p2pcards.games.thousand._sheet import (
    ScoreSheetError,
    parse_scores,
    scores_text,
    starting_standings,
)
from p2pcards.games.thousand._state import (
    SheetRow,
    ThousandState,
    ThousandView,
    deal_order,
    scoring_rules,
)
from p2pcards.games.thousand.bots import BOTS, basic_bot

_SCORE = "Запись, бочка и болты"


def _check(seats: int, options: Mapping[str, Any]) -> None:
    """Cross-option checks: the barrel below the target; a ``scores`` sheet that fits."""
    scoring_rules(options)
    if options.get("scores"):
        parse_scores(str(options["scores"]), seats, options)


GAME: GameInfo[ThousandState] = GameInfo(
    name="thousand",
    title={"en": "Thousand", "ru": "Тысяча"},
    min_seats=2,
    max_seats=4,
    default_seats=3,
    options=(
        Option(
            "target",
            1000,
            "score that wins the game",
            "Запись, бочка и болты; Играют до 1000 или до 1001",
            choices=(1000, 1001),
            help_ru="сколько очков нужно для победы",
        ),
        Option(
            "barrel",
            880,
            "barrel threshold: a score reaching it stops there (0: no barrel)",
            "Запись, бочка и болты; Со скольких очков начинается бочка",
            low=0,
            high=995,
            help_ru="порог бочки: счёт, дошедший до него, на нём останавливается (0: без бочки)",
        ),
        Option(
            "barrel_bid",
            0,
            "bid needed to leave the barrel upward (0: automatic, 120 for 1000, 125 for 1001)",
            _SCORE,
            low=0,
            high=400,
            help_ru="заявка, с которой слезают с бочки вверх (0: сама, 120 до 1000, 125 до 1001)",
        ),
        Option(
            "barrel_exact",
            False,
            "only a made bid of exactly barrel_bid leaves the barrel (false: at least it)",
            "Запись, бочка и болты («взять кон с заявкой ровно на 120»)",
            help_ru="с бочки снимает только сыгранная заявка ровно barrel_bid (false: не меньше)",
        ),
        Option(
            "barrel_tries",
            3,
            "hands allowed on the barrel",
            _SCORE,
            low=1,
            high=10,
            help_ru="сколько конов можно сидеть на бочке",
        ),
        Option(
            "barrel_penalty",
            120,
            "points lost after the last try",
            _SCORE,
            low=0,
            high=1000,
            help_ru="штраф после последней попытки на бочке",
        ),
        Option(
            "bolts",
            3,
            "bolts (hands without a trick) per penalty",
            _SCORE,
            low=1,
            high=10,
            help_ru="сколько болтов (конов без взятки) дают штраф",
        ),
        Option(
            "bolt_penalty",
            120,
            "points lost for those bolts",
            _SCORE,
            low=0,
            high=1000,
            help_ru="штраф за эти болты",
        ),
        Option(
            "bolts_in_row",
            True,
            "only bolts in consecutive hands count (false: every bolt counts)",
            _SCORE,
            help_ru="считаются только болты подряд (false: все болты)",
        ),
        Option(
            "declarer_scores",
            "taken",
            "a declarer who made its bid scores what it took ('taken') or the bid ('bid')",
            "Запись, бочка и болты (Победитель торгов получает набранное)",
            choices=("taken", "bid"),
            help_ru="сыгравший заявку пишет набранное ('taken') или заявку ('bid')",
        ),
        Option(
            "compare",
            "raw",
            "compare the bid with the declarer's unrounded ('raw') or rounded total",
            "Запись, бочка и болты (Счёт округляют до пяти)",
            choices=("raw", "rounded"),
            help_ru="с заявкой сравнивают неокруглённый ('raw') или округлённый итог",
        ),
        Option(
            "rounding",
            "five",
            "scores are written rounded to 5 ('five') or as counted ('none')",
            "Запись, бочка и болты («Счёт округляют до пяти — так принято почти везде»)",
            choices=("five", "none"),
            help_ru="очки пишут с округлением до пяти ('five') или как есть ('none')",
        ),
        Option(
            "show_talon",
            "contested",
            "talon shown to all after a contested auction; 'always' or 'never' shown",
            "Спорные моменты: Что делать, если на торгах все спасовали",
            choices=("contested", "always", "never"),
            help_ru="прикуп показывают всем после торга ('contested'), всегда или никогда",
        ),
        Option(
            "four_aces",
            False,
            "four aces declared like a marriage score 200 (no trump change)",
            "Марьяжи и смена козыря (Четыре туза, по договорённости)",
            help_ru="четыре туза объявляют как марьяж за 200 (козырь не меняется)",
        ),
        Option(
            "marriage_first_trick",
            True,
            "a marriage may be declared on the first trick of a hand",
            "Марьяжи и смена козыря (silent; some tables forbid it)",
            help_ru="марьяж можно объявить на первой взятке кона",
        ),
        Option(
            "sitout_scores",
            "talon",
            "four seats: the dealer, who sits the hand out, scores the talon's card points "
            "('talon'), those plus a marriage in the talon ('talon_marriage') or nothing",
            "Что нужно для игры («есть варианты на двоих и четверых»); docs: Four seats",
            choices=("talon", "talon_marriage", "none"),
            help_ru="вчетвером: сдающий (на прикупе) пишет очки карт прикупа ('talon'), "
            "их и марьяж в прикупе ('talon_marriage') или ничего ('none')",
        ),
        Option(
            "scores",
            "",
            "start from a score sheet: one [NAME=]SCORE[/TRIES][bBOLTS] per seat in seat "
            "order, e.g. 'Аня=455,Борис=880/2,Вера=120b1' (empty: everyone at 0)",
            "Запись, бочка и болты (the running score sheet)",
            help_ru="начать с записи на бумаге: по месту [ИМЯ=]ОЧКИ[/ПОПЫТКИ][bБОЛТЫ] "
            "в порядке мест, например 'Аня=455,Борис=880/2,Вера=120b1' (пусто: у всех 0)",
        ),
        Option(
            "max_hands",
            100,
            "safety cap: the game stops after this many hands (highest score wins)",
            "not in the rules: keeps simulations bounded",
            low=1,
            high=100_000,
            help_ru="предохранитель: партия кончается после стольких конов (побеждает лучший)",
        ),
        *table_options(),
    ),
    move_types=(Bid, Pass, ChooseTalon, GiveCards, Play),
    state_class=ThousandState,
    rules_file="thousand.ru.txt",
    bots=BOTS,
    check=_check,
    scores_text=scores_text,
)

__all__ = [
    "GAME",
    "MARRIAGE_POINTS",
    "Bid",
    "ChooseTalon",
    "GiveCards",
    "Pass",
    "Play",
    "ScoreSheetError",
    "ScoringRules",
    "SheetRow",
    "Standing",
    "ThousandState",
    "ThousandView",
    "allowed_plays",
    "basic_bot",
    "bid_limit",
    "deal_order",
    "hand_gains",
    "marriages_in",
    "parse_scores",
    "points",
    "round5",
    "scores_text",
    "scoring_rules",
    "settle",
    "starting_standings",
    "thousand_deck",
    "trick_winner",
]
