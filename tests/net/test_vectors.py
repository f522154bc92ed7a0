"""``protocol/vectors/handshake.json`` (SPEC.md §15) reproduced byte for byte, and read
back by each side as an independent implementation would."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import msgpack
import pytest

from p2pcards import net
from p2pcards.net import _noise

VECTORS = Path(__file__).resolve().parents[2] / "protocol" / "vectors"
VECTOR = json.loads((VECTORS / "handshake.json").read_text())


def build() -> object:
    spec = importlib.util.spec_from_file_location("generate_net", VECTORS / "generate_net.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.build()


def _responder() -> _noise.NoiseHandshake:
    keys = VECTOR["responder"]
    return _noise.NoiseHandshake(
        bytes.fromhex(VECTOR["table_id"]),
        initiator=False,
        static=bytes.fromhex(keys["static_private"]),
        ephemeral=bytes.fromhex(keys["ephemeral_private"]),
    )


def test_vector_file_is_what_the_code_produces() -> None:
    assert build() == VECTOR


def test_vector_read_back_with_the_documented_checks() -> None:
    v = {k: bytes.fromhex(x) if isinstance(x, str) and k != "protocol_name" else x
         for k, x in VECTOR.items()}  # fmt: skip
    table = v["table_id"]
    assert v["prologue"] == msgpack.packb(["p2pcards-net", 5, table])
    for side, role in (("initiator", "initiator"), ("responder", "responder")):
        s = VECTOR[side]
        static = bytes.fromhex(s["static_public"])
        signed = msgpack.packb(["p2pcards-net-static", 5, table, role, static])
        assert signed.hex() == s["signed"]
        proof = _noise.verify_payload(bytes.fromhex(s["payload"]), table, role, static)
        assert proof == _noise.PeerProof(bytes.fromhex(s["identity"]), s["listen_port"],
                                         s["head"])  # fmt: skip
    # a responder with the vector's keys reads messages 1 and 3 and gets the payloads
    r = _responder()
    assert r.read(v["message1"]) == b""
    assert r.write(bytes.fromhex(VECTOR["responder"]["payload"])) == v["message2"]
    assert r.read(v["message3"]).hex() == VECTOR["initiator"]["payload"]
    assert r.remote_static == bytes.fromhex(VECTOR["initiator"]["static_public"])
    assert r.handshake_hash == v["handshake_hash"]
    t = r.transport()
    assert t.seal(v["welcome_plaintext"]) == v["welcome_record"]
    t.feed(v["ping_record"])
    assert t.next_plaintext() == v["ping_plaintext"]


def test_vector_mutations_fail() -> None:
    """Any changed byte of message 3 fails at the responder (soundness of the vector)."""
    m3 = bytes.fromhex(VECTOR["message3"])
    for i in range(0, len(m3), 7):
        r = _responder()
        r.read(bytes.fromhex(VECTOR["message1"]))
        r.write(bytes.fromhex(VECTOR["responder"]["payload"]))
        with pytest.raises(net.HandshakeError):
            r.read(m3[:i] + bytes([m3[i] ^ 1]) + m3[i + 1 :])
