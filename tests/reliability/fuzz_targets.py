"""Fuzz targets for hostile input, shared by the test suite (a few seconds) and by
``scripts/bench fuzz`` (100,000+ inputs).

Every target is a function of one ``bytes`` input (so hypothesis, atheris and a plain
random driver can all feed it): the bytes are read as a stream of decisions by
:class:`Choices`, which builds the hostile input (a stream of frames, a wire message, a
handshake, a signed entry, a pass body...).  A target returns normally when the code
under test either accepted the input or refused it with its documented error type; it
raises :class:`Crash` when anything else escapes or when a state becomes inconsistent
(a table that changed on a refused entry, blamed a seat that did not sign the entry, or
can no longer finish the genuine game).
"""

from __future__ import annotations

import copy
import math
import random
import struct
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, get_args

import msgpack
import trio
import trio.testing
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from p2pcards import PROTOCOL_VERSION, net
from p2pcards.cards import deck
from p2pcards.mental_poker import (
    Ciphertext,
    MentalPokerError,
    ProofContext,
    SeatKey,
    card_point,
    check_reencryption,
    check_seat_key,
    check_shares,
    check_shuffle,
    initial_deck,
    joint_key,
    make_shares,
    reencrypt_proven,
    shuffle_proven,
)
from p2pcards.net import _noise
from p2pcards.table import (
    Appended,
    CheatDetected,
    Evidence,
    Output,
    Rejected,
    Table,
)
from p2pcards.transcript import (
    ENTRY_DOMAIN,
    Log,
    MalformedEntry,
    TranscriptError,
    check_follows,
    peek_entry,
    sign_entry,
    verify_entry,
)


class Crash(AssertionError):
    """An undocumented exception escaped, or a state became inconsistent."""


