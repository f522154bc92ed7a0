"""LAN discovery of tables with mDNS/DNS-SD (python-zeroconf) beside trio: advertising
(this module) and browsing (:mod:`p2pcards.net._browse`).

Hosting::

    ad = TableAd(name="Стол Пети", table_id=tid, game="akulina", seats_taken=1,
                 seats_total=4, host_name="Петя", host_key=my_id, port=mesh.address[1])
    async with advertise(ad, interfaces=None) as advert:   # None: all interfaces
        print(advert.name)                                   # renamed if the name was taken
        advert.on_rename = tell_the_user                     # (old, new): see below
        await advert.update(seats_taken=2)                   # TXT follows the lobby

Browsing::

    async with browse(interfaces=None) as browser:
        async for event in browser.events:   # TableFound / TableUpdated / TableLost
            ...
        browser.tables()                     # the live ones, one per (name, host key)

Service type ``_p2pcards._tcp.local.``; instance name = the table's name (at most 63
UTF-8 bytes).  A name another host holds is seen while probing and renamed ``NAME-2``,
``NAME-3`` ... (never fatal); two hosts registering one name at the same moment see
each other within :data:`CONFLICT_SECONDS` and one of them takes ``NAME-2`` then
(``Advertiser.on_rename``).  TXT keys: ``v`` protocol version, ``game``, ``taken`` and
``seats`` (seats taken and total), ``table`` (table id, hex), ``host`` (host's display
name), ``fp`` (host's fingerprint, ``XXXX-XXXX-XXXX-XXXX``: not the key itself, which
the handshake reveals and proves), plus any ``extra`` items (str -> str, each item at
most 250 bytes).  Closing the advertiser unregisters (mDNS goodbye).

Zeroconf runs its own thread (threaded API); every blocking call (start, register,
update, unregister, resolve, close) goes through ``trio.to_thread.run_sync``, and the
browser's callbacks are handed to trio with ``trio.from_thread.run_sync`` and the trio
token.  mDNS records live long (TTLs of minutes) and anyone can send them, so the
browser does not trust them: a table is reported only after a TCP PROBE to its
advertised address answers with the same table id and fingerprint, and is dropped
(TableLost) on a goodbye or as soon as a periodic probe fails.  Tests pass
``interfaces=["127.0.0.1"]``; the product uses all interfaces.  When multicast is
unavailable, :func:`advertise` / :func:`browse` raise DiscoveryUnavailable (joining by
host:port with :func:`probe` + ``Mesh.connect`` still works).
"""

from __future__ import annotations

import ipaddress
import logging
import re
import time
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from typing import Any

import trio
from zeroconf import Error as ZeroconfError
from zeroconf import InterfaceChoice, IPVersion, ServiceInfo, Zeroconf
from zeroconf._dns import DNSPointer, DNSQuestion, DNSService
from zeroconf._protocol.outgoing import DNSOutgoing
from zeroconf._utils.time import current_time_millis
from zeroconf.const import _CLASS_IN, _FLAGS_QR_QUERY, _TYPE_PTR, _TYPE_SRV

from p2pcards import PROTOCOL_VERSION
from p2pcards._say import say
from p2pcards.net._address import is_ip
from p2pcards.net._errors import NetError
from p2pcards.net._keys import fingerprint

SERVICE_TYPE = "_p2pcards._tcp.local."
_NAME_CHECK_SECONDS = 0.5
MAX_NAME_BYTES = 55  # DNS label limit 63, minus room for a "-NN" clash suffix
CONFLICT_SECONDS = 2.0
"""How long after registering a name the advertiser watches for another host that
registered the same name at the same moment (both probed before either announced, so
neither saw the other; zeroconf does not resolve that): one of the two then takes
``NAME-2`` (:meth:`Advertiser._watch`).  A host that comes later with a taken name sees
it while probing and is renamed then; one that keeps answering under a name another
host already holds is no host of ours, and browsers list both (by fingerprint)."""

log = logging.getLogger("p2pcards.net")


_FINGERPRINT = re.compile(r"[A-Z2-7]{4}(-[A-Z2-7]{4}){3}")


class DiscoveryUnavailable(NetError):
    """mDNS cannot run here (no multicast, no usable interface); join by host:port."""


