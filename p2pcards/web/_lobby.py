"""The lobby behind the web page (``p2pcards play``): the tables found on the LAN, hosting
a table (bots for the empty seats), joining one by name or address, then the table page
for the game, and back to the lobby when it ends.

:class:`LobbyService` is plain state plus trio tasks: the page's lobby socket reads
:meth:`LobbyService.state` (waking on :meth:`LobbyService.wait_change`) and calls
:meth:`host`, :meth:`join` and :meth:`cancel`; the table page plays the seat of the
running game through :attr:`LobbyService.source` (a
:class:`~p2pcards.web._lan.ControllerSource`).
"""

from __future__ import annotations

import ipaddress
import logging
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import trio

from p2pcards import net
from p2pcards._exceptions import leaves
from p2pcards.games import OptionError, game_info, game_names
from p2pcards.identity import Identity, IdentityError, load_identity
from p2pcards.peer import (
    Ending,
    LobbyError,
    PlayerCheck,
    Session,
    Unfinished,
    address_text,
    drop_table,
    host_table,
    join_table,
    lobby_error,
    resume_table,
    run_bot,
    unfinished_tables,
)
from p2pcards.ui import Texts, lobby_error_text, option_label, value_label
from p2pcards.ui._texts import N_
from p2pcards.web._lan import ControllerSource

log = logging.getLogger("p2pcards.web")

BROWSE_EVERY = 1.0
"""Seconds between two looks at the tables found (the list on the page is live)."""

JOIN_WAIT = 6.0
"""Seconds to look for a table named by the player before saying it is not there."""


@dataclass(frozen=True)
class HostSpec:
    """What the player asked to host: ``game`` (engine name), ``seats``, ``options``
    (name -> value as typed, parsed by the game's option table), ``bots`` (how many of
    the empty seats bots take, 0..seats-1) and ``levels``, each bot's level (a bot or
    level name, Бот 1's first, as ``host --bots hard,medium``; None: every bot ``basic``);
    ``table_name``: the name announced on the LAN ("": the host's name and the game's
    title in the lobby's language); ``lang``: the page's language, that of the bots'
    names ("Бот 1"; "": the lobby's)."""

    game: str
    seats: int
    options: Mapping[str, Any]
    bots: int = 0
    levels: tuple[str, ...] | None = None
    table_name: str = ""
    lang: str = ""


def parse_address(text: str) -> net.Address | None:
    """``host:port`` (``[::1]:port`` for IPv6) -> (host, port); None when ``text`` is not
    an address (then it is a table's name)."""
    host, sep, port = text.strip().rpartition(":")
    if not sep or not host or not port.isdigit() or not 1 <= int(port) <= 65535:
        return None
    return (host.strip("[]"), int(port))


_BOT_LABELS = {
    "random": N_("random moves"),
    "basic": N_("easy"),
    "medium": N_("medium"),
    "hard": N_("hard"),
}


def bot_levels(info: Any) -> list[str]:
    """The bots the host form offers for ``info``'s game: its own bots (``random``,
    ``basic`` = the easy level), then the levels ``medium`` and ``hard`` when the game has a
    strong bot (Akulina, a game of chance, has none: every level would play ``basic``)."""
    from p2pcards.games._levels import has_strong_bot
    from p2pcards.games._search import LEVELS

    return [*sorted(info.bots), *(LEVELS if has_strong_bot(info) else ())]


def host_levels(info: Any, spec: HostSpec) -> tuple[str, ...]:
    """Each bot's level of ``spec`` (``basic`` for every bot when it says none); raises
    OptionError when it gives a level count other than its bots' or a level that
    ``info``'s game does not have (the page words both)."""
    from p2pcards.games._levels import resolve_bot

    levels = ("basic",) * spec.bots if spec.levels is None else spec.levels
    if len(levels) != spec.bots:
        raise OptionError(
            "bots: {bots}, but bot levels: {levels} (one level for each bot)",
            bots=spec.bots,
            levels=len(levels),
        )
    for n, level in enumerate(levels, 1):
        try:
            resolve_bot(info, level)
        except OptionError:
            raise OptionError(
                "Bot {n}: unknown level {level!r} (levels: {levels})",
                n=n,
                level=level,
                levels=", ".join(bot_levels(info)),
            ) from None
    return levels


