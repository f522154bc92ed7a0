"""Known players: who this user has played with, remembered by name -> key, like ssh's
``known_hosts`` (``docs/api.md`` "Known players").

Stored in ``known_players.json`` in the data directory (mode 0600, tightened on every
open, written atomically)::

    {"version": 1, "players": {"<name, case-folded>": {"name": "Борис", "key": "<hex>"}}}

The first table with someone remembers their name and identity key (once the table
starts).  Later, :meth:`KnownPlayers.check` says whether a (name, key) pair is
``known`` (same key as remembered), ``new`` (a name never seen), ``changed`` (a known
name with another key: an impostor, or the same person on a new computer; a loud
warning that needs an explicit yes) or ``renamed`` (a remembered key under another
name).  Names are compared case-folded and stripped.

Bots are not remembered: a host's in-process bots say so in their signed join
statement (``join [name, sealing, "bot"]``, ``protocol/transcript.md`` "Lobby"), and
every host names its own "Бот 1", "Бот 2"… with keys of its own, so a bot's name says
nothing about who it is.  A bot under a name remembered for a person is still
``changed`` (the flag is the bot's own word: it must not let anyone pass for a known
player).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from p2pcards import files
from p2pcards._say import Msgid
from p2pcards.net import fingerprint

KNOWN_FILE = "known_players.json"

Status = Literal["known", "new", "changed", "renamed"]
Role = Literal["host", "joiner", "seat"]


def _fold(name: str) -> str:
    return name.strip().casefold()


_BOT_NAME = re.compile(r"(?:Bot|Бот) [0-9]+")
"""The names hosts give their bots ("Bot {n}" in English, «Бот {n}» in Russian,
:func:`p2pcards.ui.bot_name`): an entry under such a name was remembered from a bot
by a version that remembered bots."""


def _bot_entry(name: str) -> bool:
    return _BOT_NAME.fullmatch(name.strip()) is not None


@dataclass(frozen=True, slots=True)
class PlayerCheck:
    """One player as a confirmation shows it.

    ``name``: the display name it gives; ``key``: its raw Ed25519 identity key;
    ``fingerprint``: ``XXXX-XXXX-XXXX-XXXX`` of ``key``; ``status``: ``known``, ``new``,
    ``changed`` or ``renamed`` (:class:`KnownPlayers`); ``known_fingerprint``: the
    fingerprint remembered for ``name`` when ``changed``; ``known_name``: the name
    remembered for ``key`` when ``renamed``; ``role``: ``"host"`` (a joiner confirms
    the host), ``"joiner"`` (the host confirms a joiner) or ``"seat"`` (another seat of
    the genesis, shown to a joiner only when ``changed``)."""

    name: str
    key: bytes
    fingerprint: str
    status: Status
    known_fingerprint: str | None = None
    known_name: str | None = None
    role: Role = "joiner"

    def to_plain(self) -> dict[str, object]:
        """Plain data for a web page: every field, ``key`` as hex."""
        return {
            "type": "PlayerCheck",
            "name": self.name,
            "key": self.key.hex(),
            "fingerprint": self.fingerprint,
            "status": self.status,
            "known_fingerprint": self.known_fingerprint,
            "known_name": self.known_name,
            "role": self.role,
        }


class KnownPlayers:
    """The known players of one data directory (``base``; default
    :func:`p2pcards.files.home`).  Reading a missing file gives no players; a damaged
    file raises :class:`~p2pcards.files.StorageError` naming it (never silently
    forgets).  Every change is written at once (atomically, mode 0600)."""

    def __init__(self, base: Path | None = None) -> None:
        self.base = files.private_dir(base) if base is not None else files.home()
        self.path = self.base / KNOWN_FILE
        self._players: dict[str, tuple[str, bytes]] = {}
        self._load()

    def _load(self) -> None:
        try:
            raw = self.path.read_bytes()
            files.tighten(self.path, 0o600)
        except FileNotFoundError:
            return
        except OSError as exc:
            raise files.StorageError(
                exc.errno or 0, Msgid("cannot read {path}: {why}"), path=str(self.path), why=exc
            ) from None
        try:
            doc = json.loads(raw)
            if doc.get("version") != 1:
                raise ValueError(f"unknown version {doc.get('version')!r}")
            for fold, item in doc["players"].items():
                key = bytes.fromhex(item["key"])
                if len(key) != 32:
                    raise ValueError(f"the key of {item['name']!r} is not 32 bytes")
                self._players[str(fold)] = (str(item["name"]), key)
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise files.StorageError(
                0,
                Msgid("{path} is damaged ({why}): fix or delete it"),
                path=str(self.path),
                why=exc,
            ) from None

    def _save(self) -> None:
        doc = {
            "version": 1,
            "players": {
                fold: {"name": name, "key": key.hex()}
                for fold, (name, key) in sorted(self._players.items())
            },
        }
        data = json.dumps(doc, ensure_ascii=False, indent=1).encode() + b"\n"
        files.write_atomic(self.path, data, 0o600)

    def players(self) -> list[tuple[str, bytes]]:
        """Every known player as (name, key), sorted by name."""
        return sorted(self._players.values(), key=lambda p: _fold(p[0]))

    def get(self, name: str) -> bytes | None:
        """The key remembered for ``name``, or None."""
        item = self._players.get(_fold(name))
        return item[1] if item else None

    def check(
        self, name: str, key: bytes, role: Role = "joiner", *, bot: bool = False
    ) -> PlayerCheck:
        """What is known about the player ``name`` with identity ``key`` (a
        :class:`PlayerCheck` with ``role``).  ``bot``: the seat says it is a bot (its
        signed join statement): ``new`` unless its key is the one remembered
        (``known``) or its name is remembered for a person (``changed``: an entry under
        a bot's name, "Бот 1", was a bot remembered by an older version)."""
        fp = fingerprint(key)
        known = self.get(name)
        if known == key:
            return PlayerCheck(name, key, fp, "known", role=role)
        if bot and (known is None or _bot_entry(self._players[_fold(name)][0])):
            return PlayerCheck(name, key, fp, "new", role=role)
        if known is not None:
            return PlayerCheck(
                name,
                key,
                fp,
                "changed",
                known_fingerprint=fingerprint(known),
                role=role,
            )
        other = next((n for n, k in self._players.values() if k == key), None)
        if other is not None:
            return PlayerCheck(name, key, fp, "renamed", known_name=other, role=role)
        return PlayerCheck(name, key, fp, "new", role=role)

    def remember(
        self, players: list[tuple[str, bytes]], bots: Sequence[tuple[str, bytes]] = ()
    ) -> None:
        """Remember (name, key) pairs (replacing the key of a known name: call it only
        for pairs that were confirmed), written at once.  ``bots``: the bot seats'
        pairs, not remembered; an entry an older version remembered for a bot (its
        key, or another under a bot's name, "Бот 1") goes."""
        changed = False
        for name, key in bots:
            item = self._players.get(_fold(name))
            if item is not None and (item[1] == key or _bot_entry(item[0])):
                del self._players[_fold(name)]
                changed = True
        for name, key in players:
            if self._players.get(_fold(name)) != (name, key):
                self._players[_fold(name)] = (name, key)
                changed = True
        if changed:
            self._save()

    def forget(self, name: str) -> bool:
        """Forget ``name``; False if it was not known."""
        if self._players.pop(_fold(name), None) is None:
            return False
        self._save()
        return True
