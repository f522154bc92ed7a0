"""A restarted seat re-makes its own unlogged entries byte for byte, however often its
front end looked at the table before (a new user's trial, web: about one restart in five
ended in «ОБНАРУЖЕНО ЖУЛЬНИЧЕСТВО: Аня, правило «equivocation»: две разные подписанные
записи на одно место в журнале (запись 3)» against the honest host).  The host's page
asked ``may_decide`` while the second accept was still to come: that made the key step
then, its label ``"key 2"`` (the log's length then) seeding the proof's randomness; the
restarted host, asked nothing before its replay, made it at ``"key 3"``: the same key with
another proof, a second signed entry for position 3.  A step is made only once every
seat has accepted the genesis."""

from __future__ import annotations

import os
import random
from typing import Any

from p2pcards.table import Broadcast, Persist, Table
from tests.table.harness import make_genesis_bytes, make_seats


def _own_key_entry(outs: list[Any]) -> bytes:
    [b] = [o for o in outs if isinstance(o, Broadcast) and o.kind == "key"]
    return b.data


def test_a_front_end_polling_before_the_accepts_changes_no_entry() -> None:
    rng = random.Random(5)
    seats = make_seats(3, rng)
    genesis = make_genesis_bytes("thousand", seats, rng.randbytes(16))
    tables = [
        Table(genesis, seat=i, identity=k, sealing_key=sk, random_bytes=os.urandom)
        for i, (k, sk, _pk) in enumerate(seats)
    ]
    host = tables[0]
    persisted: dict[str, Any] = {}
    outs = host.start()
    accepts = [_accept(t) for t in tables[1:]]
    outs += host.receive(accepts[0])
    assert host.may_decide is False  # the page asks (before the second accept)
    assert host.legal_moves() == []
    outs += host.receive(accepts[1])
    for o in outs:
        if isinstance(o, Persist):
            persisted[o.key] = o.data
    sent = _own_key_entry(outs)
    k, sk, _pk = seats[0]
    again = Table(genesis, seat=0, identity=k, sealing_key=sk, random_bytes=os.urandom,
                  secrets=persisted)  # fmt: skip
    outs2 = again.start() + again.receive(accepts[0]) + again.receive(accepts[1])
    assert _own_key_entry(outs2) == sent


def _accept(t: Table) -> bytes:
    [b] = [o for o in t.start() if isinstance(o, Broadcast)]
    assert b.kind == "accept"
    return b.data
