"""A player's decision (``move``): the one step whose body a person chooses."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from p2pcards.games import Decision, DecodeError, IllegalMove, Move
from p2pcards.table._outputs import MoveMade, YourTurn
from p2pcards.table._steps._base import Alter, Blame, SingleStep, Step, TableCore

if TYPE_CHECKING:
    from p2pcards.transcript import Entry


class MoveStep(SingleStep):
    """Seat ``need.seat`` decides (:meth:`decide`): body = the move encoded by
    ``encode_event``, persisted before it is sent (a restarted seat sends the very same
    entry again).  Checked: it decodes to a move of its author; the rules engine then
    refuses a move broken in public.  Feeds the move (and ``MoveMade``)."""

    kind = "move"
    auto = False

    def __init__(self, need: Decision, slot: int) -> None:
        super().__init__(need.seat)
        self.slot = slot
        self.sent = False
        self.turn_said = False
        self.move: Move | None = None

    @classmethod
    def start(cls, t: TableCore, need: Decision) -> MoveStep:
        """The decision of ``need``, written at the next sequence number."""
        return cls(need, t.next_seq)

    @property
    def key(self) -> str:
        """Where the decided body is persisted."""
        return f"move{self.slot}"

    def about(self) -> dict[str, Any]:
        return {"seat": self.author}

    def decide(self, t: TableCore, move: Move, alter: Alter | None) -> Any:
        """The body for this seat's ``move`` (persisted).  Raises IllegalMove."""
        me = t.me
        if me is None or me != self.author:
            raise IllegalMove(me, "turn", "it is not your turn")
        if self.sent:
            raise IllegalMove(me, "turn", "the table is not waiting for your move")
        if move not in t.engine.legal_moves(me, t.knowledge):
            raise IllegalMove(me, "legal moves", f"{move!r} is not a legal move now")
        body = t.game.encode_event(move)
        if alter is not None:
            body = alter(t, self, body)
        t.persist(self.key, body)
        self.sent = True
        return body

    def idle(self, t: TableCore) -> tuple[Any] | None:
        if self.author != t.me:
            return None
        if not self.sent:
            body = t.restored(self.key)
            if body is not None:  # decided before a crash: send the very same entry
                self.sent = True
                return (body,)
        if not self.turn_said:
            self.turn_said = True
            t.emit(YourTurn(tuple(t.engine.legal_moves(self.author, t.knowledge))))
        return None

    def check(self, t: TableCore, entry: Entry) -> None:
        seat = entry.seat
        try:
            move = t.game.decode_event(entry.body)
        except DecodeError as e:
            raise Blame("move encoding", f"seat {seat}: {e}") from None
        if not isinstance(move, Move) or move.seat != seat:
            raise Blame("move", f"seat {seat} wrote a move for another seat")
        self.move = move

    def finish(self, t: TableCore, entries: list[Entry]) -> Step | None:
        move = self.move
        assert move is not None
        before = t.engine.view(move.seat if t.me is None else t.me, t.knowledge)
        if t.apply(move, entries[-1].seq):
            t.emit(MoveMade(move.seat, move, before))
        return None
