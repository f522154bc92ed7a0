"""A hidden card passed from one hand to another (``reencrypt``; protocol/mental_poker_v2.md
§8): Thousand's cards given after the talon, any hand-to-hand pass.

Once a card was dealt to seat ``a``, every other seat's share of it is public, so ``a``'s
share would open it to everyone.  Before it goes to seat ``b`` the giver ``a`` re-encrypts
it (a fresh ciphertext of the same card, with a proof that it is one); then every seat but
``b`` publishes its share of the new ciphertext (:class:`ShareStep`), and only ``b``
learns the card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from p2pcards.games import Reveal
from p2pcards.mental_poker import Ciphertext, check_ciphertext, check_reencryption, reencrypt_proven
from p2pcards.table._steps._base import Blame, SingleStep, Step, TableCore

if TYPE_CHECKING:
    from p2pcards.transcript import Entry


class ReencryptStep(SingleStep):
    """The holder of ``positions`` re-encrypts each (body ``[[[C1', C2'], [c, s]] per
    position]``, in the need's order).  A ciphertext that is not proven a re-encryption of
    the card it holds (another card, a re-encryption under another key, the same
    ciphertext) is blamed on the giver at its entry.  Next: the shares for the receiver."""

    kind = "reencrypt"

    def __init__(self, holder: int, need: Reveal, positions: list[int]) -> None:
        super().__init__(holder)
        self.need = need
        self.positions = positions
        self.out: list[Ciphertext] = []

    @classmethod
    def begin(cls, t: TableCore, need: Reveal, held: list[int]) -> ReencryptStep:
        """The re-encryption by the holder of ``held[0]`` of its cards among ``held``."""
        holder = t.slots[held[0]].owner
        assert holder is not None
        step = cls(holder, need, [p for p in held if t.slots[p].owner == holder])
        step.start_seq = t.next_seq
        return step

    def about(self) -> dict[str, Any]:
        return {"seat": self.author, "to": self.need.to, "positions": list(self.positions)}

    def body(self, t: TableCore) -> Any:
        assert t.me is not None and t.joint is not None
        ctx, rnd = t.proof_ctx(t.me, self.label), t.stream(self.label)
        return [reencrypt_proven(ctx, t.joint, t.slots[p].ct, rnd)[1] for p in self.positions]

    def check(self, t: TableCore, entry: Entry) -> None:
        body, seat = entry.body, entry.seat
        if not isinstance(body, list) or len(body) != len(self.positions):
            raise Blame(self.kind, f"seat {seat}: malformed {self.kind!r} body")
        if seat == t.me:
            self.out = [
                check_ciphertext(b[0] if isinstance(b, list) and b else None,
                                 what="re-encrypted ciphertext", seat=seat, step=self.label)
                for b in body
            ]  # fmt: skip
            return
        assert t.joint is not None
        ctx, key = t.proof_ctx(seat, self.label), t.joint
        cts = [t.slots[p].ct for p in self.positions]
        self.out = t.checked(
            entry,
            lambda: [check_reencryption(ctx, key, ct, b) for ct, b in zip(cts, body, strict=True)],
        )

    def finish(self, t: TableCore, entries: list[Entry]) -> Step | None:
        from p2pcards.table._steps._shares import ShareStep

        for p, ct in zip(self.positions, self.out, strict=True):
            t.slots[p].renew(ct, None)
        return ShareStep.start(t, self.need)
