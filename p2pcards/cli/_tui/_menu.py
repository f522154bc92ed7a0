"""The parsing of typed menu choices (the menus themselves, :class:`Menu` and
:class:`Choice`, come from :mod:`p2pcards.ui`).  Parsing is pure: :func:`parse_choice`
returns the index chosen or an error message to show.
"""

from __future__ import annotations

from p2pcards.cli._i18n import tr
from p2pcards.ui import Choice, Menu, plays_rounds

__all__ = [
    "BACK_KEYS",
    "HELP_KEYS",
    "QUIT_KEYS",
    "YES_KEYS",
    "Choice",
    "Menu",
    "idle_key",
    "is_yes",
    "leave_question",
    "parse_choice",
    "stay_text",
]

BACK_KEYS = ("0", "b", "back", "н", "назад")
QUIT_KEYS = ("q", "quit", "exit", "в", "выход")
HELP_KEYS = ("?", "h", "help", "rules", "п", "правила")
YES_KEYS = ("y", "yes", "д", "да")
"""The answers that confirm leaving the table (:func:`leave_question`), in either
language whatever the player's (a keyboard left in the other layout)."""


def leave_question(lang: str, seats: int, game: str, heard: bool = True) -> str:
    """The question asked when a player types q (в, quit, exit) at a LAN table: leaving
    ends the game for everyone, so a stray q must not do it.  It says what leaving does:
    with two seats the hand (101: the round) ends at once with no result; with three or
    more the others end it without this seat, which loses the game (either forfeit rule:
    ``lose`` or ``void``).  ``heard`` False: a seat restarted that has heard from no other
    seat yet (``session.heard``): nobody hears it leave, and the same command brings it
    back (a new user's trial, issue 15: the question spoke of "the others" ending the hand,
    at a table they had ended and left).  Only y/yes/д/да leave (:func:`is_yes`); Ctrl-C
    and Ctrl-D still leave at once."""
    if not heard:
        return tr(
            lang,
            "Leave the table? Nobody at it has answered since you came back: nobody hears you "
            "leave, and the same command brings you back. [y/N] ",
        )
    rounds = plays_rounds(game)
    if seats >= 3:
        if rounds:
            return tr(lang, "Leave the table? The others will end the round without you, and "
                            "you lose the game. [y/N] ")  # fmt: skip
        return tr(lang, "Leave the table? The others will end the hand without you, and you "
                        "lose the game. [y/N] ")  # fmt: skip
    if rounds:
        return tr(lang, "Leave the table? The round ends at once with no result, and the game "
                        "is over. [y/N] ")  # fmt: skip
    return tr(lang, "Leave the table? The hand ends at once with no result, and the game is "
                    "over. [y/N] ")  # fmt: skip


def is_yes(line: str | None) -> bool:
    """Whether ``line`` answers :func:`leave_question` with yes (None, the end of input,
    is not a yes: the caller leaves on it anyway)."""
    return line is not None and line.strip().lower() in YES_KEYS


def stay_text(lang: str) -> str:
    """What a player who answered no to :func:`leave_question` is told."""
    return tr(lang, "You stay at the table.")


def parse_choice(text: str, menu: Menu, lang: str, can_go_back: bool) -> int | str:
    """The index (0-based) chosen by ``text``, or ``"back"``/``"quit"``/``"help"`` (``?``:
    show the rules and the keys), or raises nothing:
    on bad input returns an error message (a str starting with "!") naming what is wrong
    and what is allowed.  Accepts "1".."N", surrounding spaces, and a trailing ")" or ".".
    """
    t = text.strip().lower().rstrip(").")
    n = len(menu.choices)
    if t in QUIT_KEYS:
        return "quit"
    if t in HELP_KEYS:
        return "help"
    if t in BACK_KEYS and can_go_back:
        return "back"
    if not t:
        return "!" + tr(lang, "Type the number of your choice (1-{n}).", n=n)
    if not t.isdigit():
        if can_go_back:
            return "!" + tr(
                lang,
                "{text!r} is not a number: type 1-{n}, 0 to go back, ? for the rules, q to quit.",
                text=text.strip(),
                n=n,
            )
        return "!" + tr(
            lang,
            "{text!r} is not a number: type 1-{n}, ? for the rules, q to quit.",
            text=text.strip(),
            n=n,
        )
    k = int(t)
    if not 1 <= k <= n:
        return "!" + tr(lang, "There is no choice {k}: type a number from 1 to {n}.", k=k, n=n)
    return k - 1


def idle_key(line: str | None) -> str:
    """What a line typed while no prompt is open asks for: "quit" (q, or the end of input:
    Ctrl-D), "help" (?), "" (an empty line: nothing) or "early" (anything else, e.g. a
    number typed before the menu: it is not used)."""
    if line is None:
        return "quit"
    t = line.strip().lower()
    if t in QUIT_KEYS:
        return "quit"
    if t in HELP_KEYS:
        return "help"
    return "early" if t else ""
