"""Dealing positions to one seat: a round of sealed key shares, then its ``ack``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from p2pcards.cards import Card
from p2pcards.games import Reveal, Revealed
from p2pcards.mental_poker import MentalPokerError, open_key_shares, seal_key_shares, unlock
from p2pcards.table._outputs import CheatDetected, Offence, YourCards
from p2pcards.table._steps._base import Blame, RoundStep, SingleStep, Step, TableCore

if TYPE_CHECKING:
    from p2pcards.transcript import Entry


class ShareStep(RoundStep):
    """Every seat but the recipient ``need.to`` seals its keys of ``need.positions`` to
    it.  Body ``[to, [positions], [sealed per deck]]``; a malformed body is blamed at
    once.  The recipient opens each share as it arrives: a share that does not match its
    key commitment is reported (``CheatDetected``) and accused in its ``ack``; when all
    are in it unlocks its cards (``YourCards``).  Next: :class:`AckStep`."""

    kind = "share"

    def __init__(self, seats: tuple[int, ...], need: Reveal) -> None:
        super().__init__(seats)
        self.need = need
        self.keys: dict[int, dict[int, dict[int, bytes]]] = {}
        """deck (first position) -> position -> seat -> key, at the recipient."""

    @classmethod
    def start(cls, t: TableCore, need: Reveal) -> ShareStep:
        """The share round of ``need``."""
        return cls(tuple(s for s in range(t.seats) if s != need.to), need)

    def about(self) -> dict[str, Any]:
        return {"to": self.need.to, "positions": list(self.need.positions)}

    def body(self, t: TableCore) -> Any:
        need = self.need
        pk = t.genesis.seats[need.to].sealing
        groups = []
        for deck, ps in t.by_deck(need.positions):
            assert deck.mine is not None
            groups.append(seal_key_shares(deck.spec, deck.mine, need.to, pk, ps))
        return [need.to, list(need.positions), groups]

    def check(self, t: TableCore, entry: Entry) -> None:
        body, seat, need = entry.body, entry.seat, self.need
        groups = t.by_deck(need.positions)
        if (
            not isinstance(body, list)
            or len(body) != 3
            or body[0] != need.to
            or body[1] != list(need.positions)
            or not isinstance(body[2], list)
            or len(body[2]) != len(groups)
        ):
            raise Blame("share", f"seat {seat}: malformed key share")
        for (deck, ps), sealed in zip(groups, body[2], strict=True):
            if not isinstance(sealed, bytes):
                raise Blame("share", f"seat {seat}: malformed key share")
            deck.sealed.append((seat, need.to, tuple(ps), sealed))
            if need.to == t.me and seat != t.me and t.accuse is None:
                assert t.sealing is not None
                try:
                    keys = open_key_shares(deck.record, sealed, seat, need.to, t.sealing, ps)
                except MentalPokerError as e:
                    t.accuse = (seat, str(e))
                    t.emit(CheatDetected(seat, entry.seq, e.step, detail=str(e)))
                    continue
                store = self.keys.setdefault(deck.first, {})
                for p, k in keys.items():
                    store.setdefault(p, {})[seat] = k

    def finish(self, t: TableCore, entries: list[Entry]) -> Step | None:
        need = self.need
        if need.to == t.me and t.accuse is None:
            cards = self._unlock_mine(t)
            if cards is not None:
                t.emit(YourCards(need.positions, cards))
        return AckStep(need)

    def _unlock_mine(self, t: TableCore) -> tuple[Card, ...] | None:
        got: dict[int, Card] = {}
        me = t.me
        assert me is not None
        try:
            for deck, ps in t.by_deck(self.need.positions):
                assert deck.mine is not None
                keys = self.keys.setdefault(deck.first, {})
                for p in ps:
                    keys.setdefault(p, {})[me] = deck.mine.key(p)
                got.update(unlock(deck.record, {p: keys[p] for p in ps}))
        except MentalPokerError as e:
            t.accuse = (-1, str(e))
            t.emit(CheatDetected(None, None, "unlock", detail=str(e)))
            return None
        t.knowledge.update(got)
        return tuple(got[p] for p in self.need.positions)


class AckStep(SingleStep):
    """The recipient confirms it has its cards: body ``[]``, or ``["accuse", seat,
    reason]`` (seat −1: unknown) when a share was wrong, which stops the hand (the
    end-of-hand reveal decides who lied).  Feeds ``Revealed``."""

    kind = "ack"

    def __init__(self, need: Reveal) -> None:
        super().__init__(need.to)
        self.need = need
        self.accused: tuple[int, str] | None = None

    def about(self) -> dict[str, Any]:
        return {"to": self.need.to, "positions": list(self.need.positions)}

    def body(self, t: TableCore) -> Any:
        if t.accuse is not None:
            seat, why = t.accuse
            return ["accuse", seat, why]
        return []

    def check(self, t: TableCore, entry: Entry) -> None:
        body, seat = entry.body, entry.seat
        if body == []:
            return
        if (
            isinstance(body, list)
            and len(body) == 3
            and body[0] == "accuse"
            and isinstance(body[1], int)
            and -1 <= body[1] < t.seats
        ):
            self.accused = (body[1], str(body[2])[:200])
            return
        raise Blame(self.kind, f"seat {seat}: malformed {self.kind!r} body")

    def finish(self, t: TableCore, entries: list[Entry]) -> Step | None:
        need, seq = self.need, entries[-1].seq
        if self.accused is not None:
            seat, why = self.accused
            t.accuser = need.to
            t.cheat(
                seat if seat >= 0 else None,
                seq,
                "key share",
                f"seat {need.to} reports: {why}; the end-of-hand reveal decides",
                Offence.ACCUSED,
                about={"accuser": need.to},
            )
            return None
        t.apply(Revealed(need.positions, need.to), seq)
        return None
