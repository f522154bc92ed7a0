"""Argparse ``type=`` checks of the number options (``--timeout``, ``--games``, ``--port``,
…): a bad value is argparse's usage error (exit status 2) in the chosen language, never
a traceback later."""

from __future__ import annotations

import argparse
import math

from p2pcards.cli._i18n import N_, current_lang, tr


def _fail(msgid: str, value: str) -> argparse.ArgumentTypeError:
    return argparse.ArgumentTypeError(tr(current_lang(), msgid, value=value))


def seconds(value: str) -> float:
    """A duration in seconds: a finite number ≥ 0 (``--timeout 2.5``).

    Raises argparse.ArgumentTypeError otherwise (``-1``, ``nan``, ``inf``, ``abc``)."""
    try:
        got = float(value)
    except ValueError:
        raise _fail(N_("expected a number of seconds (0 or more), got {value!r}"), value) from None
    if not math.isfinite(got) or got < 0:
        raise _fail(N_("expected a number of seconds (0 or more), got {value!r}"), value)
    return got


def _integer(value: str, low: int, high: int | None, msgid: str) -> int:
    try:
        got = int(value)
    except ValueError:
        raise _fail(msgid, value) from None
    if got < low or (high is not None and got > high):
        raise _fail(msgid, value)
    return got


def positive(value: str) -> int:
    """A count of 1 or more (``--games``, ``--jobs``, ``--seats``, ``--seat``).

    Raises argparse.ArgumentTypeError otherwise."""
    return _integer(value, 1, None, N_("expected a whole number of 1 or more, got {value!r}"))


def port(value: str) -> int:
    """A TCP port, 0 to 65535 (0: any free port).

    Raises argparse.ArgumentTypeError otherwise."""
    return _integer(value, 0, 65535, N_("expected a port from 0 to 65535, got {value!r}"))
