"""Protocol steps: how the table answers one engine need with log entries.

One class per entry kind (``protocol/table.md`` §2 is the normative table):

============  ==================  =========================  ==========================
kind          class               written by                 body
============  ==================  =========================  ==========================
pass          PassStep            each seat in turn (2N)     SPEC §5.2 / §5.3
share         ShareStep           round: every seat but t    ``[t, [positions], sealed]``
ack           AckStep             the recipient t            ``[]`` or ``["accuse", …]``
open          OpenStep            round: every seat          ``[open body per deck]``
rcommit       RCommitStep         round: every seat          32-byte commitment
rvalue        RValueStep          round: every seat          32-byte value
order         OrderStep           the holder                 32-byte commitment
taken         TakenStep           the holder                 the position handed over
move          MoveStep            the deciding seat          ``encode_event(move)``
secrets       SecretsStep         round: every seat          ``{"decks": …, "orders": …}``
abandon       AbandonStep         round: all but the stalled ``[stalled]``
============  ==================  =========================  ==========================

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
from p2pcards.table._steps._control import AbandonStep, SecretsStep
from p2pcards.table._steps._hand import Deck, OrderCommit
from p2pcards.table._steps._move import MoveStep
from p2pcards.table._steps._open import OpenStep
from p2pcards.table._steps._order import OrderStep, TakenStep
from p2pcards.table._steps._random import RCommitStep, RValueStep
from p2pcards.table._steps._registry import FIRST_STEP, StepFactory, first_step
from p2pcards.table._steps._reveal import AckStep, ShareStep
from p2pcards.table._steps._shuffle import PassStep

__all__ = [
    "FIRST_STEP",
    "AbandonStep",
    "AckStep",
    "Alter",
    "Blame",
    "Deck",
    "Expect",
    "MoveStep",
    "OpenStep",
    "OrderCommit",
    "OrderStep",
    "PassStep",
    "RCommitStep",
    "RValueStep",
    "RoundStep",
    "SecretsStep",
    "ShareStep",
    "SingleStep",
    "Step",
    "StepFactory",
    "TableCore",
    "TakenStep",
    "first_step",
]
