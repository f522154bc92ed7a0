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

from p2pcards.table import CheatDetected, Offence, Rejected, Table
from p2pcards.transcript import peek_entry, sign_entry
from tests.table.harness import Harness


def test_a_move_signed_twice_gets_only_its_author_blamed() -> None:
    full = Harness("akulina", 3, seed=5)
    full.run()
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