def games_offered(lang: str) -> list[dict[str, Any]]:
    """Every game with its seat range and its option table (name, its label, default,
    choices, their labels, bounds, description in ``lang``), as the host form shows
    them."""
    t = Texts(lang)  # an option's help is a msgid of the catalog
    out = []
    for name in game_names():
        info = game_info(name)
        opts = []
        for o in info.options:
            kind = type(o.default).__name__
            choices = [str(c) for c in o.choices] if o.choices else None
            if kind == "bool":
                choices = ["true", "false"]
            default = str(o.default).lower() if kind == "bool" else str(o.default)
            opts.append(
                {
                    "name": o.name,
                    "label": option_label(t, o.name),
                    "default": default,
                    "default_label": value_label(t, o.name, default) if default else "—",
                    "choices": choices,
                    "choice_labels": [value_label(t, o.name, c) for c in choices or ()],
                    "kind": kind,
                    "low": o.low,
                    "high": o.high,
                    "help": o.help_ru if lang == "ru" and o.help_ru else t(o.help),
                }
            )
        out.append(
            {
                "name": name,
                "title": info.title["ru" if lang == "ru" else "en"],
                "min": info.min_seats,
                "max": info.max_seats,
                "default": info.default_seats,
                "options": opts,
                "bots": bot_levels(info),
                "bot_labels": {b: t(_BOT_LABELS.get(b, b)) for b in bot_levels(info)},
            }
        )
    return out


def _remove_table_files(base: Path, table_id: bytes) -> None:
    """A bot's copy of a table that ended here goes (as ``host --bots``'s bots')."""
    from p2pcards.cli._lan import remove_table_files

    remove_table_files(base, table_id)


