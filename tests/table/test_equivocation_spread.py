"""An equivocation seen by one honest seat reaches every honest seat, and no honest seat is
blamed for it (protocol/table.md §3, "Evidence": a seat passes on the entries it keeps as
evidence).

The cheater signs two different valid bodies for one slot and sends one to each honest
seat.  The transcript does not chain the contributions of a round to each other, so an
honest seat holding only one version finds nothing wrong with it; what reveals the fork
is the mesh's log gossip (each peer pumps what it appends to the others), and only to
the seat that receives the other version.  Without passing the evidence on, the other
honest seat never names the cheater: it waits for the seat that stopped and, at a 3-seat
table, votes it out with the cheater's help (the honest seat forfeits).

The network here is what the peer layer does, in order per link (TCP): a Broadcast goes
to every other seat, each appended entry is pumped to the peers that have not said they
hold it (the mesh's log gossip, ``net.Connection``).  Proof caches are not shared, as
between separate processes.
"""

from __future__ import annotations

import random
from collections import deque
from typing import Any

import pytest

from p2pcards.mental_poker import ProofContext, SeatKey
from p2pcards.table import Appended, Broadcast, CheatDetected, Offence
from p2pcards.transcript import peek_entry, sign_entry
from tests.table.harness import Harness

CHEAT = 1


class Net:
    """FIFO links between the tables of ``h`` carrying what the peer layer sends: direct
    sends (every Broadcast to every other seat; ``fork(seat, r, broadcast)`` may give each
    receiver its own bytes: the cheater) and the mesh's log gossip (``net.Connection``:
    each appended entry is pumped to a peer unless that peer already pumped us an entry
    at least as far, i.e. told us it holds it)."""

    def __init__(self, h: Harness, fork: Any, seed: int) -> None:
        self.h, self.fork = h, fork
        self.links: dict[tuple[int, int], deque[tuple[bool, int, bytes]]] = {
            (s, r): deque() for s in range(h.n) for r in range(h.n) if s != r
        }
        self.heads = {k: -1 for k in self.links}  # (s, r): the head r told s it holds
        self.rng = random.Random(seed)
        for t in h.tables:
            t._cache = None  # separate processes share no proof cache

    def send(self, seat: int, outs: list[Any]) -> None:
        for o in outs:
            self.h.outputs[seat].append(o)
            for r in range(self.h.n):
                if r == seat:
                    continue
                if isinstance(o, Broadcast):
                    self.links[seat, r].append((False, o.seq, self.fork(seat, r, o)))
                elif isinstance(o, Appended) and o.seq > self.heads[seat, r]:
                    self.links[seat, r].append((True, o.seq, o.data))

    def run(self, steps: int = 20_000) -> None:
        for s, t in enumerate(self.h.tables):
            self.send(s, t.start())
        for _ in range(steps):
            busy = [k for k, q in self.links.items() if q]
            if not busy:
                return
            s, r = self.rng.choice(busy)
            pumped, seq, data = self.links[s, r].popleft()
            if pumped:
                self.heads[r, s] = max(self.heads[r, s], seq)
            self.send(r, self.h.tables[r].receive(data))
        raise AssertionError("the network did not quiet down")


def forked_key(h: Harness) -> Any:
    """Seat 1 sends its real key round contribution to seat 0 and another key, with a
    valid proof of knowledge, to seat 2 (both validly signed)."""
    other: dict[int, bytes] = {}

    def fork(seat: int, r: int, o: Broadcast) -> bytes:
        if seat != CHEAT or o.kind != "key" or r != 2:
            return o.data
        if o.seq not in other:
            e, t = peek_entry(o.data), h.tables[CHEAT]
            key = SeatKey.generate(random.Random(99).randbytes)
            body = key.publish(ProofContext(t.table_id, 0, CHEAT, "seat key"), t.stream("x"))
            assert t._key is not None
            other[o.seq] = sign_entry(
                t._key, table=e.table, hand=e.hand, seq=e.seq, prev=e.prev, seat=CHEAT,
                kind="key", body=body,
            ).raw  # fmt: skip
        return other[o.seq]

    return fork


@pytest.mark.parametrize("order", [2, 6])  # two link orders where one seat sees the fork
def test_a_key_sent_in_two_versions_is_named_by_every_honest_seat(order: int) -> None:
    h = Harness("akulina", 3, seed=5, duplicate=0)
    Net(h, forked_key(h), seed=order).run()
    key_seq = 4  # genesis, two accepts, seat 0's key, seat 1's key
    for s in (0, 2):
        cheats: list[CheatDetected] = h.cheats(s)
        assert cheats, f"seat {s} never named the cheater"
        assert all(c.seat == CHEAT for c in cheats), cheats  # nobody honest is blamed
        first = cheats[0]
        assert (first.seq, first.offence) == (key_seq, Offence.EQUIVOCATION), first
        assert h.tables[s].halted
        assert not any(isinstance(o, Broadcast) and o.kind == "shuffle" for o in h.outputs[2])


def bad_shuffle_to_seat_2(h: Harness) -> Any:
    """Seat 1 sends its honest shuffle to seat 0 and, to seat 2 alone, the same entry with
    two ciphertexts swapped (validly signed, so its proof fails at seat 2)."""

    def fork(seat: int, r: int, o: Broadcast) -> bytes:
        if seat != CHEAT or o.kind != "shuffle" or r != 2:
            return o.data
        e, t = peek_entry(o.data), h.tables[CHEAT]
        deck = e.body[0]
        assert t._key is not None
        return sign_entry(
            t._key, table=e.table, hand=e.hand, seq=e.seq, prev=e.prev, seat=CHEAT,
            kind="shuffle", body=[[deck[1], deck[0], *deck[2:]], e.body[1]],
        ).raw  # fmt: skip

    return fork


@pytest.mark.parametrize("order", [0, 1])
def test_a_bad_entry_sent_to_one_seat_only_is_named_by_every_honest_seat(order: int) -> None:
    """Without the evidence passed on, seat 0 would take the honest version, wait for
    seat 2 (which stopped at the bad one) and vote it out with the cheater."""
    h = Harness("akulina", 3, seed=5, duplicate=0)
    Net(h, bad_shuffle_to_seat_2(h), seed=order).run()
    shuffle_seq = 7  # genesis, two accepts, three keys, seat 0's shuffle
    for s in (0, 2):
        cheats = h.cheats(s)
        assert cheats, f"seat {s} never named the cheater"
        assert all(c.seat == CHEAT for c in cheats), cheats
        assert cheats[0].seq == shuffle_seq, cheats[0]
    assert h.cheats(2)[0].offence == Offence.PROTOCOL  # the bad proof, at seat 2
    # seat 0: the two versions, or the bad proof when the passed-on copy came first
    assert h.cheats(0)[0].offence in (Offence.EQUIVOCATION, Offence.PROTOCOL)
