"""What a typed ``HOST:PORT`` looks like (``p2pcards join`` and the web lobby's join box
take an address or a table's name in one field)."""

from __future__ import annotations

import ipaddress
import re

_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?"
_DOTTED = re.compile(rf"{_LABEL}(?:\.{_LABEL})+\.?")
"""A host name of two labels or more (``pc.local``, ``192.168.1.7``): a one-label word
(``anya``) may as well begin a table's name."""


def is_ip(text: str) -> bool:
    """``text`` is an IP address alone, v4 or v6 without brackets (``fe80::1``: its last
    group is no port)."""
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def is_port(text: str) -> bool:
    """``text`` is a port number: ASCII digits of 1..65535."""
    return text.isascii() and text.isdigit() and 1 <= int(text) <= 65535


def looks_like_host(text: str) -> bool:
    """``text`` (the part before a ``:PORT``) can only be a host: an IP address (IPv6 in
    brackets or not), ``localhost`` or a dotted host name."""
    bare = text.removeprefix("[").removesuffix("]")
    try:
        ipaddress.ip_address(bare)
    except ValueError:
        return text.lower() == "localhost" or _DOTTED.fullmatch(text) is not None
    return True


def bad_port(text: str) -> tuple[str, str] | None:
    """(host, port) when ``text`` is unmistakably ``HOST:PORT`` with a port that is not a
    port number (``127.0.0.1:notaport``, ``pc.local:4o404``, ``[::1]:0``), else None: an
    address, or a table's name (which may hold a colon: «Аня: Тысяча», «Аня:Тысяча»).
    A text with spaces, a host part that could be a word, or no colon is a name; a whole
    IPv6 address (``fe80::1``) has no port, rather than a bad one."""
    text = text.strip()
    host, sep, port = text.rpartition(":")
    if not sep or not host or not port or is_port(port) or any(c.isspace() for c in text):
        return None
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return (host, port) if looks_like_host(host) else None
    return None  # (an IPv6 address without a port)
