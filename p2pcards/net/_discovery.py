"""LAN discovery of tables with mDNS/DNS-SD (python-zeroconf) beside trio.

Hosting::

    ad = TableAd.new(name="Стол Пети", table_id=tid, game="akulina", seats_taken=1,
                     seats_total=4, host_name="Петя", host_key=my_id, port=mesh.address[1])
    async with advertise(ad, interfaces=None) as advert:   # None: all interfaces
        print(advert.name)                                   # renamed if the name was taken
        await advert.update(seats_taken=2)                   # TXT follows the lobby

Browsing::

    async with browse(interfaces=None) as browser:
        async for event in browser.events:   # TableFound / TableUpdated / TableLost
            ...
        browser.tables()                     # name -> TableAd, the live ones

Service type ``_p2pcards._tcp.local.``; instance name = the table's name (at most 63
UTF-8 bytes; a clash is renamed ``NAME-2``, ``NAME-3`` ... by zeroconf's probing, never
fatal).  TXT keys: ``v`` protocol version, ``game``, ``taken`` and ``seats`` (seats taken
and total), ``table`` (table id, hex), ``host`` (host's display name), ``fp`` (host's
fingerprint, ``XXXX-XXXX-XXXX-XXXX``), ``key`` (host's peer id, hex, so the joiner can
insist on it in the handshake), plus any ``extra`` items (str -> str, each item at most
250 bytes).  Closing the advertiser unregisters (mDNS goodbye).

Zeroconf runs its own thread (threaded API); every blocking call (start, register,
update, unregister, resolve, close) goes through ``trio.to_thread.run_sync``, and the
browser's callbacks are handed to trio with ``trio.from_thread.run_sync`` and the trio
token.  mDNS records live long (TTLs of minutes), so the browser does not trust them:
a table is reported only after a TCP PROBE to its advertised address answers with the
same table id, and is dropped (TableLost) on a goodbye or as soon as a periodic probe
fails.  Tests pass ``interfaces=["127.0.0.1"]``; the product uses all interfaces.
When multicast is unavailable, :func:`advertise` / :func:`browse` raise
DiscoveryUnavailable (joining by host:port with :func:`probe` + ``Mesh.connect`` still
works).
"""

from __future__ import annotations

import functools
import ipaddress
import re
import time
from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from typing import Any

import trio
from zeroconf import (
    InterfaceChoice,
    IPVersion,
    ServiceBrowser,
    ServiceInfo,
    ServiceStateChange,
    Zeroconf,
)
from zeroconf._dns import DNSPointer, DNSQuestion
from zeroconf._protocol.outgoing import DNSOutgoing
from zeroconf.const import _CLASS_IN, _FLAGS_QR_QUERY, _TYPE_PTR

from p2pcards import PROTOCOL_VERSION
from p2pcards.net._errors import NetError
from p2pcards.net._keys import fingerprint
from p2pcards.net._mesh import probe

SERVICE_TYPE = "_p2pcards._tcp.local."
_NAME_CHECK_SECONDS = 0.5
MAX_NAME_BYTES = 55  # DNS label limit 63, minus room for a "-NN" clash suffix


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
        return [a for a in interfaces if _is_ip(a)]
    import ifaddr  # a dependency of zeroconf

    found = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and not ipaddress.ip_address(ip.ip).is_loopback:
                found.append(ip.ip)
    return found or ["127.0.0.1"]


