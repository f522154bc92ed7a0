"""``scripts/bench group [--runs R] [--n N]``: the group operations of mental poker
version 2, Ed25519's subgroup through PyNaCl against Ristretto255 through rbcl, measured
side by side (interleaved, same load).  One line per (library, operation): median µs of one
call.  Ed25519's variable-base multiplication checks its input's subgroup membership (a
second multiplication), Ristretto255's does not need to: that is most of the difference.
The chosen group (Ristretto255) and the reasons are in docs/mental_poker.md, "Group".
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable

import nacl.bindings as nb
import rbcl
from _util import emit

import p2pcards.mental_poker._ristretto  # noqa: F401  (removes rbcl's temporary file)


def _ops() -> dict[str, dict[str, Callable[[], object]]]:
    es = nb.crypto_core_ed25519_scalar_reduce(os.urandom(64))
    ep = nb.crypto_core_ed25519_from_uniform(os.urandom(32))
    eq = nb.crypto_core_ed25519_from_uniform(os.urandom(32))
    rs = rbcl.crypto_core_ristretto255_scalar_reduce(os.urandom(64))
    rp = rbcl.crypto_core_ristretto255_from_hash(os.urandom(64))
    rq = rbcl.crypto_core_ristretto255_from_hash(os.urandom(64))
    h32, h64 = os.urandom(32), os.urandom(64)
    return {
        "pynacl-ed25519": {
            "scalarmult": lambda: nb.crypto_scalarmult_ed25519_noclamp(es, ep),
            "scalarmult_base": lambda: nb.crypto_scalarmult_ed25519_base_noclamp(es),
            "add": lambda: nb.crypto_core_ed25519_add(ep, eq),
            "validate": lambda: nb.crypto_core_ed25519_is_valid_point(ep),
            "hash_to_point": lambda: nb.crypto_core_ed25519_from_uniform(h32),
            "scalar_mul": lambda: nb.crypto_core_ed25519_scalar_mul(es, es),
        },
        "rbcl-ristretto255": {
            "scalarmult": lambda: rbcl.crypto_scalarmult_ristretto255(rs, rp),
            "scalarmult_base": lambda: rbcl.crypto_scalarmult_ristretto255_base(rs),
            "add": lambda: rbcl.crypto_core_ristretto255_add(rp, rq),
            "validate": lambda: rbcl.crypto_core_ristretto255_is_valid_point(rp),
            "hash_to_point": lambda: rbcl.crypto_core_ristretto255_from_hash(h64),
            "scalar_mul": lambda: rbcl.crypto_core_ristretto255_scalar_mul(rs, rs),
        },
    }


def main(argv: list[str]) -> None:
    p = argparse.ArgumentParser(prog="scripts/bench group")
    p.add_argument("--runs", type=int, default=9)
    p.add_argument("--n", type=int, default=300, help="calls per timing")
    a = p.parse_args(argv)
    ops = _ops()
    res: dict[tuple[str, str], list[float]] = {}
    for _ in range(a.runs):
        for lib, table in ops.items():
            for op, f in table.items():
                t0 = time.perf_counter()
                for _ in range(a.n):
                    f()
                res.setdefault((lib, op), []).append((time.perf_counter() - t0) / a.n * 1e6)
    for (lib, op), v in res.items():
        emit("group", "us", v, lib=lib, op=op)
    for op in ops["pynacl-ed25519"]:
        ed = sorted(res[("pynacl-ed25519", op)])[a.runs // 2]
        ri = sorted(res[("rbcl-ristretto255", op)])[a.runs // 2]
        emit("group", "ratio ed25519/ristretto255", [ed / ri], op=op)
