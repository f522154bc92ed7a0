"""The step protocol: what every entry kind answers (``protocol/table.md`` §2–3).

A *step* is one entry kind at one point of the game: a single entry by one seat
(:class:`SingleStep`) or a *round* of contributions that several seats make at once,
appended in seat order (:class:`RoundStep`).  Each step object carries its own state and
the four duties of its kind:

- :meth:`Step.expect`: what it waits for (which seats, single or round, and what for);
- :meth:`Step.body`: the body this seat signs;
- :meth:`Step.check`: how a received entry is checked, raising :class:`Blame` (or a
  :class:`~p2pcards.mental_poker.MentalPokerError`) naming the rule broken; the table
  blames the entry's seat at that entry's sequence number;
- :meth:`Step.finish`: what the complete step feeds the engine (through
  :meth:`TableCore.apply`), returning the next step of the same need, or ``None`` when
  the need is answered (or the step is over).

A step with no seats (nothing to publish: a Reveal whose shares are all out, the pick of
a re-shuffled hand) is finished at once with no entry.

The :class:`~p2pcards.table.Table` runs the loop (whose entry may come next, the pending
buffer, rounds, cheat reporting); steps see the table only through :class:`TableCore`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from p2pcards.table._outputs import Offence

if TYPE_CHECKING:
    from p2pcards.cards import Card
    from p2pcards.games import Game, GameState
    from p2pcards.mental_poker import ProofContext, RandomBytes, SeatKey
    from p2pcards.table._outputs import CheatDetected, Output
    from p2pcards.table._steps._hand import Deck, HandReshuffle, Slot
    from p2pcards.transcript import Entry, Genesis, Round


@dataclass(frozen=True, slots=True)
class Expect:
    """Who writes next.

    ``seats``: the seats that write (one seat, or a round); ``kind``: the entry kind;
    ``round``: True when the seats contribute at once (appended in seat order);
    ``about``: structured detail of what for
    (keys depend on the kind, e.g. ``{"pass": 1}`` for a shuffle pass,
    ``{"to": 2, "positions": [...]}`` for key shares, ``{"stalled": 1}`` for a vote), so a
    presenter can say "the shuffle (pass 1)" or "keys for Boris's cards" in its language.
    """

    seats: tuple[int, ...]
    kind: str
    round: bool
    about: dict[str, Any] = field(default_factory=dict)


class Blame(Exception):
    """A received entry breaks its step: the table blames the entry's author at the
    entry's sequence number, under ``rule`` (``message`` in plain words)."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message


class TableCore(Protocol):
    """What a step may see and do of its table (the :class:`~p2pcards.table.Table`)."""

    me: int | None
    seats: int
    table_id: bytes
    genesis: Genesis
    game: Game[Any]
    engine: GameState
    hand: int
    knowledge: dict[int, Card]
    decks: list[Deck]
    slots: dict[int, Slot]
    seat_keys: list[bytes]
    joint: bytes | None
    reshuffled: tuple[int, tuple[int, ...]] | None
    reshuffle_step: int
    reshuffles: list[HandReshuffle]
    """The hand's re-shuffles so far, in order (opened at the end of the hand)."""
    revealed: bool
    aborting: CheatDetected | None
    """The first cheat found (the hand stops), or None."""
    proven: dict[tuple[int, int], tuple[Any, frozenset[Card]]]
    """What the claim proofs of this hand showed: ``(seat, position) -> (ciphertext,
    cards)`` (:data:`p2pcards.table._claim_proofs.Proven`)."""

    @property
    def next_seq(self) -> int:
        """The sequence number of the next entry of the log."""

    @property
    def my_key(self) -> SeatKey | None:
        """This seat's ElGamal key (None: an observer)."""

    def restored(self, key: str) -> Any | None:
        """A secret persisted before a restart, or None."""

    def persist(self, key: str, value: Any) -> None:
        """Persist ``value`` under ``key`` (a Persist output) before anything is sent."""

    def emit(self, out: Output) -> None:
        """Append an output for the caller."""

    def gone(self, seq: int) -> frozenset[int]:
        """The seats that can no longer vote at a round starting at ``seq``: each signed a
        leave with a sequence number at most ``seq`` and wrote no entry at or after it."""

    def cheat(
        self,
        seat: int | None,
        seq: int | None,
        rule: str,
        detail: str,
        offence: Offence = Offence.PROTOCOL,
        **data: Any,
    ) -> None:
        """Report a cheat (the first one stops the hand); see :class:`CheatDetected`."""

    def apply(self, event: Any, seq: int | None) -> bool:
        """Apply an engine event; False (and a cheat) if the rules refuse it."""

    def secret(self, key: str, make: Callable[[], Any]) -> Any:
        """A persisted secret (after a restart) or a fresh one, persisted now."""

    def proof_ctx(self, seat: int, label: str) -> ProofContext:
        """The proof context of seat ``seat``'s proof at step ``label`` of this hand."""

    def stream(self, label: str) -> RandomBytes:
        """This seat's randomness for step ``label`` (derived from its persisted seed, so
        a restarted seat re-makes the same body)."""

    def checked(self, entry: Entry, check: Callable[[], Any]) -> Any:
        """``check()`` (the proof checks of ``entry``), or its result for the very same
        entry bytes checked before by a table sharing this one's cache."""

    def card_of(self, point: bytes) -> Card | None:
        """The card of a decrypted card point of this hand's decks (None: no card)."""

    def begin_hand(self, hand: int) -> None:
        """Start transcript hand ``hand``: new decks, positions and knowledge."""

    def add_deck(self, deck: Deck) -> None:
        """A new deck of the hand (its card points become decryptable)."""

    def end_of_hand(self, seq: int | None) -> None:
        """Check the claims of the hand with every card opened at its end."""

    def hand_abandoned(
        self, stalled: int, seq: int, reason: str = "stall", voters: Iterable[int] = ()
    ) -> None:
        """Record that the seats ``voters`` ended the hand without ``stalled`` (a forfeit
        with three or more seats, of every seat that did not vote too)."""


