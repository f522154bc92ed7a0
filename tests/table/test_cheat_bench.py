"""``scripts/bench cheats`` reports what the table does: two cheap cheats of its catalogue,
run here through the same code (the step seam ``Table.alter`` and a tampered broadcast),
each rejected at the entry that commits it with the cheater blamed."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

BENCHES = Path(__file__).resolve().parents[2] / "scripts" / "benches"


def bench() -> Any:
    sys.path.insert(0, str(BENCHES))
    try:
        import cheats  # type: ignore[import-not-found]
    finally:
        sys.path.remove(str(BENCHES))
    return cheats


def test_a_duplicated_ciphertext_and_an_entry_out_of_turn_are_rejected_at_their_entry() -> None:
    b = bench()
    cases = {c.name: c for c in b.CASES}
    dup = b.run_case(cases["duplicated ciphertext"])
    assert dup["committed_at"] == dup["rejected_at"] == dup["detected_at"] == 7
    assert dup["blamed"] == 1 and dup["right_seat"] and dup["at_once"]
    assert dup["offence"] == "protocol"
    turn = b.run_case(cases["entry out of turn"])
    assert turn["committed_at"] == turn["rejected_at"] == 13
    assert turn["blamed"] == 1 and turn["right_seat"] and turn["at_once"]
    assert turn["offence"] == "out of turn"


def test_a_planted_body_its_own_table_refuses_counts_from_the_entry_it_signed() -> None:
    """An identity point in a shuffle: the cheater's own table refuses to log its own
    deck, so the entry is in no log; the bench counts it from the entry it signed and
    sent (it used to look in the cheater's log and report ``committed_at: null``)."""
    cases = {c.name: c for c in bench().CASES}
    line = bench().run_case(cases["invalid point (the identity) in a shuffle"])
    assert line["committed_at"] == line["rejected_at"] == line["detected_at"] == 7
    assert line["blamed"] == 1 and line["right_seat"] and line["at_once"]
