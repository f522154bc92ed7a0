"""The Noise XX handshake bound to Ed25519 identities, and the transport cipher (sans-I/O).

Noise protocol ``Noise_XX_25519_ChaChaPoly_SHA256`` (the Noise Protocol Framework, rev.
34, §7.5 pattern XX), run by the ``noiseprotocol`` library: no primitive here is our own.
The identity binding follows the libp2p Noise handshake (libp2p specs,
``noise/README.md``, "Static Key Authentication"): each side's Ed25519 identity signs its
Noise static key, and sends key and signature in the encrypted payload of its handshake
message; the Noise DH operations prove the possession of the static key, the signature
ties it to the identity.  We add the table id and the role to what is signed (so a
payload is good for one table and one direction only), and the table id and protocol
version to the Noise prologue (so both ends must agree on them for the handshake to
complete).  Both static keys are fresh for every connection.

Messages (``protocol/SPEC.md`` §15 has the bytes and the vectors)::

    initiator -> responder   XX message 1   e                     (payload empty)
    responder -> initiator   XX message 2   e, ee, s, es          payload P_R
    initiator -> responder   XX message 3   s, se                 payload P_I

    P = msgpack [identity:bin(32), signature:bin(64), listen_port:int, head:int]
    signature = Ed25519(identity, msgpack ["p2pcards-net-static", version, table_id,
                                           role, static:bin(32)])
    role = "responder" in P_R, "initiator" in P_I; static = the sender's Noise static key

After message 3 both ends hold two CipherStates (one per direction, nonces counting up
from 0).  :class:`TransportCipher` frames each encrypted Noise transport message with a
2-byte big-endian length (the Noise spec §13 advice, as libp2p does): a message is at
most 65535 bytes, so at most 65519 bytes of plaintext; longer plaintext is split.
"""

from __future__ import annotations

import struct
import warnings
from dataclasses import dataclass
from typing import Any

import msgpack
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, NoEncryption, PrivateFormat
from noise.connection import Keypair, NoiseConnection

from p2pcards import PROTOCOL_VERSION
from p2pcards.net._errors import FrameTruncated, HandshakeError, IntegrityError
from p2pcards.net._keys import PEER_ID_SIZE, check_peer_id, fingerprint, peer_id_of

PROTOCOL_NAME = b"Noise_XX_25519_ChaChaPoly_SHA256"
"""The Noise protocol name (pattern XX, X25519, ChaCha20-Poly1305, SHA-256)."""

PROLOGUE_LABEL = "p2pcards-net"
SIGNATURE_LABEL = "p2pcards-net-static"
INITIATOR = "initiator"
RESPONDER = "responder"
MAX_NOISE_MESSAGE = 65535
"""Largest Noise message (Noise spec §3), the 16-byte AEAD tag included."""
TAG_SIZE = 16
MAX_PLAINTEXT = MAX_NOISE_MESSAGE - TAG_SIZE
LENGTH_SIZE = 2
_LENGTH = struct.Struct(">H")


def _packb(data: object) -> bytes:
    packed: bytes = msgpack.packb(data, use_bin_type=True)
    return packed


def prologue(table_id: bytes) -> bytes:
    """The Noise prologue: msgpack ``["p2pcards-net", version, table_id]``."""
    return _packb([PROLOGUE_LABEL, PROTOCOL_VERSION, table_id])


def signed_bytes(table_id: bytes, role: str, static: bytes) -> bytes:
    """What an identity signs: msgpack ``["p2pcards-net-static", version, table_id, role,
    static]`` (``role`` :data:`INITIATOR` or :data:`RESPONDER`, ``static`` the 32-byte
    Noise static public key of the signer)."""
    return _packb([SIGNATURE_LABEL, PROTOCOL_VERSION, table_id, role, static])


def identity_payload(
    key: Ed25519PrivateKey, table_id: bytes, role: str, static: bytes, listen_port: int, head: int
) -> bytes:
    """The handshake payload P of the sender with identity ``key`` (module docstring)."""
    signature = key.sign(signed_bytes(table_id, role, static))
    return _packb([peer_id_of(key), signature, listen_port, head])


