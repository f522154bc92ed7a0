"""101's public history in the view (what the strong bot deals from): the discard pile,
a turned-over stock and the cards a seat cannot hold after it drew or passed
("Обычный ход": no card to play, draw one)."""

from __future__ import annotations

import random
from typing import Any

from p2pcards.games import Decision, LocalDealer, load_game
from p2pcards.games.sto_odno import GAME as STO
from p2pcards.games.sto_odno import Draw
from p2pcards.games.sto_odno import _strong as sto_strong


def test_view_keeps_the_pile_and_what_a_drawing_seat_cannot_hold() -> None:
    game = load_game("101", seats=3)
    state = game.new_state()
    dealer = LocalDealer(state, rng=random.Random(11))
    basic = STO.bots["basic"]
    deck = state.deck_cards
    draws = bars = plays = 0
    while not state.is_finished and state.hand_no < 3:
        if dealer.answer() is not None:
            continue
        need = state.need()
        assert isinstance(need, Decision)
        s = need.seat
        views = [state.view(v, dealer.knowledge[v]) for v in range(3)]
        # public: every seat sees the same pile, bars, open stock, plays and positions
        assert len({(v.pile, v.barred, v.stock_cards, v.plays, v.hidden) for v in views}) == 1
        view = views[s]
        _check_plays(state, dealer, view)
        plays += len(view.plays)
        assert view.pile == tuple(state.public[p] for p in state.discard)
        assert view.top == (view.pile[-1] if view.pile else None)
        for seat, hand in enumerate(state.hands):
            hidden = [p for p in sorted(hand) if p not in state.public]
            assert len(view.barred[seat]) == len(hidden)
            for p, bar in zip(hidden, view.barred[seat], strict=True):
                assert dealer.cards[p] not in bar  # a true fact about the hidden card
                bars += bool(bar)
        if any(any(b) for seat, bs in enumerate(view.barred) if seat != s for b in bs):
            _check_deals(view)
            bars += 1
        legal = state.legal_moves(s, dealer.knowledge[s])
        move = basic(view, legal, dealer.player_rngs[s])
        if isinstance(move, Draw):
            draws += 1
            req = view.requirement
            assert req is not None
            before = [p for p in sorted(state.hands[s]) if p not in state.public]
            dealer.apply(move)
            while dealer.answer() is not None:
                pass
            after = state.view(s, dealer.knowledge[s])
            hidden = [p for p in sorted(state.hands[s]) if p not in state.public]
            got = dict(zip(hidden, after.barred[s], strict=True))
            # each card it held is none of the cards it could have played; the drawn
            # card is barred from nothing
            playable = {c for c in deck if req.starts(c)}
            for p in before:
                assert playable <= set(got[p])
            assert all(got[p] == () for p in hidden if p not in before)
            continue
        dealer.apply(move)
    assert draws >= 3 and bars >= 3 and plays >= 30


def _check_plays(state: Any, dealer: LocalDealer, view: Any) -> None:
    """``view.plays`` is the round's plays in order (their cards are the pile's, less
    what a turned-over stock took), each with the positions its player held, cards
    shown only when public; ``view.hidden`` are the hidden positions of each hand."""
    for seat, hand in enumerate(state.hands):
        assert view.hidden[seat] == tuple(p for p in sorted(hand) if p not in state.public)
    played = [c for pp in view.plays for c in pp.cards]
    if not view.rebuilt:
        assert tuple(played) == view.pile
    for pp in view.plays:
        assert len(pp.cards) == 1 and pp.requirement.starts(pp.cards[0])
        assert pp.cards[0] in [dealer.cards[p] for p, _ in pp.held]
        for p, c in pp.held:
            if c is None:  # still hidden: in its holder's hand, not public
                assert p in view.hidden[pp.seat]
            else:
                assert state.public[p] == c


def _check_deals(view: object) -> None:
    """The strong bot's deals from ``view`` keep the pile where it is and give no hidden
    card one of the cards its holder is barred from."""
    deal = sto_strong._dealer(view)  # type: ignore[arg-type]
    assert deal is not None
    pile = [sto_strong.cid(c) for c in view.pile]  # type: ignore[attr-defined]
    r = random.Random(0)
    for _ in range(20):
        dealt = deal(r)
        assert dealt is not None
        hands, stock, under = dealt
        assert under == pile[:-1]
        assert not set(pile) & ({c for h in hands for c in h} | set(stock))
        for seat, bars in enumerate(view.barred):  # type: ignore[attr-defined]
            if seat == view.seat:  # type: ignore[attr-defined]
                continue
            k = len(view.known[seat])  # type: ignore[attr-defined]
            held = [b for b in bars if b]
            for c, bar in zip(hands[seat][k : k + len(held)], held, strict=True):
                assert c not in {sto_strong.cid(x) for x in bar}
