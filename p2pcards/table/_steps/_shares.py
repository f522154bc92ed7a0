"""Decryption shares: dealing (``share``), opening (``open``) and the end of a hand
(``showdown``), each one round of proven shares (protocol/mental_poker_v2.md §7).

A step's *plan* lists positions with their recipient (a seat, or None for everyone).  A
seat publishes, in one body with one batched Chaum–Pedersen proof, its share of every
planned position that is not its own and that it has not published yet for the position's
current ciphertext.  Every share is checked when it arrives: a wrong share (or a share
under another key, or of another card) is blamed on its author at its entry.  So a whole
deal (every hand's cards at once) is one round, and opening a card held by seat ``j``
takes only ``j``'s share (the others are public since the deal).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from p2pcards.cards import Card
from p2pcards.games import Open, Opened, Reveal, Revealed
from p2pcards.mental_poker import (
    check_points,
    check_shares,
    decrypt,
    make_shares,
    own_decrypt,
    partial_decrypt,
)
from p2pcards.table._outputs import CardsOpened, YourCards
from p2pcards.table._steps._base import RoundStep, Step, TableCore

if TYPE_CHECKING:
    from p2pcards.transcript import Entry

Plan = list[tuple[int, int | None]]
"""``[(position, recipient or None for everyone), ...]`` in the order of the need(s)."""


def fresh(t: TableCore, p: int) -> bool:
    """True if no seat holds position ``p`` and no share of it is out."""
    slot = t.slots[p]
    return slot.owner is None and not slot.shares and slot.card is None


class SharesRound(RoundStep):
    """A round of decryption shares for ``plan`` (subclasses say what the cards feed).
    Body ``[[D…], [c, s]]`` of the author's positions, in plan order."""

    kind = "share"

    def __init__(self, t: TableCore, plan: Plan) -> None:
        self.plan = plan
        self.todo: dict[int, list[int]] = {}
        for s in range(t.seats):
            ps = [p for p, to in plan if to != s and s not in t.slots[p].shares]
            if ps:
                self.todo[s] = ps
        super().__init__(tuple(sorted(self.todo)))
        self.start_seq = t.next_seq

    def body(self, t: TableCore) -> Any:
        assert t.me is not None and t.my_key is not None
        c1s = [t.slots[p].ct[0] for p in self.todo[t.me]]
        return make_shares(t.proof_ctx(t.me, self.label), t.my_key, c1s, t.stream(self.label))

    def check(self, t: TableCore, entry: Entry) -> None:
        seat, ps = entry.seat, self.todo[entry.seat]
        c1s = [t.slots[p].ct[0] for p in ps]
        if seat == t.me:
            body = entry.body
            got = body[0] if isinstance(body, list) and body else None
            shares = check_points(got, len(ps), what="decryption share", seat=seat, step=self.label)
        else:
            ctx, key = t.proof_ctx(seat, self.label), t.seat_keys[seat]
            shares = t.checked(entry, lambda: check_shares(ctx, key, c1s, entry.body))
        for p, d in zip(ps, shares, strict=True):
            t.slots[p].shares[seat] = d

    def open_all(self, t: TableCore, positions: list[int]) -> dict[int, Card] | None:
        """Decrypt ``positions`` with every seat's share (None, and a cheat, if one is no
        card: impossible after proven steps)."""
        out: dict[int, Card] = {}
        for p in positions:
            slot = t.slots[p]
            card = t.card_of(decrypt(slot.ct, [slot.shares[s] for s in range(t.seats)]))
            if card is None:
                t.cheat(None, None, "mental poker", f"position {p} opens to no card")
                return None
            slot.card = card
            out[p] = card
        return out

    def mine(self, t: TableCore, positions: list[int]) -> dict[int, Card] | None:
        """Decrypt this seat's ``positions`` (every other share is in) privately."""
        assert t.me is not None and t.my_key is not None
        out: dict[int, Card] = {}
        for p in positions:
            slot = t.slots[p]
            w = partial_decrypt(slot.ct, [d for s, d in slot.shares.items() if s != t.me])
            card = t.card_of(own_decrypt(t.my_key, slot.ct, w))
            if card is None:
                t.cheat(None, None, "mental poker", f"position {p} decrypts to no card")
                return None
            out[p] = card
        return out


