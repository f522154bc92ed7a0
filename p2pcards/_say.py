"""Warnings the terminal shows in the player's language.

The network and peer layers log in English (``p2pcards.log`` keeps those lines as they
are).  A record that a player watching the terminal sees (a warning: an entry refused,
an attack noticed, a peer blamed) also carries what to say: a message id of the gettext
catalog and its parameters, given as ``log.warning(..., extra=say("…", name=…))``.  The
command line's terminal handler (:class:`p2pcards.cli._warnings.TerminalFormatter`)
words it in the chosen language; ``scripts/texts update`` finds ``say("…")`` as it finds
``N_("…")``.  This module imports nothing of the package, so every layer may use it.
"""

from __future__ import annotations

from typing import Any


class Msgid(str):
    """A parameter of :func:`say` that is itself a message id (e.g. a refusal reason
    kept in a table with ``N_``): the terminal translates it too."""


def say(msgid: str, **params: Any) -> dict[str, Any]:
    """The ``extra=`` of a log record a terminal words in its language: ``msgid``
    (English, ``str.format`` placeholders; a culprit by name and seat counted from 1)
    and the values of its placeholders (plain strings and numbers, or a :class:`Msgid`)."""
    return {"say": msgid, "say_params": params}
