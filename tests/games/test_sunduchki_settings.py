"""Sunduchki settings the text says tables differ on («различаются … правила пустой руки
и показ собранных четвёрок»): ``empty_hand`` and ``show_chests``, with given decks."""

from __future__ import annotations

import pytest

from p2pcards.cards import Card, Rank, Suit
from p2pcards.games import ClaimMismatch, Decision, IllegalMove, load_game
from p2pcards.games.sunduchki import BOTS, Ask, Challenge, SetAside
from tests.games.test_sunduchki_rules import (
    cards,
    declare_deal,
    hand,
    play,
    request,
    settle,
    start,
    truthful,
)

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS


def test_defaults_are_ours() -> None:
    o = load_game("sunduchki").options
    assert (o["empty_hand"], o["show_chests"]) == ("wait", "open")


def test_empty_hand_draw_on_draws_at_once_and_goes_on_asking() -> None:
    # Seat 0 takes seat 1's queens and kings: its hand empties with the kings' chest.
    state, d = start(2, 1, ["QH QC KH KC", "QD QS KD KS"], stock="6H 6D", empty_hand="draw_on")
    declare_deal(d)
    request(d, 0, 1, Rank.QUEEN, 2, (S, D))
    play(d, truthful(d))
    request(d, 0, 1, Rank.KING, 2, (S, D))
    play(d, truthful(d))  # the kings' chest: seat 0's hand is empty
    # ours would pass the turn; draw_on: seat 0 draws the six of hearts at once ...
    assert hand(state, d, 0) == cards("6H")
    # ... but seat 1 has no cards, so there is nobody to ask: seat 0 passes, and seat 1,
    # emptied by the taking, draws on its own turn and asks at once with its card
    assert hand(state, d, 1) == cards("6D")
    assert state.need() == Decision(1)
    assert state.legal_moves(1, d.knowledge[1]) == [Ask(1, 0, Rank.SIX)]
    assert [(n.kind, n.seat) for n in state.history][-3:] == [
        ("draw", 0),
        ("pass", 0),
        ("draw", 1),
    ]


def test_empty_hand_wait_is_the_default() -> None:
    state, d = start(2, 1, ["QH QC KH KC", "QD QS KD KS"], stock="6H 6D")
    declare_deal(d)
    request(d, 0, 1, Rank.QUEEN, 2, (S, D))
    play(d, truthful(d))
    request(d, 0, 1, Rank.KING, 2, (S, D))
    play(d, truthful(d))
    # seat 1 drew first (its turn), and that turn ended; then seat 0 drew, turn ended
    assert [(n.kind, n.seat) for n in state.history][-2:] == [("draw", 1), ("draw", 0)]
    assert state.need() == Decision(1)


def test_show_chests_end_sets_chests_aside_face_down_then_opens_them() -> None:
    state, d = start(3, 2, ["QH 8D AS 10C", "KS KH KD KC", "7H 7D 6C JS"], show_chests="end")
    play(d, truthful(d))  # seat 0: no chest
    chest = truthful(d)
    assert isinstance(chest, SetAside)
    play(d, chest)  # seat 1's kings: set aside, not opened
    assert state.chests[1] == [Rank.KING]
    assert all(p not in state.public for p in chest.positions)
    assert all(p not in d.knowledge[0] for p in chest.positions)
    assert state.view(0, d.knowledge[0]).chests[1] == (Rank.KING,)
    # the rest of the game; at its end the face-down chests are opened
    result = d.run([BOTS["basic"]] * 3)
    assert sum(result["chests"]) == 9
    assert all(p in state.public for p in chest.positions)
    opened = [ev for ev in d.events if type(ev).__name__ == "Opened"][-1]
    assert set(chest.positions) <= set(opened.positions)


def test_show_chests_end_a_false_chest_is_challenged_and_its_owner_blamed() -> None:
    state, d = start(2, 1, ["KS KH KD 8C", "QD QS 7H KC"], stock="9S", show_chests="end")
    # seat 0 lies: it sets aside K♠ K♥ K♦ and its 8♣ as "K♣"
    pos = sorted(state.hands[0])
    claimed = [d.cards[p] if d.cards[p].rank == Rank.KING else Card(Rank.KING, C) for p in pos]
    play(d, SetAside(0, tuple(pos), tuple(claimed)))  # accepted face down: unseen
    assert state.chests[0] == [Rank.KING]
    claims = [c for c in state.claims() if c.kind == "face_down"]
    why = claims[0].check(d.cards)
    assert why is not None and why.cards == (Card(Rank.EIGHT, C),)
    assert why.about["claimed"] == Card(Rank.KING, C)
    play(d, truthful(d))  # seat 1 declares no chest; seat 0 draws into its empty hand
    # seat 1 holds K♣, which a genuine chest of kings makes impossible: it challenges
    assert state.need() == Decision(1)
    assert state.legal_moves(1, d.knowledge[1]) == [Challenge(1, Rank.KING)]
    d.apply(Challenge(1, Rank.KING))
    with pytest.raises(ClaimMismatch) as e:
        settle(d)  # the chest is opened at once
    assert e.value.seat == 0 and "not the claimed K♣" in str(e.value)


def test_show_chests_end_a_false_challenge_is_blamed_on_the_challenger() -> None:
    state, d = start(3, 2, ["QH 8D AS 10C", "KS KH KD KC", "7H 7D 6C JS"], show_chests="end")
    declare_deal(d)  # seat 1's kings go aside face down
    assert state.need() == Decision(0) and state.phase == "ask"
    d.apply(Challenge(0, Rank.KING))  # seat 0 holds no king: a lie
    with pytest.raises(ClaimMismatch) as e:
        settle(d)
    assert e.value.seat == 0 and "which is genuine" in str(e.value)
    with pytest.raises(IllegalMove, match="no chest of queens is face down"):
        _state2, d2 = start(3, 2, ["QH 8D AS 10C", "KS KH KD KC", "7H 7D 6C JS"], show_chests="end")
        declare_deal(d2)
        d2.apply(Challenge(0, Rank.QUEEN))


def test_the_challenge_is_described_in_both_languages() -> None:
    from p2pcards.ui import presenter

    state, d = start(3, 2, ["QH 8D AS 10C", "KS KH KD KC", "7H 7D 6C JS"], show_chests="end")
    v = state.view(0, d.knowledge[0])
    mv = Challenge(1, Rank.KING)
    en = presenter("sunduchki", "en", state.options)
    ru = presenter("sunduchki", "ru", state.options)
    assert en.choice(mv, v, ["A", "B", "C"]) == "challenge the face-down chest of kings"
    assert en.move_line(mv, v, ["A", "B", "C"]) == "B challenges the face-down chest of kings"
    assert ru.move_line(mv, v, ["А", "Б", "В"]) == "Б оспаривает закрытый сундучок: короли"
