"""Steps that no engine need asks for: the end-of-hand reveal and the abandon vote."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from p2pcards.table._steps._base import Blame, RoundStep, Step, TableCore

if TYPE_CHECKING:
    from p2pcards.transcript import Entry


class SecretsStep(RoundStep):
    """At the end of every hand (and of a stopped one) every seat reveals its secrets:
    ``{"decks": [ShuffleSecrets wire per deck], "orders": [[order, salt], ...]}``.  When
    all are in, the whole hand is verified (:meth:`TableCore.end_of_hand`)."""

    kind = "secrets"

    def __init__(self, seats: tuple[int, ...], hand: int) -> None:
        super().__init__(seats)
        self.hand = hand
        self.secrets: dict[int, Any] = {}

    @classmethod
    def start(cls, t: TableCore) -> SecretsStep:
        """The reveal of the current hand."""
        return cls(tuple(range(t.seats)), t.hand)

    def about(self) -> dict[str, Any]:
        return {"hand": self.hand}

    def body(self, t: TableCore) -> Any:
        return {
            "decks": [d.mine.to_wire() for d in t.decks if d.mine is not None],
            "orders": [o.to_wire() for o in t.my_orders],
        }

    def check(self, t: TableCore, entry: Entry) -> None:
        body = entry.body
        if (
            not isinstance(body, dict)
            or not isinstance(body.get("decks"), list)
            or not isinstance(body.get("orders"), list)
        ):
            raise Blame("secrets", f"seat {entry.seat}: malformed secrets")
        self.secrets[entry.seat] = body

    def finish(self, t: TableCore, entries: list[Entry]) -> Step | None:
        t.end_of_hand(self.secrets, entries[-1].seq)
        t.revealed = True
        return None


class AbandonStep(RoundStep):
    """Every seat but ``stalled`` votes to end the hand without it (body
    ``[stalled]``); when all votes are in the hand is abandoned."""

    kind = "abandon"

    def __init__(self, seats: tuple[int, ...], stalled: int) -> None:
        super().__init__(seats)
        self.stalled = stalled

    @classmethod
    def start(cls, t: TableCore, stalled: int) -> AbandonStep:
        """The vote against ``stalled``."""
        return cls(tuple(s for s in range(t.seats) if s != stalled), stalled)

    def about(self) -> dict[str, Any]:
        return {"stalled": self.stalled}

    def body(self, t: TableCore) -> Any:
        return [self.stalled]

    def check(self, t: TableCore, entry: Entry) -> None:
        if entry.body != [self.stalled]:
            raise Blame("abandon", f"seat {entry.seat}: malformed vote")

    def finish(self, t: TableCore, entries: list[Entry]) -> Step | None:
        t.hand_abandoned(self.stalled, entries[0].seq)
        return None
