"""Every presenter over every registered game, in both languages (the presenters'
conformance test, after tests/games/test_conformance.py).

Random games with the local dealer; at every event: each move described as a history
line (by an observer, by the mover, by another seat), each legal move as a menu choice
(the menu reaches exactly the legal moves), each dealer event, and the deciding seat's
whole screen (turn, seats table, centre, hand, score sheet), then the result.  Every text
must be non-empty where it must exist, name seats by their real names (no "seat N" /
"место N" left), hold no Cyrillic in English and no Latin letters in Russian beyond card
ranks (J Q K A) and the players' names.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from typing import Any

import pytest

from p2pcards.games import Decision, Finished, LocalDealer, Move, game_names, load_game
from p2pcards.ui import Line, Names, Texts, dealer_line, presenter, presenter_names, result_line

NAMES = {
    "en": ("Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor", "Zoya", "Ivan"),
    "ru": ("Аня", "Борис", "Вера", "Глеб", "Даша", "Егор", "Зоя", "Иван"),
}

# Options that keep random games short, and configurations whose moves differ.
SHORT: dict[str, dict[str, Any]] = {
    "thousand": {"max_hands": 2},
    "101": {"max_rounds": 2},
    "sunduchki": {"max_moves": 400},
    "akulina": {},
}
CASES: list[tuple[str, int, dict[str, Any]]] = [
    ("akulina", 2, {}),
    ("akulina", 5, {"hands": 2}),
    ("thousand", 3, {}),
    ("thousand", 3, {"four_aces": True}),
    ("thousand", 2, {}),
    ("thousand", 4, {}),
    ("101", 2, {}),
    ("101", 4, {"pass_penalty": True, "multi": True, "ten_reverse": True}),
    ("101", 3, {"announce_last": True, "start": "deck", "draw": "until_playable"}),
    ("sunduchki", 3, {}),
    ("sunduchki", 2, {"questions": "one"}),
    ("sunduchki", 3, {"empty_hand": "draw_on", "show_chests": "end"}),
]

SEAT_LEFT = re.compile(r"\b(seat|место|места|seats|местам?)\s*\d", re.I)
CARD = re.compile(r"(10|[2-9JQKA])[♠♥♦♣]|\b[JQKA]\b")


def check(text: str, lang: str, what: str) -> None:
    """One text: no seat numbers, the right alphabet."""
    assert text.strip(), f"{what}: empty text"
    assert not SEAT_LEFT.search(text), f"{what}: a seat number is left: {text!r}"
    if lang == "en":
        assert not re.search("[а-яА-ЯёЁ]", text), f"{what}: Cyrillic in English: {text!r}"
    else:
        rest = CARD.sub("", text)
        assert not re.search("[A-Za-z]", rest), f"{what}: Latin in Russian: {text!r}"


def check_lines(lines: Iterable[Line | str], lang: str, what: str) -> None:
    for ln in lines:
        text = ln if isinstance(ln, str) else ln.plain
        if text.strip():
            check(text, lang, what)


def test_every_game_has_a_presenter() -> None:
    assert sorted(presenter_names()) == sorted(game_names())
    assert sorted({c[0] for c in CASES}) == sorted(game_names())


RARE = {"101": {"pass"}, "sunduchki": {"challenge"}}
"""Move kinds random play hardly reaches (101's pass: nothing to play and nothing to
draw; Sunduchki's challenge: only after a false face-down chest); ``test_texts.py`` and
tests/games/test_sunduchki_settings.py describe them on a constructed view."""


@pytest.mark.parametrize("game_name", sorted({c[0] for c in CASES}))
def test_every_move_kind_is_described_in_both_languages(game_name: str) -> None:
    kinds: set[str] = set()
    for name, seats, options in CASES:
        if name == game_name:
            kinds |= walk(game_name, seats, options)
    every = {m.KIND for m in load_game(game_name).info.move_types}
    assert kinds | RARE.get(game_name, set()) == every


def walk(game_name: str, seats: int, options: dict[str, Any]) -> set[str]:
    """Play one random game, checking every text; returns the move kinds played."""
    game = load_game(game_name, seats=seats, **{**SHORT[game_name], **options})
    ps = {lang: presenter(game_name, lang, game.options) for lang in ("en", "ru")}
    state = game.new_state()
    dealer = LocalDealer.seeded(state, 3)
    rng = random.Random(3)
    kinds: set[str] = set()
    for _ in range(100_000):
        need = state.need()
        if isinstance(need, Finished):
            break
        if not isinstance(need, Decision):
            ev = dealer.answer()
            for lang, p in ps.items():
                names = Names(NAMES[lang][:seats])
                line = dealer_line(p.t, names, ev, dealer.cards)
                if line is not None:
                    check(line, lang, f"dealer event {ev!r}")
            continue
        seat = need.seat
        legal = state.legal_moves(seat, dealer.knowledge[seat])
        mine = state.view(seat, dealer.knowledge[seat])
        full = state.view(seat, dealer.cards)
        move: Move = legal[rng.randrange(len(legal))]
        kinds.add(move.KIND)
        for lang, p in ps.items():
            plain = NAMES[lang][:seats]
            # the deciding seat's screen
            me = Names(plain, seat)
            check(p.turn_text(mine, me), lang, "turn")
            check(p.hand_title(mine), lang, "hand title")
            check_lines([p.hand(mine)], lang, "hand")
            for col in p.columns(mine, me):
                assert col.header, (game_name, lang, "a seats table column with no header")
                check_lines([col.header, *col.cells], lang, "column")
            check_lines([p.status(mine, s) for s in range(seats)], lang, "status")
            for sec in p.centre(mine, me):
                check_lines([sec.title, *sec.lines], lang, "centre")
            check_lines(p.facts(mine, me), lang, "facts")
            sheet = p.sheet(mine, me)
            if sheet is not None:
                check_lines([sheet.title, *sheet.headers], lang, "sheet")
                for row in sheet.rows:
                    check_lines(row, lang, "sheet row")
            # the menu reaches exactly the legal moves, every label in words
            menu = p.menu(mine, legal, me)
            assert set(map(repr, menu.moves())) == set(map(repr, legal))
            stack = [menu]
            while stack:
                m = stack.pop()
                check(m.title, lang, "menu title")
                for c in m.choices:
                    check(c.label, lang, f"choice of {c.move!r}")
                    if c.menu is not None:
                        stack.append(c.menu)
            # the move as a history line, seen by an observer, the mover, another seat
            for viewer in (None, seat, (seat + 1) % seats):
                line = p.move_line(move, full, Names(plain, viewer))
                check(line, lang, f"move {move!r} seen by {viewer}")
                if viewer is None:
                    assert plain[seat] in line, line
        dealer.apply(move)
    else:
        pytest.fail("the game did not finish")
    result = state.need().result  # type: ignore[union-attr]
    for lang, p in ps.items():
        names = Names(NAMES[lang][:seats])
        check(result_line(Texts(lang), result, names), lang, "result line")
        check_lines(p.result_lines(result, names), lang, "result lines")
    return kinds
