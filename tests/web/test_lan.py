"""In a private network namespace: one seat played in a real browser against bot peers
(each a full peer with its own keys, over TCP on loopback), a whole game of each game
(kept to one hand or round by its options); the result the page shows equals the one
in the log, audited; the page says the hand was verified; no console errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from p2pcards.web._present import presenter
from tests.peer.test_demo import unshare_flag

ROOT = Path(__file__).resolve().parents[2]


def lan_game(game: str, seats: int, out: Path, *opts: str) -> dict:  # type: ignore[type-arg]
    cmd = ["unshare", unshare_flag(), sys.executable, str(ROOT / "tests/web/_lan_game.py")]
    proc = subprocess.run(
        [*cmd, game, str(seats), str(out), *opts],
        capture_output=True,
        text=True,
        timeout=150,
        cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    got: dict = json.loads(proc.stdout.strip().splitlines()[-1])  # type: ignore[type-arg]
    return got


@pytest.mark.parametrize(
    ("game", "seats", "opts"),
    [
        # Akulina (three bot peers) and 101 (two seats) are played through the web lobby
        # in tests/web/test_lobby.py; Sunduchki by clicking in tests/web/test_offline_games
        # (over the LAN: 16 s of CPU, out of the suite; run it by hand with
        # ``unshare -rn .venv/bin/python tests/web/_lan_game.py sunduchki 3 /tmp/out``)
        ("thousand", 3, ("max_hands=1",)),
    ],
)
def test_one_browser_seat_against_bot_peers(
    game: str, seats: int, opts: tuple[str, ...], screens: Path
) -> None:
    got = lan_game(game, seats, screens, *opts)
    assert got["errors"] == []
    assert got["status"] == "finished"
    assert got["log_verdict"] == "verified"
    assert got["log_result"] == got["result"]
    assert got["log_hands_verified"] == got["verified"] and got["verified"]
    options = dict(o.split("=", 1) for o in opts)
    for line in presenter(game, "en", options).result_lines(got["log_result"], got["names"]):
        assert line in got["shown"]
    assert got["verdict"] == "hand verified ✓"
    assert f"hand {got['verified'][-1]} verified ✓" in got["history"]
    assert (screens / f"lan-{game}.png").exists()