@dataclass(frozen=True)
class TableAd:
    """One advertised table, as hosted or as found.

    ``name``: instance name; ``table_id``: bytes; ``game``: engine name; ``seats_taken``
    / ``seats_total``: ints; ``host_name``: host's display name; ``host_key``: host's
    32-byte peer id when hosting (empty in a found ad: the TXT record carries only the
    fingerprint, the key is learned and checked in the handshake); ``fingerprint``:
    host's fingerprint (``XXXX-XXXX-XXXX-XXXX``, from ``host_key`` if not given);
    ``version``: protocol version;
    ``port``: the host's mesh port; ``addresses``: its IP addresses (str; filled in by
    the browser, optional when hosting: by default those of the chosen interfaces);
    ``extra``: more TXT items.
    """

    name: str
    table_id: bytes
    game: str
    seats_taken: int
    seats_total: int
    host_name: str
    host_key: bytes
    port: int
    fingerprint: str = ""
    version: int = PROTOCOL_VERSION
    addresses: tuple[str, ...] = ()
    extra: Mapping[str, str] = field(default_factory=dict)

    @property
    def address(self) -> tuple[str, int]:
        """(host, port) to dial: the first address (IPv4 first)."""
        return (self.addresses[0] if self.addresses else "127.0.0.1", self.port)

    def txt(self) -> dict[str, str]:
        """The TXT record items."""
        items = {
            **self.extra,
            "v": str(self.version),
            "game": self.game,
            "taken": str(self.seats_taken),
            "seats": str(self.seats_total),
            "table": self.table_id.hex(),
            "host": self.host_name,
            "fp": self.fingerprint or fingerprint(self.host_key),
        }
        for key, value in items.items():
            if len(key.encode()) + len(value.encode()) + 1 > 255:
                raise ValueError(f"TXT item {key!r} is longer than 255 bytes")
        return items

    @classmethod
    def from_service(cls, info: ServiceInfo) -> TableAd:
        """Parse a resolved ServiceInfo; raises ValueError naming what is wrong."""
        props: dict[str, str] = {}
        for k, v in (info.properties or {}).items():
            if isinstance(k, bytes):
                props[k.decode("utf-8", "replace")] = (v or b"").decode("utf-8", "replace")
        name = info.name[: -len("." + SERVICE_TYPE)] if info.name.endswith(SERVICE_TYPE) else ""
        try:
            table_id = bytes.fromhex(props.pop("table"))
            ad = cls(
                name=name,
                table_id=table_id,
                game=props.pop("game"),
                seats_taken=int(props.pop("taken")),
                seats_total=int(props.pop("seats")),
                host_name=props.pop("host"),
                host_key=b"",
                port=int(info.port or 0),
                fingerprint=props.pop("fp"),
                version=int(props.pop("v")),
                addresses=tuple(sorted(info.parsed_addresses(), key=lambda a: (":" in a, a))),
                extra=props,
            )
        except (KeyError, ValueError) as exc:
            raise ValueError(f"bad TXT record of {info.name!r}: {exc}") from None
        if not _FINGERPRINT.fullmatch(ad.fingerprint):
            raise ValueError(f"TXT of {info.name!r}: {ad.fingerprint!r} is not a fingerprint")
        if not ad.addresses or not 0 < ad.port < 65536:
            raise ValueError(f"{info.name!r} advertises no usable address")
        return ad


def _clip_name(name: str) -> str:
    data = name.strip().replace(".", " ").encode()[:MAX_NAME_BYTES]
    return data.decode("utf-8", "ignore").strip() or "p2pcards"


def _interface_choice(interfaces: Sequence[str] | None) -> Any:
    return InterfaceChoice.All if interfaces is None else list(interfaces)


def _local_addresses(interfaces: Sequence[str] | None) -> list[str]:
    if interfaces is not None:
        return [a for a in interfaces if is_ip(a)]
    import ifaddr  # a dependency of zeroconf

    found = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and not ipaddress.ip_address(ip.ip).is_loopback:
                found.append(ip.ip)
    return found or ["127.0.0.1"]


