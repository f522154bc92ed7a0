"""``scripts/bench shuffle2 [--seats N ...] [--cards M ...] [--runs R]``: mental poker
version 2 in one process, every seat in turn, bodies through msgpack (no network).

Per (seats, cards), median milliseconds (wall ``ms`` and process ``cpu ms``) of:
  - ``phase=keys``: every seat's key with its Schnorr proof, each proof checked once;
  - ``phase=shuffle``: every seat shuffles with a Terelius–Wikström proof, each proof
    checked once (by one receiver: in a real table every seat checks every proof, in
    parallel on its own machine);
  - ``phase=deal``: every card dealt (round-robin) in one round of shares: each seat
    publishes its shares of every card it does not receive, with one batched
    Chaum–Pedersen proof, each checked once; each receiver decrypts its cards;
  - ``phase=total``: the sum, i.e. shuffle plus deal with every proof made and checked once;
  - ``phase=floor``: the group operations counted in one run (variable- and fixed-base
    multiplications, additions, point checks), each times its cost measured in the same
    process, summed; ``ops`` gives the counts, ``scalarmult_us`` the measured cost of one
    variable-base multiplication, and ``ratio`` = total / floor.
Then, per seats, ``phase=claim`` (Thousand's "cannot follow suit" with 8 hidden cards, 18
allowed cards of the 24-card deck: proof made and checked once), ``phase=hand_reshuffle``
(an Akulina holder re-shuffles its hand of 9 with a proof, checked once) and
``phase=reencryption`` (one passed card re-encrypted with its proof, checked once).
Defaults: seats 4, cards 36 and 52, 7 runs.  Issue 12 aims: total <= 400 ms for 4 x 36
and <= 1.5 x the floor.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections import Counter
from typing import Any

import msgpack
from _util import emit

from p2pcards.cards import deck
from p2pcards.mental_poker import _ristretto
from p2pcards.mental_poker._claims import check_claim, each_card_in, prove_claim
from p2pcards.mental_poker._domain import ProofContext, card_point, generator
from p2pcards.mental_poker._elgamal import initial_deck, joint_key
from p2pcards.mental_poker._reencryption import check_reencryption, reencrypt_proven
from p2pcards.mental_poker._seat_key import SeatKey, check_seat_key
from p2pcards.mental_poker._shares import check_shares, make_shares, own_decrypt, partial_decrypt
from p2pcards.mental_poker._shuffle_proof import check_shuffle, shuffle_proven

TABLE = b"bench-table-0002"

OPS = {
    "crypto_scalarmult_ristretto255": "mul",
    "crypto_scalarmult_ristretto255_base": "mul_base",
    "crypto_core_ristretto255_add": "add",
    "crypto_core_ristretto255_sub": "add",
    "crypto_core_ristretto255_is_valid_point": "check",
    "crypto_core_ristretto255_from_hash": "hash_to_point",
}


def _wire(body: Any) -> Any:
    return msgpack.unpackb(msgpack.packb(body, use_bin_type=True), raw=False)


def run_once(seats: int, cards: int, seed: int) -> dict[str, tuple[float, float]]:
    rnd = random.Random(seed).randbytes
    out: dict[str, tuple[float, float]] = {}
    t0, c0 = time.perf_counter(), time.process_time()
    keys = [SeatKey.generate(rnd) for _ in range(seats)]
    pubs = []
    for s, k in enumerate(keys):
        ctx = ProofContext(TABLE, seed, s, "keys")
        pubs.append(check_seat_key(ctx, _wire(k.publish(ctx, rnd))))
    y = joint_key(pubs)
    t1, c1 = time.perf_counter(), time.process_time()
    out["keys"] = ((t1 - t0) * 1e3, (c1 - c0) * 1e3)
    d = initial_deck([card_point(TABLE, c.code) for c in deck(cards)], y)
    for s in range(seats):
        ctx = ProofContext(TABLE, seed, s, "deck 0 shuffle")
        _, body = shuffle_proven(ctx, y, d, rnd)
        d = check_shuffle(ctx, y, d, _wire(body))
    t2, c2 = time.perf_counter(), time.process_time()
    out["shuffle"] = ((t2 - t1) * 1e3, (c2 - c1) * 1e3)
    owner = [p % seats for p in range(cards)]
    shares: dict[int, dict[int, bytes]] = {p: {} for p in range(cards)}
    for s in range(seats):
        ps = [p for p in range(cards) if owner[p] != s]
        c1s = [d[p][0] for p in ps]
        ctx = ProofContext(TABLE, seed, s, "deal")
        body = _wire(make_shares(ctx, keys[s], c1s, rnd))
        for p, share in zip(ps, check_shares(ctx, pubs[s], c1s, body), strict=True):
            shares[p][s] = share
    for p in range(cards):
        w = partial_decrypt(d[p], list(shares[p].values()))
        own_decrypt(keys[owner[p]], d[p], w)
    t3, c3 = time.perf_counter(), time.process_time()
    out["deal"] = ((t3 - t2) * 1e3, (c3 - c2) * 1e3)
    out["total"] = ((t3 - t1) * 1e3, (c3 - c1) * 1e3)
    return out


class _Counting:
    """Stands in for ``rbcl`` inside ``_ristretto`` and counts the group operations."""

    def __init__(self, real: Any) -> None:
        self.real, self.counts = real, Counter[str]()

    def __getattr__(self, name: str) -> Any:
        f = getattr(self.real, name)
        op = OPS.get(name)
        if op is None:
            return f

        def counted(*args: Any) -> Any:
            self.counts[op] += 1
            return f(*args)

        return counted


def count_ops(seats: int, cards: int) -> tuple[Counter[str], Counter[str]]:
    """Group operations of one run: (keys phase, shuffle + deal phases)."""
    real = _ristretto._rb
    counting = _Counting(real)
    _ristretto._rb = counting  # type: ignore[assignment]
    try:
        # keys alone, then the whole run: the difference is shuffle + deal
        rnd = random.Random(0).randbytes
        for s in range(seats):
            ctx = ProofContext(TABLE, 0, s, "keys")
            check_seat_key(ctx, SeatKey.generate(rnd).publish(ctx, rnd))
        keys_ops = Counter(counting.counts)
        counting.counts.clear()
        run_once(seats, cards, 0)
        all_ops = Counter(counting.counts)
    finally:
        _ristretto._rb = real  # type: ignore[assignment]
    return keys_ops, all_ops - keys_ops


def op_costs() -> dict[str, tuple[float, float]]:
    """Median µs (wall, process CPU) of one call of each counted operation, measured now."""
    rb = _ristretto._rb
    s = rb.crypto_core_ristretto255_scalar_reduce(os.urandom(64))
    p = rb.crypto_core_ristretto255_from_hash(os.urandom(64))
    q = rb.crypto_core_ristretto255_from_hash(os.urandom(64))
    h = os.urandom(64)
    fs = {
        "mul": lambda: rb.crypto_scalarmult_ristretto255(s, p),
        "mul_base": lambda: rb.crypto_scalarmult_ristretto255_base(s),
        "add": lambda: rb.crypto_core_ristretto255_add(p, q),
        "check": lambda: rb.crypto_core_ristretto255_is_valid_point(p),
        "hash_to_point": lambda: rb.crypto_core_ristretto255_from_hash(h),
    }
    out = {}
    for name, f in fs.items():
        v, c = [], []
        for _ in range(5):
            t0, c0 = time.perf_counter(), time.process_time()
            for _ in range(200):
                f()
            v.append((time.perf_counter() - t0) / 200 * 1e6)
            c.append((time.process_time() - c0) / 200 * 1e6)
        out[name] = (statistics.median(v), statistics.median(c))
    return out


def small_steps(seats: int, seed: int) -> dict[str, tuple[float, float]]:
    """Claim, hand re-shuffle and re-encryption, each made and checked once."""
    rnd = random.Random(seed).randbytes
    keys = [SeatKey.generate(rnd) for _ in range(seats)]
    y = joint_key([k.public for k in keys])
    cards = deck(24)
    hand = [c for c in cards if c.suit.symbol != "♥"][:8]
    allowed = [card_point(TABLE, c.code) for c in cards if c.suit.symbol != "♥"]
    held = []
    for c in hand:
        ct = initial_deck([card_point(TABLE, c.code)], y)[0]
        w = ct[1]
        for k in keys[1:]:
            w = _ristretto.sub(w, _ristretto.mul(k.secret, ct[0]))
        held.append((ct, w))
    out: dict[str, tuple[float, float]] = {}
    ctx = ProofContext(TABLE, seed, 0, "trick")
    t0, c0 = time.perf_counter(), time.process_time()
    tree = each_card_in(held, allowed)
    check_claim(ctx, keys[0].public, tree, _wire(prove_claim(ctx, keys[0], tree, rnd)))
    t1, c1 = time.perf_counter(), time.process_time()
    out["claim"] = ((t1 - t0) * 1e3, (c1 - c0) * 1e3)
    d = initial_deck([card_point(TABLE, c.code) for c in cards[:9]], y)
    t0, c0 = time.perf_counter(), time.process_time()
    _, body = shuffle_proven(ctx, y, d, rnd)
    check_shuffle(ctx, y, d, _wire(body))
    t1, c1 = time.perf_counter(), time.process_time()
    out["hand_reshuffle"] = ((t1 - t0) * 1e3, (c1 - c0) * 1e3)
    t0, c0 = time.perf_counter(), time.process_time()
    _, body = reencrypt_proven(ctx, y, d[0], rnd)
    check_reencryption(ctx, y, d[0], _wire(body))
    t1, c1 = time.perf_counter(), time.process_time()
    out["reencryption"] = ((t1 - t0) * 1e3, (c1 - c0) * 1e3)
    return out


def main(argv: list[str]) -> None:
    p = argparse.ArgumentParser(prog="scripts/bench shuffle2")
    p.add_argument("--seats", type=int, action="append", help="repeatable; default 4")
    p.add_argument("--cards", type=int, action="append", help="repeatable; default 36, 52")
    p.add_argument("--runs", type=int, default=7)
    a = p.parse_args(argv)
    for seats in a.seats or [4]:
        for cards in a.cards or [36, 52]:
            for i in range(cards + 1):
                generator(TABLE, i)  # per table, computed once: not part of a hand
            run_once(seats, cards, 0)  # warm up
            _, ops = count_ops(seats, cards)
            res: list[dict[str, tuple[float, float]]] = []
            costs_seen: list[dict[str, tuple[float, float]]] = []
            for i in range(a.runs):  # interleaved, so both see the same load
                res.append(run_once(seats, cards, i + 1))
                costs_seen.append(op_costs())
            kw: dict[str, Any] = {"seats": seats, "cards": cards}
            for unit, off in (("ms", 0), ("cpu ms", 1)):
                for phase in ("keys", "shuffle", "deal", "total"):
                    emit("shuffle2", unit, [r[phase][off] for r in res], phase=phase, **kw)
                floors = [sum(ops[k] * c[k][off] for k in ops) / 1e3 for c in costs_seen]
                emit(
                    "shuffle2",
                    unit,
                    floors,
                    phase="floor",
                    ops=dict(sorted(ops.items())),
                    scalarmult_us=round(statistics.median(c["mul"][off] for c in costs_seen), 1),
                    **kw,
                )
                ratio = [r["total"][off] / f for r, f in zip(res, floors, strict=True)]
                emit("shuffle2", f"total / floor ({unit})", ratio, phase="ratio", **kw)
        small = [small_steps(seats, i + 1) for i in range(a.runs)]
        for unit, off in (("ms", 0), ("cpu ms", 1)):
            for phase in ("claim", "hand_reshuffle", "reencryption"):
                emit("shuffle2", unit, [r[phase][off] for r in small], phase=phase, seats=seats)
