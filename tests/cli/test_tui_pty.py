"""``p2pcards play --offline`` driven through a pseudo-terminal (pexpect), like a person:
read the prompt, type a choice, until the hand ends and the loser is printed."""

from __future__ import annotations

import os
import re
import sys

import pexpect

from p2pcards.cli._offline import play_offline
from p2pcards.games import load_game
from p2pcards.ui import seat_names
from tests.cli._tui_util import scripted_seat


def _expected_loser(seed: int) -> str:
    """The same game in-process, always choosing 1: the loser's name."""
    game = load_game("akulina", seats=4)
    seat = scripted_seat("akulina", ["1"] * 500)
    names = seat_names(4, 0, "You", "en")
    bots = [game.info.bots["basic"]] * 4
    result = play_offline(game, seat, human=0, bots=bots, names=names, seed=seed)
    return names[result["loser"]]


def test_offline_akulina_through_a_pty() -> None:
    env = dict(os.environ, TERM="xterm-256color", COLUMNS="100", LINES="50")
    env.pop("P2PCARDS_LANG", None)
    child = pexpect.spawn(
        sys.executable,
        [
            "-m",
            "p2pcards.cli",
            "play",
            "--offline",
            "akulina",
            "--tui",
            "--seats",
            "4",
            "--seed",
            "1",
            "--lang",
            "en",
        ],
        env=env,
        encoding="utf-8",
        timeout=15,
        dimensions=(50, 100),
    )
    prompts = 0
    try:
        while True:
            i = child.expect([r"choice> ", r"loser: ([^\r\n]+)\r?\n", pexpect.EOF])
            if i == 0:
                prompts += 1
                assert prompts < 200
                if prompts == 1:  # a typo first: the prompt repeats with a message
                    child.sendline("abc")
                    child.expect("'abc' is not a number: type 1-")
                    child.expect("choice> ")
                child.sendline("1")
            elif i == 1:
                loser_line = child.match.group(1)
                break
            else:
                raise AssertionError("the game ended without a loser line:\n" + child.before)
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
    assert prompts >= 1
    name = _expected_loser(1)
    assert re.sub(r"\x1b\[[0-9;]*m", "", loser_line).strip() == (
        f"{name} (left with the queen of spades)"
    )
