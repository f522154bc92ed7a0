"""The local all-knowing dealer: answers every non-decision need in one process.

Used for fast simulation, tests and bots.  It holds every card, so it is the trusted
dealer that the mental-poker table replaces; it must never be used between real peers.
Its randomness comes from a ``random.Random`` instance it is given or seeds itself,
never from global state.
"""

from __future__ import annotations

import random as _random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from p2pcards.cards import Card
from p2pcards.games._errors import GameError
from p2pcards.games._events import (
    CommitOrder,
    Decision,
    Finished,
    Open,
    Opened,
    OrderCommitted,
    RandomValue,
    Reveal,
    Revealed,
    Shuffle,
    Shuffled,
    TakeHidden,
    Taken,
)
from p2pcards.games._events import (
    Random as RandomNeed,
)
from p2pcards.games._moves import Event, Move
from p2pcards.games._state import GameState, View


class Player(Protocol):
    """A bot: picks one of ``legal`` from what its seat may see.

    It gets the seat's :class:`View`, the sorted legal moves (never empty) and a private
    random generator; it returns one element of ``legal``.
    """

    def __call__(self, view: View, legal: Sequence[Move], rng: _random.Random) -> Move: ...


HandOrder = Callable[[int, Sequence[int], _random.Random], Sequence[int]]


def _shuffled_order(seat: int, positions: Sequence[int], rng: _random.Random) -> list[int]:
    order = list(positions)
    rng.shuffle(order)
    return order


@dataclass
class LocalDealer:
    """Answers Shuffle, Reveal, Open, Random, CommitOrder and TakeHidden for ``state``.

    ``decks``: deck orders to use for successive Shuffle needs (position ``first + i``
    gets ``deck[i]``); each must be a permutation of the need's cards, else GameError.
    When they run out (or none are given) decks are shuffled with ``rng``.
    ``hand_order(seat, positions, rng)`` gives a holder's secret order (default: a
    random permutation).  ``knowledge[seat]`` is what each seat has seen this hand;
    ``cards`` is every card of the current hand (``hand_cards[h]`` of hand h);
    ``events`` every event applied (``hand_events[h]`` those of hand h).
    """

    state: GameState
    rng: _random.Random = field(default_factory=lambda: _random.Random(0))
    decks: list[Sequence[Card]] = field(default_factory=list)
    hand_order: HandOrder = _shuffled_order
    knowledge: list[dict[int, Card]] = field(init=False)
    cards: dict[int, Card] = field(init=False, default_factory=dict)
    events: list[Event] = field(init=False, default_factory=list)
    hand_events: list[list[Event]] = field(init=False, default_factory=list)
    hand_cards: list[dict[int, Card]] = field(init=False, default_factory=list)
    player_rngs: list[_random.Random] = field(init=False)
    _order: list[int] = field(init=False, default_factory=list)
    _hand: int = field(init=False, default=-1)

    def __post_init__(self) -> None:
        self.knowledge = [{} for _ in range(self.state.seats)]
        self.decks = list(self.decks)
        self.player_rngs = [_random.Random(self.rng.getrandbits(64)) for _ in self.knowledge]

    @classmethod
    def seeded(cls, state: GameState, seed: int, **kw: Any) -> LocalDealer:
        """A dealer whose randomness comes from ``random.Random(seed)``."""
        return cls(state, rng=_random.Random(seed), **kw)

    def apply(self, event: Event) -> None:
        """Apply ``event`` to the state and record it."""
        self.state.apply(event)
        self.events.append(event)
        if self.hand_events:
            self.hand_events[-1].append(event)

    def answer(self) -> Event | None:
        """Answer the current need if it is the dealer's; returns the event applied, or
        None when the state waits for a Decision or is Finished."""
        need = self.state.need()
        ev: Event
        if isinstance(need, Shuffle):
            if need.hand != self._hand:
                self._hand = need.hand
                self.cards = {}
                self.knowledge = [{} for _ in range(self.state.seats)]
                self.hand_events.append([])
                self.hand_cards.append(self.cards)
            order = list(self.decks.pop(0)) if self.decks else None
            if order is None:
                order = list(need.cards)
                self.rng.shuffle(order)
            elif sorted(order) != sorted(need.cards):
                raise GameError("the given deck is not a permutation of the game's deck")
            for i, c in enumerate(order):
                self.cards[need.first + i] = c
            ev = Shuffled(need.hand, need.first, need.n)
        elif isinstance(need, Reveal):
            k = self.knowledge[need.to]
            for p in need.positions:
                k[p] = self.cards[p]
            ev = Revealed(need.positions, need.to)
        elif isinstance(need, Open):
            cs = tuple(self.cards[p] for p in need.positions)
            for k in self.knowledge:
                for p, c in zip(need.positions, cs, strict=True):
                    k[p] = c
            ev = Opened(need.positions, cs)
        elif isinstance(need, RandomNeed):
            ev = RandomValue(self.rng.randrange(need.k))
        elif isinstance(need, CommitOrder):
            self._order = list(self.hand_order(need.seat, need.positions, self.rng))
            if sorted(self._order) != sorted(need.positions):
                raise GameError("hand_order did not return a permutation of the hand")
            ev = OrderCommitted(need.seat)
        elif isinstance(need, TakeHidden):
            ev = Taken(self._order[need.index])
        else:
            return None
        self.apply(ev)
        return ev

    def run(
        self,
        players: Sequence[Player] | Mapping[int, Player],
        *,
        max_events: int = 1_000_000,
        on_event: Callable[[Event], None] | None = None,
    ) -> Mapping[str, Any]:
        """Play to the end with ``players[seat]`` deciding for each seat.

        Returns the Finished result.  Raises GameError if the game has not finished after
        ``max_events`` events (a loop) or a player returns a move not in its legal list.
        """
        state = self.state
        for _ in range(max_events):
            ev = self.answer()
            if ev is None:
                need = state.need()
                if isinstance(need, Finished):
                    return need.result
                assert isinstance(need, Decision)
                seat = need.seat
                legal = state.legal_moves(seat, self.knowledge[seat])
                if not legal:
                    raise GameError(f"seat {seat} must decide but has no legal move")
                view = state.view(seat, self.knowledge[seat])
                move = players[seat](view, legal, self.player_rngs[seat])
                if move not in legal:
                    raise GameError(f"player for seat {seat} chose an unlisted move {move!r}")
                self.apply(move)
                ev = move
            if on_event is not None:
                on_event(ev)
        raise GameError(f"game did not finish within {max_events} events")


def replay(state: GameState, events: Iterable[Event]) -> list[bytes]:
    """Apply ``events`` to ``state`` and return the digest after each one."""
    out = []
    for ev in events:
        state.apply(ev)
        out.append(state.digest())
    return out
