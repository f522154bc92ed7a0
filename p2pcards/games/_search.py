"""Search budgets of the ``strong`` bots, by level (see ``docs/bots.md``).

A level fixes how much a strong bot thinks per decision: ``samples`` determinizations
(deals of the unseen cards consistent with the seat's view and the public history) and,
per sample, the search: ``exact_tricks`` (Thousand: with this many tricks or fewer left,
an exact alpha-beta search over the sample replaces the policy rollout) and
``rollouts`` (rollouts per candidate move and deal; today's rollout policies are
deterministic, so every strong bot plays one and this field is not read yet).
``easy`` is the game's ``basic`` bot and has no
budget.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Budget:
    """A strong bot's thinking budget per decision (see the module docstring)."""

    level: str
    samples: int
    exact_tricks: int
    rollouts: int


LEVELS: dict[str, Budget] = {
    "medium": Budget("medium", samples=8, exact_tricks=2, rollouts=1),
    "hard": Budget("hard", samples=24, exact_tricks=3, rollouts=2),
}
"""The budgets of the levels above ``easy``; ``strong`` is ``hard``."""
