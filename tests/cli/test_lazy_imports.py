"""``p2pcards play --offline`` starts without loading the LAN: the parser imports only
the module of the subcommand named (issue 14: start → first card clickable ≤ 2 s; the
LAN modules cost about 1.4 s of a 2.6 s start before)."""

from __future__ import annotations

import subprocess
import sys

from p2pcards.cli import build_parser, command_in_argv

LAN = ("zeroconf", "noise", "p2pcards.peer", "p2pcards.net", "p2pcards.table", "rbcl")

PROBE = f"""
import sys
LAN = {LAN!r}
import trio
trio.run = lambda *a, **k: None  # stop where the page would start serving
from p2pcards.cli import main
main(["--lang", "en", "play", "--offline", "akulina", "--no-browser"])
print(" ".join(sorted(m for m in sys.modules if m.startswith(LAN))))
"""


def test_play_offline_loads_no_lan_module() -> None:
    out = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=60, check=True
    ).stdout
    assert out.splitlines()[-1].split() == []


def test_the_subcommand_is_found_after_the_top_level_lang() -> None:
    assert command_in_argv(["--lang", "ru", "play", "--offline", "akulina"]) == "play"
    assert command_in_argv(["--lang=en", "list"]) == "list"
    assert command_in_argv(["replay", "x.log"]) == "replay"
    assert command_in_argv(["--help"]) is None
    assert command_in_argv(["nonsense"]) is None
    assert command_in_argv([]) is None


def test_one_subcommand_parses_as_with_the_whole_parser() -> None:
    argv = ["play", "--offline", "101", "--seats", "3", "-o", "deck=52", "--seat", "2"]
    one = vars(build_parser("en", "play").parse_args(argv))
    whole = vars(build_parser("en").parse_args(argv))
    assert {k: v for k, v in one.items() if k != "func"} == {
        k: v for k, v in whole.items() if k != "func"
    }
    assert one["seats"] == 3 and one["option"] == ["deck=52"] and one["seat"] == 2
