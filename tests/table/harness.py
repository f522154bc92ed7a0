"""An in-memory table of N seats: each seat a Table, entries delivered in random order
with duplicates, bots deciding from their own view only.  No sockets, no clock."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from p2pcards.games import Move, encode_event, game_info
from p2pcards.mental_poker import x25519_keypair
from p2pcards.table import (
    Broadcast,
    CheatDetected,
    Evidence,
    Output,
    Persist,
    Step,
    Table,
    YourTurn,
)
from p2pcards.transcript import Genesis, SeatInfo, make_genesis, peek_entry


def make_seats(n: int, rng: random.Random) -> list[tuple[Ed25519PrivateKey, bytes, bytes]]:
    """``n`` seats' (identity key, X25519 secret, X25519 public), derived from ``rng``."""
    out = []
    for _ in range(n):
        key = Ed25519PrivateKey.from_private_bytes(rng.randbytes(32))
        sk, pk = x25519_keypair(rng.randbytes)
        out.append((key, sk, pk))
    return out


def make_genesis_bytes(
    game: str, seats: list[tuple[Ed25519PrivateKey, bytes, bytes]], table_id: bytes, **options: Any
) -> bytes:
    """The genesis entry signed by seat 0."""
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

    infos = tuple(
        SeatInfo(
            f"seat{i}",
            k.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw),
            pk,
        )
        for i, (k, _sk, pk) in enumerate(seats)
    )
    return make_genesis(seats[0][0], Genesis(table_id, game, options, infos)).raw


Tamper = Callable[["Harness", int, Broadcast], list[bytes]]
Cheat = Callable[[Table, str, Any], Any]
"""A seat running modified software: ``cheat(table, kind, honest_body)`` returns the body
it publishes instead (through the step seam :attr:`Table.alter`; a tampered pass keeps
the cheater's own record consistent with what it sent)."""


def cheat_through(cheat: Cheat) -> Any:
    """``cheat`` as a :attr:`Table.alter` seam."""

    def alter(t: Any, step: Step, body: Any) -> Any:
        return cheat(t, step.kind, body)

    return alter


def force_move(h: Harness, seat: int, t: Table, move: Move) -> None:
    """The seat's software writes ``move`` although its table would refuse it: it decides
    a legal move and the step seam swaps the body for ``move``'s."""
    legal = t.legal_moves()
    before = t.alter

    def swap(tt: Any, step: Step, body: Any) -> Any:
        tt.alter = before  # this move only
        return encode_event(move)

    t.alter = swap
    h.handle(seat, t.decide(legal[0]))


SECRET_OF = {"move": "move{seq}", "key": "seed", "shuffle": "seed", "share": "seed", "open": "seed",
             "reencrypt": "seed", "reshuffle": "seed", "lot": "seed", "lot-open": "seed",
             "showdown": "seed", "reshuffle-open": "seed"}  # fmt: skip
"""Entry kind -> the persisted secret (key prefix) its body depends on."""


def persisted_first(persisted: dict[str, Any], b: Broadcast) -> bool:
    """True if the secret ``b``'s body depends on was persisted before ``b`` was sent."""
    pattern = SECRET_OF.get(b.kind)
    if pattern is None:
        return True
    e = peek_entry(b.data)
    prefix = pattern.format(seq=e.seq, hand=e.hand)
    return any(k.startswith(prefix) for k in persisted)


