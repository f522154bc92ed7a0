"""What one seat of Sunduchki sees: :class:`SunduchkiView` and the open :class:`Request`."""

from __future__ import annotations

from dataclasses import dataclass

from p2pcards.cards import Card, Rank, Suit
from p2pcards.games._state import View
from p2pcards.games.sunduchki._history import Note


@dataclass(frozen=True, slots=True)
class Request:
    """The request in progress: ``asker`` asks ``target`` about ``rank``.

    ``stage`` is the question awaiting an answer or a follow-up (1: "do you have?",
    2: "exactly ``count``?", 3: "the suits ``suits``?"); ``count``/``suits`` are None/()
    until asked.
    """

    asker: int
    target: int
    rank: Rank
    stage: int = 1
    count: int | None = None
    suits: tuple[Suit, ...] = ()

    def __deepcopy__(self, memo: dict[int, object]) -> Request:
        """Itself (immutable): an engine's clone copies no request."""
        return self


@dataclass(frozen=True)
class SunduchkiView(View):
    """One seat's view, enough for terminal play.

    ``by_rank``: the viewer's hand grouped by rank, ascending, each group sorted by
    suit; ``chests``: ranks set aside by each seat, in order; ``scores``: chests per
    seat; ``stock``: cards left in the stock; ``open_cards``: cards publicly known to be
    in each seat's hand (received through a request); ``request``: the request in
    progress or None; ``history``: every public fact so far; ``turn``: the seat whose
    turn it is (None before play and at the end); ``targets``: the seats the viewer may
    ask now (empty when it is not asking); ``in_play``: ranks not yet set aside;
    ``questions``: "three" or "one" (the scheme); ``dealer``: the first dealer.
    """

    dealer: int | None
    turn: int | None
    by_rank: tuple[tuple[Rank, tuple[Card, ...]], ...]
    chests: tuple[tuple[Rank, ...], ...]
    scores: tuple[int, ...]
    stock: int
    open_cards: tuple[tuple[Card, ...], ...]
    request: Request | None
    history: tuple[Note, ...]
    targets: tuple[int, ...]
    in_play: tuple[Rank, ...]
    questions: str
