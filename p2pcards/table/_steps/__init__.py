"""Protocol steps: how the table answers one engine need with log entries.

One class per entry kind (``protocol/table.md`` §2 is the normative table; the bodies are
in ``protocol/mental_poker_v2.md``):

==============  =================  ==========================  =========================
kind            class              written by                  body
==============  =================  ==========================  =========================
key             KeyStep            round: every seat (once)    ``[Y, V, r]`` (§5)
shuffle         ShuffleStep        each seat in turn (N)       ``[deck', proof]`` (§9)
share           ShareStep          round: seats with shares    ``[[D…], [c, s]]`` (§7)
open            OpenStep           round: seats with shares    ``[[D…], [c, s]]`` (§7)
reencrypt       ReencryptStep      the card's holder           ``[[C', proof] …]`` (§8)
reshuffle       ReshuffleStep      the hand's holder           ``[hand', proof]`` (§9)
(take)          TakeStep           nobody (derived)            —
lot             LotShuffleStep     each seat in turn (N)       ``[tokens', proof]`` (§9)
lot-open        LotOpenStep        round: every seat           ``[[D], [c, s]]`` (§7)
move            MoveStep           the deciding seat           ``encode_event(move)``
showdown        ShowdownStep       round: seats with shares    ``[[D…], [c, s]]`` (§7)
reshuffle-open  ReshuffleOpenStep  round: seats that shuffled  ``[[psi, [r…]] …]``
abandon         AbandonStep        round: all but the stalled  ``[stalled, reason]``
==============  =================  ==========================  =========================

To add an entry kind: write one :class:`SingleStep` or :class:`RoundStep` subclass (its
``kind``, ``expect``/``about``, ``body``, ``check``, ``finish``) in the module
of its family and register it: one line in :data:`FIRST_STEP` when it answers a new
engine need, or return it from the ``finish`` of the step it follows.
"""

from p2pcards.table._steps._base import (
    Alter,
    Blame,
    Expect,
    RoundStep,
    SingleStep,
    Step,
    TableCore,
)
from p2pcards.table._steps._hand import Deck, HandReshuffle, Slot
from p2pcards.table._steps._keys import KEY_LABEL, KeyStep
from p2pcards.table._steps._move import MoveStep
from p2pcards.table._steps._order import ReshuffleOpenStep, ReshuffleStep, TakeStep
from p2pcards.table._steps._pass import ReencryptStep
from p2pcards.table._steps._random import FixedLot, LotOpenStep, LotShuffleStep
from p2pcards.table._steps._registry import FIRST_STEP, StepFactory, first_step
from p2pcards.table._steps._shares import OpenStep, SharesRound, ShareStep, ShowdownStep
from p2pcards.table._steps._shuffle import ShuffleStep
from p2pcards.table._steps._vote import REASONS, AbandonStep, vote_target

__all__ = [
    "FIRST_STEP",
    "KEY_LABEL",
    "REASONS",
    "AbandonStep",
    "Alter",
    "Blame",
    "Deck",
    "Expect",
    "FixedLot",
    "HandReshuffle",
    "KeyStep",
    "LotOpenStep",
    "LotShuffleStep",
    "MoveStep",
    "OpenStep",
    "ReencryptStep",
    "ReshuffleOpenStep",
    "ReshuffleStep",
    "RoundStep",
    "ShareStep",
    "SharesRound",
    "ShowdownStep",
    "ShuffleStep",
    "SingleStep",
    "Slot",
    "Step",
    "StepFactory",
    "TableCore",
    "TakeStep",
    "first_step",
    "vote_target",
]
