"""A host with bots killed mid-game and started again with the same command (run by
tests/cli/test_lan_bots_resume.py inside a private network namespace; prints one
``RESULT {json}`` line): the table is resumed and its bots come back, restarted from
their own files with their keys, and the game is played to the end.  Before, the bots'
files went with the host's process, so a resumed bots table waited for ever for them
(and since 244210e such a table was never offered again).

- ``host akulina --seats 2 --bots 1 --headless basic`` (Russian, no mDNS), killed
  (SIGKILL) at the first draw;
- the same command again: "возобновляем…", "снова за столом (переподключение заняло …
  с)", the game to its end, exit status 0; the bot's table files are removed then.

    python tests/cli/_lan_bots_resume.py
"""

from __future__ import annotations

import json
import signal
from functools import partial
from typing import Any

import pexpect

from tests.cli import _pty
from tests.cli._pty import finish, player_homes

T = 60
spawn = partial(_pty.spawn, timeout=T)
ARGS = ("host", "akulina", "--seats", "2", "--bots", "1", "--headless", "basic",
        "--no-mdns", "--bind", "127.0.0.1", "--player-name", "Аня")  # fmt: skip


def main() -> None:
    homes = player_homes("p2pcards-bots-resume-", "anya")
    home = homes["anya"]
    out: dict[str, Any] = {}
    first = spawn(home, "ru", *ARGS)
    try:
        first.expect(" тянет ")  # (the first draw: "Бот 1 тянет у вас карту 4 из 6")
        first.kill(signal.SIGKILL)
        first.expect(pexpect.EOF)
        out["first"] = first.before
        first.close()
        out["bot_files"] = sorted(
            p.relative_to(home).as_posix() for p in (home / "bots").glob("*/tables/*.log")
        )
        again = spawn(home, "ru", *ARGS)
        out["again"] = finish(again)
        out["bot_files_after"] = sorted(
            p.relative_to(home).as_posix() for p in (home / "bots").glob("*/tables/*")
        )
        out["home"] = str(home)
    finally:
        first.close(force=True)
    print("RESULT " + json.dumps(out, ensure_ascii=False))


if __name__ == "__main__":
    main()
