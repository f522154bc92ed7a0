"""The engine contract, checked over every registered game (OpenSpiel-style).

For every game, seat count and option value: random playouts with the local dealer;
every event round-trips through its msgpack encoding; a replay of the recorded events
reproduces the same digests; legal moves are deterministic and only the deciding seat has
any; a move by another seat is rejected; every claim of an honest game holds.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import msgpack
import pytest

from p2pcards.games import (
    Decision,
    Finished,
    IllegalMove,
    LocalDealer,
    encode_event,
    game_info,
    game_names,
    load_game,
)


def configurations(name: str) -> list[tuple[int, dict[str, Any]]]:
    """Every seat count with default options, plus every non-default option value."""
    info = game_info(name)
    out: list[tuple[int, dict[str, Any]]] = [
        (n, {}) for n in range(info.min_seats, info.max_seats + 1)
    ]
    for opt in info.options:
        values: tuple[Any, ...] = ()
        if opt.choices is not None:
            values = opt.choices
        elif isinstance(opt.default, bool):
            values = (not opt.default,)
        for v in values:
            if v != opt.default:
                out.append((info.default_seats, {opt.name: v}))
    return out


# Options added to every playout of a game whose random play would run long.  Thousand:
# random players almost never leave the barrel, so games end only at the hand cap.
PLAYOUT_OPTIONS: dict[str, dict[str, Any]] = {
    "thousand": {"max_hands": 12},
    "sunduchki": {"max_moves": 3000},  # random askers rarely guess count and suits
}

CASES = [(name, seats, opts) for name in game_names() for seats, opts in configurations(name)]


@pytest.mark.parametrize(("name", "seats", "options"), CASES, ids=str)
def test_random_playouts_obey_the_contract(name: str, seats: int, options: dict) -> None:
    game = load_game(name, seats=seats, **{**PLAYOUT_OPTIONS.get(name, {}), **options})
    for seed in range(2):
        state = game.new_state()
        dealer = LocalDealer.seeded(state, seed)
        rng = random.Random(seed)
        digests = [state.digest()]
        for _ in range(200_000):
            need = state.need()
            if isinstance(need, Finished):
                break
            if isinstance(need, Decision):
                seat = need.seat
                legal = state.legal_moves(seat, dealer.knowledge[seat])
                assert legal, f"seat {seat} must decide but has no legal move"
                assert legal == state.legal_moves(seat, dealer.knowledge[seat])
                other = (seat + 1) % seats
                assert state.legal_moves(other, dealer.knowledge[other]) == []
                wrong = type(legal[0])(**{**_fields(legal[0]), "seat": other})
                snapshot = state.digest()
                with pytest.raises(IllegalMove):
                    state.apply(wrong)
                assert state.digest() == snapshot, "a rejected move changed the state"
                dealer.apply(legal[rng.randrange(len(legal))])
            else:
                dealer.answer()
            digests.append(state.digest())
        else:
            pytest.fail("the game did not finish")
        result = state.need().result  # type: ignore[union-attr]
        assert set(result) >= {"winners", "losers"}
        msgpack.packb(dict(result))
        # every event round-trips through msgpack
        for ev in dealer.events:
            wire = msgpack.unpackb(msgpack.packb(encode_event(ev)), use_list=True)
            assert game.decode_event(wire) == ev
        # replaying the events on a fresh state reproduces every digest
        fresh = game.new_state()
        replayed = [fresh.digest()]
        for ev in dealer.events:
            fresh.apply(ev)
            replayed.append(fresh.digest())
        assert replayed == digests
        # an honest game's claims all hold, and so do their statements about hidden cards
        # (what a proof shows when the claim is made)
        for claim in state.claims():
            assert claim.check(dealer.hand_cards[claim.hand]) is None, claim
            if claim.hidden is not None:
                assert claim.hidden.holds(dealer.hand_cards[claim.hand]), claim


def _fields(move: Any) -> dict[str, Any]:
    return {f.name: getattr(move, f.name) for f in dataclasses.fields(move)}
