"""``host thousand --bots 2`` (one person, two bots: every seat taken by the host's
bots) in a pseudo-terminal inside a private network namespace (run by
tests/cli/test_lan_bots_lobby.py; prints one ``RESULT {json}`` line): what it prints
until the game starts.  A new user's trial found the table print "others join with one
of these commands: p2pcards join …" although nobody was to join, and list its seats as
"Аня, Бот 2, Бот 1" (the bots raced for the seats), and the start said the stall
limit ("a player who does not answer for 120 s … is voted out") with no player to wait
for.

    python tests/cli/_lan_bots_lobby.py
"""

from __future__ import annotations

import json
import signal

import pexpect

from tests.cli._pty import player_homes, spawn

ARGS = ("host", "thousand", "--bots", "2", "--headless", "basic", "--no-mdns", "--bind",
        "127.0.0.1", "--player-name", "Аня")  # fmt: skip


def main() -> None:
    home = player_homes("p2pcards-bots-lobby-", "anya")["anya"]
    child = spawn(home, "ru", *ARGS, timeout=60)
    try:
        child.expect("все места заняты")
        text = child.before or ""
        child.expect(pexpect.TIMEOUT, timeout=3)  # the start's lines, the game played on
        start = child.before or ""
    finally:
        child.kill(signal.SIGKILL)
        child.expect(pexpect.EOF)
        child.close(force=True)
    print("RESULT " + json.dumps({"lobby": text, "start": start}, ensure_ascii=False))


if __name__ == "__main__":
    main()
