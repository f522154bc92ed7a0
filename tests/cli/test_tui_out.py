"""The terminal's output never blocks the trio loop (issue 15 item 6): a paused
terminal (Ctrl-S, a full pipe) blocked every write of a redraw, and with it the whole
peer, heartbeats too, until the others took it for gone."""

from __future__ import annotations

import io
import sys
import threading
from types import SimpleNamespace
from typing import Any

import pytest
import trio
from rich.console import Console

from p2pcards.cli._tui._live import play_seat_live
from p2pcards.cli._tui._out import HOME_ERASE, BackgroundOut
from p2pcards.table import Waiting
from tests.cli.test_tui_live import _Session


class _Paused(io.StringIO):
    """A terminal whose output is paused until :attr:`go` is set."""

    def __init__(self) -> None:
        super().__init__()
        self.go = threading.Event()

    def write(self, s: str) -> int:
        if not self.go.wait(timeout=10):  # (before the fix: the trio thread waited here)
            raise OSError("the terminal stayed paused")
        return super().write(s)

    def isatty(self) -> bool:
        return True


async def test_a_paused_terminal_does_not_stop_the_loop_and_shows_the_last_screen() -> None:
    raw = _Paused()
    out = BackgroundOut(raw, limit=2000)
    console = Console(file=out, width=60, force_terminal=True, color_system=None)
    beats = 0

    async def heartbeat() -> None:
        nonlocal beats
        while True:
            await trio.sleep(0.001)
            beats += 1

    async with trio.open_nursery() as n:
        n.start_soon(heartbeat)
        for i in range(200):  # a redraw per change while the terminal is paused
            out.write(HOME_ERASE)
            console.print(f"screen {i}: " + "x" * 40)
            await trio.sleep(0)
        while beats < 10:  # the loop goes on: every write returned at once
            await trio.sleep(0.001)
        assert raw.getvalue() == ""  # nothing reached the paused terminal yet
        n.cancel_scope.cancel()
    raw.go.set()  # the user lets the terminal go on
    assert out.drain(timeout=30)
    shown = raw.getvalue()
    assert shown.rsplit(HOME_ERASE, 1)[-1].strip() == "screen 199: " + "x" * 40
    assert out.dropped > 0 and len(shown) <= 2000 + 200  # (the screens in between dropped)


async def test_the_live_screen_is_written_off_the_trio_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """LAN play on the full screen with its terminal paused: the table's updates are
    drawn, the loop's other tasks (the peer's heartbeats) go on, and once the terminal
    goes on it shows the screen.  Before, the first redraw blocked the trio thread in
    its write (here: until the paused terminal gave up)."""
    raw = _Paused()
    monkeypatch.setattr(sys, "stdout", raw)
    beats = 0

    async def heartbeat() -> None:
        nonlocal beats
        while True:
            await trio.sleep(0.001)
            beats += 1

    class Redraws(_Session):
        async def drive(self, choose: Any, on_update: Any) -> Any:
            for _ in range(20):  # Vera thinks: a screen per update
                on_update(SimpleNamespace(event=Waiting((2,), "move")), self.snapshot())
                await trio.sleep(0.001)
            while beats < 20:  # the heartbeats went on meanwhile
                await trio.sleep(0.001)
            assert raw.getvalue() == ""
            raw.go.set()  # the terminal goes on
            return "the end"

    async with trio.open_nursery() as n:
        n.start_soon(heartbeat)
        ending = await play_seat_live(Redraws(seed=1), "en")
        n.cancel_scope.cancel()
    assert ending == "the end"
    assert "waiting for Vera" in raw.getvalue()  # written out before play_seat_live ended
