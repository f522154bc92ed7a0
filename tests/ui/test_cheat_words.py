"""A broken protocol step is named in words, not by the table's internal step name (a
new user's notes at 882f1ae: English step names such as "shuffle 12" stood in Russian
cheat lines)."""

from __future__ import annotations

import pytest

from p2pcards.table import CheatDetected, Offence
from p2pcards.ui import Names, Texts, table_event_line

NAMES = Names(("Аня", "Борис", "Вера"))


@pytest.mark.parametrize(
    ("rule", "ru", "en"),
    [
        ("shuffle 12", "перемешивание колоды", "the shuffle of the deck"),
        ("share 30", "доля расшифровки", "a decryption share"),
        ("move encoding", "запись хода", "the encoding of a move"),
        ("seat key", "ключ игрока и его доказательство", "the seat's key and its proof"),
        ("pass 1", "pass 1", "pass 1"),  # (no step of that name: as it is)
    ],
)
def test_a_broken_step_in_words(rule: str, ru: str, en: str) -> None:
    ev = CheatDetected(1, 12, rule, Offence.PROTOCOL, "seat 1: bad proof")
    assert table_event_line(Texts("ru"), NAMES, ev) == (
        f"ЖУЛЬНИЧЕСТВО: Борис: нарушен шаг протокола (запись 12): {ru}"
    )
    assert table_event_line(Texts("en"), NAMES, ev) == (
        f"CHEAT by Борис: a protocol step broken (entry 12): {en}"
    )
