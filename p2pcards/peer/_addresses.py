"""The addresses a listening peer can be joined at: what the host prints as ready
``p2pcards join IP:PORT`` lines (listening on every interface, its socket says only
``0.0.0.0``)."""

from __future__ import annotations

import ipaddress
from collections.abc import Sequence

import ifaddr

from p2pcards import net

_WILDCARD = {"0.0.0.0": 4, "::": 6, "": 4}


def interface_addresses() -> list[tuple[str, int]]:
    """Every address of this machine's interfaces as (ip, family 4 or 6), in the
    operating system's order, through ``ifaddr`` (zeroconf's own dependency)."""
    out: list[tuple[str, int]] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str):
                out.append((ip.ip, 4))
            else:
                out.append((ip.ip[0], 6))
    return out


def _usable(ip: str) -> bool:
    a = ipaddress.ip_address(ip.split("%")[0])
    return not (a.is_loopback or a.is_link_local or a.is_unspecified or a.is_multicast)


def joinable_addresses(
    listening: Sequence[net.Address], interfaces: Sequence[tuple[str, int]] | None = None
) -> list[net.Address]:
    """The (ip, port) others can join at, from the addresses listened on: a wildcard
    (``0.0.0.0``, ``::``) stands for every non-loopback, non-link-local address of that
    family on this machine (``interfaces``: :func:`interface_addresses` unless given);
    a specific address is itself.  IPv4 first; no duplicates.  When nothing else is
    left, the loopback address (joinable from this machine only)."""
    have = interface_addresses() if interfaces is None else list(interfaces)
    out: list[net.Address] = []
    for host, port in listening:
        family = _WILDCARD.get(host)
        if family is None:
            out.append((host, port))
            continue
        out += [(ip, port) for ip, fam in have if fam == family and _usable(ip)]
    out = sorted(dict.fromkeys(out), key=lambda a: ":" in a[0])
    if not out and listening:
        port = listening[0][1]
        out = [("127.0.0.1", port)]
    return out


def address_text(address: net.Address) -> str:
    """``ip:port``, an IPv6 address in brackets: ``[fd00::2]:40123``."""
    host, port = address[0], address[1]
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
