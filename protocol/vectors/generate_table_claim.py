"""Regenerate ``table_move_claim.json``:
``.venv/bin/python protocol/vectors/generate_table_claim.py``.

protocol/table.md §2.1: the first move entry of a seeded in-memory game of Thousand (3
seats) whose claim proof has cards excluded (opened elsewhere in the deck), with
everything a checker needs from the log (the claimer's key, each hidden position's ``C1``
and ``W``, the cards excluded there and the cards of its deck), the leaves of the tree it
builds and the entry's body.  tests/table/test_claim_proofs.py rebuilds the tree and
verifies the proof.
Regenerate only on a deliberate protocol change.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parents[1]))

from p2pcards.mental_poker import NotCard  # noqa: E402
from p2pcards.table import _claim_proofs  # noqa: E402
from p2pcards.table._steps import _move  # noqa: E402
from tests.table.harness import Harness  # noqa: E402

FOUND: list[dict[str, Any]] = []


def hexed(v: Any) -> Any:
    if isinstance(v, bytes):
        return v.hex()
    if isinstance(v, list | tuple):
        return [hexed(x) for x in v]
    if isinstance(v, dict):
        return {str(k): hexed(x) for k, x in v.items()}
    return v


def leaves(node: Any) -> list[Any]:
    """The tree's leaves in pre-order: ``["is", C1, W, M]`` (a Chaum–Pedersen leaf) or
    ``["not", C1, W, M]`` (a Camenisch–Shoup inequality)."""
    if isinstance(node, tuple):
        return [["is", *node]]
    if isinstance(node, NotCard):
        return [["not", node.c1, node.w, node.m]]
    return [x for ch in node.children for x in leaves(ch)]


def capture(t: Any, seat: int, label: str, todo: Any, proofs: Any) -> Any:
    bad = _claim_proofs.check_move(t, seat, label, todo, proofs)
    if bad is None and not FOUND and len(todo) == 1 and any(todo[0][2].values()):
        claim, held, ex = todo[0]
        h = claim.hidden
        uni = _claim_proofs.universe_at(t, h.positions)
        FOUND.append(
            {
                "comment": "protocol/table.md §2.1: a Thousand follow claim proven in its move "
                "entry; leaves in pre-order [is|not, C1, W, M]; body = [move, [MP §10 proof]]",
                "table_id": t.table_id,
                "hand": t.hand,
                "seat": seat,
                "step": _claim_proofs.claim_label(label, 0),
                "key": t.seat_keys[seat],
                "statement": {
                    "kind": h.kind,
                    "positions": list(h.positions),
                    "cards": [c.code for c in h.cards],
                },
                "held": {p: [held[p][0][0], held[p][0][1], held[p][1]] for p in h.positions},
                "excluded": {p: sorted(c.code for c in ex[p]) for p in h.positions},
                "universe": {p: [c.code for c in uni[p]] for p in h.positions},
                "leaves": leaves(_claim_proofs.claim_tree(t.table_id, h, held, ex, universe=uni)),
                "proof": proofs[0],
            }
        )
    return bad


def main() -> None:
    _move.check_move = capture  # type: ignore[assignment]
    h = Harness("thousand", 3, seed=1, options={"max_hands": 1})
    h.run()
    (HERE / "table_move_claim.json").write_text(
        json.dumps(hexed(FOUND[0]), indent=1, ensure_ascii=False) + "\n"
    )


if __name__ == "__main__":
    main()
