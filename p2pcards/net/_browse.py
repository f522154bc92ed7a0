"""Browsing the LAN for tables (mDNS/DNS-SD through python-zeroconf, beside trio).

Every answer is kept by (instance name, host fingerprint), never by name alone: anyone
on the network can answer for any name, so an impostor answering with exactly the name
of a real table is listed beside it (both fingerprints shown), never instead of it.
zeroconf's cache keeps every responder's records, so on each change of a name the
browser reads all the TXT and SRV records cached under it and pairs them; a pairing is
reported only once a TCP PROBE to its address answers with its table id and
fingerprint (mDNS records live long and prove nothing), and is dropped as soon as a
periodic probe fails.  A goodbye names only the instance, not who said it: every table
under that name is dropped at once, and the name is asked again once the goodbye's
records expired, so another host still answering under it comes back.
"""

from __future__ import annotations

import functools
import ipaddress
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from typing import Any

import trio
from zeroconf import Error as ZeroconfError
from zeroconf import ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf
from zeroconf._utils.time import current_time_millis
from zeroconf.const import _CLASS_IN, _TYPE_A, _TYPE_AAAA, _TYPE_SRV, _TYPE_TXT

from p2pcards.net._discovery import SERVICE_TYPE, TableAd, _open_zeroconf
from p2pcards.net._errors import NetError
from p2pcards.net._mesh import probe

MAX_ANSWERS = 8
"""TXT records and SRV records considered per instance name (a flood of answers under
one name gets no more probes than this)."""

ASK_AGAIN_SECONDS = 1.5
"""After a goodbye, the name is asked again this long after (the goodbye's records
expire after 1 s): a table still answering under it is found again."""


@dataclass(frozen=True)
class TableFound:
    """A live table appeared (its PROBE answered with the advertised table id and
    fingerprint)."""

    table: TableAd


@dataclass(frozen=True)
class TableUpdated:
    """A known table's TXT changed (e.g. a seat was taken)."""

    table: TableAd


@dataclass(frozen=True)
class TableLost:
    """A table went away: ``reason`` is "goodbye" (mDNS), "replaced by another table" or
    why the probe failed; ``fingerprint``: its host's ('' when not known)."""

    name: str
    reason: str
    fingerprint: str = ""


DiscoveryEvent = TableFound | TableUpdated | TableLost

_Key = tuple[str, str]  # (instance name, host fingerprint)


def _candidate(ad: TableAd) -> tuple[Any, ...]:
    return (ad.name, ad.fingerprint, ad.table_id, ad.port, tuple(sorted(ad.addresses)))


def _same_endpoint(a: TableAd, b: TableAd) -> bool:
    return (a.table_id, a.port, set(a.addresses)) == (b.table_id, b.port, set(b.addresses))


def _answers(zc: Zeroconf, full_name: str) -> list[TableAd]:
    """Every table the cache holds under ``full_name``: each live TXT record (newest
    first) paired with each live SRV record and its addresses, malformed ones left out,
    at most :data:`MAX_ANSWERS` of each kind.  Blocking: call through trio.to_thread."""
    now = current_time_millis()

    def live(name: str, type_: int) -> list[Any]:
        return [
            r for r in zc.cache.get_all_by_details(name, type_, _CLASS_IN) if not r.is_expired(now)
        ]

    txts = sorted(live(full_name, _TYPE_TXT), key=lambda r: -r.created)[:MAX_ANSWERS]
    found: dict[tuple[Any, ...], TableAd] = {}
    for srv in live(full_name, _TYPE_SRV)[:MAX_ANSWERS]:
        records = live(srv.server, _TYPE_A) + live(srv.server, _TYPE_AAAA)
        addresses = sorted({str(ipaddress.ip_address(r.address)) for r in records})
        for txt in txts:
            try:
                info = ServiceInfo(
                    SERVICE_TYPE,
                    full_name,
                    port=srv.port,
                    properties=txt.text,
                    server=srv.server,
                    parsed_addresses=addresses,
                )
                ad = TableAd.from_service(info)
            except (ValueError, ZeroconfError):
                continue  # malformed: not a table we can join
            found.setdefault(_candidate(ad), ad)  # the newest TXT first
    return list(found.values())


