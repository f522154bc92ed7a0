"""A player's decision (``move``): the one step whose body a person chooses, with the
proofs of the claims about hidden cards it makes (``protocol/table.md`` §2)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from p2pcards.games import Claim, Decision, DecodeError, IllegalMove, Move
from p2pcards.table._claim_proofs import check_move, provable, prove_move, record
from p2pcards.table._outputs import MoveMade, Offence, YourTurn
from p2pcards.table._steps._base import Alter, Blame, SingleStep, Step, TableCore

if TYPE_CHECKING:
    from p2pcards.transcript import Entry


class MoveStep(SingleStep):
    """Seat ``need.seat`` decides (:meth:`decide`): body = the move encoded by
    ``encode_event``, or ``[that, [proof, ...]]`` when the move makes claims about the
    mover's hidden cards that are proven at once (:mod:`p2pcards.table._claim_proofs`:
    one CDS proof per such claim, in the engine's order), persisted before it is sent (a
    restarted seat sends the very same entry again).  Checked: it decodes to a move of its
    author; the rules engine then refuses a move broken in public; each claim it makes is
    proven (else a false claim blamed on the mover at this entry).  Feeds the move (and
    ``MoveMade``)."""

    kind = "move"
    auto = False

    def __init__(self, need: Decision, slot: int) -> None:
        super().__init__(need.seat)
        self.slot = slot
        self.sent = False
        self.turn_said = False
        self.move: Move | None = None
        self.proofs: list[Any] = []

    @classmethod
    def start(cls, t: TableCore, need: Decision) -> MoveStep:
        """The decision of ``need``, written at the next sequence number."""
        step = cls(need, t.next_seq)
        step.start_seq = step.slot
        return step

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
        after = t.engine.clone()
        n = len(after.claims())
        after.apply(move)
        try:
            proofs = prove_move(t, me, self.label, provable(t, me, after.claims()[n:]))
        except ValueError:
            raise IllegalMove(me, "claims", f"{move!r} makes a false claim") from None
        if proofs:
            body = [body, proofs]
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
        body, proofs = entry.body, []
        if isinstance(body, list) and len(body) == 2 and isinstance(body[0], list):
            body, proofs = body
            if not isinstance(proofs, list) or not proofs:
                raise Blame("move encoding", f"seat {seat}: the move's claim proofs are not a list")
        try:
            move = t.game.decode_event(body)
        except DecodeError as e:
            raise Blame("move encoding", f"seat {seat}: {e}") from None
        if not isinstance(move, Move) or move.seat != seat:
            raise Blame("move", f"seat {seat} wrote a move for another seat")
        self.move = move
        self.proofs = proofs

    def finish(self, t: TableCore, entries: list[Entry]) -> Step | None:
        move, entry = self.move, entries[-1]
        assert move is not None
        before = t.engine.view(move.seat if t.me is None else t.me, t.knowledge)
        n = len(t.engine.claims())
        if not t.apply(move, entry.seq):
            return None
        todo = provable(t, move.seat, t.engine.claims()[n:])
        if entry.seat != t.me and (todo or self.proofs):
            bad = t.checked(  # (False, not None: a success is cached too)
                entry, lambda: check_move(t, move.seat, self.label, todo, self.proofs) or False
            )
            if bad:
                self._not_proven(t, entry.seq, *bad)
                return None
        record(t, move.seat, todo)
        t.emit(MoveMade(move.seat, move, before))
        return None

    def _not_proven(self, t: TableCore, seq: int, claim: Claim | None, why: Exception) -> None:
        """The move's claim ``claim`` is not proven (``why``): a false claim at its entry."""
        seat = self.author
        if claim is None:
            t.cheat(seat, seq, "claims", f"seat {seat}: {why}", Offence.PROTOCOL)
            return
        t.cheat(
            seat,
            seq,
            claim.rule,
            f"{claim.kind} {dict(claim.about)}: not proven at its entry ({why})",
            Offence.FALSE_CLAIM,
            claim=claim,
        )
