"""Bench ``claim``: one proven hidden claim, made and checked (process CPU time, ms).

Thousand's "cannot follow suit" with 8 hidden cards and 18 allowed cards of the 24-card
deck (144 leaves), as in ``shuffle2``'s ``phase=claim``, made and checked separately.
``--against REV`` also times ``p2pcards/mental_poker/_claims.py`` as it was at git
revision REV, interleaved run by run with the working tree's (the machine is noisy: compare
the ratio), and checks both give the same proof bytes from the same random draws.  The
``floor`` line is the group operations one proof and one check need (counted) times their
cost measured in the same process.  Issue 12's aim: made and checked <= 50 ms.

``--table N``: the claims as the table proves them (``p2pcards.table._claim_proofs``), in
N seeded hands of 3-seat Thousand played in memory: each proof is made and checked with
the table's leaf cuts (cards opened elsewhere in the deck, what earlier proofs showed) and,
side by side on the same claim, without the cuts (``phase=table``, ``cuts`` true/false;
``hidden``: the hidden cards of the claim; lines for the claims with the most hidden cards
and for all), plus how many claims the engine made and how many proofs were needed.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

from _util import emit

from p2pcards.cards import deck
from p2pcards.mental_poker import _claims, _ristretto
from p2pcards.mental_poker._domain import ProofContext, card_point
from p2pcards.mental_poker._elgamal import encrypt, joint_key
from p2pcards.mental_poker._ristretto import mul, random_scalar
from p2pcards.mental_poker._seat_key import SeatKey
from p2pcards.mental_poker._shares import partial_decrypt

TABLE = b"bench-table-0002"
ROOT = Path(__file__).resolve().parents[2]


def old_module(rev: str) -> ModuleType:
    """``_claims.py`` at ``rev``, loaded beside the package (its imports resolve to the
    working tree's other modules)."""
    src = subprocess.run(
        ["git", "-C", str(ROOT), "show", f"{rev}:p2pcards/mental_poker/_claims.py"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    path = Path(tempfile.mkdtemp(prefix="bench-claim-")) / "_claims_old.py"
    path.write_text(src)
    spec = importlib.util.spec_from_file_location("p2pcards.mental_poker._claims_old", path)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def setup(seed: int) -> tuple[ProofContext, SeatKey, Any, list[tuple[Any, bytes]], list[bytes]]:
    rnd = random.Random(seed).randbytes
    keys = [SeatKey.generate(rnd) for _ in range(4)]
    y = joint_key([k.public for k in keys])
    cards = deck(24)
    held_cards = [c for c in cards if c.suit.symbol != "♥"][:8]
    held = []
    for c in held_cards:
        ct = encrypt(card_point(TABLE, c.code), y, random_scalar(rnd))
        held.append((ct, partial_decrypt(ct, [mul(k.secret, ct[0]) for k in keys[1:]])))
    allowed = [card_point(TABLE, c.code) for c in cards if c.suit.symbol != "♥"]
    return ProofContext(TABLE, seed, 0, "trick 1 claim"), keys[0], y, held, allowed


def time_one(mod: ModuleType, seed: int) -> tuple[float, float, list[Any]]:
    ctx, key, _, held, allowed = setup(seed)
    tree = mod.each_card_in(held, allowed)
    rnd = random.Random(seed + 1).randbytes
    t0 = time.process_time()
    body = mod.prove_claim(ctx, key, tree, rnd)
    t1 = time.process_time()
    mod.check_claim(ctx, key.public, tree, body)
    t2 = time.process_time()
    return (t1 - t0) * 1e3, (t2 - t1) * 1e3, body


def count_ops(mod: ModuleType) -> tuple[Counter[str], Counter[str]]:
    """Group operations of one proof and of one check."""
    names = {
        "mul": "mul",
        "mul_base": "mul_base",
        "add": "add",
        "sub": "add",
    }
    counts: Counter[str] = Counter()
    saved = {n: getattr(_ristretto, n) for n in names}

    def wrap(n: str) -> Any:
        f = saved[n]

        def g(*a: Any) -> Any:
            counts[names[n]] += 1
            return f(*a)

        return g

    ctx, key, _, held, allowed = setup(7)
    tree = mod.each_card_in(held, allowed)
    patched = [
        m
        for m in list(sys.modules.values())
        if m and getattr(m, "__name__", "").startswith("p2pcards.mental_poker")
    ]
    old = [(m, n, getattr(m, n)) for m in patched for n in names if hasattr(m, n)]
    for m, n, _ in old:
        setattr(m, n, wrap(n))
    try:
        body = mod.prove_claim(ctx, key, tree, random.Random(8).randbytes)
        made = Counter(counts)
        counts.clear()
        mod.check_claim(ctx, key.public, tree, body)
        checked = Counter(counts)
    finally:
        for m, n, f in old:
            setattr(m, n, f)
    return made, checked


def unit_costs() -> dict[str, float]:
    rnd = random.Random(3).randbytes
    s, p, q = random_scalar(rnd), _ristretto.mul_base(random_scalar(rnd)), _ristretto.G
    out = {}
    for name, f, a in (
        ("mul", _ristretto.mul, (s, p)),
        ("mul_base", _ristretto.mul_base, (s,)),
        ("add", _ristretto.add, (p, q)),
    ):
        t = time.process_time()
        for _ in range(500):
            f(*a)
        out[name] = (time.process_time() - t) / 500 * 1e3
    return out


def table_claims(hands: int) -> None:
    """``--table``: the table's claim proofs, with and without the leaf cuts."""
    sys.path.insert(0, str(ROOT))
    from p2pcards.table import _claim_proofs as cp
    from tests.table.harness import Harness

    rows: list[dict[str, Any]] = []
    real = cp.prove_hidden
    claims = {"made": 0}

    def leaves(node: Any) -> int:
        return 1 if isinstance(node, tuple) else sum(leaves(c) for c in node.children)

    def timed(
        ctx: ProofContext, key: SeatKey, table: bytes, hidden: Any, held: Any, rnd: Any, ex: Any
    ) -> list[Any]:
        row: dict[str, Any] = {"hidden": len(hidden.positions), "kind": hidden.kind}
        for cuts in (True, False):
            e = ex if cuts else None
            t0 = time.process_time()
            body = real(ctx, key, table, hidden, held, random.Random(1).randbytes, e)
            cp.check_hidden(ctx, key.public, table, hidden, held, body, e)
            row[cuts] = (time.process_time() - t0) * 1e3
            row[f"leaves{cuts}"] = leaves(cp.claim_tree(table, hidden, held, e))
        rows.append(row)
        return real(ctx, key, table, hidden, held, rnd, ex)

    cp.prove_hidden = timed  # type: ignore[assignment]
    for seed in range(hands):
        h = Harness("thousand", 3, seed=seed, options={"max_hands": 1})
        h.run()
        claims["made"] += sum(c.hidden is not None for c in h.tables[0].engine.claims())
    cp.prove_hidden = real  # type: ignore[assignment]
    if not rows:
        return
    most = max(r["hidden"] for r in rows)
    for label, sel in (("most hidden", [r for r in rows if r["hidden"] == most]), ("all", rows)):
        for cuts in (False, True):
            emit(
                "claim",
                "ms",
                [r[cuts] for r in sel],
                phase="table",
                claims=label,
                hidden=most if label != "all" else None,
                cuts=cuts,
                leaves=statistics.median(r[f"leaves{cuts}"] for r in sel),
            )
    emit("claim", "proofs", [len(rows)], phase="table", hands=hands, claims_made=claims["made"])


def main(argv: list[str]) -> None:
    p = argparse.ArgumentParser(prog="scripts/bench claim")
    p.add_argument("--runs", type=int, default=9)
    p.add_argument("--against", help="a git revision whose _claims.py is timed alongside")
    p.add_argument("--table", type=int, metavar="N", help="also N hands of Thousand (3 seats)")
    a = p.parse_args(argv)
    if a.table:
        table_claims(a.table)
    mods = {"tree": _claims}
    if a.against:
        mods[a.against] = old_module(a.against)
    times: dict[str, dict[str, list[float]]] = {
        k: {"made": [], "checked": [], "total": []} for k in mods
    }
    bodies: dict[str, list[Any]] = {}
    for run in range(a.runs):
        for name, mod in mods.items():
            made, checked, body = time_one(mod, 100 + run)
            times[name]["made"].append(made)
            times[name]["checked"].append(checked)
            times[name]["total"].append(made + checked)
            bodies.setdefault(name, []).append(body)
    for name in mods:
        for phase, vs in times[name].items():
            emit("claim", "ms", vs, code=name, leaves=144, cards=8, allowed=18, phase=phase)
    if a.against:
        same = bodies["tree"] == bodies[a.against]
        emit(
            "claim",
            "ratio",
            [t / o for t, o in zip(times["tree"]["total"], times[a.against]["total"], strict=True)],
            code=f"tree/{a.against}",
            phase="total",
            same_bytes=same,
        )
    cost = unit_costs()
    for name, mod in mods.items():
        made, checked = count_ops(mod)
        floor = sum(cost[k] * v for k, v in (made + checked).items())
        emit(
            "claim",
            "ms",
            [floor],
            code=name,
            phase="floor",
            made_ops=dict(made),
            checked_ops=dict(checked),
            unit_ms=cost,
        )
