"""The plain line-by-line seat (no tty, ``P2PCARDS_PLAIN``) says what the full screen
says (issue 15 item 4): once a turn the stall warning under the open prompt, then the
prompt again, and a forfeit explained at the end.  In-process sessions with no network
(tests/peer/test_controller's stand-in for the mesh), on trio's virtual clock."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
import trio

from p2pcards.cli._seat import play_lines
from p2pcards.games import game_info
from tests.peer.test_controller import _bots_move, _deliver, _sessions, _start


async def test_the_plain_seat_warns_before_the_stall_limit_and_explains_a_forfeit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], autojump_clock: Any
) -> None:
    ss = _sessions("thousand", 3, 6, tmp_path, stall_limit=60)  # (warned 30 s before)
    names = ss[0].names
    rngs = [random.Random(i) for i in range(3)]
    bot = game_info("thousand").bots["basic"]
    got: list[Any] = []

    async def never() -> str | None:
        await trio.sleep_forever()
        return None

    async def seat() -> None:
        got.append(await play_lines(ss[0], "ru", source=never))

    out = ""
    async with trio.open_nursery() as n:
        n.start_soon(seat)
        _start(ss)
        with trio.fail_after(600):
            while "ваш ход (1-" not in out:
                await trio.sleep(0.01)
                _bots_move(ss, bot, rngs)
                out += capsys.readouterr().out
            asked = len(out)
            await trio.sleep(45)  # (past the warning: 30 s before the limit)
            out += capsys.readouterr().out
            ss[1].handle(ss[1].table.leave())  # Борис leaves on Аня's turn
            while not got:
                await trio.sleep(0.01)
                _deliver(ss)
        n.cancel_scope.cancel()
    out += capsys.readouterr().out
    warning = "осталось 30 с, чтобы сходить: потом остальные могут закончить раздачу без вас"
    assert out.count(warning) == 1
    after = out[asked:].split(warning)[1].splitlines()
    assert after[1].startswith("ваш ход (1-")  # the prompt again, under the warning
    line = f"{names[1]}: поражение в раздаче 1 (место покинуто), -120 в записи"
    assert line in out.splitlines()
    assert out.index(line) < out.index("игра окончена: ")
    assert got[0].status == "forfeited"  # (three seats: the game is over, with its result)


async def test_the_end_of_a_forfeited_game_is_said_once(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    autojump_clock: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Борис leaves a Thousand for three: the seat's lines say the end of the hand, the
    forfeit and the result, and the final report after them only the log and that the
    game is over (it said «раздача окончена, поражение без игры: Борис (место покинуто)»
    and the result a second time, as «итог: …»)."""
    from p2pcards.cli import _seat
    from p2pcards.cli._lan import play_to_end

    ss = _sessions("thousand", 3, 6, tmp_path)
    names = ss[0].names
    rngs = [random.Random(i) for i in range(3)]
    bot = game_info("thousand").bots["basic"]

    async def never() -> str | None:
        await trio.sleep_forever()
        return None

    async def plain(session: Any, lang: str) -> Any:  # (the terminal seat, line by line)
        return await play_lines(session, lang, source=never)

    monkeypatch.setattr(_seat, "play_seat", plain)
    got: list[int] = []

    async def seat() -> None:
        got.append(await play_to_end(ss[0], None, "ru"))

    out = ""
    async with trio.open_nursery() as n:
        n.start_soon(seat)
        _start(ss)
        with trio.fail_after(600):
            while "ваш ход (1-" not in out:
                await trio.sleep(0.01)
                _bots_move(ss, bot, rngs)
                out += capsys.readouterr().out
            ss[1].handle(ss[1].table.leave())  # Борис leaves on Аня's turn
            while not got:
                await trio.sleep(0.01)
                _deliver(ss)
        n.cancel_scope.cancel()
    out += capsys.readouterr().out
    assert out.count("поражение без игры") == 1
    assert out.splitlines()[-5:] == [
        f"раздача окончена, поражение без игры: {names[1]} (место покинуто)",
        f"{names[1]}: поражение в раздаче 1 (место покинуто), -120 в записи",
        f"игра окончена: проигравший: {names[1]}; очки: {names[0]} 0, {names[1]} -120, "
        f"{names[2]} 0",
        f"журнал: {ss[0].storage.log_path}",
        "Игра окончена: для новой раздачи нужны все игроки, а один выбыл (она есть в p2pcards "
        "games).",
    ]
    assert got == [0]  # (the game ended with its result: 3 is for a hand with none)


async def test_a_restarted_plain_seat_says_it_waits_for_the_others_before_its_move(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Restarted on its turn (issue 15): no move is asked before another seat answers;
    the seat says once that it waits for them, then, once one does, the menu comes."""
    from tests.peer.test_controller import _bot_step, _restarted

    ss = _sessions("akulina", 2, 1, tmp_path)
    _start(ss)
    rngs = [random.Random(i) for i in range(2)]
    while not ss[1].controller.snapshot().my_turn:
        assert _bot_step(ss, rngs)
    back = _restarted(ss[1], tmp_path / "p1")
    capsys.readouterr()

    async def never() -> str | None:
        await trio.sleep_forever()
        return None

    async with trio.open_nursery() as n:
        n.start_soon(play_lines, back, "ru", never)
        await trio.sleep(0.1)
        before = capsys.readouterr().out
        back._link_up(0)
        out = ""
        with trio.fail_after(5):
            while "ваш ход (1-" not in out:
                await trio.sleep(0.01)
                out += capsys.readouterr().out
        n.cancel_scope.cancel()
    assert before.count("вы снова за столом: ждём ответа (seat0)…\n") == 1
    assert "ваш ход (1-" not in before


async def test_q_at_a_restarted_plain_seat_nobody_answered_asks_of_no_others(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Restarted, with nobody answering (issue 15): q asks whether to leave without
    speaking of "the others" ending the hand: nobody hears it."""
    from tests.peer.test_controller import _bot_step, _restarted

    ss = _sessions("akulina", 3, 1, tmp_path)
    _start(ss)
    rngs = [random.Random(i) for i in range(3)]
    while not ss[0].controller.snapshot().my_turn:
        assert _bot_step(ss, rngs)
    back = _restarted(ss[1], tmp_path / "p1")
    lines = trio.open_memory_channel[str | None](5)
    lines[0].send_nowait("q")
    async with trio.open_nursery() as n:
        n.start_soon(play_lines, back, "ru", lines[1].receive)
        with trio.fail_after(5):
            out = ""
            while "[д/Н]" not in out:
                await trio.sleep(0.01)
                out += capsys.readouterr().out
        n.cancel_scope.cancel()
    assert "Выйти из-за стола? С вашего возвращения за ним никто не ответил: о вашем уходе " in out
    assert "Остальные" not in out
