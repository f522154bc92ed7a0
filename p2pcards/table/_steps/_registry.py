"""Which step answers which engine need: adding an entry kind that answers a new need is
its class plus one line here (a kind that follows another, like ``lot-open`` after the
last ``lot``, is returned by the earlier step's ``finish`` instead)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from p2pcards.games import CommitOrder, Decision, Open, Random, Reveal, Shuffle, TakeHidden
from p2pcards.table._steps._base import Step, TableCore
from p2pcards.table._steps._move import MoveStep
from p2pcards.table._steps._order import ReshuffleStep, TakeStep
from p2pcards.table._steps._random import LotShuffleStep
from p2pcards.table._steps._shares import OpenStep, ShareStep
from p2pcards.table._steps._shuffle import ShuffleStep

StepFactory = Callable[[TableCore, Any], Step]
"""``factory(table, need)``: the first step that answers ``need``."""

FIRST_STEP: dict[type, StepFactory] = {
    Shuffle: ShuffleStep.start,
    Reveal: ShareStep.start,
    Open: OpenStep.start,
    Random: LotShuffleStep.start,
    CommitOrder: ReshuffleStep.start,
    TakeHidden: TakeStep.start,
    Decision: MoveStep.start,
}
"""Engine need type -> the factory of its first step."""


def first_step(t: TableCore, need: Any) -> Step:
    """The first step answering ``need``.  Raises AssertionError for an unknown need."""
    factory = FIRST_STEP.get(type(need))
    if factory is None:
        raise AssertionError(f"unknown need {need!r}")
    return factory(t, need)