async def _open_zeroconf(interfaces: Sequence[str] | None) -> Zeroconf:
    def start() -> Zeroconf:
        return Zeroconf(interfaces=_interface_choice(interfaces), ip_version=IPVersion.V4Only)

    try:
        return await trio.to_thread.run_sync(start)
    except (OSError, RuntimeError) as exc:  # RuntimeError: "No interfaces to listen on"
        raise DiscoveryUnavailable(
            f"mDNS cannot start on {interfaces or 'any interface'}: {exc}"
        ) from None


class Advertiser:
    """A registered table; ``name`` is the instance name actually used (maybe renamed).

    ``on_rename``: called with (old name, new name) when the table had to take another
    name after it was registered: another host registered the same name at the same
    moment and kept it (see :data:`CONFLICT_SECONDS`).
    """

    def __init__(self, zc: Zeroconf, ad: TableAd, info: ServiceInfo, base: str = "") -> None:
        self._zc = zc
        self.ad = ad
        self._info = info
        self._base = base or ad.name
        self._lock = trio.Lock()
        self.on_rename: Callable[[str, str], None] | None = None

    @property
    def name(self) -> str:
        """The instance name on the network (``NAME-2`` etc. after a clash)."""
        return self.ad.name

    @property
    def requested(self) -> str:
        """The name asked for (as it goes on the air: clipped, no dots)."""
        return self._base

    async def update(self, *, seats_taken: int | None = None, **changes: Any) -> None:
        """Re-publish the TXT record with ``seats_taken`` and/or other TableAd fields."""
        if seats_taken is not None:
            changes["seats_taken"] = seats_taken
        async with self._lock:
            self.ad = replace(self.ad, **changes)
            self._info = _service_info(self.ad, self._info.name, self._info.server)
            await trio.to_thread.run_sync(self._zc.update_service, self._info)

    async def _rename(self) -> None:
        """Give the name up (goodbye) and register the first free ``BASE-N``."""
        async with self._lock:
            old = self._info
            await trio.to_thread.run_sync(self._zc.unregister_service, old)
            name = await _free_name(self._zc, self._base, also_taken={old.name.lower()})
            info = _service_info(self.ad, f"{name}.{SERVICE_TYPE}", old.server)
            await trio.to_thread.run_sync(
                lambda: self._zc.register_service(info, allow_name_change=True)
            )
            self._info = info
            before, self.ad = self.ad.name, replace(self.ad, name=_instance(info.name))
        log.info("mDNS: another host took %r at the same moment: now %r", before, self.name)
        if self.on_rename is not None:
            self.on_rename(before, self.name)

    async def _watch(self) -> None:
        """For :data:`CONFLICT_SECONDS` after registering (again after each rename): if
        another responder answers under our name, the host whose SRV target sorts first
        takes another name (RFC 6762 §8.2's tie-break, on the SRV data); the other keeps
        it and announces again once the loser's goodbye (which names the instance, so it
        reaches browsers as ours too) is past."""
        won = False
        deadline = trio.current_time() + CONFLICT_SECONDS
        while trio.current_time() < deadline:
            info = self._info
            rivals = await trio.to_thread.run_sync(_rivals, self._zc, info.name, info.server)
            if rivals and (info.server or "").lower() < rivals[-1]:
                await self._rename()
                won, deadline = False, trio.current_time() + CONFLICT_SECONDS
                continue
            won = won or bool(rivals)
            await trio.sleep(0.1)
        if won:
            await trio.sleep(1.0)
            async with self._lock:
                await trio.to_thread.run_sync(self._zc.update_service, self._info)


def _instance(full_name: str) -> str:
    return full_name[: -len(SERVICE_TYPE) - 1]


def _rivals(zc: Zeroconf, full_name: str, server: str | None) -> list[str]:
    """The SRV targets (lower case, sorted) other than ``server`` answering under
    ``full_name`` now: other hosts using our instance name.  Blocking (thread)."""
    now = current_time_millis()
    own = (server or "").lower()
    return sorted(
        {
            r.server.lower()
            for r in zc.cache.get_all_by_details(full_name, _TYPE_SRV, _CLASS_IN)
            if isinstance(r, DNSService) and not r.is_expired(now) and r.server.lower() != own
        }
    )


