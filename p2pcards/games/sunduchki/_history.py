"""The public history of a game of Sunduchki: every question, answer, draw and chest.

A :class:`Note` is one public fact, in order (``p2pcards.ui.sunduchki`` puts it in
words).  Bots read the history to infer what each opponent holds.
"""

from __future__ import annotations

from dataclasses import dataclass

from p2pcards.cards import Card, Rank, Suit

KINDS = ("ask", "count", "suits", "answer", "draw", "chest", "pass", "skip", "nodraw", "end")
"""Note kinds: ``ask`` (question 1), ``count`` (question 2), ``suits`` (question 3),
``answer`` (``yes``; ``cards`` when cards pass), ``draw`` (a hidden card from the stock),
``chest`` (a chest set aside), ``pass`` (no opponent has cards), ``skip`` (empty hand
and empty stock), ``nodraw`` (a "no" with the stock empty), ``end`` (game over)."""


@dataclass(frozen=True, slots=True)
class Note:
    """One public fact.  ``seat`` acted; ``target`` is the asked seat (ask/answer);
    ``stage`` is the question number 1..3 an answer replies to (1 in the one-question
    scheme); ``cards`` are cards that changed hands or were set aside."""

    kind: str
    seat: int
    target: int | None = None
    rank: Rank | None = None
    count: int | None = None
    suits: tuple[Suit, ...] = ()
    yes: bool | None = None
    stage: int = 0
    cards: tuple[Card, ...] = ()

    def __deepcopy__(self, memo: dict[int, object]) -> Note:
        """Itself (immutable): an engine's clone copies no note."""
        return self