@dataclass
class Harness:
    """Runs N tables in memory.  ``tamper(h, seat, broadcast)`` may replace what a seat
    sends (a cheating seat); it returns the list of byte strings actually sent."""

    game: str
    n: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    bots: str = "basic"
    duplicate: float = 0.1
    tamper: Tamper | None = None
    cheat: Cheat | None = None
    cheater: int = 1
    decide: Callable[[Harness, int, Table, list[Move]], Move] | None = None
    paused: set[int] = field(default_factory=set)  # seats whose player does not decide now
    down: set[int] = field(default_factory=set)  # dead seats: they receive nothing
    tables: list[Table] = field(init=False)
    outputs: list[list[Output]] = field(init=False)
    persisted: list[dict[str, Any]] = field(init=False)
    queue: list[tuple[int, bytes]] = field(init=False)  # (recipient, data)

    def __post_init__(self) -> None:
        rng = random.Random(self.seed)
        self.rng = rng
        seats = make_seats(self.n, rng)
        genesis = make_genesis_bytes(self.game, seats, rng.randbytes(16), **self.options)
        self.proof_cache: dict[bytes, Any] = {}
        self.tables = [
            Table(
                genesis,
                seat=i,
                identity=key,
                sealing_key=sk,
                random_bytes=random.Random(rng.getrandbits(64)).randbytes,
                proof_cache=self.proof_cache,
            )
            for i, (key, sk, _pk) in enumerate(seats)
        ]
        if self.cheat is not None:
            self.tables[self.cheater].alter = cheat_through(self.cheat)
        self.outputs = [[] for _ in range(self.n)]
        self.crashes = 0  # crash_and_restart calls so far
        self.persisted = [{} for _ in range(self.n)]
        self.queue = []
        self.bot = game_info(self.game).bots[self.bots]
        self.bot_rngs = [random.Random(rng.getrandbits(64)) for _ in range(self.n)]

    def handle(self, seat: int, outs: list[Output]) -> None:
        for o in outs:
            self.outputs[seat].append(o)
            if isinstance(o, Persist):
                self.persisted[seat][o.key] = o.data
            elif isinstance(o, Broadcast):
                own = peek_entry(o.data).seat == seat  # (else evidence passed on)
                assert not own or persisted_first(self.persisted[seat], o), f"{seat}: {o.seq}"
                sent = self.tamper(self, seat, o) if self.tamper else [o.data]
                for data in sent:
                    for r in range(self.n):
                        if r != seat:
                            self.queue.append((r, data))
                            if self.rng.random() < self.duplicate:
                                self.queue.append((r, data))

    def run(self, max_steps: int = 200_000, crash_at: dict[int, int] | None = None) -> None:
        """Deliver everything in random order and let bots decide, until quiet.
        ``crash_at``: step -> seat to crash and restart at that step."""
        for s, t in enumerate(self.tables):
            self.handle(s, t.start())
        for step in range(max_steps):
            if crash_at and step in crash_at:
                self.crash_and_restart(crash_at[step])
            if self.queue:
                i = self.rng.randrange(len(self.queue))
                self.queue[i], self.queue[-1] = self.queue[-1], self.queue[i]
                r, data = self.queue.pop()
                if r not in self.down:
                    self.handle(r, self.tables[r].receive(data))
                continue
            moved = False
            for s, t in enumerate(self.tables):
                if s in self.paused or s in self.down:
                    continue
                legal = t.legal_moves()
                if legal and t.may_decide:
                    if self.decide is not None:
                        move = self.decide(self, s, t, legal)
                    else:
                        move = self.bot(t.view(), legal, self.bot_rngs[s])
                    if move is not None:
                        self.handle(s, t.decide(move))
                    moved = True
                    break
            if not moved and not self._anti_entropy():
                return
        raise AssertionError("the table did not quiet down")

    def _anti_entropy(self) -> bool:
        """What the mesh's log gossip does: each table gets the log entries it lacks
        from the others.  True if anything was queued."""
        queued = False
        sent = self.__dict__.setdefault("_gossiped", {})
        for r, t in enumerate(self.tables):
            for s, o in enumerate(self.tables):
                if s in self.__dict__.get("silent", ()) or s in self.down:
                    continue  # a dead peer serves nothing
                start = max(len(t.log), sent.get((r, s), 0))
                if s != r and len(o.log) > start:
                    for e in list(o.log)[start:]:
                        self.queue.append((r, e.raw))
                        queued = True
                    sent[(r, s)] = len(o.log)
        return queued

    def crash_and_restart(self, seat: int) -> None:
        """Kill seat ``seat``'s table (losing everything not persisted) and start a new
        one from what was on its disk: the log entries and the persisted secrets.  The
        others then re-offer what they hold (as the mesh's catch-up does)."""
        self.crashes += 1
        old = self.tables[seat]
        disk_log = [e.raw for e in old.log]
        new = (type(old))(
            disk_log[0],
            seat=seat,
            identity=old._key,
            sealing_key=old.sealing,
            random_bytes=random.Random(self.rng.getrandbits(64)).randbytes,
            secrets=dict(self.persisted[seat]),
            proof_cache=self.proof_cache,
        )
        new.alter = old.alter
        self.tables[seat] = new
        self.queue = [(r, d) for r, d in self.queue if r != seat]
        for key in [k for k in self.__dict__.get("_gossiped", {}) if k[0] == seat]:
            del self.__dict__["_gossiped"][key]
        self.handle(seat, new.start())
        for raw in disk_log[1:]:
            self.handle(seat, new.receive(raw))
        for s, t in enumerate(self.tables):
            if s == seat:
                continue
            for e in t.log:
                self.queue.append((seat, e.raw))
            for e in t.pending.entries():
                self.queue.append((seat, e.raw))

    def cheats(self, seat: int) -> list[CheatDetected]:
        return [o for o in self.outputs[seat] if isinstance(o, CheatDetected)]

    def evidence(self, seat: int) -> list[bytes]:
        """The entries seat ``seat`` kept as evidence (its :class:`Evidence` outputs), in
        the order its session writes them to the log file."""
        return [raw for o in self.outputs[seat] if isinstance(o, Evidence) for raw in o.entries]

    def turns(self, seat: int) -> int:
        return sum(isinstance(o, YourTurn) for o in self.outputs[seat])

    def logs(self) -> list[list[bytes]]:
        return [[e.raw for e in t.log] for t in self.tables]
