"""No secret key is ever published (issue 12, "Done when"): after an honest hand of each
game, none of a seat's secrets — its ElGamal key ``x_i``, the seed every randomizer and
proof nonce is derived from, its Ed25519 identity key and its X25519 sealing key — occurs
in any byte string any seat sent, nor in any log.  They stay in the seat's persisted
secrets only."""

from __future__ import annotations

import random

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from p2pcards.table import Broadcast
from p2pcards.table._table import SEED_KEY
from tests.table.harness import Harness, make_seats

GAMES = [
    ("akulina", 3, {}),
    ("thousand", 3, {"max_hands": 1}),
    ("101", 2, {"max_rounds": 1}),
    ("sunduchki", 3, {}),
]


@pytest.mark.parametrize(("game", "seats", "options"), GAMES, ids=[g for g, _, _ in GAMES])
def test_no_secret_in_any_message_or_log(game: str, seats: int, options: dict) -> None:  # type: ignore[type-arg]
    h = Harness(game, seats, seed=41, options=options)
    h.run()
    assert all(t.finished for t in h.tables)
    secrets: dict[str, bytes] = {}
    identities = make_seats(seats, random.Random(41))  # the harness's own seats
    for s, t in enumerate(h.tables):
        assert t.my_key is not None
        secrets[f"seat {s} ElGamal key"] = t.my_key.secret
        secrets[f"seat {s} seed"] = h.persisted[s][SEED_KEY]
        key, sealing, _public = identities[s]
        assert isinstance(key, Ed25519PrivateKey)
        secrets[f"seat {s} identity key"] = key.private_bytes_raw()
        secrets[f"seat {s} sealing key"] = sealing
    assert all(len(v) == 32 for v in secrets.values())
    sent = [o.data for outs in h.outputs for o in outs if isinstance(o, Broadcast)]
    logs = [raw for log in h.logs() for raw in log]
    assert len(sent) > 10 and len(logs) > 10
    wire = b"\x00".join(sent + logs)
    found = [name for name, value in secrets.items() if value in wire]
    assert found == []
    # the scan sees what is published: every seat's public key, as raw bytes
    assert all(t.my_key is not None and t.my_key.public in wire for t in h.tables)
