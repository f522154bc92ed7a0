"""The LAN commands as a newcomer meets them, driven through pseudo-terminals inside a
private network namespace (run by tests/cli/test_lan_join.py): a veth pair gives
the "machine" the address 10.77.0.1, so the host has a real, non-loopback address to
print.  Prints one ``RESULT {json}`` line with what each command printed.

    python tests/cli/_lan_scenario.py
"""

from __future__ import annotations

import json
import os
import re
from functools import partial

from p2pcards.identity import load_or_create_identity
from tests.cli import _pty
from tests.cli._pty import finish, player_homes
from tests.cli._tables import unfinished_table

T = 40  # generous: a busy machine
ADDR = "10.77.0.1"
DEAD = "10.77.0.99"  # on the veth link: ARP goes unanswered, nothing ever answers


spawn = partial(_pty.spawn, timeout=T)


def both(make: object) -> dict[str, tuple[str, int | None]]:
    """Run a client in English and in Russian at once; each one's output and status."""
    kids = {lang: make(lang) for lang in ("en", "ru")}  # type: ignore[operator]
    return {lang: finish(k) for lang, k in kids.items()}


def main() -> None:
    homes = player_homes("p2pcards-lan-", "host", "bot", "en", "ru")
    os.environ["P2PCARDS_HOME"] = str(homes["host"])
    unfinished_table(homes["host"], load_or_create_identity("Аня"))
    out: dict[str, object] = {}
    iface = ["--interface", "127.0.0.1"]
    host = spawn(homes["host"], "ru", "host", "akulina", "--seats", "2", "--player-name", "Аня",
                 "--open", *iface)  # fmt: skip
    try:
        host.expect("выбор: ")
        out["question"] = host.before
        host.sendline("x")  # a wrong key asks again
        host.expect("выбор: ")
        out["again"] = host.before
        host.sendline("3")  # drop it, host the new table
        host.expect("по названию стола")
        out["hosting"] = host.before
        lines = re.findall(r"p2pcards join (\S+)", host.before or "")
        port = next(x.rsplit(":", 1)[1] for x in lines if x.startswith(ADDR))

        out["nobody"] = both(
            lambda lang: spawn(
                homes[lang], lang, "join", "--player-name", "Гость", "Nobody", *iface
            )
        )
        out["dead"] = both(
            lambda lang: spawn(
                homes[lang],
                lang,
                "join",
                "--player-name",
                "Гость",
                f"{DEAD}:{port}",
                "--timeout",
                "1",
            )
        )
        bot = spawn(
            homes["bot"], "en", "bot", "--join", f"{ADDR}:{port}", "--player-name", "Бот", "--yes"
        )
        bot.expect("host fingerprint")
        host.expect("выбор> ")  # the game runs: the host's first move
        out["late"] = both(
            lambda lang: spawn(
                homes[lang], lang, "join", "--player-name", "Гость", f"{ADDR}:{port}"
            )
        )
        host.sendline("q")
        host.expect(r"Выйти из-за стола\? ")  # (asked first)
        host.sendline("д")
        out["host_rc"] = finish(host)[1]
        bot.close(force=True)
    finally:
        host.close(force=True)
    print("RESULT " + json.dumps(out, ensure_ascii=False))


if __name__ == "__main__":
    main()
