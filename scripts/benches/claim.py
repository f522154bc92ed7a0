"""Bench ``claim``: one proven hidden claim, made and checked (process CPU time, ms).

Thousand's "cannot follow suit" with 8 hidden cards and 18 allowed cards of the 24-card
deck, made and checked separately, in two forms side by side (interleaved run by run):
``form=or``, "every card is one of the 18" (144 leaves, as in ``shuffle2``'s
``phase=claim``), and ``form=not``, "no card is one of the 6 hearts" (48 Camenisch–Shoup
inequalities, mental_poker_v2.md §10; the form the table uses when it is cheaper), with
their ratio.
``--against REV`` also times ``p2pcards/mental_poker/_claims.py`` as it was at git
revision REV, interleaved run by run with the working tree's (the machine is noisy: compare
the ratio), and checks both give the same proof bytes from the same random draws.  The
``floor`` line is the group operations one proof and one check need (counted) times their
cost measured in the same process.  Issue 12's aim: made and checked <= 50 ms.

``--table N``: the claims as the table proves them (``p2pcards.table._claim_proofs``), in
N seeded hands of 3-seat Thousand played in memory: each proof is made and checked with
the table's leaf cuts (cards opened elsewhere in the deck, what earlier proofs showed) and,
side by side on the same claim, without the cuts and in the table's form with
inequalities (``phase=table``, ``form`` "no cuts", "cuts" or "cuts+not";
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
    """8 hidden cards, none a heart; the 18 allowed card points (not hearts)."""
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


HEARTS = [card_point(TABLE, c.code) for c in deck(24) if c.suit.symbol == "♥"]


def tree_of(mod: ModuleType, form: str, held: Any, allowed: list[bytes]) -> Any:
    """``or``: every card one of the 18 allowed (144 leaves); ``not``: no card one of
    the 6 hearts (48 Camenisch–Shoup inequalities), the same statement."""
    return mod.each_card_in(held, allowed) if form == "or" else mod.no_card_in(held, HEARTS)


def time_one(mod: ModuleType, seed: int, form: str = "or") -> tuple[float, float, list[Any]]:
    ctx, key, _, held, allowed = setup(seed)
    tree = tree_of(mod, form, held, allowed)
    rnd = random.Random(seed + 1).randbytes
    t0 = time.process_time()
    body = mod.prove_claim(ctx, key, tree, rnd)
    t1 = time.process_time()
    mod.check_claim(ctx, key.public, tree, body)
    t2 = time.process_time()
    return (t1 - t0) * 1e3, (t2 - t1) * 1e3, body


def count_ops(mod: ModuleType, form: str = "or") -> tuple[Counter[str], Counter[str]]:
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
    tree = tree_of(mod, form, held, allowed)
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
        return sum(leaves(c) for c in node.children) if hasattr(node, "children") else 1

    variants = ("no cuts", "cuts", "cuts+not")

    def timed(
        ctx: ProofContext,
        key: SeatKey,
        table: bytes,
        hidden: Any,
        held: Any,
        rnd: Any,
        ex: Any,
        uni: Any = None,
    ) -> list[Any]:
        row: dict[str, Any] = {"hidden": len(hidden.positions), "kind": hidden.kind}
        for v in variants:  # the OR form without and with the cuts, then the table's form
            e = None if v == "no cuts" else ex
            u = uni if v == "cuts+not" else None
            t0 = time.process_time()
            body = real(ctx, key, table, hidden, held, random.Random(1).randbytes, e, u)
            cp.check_hidden(ctx, key.public, table, hidden, held, body, e, u)
            row[v] = (time.process_time() - t0) * 1e3
            row[f"leaves {v}"] = leaves(cp.claim_tree(table, hidden, held, e, universe=u))
        rows.append(row)
        return real(ctx, key, table, hidden, held, rnd, ex, uni)

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
        for v in variants:
            emit(
                "claim",
                "ms",
                [r[v] for r in sel],
                phase="table",
                claims=label,
                hidden=most if label != "all" else None,
                form=v,
                leaves=statistics.median(r[f"leaves {v}"] for r in sel),
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
    runs = [("tree", "or"), ("tree", "not"), *((n, "or") for n in mods if n != "tree")]
    times: dict[tuple[str, str], dict[str, list[float]]] = {
        k: {"made": [], "checked": [], "total": []} for k in runs
    }
    bodies: dict[str, list[Any]] = {}
    for run in range(a.runs):
        for name, form in runs:  # interleaved, run by run
            made, checked, body = time_one(mods[name], 100 + run, form)
            times[name, form]["made"].append(made)
            times[name, form]["checked"].append(checked)
            times[name, form]["total"].append(made + checked)
            if form == "or":
                bodies.setdefault(name, []).append(body)
    for (name, form), ts in times.items():
        n_leaves = 144 if form == "or" else 48
        for phase, vs in ts.items():
            emit("claim", "ms", vs, code=name, form=form, leaves=n_leaves, cards=8, phase=phase)
    emit(
        "claim",
        "ratio",
        [
            t / o
            for t, o in zip(
                times["tree", "not"]["total"], times["tree", "or"]["total"], strict=True
            )
        ],
        code="not/or",
        phase="total",
    )
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
    for name, form in runs:
        made, checked = count_ops(mods[name], form)
        floor = sum(cost[k] * v for k, v in (made + checked).items())
        emit(
            "claim",
            "ms",
            [floor],
            code=name,
            form=form,
            phase="floor",
            made_ops=dict(made),
            checked_ops=dict(checked),
            unit_ms=cost,
        )
