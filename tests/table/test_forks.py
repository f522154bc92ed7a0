"""An entry signed on another version of the log is no proof against its signer.

A seat that equivocates (signs two versions of its entry N, one to some peers, one to
others) leaves the honest seats that saw the first version building on it: their next
entries name entry N's first version as ``prev``.  A peer that holds the second version
cannot tell from those entries alone whether their signers lied or an earlier author
equivocated, so it drops them (:class:`Rejected`, no accusation) and blames only the
equivocating seat, once the two versions of entry N meet.  Found by the table fuzzer
(``tests/reliability/fuzz_targets.TableFuzzer``): an honest seat was convicted of a
"broken hash chain" for a share built on the other version of a draw.
"""

from __future__ import annotations

from typing import Any

from p2pcards.table import Broadcast, CheatDetected, Fetch, Offence, Rejected, Table
from p2pcards.transcript import peek_entry, sign_entry
from tests.table.harness import Harness
from tests.table.test_equivocation_spread import CHEAT, Net, forked_key


class _Enough(Exception):
    pass


def _until_first_draw_shared(h: Harness, seat: int, t: Table, legal: list[Any]) -> Any:
    """The bots' moves until seat 0's log holds the first draw and the two shares after
    it (the rest of the game is not needed: 22 entries of 84, about 0.14 s of CPU less)."""
    bodies = [e.body for e in h.tables[0].log]
    if any(isinstance(b, list) and b[:2] == ["move", "draw"] and len(bodies) >= i + 3
           for i, b in enumerate(bodies)):  # fmt: skip
        raise _Enough
    return h.bot(t.view(), legal, h.bot_rngs[seat])


def test_a_move_signed_twice_gets_only_its_author_blamed() -> None:
    full = Harness("akulina", 3, seed=5, decide=_until_first_draw_shared)
    try:
        full.run()
    except _Enough:
        pass
    log = full.logs()[0]
    keys = [t._key for t in full.tables]  # type: ignore[misc]
    # the first draw: ['move', 'draw', seat, index], followed by the others' shares
    bodies = [peek_entry(raw).body for raw in log]
    k = next(i for i, b in enumerate(bodies) if isinstance(b, list) and b[:2] == ["move", "draw"])
    draw = peek_entry(log[k])
    after = [peek_entry(raw) for raw in log[k + 1 : k + 3]]
    assert all(e.seat != draw.seat and e.kind == "share" for e in after)
    other = [*draw.body[:3], 1 - draw.body[3]]  # the same draw, another card taken
    second = sign_entry(
        keys[draw.seat],
        table=draw.table,
        hand=draw.hand,
        seq=draw.seq,
        prev=draw.prev,
        seat=draw.seat,
        kind=draw.kind,
        body=other,
    ).raw

    obs = Table(log[0])  # a peer that is sent the second version
    for raw in log[1:k]:
        obs.receive(raw)
    for raw in log[k + 1 : k + 3]:  # the shares built on the first version arrive first
        assert obs.receive(raw) == []  # held: not the next entry yet
    outs = obs.receive(second)
    assert [o for o in outs if isinstance(o, CheatDetected)] == []
    dropped = [o for o in outs if isinstance(o, Rejected)]
    assert sorted(o.seat for o in dropped) == sorted(e.seat for e in after)
    assert all("another version" in o.reason for o in dropped)
    assert len(obs.log) == k + 1  # the second version is the one this peer holds

    outs = obs.receive(log[k])  # then the first version reaches it: the equivocation
    cheats = [o for o in outs if isinstance(o, CheatDetected)]
    assert [(c.seat, c.seq, c.offence) for c in cheats] == [
        (draw.seat, draw.seq, Offence.EQUIVOCATION)
    ]


class RelayFirst(Net):
    """The links of :class:`~tests.table.test_equivocation_spread.Net`, except that one
    link is slow: it delivers only when every other link is empty, and the others deliver
    in a fixed order.  The cheater's log gossip sends its forked version too (``fork``
    applies to what it pumps).  A cheater that relays entries on the other path is then
    faster than the honest author's own copies."""

    def __init__(self, h: Harness, fork: Any, slow: tuple[int, int]) -> None:
        super().__init__(h, fork, seed=0)
        self.slow = slow

    def send(self, seat: int, outs: list[Any]) -> None:
        super().send(seat, outs)
        for r in range(self.h.n):  # what the cheater's gossip pumps is forked as well
            if r != seat:
                q = self.links[seat, r]
                for i, (pumped, seq, data) in enumerate(q):
                    if pumped:
                        kind = peek_entry(data).kind
                        q[i] = (True, seq, self.fork(seat, r, Broadcast(data, seq, kind)))

    def run(self, steps: int = 20_000) -> None:
        for s, t in enumerate(self.h.tables):
            self.send(s, t.start())
        for _ in range(steps):
            busy = [k for k, q in self.links.items() if q]
            if not busy:
                return
            fast = [k for k in busy if k != self.slow]
            s, r = min(fast) if fast else self.slow
            pumped, seq, data = self.links[s, r].popleft()
            if pumped:
                self.heads[r, s] = max(self.heads[r, s], seq)
            self.send(r, self.h.tables[r].receive(data))
        raise AssertionError("the network did not quiet down")


