"""The screens as plain data, without a browser (p2pcards.web._screen and the games'
parts): what the page is told to draw."""

from __future__ import annotations

from dataclasses import replace

from p2pcards.cards import Card
from p2pcards.games import load_game
from p2pcards.web import Snapshot, screen


def test_akulina_discard_pile_shows_every_discarded_card() -> None:
    # a bug: the pile showed the last 8 cards only (12 discarded: 4 missing)
    game = load_game("akulina", seats=4)
    view = game.new_state().view(0, {})
    cards = tuple(Card.from_code(c) for c in (0, 13, 1, 14, 2, 15, 3, 16, 4, 17, 5, 18))
    view = replace(view, discards=cards)
    snap = Snapshot(rev=1, game=game, seat=0, names=("A", "B", "C", "D"), view=view)
    for lang, title in (("en", "Discarded pairs (6)"), ("ru", "Сброшенные пары (6)")):
        pile = screen(snap, lang, 0.0)["centre"][0]
        assert pile["title"] == title
        assert [c["c"] for c in pile["cards"]] == [c.code for c in cards]
