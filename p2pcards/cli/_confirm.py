"""Confirmations in the terminal: the host confirms each joiner (name + fingerprint),
a joiner confirms the host, and a known name that comes with another key is a loud
warning that needs the word "yes" typed out (``p2pcards.peer.PlayerCheck``)."""

from __future__ import annotations

import sys
from collections.abc import Awaitable, Callable, Collection

import trio

from p2pcards.cli._i18n import tr
from p2pcards.cli._keyboard import ask as keyboard_ask
from p2pcards.peer import PlayerCheck

YES = {"y", "yes", "д", "да"}
"""Answers yes to a [y/N] question (in either language: a Russian user may type y)."""
NO = {"", "n", "no", "н", "нет"}
"""Answers no to a [y/N] question (Enter alone: the default, no)."""
YES_CHANGED = {"yes", "да"}
"""Answers that accept a changed key: the whole word."""


def yes_no(lang: str) -> str:
    """The end of every yes/no question, default no: "[y/N] " / "[д/Н] "."""
    return tr(lang, "[y/N] ")


def read_yes_no(answer: str) -> bool | None:
    """A typed answer to a [y/N] question: True for y/yes/д/да, False for n/no/н/нет or
    nothing (Enter), None for anything else (the question is asked again)."""
    a = answer.strip().lower()
    if a in YES:
        return True
    if a in NO:
        return False
    return None


async def ask_yes_no(prompt: str, lang: str) -> bool:
    """Ask ``prompt`` (a question that ends with :func:`yes_no`) until the answer is a yes
    or a no (:func:`read_yes_no`); False at the end of input (a script: nobody said yes).
    Every yes/no question of the terminal is asked by this one function."""
    while True:
        answer = await keyboard_ask(prompt)
        if answer is None:
            print(file=sys.stderr)
            return False
        got = read_yes_no(answer)
        if got is not None:
            return got
        print(tr(lang, "answer y (yes) or n (no)"), flush=True)


def warning_text(check: PlayerCheck, lang: str) -> str:
    """The loud warning of a known name with another key (``status == "changed"``)."""
    return tr(
        lang,
        "WARNING: {name} [{fingerprint}] is NOT the {name} you played with before "
        "[{known_fingerprint}]: another computer, or someone pretending to be them.",
        name=check.name,
        fingerprint=check.fingerprint,
        known_fingerprint=check.known_fingerprint or "",
    )


def question(check: PlayerCheck, lang: str) -> str:
    """The question asked about ``check`` (ends with the prompt)."""
    if check.status == "changed":
        return tr(lang, "type yes to accept the new key anyway: ")
    known = ""
    if check.status == "renamed":
        known = tr(lang, " (you know this key as {known_name})", known_name=check.known_name)
    if check.role == "joiner":
        asked = tr(
            lang,
            "{name} [{fingerprint}]{known} asks for a seat: compare the fingerprint with "
            "the one p2pcards identity shows on their computer. Let them in?",
            name=check.name,
            fingerprint=check.fingerprint,
            known=known,
        )
    else:
        asked = tr(
            lang,
            "the host {name} [{fingerprint}]{known} is new to you: compare the fingerprint with "
            "the one p2pcards identity shows on the host's computer. Sit at this table?",
            name=check.name,
            fingerprint=check.fingerprint,
            known=known,
        )
    return f"{asked} {yes_no(lang)}"


async def ask(check: PlayerCheck, lang: str) -> bool:
    """Ask in the terminal (the line comes from the one stdin reader,
    :func:`p2pcards.cli._keyboard.ask`, so the network keeps running); False at the end
    of input."""
    if check.status == "changed":
        print(warning_text(check, lang), file=sys.stderr, flush=True)
        answer = await keyboard_ask(question(check, lang))
        if answer is None:  # no terminal (a script): nobody confirmed
            print(file=sys.stderr)
            return False
        return answer.strip().lower() in YES_CHANGED
    return await ask_yes_no(question(check, lang), lang)


def terminal_confirm(
    lang: str, trusted: Collection[bytes] = ()
) -> Callable[[PlayerCheck], Awaitable[bool]]:
    """A confirmation for ``host_table(admit=)`` / ``join_table(confirm=)`` asking in
    the terminal; keys in ``trusted`` (the host's own in-process bots) are let in at
    once.  Players who ask at the same moment are asked about one after the other: the
    second question is printed when the first is answered (two open prompts shared one
    line and the second answer went to neither)."""
    one_at_a_time = trio.Lock()

    async def confirm(check: PlayerCheck) -> bool:
        if check.key in trusted:
            return True
        async with one_at_a_time:
            return await ask(check, lang)

    return confirm
