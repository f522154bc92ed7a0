"""Thousand (Тысяча): rules engine, moves and bots.

Rules: ``../shared/rules/thousand.ru.txt``; in our words with every option:
``docs/rules/thousand.md``.
"""

from p2pcards.games._state import GameInfo, Option
from p2pcards.games.thousand._moves import Bid, GiveCards, Pass, Play
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
from p2pcards.games.thousand._state import (
    SheetRow,
    ThousandState,
    ThousandView,
    deal_order,
    scoring_rules,
)
from p2pcards.games.thousand.bots import BOTS, basic_bot

_SCORE = "Запись, бочка и болты"

GAME: GameInfo[ThousandState] = GameInfo(
    name="thousand",
    title={"en": "Thousand", "ru": "Тысяча"},
    min_seats=3,
    max_seats=3,
    default_seats=3,
    options=(
        Option(
            "target",
            1000,
            "score that wins the game",
            "Запись, бочка и болты; Играют до 1000 или до 1001",
            choices=(1000, 1001),
        ),
        Option(
            "barrel",
            880,
            "barrel threshold: a score reaching it stops there (0: no barrel)",
            "Запись, бочка и болты; Со скольких очков начинается бочка",
            low=0,
            high=995,
        ),
        Option(
            "barrel_bid",
            0,
            "bid needed to leave the barrel upward (0: automatic, 120 for 1000, 125 for 1001)",
            _SCORE,
            low=0,
            high=400,
        ),
        Option("barrel_tries", 3, "hands allowed on the barrel", _SCORE, low=1, high=10),
        Option("barrel_penalty", 120, "points lost after the last try", _SCORE, low=0, high=1000),
        Option("bolts", 3, "bolts (hands without a trick) per penalty", _SCORE, low=1, high=10),
        Option("bolt_penalty", 120, "points lost for those bolts", _SCORE, low=0, high=1000),
        Option(
            "bolts_in_row",
            True,
            "only bolts in consecutive hands count (false: every bolt counts)",
            _SCORE,
        ),
        Option(
            "declarer_scores",
            "taken",
            "a declarer who made its bid scores what it took ('taken') or the bid ('bid')",
            "Запись, бочка и болты (Победитель торгов получает набранное)",
            choices=("taken", "bid"),
        ),
        Option(
            "compare",
            "raw",
            "compare the bid with the declarer's unrounded ('raw') or rounded total",
            "Запись, бочка и болты (Счёт округляют до пяти)",
            choices=("raw", "rounded"),
        ),
        Option(
            "show_talon",
            "contested",
            "talon shown to all after a contested auction; 'always' or 'never' shown",
            "Спорные моменты: Что делать, если на торгах все спасовали",
            choices=("contested", "always", "never"),
        ),
        Option(
            "four_aces",
            False,
            "four aces declared like a marriage score 200 (no trump change)",
            "Марьяжи и смена козыря (Четыре туза, по договорённости)",
        ),
        Option(
            "marriage_first_trick",
            True,
            "a marriage may be declared on the first trick of a hand",
            "Марьяжи и смена козыря (silent; some tables forbid it)",
        ),
        Option(
            "max_hands",
            100,
            "safety cap: the game stops after this many hands (highest score wins)",
            "not in the rules: keeps simulations bounded",
            low=1,
            high=100_000,
        ),
    ),
    move_types=(Bid, Pass, GiveCards, Play),
    state_class=ThousandState,
    rules_file="thousand.ru.txt",
    bots=BOTS,
)

__all__ = [
    "GAME",
    "MARRIAGE_POINTS",
    "Bid",
    "GiveCards",
    "Pass",
    "Play",
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
    "points",
    "round5",
    "scoring_rules",
    "settle",
    "thousand_deck",
    "trick_winner",
]
