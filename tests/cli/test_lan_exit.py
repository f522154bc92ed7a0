"""Leaving a LAN game: q, Ctrl-C or Ctrl-D raised inside trio's nurseries (where they
arrive wrapped in an exception group) end the command with one line and status 130,
never a traceback (issue 15: `q` in `p2pcards join` printed a 76-line ExceptionGroup)."""

from __future__ import annotations

import argparse

import pytest
import trio

from p2pcards.cli._lan import run_lan
from p2pcards.cli._tui import Quit


def _in_nursery(exc: BaseException) -> object:
    async def main(args: argparse.Namespace) -> int:
        async def boom() -> None:
            raise exc

        async with trio.open_nursery() as n:
            n.start_soon(trio.sleep_forever)
            n.start_soon(boom)
        return 0

    return main


@pytest.mark.parametrize("exc", [Quit(), KeyboardInterrupt(), EOFError()])
@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "You left; no game had started"),  # (a game's leave: _lan_leave.py)
        ("ru", "Вы вышли; игра ещё не началась"),
    ],
)
def test_leaving_inside_a_nursery_is_one_line_and_status_130(
    exc: BaseException, lang: str, line: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status = run_lan(_in_nursery(exc), argparse.Namespace(lang=lang))  # type: ignore[arg-type]
    out, err = capsys.readouterr()
    assert status == 130
    # after Ctrl-C on a line of its own (the terminal echoed "^C": "^CВы вышли…")
    assert out == ("\n" if isinstance(exc, KeyboardInterrupt) else "") + line + "\n"
    assert "Traceback" not in out + err and "ExceptionGroup" not in out + err


def test_a_system_exit_inside_a_nursery_keeps_its_status() -> None:
    assert run_lan(_in_nursery(SystemExit(3)), argparse.Namespace(lang="en")) == 3  # type: ignore[arg-type]


def test_ctrl_c_during_a_game_tells_the_others_whatever_task_it_hits(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ctrl-C (SIGINT) while a game runs, at a moment when another task runs (here a
    child task of the game raises it): trio raised KeyboardInterrupt in that task, the
    game saw only a cancellation and sent no leave, and the player read "you left; no
    game had started" (a host with a bot, one Ctrl-C in two).  Now Ctrl-C cancels the
    game, which departs (tells the others) and says what that did."""
    import signal
    from types import SimpleNamespace

    from p2pcards.cli import _lan
    from p2pcards.peer import Departure

    departed = []

    class Session:
        names = ("Аня", "Борис")
        table = SimpleNamespace(game=SimpleNamespace(name="akulina", options={}))

        async def depart(self, on_wait: object = None) -> Departure:
            departed.append(True)
            return Departure("ended")

    async def play(*args: object) -> object:
        await trio.sleep_forever()

    monkeypatch.setattr(_lan, "_play", play)

    async def main(args: argparse.Namespace) -> int:
        async def hit() -> None:  # (a task beside the game, as a bot or the mesh is)
            await trio.sleep(0.05)
            signal.raise_signal(signal.SIGINT)
            await trio.sleep_forever()

        async with trio.open_nursery() as n:
            n.start_soon(hit)
            return await _lan.play_to_end(Session(), None, "en")  # type: ignore[arg-type]

    assert run_lan(main, argparse.Namespace(lang="en")) == 130
    assert departed == [True]
    out = capsys.readouterr().out
    assert "You left the table: the other player ended the hand, with no result." in out
    # on a line of its own, not after the "^C" echoed at the prompt ("choice> ^CYou left")
    assert out.startswith("\nYou left the table: ")
