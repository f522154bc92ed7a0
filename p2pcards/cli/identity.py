"""``p2pcards identity``: your display name and fingerprint."""

from __future__ import annotations

import argparse
from typing import Any

from p2pcards.cli._i18n import tr
from p2pcards.cli._lan import add_lan_arguments, identity_from_args


def register(sub: Any) -> None:
    """Add the ``identity`` subcommand."""
    p = sub.add_parser(
        "identity",
        help="show (or set with --player-name) your name and key fingerprint",
        description="Your identity is an Ed25519 key stored in your data directory "
        "(mode 0600), created on first use.  Others compare its fingerprint aloud to know "
        "it is you.",
    )
    add_lan_arguments(p, interface=False, new=False)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Print name, fingerprint and where the identity is stored."""
    me = identity_from_args(args)
    lang = args.lang
    print(tr(lang, "name:        {name}", name=me.name))
    print(tr(lang, "fingerprint: {fingerprint}", fingerprint=me.fingerprint))
    print(tr(lang, "stored in:   {path}", path=me.path))
    return 0
