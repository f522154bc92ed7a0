"""Which step answers which engine need: adding an entry kind that answers a new need is
its class plus one line here (a kind that follows another, like ``ack`` after ``share``,
is returned by the earlier step's ``finish`` instead)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from p2pcards.games import CommitOrder, Decision, Open, Random, Reveal, Shuffle, TakeHidden
from p2pcards.table._steps._base import Step, TableCore
from p2pcards.table._steps._move import MoveStep
from p2pcards.table._steps._open import OpenStep
from p2pcards.table._steps._order import OrderStep, TakenStep
from p2pcards.table._steps._random import RCommitStep
from p2pcards.table._steps._reveal import ShareStep
from p2pcards.table._steps._shuffle import PassStep

StepFactory = Callable[[TableCore, Any], Step]
"""``factory(table, need)``: the first step that answers ``need``."""

FIRST_STEP: dict[type, StepFactory] = {
    Shuffle: PassStep.start,
    Reveal: ShareStep.start,
    Open: OpenStep.start,
    Random: RCommitStep.start,
    CommitOrder: OrderStep.start,
    TakeHidden: TakenStep.start,
    Decision: MoveStep.start,
}
"""Engine need type -> the factory of its first step."""


def first_step(t: TableCore, need: Any) -> Step:
    """The first step answering ``need``.  Raises AssertionError for an unknown need."""
    factory = FIRST_STEP.get(type(need))
    if factory is None:
        raise AssertionError(f"unknown need {need!r}")
    return factory(t, need)
