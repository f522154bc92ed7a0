"""101 (Сто одно): the shedding game with sixes, sevens, aces, the king of spades and
wild queens; rules engine, moves and bots.

Rules: the Russian rules text ``sto-odno.ru.txt`` (the spec, kept with the design
brief, not in this repository); in our words with every option:
``docs/rules/101.md``.
"""

from collections.abc import Mapping
from typing import Any

from p2pcards.games._forfeit import table_options
from p2pcards.games._state import GameInfo, Option
from p2pcards.games.sto_odno._moves import Announce, Catch, Draw, Pass, Play, TakePenalty
from p2pcards.games.sto_odno._rules import (
    KING_OF_SPADES,
    QUEEN_OF_HEARTS,
    Requirement,
    sto_odno_deck,
)
from p2pcards.games.sto_odno._scoring import (
    LIMIT,
    ScoreSheetError,
    card_points,
    finish_bonus,
    hand_points,
    lost,
    new_score,
    parse_totals,
    queen_points,
    totals_text,
)
from p2pcards.games.sto_odno._state import StoOdnoState, StoOdnoView
from p2pcards.games.sto_odno.bots import BOTS, basic_bot

_H = "Домашние варианты: что меняют перед новой партией"
_AGREE = "Домашние варианты (Число карт на руке, старт из руки или из колоды, обычный добор, "
_SERIES = "Что отдельно оговорено для этого разбора (ИграФан: «более 101» и «101 или более»)"
_CALL = "Спорные моменты: Обязательно ли говорить «Сто одно» перед последней картой?"


def _check(seats: int, options: Mapping[str, Any]) -> None:
    """A ``scores`` sheet must fit the seats and the series options."""
    if options.get("scores"):
        parse_totals(str(options["scores"]), seats, options)


