"""``scripts/bench shuffle [--seats N ...] [--cards M ...] [--runs R]``: the mental-poker
shuffle in one process, every seat in turn, bodies through msgpack (no network).

Emits, per (seats, cards), the median milliseconds of:
  - ``phase=shuffle``: card points, secrets, both passes of every seat (each output
    computed by its seat and checked point by point as a receiver does);
  - ``phase=shuffle+deal``: the above plus dealing every position to a seat (round-robin):
    every other seat seals its keys to the receiver, which opens, checks them against the
    key commitments and unlocks the cards;
  - ``phase=verify``: end-of-hand verification of the deck (both passes recomputed, every
    commitment and every sealed key share re-checked).
  - ``phase=floor``: the floor measured in the same runs with raw libsodium calls.
Each in wall-clock ``ms`` and in process CPU ``cpu ms`` (less sensitive to other load).
Defaults: seats 2, 4, 8 and cards 36, 52.  The floor (DESIGN.md) is ~40 ms for 4 seats and
36 cards: 2 passes x 4 seats x 36 x (multiply + check).
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import msgpack
from _util import emit

from p2pcards.cards import deck
from p2pcards.mental_poker import (
    DeckSpec,
    PublicShuffle,
    SealedShare,
    ShuffleSecrets,
    open_key_shares,
    seal_key_shares,
    unlock,
    verify_deck,
    x25519_keypair,
)

TABLE = b"bench-table-0001"


def _wire(body: Any) -> Any:
    return msgpack.unpackb(msgpack.packb(body, use_bin_type=True), raw=False)


def run_once(seats: int, cards: int, seed: int) -> tuple[float, ...]:
    rng = random.Random(seed)
    x_keys = [x25519_keypair(rng.randbytes) for _ in range(seats)]
    c0 = time.process_time()
    t0 = time.perf_counter()
    spec = DeckSpec.make(TABLE, seed, seats, 0, deck(cards))
    secrets = [ShuffleSecrets.generate(spec, s, rng.randbytes) for s in range(seats)]
    rec = PublicShuffle(spec)
    while (turn := rec.turn) is not None:
        seat = turn[1]
        body = _wire(rec.compute(secrets[seat]))
        rec.accept(seat, body)
    t1, c1 = time.perf_counter(), time.process_time()
    shares: list[SealedShare] = []
    for to in range(seats):
        ps = list(range(to, cards, seats))
        keys: dict[int, dict[int, bytes]] = {p: {to: secrets[to].key(p)} for p in ps}
        for s in range(seats):
            if s != to:
                sealed = seal_key_shares(spec, secrets[s], to, x_keys[to][1], ps)
                shares.append(SealedShare(s, to, tuple(ps), sealed))
                for p, k in open_key_shares(rec, sealed, s, to, x_keys[to][0], ps).items():
                    keys[p][s] = k
        unlock(rec, keys)
    t2, c2 = time.perf_counter(), time.process_time()
    reveals = [_wire(s.to_wire()) for s in secrets]
    pks = [k[1] for k in x_keys]
    t3, c3 = time.perf_counter(), time.process_time()
    verify_deck(spec, rec.bodies, reveals, sealed_shares=shares, public_keys=pks)
    t4, c4 = time.perf_counter(), time.process_time()
    wall = ((t1 - t0) * 1e3, (t2 - t0) * 1e3, (t4 - t3) * 1e3)
    return (*wall, (c1 - c0) * 1e3, (c2 - c0) * 1e3, (c4 - c3) * 1e3)


def main(argv: list[str]) -> None:
    p = argparse.ArgumentParser(prog="scripts/bench shuffle")
    p.add_argument("--seats", type=int, action="append", help="repeatable; default 2, 4, 8")
    p.add_argument("--cards", type=int, action="append", help="repeatable; default 36, 52")
    p.add_argument("--runs", type=int, default=15)
    a = p.parse_args(argv)
    for seats in a.seats or [2, 4, 8]:
        for cards in a.cards or [36, 52]:
            run_once(seats, cards, 0)  # warm up
            res = []
            floor = []
            for i in range(a.runs):  # interleaved, so both see the same machine load
                res.append(run_once(seats, cards, i + 1))
                floor.append(floor_once(seats, cards))
            phases = ("shuffle", "shuffle+deal", "verify")
            for unit, off in (("ms", 0), ("cpu ms", 1)):
                kw = {"seats": seats, "cards": cards}
                emit("shuffle", unit, [f[off] for f in floor], phase="floor", **kw)
                for i, phase in enumerate(phases):
                    emit("shuffle", unit, [r[3 * off + i] for r in res], phase=phase, **kw)


def floor_once(seats: int, cards: int) -> tuple[float, float]:
    """The floor measured now: 2 passes x seats x cards x (multiply + check), raw calls."""
    import nacl.bindings as nb

    pts = [nb.crypto_core_ed25519_from_uniform(bytes([i + 1]) * 32) for i in range(cards)]
    x = nb.crypto_core_ed25519_scalar_reduce(bytes(range(64)))
    c0, t0 = time.process_time(), time.perf_counter()
    for _ in range(2 * seats):
        pts = [nb.crypto_scalarmult_ed25519_noclamp(x, p) for p in pts]
        for p in pts:
            nb.crypto_core_ed25519_is_valid_point(p)
    return (time.perf_counter() - t0) * 1e3, (time.process_time() - c0) * 1e3
