"""101 scoring, with the worked examples of sto-odno.ru.txt ("Конец раунда",
"Счёт серии", "Спорные моменты")."""

from __future__ import annotations

import pytest

from p2pcards.cards import parse_cards
from p2pcards.games.sto_odno import card_points, finish_bonus, hand_points, lost, new_score


def pts(text: str, **kw: object) -> int:
    return hand_points(parse_cards(text), **kw)  # type: ignore[arg-type]


def test_queen_of_hearts_jack_nine_is_14() -> None:
    assert pts("Q♥ J♠ 9♦") == 3 + 2 + 9 == 14


def test_two_queens_and_a_ten_is_16() -> None:
    assert pts("Q♠ Q♣ 10♥") == 16


@pytest.mark.parametrize(
    ("hand", "value"),
    [("Q♠", 20), ("Q♥", 40), ("Q♦ Q♣", 40), ("Q♥ Q♠", 60), ("Q♠ Q♥ Q♦ Q♣", 100)],
)
def test_queens_only_hands(hand: str, value: int) -> None:
    assert pts(hand) == value


@pytest.mark.parametrize(
    ("card", "value"),
    [
        ("6♠", 6),
        ("7♥", 7),
        ("8♦", 8),
        ("9♣", 9),
        ("10♠", 10),
        ("J♥", 2),
        ("Q♦", 3),
        ("K♣", 4),
        ("K♠", 4),
        ("A♥", 11),
    ],
)
def test_card_table(card: str, value: int) -> None:
    assert card_points(parse_cards(card)[0]) == value


def test_options_change_values() -> None:
    assert pts("K♠ 9♥", king_spades=40) == 49
    assert pts("K♠ 9♥", nine_zero=True) == 4
    assert pts("2♠ 5♥") == 7  # a 52-card deck keeps twos to fives at face value
    assert pts("") == 0


def test_series_examples() -> None:
    assert new_score(99, 2) == 0
    assert new_score(94, 6) == 100
    assert new_score(94, 12) == 106 and lost(106)
    assert not lost(100) and not lost(101 - 101)
    assert new_score(94, 6, hundred_to_fifty=True) == 50


def test_queen_finish_from_15_gives_minus_25() -> None:
    assert finish_bonus(parse_cards("Q♥")) == 40
    assert finish_bonus(parse_cards("Q♠")) == 20
    assert finish_bonus(parse_cards("10♠")) == 0
    assert new_score(15, -finish_bonus(parse_cards("Q♥"))) == -25