def _service_info(ad: TableAd, full_name: str, server: str | None) -> ServiceInfo:
    return ServiceInfo(
        SERVICE_TYPE,
        full_name,
        port=ad.port,
        properties=ad.txt(),
        server=server,
        parsed_addresses=list(ad.addresses),
    )


def _taken_names(zc: Zeroconf, probe_name: str) -> set[str]:
    """Instance names (full) of this service type that responders defend right now.

    Sends one probe-style query (a multicast QM question for the type's PTR with our
    candidate in the authority section).  Responders answer probes at once by multicast,
    bypassing the one-per-second multicast rate limit, so every process on the link
    hears them.  (zeroconf's own probing uses QU questions, answered by unicast, which
    on one machine may be delivered to another process bound to port 5353.)  Blocking:
    call through trio.to_thread.
    """
    out = DNSOutgoing(_FLAGS_QR_QUERY)
    out.add_question(DNSQuestion(SERVICE_TYPE, _TYPE_PTR, _CLASS_IN))
    out.add_authorative_answer(DNSPointer(SERVICE_TYPE, _TYPE_PTR, _CLASS_IN, 120, probe_name))
    zc.send(out)
    time.sleep(_NAME_CHECK_SECONDS)
    records = zc.cache.get_all_by_details(SERVICE_TYPE, _TYPE_PTR, _CLASS_IN)
    return {r.alias.lower() for r in records if isinstance(r, DNSPointer) and r.ttl > 0}


async def _free_name(zc: Zeroconf, name: str, also_taken: set[str] | None = None) -> str:
    """``name``, or ``name-2``, ``name-3``... : the first that no responder defends
    (nor is in ``also_taken``, full names in lower case)."""
    taken = await trio.to_thread.run_sync(_taken_names, zc, f"{name}.{SERVICE_TYPE}")
    taken |= also_taken or set()
    candidate, n = name, 2
    while f"{candidate}.{SERVICE_TYPE}".lower() in taken:
        candidate, n = f"{name}-{n}", n + 1
    return candidate


async def _watch_quietly(advert: Advertiser) -> None:
    """:meth:`Advertiser._watch`; a failure of mDNS meanwhile is logged, never fatal (the
    table stays joinable by address)."""
    try:
        await advert._watch()
    except (OSError, ZeroconfError, RuntimeError) as exc:
        said = say(
            "mDNS: checking the table's name “{name}” failed: it can still be joined by address",
            name=advert.name,
        )
        log.warning("mDNS: checking the name %r failed: %s", advert.name, exc, extra=said)


@asynccontextmanager
async def advertise(
    ad: TableAd, *, interfaces: Sequence[str] | None = None
) -> AsyncIterator[Advertiser]:
    """Register ``ad`` on mDNS for the duration of the block; unregister on exit.

    ``interfaces``: None for all, or a list of IP addresses (tests: ["127.0.0.1"]).
    If ``ad.addresses`` is empty the addresses of those interfaces are advertised.
    Raises DiscoveryUnavailable if mDNS cannot run; ValueError for an oversize TXT.
    """
    ad = replace(ad, name=_clip_name(ad.name))
    if not ad.addresses:
        ad = replace(ad, addresses=tuple(_local_addresses(interfaces)))
    server = f"p2pcards-{ad.table_id.hex()[:12]}-{ad.port}.local."
    zc = await _open_zeroconf(interfaces)
    try:
        name = await _free_name(zc, ad.name)
        info = _service_info(ad, f"{name}.{SERVICE_TYPE}", server)
        try:
            await trio.to_thread.run_sync(lambda: zc.register_service(info, allow_name_change=True))
        except OSError as exc:
            raise DiscoveryUnavailable(f"mDNS registration failed: {exc}") from None
        advert = Advertiser(zc, replace(ad, name=_instance(info.name)), info, ad.name)
        try:
            async with trio.open_nursery() as nursery:
                nursery.start_soon(_watch_quietly, advert)
                yield advert
                nursery.cancel_scope.cancel()
        finally:
            with trio.CancelScope(shield=True), trio.move_on_after(3):
                await trio.to_thread.run_sync(zc.unregister_service, advert._info)
    finally:
        with trio.CancelScope(shield=True):
            await trio.to_thread.run_sync(zc.close)