Alter = Callable[["TableCore", "Step", Any], Any]
"""Test seam (modified software): ``alter(table, step, honest_body)`` returns the body a
seat signs instead.  Set on :attr:`Table.alter <p2pcards.table.Table.alter>`."""


class Step:
    """One entry kind at one point of the game (subclass :class:`SingleStep` or
    :class:`RoundStep`).  ``kind`` is the entry kind; ``seats`` the seats that write;
    ``seq`` the sequence number of the entry being checked (blame for an error raised
    while finishing)."""

    kind: ClassVar[str]
    round: ClassVar[bool] = False
    seats: tuple[int, ...]
    seq: int | None = None
    start_seq: int = 0
    """The sequence number of the step's first entry (set when the step is made; it
    names the step in proof contexts and seeds: :attr:`label`)."""

    @property
    def label(self) -> str:
        """``"<kind> <start_seq>"``: unique in the log, the step label of its proofs."""
        return f"{self.kind} {self.start_seq}"

    def expect(self) -> Expect:
        """What the step waits for."""
        return Expect(self.seats, self.kind, self.round, self.about())

    def about(self) -> dict[str, Any]:
        """Structured detail of what the step waits for (see :class:`Expect`)."""
        return {}

    def body(self, t: TableCore) -> Any:
        """The body this seat signs (only called when this seat writes)."""
        raise NotImplementedError

    def own_body(self, t: TableCore, alter: Alter | None) -> Any:
        """The body this seat signs, passed through the test seam ``alter`` if set."""
        body = self.body(t)
        return alter(t, self, body) if alter is not None else body

    def check(self, t: TableCore, entry: Entry) -> None:
        """Check a received (or this seat's own) entry of this step; raises
        :class:`Blame` or a ``MentalPokerError`` when it breaks the step."""

    def finish(self, t: TableCore, entries: list[Entry]) -> Step | None:
        """The step is complete (``entries`` appended, in log order): feed the engine;
        return the next step of the same need, or None."""
        raise NotImplementedError

    def missing(self) -> tuple[int, ...]:
        """The seats whose entry has not arrived yet."""
        return self.seats

    def idle(self, t: TableCore) -> tuple[Any] | None:
        """No entry advanced the step: a chance to act before the table waits.  Returns
        ``(body,)`` for a body this seat signs and sends now, or None."""
        return None


class SingleStep(Step):
    """A step written by one seat (``seats == (author,)``).  ``auto``: this seat writes
    its body as soon as the step starts (False for a move, which the player decides)."""

    auto: ClassVar[bool] = True

    def __init__(self, author: int) -> None:
        self.seats = (author,)
        self.written = False

    @property
    def author(self) -> int:
        """The seat that writes this step."""
        return self.seats[0]


class RoundStep(Step):
    """A round: every seat of ``seats`` contributes at once (appended in seat order)."""

    round: ClassVar[bool] = True

    def __init__(self, seats: tuple[int, ...]) -> None:
        self.seats = seats
        self.rnd: Round | None = None
        """The contributions collected so far (opened by the table when the round
        starts)."""

    def missing(self) -> tuple[int, ...]:
        return self.rnd.missing if self.rnd is not None else self.seats
