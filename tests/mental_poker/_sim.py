"""An in-memory run of the mental-poker protocol for tests: N seats, one deck."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import msgpack

from p2pcards.cards import Card, deck
from p2pcards.mental_poker import (
    DeckSpec,
    OpenShare,
    PublicShuffle,
    SealedShare,
    ShuffleSecrets,
    check_open_body,
    open_body,
    open_key_shares,
    seal_key_shares,
    unlock,
    x25519_keypair,
)

TABLE = bytes.fromhex("7461626c652d30303031")


def roundtrip(body: Any) -> Any:
    """What a peer gets after msgpack on the wire."""
    return msgpack.unpackb(msgpack.packb(body, use_bin_type=True), raw=False)


@dataclass
class Sim:
    """Every seat's record, secrets and knowledge; bodies travel through msgpack."""

    seats: int
    cards: int = 36
    seed: int = 0
    hand: int = 1
    first: int = 0
    spec: DeckSpec = field(init=False)
    records: list[PublicShuffle] = field(init=False)
    secrets: list[ShuffleSecrets] = field(init=False)
    sk: list[bytes] = field(init=False)
    pk: list[bytes] = field(init=False)
    knowledge: list[dict[int, Card]] = field(init=False)
    sealed: list[SealedShare] = field(init=False, default_factory=list)
    opens: list[OpenShare] = field(init=False, default_factory=list)
    published: list[Any] = field(init=False, default_factory=list)
    """The pass bodies as sent (what the transcript holds), in turn order."""

    def __post_init__(self) -> None:
        rng = random.Random(self.seed)
        self.spec = DeckSpec.make(TABLE, self.hand, self.seats, self.first, deck(self.cards))
        # One set of checked points for all in-process seats: each point is checked once.
        checked: set[bytes] = set()
        self.records = [PublicShuffle(self.spec, checked) for _ in range(self.seats)]
        self.secrets = [
            ShuffleSecrets.generate(self.spec, s, rng.randbytes) for s in range(self.seats)
        ]
        keys = [x25519_keypair(rng.randbytes) for _ in range(self.seats)]
        self.sk = [k[0] for k in keys]
        self.pk = [k[1] for k in keys]
        self.knowledge = [{} for _ in range(self.seats)]

    def publish(self, seat: int, body: Any) -> None:
        """Deliver a pass body from ``seat`` to every other seat's record."""
        for r, rec in enumerate(self.records):
            if r != seat:
                rec.accept(seat, roundtrip(body))

    def shuffle(self, tamper: Any = None) -> None:
        """Run both passes; ``tamper(pass_no, seat, body) -> body`` may alter a body."""
        while (t := self.records[0].turn) is not None:
            pass_no, seat = t
            body = self.records[seat].contribute(self.secrets[seat])
            if tamper is not None:
                body = tamper(pass_no, seat, body)
            self.published.append(body)
            self.publish(seat, body)

    def reveal(self, positions: list[int], to: int) -> dict[int, Card]:
        """Every other seat seals its keys to ``to``; ``to`` checks them and unlocks."""
        rec = self.records[to]
        keys: dict[int, dict[int, bytes]] = {p: {to: self.secrets[to].key(p)} for p in positions}
        for s in range(self.seats):
            if s == to:
                continue
            sealed = seal_key_shares(self.spec, self.secrets[s], to, self.pk[to], positions)
            self.sealed.append(SealedShare(s, to, tuple(positions), sealed))
            got = open_key_shares(rec, sealed, s, to, self.sk[to], positions)
            for p, k in got.items():
                keys[p][s] = k
        cards = unlock(rec, keys)
        self.knowledge[to].update(cards)
        return cards

    def open(self, positions: list[int]) -> list[dict[int, Card]]:
        """Every seat publishes its keys; every seat checks them and unlocks."""
        bodies = [
            roundtrip(open_body(self.spec, self.secrets[s], positions)) for s in range(self.seats)
        ]
        for s, b in enumerate(bodies):
            self.opens.append(OpenShare(s, tuple(positions), b))
        out = []
        for r, rec in enumerate(self.records):
            keys: dict[int, dict[int, bytes]] = {p: {} for p in positions}
            for s, b in enumerate(bodies):
                for p, k in check_open_body(rec, s, b, positions).items():
                    keys[p][s] = k
            cards = unlock(rec, keys)
            self.knowledge[r].update(cards)
            out.append(cards)
        return out

    def reveals(self) -> list[Any]:
        """Every seat's end-of-hand reveal as received."""
        return [roundtrip(s.to_wire()) for s in self.secrets]
