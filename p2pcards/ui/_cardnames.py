"""Card words the card layer does not carry: Russian ranks in the accusative."""

from __future__ import annotations

from p2pcards.cards import Rank

_RANK_ACC_RU = {
    Rank.TWO: "двойку",
    Rank.THREE: "тройку",
    Rank.FOUR: "четвёрку",
    Rank.FIVE: "пятёрку",
    Rank.SIX: "шестёрку",
    Rank.SEVEN: "семёрку",
    Rank.EIGHT: "восьмёрку",
    Rank.NINE: "девятку",
    Rank.TEN: "десятку",
    Rank.JACK: "валета",
    Rank.QUEEN: "даму",
    Rank.KING: "короля",
    Rank.ACE: "туза",
}


def rank_acc(rank: Rank) -> str:
    """The Russian rank name in the accusative singular ("положить семёрку", "туза")."""
    return _RANK_ACC_RU[rank]
