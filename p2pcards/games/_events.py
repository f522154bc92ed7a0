"""Needs (what an engine waits for) and events (what answers them).

An engine is driven by a loop: ask ``state.need()``, answer it with the matching event
through ``state.apply(event)``.  Needs and events refer to cards by *position*: the index
of an encrypted card produced by a shuffle (DESIGN.md, "Hidden information in the engine").

==================  ============================  ===========================================
need                answered by                   who answers
==================  ============================  ===========================================
Shuffle             Shuffled                      dealer layer (local dealer or mental poker)
Reveal              Revealed                      dealer layer; the card goes to one seat only
Open                Opened (with the cards)       dealer layer; the cards become public
Random              RandomValue                   dealer layer (joint randomness)
CommitOrder         OrderCommitted                the holder commits to a secret hand order
TakeHidden          Taken (with the position)     the holder hands over ``order[index]``
Decision            a game's Move                 the seat named
Finished            nothing                       the game is over
==================  ============================  ===========================================
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from p2pcards.cards import Card

# ---------------------------------------------------------------- needs


@dataclass(frozen=True, slots=True)
class Shuffle:
    """A fresh encrypted deck for ``hand``: positions ``first .. first+len(cards)-1``.

    ``cards`` is the deck's composition in canonical order (public); the shuffle decides
    which position holds which card.  A new ``hand`` number starts a new hand: knowledge
    and positions of the previous hand are dropped.  A second Shuffle in the same hand
    (e.g. 101's ``recycle=shuffle``) continues the position numbering.
    """

    hand: int
    first: int
    cards: tuple[Card, ...]

    @property
    def n(self) -> int:
        """Number of positions in this deck."""
        return len(self.cards)


@dataclass(frozen=True, slots=True)
class Reveal:
    """Make the cards at ``positions`` known to seat ``to`` and nobody else."""

    positions: tuple[int, ...]
    to: int


@dataclass(frozen=True, slots=True)
class Open:
    """Make the cards at ``positions`` public."""

    positions: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Random:
    """A fair number in ``[0, k)`` that no seat can bias (lots, e.g. who starts)."""

    k: int
    why: str = ""


@dataclass(frozen=True, slots=True)
class CommitOrder:
    """Seat ``seat`` commits to a secret order of ``positions`` (its hand) before another
    seat picks one of them by index (Akulina: taking a hidden card)."""

    seat: int
    positions: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TakeHidden:
    """Seat ``holder`` hands over the position at ``index`` of its committed order to
    seat ``taker``."""

    holder: int
    index: int
    taker: int


@dataclass(frozen=True, slots=True)
class Decision:
    """A move by ``seat`` is awaited."""

    seat: int


@dataclass(frozen=True, slots=True)
class Finished:
    """The game is over; ``result`` is plain msgpack-encodable data.

    Every game's result has ``"winners"`` and ``"losers"`` (lists of seats, either may
    be empty) plus game-specific keys (scores, losses per seat, hands played).
    """

    result: Mapping[str, Any] = field(default_factory=dict)


Need = Shuffle | Reveal | Open | Random | CommitOrder | TakeHidden | Decision | Finished

# ---------------------------------------------------------------- events


@dataclass(frozen=True, slots=True)
class Shuffled:
    """Answers :class:`Shuffle`: the deck for ``hand`` starting at ``first`` exists."""

    TAG: ClassVar[str] = "shuffled"
    hand: int
    first: int
    n: int


@dataclass(frozen=True, slots=True)
class Revealed:
    """Answers :class:`Reveal`: ``positions`` are now known to seat ``to``."""

    TAG: ClassVar[str] = "revealed"
    positions: tuple[int, ...]
    to: int


@dataclass(frozen=True, slots=True)
class Opened:
    """Answers :class:`Open`: ``cards[i]`` is at ``positions[i]``, now public."""

    TAG: ClassVar[str] = "opened"
    positions: tuple[int, ...]
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class RandomValue:
    """Answers :class:`Random`: ``value`` in ``[0, k)``."""

    TAG: ClassVar[str] = "random"
    value: int


@dataclass(frozen=True, slots=True)
class OrderCommitted:
    """Answers :class:`CommitOrder`: seat ``seat`` has committed to an order."""

    TAG: ClassVar[str] = "ordered"
    seat: int


@dataclass(frozen=True, slots=True)
class Taken:
    """Answers :class:`TakeHidden`: the holder handed over ``position``."""

    TAG: ClassVar[str] = "taken"
    position: int


DealerEvent = Shuffled | Revealed | Opened | RandomValue | OrderCommitted | Taken