def test_an_entry_relayed_ahead_of_the_contribution_it_was_built_on() -> None:
    """Seat 1 sends its seat key to seat 0 and another valid key to seat 2, and relays
    seat 0's first shuffle (made under the deck key of the first version) to seat 2
    before seat 0's own copy of that key arrives there (the link 0 -> 2 is slow).  Seat 2,
    which completed the key round with the second version, must not blame seat 0 for a
    shuffle that fails under its deck key: the shuffle's ``prev`` commits to every
    contribution of the round, so seat 2 sees it was built on another version of the
    round, drops it, and names seat 1 once the first version reaches it."""
    h = Harness("thousand", 3, seed=5, duplicate=0)  # (24 cards: cheap shuffles)
    RelayFirst(h, forked_key(h), slow=(0, 2)).run()
    key_seq = 4  # genesis, two accepts, seat 0's key, seat 1's key
    for s in (0, 2):
        cheats = h.cheats(s)
        assert cheats, f"seat {s} never named the cheater"
        assert [(c.seat, c.seq, c.offence) for c in cheats[:1]] == [
            (CHEAT, key_seq, Offence.EQUIVOCATION)
        ], cheats
        assert all(c.seat == CHEAT for c in cheats), cheats  # seat 0 is never blamed
        assert h.tables[s].halted
    # seat 2 dropped seat 0's shuffle, relayed ahead, as built on another round (until
    # protocol version 4 it blamed seat 0: "shuffle 6", the proof failing under its key)
    shuffle_seq = key_seq + 2
    dropped = [o for o in h.outputs[2] if isinstance(o, Rejected) and o.seat == 0]
    assert dropped and all(f"follows another version of entry {shuffle_seq - 1}" in o.reason
                           for o in dropped), dropped  # fmt: skip
    # both versions of seat 1's key are kept as evidence at seat 2 (it held the second)
    kept = {peek_entry(raw).seq for raw in h.evidence(2)}
    assert key_seq in kept


class LostPassOn(RelayFirst):
    """:class:`RelayFirst` where seat 0's link to seat 2 also loses everything seat 0
    sends before its first shuffle (its passed-on copies of the key round, the gossip),
    as with a link that broke and came back; a :class:`Fetch` is answered by the seat it
    asks, with its log's entries, on its link to the asker."""

    def send(self, seat: int, outs: list[Any]) -> None:
        super().send(seat, outs)
        q = self.links[0, 2]
        kept = [m for m in q if m[0] is None or m[1] >= 6]
        q.clear()
        q.extend(kept)
        for o in outs:
            if isinstance(o, Fetch):
                log = self.h.tables[o.seat].log
                for seq in range(o.first, o.last + 1):  # (None: an answer, never lost)
                    self.links[o.seat, seat].append((None, seq, log[seq].raw))  # type: ignore[arg-type]


def test_a_fork_whose_passed_on_copy_was_lost_is_fetched_from_the_author() -> None:
    """As above, but seat 0's copy of seat 1's first key never reaches seat 2: seat 2,
    which dropped seat 0's shuffle, asks seat 0 for the key round it was built on
    (entries 3..5) and, given them, names seat 1; without the fetch it would wait for a
    shuffle it cannot take and vote seat 0 out for stalling, with the cheater."""
    h = Harness("thousand", 3, seed=5, duplicate=0)
    LostPassOn(h, forked_key(h), slow=(0, 2)).run()
    assert [o for o in h.outputs[2] if isinstance(o, Fetch)] == [Fetch(0, 3, 5)]
    cheats = h.cheats(2)
    assert [(c.seat, c.seq, c.offence) for c in cheats[:1]] == [(CHEAT, 4, Offence.EQUIVOCATION)], (
        cheats
    )
    assert all(c.seat == CHEAT for c in cheats + h.cheats(0)), cheats