@dataclass(frozen=True)
class PeerProof:
    """A verified handshake payload: the sender's identity (32-byte Ed25519 key, checked
    canonical and not of small order), its listening port (0..65535, 0 = none) and its
    log head (-1 = empty)."""

    peer_id: bytes
    listen_port: int
    head: int


def verify_payload(
    data: bytes, table_id: bytes, role: str, static: bytes, peer: str = "peer"
) -> PeerProof:
    """Check the payload ``data`` the sender in ``role`` sent with the Noise static key
    ``static`` (as the Noise handshake authenticated it).

    Raises HandshakeError naming ``peer``: malformed payload, an identity key that is not a
    canonical Ed25519 point of the prime-order subgroup, a bad signature, a port out of
    range or a head below -1.
    """
    try:
        fields = msgpack.unpackb(
            data, raw=False, max_bin_len=64, max_str_len=0, max_array_len=4, max_map_len=0,
            max_ext_len=0,
        )  # fmt: skip
    except Exception:  # msgpack raises several unrelated types
        raise HandshakeError(f"undecodable handshake payload from {peer}") from None
    if (
        not isinstance(fields, list)
        or [type(f) for f in fields] != [bytes, bytes, int, int]
        or len(fields[0]) != PEER_ID_SIZE
        or len(fields[1]) != 64
    ):
        raise HandshakeError(f"malformed handshake payload from {peer}")
    peer_id, signature, listen_port, head = fields
    problem = check_peer_id(peer_id)
    if problem is not None:
        raise HandshakeError(f"{peer} sent an unusable identity key: {problem}")
    try:
        Ed25519PublicKey.from_public_bytes(peer_id).verify(
            signature, signed_bytes(table_id, role, static)
        )
    except (InvalidSignature, ValueError):
        raise HandshakeError(
            f"{peer} ({fingerprint(peer_id)}) failed to prove its key (bad signature)"
        ) from None
    if not 0 <= listen_port <= 65535:
        raise HandshakeError(f"{peer} announced a bad listen port {listen_port}")
    if head < -1:
        raise HandshakeError(f"{peer} announced an impossible log head {head}")
    return PeerProof(peer_id, listen_port, head)


def new_static_key() -> bytes:
    """A fresh 32-byte X25519 private key (from the OS random source)."""
    key = X25519PrivateKey.generate()
    return key.private_bytes(Encoding.Raw, PrivateFormat.Raw, NoEncryption())


class NoiseHandshake:
    """One side of the XX handshake (sans-I/O): call :meth:`write` and :meth:`read` in
    turn (initiator: write, read, write; responder: read, write, read).

    ``table_id`` goes into the prologue; ``static``: this side's 32-byte X25519 private key
    (default: fresh); ``ephemeral``: a fixed ephemeral private key, for test vectors only
    (never in use: a repeated ephemeral key breaks the handshake's secrecy).
    ``static_public`` is our static public key, ``remote_static`` the other's once read
    (None before), ``finished`` True after message 3.  Errors: HandshakeError naming
    ``peer`` when a message fails (wrong prologue, bad AEAD tag, invalid or small-order
    key, wrong length).
    """

    def __init__(
        self,
        table_id: bytes,
        *,
        initiator: bool,
        static: bytes | None = None,
        ephemeral: bytes | None = None,
        peer: str = "peer",
    ) -> None:
        self.initiator = initiator
        self.peer = peer
        self._noise = NoiseConnection.from_name(PROTOCOL_NAME)
        if initiator:
            self._noise.set_as_initiator()
        else:
            self._noise.set_as_responder()
        self._noise.set_prologue(prologue(table_id))
        self._noise.set_keypair_from_private_bytes(Keypair.STATIC, static or new_static_key())
        if ephemeral is None:
            self._noise.start_handshake()
        else:
            self._noise.set_keypair_from_private_bytes(Keypair.EPHEMERAL, ephemeral)
            with warnings.catch_warnings():  # the library warns of fixed ephemerals
                warnings.simplefilter("ignore")
                self._noise.start_handshake()
        self._state: Any = self._noise.noise_protocol.handshake_state
        self.static_public: bytes = self._state.s.public_bytes
        self.remote_static: bytes | None = None

    @property
    def finished(self) -> bool:
        """True once the three messages are through."""
        return bool(self._noise.handshake_finished)

    @property
    def handshake_hash(self) -> bytes:
        """The Noise handshake hash ``h`` (after :attr:`finished`), for vectors."""
        return bytes(self._noise.get_handshake_hash())

    def write(self, payload: bytes = b"") -> bytes:
        """The next handshake message of ours, carrying ``payload``."""
        return bytes(self._noise.write_message(payload))

    def read(self, message: bytes) -> bytes:
        """Process the other side's next handshake message; return its payload."""
        try:
            payload = bytes(self._noise.read_message(bytes(message)))
        except Exception as exc:  # the library raises its own and cryptography's errors
            raise HandshakeError(
                f"handshake message from {self.peer} failed ({type(exc).__name__}: {exc}): "
                "another table or protocol version, or altered in transit"
            ) from None
        rs = getattr(self._state, "rs", None)
        if rs is not None and hasattr(rs, "public_bytes"):
            self.remote_static = bytes(rs.public_bytes)
        return payload

    def transport(self, peer: str | None = None) -> TransportCipher:
        """The transport cipher after :attr:`finished` (``peer`` names the other end)."""
        if not self.finished:
            raise RuntimeError("the handshake is not finished")
        return TransportCipher(self._noise, peer or self.peer)