class LobbyService:
    """The lobby of one player (``identity``) in this process.

    ``interfaces``: mDNS interfaces (None: all; tests give ``["127.0.0.1"]``); ``bind``:
    the address a hosted table listens on (None: all); ``base``: the data directory's
    tables folder override (None: the identity's data directory).  ``status`` is one of
    "idle", "hosting" (a table open, seats filling), "joining", "playing" (the table page
    plays :attr:`source`), "over" (the game ended; :attr:`ending` says how).
    :attr:`unfinished` lists this player's unfinished tables (a crash, a closed program,
    a table left): the page offers the terminal's choice, :meth:`resume` or :meth:`drop`
    one, or host or join a new table (the unfinished ones stay).
    """

    def __init__(
        self,
        identity: Identity,
        *,
        interfaces: Sequence[str] | None = None,
        bind: str | None = None,
        base: Path | None = None,
        lang: str = "en",
    ) -> None:
        self.identity = identity
        self.interfaces = list(interfaces) if interfaces is not None else None
        self.bind = bind
        self.base = base
        self.lang = lang
        self.tables: list[net.TableAd] = []
        self.browse_error: str | None = None
        self.status = "idle"
        self.error: str | None = None
        """The last command's failure in English (for logs); the page words
        :attr:`failure` in its own language."""
        self.failure: Exception | None = None
        self.table_name = ""
        self.address: net.Address | None = None
        self.addresses: tuple[net.Address, ...] = ()
        """Every address others can join the table we host at (its non-loopback
        addresses; loopback only when there is none), as the terminal's host lists."""
        self.seated: tuple[str, ...] = ()
        self.total = 0
        self.source: ControllerSource | None = None
        self.ending: Ending | None = None
        self.last_host: HostSpec | None = None
        self._rev = 0
        self._changed = trio.Event()
        self._nursery: trio.Nursery | None = None
        self._task: trio.CancelScope | None = None
        self.asks: list[tuple[PlayerCheck, trio.Event, list[bool]]] = []
        """Players waiting for the page's confirmation (the check, its answer's event
        and the answer)."""
        self._trusted: set[bytes] = set()  # our own bots' keys: let in at once
        self.unfinished: list[Unfinished] = []
        """This identity's unfinished tables, newest first (read when the lobby starts
        and after every table)."""
        self.resuming = False
        """The table being joined is an unfinished one, resumed."""
        self.bot_endings: list[Ending] = []
        """How the games of the bots this lobby seated ended, for each bot."""

    def tables_dir(self) -> Path:
        """The folder of this player's table logs (the data directory's ``tables``)."""
        from p2pcards.files import home

        return (self.base if self.base is not None else home()) / "tables"

    # -- state for the page ----------------------------------------------------------
    @property
    def rev(self) -> int:
        """Increases by one on every change of the lobby's state."""
        return self._rev

    def _publish(self) -> None:
        self._rev += 1
        self._changed.set()
        self._changed = trio.Event()

    async def wait_change(self, rev: int) -> None:
        """Wait until :attr:`rev` is above ``rev``."""
        while self._rev <= rev:
            await self._changed.wait()

    def state(self) -> dict[str, Any]:
        """The lobby as plain data (language-neutral; the page's texts are added by
        :mod:`p2pcards.web._lobbyapp`)."""
        return {
            "rev": self._rev,
            "me": {"name": self.identity.name, "fingerprint": self.identity.fingerprint},
            "tables": [
                {
                    "name": t.name,
                    "game": t.game,
                    "taken": t.seats_taken,
                    "seats": t.seats_total,
                    "host": t.host_name,
                    "fingerprint": t.fingerprint,
                    "address": address_text(t.address),
                    "code": t.extra.get("code", ""),
                    "mine": self._mine(t),
                }
                for t in self.tables
            ],
            "browse_error": self.browse_error,
            "status": self.status,
            "resuming": self.resuming,
            "error": self.error,
            "table": self.table_name,
            "address": address_text(self.address) if self.address else "",
            "joins": [
                {"address": address_text(a), "local": ipaddress.ip_address(a[0]).is_loopback}
                for a in self.addresses
            ],
            "seated": list(self.seated),
            "total": self.total,
            "ending": self.ending.status if self.ending is not None else None,
            "left_text": dict(self.source.left_texts) if self.source is not None else {},
            "asks": [check.to_plain() for check, _, _ in self.asks],
            "unfinished": [
                {
                    "id": u.short_id,
                    "game": u.game,
                    "names": list(u.names),
                    "table": u.table_name,
                    "date": time.strftime("%Y-%m-%d %H:%M", time.localtime(u.mtime)),
                }
                for u in self.unfinished
            ],
        }

    def _mine(self, t: net.TableAd) -> bool:
        """Whether ``t`` is the table this lobby is hosting (listed too, while it is
        announced: the page shows it as ours, with no Join button)."""
        return (
            self.status == "hosting"
            and t.fingerprint == self.identity.fingerprint
            and t.name == self.table_name
        )

    # -- commands from the page --------------------------------------------------------
    def host(self, spec: HostSpec) -> str | None:
        """Open a table of ``spec`` (when idle or after a game); returns None when the
        table is opening, "busy" when a table is already open.  Raises OptionError for a
        bad option, a seat or bot count out of range, a level count other than the bots'
        or an unknown level (worded by the page)."""
        if self.status in ("hosting", "joining", "playing"):
            return "busy"
        info = game_info(spec.game)
        game = info.configure(spec.seats, **dict(spec.options))
        if not 0 <= spec.bots < game.seats:
            raise OptionError(
                "bots: {value} is not between 0 and {high}", value=spec.bots, high=game.seats - 1
            )
        spec = replace(spec, levels=host_levels(info, spec))
        self.last_host = spec
        self._start("hosting", self._host_task, game, spec)
        return None

    def join(self, target: str) -> str | None:
        """Join the table called ``target`` (a name found on the LAN, or the start of
        one) or at ``host:port``; returns an error text or None when joining."""
        if self.status in ("hosting", "joining", "playing"):
            return "busy"
        target = target.strip()
        if not target:
            return "empty"
        self._start("joining", self._join_task, target)
        return None

    def resume(self, table_id: str) -> str | None:
        """Go back to the unfinished table whose id starts with ``table_id`` (rejoin its
        peers, the table page plays it); returns "busy", "gone" (no such unfinished
        table) or None when resuming."""
        if self.status in ("hosting", "joining", "playing"):
            return "busy"
        u = self._unfinished(table_id)
        if u is None:
            return "gone"
        self._start("joining", self._resume_task, u)
        return None

    def drop(self, table_id: str) -> str | None:
        """Give up the unfinished table whose id starts with ``table_id`` (its log stays,
        for audit: :func:`~p2pcards.peer.drop_table`); returns "gone", the error of a
        marker that cannot be written, or None."""
        u = self._unfinished(table_id)
        if u is None:
            return "gone"
        try:
            drop_table(u)
        except OSError as e:
            log.info("web lobby: cannot drop %s: %s", u.short_id, e)
            return str(e)
        self.unfinished = [x for x in self.unfinished if x.table_id != u.table_id]
        self._publish()
        return None

    def _unfinished(self, table_id: str) -> Unfinished | None:
        key = table_id.strip().lower()
        found = [u for u in self.unfinished if key and u.table_id.hex().startswith(key)]
        return found[0] if len(found) == 1 else None

    async def refresh_unfinished(self) -> None:
        """Read this identity's unfinished tables again (in a thread: it reads logs)."""
        found = await trio.to_thread.run_sync(unfinished_tables, self.identity, self.base)
        if [u.table_id for u in found] != [u.table_id for u in self.unfinished]:
            self.unfinished = found
            self._publish()

    def answer(self, fingerprint: str, ok: bool) -> None:
        """The player's answer about the player with ``fingerprint`` asked about (a
        joiner asking for a seat at our table, or the host of the table we join)."""
        for check, ev, box in self.asks:
            if check.fingerprint == fingerprint and not ev.is_set():
                box.append(ok)
                ev.set()

    async def _confirm(self, check: PlayerCheck) -> bool:
        """``admit=`` / ``confirm=`` of the lobby API: our bots at once, anyone else
        once the player answers on the page (compare the fingerprint aloud)."""
        if check.key in self._trusted:  # keys this lobby made for its bots ("changed"
            return True  # too: the bots of an earlier table had the same names)
        ev, box = trio.Event(), list[bool]()
        item = (check, ev, box)
        self.asks.append(item)
        self._publish()
        try:
            await ev.wait()
        finally:
            self.asks.remove(item)
            self._publish()
        return bool(box and box[0])

    def cancel(self) -> None:
        """Leave the table being formed (or the finished one): back to the lobby."""
        if self._task is not None:
            self._task.cancel()
        self._task = None
        self.status, self.error, self.source, self.ending = "idle", None, None, None
        self.failure = None
        self.seated, self.total, self.table_name, self.address = (), 0, "", None
        self.addresses = ()
        self._publish()
        if self._nursery is not None:  # a table left may now be unfinished
            self._nursery.start_soon(self.refresh_unfinished)

    def _start(self, status: str, fn: Any, *args: Any) -> None:
        """Run ``fn(*args)`` as the lobby's task; the ``status`` is set at once, so a
        second click before the task runs finds the lobby busy."""
        assert self._nursery is not None, "run() first"
        self.error, self.failure, self.ending, self.source = None, None, None, None
        self.resuming = False
        self.seated, self.total, self.table_name, self.address = (), 0, "", None
        self.addresses = ()
        self.status = status
        self._publish()
        scope = trio.CancelScope()
        self._task = scope

        async def task() -> None:
            with scope:
                try:
                    await fn(*args)
                except* (LobbyError, net.NetError, OSError, OptionError) as group:
                    # also from inside a nursery (a bot seat's failed join), so except*
                    e = leaves(group)[0]
                    assert isinstance(e, Exception)  # (an except* group of Exceptions)
                    log.info("web lobby: %s", e)
                    if self._task is scope:  # not a table left behind for a newer one
                        said = isinstance(e, LobbyError) and lobby_error_text(e, Texts(self.lang))
                        self.status, self.error, self.failure = "idle", said or str(e), e
                        self._publish()

        self._nursery.start_soon(task)

    # -- the tasks -------------------------------------------------------------------
    async def run(self) -> None:
        """Look for tables on the LAN and run the commands, until cancelled."""
        async with trio.open_nursery() as n:
            self._nursery = n
            n.start_soon(self._browse)
            await self.refresh_unfinished()
            await trio.sleep_forever()

    async def _browse(self) -> None:
        try:
            async with net.browse(interfaces=self.interfaces) as browser:
                while True:
                    found = browser.tables()
                    if found != self.tables:
                        self.tables = found
                        self._publish()
                    await trio.sleep(BROWSE_EVERY)
        except net.NetError as e:
            log.info("web lobby: cannot browse: %s", e)
            self.browse_error = str(e)  # (in English: the page words it, _lobbyapp)
            self._publish()

    async def _host_task(self, game: Any, spec: HostSpec) -> None:
        self.status, self.total, self.seated = "hosting", game.seats, (self.identity.name,)
        self._publish()
        async with host_table(
            self.identity,
            game,
            bind=self.bind,
            interfaces=self.interfaces,
            base=self.base,
            lang=self.lang,
            admit=self._confirm,
            table_name=spec.table_name or None,
        ) as lobby:
            self.table_name, self.address = lobby.table_name, lobby.address
            self.addresses = tuple(lobby.addresses)
            self._publish()
            lang = spec.lang or self.lang  # the page's: the page may have switched
            idents = await self._bot_identities(spec.bots, lang)
            self._trusted |= {b.peer_id for b in idents}
            from p2pcards.cli.host import bot_home

            homes = [bot_home(i, self._home()) for i in range(1, len(idents) + 1)]
            async with trio.open_nursery() as bots:
                levels = spec.levels or ()  # (host() gave one for each bot)
                for ident, home, level in zip(idents, homes, levels, strict=True):
                    address = ("127.0.0.1", lobby.address[1])
                    bots.start_soon(self._bot, address, ident, level, home)
                session = await self._follow(lobby)
                if idents:  # as host --bots: after a crash, resuming restarts them (each
                    # at its level)
                    session.storage.mark_bots(
                        [(str(h), lv) for h, lv in zip(homes, levels, strict=True)]
                    )
                await self._play(session)
                bots.cancel_scope.deadline = trio.current_time() + 30  # they end with the game

    def _home(self) -> Path:
        """This player's data directory (``base``, else :func:`p2pcards.files.home`)."""
        from p2pcards import files

        return self.base if self.base is not None else files.home()

    async def _bot_identities(self, n: int, lang: str) -> list[Identity]:
        """The keys of this player's bots, kept as ``host --bots`` keeps them
        (:func:`p2pcards.cli.host.bot_identities`, in the data directory), so a player
        who met "Бот 1" at an earlier table is not told that its key changed."""
        from p2pcards.cli.host import bot_identities

        def load() -> list[Identity]:
            try:
                return bot_identities(n, lang, self._home())
            except IdentityError as e:  # (a StorageError is an OSError: shown as one)
                raise OSError(str(e)) from e

        return await trio.to_thread.run_sync(load)

    async def _bot(self, address: net.Address, ident: Identity, level: str, base: Path) -> None:
        """A bot of this lobby at its table, playing at ``level``: a full peer with its key
        and table files in ``base`` (its ``bots/N``, as ``host --bots``'s): they stay
        while the game does not end here (a crash: resuming the table restarts the bot
        from them, at its level), and go when it does."""
        me = self.identity.peer_id  # the bot knows its host: no question asked
        session = None
        try:
            async with join_table(
                ident, address, base=base, lang=self.lang, expect_key=me, bot=True
            ) as lobby:
                session = await lobby.started()
                self.bot_endings.append(await run_bot(session, level, random.Random()))
        finally:
            if session is not None:
                _remove_table_files(base, session.table.table_id)

    async def _resume_task(self, u: Unfinished) -> None:
        self.status, self.table_name, self.resuming = "joining", u.table_name, True
        self.seated, self.total = u.names, len(u.names)
        self._publish()
        async with resume_table(self.identity, u.table_id, base=self.base, lang=self.lang) as s:
            async with trio.open_nursery() as bots:
                for home, level in u.bot_seats:  # this host's bots come back too
                    bots.start_soon(self._resumed_bot, Path(home), u.table_id, level)
                await self._play(s)
                bots.cancel_scope.deadline = trio.current_time() + 30  # they end with the game

    async def _resumed_bot(self, base: Path, table_id: bytes, level: str) -> None:
        """A bot of this host that sat at the table, restarted from its files in
        ``base`` (its key, the table's log and secrets); its table files go when the
        game ends here."""
        me = await trio.to_thread.run_sync(load_identity, base)
        if me is None:
            return
        try:
            async with resume_table(me, table_id, base=base, lang=self.lang) as session:
                self.bot_endings.append(await run_bot(session, level, random.Random()))
        finally:
            _remove_table_files(base, table_id)

    async def _join_task(self, target: str) -> None:
        self.status = "joining"
        self._publish()
        address = parse_address(target)
        typo = net.bad_port(target)
        if typo is not None:  # (an address mistyped, not a table's name to look for)
            raise lobby_error(
                "{address}: the port {value!r} is not a number from 1 to 65535",
                "bad address",
                address=target,
                value=typo[1],
            )
        fingerprint = None
        if address is None:
            with trio.move_on_after(JOIN_WAIT):
                while address is None:
                    for t in self.tables:
                        if t.name == target or t.name.lower().startswith(target.lower()):
                            address, fingerprint = t.address, t.fingerprint
                            break
                    else:
                        await self.wait_change(self._rev)
            if address is None:
                raise lobby_error(
                    "no table called {target!r} was found", "not found", target=target
                )
        async with join_table(
            self.identity,
            address,
            expect_fingerprint=fingerprint,
            base=self.base,
            lang=self.lang,
            confirm=self._confirm,
        ) as lobby:
            self.table_name, self.address = lobby.table_name, address
            self._publish()
            session = await self._follow(lobby)
            await self._play(session)

    async def _follow(self, lobby: Any) -> Session:
        async with trio.open_nursery() as n:

            async def updates() -> None:
                async for u in lobby.updates:
                    self.seated, self.total = tuple(u.names), u.total
                    self.table_name = u.table_name or self.table_name  # (NAME-2 after a clash)
                    self._publish()

            n.start_soon(updates)
            session: Session = await lobby.started()
            n.cancel_scope.cancel()
        return session

    async def _play(self, session: Session) -> None:
        source = ControllerSource(session.controller, lobby=True)
        self.source = source
        self.status = "playing"
        self._publish()
        async with trio.open_nursery() as n:
            n.start_soon(source.run)
            while source.ending() is None:
                await source.wait_change(source.snapshot().rev)
            self.ending = source.ending()
            n.cancel_scope.cancel()
        self.status = "over"
        self._publish()
        await self.refresh_unfinished()
