"""Write ``protocol/vectors/handshake.json``: one network handshake (SPEC.md §15) with
fixed keys, and the first transport records.  Run ``python protocol/vectors/generate_net.py``
after a deliberate change of the handshake (and bump PROTOCOL_VERSION).

Every key is fixed: both Ed25519 identities (seeds), both Noise static keys and both
Noise ephemeral keys (X25519 private keys).  Ed25519 signatures are deterministic, so
every byte below follows from these.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from p2pcards import PROTOCOL_VERSION  # noqa: E402
from p2pcards.net import _noise  # noqa: E402
from p2pcards.net._framing import encode_frame  # noqa: E402
from p2pcards.net._keys import peer_id_of  # noqa: E402
from p2pcards.net._wire import MsgType, encode  # noqa: E402

OUT = Path(__file__).resolve().parent / "handshake.json"


def _seed(label: str) -> bytes:
    return hashlib.sha256(b"p2pcards test vector " + label.encode()).digest()


def build() -> dict[str, object]:
    """The vector as a JSON-able dict (hex for bytes)."""
    table_id = bytes(range(16))
    ident = {r: Ed25519PrivateKey.from_private_bytes(_seed(f"{r} identity")) for r in ("i", "r")}
    static = {r: _seed(f"{r} static") for r in ("i", "r")}
    ephemeral = {r: _seed(f"{r} ephemeral") for r in ("i", "r")}
    port = {"i": 40001, "r": 40002}
    head = {"i": -1, "r": 7}
    hs = {
        r: _noise.NoiseHandshake(
            table_id, initiator=(r == "i"), static=static[r], ephemeral=ephemeral[r]
        )
        for r in ("i", "r")
    }
    role = {"i": _noise.INITIATOR, "r": _noise.RESPONDER}
    signed = {r: _noise.signed_bytes(table_id, role[r], hs[r].static_public) for r in "ir"}
    payload = {
        r: _noise.identity_payload(
            ident[r], table_id, role[r], hs[r].static_public, port[r], head[r]
        )
        for r in "ir"
    }
    m1 = hs["i"].write()
    assert hs["r"].read(m1) == b""
    m2 = hs["r"].write(payload["r"])
    assert hs["i"].read(m2) == payload["r"]
    m3 = hs["i"].write(payload["i"])
    assert hs["r"].read(m3) == payload["i"]
    assert hs["i"].handshake_hash == hs["r"].handshake_hash
    ti, tr = hs["i"].transport(), hs["r"].transport()
    welcome = encode_frame(encode(MsgType.WELCOME))
    ping = encode_frame(encode(MsgType.PING, 7))
    welcome_record = tr.seal(welcome)
    ping_record = ti.seal(ping)
    tr.feed(ping_record)
    assert tr.next_plaintext() == ping

    def side(r: str) -> dict[str, object]:
        seed = _seed(f"{r} identity")
        return {
            "identity_seed": seed.hex(),
            "identity": peer_id_of(ident[r]).hex(),
            "static_private": static[r].hex(),
            "static_public": hs[r].static_public.hex(),
            "ephemeral_private": ephemeral[r].hex(),
            "listen_port": port[r],
            "head": head[r],
            "signed": signed[r].hex(),
            "payload": payload[r].hex(),
        }

    return {
        "protocol_name": _noise.PROTOCOL_NAME.decode(),
        "version": PROTOCOL_VERSION,
        "table_id": table_id.hex(),
        "prologue": _noise.prologue(table_id).hex(),
        "initiator": side("i"),
        "responder": side("r"),
        "message1": m1.hex(),
        "hello_frame": encode_frame(encode(MsgType.HELLO, PROTOCOL_VERSION, table_id, m1)).hex(),
        "message2": m2.hex(),
        "message3": m3.hex(),
        "handshake_hash": hs["i"].handshake_hash.hex(),
        "welcome_plaintext": welcome.hex(),
        "welcome_record": welcome_record.hex(),
        "ping_plaintext": ping.hex(),
        "ping_record": ping_record.hex(),
    }


def main() -> None:
    OUT.write_text(json.dumps(build(), indent=1) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