class TransportCipher:
    """Both directions of an established Noise channel, framed (sans-I/O).

    ``seal(plaintext)`` returns the bytes to send: one or more ``u16be(len) || ciphertext``
    records (plaintext split at :data:`MAX_PLAINTEXT` bytes).  ``feed(data)`` takes
    received bytes; ``next_plaintext()`` returns the next decrypted record's plaintext or
    None when more bytes are needed.  A record that fails authentication (a flipped,
    dropped, reordered, replayed or injected byte: the nonces count up, so order is
    checked too) raises IntegrityError naming the peer, and so does every later call:
    the channel is dead.  ``end_of_stream()`` raises FrameTruncated if a record is cut.
    Counters: ``sealed`` and ``opened`` records.
    """

    def __init__(self, noise: NoiseConnection, peer: str) -> None:
        self._noise = noise
        self.peer = peer
        self._buf = bytearray()
        self._failed: IntegrityError | None = None
        self.sealed = 0
        self.opened = 0

    def seal(self, plaintext: bytes) -> bytes:
        """Encrypt ``plaintext`` (any length; empty gives one empty record)."""
        if len(plaintext) <= MAX_PLAINTEXT:
            ct: bytes = self._noise.encrypt(plaintext)
            self.sealed += 1
            return _LENGTH.pack(len(ct)) + ct
        out: list[bytes] = []
        for start in range(0, len(plaintext), MAX_PLAINTEXT):
            ct = self._noise.encrypt(plaintext[start : start + MAX_PLAINTEXT])
            out.append(_LENGTH.pack(len(ct)))
            out.append(ct)
            self.sealed += 1
        return b"".join(out)

    def feed(self, data: bytes | bytearray) -> None:
        """Append received bytes."""
        if self._failed is not None:
            raise self._failed
        self._buf += data

    def next_plaintext(self) -> bytes | None:
        """The next record's plaintext, or None if it is not complete yet."""
        if self._failed is not None:
            raise self._failed
        buf = self._buf
        if len(buf) < LENGTH_SIZE:
            return None
        end = LENGTH_SIZE + ((buf[0] << 8) | buf[1])
        if len(buf) < end:
            return None
        record = bytes(buf[LENGTH_SIZE:end])
        del buf[:end]
        try:
            plaintext: bytes = self._noise.decrypt(record)
        except Exception:  # NoiseInvalidMessage (bad tag), or a record shorter than a tag
            self._failed = IntegrityError(
                f"record {self.opened} from {self.peer} failed authentication: altered, "
                "dropped, reordered or injected on the way"
            )
            buf.clear()
            raise self._failed from None
        self.opened += 1
        return plaintext

    def end_of_stream(self) -> None:
        """Declare the end of the input; raise FrameTruncated if a record is cut."""
        if self._failed is not None:
            raise self._failed
        buf = self._buf
        if len(buf) >= LENGTH_SIZE:
            size = (buf[0] << 8) | buf[1]
            raise FrameTruncated(size, len(buf) - LENGTH_SIZE, self.peer, "record")
        if buf:
            raise FrameTruncated(None, len(buf), self.peer, "record", LENGTH_SIZE)
