"""A game's result in plain words, with seat names (audit, replay, simulate, LAN)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from p2pcards.ui import Texts, result_line


def format_result(result: Mapping[str, Any] | None, names: Sequence[str], lang: str) -> str:
    """e.g. "lost: Boris; losses: Аня 0, Boris 1" (:func:`p2pcards.ui.result_line`)."""
    return result_line(Texts(lang), result, names)
