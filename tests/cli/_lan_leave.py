"""Leaving LAN tables through pseudo-terminals inside a private network namespace (run
by tests/cli/test_lan_leave.py; prints one ``RESULT {json}`` line), issue 15 item 1:
two tables at once, over mDNS on the namespace's loopback.

- "Стол Ани", 3 seats (Anya hosts headless beside one bot): Борис (Russian) joins it by
  its name, types ``?`` at his first prompt (the keys and the first screen of the
  rules, in Russian), ``q`` to go back to the game, then Ctrl-D: his command prints one
  line naming the command that brings him back (status 130); the host sees "Борис left
  the table" and the hand ends at once by vote (the table's stall limit is 600 s),
  Борис forfeiting.
- "Стол Гоши", 2 seats (Gosha hosts and plays in his terminal): Vera (English) has an
  unfinished table of her own, so ``join`` first asks about it (English, through the
  terminal); she starts the new table, joins by address and, while Gosha thinks over
  his move (nobody answers his prompt), types ``q`` and ``y`` to the question that
  follows ("Leave the table? The hand ends at once…"): it takes effect at once (before,
  it was read only at her own next prompt, which never came).  Gosha's open prompt
  gives way to "Vera left the table" at once, and the hand ends at once by his vote with
  no result (before, only once he had moved); Vera's line says so, not "the same command
  brings you back" to a dead table, and her home lists the table as over.

    python tests/cli/_lan_leave.py
"""

from __future__ import annotations

import json
import os
import re
import time
from functools import partial
from typing import Any

import pexpect

from p2pcards.identity import load_or_create_identity
from tests.cli import _pty
from tests.cli._pty import finish, player_homes
from tests.cli._tables import unfinished_table

T = 60  # generous: a busy machine
IFACE = ("--interface", "127.0.0.1")


spawn = partial(_pty.spawn, timeout=T)


def drain(children: list[pexpect.spawn]) -> None:
    """Read what ``children`` have printed so far (kept in their buffers): a terminal that
    nobody reads fills up, and a full-screen seat then blocks on its next redraw."""
    for c in children:
        while True:
            try:
                c.buffer += c.read_nonblocking(65536, timeout=0)
            except (pexpect.TIMEOUT, pexpect.EOF):
                break


def answer_until(
    child: pexpect.spawn, pattern: str, others: list[pexpect.spawn], limit: int = 30
) -> None:
    """Answer ``child``'s own prompts with "1" until ``pattern`` shows, reading the
    ``others``' terminals meanwhile."""
    deadline = time.monotonic() + T
    while time.monotonic() < deadline and limit > 0:
        got = child.expect([pattern, "choice> ", pexpect.TIMEOUT], timeout=0.5)
        if got == 0:
            return
        if got == 1:
            limit -= 1
            child.sendline("1")
        drain(others)
    raise AssertionError(f"{pattern!r} never came")


def main() -> None:
    homes = player_homes("p2pcards-leave-", "anya", "boris", "gosha", "vera")
    os.environ["P2PCARDS_HOME"] = str(homes["vera"])
    unfinished_table(homes["vera"], load_or_create_identity("Vera"), "akulina")
    out: dict[str, Any] = {"homes": {k: str(v) for k, v in homes.items()}}
    hosting = ("--headless", "basic", "--open", "--stall-limit", "600", *IFACE)
    anya = spawn(homes["anya"], "en", "host", "akulina", "--seats", "3", "--bots", "1",
                 "--name", "Стол Ани", "--player-name", "Anya", *hosting)  # fmt: skip
    gosha = spawn(homes["gosha"], "en", "host", "akulina", "--seats", "2", "--name",
                  "Стол Гоши", "--player-name", "Gosha", "--open", "--stall-limit", "600",
                  *IFACE)  # fmt: skip
    kids = [anya, gosha]
    try:
        gosha.expect(r"p2pcards join (127\.0\.0\.1:\d+)")
        address = gosha.match.group(1)
        vera = spawn(homes["vera"], "en", "join", address, "--yes", "--player-name", "Vera")
        kids.append(vera)
        anya.expect("by the table's name")  # announced
        boris = spawn(homes["boris"], "ru", "join", "Стол Ани", "--yes", "--player-name",
                      "Борис", *IFACE)  # fmt: skip
        kids.append(boris)
        # Vera: the English question about her unfinished table, then the new table
        drain([gosha, anya])
        vera.expect("your choice: ")
        out["question"] = vera.before
        vera.sendline("2")
        vera.expect("all seats taken: the game starts")
        # Vera plays her own moves (if any come first) until she has waited 2 s for Gosha,
        # whose prompt nobody answers: then q, while another player thinks
        answer_until(vera, r"waiting for Gosha… (?:[2-9]|\d\d+) s", [gosha, boris, anya])
        vera.sendline("q")  # asked first: a stray q must not end the game
        vera.expect(r"Leave the table\? The hand ends at once with no result, and the game is "
                    r"over\. \[y/N\] ")  # fmt: skip
        vera.sendline("y")
        t = time.monotonic()
        vera.expect("You left the table")
        out["left_after"] = round(time.monotonic() - t, 2)  # (reported, not tested)
        head = (vera.before or "") + str(vera.after)
        text, rc = finish(vera)
        out["vera"] = (head + text, rc)
        # at once, though his own choice was open (and he answers nothing): "Vera left the
        # table", then the hand ends by his vote
        gosha.expect("the hand is abandoned")
        out["seen_after"] = {"vera": round(time.monotonic() - t, 2)}
        gosha_seen = (gosha.before or "") + str(gosha.after)
        # Борис: ? at his first prompt, then Ctrl-D
        boris.expect("выбор> ")
        boris.sendline("?")
        boris.expect("назад к игре —> ")  # the first screen of the rules, paged
        out["rules"] = boris.before
        boris.sendline("q")  # back to the game
        boris.expect("выбор> ")
        boris.sendeof()  # Ctrl-D
        t = time.monotonic()
        anya.expect("Борис left the table")
        out["seen_after"]["boris"] = round(time.monotonic() - t, 2)
        anya_seen = (anya.before or "") + str(anya.after)
        out["boris"] = finish(boris)
        text, rc = finish(anya)
        out["anya"] = (anya_seen + text, rc)
        text, rc = finish(gosha)
        out["gosha"] = (gosha_seen + text, rc)
    finally:
        for k in kids:
            k.close(force=True)
    out["logs"] = {
        k: [str(p) for p in (homes[k] / "tables").glob("*.log")] for k in ("anya", "gosha")
    }
    out["commands"] = {
        k: re.findall(r"brings you back|вернуться: (.*)", out[k][0]) for k in ("vera", "boris")
    }
    print("RESULT " + json.dumps(out, ensure_ascii=False))


if __name__ == "__main__":
    main()
