"""The presenters say every kind of claim about hidden cards, and every kind of cheat, in
English and Russian with real names (seats counted from 1, never "seat 0"); the engines
and the table give only data (issue 11: presentation out of the engines)."""

from __future__ import annotations

from typing import Any

import pytest

from p2pcards.cards import Card, Rank, Suit, parse_cards
from p2pcards.games import Claim, Falsified
from p2pcards.games.sto_odno import Requirement
from p2pcards.games.sunduchki import Request
from p2pcards.table import CheatDetected, Offence
from p2pcards.ui import Names, presenter

NAMES = Names(("Анна", "Boris", "Vera"))
H, S = Suit.HEARTS, Suit.SPADES


def claim(kind: str, about: dict[str, Any], seat: int = 1) -> Claim:
    return Claim(0, 7, seat, "rule", kind, about, lambda cards: None)


Q = Request(0, 1, Rank.QUEEN, stage=2, count=2)
CASES = [
    # game, claim, falsified, English words
    (
        "thousand",
        claim(
            "follow", {"trick": 2, "card": Card(Rank.NINE, Suit.CLUBS), "duty": "suit", "led": H}
        ),
        Falsified(tuple(parse_cards("9♥ J♥")), {"must": "follow", "led": H}),
        "Boris plays 9♣ in trick 2, so has no ♥; but had to play 9♥ J♥",
    ),
    (
        "thousand",
        claim("bid", {"bid": 125}),
        Falsified((), {"limit": 120}),
        "Boris bids 125, so holds marriages worth at least 5; but held no marriage: at most 120",
    ),
    (
        "thousand",
        claim("marriage", {"trick": 1, "card": Card(Rank.QUEEN, S), "suit": S}),
        Falsified((Card(Rank.KING, S),)),
        "Boris declares the ♠ marriage with Q♠ in trick 1; but did not hold K♠",
    ),
    (
        "akulina",
        claim("no_pair", {}),
        Falsified(tuple(parse_cards("Q♣ Q♥"))),
        "Boris keeps no pair; but kept the pair Q♣ Q♥",
    ),
    (
        "101",
        claim(
            "could_not_play",
            {"move": "draw", "requirement": Requirement("normal", top=Card(Rank.SEVEN, S))},
        ),
        Falsified((Card(Rank.NINE, S),)),
        "Boris draws: no card to play (spades, a seven or a queen); but could have played 9♠",
    ),
    (
        "sunduchki",
        claim("answer", {"question": Q, "yes": False}),
        Falsified(tuple(parse_cards("Q♠ Q♦"))),
        "Boris answers no to (Анна → Boris: exactly 2 queens?); but held Q♠ Q♦",
    ),
    (
        "sunduchki",
        claim("holds_rank", {"question": Request(2, 0, Rank.KING), "rank": Rank.KING}, seat=2),
        Falsified(tuple(parse_cards("Q♥ 8♦"))),
        "Vera asks (Vera → Анна: do you have kings?), so holds kings; but the hand was Q♥ 8♦",
    ),
]


@pytest.mark.parametrize(("game", "c", "why", "english"), CASES)
def test_a_false_claim_in_words(game: str, c: Claim, why: Falsified, english: str) -> None:
    en, ru = presenter(game, "en"), presenter(game, "ru")
    assert f"{en.claim_text(c, NAMES)}; {en.falsified_text(c, why, NAMES)}" == english
    said = f"{ru.claim_text(c, NAMES)}; {ru.falsified_text(c, why, NAMES)}"
    assert said != english and NAMES[c.seat] in said
    cheat = CheatDetected(c.seat, 17, c.rule, Offence.FALSE_CLAIM, "detail", c, why)
    assert en.cheat_text(cheat, NAMES) == f"a false claim (entry 17): {english}"
    assert ru.cheat_text(cheat, NAMES).startswith("ложное заявление (запись 17): ")


def test_every_offence_in_words_with_names_from_one() -> None:
    en, ru = presenter("thousand", "en"), presenter("thousand", "ru")
    seats = Names.seats(3, "en")
    lines = {
        o: en.cheat_text(
            CheatDetected(0, 5, "pass 1", o, "seat 0 did it", about={"accuser": 2}), seats
        )
        for o in Offence
    }
    assert lines[Offence.PROTOCOL] == "a protocol step broken (entry 5): pass 1"
    assert lines[Offence.ILLEGAL_MOVE] == "a move the rules forbid (entry 5): pass 1"
    assert lines[Offence.EQUIVOCATION].endswith(" (entry 5)")
    assert all("seat 0" not in line and "entry 5" in line for line in lines.values())
    assert len(set(lines.values())) == len(Offence)
    for o in Offence:
        said = ru.cheat_text(CheatDetected(0, None, "r", o, about={"accuser": 1}), NAMES)
        assert "(entry" not in said and said != lines[o]