def _is_ip(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


async def _open_zeroconf(interfaces: Sequence[str] | None) -> Zeroconf:
    def start() -> Zeroconf:
        return Zeroconf(interfaces=_interface_choice(interfaces), ip_version=IPVersion.V4Only)

    try:
        return await trio.to_thread.run_sync(start)
    except OSError as exc:
        raise DiscoveryUnavailable(
            f"mDNS cannot start on {interfaces or 'any interface'}: {exc}"
        ) from None


class Advertiser:
    """A registered table; ``name`` is the instance name actually used (maybe renamed)."""

    def __init__(self, zc: Zeroconf, ad: TableAd, info: ServiceInfo) -> None:
        self._zc = zc
        self.ad = ad
        self._info = info
        self._lock = trio.Lock()

    @property
    def name(self) -> str:
        """The instance name on the network (``NAME-2`` etc. after a clash)."""
        return self.ad.name

    async def update(self, *, seats_taken: int | None = None, **changes: Any) -> None:
        """Re-publish the TXT record with ``seats_taken`` and/or other TableAd fields."""
        if seats_taken is not None:
            changes["seats_taken"] = seats_taken
        async with self._lock:
            self.ad = replace(self.ad, **changes)
            self._info = _service_info(self.ad, self._info.name, self._info.server)
            await trio.to_thread.run_sync(self._zc.update_service, self._info)


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


async def _free_name(zc: Zeroconf, name: str) -> str:
    """``name``, or ``name-2``, ``name-3``... : the first that no responder defends."""
    taken = await trio.to_thread.run_sync(_taken_names, zc, f"{name}.{SERVICE_TYPE}")
    candidate, n = name, 2
    while f"{candidate}.{SERVICE_TYPE}".lower() in taken:
        candidate, n = f"{name}-{n}", n + 1
    return candidate


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
        advert = Advertiser(zc, replace(ad, name=info.name[: -len(SERVICE_TYPE) - 1]), info)
        try:
            yield advert
        finally:
            with trio.CancelScope(shield=True), trio.move_on_after(3):
                await trio.to_thread.run_sync(zc.unregister_service, advert._info)
    finally:
        with trio.CancelScope(shield=True):
            await trio.to_thread.run_sync(zc.close)


@dataclass(frozen=True)
class TableFound:
    """A live table appeared (its PROBE answered with the advertised table id)."""

    table: TableAd


@dataclass(frozen=True)
class TableUpdated:
    """A known table's TXT changed (e.g. a seat was taken)."""

    table: TableAd


@dataclass(frozen=True)
class TableLost:
    """A table went away: ``reason`` is "goodbye" (mDNS) or why the probe failed."""

    name: str
    reason: str


DiscoveryEvent = TableFound | TableUpdated | TableLost


class Browser:
    """Live view of the tables on the LAN; see :func:`browse`."""

    def __init__(self, zc: Zeroconf, probe_interval: float, probe_timeout: float) -> None:
        self._zc = zc
        self._tables: dict[str, TableAd] = {}
        self._unconfirmed: dict[str, TableAd] = {}  # resolved, not yet answering
        self._probe_interval = probe_interval
        self._probe_timeout = probe_timeout
        self._changes_send, self._changes = trio.open_memory_channel[tuple[str, str]](1000)
        self._events_send, self.events = trio.open_memory_channel[DiscoveryEvent](1000)
        self._token = trio.lowlevel.current_trio_token()

    def tables(self) -> dict[str, TableAd]:
        """The live tables, by instance name."""
        return dict(self._tables)

    # zeroconf thread -> trio
    def _on_change(
        self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange
    ) -> None:
        try:
            trio.from_thread.run_sync(
                self._changes_send.send_nowait, (name, state_change.name), trio_token=self._token
            )
        except (trio.RunFinishedError, trio.WouldBlock, trio.ClosedResourceError, RuntimeError):
            pass

    async def _emit(self, event: DiscoveryEvent) -> None:
        try:
            self._events_send.send_nowait(event)
        except trio.WouldBlock:
            pass  # nobody reads events: tables() stays right
        except trio.ClosedResourceError:
            pass  # the browse block is closing (a resolve that finished meanwhile)

    async def _resolve_loop(self) -> None:
        async for full_name, change in self._changes:
            name = full_name[: -len(SERVICE_TYPE) - 1]
            if change == "Removed":
                self._unconfirmed.pop(name, None)
                if self._tables.pop(name, None) is not None:
                    await self._emit(TableLost(name, "goodbye"))
                continue
            info = await trio.to_thread.run_sync(
                functools.partial(self._zc.get_service_info, SERVICE_TYPE, full_name, 2000)
            )
            if info is None:
                continue
            try:
                ad = TableAd.from_service(info)
            except ValueError:
                continue  # malformed advert: not a table we can join
            old = self._tables.get(name)
            if old is not None and old.table_id != ad.table_id:
                del self._tables[name]
                await self._emit(TableLost(name, "replaced by another table"))
                old = None
            if old is None:
                self._unconfirmed[name] = ad
                await self._confirm(name, ad)
            else:
                ad = replace(ad, addresses=_prefer(ad.addresses, old.address[0]))
                if old != ad:
                    self._tables[name] = ad
                    await self._emit(TableUpdated(ad))

    async def _check(self, ad: TableAd) -> tuple[TableAd | None, str]:
        """Probe each advertised address in turn; return the ad with the address that
        answered with the right table id first, or (None, why not)."""
        reason = "no address"
        for address in ad.addresses:
            try:
                info = await probe((address, ad.port), timeout=self._probe_timeout)
            except NetError as exc:
                reason = str(exc)
                continue
            if info.get("table_id") != ad.table_id:
                reason = f"another table answers at {address}:{ad.port}"
                continue
            return replace(ad, addresses=_prefer(ad.addresses, address)), ""
        return None, reason

    async def _confirm(self, name: str, ad: TableAd) -> None:
        """Report an unconfirmed table once it answers (else it stays unconfirmed)."""
        live, _ = await self._check(ad)
        if live is not None and self._unconfirmed.get(name) is ad:
            del self._unconfirmed[name]
            self._tables[name] = live
            await self._emit(TableFound(live))

    async def _recheck(self, name: str, ad: TableAd) -> None:
        live, reason = await self._check(ad)
        if self._tables.get(name) is not ad:
            return  # changed meanwhile
        if live is None:  # gone; found again if it answers while mDNS still lists it
            del self._tables[name]
            self._unconfirmed[name] = ad
            await self._emit(TableLost(name, reason))
        elif live != ad:
            self._tables[name] = live

    async def _liveness_loop(self) -> None:
        while True:
            await trio.sleep(self._probe_interval)
            async with trio.open_nursery() as nursery:
                for name, ad in list(self._tables.items()):
                    nursery.start_soon(self._recheck, name, ad)
                for name, ad in list(self._unconfirmed.items()):
                    nursery.start_soon(self._confirm, name, ad)


def _prefer(addresses: tuple[str, ...], first: str) -> tuple[str, ...]:
    if first not in addresses:
        return addresses
    return (first, *(a for a in addresses if a != first))


@asynccontextmanager
async def browse(
    *,
    interfaces: Sequence[str] | None = None,
    probe_interval: float = 2.0,
    probe_timeout: float = 1.0,
) -> AsyncIterator[Browser]:
    """Watch the LAN for tables while the block runs.

    ``probe_interval`` (s): how often every known table is re-probed over TCP;
    ``probe_timeout`` (s): how long a probe may take before the table counts as gone.
    Raises DiscoveryUnavailable if mDNS cannot run.
    """
    zc = await _open_zeroconf(interfaces)
    try:
        browser = Browser(zc, probe_interval, probe_timeout)
        async with trio.open_nursery() as nursery:
            nursery.start_soon(browser._resolve_loop)
            nursery.start_soon(browser._liveness_loop)
            sb = await trio.to_thread.run_sync(
                lambda: ServiceBrowser(zc, SERVICE_TYPE, handlers=[browser._on_change])
            )
            try:
                yield browser
            finally:
                with trio.CancelScope(shield=True):
                    await trio.to_thread.run_sync(sb.cancel)
                nursery.cancel_scope.cancel()
                browser._changes_send.close()
                browser._events_send.close()
    finally:
        with trio.CancelScope(shield=True):
            await trio.to_thread.run_sync(zc.close)