GAME: GameInfo[StoOdnoState] = GameInfo(
    name="101",
    title={"en": "101 (One Hundred and One)", "ru": "Сто одно"},
    min_seats=2,
    max_seats=4,
    default_seats=4,
    options=(
        Option("cards", 5, "cards dealt to each player", _H + " (Magic Board)", low=4, high=6),
        Option(
            "deck",
            36,
            "36 cards (twos to fives removed) or 52 (kept, scored at face value)",
            _H + " (Magic Board)",
            choices=(36, 52),
        ),
        Option(
            "first_card",
            "any",
            "the starter's first card: any from its hand, or the last card dealt to it",
            _H + " (ИграФан)",
            choices=("any", "last_dealt"),
        ),
        Option(
            "six",
            "cover",
            "six: the player covers it itself (ours), or the next player draws one and "
            "misses its turn (Elvista)",
            "Особые карты выбранного варианта; " + _H + " (Elvista)",
            choices=("cover", "next_draws"),
        ),
        Option(
            "eight_continue",
            False,
            "eight: the player must play again on it (Elvista)",
            _H + " (Elvista)",
        ),
        Option(
            "eight_draw",
            True,
            "with eight_continue: draw one when you cannot continue (else just pass)",
            _H + " (Elvista)",
        ),
        Option(
            "eight_cover_last",
            True,
            "with eight_continue: a round cannot end on an eight",
            _H + " (Elvista)",
        ),
        Option("ten_reverse", False, "ten: reverses the direction of play (Elvista)", _H),
        Option(
            "king_spades_draw",
            5,
            "cards the king of spades makes the next player draw",
            "Особые карты выбранного варианта; " + _H + " (Elvista: 4 or 5)",
            choices=(4, 5),
        ),
        Option(
            "pass_penalty",
            False,
            "a six or seven penalty may be passed on with a card of its rank; it adds up",
            _H + " (Elvista: перевод)",
        ),
        Option(
            "hundred_to_fifty",
            False,
            "a total of exactly 100 becomes 50",
            "Счёт серии; " + _H + " (Elvista)",
        ),
        Option(
            "king_spades_points",
            4,
            "points of the king of spades left in hand (4, or 40)",
            _H + " (Elvista)",
            choices=(4, 40),
        ),
        Option("nine_zero", False, "a nine left in hand is worth 0", _H),
        Option(
            "queen_finish",
            True,
            "a round may end on a queen (off: the last card may not be a queen)",
            _H,
        ),
        Option("multi", False, "several cards of one rank may be played in one move", _H),
        Option(
            "recycle",
            "turn",
            "the empty stock is rebuilt by turning the discard pile over (public order) "
            "or by a fresh shuffle",
            "Что отдельно оговорено для этого разбора (shuffle: ours, not in the text)",
            choices=("turn", "shuffle"),
        ),
        Option(
            "start",
            "hand",
            "the first card: played by the starter from its hand (ours), or turned up from "
            "the stock ('deck'; its effect falls on the starter)",
            _AGREE + "…)",
            choices=("hand", "deck"),
            help_ru="первая карта: с руки начинающего (наш вариант) или открытая из колоды "
            "('deck'; её действие — на начинающего)",
        ),
        Option(
            "draw",
            "one",
            "with no card to play: draw one and the turn passes (ours), or draw until a "
            "card can be played and play it ('until_playable')",
            "Обычный ход («Добор до нужной карты — другой вариант»); " + _AGREE + "…)",
            choices=("one", "until_playable"),
            help_ru="нечем ходить: взять одну и передать ход (наш вариант) или брать, пока не "
            "найдётся подходящая ('until_playable')",
        ),
        Option(
            "lose_at",
            "above",
            "the series is lost above 101 (ours) or at 101 or more ('at_least'; then 101 is "
            "not reset)",
            _SERIES,
            choices=("above", "at_least"),
            help_ru="серия проиграна при счёте больше 101 (наш вариант) или 101 и больше "
            "('at_least'; тогда 101 не обнуляется)",
        ),
        Option(
            "reset_at_101",
            True,
            "a total of exactly 101 becomes 0 (off: it stays 101)",
            "Счёт серии: ровно 101 обнуляется («обнуление вынесено в настройку стола»)",
            help_ru="ровно 101 обнуляется (выкл.: остаётся 101)",
        ),
        Option(
            "announce_last",
            False,
            "say 'Сто одно' before the play that leaves you one card; the next other "
            "player to move may catch a forgotten call (announce_penalty cards)",
            _CALL,
            help_ru="говорить «Сто одно» перед ходом, после которого остаётся одна карта; "
            "забывшего ловит следующий ходящий (штраф announce_penalty карт)",
        ),
        Option(
            "announce_penalty",
            2,
            "with announce_last: cards drawn by a player caught without the call",
            _CALL,
            low=1,
            high=6,
            help_ru="при announce_last: сколько карт берёт пойманный без объявления",
        ),
        Option(
            "scores",
            "",
            "continue a series from a score sheet: one [NAME=]TOTAL per seat in seat "
            "order, e.g. 'Аня=40,Борис=-20,Вера=95' (empty: everyone at 0)",
            "Счёт серии (the running totals)",
            help_ru="продолжить серию с записи: по месту [ИМЯ=]СЧЁТ в порядке мест, "
            "например 'Аня=40,Борис=-20,Вера=95' (пусто: у всех 0)",
        ),
        Option(
            "max_rounds",
            1000,
            "safety cap: the series ends after this many deals; the highest score loses",
            "not in the text (a series must end)",
            low=1,
            high=1_000_000,
        ),
        Option(
            "max_moves",
            5000,
            "safety cap: a round with this many moves is redealt without scores",
            "not in the text (a round must end)",
            low=10,
            high=1_000_000,
        ),
        *table_options(),
    ),
    move_types=(Play, Draw, Pass, TakePenalty, Announce, Catch),
    state_class=StoOdnoState,
    rules_file="sto-odno.ru.txt",
    bots=BOTS,
    check=_check,
    scores_text=totals_text,
)

__all__ = [
    "GAME",
    "KING_OF_SPADES",
    "LIMIT",
    "QUEEN_OF_HEARTS",
    "Announce",
    "Catch",
    "Draw",
    "Pass",
    "Play",
    "Requirement",
    "ScoreSheetError",
    "StoOdnoState",
    "StoOdnoView",
    "TakePenalty",
    "basic_bot",
    "card_points",
    "finish_bonus",
    "hand_points",
    "lost",
    "new_score",
    "parse_totals",
    "queen_points",
    "sto_odno_deck",
    "totals_text",
]
