"""The browser page of a seat restarted after the game ended (issue 15): until another
seat answers it shows no turn and no move, and says it waits for the others, as the
terminal does.  An in-process session, no network (tests/peer/test_controller)."""

from __future__ import annotations

import random
from pathlib import Path

from p2pcards.web._lan import ControllerSource
from p2pcards.web._screen import screen
from tests.peer.test_controller import _bot_step, _restarted, _sessions, _start


async def test_the_page_of_a_restarted_seat_waits_for_the_others_before_its_move(
    tmp_path: Path,
) -> None:
    ss = _sessions("akulina", 2, 1, tmp_path)
    _start(ss)
    rngs = [random.Random(i) for i in range(2)]
    while not ss[1].controller.snapshot().my_turn:
        assert _bot_step(ss, rngs)
    back = _restarted(ss[1], tmp_path / "p1")
    for lang, text in (
        ("ru", "ждём: seat0 · ответа (вы снова за столом)"),
        ("en", "waiting for seat0 · for an answer (you are back at the table)"),
    ):
        page = screen(ControllerSource(back.controller).snapshot(), lang, 0.0)
        assert page["moves"] == []
        assert page["turn"]["text"] == text
        assert page["turn"]["seat"] != 1  # (not marked as this seat's turn)