class Browser:
    """Live view of the tables on the LAN; see :func:`browse`."""

    def __init__(self, zc: Zeroconf, probe_interval: float, probe_timeout: float) -> None:
        self._zc = zc
        self._tables: dict[_Key, TableAd] = {}
        self._unconfirmed: dict[tuple[Any, ...], TableAd] = {}  # resolved, not answering
        self._probe_interval = probe_interval
        self._probe_timeout = probe_timeout
        self._changes_send, self._changes = trio.open_memory_channel[tuple[str, str]](1000)
        self._events_send, self.events = trio.open_memory_channel[DiscoveryEvent](1000)
        self._token = trio.lowlevel.current_trio_token()
        self._nursery: trio.Nursery | None = None

    def tables(self) -> list[TableAd]:
        """The live tables, by name then fingerprint: one per (name, host key), so two
        tables answering under one name are both listed."""
        return sorted(self._tables.values(), key=lambda a: (a.name, a.fingerprint))

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
            if change == "Removed":
                await self._goodbye(full_name)
            else:
                await self._resolve(full_name)

    async def _resolve(self, full_name: str) -> None:
        """Ask for ``full_name`` (zeroconf answers from its cache when it can), then
        consider every answer cached under it."""
        name = full_name[: -len(SERVICE_TYPE) - 1]
        await trio.to_thread.run_sync(
            functools.partial(self._zc.get_service_info, SERVICE_TYPE, full_name, 2000)
        )
        ads = await trio.to_thread.run_sync(_answers, self._zc, full_name)
        current = {_candidate(ad) for ad in ads}
        for ck in [ck for ck in self._unconfirmed if ck[0] == name and ck not in current]:
            del self._unconfirmed[ck]  # no longer on the air
        for ad in ads:
            await self._consider(ad)

    async def _goodbye(self, full_name: str) -> None:
        name = full_name[: -len(SERVICE_TYPE) - 1]
        for ck in [ck for ck in self._unconfirmed if ck[0] == name]:
            del self._unconfirmed[ck]
        for key in [key for key in self._tables if key[0] == name]:
            del self._tables[key]
            await self._emit(TableLost(name, "goodbye", key[1]))
        if self._nursery is not None:
            self._nursery.start_soon(self._ask_again, full_name)

    async def _ask_again(self, full_name: str) -> None:
        await trio.sleep(ASK_AGAIN_SECONDS)
        await self._resolve(full_name)

    async def _consider(self, ad: TableAd) -> None:
        """An answer read from the cache: an update of the table it is, or a new
        candidate that must answer a probe before it is reported."""
        old = self._tables.get((ad.name, ad.fingerprint))
        if old is not None and _same_endpoint(old, ad):
            ad = replace(ad, addresses=_prefer(ad.addresses, old.address[0]))
            if old != ad:
                self._tables[(ad.name, ad.fingerprint)] = ad
                await self._emit(TableUpdated(ad))
            return
        ck = _candidate(ad)
        probing = ck in self._unconfirmed
        self._unconfirmed[ck] = ad
        if not probing:
            await self._confirm(ck)

    async def _check(self, ad: TableAd) -> tuple[TableAd | None, str]:
        """Probe each advertised address in turn; return the ad with the address that
        answered with the right table id and fingerprint first, or (None, why not)."""
        reason = "no address"
        for address in ad.addresses:
            try:
                info = await probe((address, ad.port), timeout=self._probe_timeout)
            except NetError as exc:
                reason = str(exc)
                continue
            if info.get("table_id") != ad.table_id or info.get("fp") != ad.fingerprint:
                reason = f"another table answers at {address}:{ad.port}"
                continue
            return replace(ad, addresses=_prefer(ad.addresses, address)), ""
        return None, reason

    async def _confirm(self, ck: tuple[Any, ...]) -> None:
        """Report an unconfirmed candidate once it answers (else it stays unconfirmed)."""
        ad = self._unconfirmed.get(ck)
        if ad is None:
            return
        live, _ = await self._check(ad)
        ad = self._unconfirmed.pop(ck, None) if live is not None else None
        if ad is None or live is None:
            return
        live = replace(ad, addresses=_prefer(ad.addresses, live.address[0]))
        key = (ad.name, ad.fingerprint)
        old = self._tables.get(key)
        self._tables[key] = live
        if old is not None and old.table_id != live.table_id:
            await self._emit(TableLost(old.name, "replaced by another table", old.fingerprint))
            old = None
        await self._emit(TableFound(live) if old is None else TableUpdated(live))

    async def _recheck(self, key: _Key, ad: TableAd) -> None:
        live, reason = await self._check(ad)
        if self._tables.get(key) is not ad:
            return  # changed meanwhile
        if live is None:  # gone; found again if it answers while mDNS still lists it
            del self._tables[key]
            self._unconfirmed[_candidate(ad)] = ad
            await self._emit(TableLost(ad.name, reason, ad.fingerprint))
        elif live != ad:
            self._tables[key] = live

    async def _liveness_loop(self) -> None:
        while True:
            await trio.sleep(self._probe_interval)
            async with trio.open_nursery() as nursery:
                for key, ad in list(self._tables.items()):
                    nursery.start_soon(self._recheck, key, ad)
                for ck in list(self._unconfirmed):
                    nursery.start_soon(self._confirm, ck)


def _prefer(addresses: tuple[str, ...], first: str) -> tuple[str, ...]:
    if first not in addresses:
        return addresses
    return (first, *(a for a in addresses if a != first))


def same_name_keys(tables: Sequence[TableAd]) -> dict[str, list[str]]:
    """The names under which tables with different host keys answer: name -> their
    fingerprints (two hosts that took one name, or someone pretending to be a host)."""
    by_name: dict[str, set[str]] = {}
    for t in tables:
        by_name.setdefault(t.name, set()).add(t.fingerprint)
    return {name: sorted(fps) for name, fps in by_name.items() if len(fps) > 1}


@asynccontextmanager
async def browse(
    *,
    interfaces: Sequence[str] | None = None,
    probe_interval: float = 2.0,
    probe_timeout: float = 1.0,
) -> AsyncIterator[Browser]:
    """Watch the LAN for tables while the block runs.

    ``interfaces``: None for all, or a list of IP addresses (tests: ["127.0.0.1"]);
    ``probe_interval`` (s): how often every known table is re-probed over TCP;
    ``probe_timeout`` (s): how long a probe may take before the table counts as gone.
    Raises DiscoveryUnavailable if mDNS cannot run.
    """
    zc = await _open_zeroconf(interfaces)
    try:
        browser = Browser(zc, probe_interval, probe_timeout)
        async with trio.open_nursery() as nursery:
            browser._nursery = nursery
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
