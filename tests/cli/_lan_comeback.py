"""Coming back to a LAN table that is over, through pseudo-terminals inside a private
network namespace (run by tests/cli/test_lan_comeback.py; prints one ``RESULT {json}``
line), a new user's trial (session 9): two tables at once, by address on loopback.

- "101", 3 seats: Аня hosts in her terminal (she answers no prompt), Борис joins as a
  bot (``p2pcards bot``), Вера joins in her terminal (Russian) and, on Аня's turn, types ``q`` and
  ``д``: the others end the round without her, the game is over.  Then Вера runs her
  same command again, in Russian and in English: it says at once that this game is over
  (before, it dialled the host for 30 s and suggested trying again).
- Thousand, 3 seats, a stall limit of 8 s: Ann hosts headless; Боб and Вика join in
  their terminals (Russian).  Боб is killed (kill -9) while the table waits for Вика;
  Вика moves, the table comes to wait for Боб, and Ann and Вика vote him out after the
  stall limit: the game is over, they exit.  Боб runs his same command: it resumes his
  unfinished table, whose log stops where it waited for Вика, and nobody answers; his
  program must vote nobody out (before: «голос за конец раздачи без игрока Вика: Боб»
  after the stall limit, from a seat connected to nobody); it says the others may have
  ended the game (he was away longer than the stall limit), and after ``q`` and ``д``
  how to drop the table, not that the table waits for him.

    python tests/cli/_lan_comeback.py
"""

from __future__ import annotations

import json
import os
import re
import signal
import time
from functools import partial
from typing import Any

import pexpect

from tests.cli import _pty
from tests.cli._lan_leave import drain
from tests.cli._pty import finish, player_homes

T = 60  # generous: a busy machine
spawn = partial(_pty.spawn, timeout=T)


def answer_until(child: pexpect.spawn, pattern: str, others: list[pexpect.spawn]) -> None:
    """Answer ``child``'s own prompts with "1" until ``pattern`` shows."""
    deadline = time.monotonic() + T
    while time.monotonic() < deadline:
        got = child.expect([pattern, "выбор> ", pexpect.TIMEOUT], timeout=0.5)
        if got == 0:
            return
        if got == 1:
            child.sendline("1")
        drain(others)
    raise AssertionError(f"{pattern!r} never came")


def main() -> None:
    homes = player_homes("p2pcards-comeback-", "anya", "boris", "vera", "ann", "bob", "vika")
    out: dict[str, Any] = {"homes": {k: str(v) for k, v in homes.items()}}
    anya = spawn(homes["anya"], "ru", "host", "101", "--seats", "3", "--player-name", "Аня",
                 "--open", "--stall-limit", "600", "--interface", "127.0.0.1")  # fmt: skip
    ann = spawn(homes["ann"], "en", "host", "thousand", "--seats", "3", "--player-name", "Ann",
                "--headless", "basic", "--open", "--stall-limit", "8", "--interface",
                "127.0.0.1")  # fmt: skip
    kids = [anya, ann]
    try:
        anya.expect(r"p2pcards join (127\.0\.0\.1:\d+)")
        a101 = anya.match.group(1)
        ann.expect(r"p2pcards join (127\.0\.0\.1:\d+)")
        a1000 = ann.match.group(1)
        boris = spawn(homes["boris"], "ru", "bot", "--join", a101, "--yes", "--player-name",
                      "Борис", "--strategy", "basic")  # fmt: skip
        kids.append(boris)
        anya.expect("мест занято 2/3")  # (Борис first: Вера is the third seat)
        vera_cmd = ("join", a101, "--yes", "--player-name", "Вера")
        vera = spawn(homes["vera"], "ru", *vera_cmd)
        bob_cmd = ("join", a1000, "--yes", "--player-name", "Боб")
        bob = spawn(homes["bob"], "ru", *bob_cmd)
        kids += [vera, bob]
        ann.expect("seats 2/3")
        vika = spawn(homes["vika"], "ru", "join", a1000, "--yes", "--player-name", "Вика")
        kids.append(vika)
        # Боб: killed while the table waits for Вика (his log stops there)
        bob.expect("игра начинается")
        answer_until(bob, r"ждём: Вика", [vika, ann, anya])
        os.kill(bob.pid, signal.SIGKILL)
        killed = time.monotonic()
        bob.close(force=True)
        # Вика moves on: the table comes to wait for Боб, who is gone
        answer_until(vika, r"ждём: Боб", [ann, anya])
        # Вера: q and д on Аня's turn
        vera.expect("игра начинается")
        answer_until(vera, r"ждём: Аня… (?:[2-9]|\d\d+) с", [anya, boris, ann, vika])
        vera.sendline("q")
        vera.expect(r"Выйти из-за стола\? ")
        vera.sendline("д")
        out["vera"] = finish(vera)
        out["anya"] = finish(anya)
        out["boris"] = finish(boris)
        t = time.monotonic()
        for lang in ("ru", "en"):
            again = spawn(homes["vera"], lang, *vera_cmd)
            out["vera_again_" + lang] = finish(again)
        out["vera_again_seconds"] = round(time.monotonic() - t, 1)  # (reported)
        # Ann and Вика vote Боб out after the stall limit; then Боб comes back
        out["ann"] = finish(ann)
        out["vika"] = finish(vika)
        out["bob_away"] = round(time.monotonic() - killed, 1)
        bob = spawn(homes["bob"], "ru", *bob_cmd)
        kids.append(bob)
        bob.expect(r"за этим столом никто не отвечает[\s\S]*?бросить стол", timeout=90)
        seen = (bob.before or "") + str(bob.after)  # (after 8 s: the stall limit)
        bob.sendline("q")
        bob.expect(r"Выйти из-за стола\? ")
        seen += (bob.before or "") + str(bob.after)
        bob.sendline("д")
        text, rc = finish(bob)
        out["bob"] = (seen + text, rc)
    finally:
        for k in kids:
            k.close(force=True)
    out["logs"] = {k: [str(p) for p in (homes[k] / "tables").glob("*.log")]
                   for k in ("anya", "vera", "ann", "bob")}  # fmt: skip
    out["gone"] = {
        k: [p.suffix for p in (homes[k] / "tables").glob("*.*")] for k in ("vera", "bob")
    }
    out["plain"] = {k: re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", out[k][0]) for k in ("vera", "bob")}
    print("RESULT " + json.dumps(out, ensure_ascii=False))


if __name__ == "__main__":
    main()
