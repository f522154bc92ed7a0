"""101 (Сто одно): the shedding game with sixes, sevens, aces, the king of spades and
wild queens; rules engine, moves and bots.

Rules: ``../shared/rules/sto-odno.ru.txt``; in our words with every option:
``docs/rules/101.md``.
"""

from p2pcards.games._state import GameInfo, Option
from p2pcards.games.sto_odno._moves import Draw, Pass, Play, TakePenalty
from p2pcards.games.sto_odno._rules import (
    KING_OF_SPADES,
    QUEEN_OF_HEARTS,
    Requirement,
    sto_odno_deck,
)
from p2pcards.games.sto_odno._scoring import (
    LIMIT,
    card_points,
    finish_bonus,
    hand_points,
    lost,
    new_score,
    queen_points,
)
from p2pcards.games.sto_odno._state import StoOdnoState, StoOdnoView
from p2pcards.games.sto_odno.bots import BOTS, basic_bot

_H = "Домашние варианты: что меняют перед новой партией"

GAME: GameInfo[StoOdnoState] = GameInfo(
    name="101",
    title={"en": "101 (Sto odno)", "ru": "Сто одно"},
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
    ),
    move_types=(Play, Draw, Pass, TakePenalty),
    state_class=StoOdnoState,
    rules_file="sto-odno.ru.txt",
    bots=BOTS,
)

__all__ = [
    "GAME",
    "KING_OF_SPADES",
    "LIMIT",
    "QUEEN_OF_HEARTS",
    "Draw",
    "Pass",
    "Play",
    "Requirement",
    "StoOdnoState",
    "StoOdnoView",
    "TakePenalty",
    "basic_bot",
    "card_points",
    "finish_bonus",
    "hand_points",
    "lost",
    "new_score",
    "queen_points",
    "sto_odno_deck",
]
