"""mDNS discovery between separate processes, and joining without multicast (in netns)."""

from __future__ import annotations

import hashlib

from _netns import run_scenario
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from p2pcards import PROTOCOL_VERSION, net


def _fp(i: int) -> str:
    key = Ed25519PrivateKey.from_private_bytes(hashlib.sha256(b"node%d" % i).digest())
    return net.fingerprint(net.peer_id_of(key))


def test_table_appears_updates_is_renamed_and_disappears() -> None:
    out = run_scenario("discovery")
    assert out["host1_name"] == "Стол Пети"
    found = out["found"]
    assert found == {
        "event": "TableFound",
        "name": "Стол Пети",
        "game": "akulina",
        "taken": 1,
        "seats": 4,
        "host": "Петя",
        "fp": _fp(0),
        "table": "a1" * 8,
        "address": ["127.0.0.1", 42001],
        "version": PROTOCOL_VERSION,
    }
    assert out["updated_taken"] == 2  # TXT follows the seats
    assert out["host2_name"] == "Стол Пети-2"  # clash renamed, not fatal
    assert out["found2_host"] == "Вася"
    reason, seconds = out["lost1"]
    assert reason == "goodbye" and seconds < 3  # clean close: mDNS goodbye
    reason, seconds = out["lost2"]
    # killed host: no goodbye; dropped by our TCP liveness probe (every 0.3 s here),
    # not after the mDNS TTL of minutes
    assert reason.startswith("cannot reach 127.0.0.1:42002") and seconds < 3


def test_join_by_address_without_multicast() -> None:
    out = run_scenario("join_no_multicast", multicast=False)
    assert out["browsed"] == []  # mDNS cannot work here ...
    assert out["probe"] == {"name": "Стол Пети", "game": "akulina"}  # ... host:port does
    assert out["host_key_ok"] is True
    assert out["log"] == [f"entry {i}" for i in range(12)]
    assert out["host_exit"] == 0


async def test_a_resolve_finishing_while_browse_closes_is_not_an_error() -> None:
    """Was: a bot's ``find_table`` left its browse block while a resolve finished; the
    resolve loop reported the update into the closed events channel and the bot died of
    ``trio.ClosedResourceError`` (scripts/demo, under load)."""
    from p2pcards.net._browse import Browser, TableLost

    b = Browser(None, 1.0, 1.0)  # type: ignore[arg-type]  # (no zeroconf needed)
    b._events_send.close()
    await b._emit(TableLost("Стол", "goodbye"))  # no exception
