"""The web page's command-line switches (``--web``/``--tui``, ``--no-browser``,
``--web-port``, ``--bot-delay``), kept apart from :mod:`p2pcards.web` so that parsing the
command line does not load the web server."""

from __future__ import annotations

from typing import Any

from p2pcards.cli import _numbers
from p2pcards.cli._i18n import N_


def add_web_arguments(p: Any, *, default_web: bool, bots_here: bool = False) -> None:
    """Add ``--web``/``--tui``, ``--no-browser``, ``--web-port`` and ``--bot-delay`` to the
    parser ``p`` (``--bot-delay`` only with ``bots_here``: bots played in this process);
    ``args.web`` is ``default_web`` unless one of the switches is given."""
    g = p.add_mutually_exclusive_group()
    g.add_argument(
        "--web",
        dest="web",
        action="store_true",
        default=default_web,
        help=(
            N_("play in the browser: a page served by this program on 127.0.0.1 (the default)")
            if default_web
            else N_("play in the browser: a page served by this program on 127.0.0.1")
        ),
    )
    g.add_argument(
        "--tui",
        dest="web",
        action="store_false",
        help="play in this terminal instead of the browser",
    )
    p.add_argument(
        "--no-browser",
        action="store_true",
        help="with the web page: print its URL instead of opening the browser",
    )
    p.add_argument(
        "--web-port",
        type=_numbers.port,
        default=0,
        help="with the web page: the local port to serve it on (default: any free port)",
    )
    if not bots_here:
        return
    p.add_argument(
        "--bot-delay",
        type=_numbers.seconds,
        default=0.6,
        metavar="SECONDS",
        help="with the web page: pause before each bot move, so you can follow (default 0.6)",
    )
