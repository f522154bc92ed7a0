"""Forks: a cheater signs two versions of one slot (or a valid entry for one seat and a
failing one for another) and sends one to each honest seat.  Every honest seat must name
the cheater and none may blame an honest seat (protocol/table.md §3, "Evidence" and
"Forks").

Until protocol version 5 the transcript did not chain the contributions of a round to one
another, so a seat that held one version saw nothing wrong; the log gossip brings the
other version to one of the two seats only (each pumps what it appends to peers that have
not said they hold it), and the peer layer sends a seat's own next entry directly, ahead
of that pump.  So before, an honest seat checked the next honest entry against the
version it held (a shuffle under a deck key that differs by the forked seat key, a turn
built on the other version) and blamed its honest author, or never named the cheater and
would have voted the seat that stopped out.  Now a seat passes on what it keeps as
evidence and the contributions of each round it completes, ahead of its own next entry;
the entry after a round names the link of all its contributions, and an entry built on
another version of the entries before it is proof of a fork, not of a cheat by its author
(a cheater relaying it ahead of those copies: ``tests/table/test_forks.py``).

The network here is the peer layer's, in order per link (TCP): ``Net`` below.  Proof
caches are not shared, as between separate processes.
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
        # as peer._session.handle: direct sends are queued as the outputs come, the
        # appended entries are written and announced to the mesh's pump after them
        self.h.outputs[seat].extend(outs)
        for r in range(self.h.n):
            if r == seat:
                continue
            for o in outs:
                if isinstance(o, Broadcast):
                    self.links[seat, r].append((False, o.seq, self.fork(seat, r, o)))
            for o in outs:
                if isinstance(o, Appended) and o.seq > self.heads[seat, r]:
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


def first_shuffle_of(h: Harness, seat: int) -> int:
    """The sequence number of ``seat``'s first shuffle entry (as it sent it)."""
    return next(
        o.seq
        for o in h.outputs[seat]
        if isinstance(o, Broadcast) and o.kind == "shuffle" and peek_entry(o.data).seat == seat
    )


def forked_key(h: Harness) -> Any:
    """Seat 1 sends its real key round contribution to seat 0 and another key, with a
    valid proof of knowledge, to seat 2 (both validly signed)."""
    other: dict[int, bytes] = {}

    def fork(seat: int, r: int, o: Broadcast) -> bytes:
        if seat != CHEAT or o.kind != "key" or r != 2 or peek_entry(o.data).seat != CHEAT:
            return o.data  # (also what it passes on of the others' entries)
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


@pytest.mark.parametrize("order", [0])  # a link order that went wrong before
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
        if seat != CHEAT or o.kind != "shuffle" or r != 2 or peek_entry(o.data).seat != CHEAT:
            return o.data
        e, t = peek_entry(o.data), h.tables[CHEAT]
        deck = e.body[0]
        assert t._key is not None
        return sign_entry(
            t._key, table=e.table, hand=e.hand, seq=e.seq, prev=e.prev, seat=CHEAT,
            kind="shuffle", body=[[deck[1], deck[0], *deck[2:]], e.body[1]],
        ).raw  # fmt: skip

    return fork


@pytest.mark.parametrize("order", [2])
def test_a_bad_entry_sent_to_one_seat_only_is_named_by_every_honest_seat(order: int) -> None:
    """Without the evidence passed on, seat 0 would take the honest version, wait for
    seat 2 (which stopped at the bad one) and vote it out with the cheater."""
    h = Harness("thousand", 3, seed=5, duplicate=0)  # (24 cards: cheap shuffles)
    Net(h, bad_shuffle_to_seat_2(h), seed=order).run()
    shuffle_seq = first_shuffle_of(h, CHEAT)
    for s in (0, 2):
        cheats = h.cheats(s)
        assert cheats, f"seat {s} never named the cheater"
        assert all(c.seat == CHEAT for c in cheats), cheats
        assert cheats[0].seq == shuffle_seq, cheats[0]
    for s in (0, 2):  # the bad proof, or the two versions when the other came first
        assert h.cheats(s)[0].offence in (Offence.EQUIVOCATION, Offence.PROTOCOL)


def two_valid_shuffles(h: Harness) -> Any:
    """Seat 1 sends its shuffle to seat 0 and another valid shuffle of the same deck
    (other randomness) to seat 2: seat 2 then shuffles on top of the version seat 0
    never saw."""
    other: dict[int, bytes] = {}

    def fork(seat: int, r: int, o: Broadcast) -> bytes:
        if seat != CHEAT or o.kind != "shuffle" or r != 2 or peek_entry(o.data).seat != CHEAT:
            return o.data
        if o.seq not in other:
            from p2pcards.mental_poker import shuffle_proven

            e, t = peek_entry(o.data), h.tables[CHEAT]
            assert t._key is not None and t.joint is not None
            deck_in = [(c1, c2) for c1, c2 in t.log[e.seq - 1].body[0]]  # seat 0's output
            ctx = t.proof_ctx(CHEAT, f"shuffle {e.seq}")
            body = shuffle_proven(ctx, t.joint, deck_in, t.stream("other"))[1]
            other[o.seq] = sign_entry(
                t._key, table=e.table, hand=e.hand, seq=e.seq, prev=e.prev, seat=CHEAT,
                kind="shuffle", body=body,
            ).raw  # fmt: skip
        return other[o.seq]

    return fork


@pytest.mark.parametrize("order", [1])
def test_a_turn_sent_in_two_valid_versions_is_named_by_every_honest_seat(order: int) -> None:
    h = Harness("thousand", 3, seed=5, duplicate=0)
    Net(h, two_valid_shuffles(h), seed=order).run()
    seq = first_shuffle_of(h, CHEAT)
    for s in (0, 2):
        cheats = h.cheats(s)
        assert cheats, f"seat {s} never named the cheater"
        assert all(c.seat == CHEAT for c in cheats), cheats
        assert (cheats[0].seq, cheats[0].offence) == (seq, Offence.EQUIVOCATION), cheats[0]