class ShareStep(SharesRound):
    """Dealing: every seat but the recipient of each position publishes its share of it.
    One step answers every ``Reveal`` need in a row whose cards are fresh (a whole deal:
    all hands in one round).  Each recipient then decrypts its cards alone
    (``YourCards``); feeds ``Revealed`` per need."""

    kind = "share"

    def __init__(self, t: TableCore, reveals: list[Reveal]) -> None:
        super().__init__(t, [(p, r.to) for r in reveals for p in r.positions])
        self.reveals = reveals
        self.applied = False
        """True for a deal: the engine took the ``Revealed`` events when the step began."""

    @classmethod
    def start(cls, t: TableCore, need: Reveal) -> Step:
        """The shares of ``need`` (and of the fresh Reveals right after it), or first the
        re-encryption of a card another seat holds (a card passed from hand to hand)."""
        from p2pcards.table._steps._pass import ReencryptStep

        held = [p for p in need.positions if t.slots[p].owner not in (None, need.to)]
        held = [p for p in held if t.slots[p].card is None]
        if held:
            return ReencryptStep.begin(t, need, held)
        reveals = [need]
        deal = bool(t.decks) and t.decks[-1].dealing
        if t.decks:
            t.decks[-1].dealing = False
        if not (deal and all(fresh(t, p) for p in need.positions)):
            return cls(t, reveals)
        # the deal: every Reveal in a row of fresh cards, in one round.  Revealed carries
        # no card, so the engine takes them now to name the next Reveal (the cards are
        # known to their seats when the round is complete).
        taken = set(need.positions)
        t.apply(Revealed(need.positions, need.to), None)
        nxt = t.engine.need()
        while isinstance(nxt, Reveal) and all(
            fresh(t, p) and p not in taken for p in nxt.positions
        ):
            reveals.append(nxt)
            taken.update(nxt.positions)
            t.apply(Revealed(nxt.positions, nxt.to), None)
            nxt = t.engine.need()
        step = cls(t, reveals)
        step.applied = True
        return step

    def about(self) -> dict[str, Any]:
        tos = sorted({r.to for r in self.reveals})
        return {
            "to": tos[0] if len(tos) == 1 else None,
            "positions": [p for r in self.reveals for p in r.positions],
        }

    def finish(self, t: TableCore, entries: list[Entry]) -> Step | None:
        seq = entries[-1].seq if entries else None
        for p, to in self.plan:
            t.slots[p].owner = to
        for r in self.reveals:
            if r.to == t.me:
                got = self.mine(t, list(r.positions))
                if got is None:
                    return None
                t.knowledge.update(got)
                t.emit(YourCards(r.positions, tuple(got[p] for p in r.positions)))
            if not self.applied and not t.apply(Revealed(r.positions, r.to), seq):
                return None
        return None


class OpenStep(SharesRound):
    """Opening positions to everyone: each seat whose share of a position is not out yet
    publishes it (for a card in a hand, only its holder).  Feeds ``Opened`` (and
    ``CardsOpened``)."""

    kind = "open"

    def __init__(self, t: TableCore, need: Open) -> None:
        super().__init__(t, [(p, None) for p in need.positions])
        self.need = need

    @classmethod
    def start(cls, t: TableCore, need: Open) -> OpenStep:
        """The open round of ``need``."""
        return cls(t, need)

    def about(self) -> dict[str, Any]:
        return {"positions": list(self.need.positions)}

    def finish(self, t: TableCore, entries: list[Entry]) -> Step | None:
        positions = self.need.positions
        got = self.open_all(t, list(positions))
        if got is None:
            return None
        cards = tuple(got[p] for p in positions)
        t.knowledge.update(got)
        if t.apply(Opened(positions, cards), entries[-1].seq if entries else None):
            t.emit(CardsOpened(positions, cards))
        return None


class ShowdownStep(SharesRound):
    """At the end of every hand, the cards still hidden in hands are opened (each holder's
    share, proven; no secret key is revealed) and the claims the moves made about them
    are checked (:meth:`TableCore.end_of_hand`)."""

    kind = "showdown"

    def __init__(self, t: TableCore) -> None:
        hidden = [p for p, s in sorted(t.slots.items()) if s.owner is not None and s.card is None]
        super().__init__(t, [(p, None) for p in hidden])
        self.hand = t.hand

    @classmethod
    def start(cls, t: TableCore) -> ShowdownStep:
        """The showdown of the current hand."""
        return cls(t)

    def about(self) -> dict[str, Any]:
        return {"hand": self.hand}

    def finish(self, t: TableCore, entries: list[Entry]) -> Step | None:
        got = self.open_all(t, [p for p, _ in self.plan])
        t.revealed = True
        if got is None:
            return None
        if t.reshuffles and t.aborting is None:
            from p2pcards.table._steps._order import ReshuffleOpenStep

            return ReshuffleOpenStep.start(t)  # (it checks the claims when complete)
        t.end_of_hand(entries[-1].seq if entries else None)
        return None
