"""What Latin may stand in a Russian text: commands, option and game names, metavars,
option values, paths and addresses, placeholders and a few technical terms."""

from __future__ import annotations

import re

from p2pcards.games import game_info, game_names

COMMANDS = {
    "simulate", "audit", "replay", "host", "join", "bot", "list", "identity", "play", "games",
    "resume", "drop", "players", "forget",
}  # fmt: skip
VALUES = {
    "easy", "medium", "hard", "strong", "random", "basic", "true", "false", "taken", "bid", "raw",
    "always", "never", "ru", "en", "q", "h", "y", "n", "yes",
}  # fmt: skip
TERMS = {"mdns", "tcp", "udp", "json", "ed25519", "wi-fi", "dns", "enter", "p2pcards"}
WORD = re.compile(r"[A-Za-z][A-Za-z0-9_\-']*")
ALLOWED_TOKEN = re.compile(
    r"\{[^}]*\}|%(\([a-z_]+\))?[sdr]|'[^'\s]*'|\"[^\"]*\"|«[^»]*»|\[[^\]]*\]|"
    r"\S*[/~.:=]\S*|(?<![\w-])--?[A-Za-z][\w-]*|\b[A-Z][A-Z_]+\b|\S*\d\S*"
)


def _names() -> set[str]:
    out = set(COMMANDS) | VALUES | TERMS | set(game_names())
    for g in game_names():
        info = game_info(g)
        out |= {o.name.lower() for o in info.options}
        out |= {b.lower() for b in info.bots}
    return out


NAMES = _names()


def foreign_words(line: str) -> list[str]:
    """The Latin words of ``line`` that are not allowed in a Russian text."""
    rest = ALLOWED_TOKEN.sub(" ", line)
    return [w for w in WORD.findall(rest) if w.lower().strip("-'") not in NAMES]