# --------------------------------------------------------------------------- choices
class Choices:
    """Decisions read from fuzz input bytes (like atheris' FuzzedDataProvider); once the
    bytes run out every decision is 0, so any input is a complete, finite program."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    def take(self, n: int) -> bytes:
        """Up to ``n`` bytes (fewer at the end of the input)."""
        out = self.data[self.pos : self.pos + n]
        self.pos += len(out)
        return out

    def below(self, n: int) -> int:
        """An int in [0, n)."""
        if n <= 1:
            return 0
        width = 1 if n <= 256 else 2 if n <= 65536 else 4
        return int.from_bytes(self.take(width).ljust(width, b"\0"), "big") % n

    def chance(self, k: int) -> bool:
        """True one time in ``k``."""
        return self.below(k) == 0

    def pick(self, seq: Any) -> Any:
        """One item of a non-empty sequence."""
        return seq[self.below(len(seq))]

    def rest(self) -> bytes:
        """Whatever is left."""
        return self.take(len(self.data))


def _pt(hexstr: str) -> bytes:
    return bytes.fromhex(hexstr)


SMALL_ORDER_POINTS = [
    _pt("01" + "00" * 31),  # identity (order 1)
    _pt("ec" + "ff" * 30 + "7f"),  # order 2
    _pt("00" * 32),  # order 4
    _pt("00" * 31 + "80"),  # order 4, other sign
    _pt("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05"),  # order 8
    _pt("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a"),  # order 8
    _pt("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85"),  # order 8
    _pt("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa"),  # order 8
]
"""Encodings of the eight small-order points of Curve25519 (Edwards form)."""

INVALID_POINTS = [
    _pt("ed" + "ff" * 30 + "7f"),  # y = p: not canonical
    _pt("ee" + "ff" * 30 + "7f"),  # y = p + 1: not canonical
    _pt("ff" * 32),  # y >= p and sign bit
    _pt("02" + "00" * 31),  # y = 2: not on the curve
    _pt("58" + "66" * 31),  # the base point (valid; a known discrete log)
]
"""Non-canonical encodings, a non-point, and the base point."""


def mixed_order_point(valid: bytes) -> bytes:
    """``valid`` plus a point of order 8: on the curve, not in the prime-order subgroup."""
    from nacl.bindings import crypto_core_ed25519_add

    try:
        return bytes(crypto_core_ed25519_add(valid, SMALL_ORDER_POINTS[4]))
    except Exception:  # libsodium refusing small-order input: fall back to the torsion point
        return SMALL_ORDER_POINTS[4]


def interesting_32(c: Choices, extra: list[bytes]) -> bytes:
    """A 32-byte value an attacker would try in a point or scalar field."""
    k = c.below(5)
    if k == 0:
        return c.pick(SMALL_ORDER_POINTS)
    if k == 1:
        return c.pick(INVALID_POINTS)
    if k == 2 and extra:
        return c.pick(extra)
    if k == 3 and extra:
        return mixed_order_point(c.pick(extra))
    return c.take(32).ljust(32, b"\0")


def plain_value(c: Choices, depth: int = 0, extra: list[bytes] | None = None) -> Any:
    """Arbitrary msgpack-able data: leaves, containers, deep nesting, big ints."""
    extra = extra or []
    k = c.below(13 if depth < 4 else 9)
    if k == 0:
        return None
    if k == 1:
        return c.chance(2)
    if k == 2:
        return c.below(300) - 20
    if k == 3:
        return c.pick([-(2**63), 2**63 - 1, 2**64 - 1, -1, 2**31, 0, 1 << 40])
    if k == 4:
        return c.take(c.below(70))
    if k == 5:
        return interesting_32(c, extra)
    if k == 6:
        return c.take(c.below(12)).decode("utf-8", "replace")
    if k == 7:
        return c.pick([0.5, math.inf, -0.0, math.nan])
    if k == 8:
        return c.take(64).ljust(64, b"\1")
    if k in (9, 10):
        return [plain_value(c, depth + 1, extra) for _ in range(c.below(6))]
    if k == 11:
        return {
            c.pick(["decks", "orders", "a", "", "positions"]): plain_value(c, depth + 1, extra)
            for _ in range(c.below(4))
        }
    nested: Any = None  # deep nesting, up to 3000 levels
    for _ in range(c.below(3000)):
        nested = [nested]
    return nested


def packb(obj: Any) -> bytes:
    """msgpack bytes of ``obj`` (bytes as bin), or a reserved byte if it cannot be packed."""
    try:
        out: bytes = msgpack.packb(obj, use_bin_type=True)
    except (OverflowError, TypeError, ValueError):
        return b"\xc1"
    return out


def mutate(c: Choices, value: Any, extra: list[bytes], depth: int = 0) -> Any:
    """``value`` with one change somewhere inside (a leaf replaced, an item dropped,
    duplicated or swapped, a key removed or added)."""
    if isinstance(value, list) and value and depth < 20 and not c.chance(4):
        i = c.below(len(value))
        out = list(value)
        op = c.below(6)
        if op == 0:
            del out[i]
        elif op == 1:
            out.insert(i, out[i])
        elif op == 2:
            j = c.below(len(out))
            out[i], out[j] = out[j], out[i]
        else:
            out[i] = mutate(c, out[i], extra, depth + 1)
        return out
    if isinstance(value, dict) and value and depth < 20 and not c.chance(4):
        out_d = dict(value)
        key = c.pick(sorted(out_d, key=repr))
        if c.chance(4):
            del out_d[key]
        else:
            out_d[key] = mutate(c, out_d[key], extra, depth + 1)
        return out_d
    if isinstance(value, bytes) and len(value) == 32 and not c.chance(3):
        return interesting_32(c, extra)
    if isinstance(value, int) and not isinstance(value, bool) and not c.chance(3):
        return value + c.pick([1, -1, 2**32, -(2**40), 36, 2**64])
    return plain_value(c, extra=extra)


# --------------------------------------------------------------------------- frames
def _reference_frames(stream: bytes, cap: int) -> tuple[list[bytes], str]:
    """Frames a correct reader returns, and how the stream ends: "clean", "truncated"
    or "too large"."""
    frames, pos = [], 0
    while True:
        if len(stream) - pos < 4:
            return frames, "clean" if pos == len(stream) else "truncated"
        (n,) = struct.unpack_from(">I", stream, pos)
        if n > cap:
            return frames, "too large"
        if pos + 4 + n > len(stream):
            return frames, "truncated"
        frames.append(stream[pos + 4 : pos + 4 + n])
        pos += 4 + n


def fuzz_frames(data: bytes) -> None:
    """FrameDecoder on a stream of frames whose length prefixes may lie (too long, too
    short, above the cap), fed in arbitrary splits; must return exactly the frames a
    correct reader sees, raise FrameTooLarge at an oversize prefix and FrameTruncated at
    a cut end, and never buffer more than it was fed."""
    c = Choices(data)
    cap = c.pick([0, 1, 7, 64, 300, net.DEFAULT_MAX_FRAME])
    parts = []
    for _ in range(c.below(8)):
        body = c.take(c.below(80))
        n = len(body)
        lie = c.below(6)
        if lie == 1:
            n = n + 1 + c.below(100)  # promises more than comes
        elif lie == 2 and n:
            n = c.below(n)  # promises less: the rest reads as the next prefix
        elif lie == 3:
            n = c.pick([cap + 1, 0xFFFFFFFF, 1 << 31, (1 << 20) + 1])
        parts.append(struct.pack(">I", n) + body)
    if c.chance(3):
        parts.append(c.take(c.below(4)))  # a cut prefix
    stream = b"".join(parts)
    want, ending = _reference_frames(stream, cap)
    dec = net.FrameDecoder(cap, peer="fuzz")
    got: list[bytes] = []
    fed = 0
    raised: str | None = None
    try:
        while fed < len(stream):
            step = 1 + c.below(97)
            dec.feed(stream[fed : fed + step])
            fed += len(stream[fed : fed + step])
            if dec.buffered > fed:
                raise Crash(f"decoder buffers {dec.buffered} bytes of {fed} fed")
            while (frame := dec.next_frame()) is not None:
                got.append(frame)
        dec.end_of_stream()
    except net.FrameTooLarge:
        raised = "too large"
    except net.FrameTruncated:
        raised = "truncated"
    except net.NetError as e:
        raise Crash(f"undocumented NetError {e!r}") from e
    if got != want or (raised or "clean") != ending:
        raise Crash(f"frames {len(got)}/{len(want)}, ending {raised}/{ending}")
    if raised == "too large":
        try:
            dec.feed(b"x")
        except net.FrameTooLarge:
            pass
        else:
            raise Crash("decoder usable after FrameTooLarge")


# --------------------------------------------------------------------------- wire
_SHAPE_TYPES = {int: int, bytes: bytes, str: str, dict: dict}


def fuzz_wire(data: bytes) -> None:
    """net.decode on raw bytes or on msgpack messages built from arbitrary values: only
    ProtocolError; what it accepts has the documented shape and re-encodes equal."""
    c = Choices(data)
    mode = c.below(3)
    if mode == 0:
        payload = c.rest()
    elif mode == 1:
        kind = c.pick([*range(0, 12), -1, 2**40])
        fields = [plain_value(c) for _ in range(c.below(7))]
        payload = packb([kind, *fields])
    else:  # a right type with fields of plausible and wrong types
        kind = c.pick(list(net.MsgType))
        shape = net._wire._SHAPES[kind]
        fields = []
        for want in shape:
            if c.chance(4):
                fields.append(plain_value(c))
            elif want is int:
                fields.append(c.pick([-1, 0, 5, 2**63 - 1, -(2**63)]))
            elif want is bytes:
                fields.append(c.take(c.below(70)))
            elif want is str:
                fields.append(c.take(c.below(30)).decode("utf-8", "replace"))
            else:
                fields.append({c.take(3).decode("latin-1"): plain_value(c) for _ in range(3)})
        if c.chance(5):
            fields.append(None)
        payload = packb([int(kind), *fields])
    try:
        got_kind, got_fields = net.decode(payload, "fuzz")
    except net.ProtocolError as e:
        if "fuzz" not in str(e):
            raise Crash(f"ProtocolError does not name the peer: {e}") from e
        return
    shape = net._wire._SHAPES[got_kind]
    if len(got_fields) != len(shape) or any(
        type(v) is not t for v, t in zip(got_fields, shape, strict=True)
    ):
        raise Crash(f"decode accepted a malformed {got_kind.name}: {got_fields!r:.200}")
    if net.decode(net.encode(got_kind, *got_fields)) != (got_kind, got_fields):
        raise Crash("decode/encode round trip differs")


# --------------------------------------------------------------------------- handshake
TABLE_ID = bytes(range(16))
_ME = Ed25519PrivateKey.from_private_bytes(bytes([1]) * 32)
_FRIEND = Ed25519PrivateKey.from_private_bytes(bytes([2]) * 32)
_ATTACKER = Ed25519PrivateKey.from_private_bytes(bytes([3]) * 32)
ME_ID, FRIEND_ID, ATTACKER_ID = (net.peer_id_of(k) for k in (_ME, _FRIEND, _ATTACKER))


async def _handshake_once(c: Choices) -> None:
    """Our side runs the real Noise handshake (as listener, or as dialer expecting a key);
    the other side is hostile: it holds only the attacker's key (or ours), claims a key,
    and mangles any message (version, table, Noise bytes, payload fields, signature)."""
    ours, theirs = trio.testing.memory_stream_pair()
    fs = net.FrameStream(ours, max_frame=4096, peer="fuzz")
    them = net.FrameStream(theirs, max_frame=1 << 16, peer="us")
    listener = c.chance(2)
    claimed = c.pick([FRIEND_ID, ATTACKER_ID, ME_ID, c.take(32), SMALL_ORDER_POINTS[0]])
    signer = c.pick([_ATTACKER, _ATTACKER, _ME])  # never the friend's key: it is not theirs
    version = PROTOCOL_VERSION if not c.chance(8) else c.pick([0, 1, 3, -1])
    table = TABLE_ID if not c.chance(8) else c.take(16)
    port = c.pick([0, 40000, 65535, 70000, -5])
    head = c.pick([-1, 0, 7, -2, 2**63 - 1])
    hs = _noise.NoiseHandshake(TABLE_ID if not c.chance(8) else table, initiator=listener)
    role = _noise.INITIATOR if listener else _noise.RESPONDER
    if c.chance(8):
        role = c.pick([_noise.INITIATOR, _noise.RESPONDER])

    def payload() -> bytes:
        if c.chance(10):
            return c.take(c.below(120))
        sig = signer.sign(_noise.signed_bytes(TABLE_ID, role, hs.static_public))
        how = c.below(8)
        if how == 0:
            sig = bytes(64)
        elif how == 1:
            sig = sig[:-1] + bytes([sig[-1] ^ 1])
        fields: list[Any] = [claimed, sig, port, head]
        if c.chance(10):
            fields[c.below(4)] = plain_value(c)
        return packb(fields)

    def noise_message(data: bytes) -> bytes:
        if c.chance(10):  # a flipped bit
            if data:
                i = c.below(len(data))
                data = data[:i] + bytes([data[i] ^ (1 << c.below(8))]) + data[i + 1 :]
        if c.chance(12):
            data = data[: c.below(len(data) + 1)]
        return data

    async def early_end() -> bool:
        how = c.below(12)
        if how == 0:
            await them.aclose()
        elif how == 1:
            await them.send(c.take(c.below(70)))
        elif how == 2:
            await them.send(net.encode(net.MsgType.BYE, "no"))
        elif how == 3:  # a lying length prefix, then silence
            await theirs.send_all(struct.pack(">I", c.pick([5000, 100, 1 << 30])) + b"ab")
        else:
            return False
        return True

    async def attacker() -> None:
        try:
            if listener:  # they dial: HELLO, read 2, send 3, read the verdict
                if c.chance(10):
                    junk = [plain_value(c) for _ in range(c.below(6))]
                    await them.send(packb([int(net.MsgType.HELLO), *junk]))
                else:
                    m1 = noise_message(hs.write())
                    await them.send(net.encode(net.MsgType.HELLO, version, table, m1))
                k, f = net.decode(await them.receive(1))
                if k is not net.MsgType.AUTH or await early_end():
                    return
                hs.read(f[0])
                await them.send(net.encode(net.MsgType.AUTH, noise_message(hs.write(payload()))))
            else:  # we dial: read HELLO, send 2, read 3, send the verdict
                k, f = net.decode(await them.receive(1))
                if k is not net.MsgType.HELLO or await early_end():
                    return
                hs.read(f[2])
                await them.send(net.encode(net.MsgType.AUTH, noise_message(hs.write(payload()))))
                k, f = net.decode(await them.receive(1))
                if k is not net.MsgType.AUTH:
                    return
                hs.read(f[0])
                cipher = hs.transport("us")
                verdict = c.pick([net.encode(net.MsgType.WELCOME), net.encode(net.MsgType.BYE, "x"),
                                  c.take(c.below(30))])  # fmt: skip
                record = cipher.seal(net.encode_frame(verdict))
                await theirs.send_all(noise_message(record) if c.chance(4) else record)
            await them.receive(1)
        except (net.NetError, trio.BrokenResourceError, trio.ClosedResourceError):
            pass

    def admit(peer_id: bytes) -> str | None:
        return None if peer_id in (FRIEND_ID, ATTACKER_ID) else "not a member"

    expected = None if listener else c.pick([FRIEND_ID, ATTACKER_ID, None])
    result: list[net.Authenticated] = []

    async def us() -> None:
        first = None
        if listener:
            try:
                first = await fs.receive(1)
            except net.NetError:
                return
        try:
            auth = await net.handshake(
                fs,
                key=_ME,
                table_id=TABLE_ID,
                head=3,
                listen_port=1,
                initiator=not listener,
                expected=expected,
                admit=admit if listener else None,
                their_hello=first,
                timeout=0.25,
                peer="fuzz",
            )
        except net.NetError as e:
            if "fuzz" not in str(e):
                raise Crash(f"handshake error does not name the peer: {e}") from e
            return
        result.append(auth)

    with trio.fail_after(5):
        async with trio.open_nursery() as nursery:
            nursery.start_soon(attacker)
            await us()
            nursery.cancel_scope.cancel()
    if result:
        auth = result[0]
        if auth.peer_id != net.peer_id_of(signer):
            raise Crash("authenticated a key the other end cannot sign for")
        if expected is not None and auth.peer_id != expected:
            raise Crash("authenticated a key other than the expected one")
        if auth.head < -1 or not 0 <= auth.listen_port <= 65535:
            raise Crash(f"accepted impossible fields {auth}")


def fuzz_handshake(data: bytes) -> None:
    """One Noise handshake against a hostile other end (HELLO fields, flipped or cut Noise
    messages, payload fields, an impostor's key, bad signatures, lying prefixes, early
    close): only NetError, never success for a key the other end cannot sign for, and
    always within the timeout."""
    trio.run(_handshake_once, Choices(data))


# --------------------------------------------------------------------------- transcript
def _transcript_fixture() -> tuple[list[Ed25519PrivateKey], list[bytes], bytes]:
    from tests.table.harness import make_genesis_bytes, make_seats

    seats = make_seats(3, random.Random(11))
    genesis = make_genesis_bytes("akulina", seats, bytes(16))
    log = Log(genesis)
    raws = [genesis]
    for s in (1, 2):
        from p2pcards.transcript import make_accept

        e = make_accept(seats[s][0], s, log[0])
        raws.append(e.raw)
    log = Log.replay(raws)
    move = log.sign_next(seats[1][0], 1, "move", ["draw", 1, [3, b"x" * 32]], hand=1)
    return [k for k, _, _ in seats], raws, move.raw


_TRANSCRIPT: tuple[list[Ed25519PrivateKey], list[bytes], bytes] | None = None
_TRANSCRIPT_LOG: Log | None = None


def fuzz_transcript(data: bytes) -> None:
    """verify_entry, peek_entry and Log.append on raw bytes, bit-flipped entries and
    validly re-signed entries with arbitrary header fields and bodies: only
    TranscriptError (naming a seat when one is known), and a refused append leaves the
    log as it was."""
    global _TRANSCRIPT
    if _TRANSCRIPT is None:
        _TRANSCRIPT = _transcript_fixture()
    keys, base, valid = _TRANSCRIPT
    global _TRANSCRIPT_LOG
    if _TRANSCRIPT_LOG is None or len(_TRANSCRIPT_LOG) != len(base):
        _TRANSCRIPT_LOG = Log.replay(base)
    log = _TRANSCRIPT_LOG
    c = Choices(data)
    mode = c.below(4)
    if mode == 0:
        raw = c.rest()
    elif mode == 1:
        b = bytearray(valid)
        for _ in range(1 + c.below(4)):
            b[c.below(len(b))] = c.below(256)
        raw = bytes(b[: len(b) - c.below(3) * c.below(len(b))])
    else:
        fields: list[Any] = [1, log.table, 1, len(log), log.head.hash, 1, "move", b""]
        fields[7] = packb(plain_value(c)) if mode == 2 else c.take(c.below(100))
        for _ in range(c.below(4)):
            fields[c.below(8)] = plain_value(c)
        unsigned = packb(fields)
        seat = fields[5] if isinstance(fields[5], int) and 0 <= fields[5] < 3 else 1
        raw = packb([unsigned, keys[seat].sign(ENTRY_DOMAIN + unsigned)])
    pub = {i: k.public_key() for i, k in enumerate(keys)}
    for fn in (
        lambda: peek_entry(raw),
        lambda: verify_entry(raw, pub, table=log.table, hand=1, follows=log.last),
        lambda: verify_entry(raw, pub),
    ):
        try:
            fn()
        except TranscriptError as e:
            if not str(e):
                raise Crash(f"{type(e).__name__} without a message") from e
    before = (len(log), log.head)
    try:
        log.append(raw)
    except TranscriptError:
        if (len(log), log.head) != before:
            raise Crash("a refused append changed the log") from None


# --------------------------------------------------------------------------- mental poker
@dataclass
class _PokerFixture:
    keys: list[SeatKey]
    joint: bytes
    deck: list[Ciphertext]  # the initial deck of 12 cards
    shuffled: list[Ciphertext]  # after seat 1's shuffle
    bodies: dict[str, Any]


def _ctx(seat: int, step: str) -> ProofContext:
    return ProofContext(TABLE_ID, 1, seat, step)


def _poker_fixture() -> _PokerFixture:
    rng = random.Random(3)
    keys = [SeatKey.generate(rng.randbytes) for _ in range(3)]
    joint = joint_key([k.public for k in keys])
    deck = initial_deck([card_point(TABLE_ID, c.code) for c in deck_of(12)], joint)
    shuffled, shuffle_body = shuffle_proven(_ctx(1, "shuffle"), joint, deck, rng.randbytes)
    bodies = {
        "key": keys[0].publish(_ctx(0, "key"), rng.randbytes),
        "shuffle": shuffle_body,
        "share": make_shares(_ctx(2, "share"), keys[2], [c[0] for c in shuffled], rng.randbytes),
        "reencrypt": reencrypt_proven(_ctx(0, "pass"), joint, shuffled[3], rng.randbytes)[1],
    }
    rt = msgpack.unpackb(packb(bodies), raw=False)
    return _PokerFixture(keys, joint, deck, shuffled, rt)


def deck_of(n: int) -> list[Any]:
    return list(deck(36))[:n]


_POKER: _PokerFixture | None = None


def _only_blames(seat: int, fn: Callable[[], Any]) -> None:
    try:
        fn()
    except MentalPokerError as e:
        if e.seat != seat:
            raise Crash(f"{type(e).__name__} blames seat {e.seat}, not {seat}: {e}") from e


def fuzz_mental_poker(data: bytes) -> None:
    """Mental-poker body checks on mutated bodies (invalid points, unreduced scalars,
    wrong shapes, truncated proofs): a seat key, a shuffle, decryption shares and a
    re-encryption.  Only MentalPokerError, and it blames the seat that sent the body."""
    global _POKER
    if _POKER is None:
        _POKER = _poker_fixture()
    fx = _POKER
    c = Choices(data)
    extra = [fx.deck[0][0], fx.deck[0][1], fx.joint, bytes(32), b"\xff" * 32]
    what = c.below(4)
    if what == 0:
        body = mutate(c, fx.bodies["key"], extra)
        _only_blames(0, lambda: check_seat_key(_ctx(0, "key"), body))
    elif what == 1:
        body = mutate(c, fx.bodies["shuffle"], extra)
        _only_blames(1, lambda: check_shuffle(_ctx(1, "shuffle"), fx.joint, fx.deck, body))
    elif what == 2:
        body = mutate(c, fx.bodies["share"], extra)
        c1s = [ct[0] for ct in fx.shuffled]
        _only_blames(2, lambda: check_shares(_ctx(2, "share"), fx.keys[2].public, c1s, body))
    else:
        body = mutate(c, fx.bodies["reencrypt"], extra)
        ct = fx.shuffled[3]
        _only_blames(0, lambda: check_reencryption(_ctx(0, "pass"), fx.joint, ct, body))


# --------------------------------------------------------------------------- table
# every output a table may return, from the union itself (a list kept by hand missed
# Fetch, HandAbandoned, VoteCast and SeatLeft, and called a legal Fetch a crash)
OUTPUT_TYPES: tuple[type, ...] = get_args(Output)


def clone_table(t: Table) -> Table:
    """A deep copy of a table mid-game.  Immutable parts are shared (identity key, game,
    genesis, log entries, engine events and claims)."""
    memo: dict[int, Any] = {id(t._key): t._key, id(t.game): t.game, id(t.genesis): t.genesis}
    for e in t.log:
        memo[id(e)] = e
    for _, ev in t.events:
        memo[id(ev)] = ev
    for claim in t.engine._claims:
        memo[id(claim)] = claim
    v: Table = copy.deepcopy(t, memo)
    return v


@dataclass
class _Victim:
    """A table snapshot at some point of a genuine game, and the copy being fuzzed."""

    snapshot: Table
    table: Table
    inputs: int = 0  # since the last consistency check
    spoiled: bool = False
    refused: list[bytes] = field(default_factory=list)  # since the snapshot or last check


@dataclass
class TableFuzzer:
    """Hostile entries against tables in the middle of a real game (tests/table/harness).

    The genuine game (``game``, ``seats``, ``seed``) is played once; tables of every seat
    and an observer are snapshotted at several points.  Each input is delivered to one
    of them: random bytes, a genuine entry with flipped bits, or a genuine entry (mostly
    the one the table waits for) with a mutated header or body RE-SIGNED with a seat's
    key, so it passes the signature check and reaches the body checks.

    Invariants (:class:`Crash` otherwise): ``receive`` never raises and returns only
    table outputs; an entry refused with Rejected alone changes neither the log nor the
    game; a CheatDetected names the seat whose key signed the hostile entry (or None);
    every log the table holds replays as a valid transcript; and a table that only ever
    refused input still finishes the genuine game to a byte-identical log and the same
    result (checked every ``check_every`` inputs, at the end, and whenever a table that
    had refused input is spoiled: rebuilt from its snapshot and the refused inputs).
    """

    game: str = "akulina"
    seats: int = 3
    seed: int = 5
    steps: tuple[int, ...] = (15, 40, 90, 160, 260)
    check_every: int = 2000
    log: list[bytes] = field(init=False)
    result: Any = field(init=False)
    keys: list[Ed25519PrivateKey] = field(init=False)
    victims: list[_Victim] = field(init=False)
    checks: int = 0
    cheats_seen: int = 0
    rejected_seen: int = 0
    accepted_seen: int = 0

    def __post_init__(self) -> None:
        from tests.table.harness import Harness

        full = Harness(self.game, self.seats, seed=self.seed)
        full.run()
        self.log = full.logs()[0]
        self.result = full.tables[0].result
        self.keys = [t._key for t in full.tables]  # type: ignore[misc]
        self.victims = []
        for steps in self.steps:
            h = Harness(self.game, self.seats, seed=self.seed)
            try:
                h.run(max_steps=steps)
            except AssertionError:
                pass  # stopped mid-game, as wanted
            for t in h.tables:
                if [e.raw for e in t.log] != self.log[: len(t.log)]:
                    raise AssertionError("the harness is not deterministic")
                self.victims.append(_Victim(t, clone_table(t)))
            obs = Table(self.log[0])
            for raw in self.log[1 : len(h.tables[0].log)]:
                obs.receive(raw)
            self.victims.append(_Victim(obs, clone_table(obs)))

    # -- building hostile entries
    def _hostile(self, c: Choices, t: Table) -> tuple[bytes, int | None]:
        """The bytes to deliver and the seat whose key signed them (None: no valid
        signature by a seat of this table)."""
        mode = c.below(10)
        if mode == 0:
            return c.take(c.below(300)), None
        n = len(t.log)
        k = c.pick([n, n, n, n, n + 1, n - 1, c.below(len(self.log))])
        k = min(max(k, 1), len(self.log) - 1)
        base = self.log[k]
        if mode == 1:
            b = bytearray(base)
            for _ in range(1 + c.below(3)):
                b[c.below(len(b))] ^= 1 + c.below(255)
            return bytes(b), None
        e = peek_entry(base)
        hdr: dict[str, Any] = {
            "table": e.table,
            "hand": e.hand,
            "seq": e.seq,
            "prev": e.prev,
            "seat": e.seat,
            "kind": e.kind,
        }
        body = e.body
        extra = [x for x in _bytes_leaves(body, 8) if len(x) == 32]
        for _ in range(1 + c.below(2)):
            what = c.below(12)
            if what <= 6:
                body = mutate(c, body, extra)
            elif what == 7:
                hdr["kind"] = c.pick(["key", "shuffle", "share", "open", "reencrypt",
                                      "reshuffle", "lot", "lot-open", "move", "showdown",
                                      "abandon", "accept", "genesis", "zz-unknown"])  # fmt: skip
            elif what == 8:
                hdr["hand"] = max(0, e.hand + c.pick([1, -1, 7]))
            elif what == 9:
                hdr["seat"] = c.below(self.seats)  # another seat, signing for itself
            elif what == 10:
                hdr["table"] = c.take(16).ljust(16, b"\0")  # an entry of another table
            else:
                hdr["prev"] = c.pick([bytes(32), peek_entry(self.log[k - 1]).prev])
        seat = hdr["seat"]
        try:
            entry = sign_entry(self.keys[seat], body=body, **hdr)
        except (ValueError, TypeError):
            return c.take(40), None  # not even encodable: random bytes instead
        return entry.raw, seat

    # -- one input
    def __call__(self, data: bytes) -> None:
        c = Choices(data)
        v = self.victims[c.below(len(self.victims))]
        if v.spoiled:
            v.table = clone_table(v.snapshot)
            v.spoiled = False
            v.refused = []
        t = v.table
        raw, signer = self._hostile(c, t)
        before = (len(t.log), t.log.head, t.engine.step, t.halted, _pending(t))
        outs = t.receive(raw)
        v.inputs += 1
        if not isinstance(outs, list) or not all(isinstance(o, OUTPUT_TYPES) for o in outs):
            raise Crash(f"receive returned {outs!r:.300}")
        after = (len(t.log), t.log.head, t.engine.step, t.halted, _pending(t))
        cheats = [o for o in outs if isinstance(o, CheatDetected)]
        for ch in cheats:
            if ch.seat is not None and ch.seat != signer:
                raise Crash(f"blamed seat {ch.seat} for an entry signed by {signer}: {ch}")
        for ev in (o for o in outs if isinstance(o, Evidence)):  # kept: what it signed
            if ev.seat != signer or raw not in ev.entries:
                raise Crash(f"evidence of seat {ev.seat} for an entry signed by {signer}")
        if cheats:
            self.cheats_seen += 1
        elif any(isinstance(o, Rejected) for o in outs) and not any(
            isinstance(o, Appended) for o in outs
        ):  # (an entry appended can make held ones drop: they follow its other version)
            self.rejected_seen += 1
            if after[:4] != before[:4]:
                raise Crash(f"a rejected entry changed the table: {before} -> {after}, {outs}")
        if after != before:
            self.accepted_seen += not cheats
            self._check_log(t, before[0])
            v.spoiled = True
            if v.refused:  # the table as it was before this input: snapshot + refusals
                rebuilt = clone_table(v.snapshot)
                for r in v.refused:
                    rebuilt.receive(r)
                self.check_finishes(_Victim(v.snapshot, rebuilt))
            return
        v.refused.append(raw)
        if v.inputs >= self.check_every:
            self.check_finishes(v)

    def _check_log(self, t: Table, start: int) -> None:
        """The entries the table appended from ``start`` on chain and verify."""
        pub = {i: k.public_key() for i, k in enumerate(self.keys)}
        for i in range(max(start, 1), len(t.log)):
            try:
                e = verify_entry(t.log[i].raw, pub, table=t.table_id)
                check_follows(t.log[i - 1], e, t.log.link(i - 1))  # (after a round: its link)
            except TranscriptError as e:
                raise Crash(f"the table appended an entry that does not chain: {e}") from e

    def check_finishes(self, v: _Victim) -> None:
        """A table that only refused input finishes the genuine game identically."""
        self.checks += 1
        v.inputs = 0
        v.refused = []
        t = clone_table(v.table)
        outs = []
        for raw in self.log[1:]:
            outs += t.receive(raw)
        if [e.raw for e in t.log] != self.log or t.result != self.result or t.cheats:
            raise Crash(f"after refusing hostile input the game ended differently: "
                        f"{len(t.log)}/{len(self.log)} entries, cheats {t.cheats[:2]}")  # fmt: skip

    def check_all(self) -> None:
        """Run the finishing check on every unspoiled table."""
        for v in self.victims:
            if not v.spoiled:
                self.check_finishes(v)


def _pending(t: Table) -> frozenset[bytes]:
    return frozenset(e.raw for e in t.pending.entries())


def _bytes_leaves(value: Any, limit: int) -> list[bytes]:
    out: list[bytes] = []
    stack = [value]
    while stack and len(out) < limit:
        x = stack.pop()
        if isinstance(x, bytes):
            out.append(x)
        elif isinstance(x, list):
            stack.extend(x)
        elif isinstance(x, dict):
            stack.extend(x.values())
    return out


TARGETS: dict[str, Callable[[bytes], None]] = {
    "frames": fuzz_frames,
    "wire": fuzz_wire,
    "handshake": fuzz_handshake,
    "transcript": fuzz_transcript,
    "mental_poker": fuzz_mental_poker,
}
"""The stateless targets; the table target is a :class:`TableFuzzer` instance."""

__all__ = ["TARGETS", "Choices", "Crash", "MalformedEntry", "TableFuzzer"]
