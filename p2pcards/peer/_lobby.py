"""The lobby: hosting a table, joining one, and starting the game.

A host opens a mesh (admitting strangers), advertises the table on mDNS and answers
probes with the game, options and seats.  A joiner dials it (by name through mDNS or by
``host:port``), checks the host's fingerprint, and asks for a seat.  When every seat is
taken the host signs the genesis (protocol version, table id, game, options, every seat's
name and keys) and sends it with every member's address; each seat checks that the
genesis says what was advertised and that its own seat is right, accepts it (signing),
and the mesh becomes a full mesh.  After that the host has no special power.

Lobby messages are direct messages, each signed by its sender's identity
(:mod:`p2pcards.peer._signed`): ``join [name, sealing_key]`` (joiner; ``join [name,
sealing_key, "bot"]`` from a host's bot, which known players do not remember), ``lobby [seats,
total]`` (host: every seat's signed join statement, so each joiner checks every other
seat's name and keys), ``start [genesis, roster]``, ``refuse [reason, code]``.  Every key
received (a joiner's sealing key, every key of the genesis) is validated (canonical, not
of small order: :func:`p2pcards.mental_poker.check_ed25519_key` /
:func:`~p2pcards.mental_poker.check_x25519_key`), the error naming the peer.  The table
code (:func:`p2pcards.transcript.table_code`) is derived from the genesis.
"""

from __future__ import annotations

import inspect
import logging
import math
import os
import random
from collections.abc import AsyncIterator, Awaitable, Callable, Collection, Mapping, Sequence
from contextlib import asynccontextmanager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack
import trio

from p2pcards import net
from p2pcards._say import Msgid, say
from p2pcards.games import Game, game_info
from p2pcards.identity import Identity
from p2pcards.mental_poker import InvalidPublicKey, check_ed25519_key, check_x25519_key
from p2pcards.peer._addresses import joinable_addresses
from p2pcards.peer._known import KnownPlayers, PlayerCheck
from p2pcards.peer._session import Session
from p2pcards.peer._signed import (
    LobbyMessageError,
    open_message,
    pack_body,
    seal_message,
    sign_body,
    verify_body,
)
from p2pcards.peer._storage import TableStorage
from p2pcards.table import Table
from p2pcards.transcript import (
    Genesis,
    SeatInfo,
    TranscriptError,
    make_genesis,
    table_code,
    verify_genesis,
)
from p2pcards.transcript._genesis import MAX_NAME_LEN

log = logging.getLogger("p2pcards.peer")

Confirm = Callable[[PlayerCheck], "bool | Awaitable[bool]"]
"""A confirmation: given a :class:`~p2pcards.peer.PlayerCheck` (name, fingerprint, what
is known of the player), True to go on with this player; sync or async (a prompt, a
button on a web page)."""


async def _confirmed(confirm: Confirm | None, check: PlayerCheck) -> bool:
    if confirm is None:
        return False
    got = confirm(check)
    return bool(await got) if inspect.isawaitable(got) else bool(got)


class LobbyError(Exception):
    """Joining or hosting failed; the message says why in plain words (English).

    ``kind`` names the case for a front end to word it in its language ("" when it has
    no name), with ``params``: ``"unreachable"`` (``host``, ``port``, ``seconds``: nothing
    answered in time), ``"refused"`` (``host``, ``port``, ``seconds``: nothing listened
    there, tried that long), ``"not a table"`` (``host``, ``port``), ``"started"`` (``host``,
    ``port``: the game there has already started), ``"full"`` (``host``, ``port``,
    ``seats``), ``"not confirmed"`` (``name``, ``fingerprint``: nobody confirmed the
    host), ``"key changed"`` (``name``, ``fingerprint``, ``known_fingerprint``, ``role``
    "host" or "seat" with ``seat``: a known name with another key, not confirmed),
    ``"not admitted"`` (``host``, ``port``: the host said no), ``"name taken"`` (``host``,
    ``port``, ``name``: the host knows another key under our name).

    The rarer cases (an invalid genesis or seat statement, a host answering with another
    key, a refusal for another reason...) have no kind of their own but a ``msgid``: the
    English message as a catalog message id with ``str.format`` placeholders filled in
    from ``params`` (made by :func:`lobby_error`), so a front end words them too
    (:func:`p2pcards.ui.lobby_error_text`); ``msgid`` is '' for a message that is only
    English."""

    def __init__(self, message: str = "", *, kind: str = "", msgid: str = "", **params: Any):
        super().__init__(message)
        self.kind = kind
        self.msgid = msgid
        self.params = params


def lobby_error(msgid: str, kind: str = "", **params: Any) -> LobbyError:
    """A :class:`LobbyError` whose message is ``msgid`` (English, a catalog message id)
    formatted with ``params`` (a name in a param may hold braces: only ``msgid`` is a
    template)."""
    return LobbyError(msgid.format(**params), kind=kind, msgid=msgid, **params)


@dataclass(frozen=True)
class LobbyUpdate:
    """Seats taken so far (display names, the host first) of ``total``;
    ``fingerprints``: each seat's key fingerprint (``XXXX-XXXX-XXXX-XXXX``), in the same
    order, every one checked against that seat's own signed statement."""

    names: tuple[str, ...]
    total: int
    fingerprints: tuple[str, ...] = ()
    table_name: str = ""
    """(host) The name the table is announced under on mDNS, once it is ('' before,
    and when it is not announced)."""
    renamed_from: str = ""
    """(host) The name asked for, when another host had it and the table is announced
    under ``table_name`` instead ('' otherwise)."""


@dataclass
class _Member:
    peer_id: bytes
    name: str
    sealing: bytes
    address: net.Address | None = None
    statement: tuple[bytes, bytes] = (b"", b"")  # its signed join: (body, signature)
    bot: bool = False  # its join statement says it is a bot


def _valid_name(name: object) -> bool:
    return isinstance(name, str) and 0 < len(name) <= MAX_NAME_LEN and name.isprintable()


def _who(peer_id: bytes, name: str = "") -> str:
    fp = net.fingerprint(peer_id)
    return f"{name} [{fp}]" if name else f"[{fp}]"


class _Store:
    """The mesh's LogStore: empty in the lobby, the session's store once started."""

    def __init__(self) -> None:
        self.session: Session | None = None
        self.on_genesis: Callable[[bytes], None] | None = None

    @property
    def ahead(self) -> int:
        """How far beyond the next entry the mesh offers (the session's store's)."""
        return self.session.store.ahead if self.session else 0

    def head(self) -> int:
        return self.session.store.head() if self.session else -1

    def get(self, seq: int) -> bytes | None:
        return self.session.store.get(seq) if self.session else None

    def offer(self, seq: int, data: bytes) -> bool:
        if self.session is not None:
            return self.session.store.offer(seq, data)
        if seq == 0 and self.on_genesis is not None:
            # the host signed the genesis but its "start" never reached us (it crashed
            # and came back): the log gossip brings the genesis instead
            self.on_genesis(data)
        return False


@dataclass
class Lobby:
    """A table being formed (host or joiner side).  ``updates`` receives LobbyUpdate;
    :meth:`started` waits for the game to start and returns the running Session."""

    identity: Identity
    mesh: net.Mesh
    store: _Store
    nursery: trio.Nursery
    game_name: str = ""
    table_name: str = ""
    base: Path | None = None
    random_bytes: Callable[[int], bytes] = os.urandom
    lang: str = "en"
    host_key: bytes = b""
    updates: Any = None
    _updates_send: Any = None
    _started: trio.Event = field(default_factory=trio.Event)
    session: Session | None = None
    error: LobbyError | None = None
    """Why the table did not start for us (a joiner refused, the genesis refused...)."""
    table_code: str = ""
    """The table code (``"K7QX 3MAB Z2LD W4PE"``) once the genesis is known, else ''."""
    known: KnownPlayers | None = None
    """The known players; every seat of a table that starts is remembered there (but
    the bots)."""
    bots: set[bytes] = field(default_factory=set)
    """The identities of the seats whose signed join statement says they are bots."""

    def __post_init__(self) -> None:
        self._updates_send, self.updates = trio.open_memory_channel[LobbyUpdate](math.inf)

    @property
    def addresses(self) -> list[net.Address]:
        """Every address others can join this peer at, (ip, port) (IPv6 too): each
        non-loopback address of this machine's interfaces when listening on all of
        them, else the one listened on; loopback only when there is no other
        (:func:`~p2pcards.peer._addresses.joinable_addresses`)."""
        return joinable_addresses(self.mesh.listen_addresses or [self.mesh.address])

    @property
    def address(self) -> net.Address:
        """The first of :attr:`addresses`: host:port to give to joiners."""
        return self.addresses[0]

    async def started(self) -> Session:
        """Wait until every seat is taken and the game runs; raises LobbyError if the
        host refused us or went away."""
        await self._started.wait()
        if self.session is None:
            raise self.error or lobby_error("the table did not start")
        return self.session

    async def _start_session(self, genesis: bytes, members: Sequence[_Member]) -> None:
        entry, g = verify_genesis(genesis)
        self.table_code = table_code(entry.hash)
        ids = [s.identity for s in g.seats]
        me = ids.index(self.identity.peer_id)
        table = Table(
            genesis,
            seat=me,
            identity=self.identity.signing_key,
            sealing_key=bytes(self.identity.sealing_key),
            random_bytes=self.random_bytes,
        )
        storage = TableStorage(g.table, self.base)
        storage.persist(
            "roster",
            {
                "members": [[m.peer_id, *(m.address or ("", 0))] for m in members],
                "port": self.address[1],
                "bind": self.mesh.address[0] if self.mesh.address else "",
                "name": self.table_name,
            },
        )
        storage.append_entries([genesis])
        if self.known is not None:
            others = [(s.name, s.identity) for s in g.seats if s.identity != ids[me]]
            self.known.remember(
                [p for p in others if p[1] not in self.bots],
                [p for p in others if p[1] in self.bots],
            )
        session = Session(table, ids, storage)
        self.mesh.set_members({m.peer_id: m.address for m in members if m.peer_id != ids[me]})
        self.store.session = session
        await self.nursery.start(session.run, self.mesh)
        self.session = session
        self._started.set()


@asynccontextmanager
async def host_table(
    identity: Identity,
    game: Game[Any],
    *,
    table_name: str | None = None,
    bind: str | None = None,
    port: int = 0,
    interfaces: Sequence[str] | None = None,
    mdns: bool = True,
    base: Path | None = None,
    random_bytes: Callable[[int], bytes] = os.urandom,
    lang: str = "en",
    admit: Confirm | None = None,
    open_table: bool = False,
    known: KnownPlayers | None = None,
) -> AsyncIterator[Lobby]:
    """Host a table of ``game`` (seats and options fixed): listen, advertise, seat the
    joiners it admits, in the order they are admitted, then start.  Yields the
    :class:`Lobby`.

    ``table_name``: the name announced (default "NAME: GAME", the game's title in the
    host's ``lang``); ``bind``: address to listen on (None: all); ``interfaces``: mDNS
    interfaces (None: all; tests give ["127.0.0.1"]); ``mdns=False``: no advertising
    (join by address only).

    Admission (once the joiner's link is up and its signed request checked): a player
    remembered in ``known`` (default: the data directory's :class:`KnownPlayers`) with
    the same name and key is seated at once; with ``open_table=True`` so is a new player
    (a new name, or a known key under a new name); every other joiner, and always a
    known name with another key (``status == "changed"``), is seated only if ``admit``
    (sync or async, given the joiner's :class:`PlayerCheck`) returns True, else refused.
    Other joiners are served meanwhile.  ValueError when neither ``admit`` nor
    ``open_table`` is given (nobody could be seated).
    """
    if admit is None and not open_table:
        raise ValueError("host_table: give admit= (to confirm each joiner) or open_table=True")
    known = known if known is not None else KnownPlayers(base)
    table_id = random_bytes(16)
    store = _Store()
    cfg = net.MeshConfig(accept_unknown=True)
    name = table_name or default_table_name(identity.name, game.info.title, lang)
    async with (
        net.open_mesh(
            identity.signing_key, table_id, store, host=bind, port=port, config=cfg
        ) as mesh,
        trio.open_nursery() as nursery,
    ):
        lobby = Lobby(
            identity,
            mesh,
            store,
            nursery,
            game.name,
            name,
            base,
            random_bytes,
            lang,
        )
        lobby.host_key = identity.peer_id
        lobby.known = known
        own = pack_body(identity.name, identity.sealing_public)
        statement = (own, sign_body(identity.signing_key, table_id, "join", own))
        members = [
            _Member(identity.peer_id, identity.name, identity.sealing_public, None, statement)
        ]
        mesh.info = {
            "name": name,
            "game": game.name,
            "seats": game.seats,
            "taken": 1,
            "host": identity.name,
            "options": msgpack.packb(dict(game.options)),
        }

        def send(peer_id: bytes, kind: str, *items: Any) -> Any:
            return _send(mesh, peer_id, seal_message(identity.signing_key, table_id, kind, *items))

        advert_cm = (
            net.advertise(
                net.TableAd(
                    name=name,
                    table_id=table_id,
                    game=game.name,
                    seats_taken=1,
                    seats_total=game.seats,
                    host_name=identity.name,
                    host_key=identity.peer_id,
                    port=lobby.address[1],
                    fingerprint=identity.fingerprint,
                ),
                interfaces=interfaces,
            )
            if mdns
            else None
        )

        async def run_lobby() -> None:
            async with advert_cm if advert_cm is not None else nullcontext() as advert:
                if advert is not None:  # (renamed NAME-2 on a clash, now or a moment later)

                    def renamed(old: str, new: str) -> None:
                        lobby.table_name = new
                        mesh.info = {**mesh.info, "name": new}
                        lobby._updates_send.send_nowait(
                            LobbyUpdate(
                                tuple(m.name for m in members),
                                game.seats,
                                tuple(net.fingerprint(m.peer_id) for m in members),
                                new,
                                advert.requested if new != advert.requested else "",
                            )
                        )

                    advert.on_rename = renamed
                    renamed("", advert.name)
                else:
                    lobby._updates_send.send_nowait(
                        LobbyUpdate((identity.name,), game.seats, (identity.fingerprint,))
                    )
                addresses: dict[bytes, net.Address | None] = {}
                pending: dict[bytes, _Member] = {}  # asked, not yet confirmed
                full = trio.Event()

                async def seat(m: _Member) -> None:
                    if full.is_set() or len(members) >= game.seats:
                        await send(m.peer_id, "refuse", "the table is full", "full")
                        return
                    members.append(m)
                    if m.bot:
                        lobby.bots.add(m.peer_id)
                    await _announce(mesh, members, game.seats, lobby, advert, send)
                    if len(members) == game.seats:
                        full.set()

                async def decide(m: _Member, check: PlayerCheck) -> None:
                    ok = await _confirmed(admit, check)
                    if pending.pop(m.peer_id, None) is None:
                        return  # gone meanwhile
                    if ok:
                        await seat(m)
                        return
                    said = say(
                        "not let in: {name} [{fingerprint}]",
                        name=m.name,
                        fingerprint=net.fingerprint(m.peer_id),
                    )
                    log.warning(
                        "lobby: not admitted: %s (%s)",
                        _who(m.peer_id, m.name),
                        check.status,
                        extra=said,
                    )
                    if check.status == "changed":
                        reason = f"the host knows another key under the name {m.name}"
                        await send(m.peer_id, "refuse", reason, "name taken")
                    else:
                        await send(
                            m.peer_id, "refuse", "the host did not let you in", "not admitted"
                        )

                async def on_join(ev: net.DirectReceived, inner: trio.Nursery) -> None:
                    try:
                        kind, body = open_message(ev.data, ev.peer_id, table_id)
                    except LobbyMessageError as e:
                        said = say(
                            "a malformed lobby message from [{fingerprint}] was ignored",
                            fingerprint=net.fingerprint(ev.peer_id),
                        )
                        log.warning(
                            "lobby: %s sent an invalid message: %s", _who(ev.peer_id), e, extra=said
                        )
                        return
                    if kind != "join" or ev.peer_id in pending:
                        return
                    if any(m.peer_id == ev.peer_id for m in members):
                        return
                    problem, detail = _check_join(body, ev.peer_id, members)
                    if problem:
                        said = say(
                            "refused a join request from [{fingerprint}]: {why}",
                            fingerprint=net.fingerprint(ev.peer_id),
                            why=Msgid(problem),
                        )
                        log.warning("lobby: refused %s: %s", _who(ev.peer_id), detail, extra=said)
                        await send(ev.peer_id, "refuse", problem, "invalid")
                        return
                    if len(members) >= game.seats:
                        await send(ev.peer_id, "refuse", "the table is full", "full")
                        return
                    who, sealing = body[:2]
                    m = _Member(
                        ev.peer_id,
                        who,
                        sealing,
                        addresses.get(ev.peer_id),
                        (pack_body(*body), _join_sig(ev.data)),
                        bot=len(body) == 3,
                    )
                    check = known.check(who, ev.peer_id, "joiner", bot=m.bot)
                    if check.status == "known" or (open_table and check.status != "changed"):
                        await seat(m)
                        return
                    pending[ev.peer_id] = m
                    inner.start_soon(decide, m, check)

                async def events(inner: trio.Nursery) -> None:
                    async for ev in mesh.events:
                        if isinstance(ev, net.PeerConnected):
                            addresses[ev.peer_id] = ev.address
                        elif isinstance(ev, net.PeerDisconnected):
                            pending.pop(ev.peer_id, None)
                            gone = [m for m in members[1:] if m.peer_id == ev.peer_id]
                            for m in gone:
                                members.remove(m)
                            if gone:
                                await _announce(mesh, members, game.seats, lobby, advert, send)
                        elif isinstance(ev, net.DirectReceived):
                            await on_join(ev, inner)

                async with trio.open_nursery() as inner:
                    inner.start_soon(events, inner)
                    await full.wait()
                    inner.cancel_scope.cancel()
                for pid in pending:
                    await send(pid, "refuse", "the table is full", "full")
                mesh.info = {**mesh.info, "started": 1}  # a late prober hears it
                genesis = make_genesis(
                    identity.signing_key,
                    Genesis(
                        table_id,
                        game.name,
                        dict(game.options),
                        tuple(SeatInfo(m.name, m.peer_id, m.sealing) for m in members),
                    ),
                ).raw
                roster = [[m.peer_id, *(m.address or ("", 0))] for m in members]
                roster[0][1:] = list(lobby.address)
                for m in members[1:]:
                    await send(m.peer_id, "start", genesis, roster)
            await lobby._start_session(genesis, members)

        nursery.start_soon(run_lobby)
        try:
            yield lobby
        finally:
            nursery.cancel_scope.cancel()


def default_table_name(player: str, title: Mapping[str, str], lang: str) -> str:
    """A table's name when the host gives none: the host's name and the game's title in
    the host's language ``lang`` ("Аня: Сто одно"; English when the title lacks it)."""
    return f"{player}: {title.get(lang, title['en'])}"


async def _send(mesh: net.Mesh, peer_id: bytes, data: bytes) -> None:
    try:
        await mesh.send_direct(peer_id, data)
    except net.NetError:
        pass


def _join_sig(data: bytes) -> bytes:
    """The signature of a lobby message already verified by :func:`open_message`."""
    sig: bytes = msgpack.unpackb(data, raw=False)[2]
    return sig


def N_(msgid: str) -> str:
    """Marks ``msgid`` for the catalog (``scripts/texts update``); returns it unchanged."""
    return msgid


REFUSALS = (
    N_("the join request is malformed"),
    N_("the name is empty, too long or not printable"),
    N_("the sealing key is not a valid key"),
    N_("the sealing key is another seat's"),
)
"""Why a host refuses a join request (``refuse [reason, "invalid"]``): message ids, so
the joiner words them in its own language (:func:`p2pcards.ui.lobby_error_text`); the
detail (which check failed) stays in the host's log."""


def _check_join(body: list[Any], peer_id: bytes, members: Sequence[_Member]) -> tuple[str, str]:
    """``("", "")`` if a join body ``[name, sealing_key]`` is acceptable, else the reason
    sent to the joiner (one of :data:`REFUSALS`) and the detail logged naming it."""
    if len(body) not in (2, 3) or (len(body) == 3 and body[2] != "bot"):
        return REFUSALS[0], f"a join body of {len(body)} items"
    name, sealing = body[:2]
    if not _valid_name(name):
        return REFUSALS[1], f"a name must be 1..{MAX_NAME_LEN} printable characters"
    try:
        check_x25519_key(sealing, seat=None)
    except InvalidPublicKey as e:
        return REFUSALS[2], f"invalid sealing key: {e.message}"
    if any(m.sealing == sealing for m in members):
        return REFUSALS[3], "its sealing key is another seat's"
    return "", ""


async def _announce(
    mesh: net.Mesh,
    members: list[_Member],
    total: int,
    lobby: Lobby,
    advert: Any,
    send: Callable[..., Any],
) -> None:
    names = tuple(m.name for m in members)
    mesh.info = {**mesh.info, "taken": len(members)}
    fps = tuple(net.fingerprint(m.peer_id) for m in members)
    named = advert.name if advert is not None else ""
    lobby._updates_send.send_nowait(LobbyUpdate(names, total, fps, named))
    seats = [[m.peer_id, *m.statement] for m in members]
    for m in members[1:]:
        await send(m.peer_id, "lobby", seats, total)
    if advert is not None:
        await advert.update(seats_taken=len(members))


async def probe_table(
    address: net.Address,
    timeout: float = 5.0,
    starting: float = 30.0,
    on_refused: Callable[[float], None] | None = None,
) -> dict[str, Any]:
    """What the peer at ``address`` hosts: its INFO map (table_id, fp, name, game,
    seats, taken, host, options; ``started`` once the game began).  Gives up once
    ``timeout`` seconds went by with nothing answering (a silent or unreachable
    address); a refused connection (nothing listens there yet: a host still starting,
    e.g. on a loaded machine) is tried again every 0.5 s for up to ``starting`` seconds.
    Raises LobbyError in plain words, with its ``kind``: "unreachable" (nothing
    answered), "not a table".  ``on_refused(starting)`` is called once, at the first
    refusal, so that a front end can say it keeps trying (a port mistyped otherwise
    looks like a hang for ``starting`` seconds)."""
    host, port = address[0], address[1]
    where: dict[str, Any] = {"host": host, "port": port}
    info: dict[str, Any] | None = None
    why = ""
    refused = False
    silent = 0.0  # seconds spent on attempts that got no answer at all
    with trio.move_on_after(max(timeout, starting)):
        while info is None and silent < timeout:
            t0 = trio.current_time()
            try:
                info = await net.probe(address, timeout=timeout - silent)
            except net.ConnectionRefused as e:
                if not refused and on_refused is not None:
                    on_refused(starting)
                why, refused = f" ({e})", True
                await trio.sleep(0.5)
            except net.NetError as e:
                why, refused = f" ({e})", False
                silent += trio.current_time() - t0
                if silent < timeout:
                    await trio.sleep(min(0.5, timeout - silent))
                    silent += min(0.5, timeout - silent)
    if info is None and refused:
        raise LobbyError(
            f"nothing listens at {host}:{port} (tried for {starting:g} s)",
            kind="refused",
            seconds=starting,
            **where,
        )
    if info is None:
        raise LobbyError(
            f"no table answers at {host}:{port} within {timeout:g} s{why}",
            kind="unreachable",
            seconds=timeout,
            **where,
        )
    if "game" not in info:
        raise LobbyError(
            f"{host}:{port} is a p2pcards peer but not hosting a table", kind="not a table", **where
        )
    return info


JOIN_ATTEMPTS = 3
"""Handshakes a joiner tries with a host that answered its probe, when one is cut off
for a transport reason (:class:`net.HandshakeInterrupted`, or no answer within the
timeout): a loaded laptop can take longer than the handshake timeout once."""


async def _connect_host(
    mesh: net.Mesh, address: net.Address, expect_key: bytes | None, timeout: float
) -> bytes:
    """Authenticate the host at ``address`` (``timeout`` seconds an attempt, up to
    :data:`JOIN_ATTEMPTS` attempts while the failure is a transport one); its key.
    Raises LobbyError (a refusal, a wrong key, or every attempt cut off)."""
    why = ""
    for attempt in range(JOIN_ATTEMPTS):
        if attempt:
            log.info("handshake with %s:%s cut off (%s); trying again", *address, why)
            await trio.sleep(0.5 * attempt)
        try:
            with trio.fail_after(timeout):
                return await mesh.connect(address, expected_id=expect_key)
        except (net.HandshakeInterrupted, net.ConnectionRefused) as e:
            why = str(e)
        except trio.TooSlowError:
            why = f"no answer within {timeout:g} s"
        except net.NetError as e:
            why = str(e)
            break
    log.info("lobby: cannot connect to %s:%s: %s", *address, why)
    raise lobby_error(
        "cannot connect to the host at {host}:{port} ({reason}): is the host still "
        "running? Try again",
        host=address[0],
        port=address[1],
        reason=why,
    )


@asynccontextmanager
async def join_table(
    identity: Identity,
    address: net.Address,
    *,
    expect_key: bytes | None = None,
    expect_fingerprint: str | None = None,
    bind: str | None = None,
    base: Path | None = None,
    random_bytes: Callable[[int], bytes] = os.urandom,
    lang: str = "en",
    timeout: float = 5.0,
    confirm: Confirm | None = None,
    yes: bool = False,
    known: KnownPlayers | None = None,
    starting: float = 30.0,
    bot: bool = False,
    on_refused: Callable[[float], None] | None = None,
) -> AsyncIterator[Lobby]:
    """Join the table hosted at ``address`` (from mDNS or typed as host:port);
    ``timeout``: seconds for the host to answer (the probe, then the handshake);
    ``starting``: seconds a refused connection is tried again (:func:`probe_table`;
    ``on_refused`` is called at the first refusal).

    Checks the host's key (learned and proven in the handshake) against ``expect_key``
    or ``expect_fingerprint`` when given (the fingerprint shown by ``p2pcards list``), and
    always against the fingerprint the host answered to the probe.

    Then, before asking for a seat, the host is confirmed: at once when ``known``
    (default: the data directory's :class:`KnownPlayers`) remembers its name with this
    key or the caller gave its key (``expect_key``); with ``yes=True`` also when it is
    new; otherwise (and always for a known name with another key, ``status ==
    "changed"``) only if ``confirm`` (sync or async, given the host's
    :class:`PlayerCheck`) returns True.  Once the genesis arrives, every other seat
    whose known name comes with another key is also put to ``confirm`` (``role ==
    "seat"``), refused without it.  A seat whose signed join statement says it is a bot
    (``bot=True`` here: a host's in-process bot says so) is not remembered, and its
    name is no warning (:meth:`KnownPlayers.check`): every host has its «Бот 1».

    Yields the :class:`Lobby`; ``await lobby.started()`` gives the running Session.
    Raises LobbyError in plain words (no table there, the game started, the table full,
    the host not confirmed, refused, the genesis does not match what was advertised, a
    host key other than the advertised fingerprint); see :class:`LobbyError` for its
    ``kind``.
    """
    known = known if known is not None else KnownPlayers(base)
    info = await probe_table(address, timeout, starting, on_refused)  # (retried)
    where: dict[str, Any] = {"host": address[0], "port": address[1]}
    if info.get("started"):
        raise LobbyError(
            f"the game at {address[0]}:{address[1]} has already started", kind="started", **where
        )
    if int(info.get("taken", 0)) >= int(info.get("seats", 0)) > 0:
        raise LobbyError(
            f"the table at {address[0]}:{address[1]} is full", kind="full", seats=info["seats"],
            **where,
        )  # fmt: skip
    if expect_fingerprint is not None and info["fp"] != expect_fingerprint:
        raise _not_advertised(**where)
    try:
        options = msgpack.unpackb(info.get("options", b"\x80"), raw=False)
        game = game_info(str(info["game"])).configure(int(info["seats"]), **options)
    except Exception as e:
        log.info("lobby: %s:%s advertises a game we cannot play: %s", *address, e)
        raise lobby_error(
            "the host at {host}:{port} offers a game or options this version cannot play "
            "({game}): is one of you running an older p2pcards?",
            game=str(info.get("game", "?")),
            **where,
        ) from None
    store = _Store()
    async with (
        net.open_mesh(
            identity.signing_key,
            info["table_id"],
            store,
            host=bind,
            port=0,
            rng=random.SystemRandom(),
        ) as mesh,
        trio.open_nursery() as nursery,
    ):
        lobby = Lobby(
            identity,
            mesh,
            store,
            nursery,
            game.name,
            str(info.get("name", "")),
            base,
            random_bytes,
            lang,
        )
        host_key = await _connect_host(mesh, address, expect_key, timeout)
        fp = net.fingerprint(host_key)
        if fp != info["fp"] or (expect_fingerprint is not None and fp != expect_fingerprint):
            raise _not_advertised(**where)
        lobby.host_key = host_key
        lobby.known = known
        host_name = str(info.get("host", ""))
        check = known.check(host_name, host_key, "host")
        if not (
            check.status == "known"
            or host_key == expect_key
            or (yes and check.status != "changed")
            or await _confirmed(confirm, check)
        ):
            raise _not_confirmed(check)
        table_id = info["table_id"]
        flag = ("bot",) if bot else ()
        await mesh.send_direct(
            host_key,
            seal_message(
                identity.signing_key,
                table_id,
                "join",
                identity.name,
                identity.sealing_public,
                *flag,
            ),
        )
        statements: dict[bytes, tuple[str, bytes]] = {}
        seen: set[bytes] = set()  # the other joiners the host's seat list names
        host = _who(host_key, str(info.get("host", "")))

        def fail(error: LobbyError) -> None:
            lobby.error = error
            lobby._started.set()

        async def run_lobby() -> None:
            async for ev in mesh.events:
                if not isinstance(ev, net.DirectReceived) or ev.peer_id != host_key:
                    continue
                try:
                    kind, body = open_message(ev.data, host_key, table_id)
                except LobbyMessageError as e:
                    log.info("lobby: the host %s sent an invalid message: %s", host, e)
                    return fail(
                        lobby_error(
                            "the host {name} sent a message that is not valid (not signed by "
                            "it, or malformed): not joined",
                            name=host,
                        )
                    )
                if kind == "lobby":
                    try:
                        seats = _read_statements(body, table_id)
                    except LobbyMessageError as e:
                        log.info("lobby: the host %s sent an invalid seat list: %s", host, e)
                        return fail(
                            lobby_error(
                                "the host {name} sent a list of seats that is not valid (a "
                                "seat's statement not signed by that seat, or a bad key): "
                                "not joined",
                                name=host,
                            )
                        )
                    statements.update({pid: (n, k) for pid, n, k, _b in seats})
                    lobby.bots = {pid for pid, _n, _k, b in seats if b}
                    # the other seats may dial us as soon as they have the start, maybe
                    # before we have it, or while we confirm a seat: they are members
                    # from now on (no address yet: only the start's roster dials them);
                    # before, each of their dials was refused ("not a member of this
                    # table") and retried, every attempt a warning in both terminals
                    seated = {pid for pid, _n, _k, _b in seats} - {host_key, identity.peer_id}
                    for pid in seated - seen:
                        mesh.add_peer(pid)
                    for pid in seen - seated:  # (it left before the start)
                        mesh.remove_peer(pid)
                    seen.clear()
                    seen.update(seated)
                    lobby._updates_send.send_nowait(
                        LobbyUpdate(
                            tuple(n for _p, n, _k, _b in seats),
                            int(body[1]),
                            tuple(net.fingerprint(pid) for pid, _n, _k, _b in seats),
                        )
                    )
                elif kind == "refuse":
                    reason = body[0] if body and isinstance(body[0], str) else ""
                    code = body[1] if len(body) > 1 and isinstance(body[1], str) else ""
                    params: dict[str, Any] = {"host": address[0], "port": address[1]}
                    if code == "full":
                        params["seats"] = game.seats
                    elif code == "name taken":
                        params["name"] = identity.name
                    elif code != "not admitted":
                        log.info("lobby: the host %s refused: %s", host, reason)
                        return fail(
                            lobby_error(
                                "the host refused to seat you ({reason})", reason=reason, **params
                            )
                        )
                    return fail(LobbyError(f"the host refused: {reason}", kind=code, **params))
                elif kind == "start":
                    raw = body[0] if len(body) == 2 else None
                    problem = _check_genesis(raw, identity, host_key, game, statements, host)
                    if problem is None:
                        assert isinstance(raw, bytes)
                        if store.on_genesis is None:  # the log gossip brought it first
                            # (an entry is taken as it arrives, a direct message when
                            # this task gets to it): its seats had no addresses, so
                            # two joiners that both started so never dialled each other
                            members = _read_roster(body[1] if len(body) == 2 else None)
                            mesh.set_members({m.peer_id: m.address for m in members if m.address})
                            return
                        store.on_genesis = None  # (its seats confirmed once, here)
                        problem = await _confirm_seats(
                            raw, host_name, known, confirm, identity.peer_id, host, lobby.bots
                        )
                    if problem is not None:
                        log.info("lobby: the host %s: %s", host, problem)
                        return fail(problem)
                    assert isinstance(raw, bytes)
                    members = _read_roster(body[1])
                    for m in members:
                        if m.peer_id == host_key:
                            m.address = address  # the address we reached the host at
                    if not lobby._started.is_set():
                        await lobby._start_session(raw, members)
                    return

        def on_genesis(raw: bytes) -> None:
            if lobby._started.is_set():
                return
            if _check_genesis(raw, identity, host_key, game, statements, host) is not None:
                return
            store.on_genesis = None
            _e, g = verify_genesis(raw)
            members = [_Member(s.identity, s.name, s.sealing, None) for s in g.seats]
            members[0].address = address

            async def start() -> None:
                bad = await _confirm_seats(
                    raw, host_name, known, confirm, identity.peer_id, host, lobby.bots
                )
                if bad is not None:
                    return fail(bad)
                await lobby._start_session(raw, members)

            nursery.start_soon(start)

        store.on_genesis = on_genesis
        nursery.start_soon(run_lobby)
        try:
            yield lobby
        finally:
            nursery.cancel_scope.cancel()


def _not_advertised(**where: Any) -> LobbyError:
    """The host answering at ``host:port`` is not the one mDNS or the probe named."""
    return lobby_error(
        "the host at {host}:{port} has another key than the one it advertised: someone "
        "else answers there; not joined",
        **where,
    )


def _not_confirmed(check: PlayerCheck) -> LobbyError:
    """Why a join stopped at an unconfirmed host: kind "key changed" (``name``,
    ``fingerprint``, ``known_fingerprint``, ``role``) or "not confirmed" (``name``,
    ``fingerprint``)."""
    params = {"name": check.name, "fingerprint": check.fingerprint}
    if check.status == "changed":
        return LobbyError(
            f"WARNING: the host says it is {check.name} [{check.fingerprint}], but the "
            f"{check.name} you played with before had the key [{check.known_fingerprint}]: "
            "another computer, or someone pretending to be them; not joined (confirm it "
            f"explicitly, or forget the old key with: p2pcards players forget {check.name!r})",
            kind="key changed",
            known_fingerprint=check.known_fingerprint,
            role="host",
            **params,
        )
    return LobbyError(
        f"the host {check.name} [{check.fingerprint}] was not confirmed: not joined "
        "(compare the fingerprint with the host's and confirm, or pass --yes)",
        kind="not confirmed",
        **params,
    )


async def _confirm_seats(
    raw: bytes,
    host_name: str,
    known: KnownPlayers,
    confirm: Confirm | None,
    me: bytes,
    host: str = "",
    bots: Collection[bytes] = (),
) -> LobbyError | None:
    """None if every seat of the genesis ``raw`` may be sat with: seat 0 under the host
    name we confirmed, and every known name with its known key or confirmed anyway (a
    bot's, one of ``bots``, only when remembered for a person: :meth:`KnownPlayers.check`);
    else the LobbyError (kind "key changed" with ``role="seat"`` and ``seat``)."""
    _entry, g = verify_genesis(raw)
    if g.seats[0].name != host_name:
        return lobby_error(
            "the host {host} started a table that names its host {name}, not {host_name}: "
            "not joined",
            host=host,
            name=g.seats[0].name,
            host_name=host_name,
        )
    for i, s in enumerate(g.seats[1:], 1):
        if s.identity == me:
            continue
        check = known.check(s.name, s.identity, "seat", bot=s.identity in bots)
        if check.status == "changed" and not await _confirmed(confirm, check):
            return LobbyError(
                f"WARNING: seat {i} says it is {s.name} [{check.fingerprint}], but the "
                f"{s.name} you played with before had the key [{check.known_fingerprint}]: "
                "not joined",
                kind="key changed",
                name=s.name,
                fingerprint=check.fingerprint,
                known_fingerprint=check.known_fingerprint,
                role="seat",
                seat=i,
            )
    return None


def _read_statements(body: list[Any], table_id: bytes) -> list[tuple[bytes, str, bytes, bool]]:
    """The seats of a ``lobby`` body ``[[[identity, join_body, join_sig], …], total]`` as
    (identity, name, sealing key, whether it says it is a bot), each statement checked:
    signed by that identity for this table, a valid key, a valid name.  Raises
    :class:`LobbyMessageError`."""
    if len(body) != 2 or not isinstance(body[0], list) or not isinstance(body[1], int):
        raise LobbyMessageError("malformed seat list")
    out = []
    for i, item in enumerate(body[0]):
        if not (isinstance(item, list) and len(item) == 3 and isinstance(item[0], bytes)):
            raise LobbyMessageError(f"seat {i}: malformed statement")
        pid = item[0]
        problem = net.check_peer_id(pid)
        if problem:
            raise LobbyMessageError(f"seat {i}: invalid identity key: {problem}")
        try:
            stated = verify_body(pid, table_id, "join", item[1], item[2])
        except LobbyMessageError as e:
            raise LobbyMessageError(f"seat {i} {_who(pid)}: {e}") from None
        bot = len(stated) == 3 and stated[2] == "bot"
        if len(stated) != 2 + bot or not _valid_name(stated[0]):
            raise LobbyMessageError(f"seat {i} {_who(pid)}: malformed statement")
        try:
            check_x25519_key(stated[1], seat=i)
        except InvalidPublicKey as e:
            raise LobbyMessageError(f"seat {i} {_who(pid, stated[0])}: {e.message}") from None
        out.append((pid, stated[0], stated[1], bot))
    return out


def _read_roster(roster: object) -> list[_Member]:
    """The members of a ``start`` roster ``[[identity, host, port], …]`` (malformed
    items are left out: addresses are only hints, the genesis fixes the seats)."""
    members = []
    for r in roster if isinstance(roster, list) else []:
        if not (isinstance(r, list) and len(r) == 3 and isinstance(r[0], bytes)):
            continue
        host, port = r[1], r[2]
        ok = isinstance(host, str) and host and isinstance(port, int) and 0 < port < 65536
        members.append(_Member(r[0], "", b"", (host, port) if ok else None))
    return members


def _check_genesis(
    raw: object,
    identity: Identity,
    host_key: bytes,
    game: Game[Any],
    statements: dict[bytes, tuple[str, bytes]] | None = None,
    host: str = "",
) -> LobbyError | None:
    """None if the genesis is what we agreed to sit at, else why not (``host``: the
    host's name and fingerprint, for the message): signed by the host we joined, the
    advertised game and options, every seat's identity and sealing key valid (canonical,
    not of small order), our own seat with our name and keys, and every seat as its own
    signed statement in the lobby said (``statements``: identity -> (name, sealing
    key)).  Seats are counted from 1 in the messages."""
    if not isinstance(raw, bytes):
        return lobby_error("the host {host} sent a malformed genesis: not joined", host=host)
    try:
        _entry, g = verify_genesis(raw)
    except TranscriptError as e:
        log.info("lobby: the host %s sent an invalid genesis: %s", host, e)
        return lobby_error(
            "the host {host} sent a genesis that is not valid (not signed, or malformed): "
            "not joined",
            host=host,
        )
    if g.seats[0].identity != host_key:
        return lobby_error(
            "the genesis the host {host} sent is not signed by it: not joined", host=host
        )
    if g.game != game.name or dict(g.options) != dict(game.options) or len(g.seats) != game.seats:
        return lobby_error(
            "the genesis the host {host} sent names another game or other options than it "
            "advertised: not joined",
            host=host,
        )
    for i, s in enumerate(g.seats):
        try:
            check_ed25519_key(s.identity, seat=i)
            check_x25519_key(s.sealing, seat=i)
        except InvalidPublicKey as e:
            log.info("lobby: the host %s: seat %d (%s) has a bad key: %s", host, i, s.name, e)
            return lobby_error(
                "the genesis the host {host} sent gives seat {seat} ({name}) a key that is "
                "not valid: not joined",
                host=host,
                seat=i + 1,
                name=s.name,
            )
    mine = [s for s in g.seats if s.identity == identity.peer_id]
    if len(mine) != 1 or mine[0].sealing != identity.sealing_public:
        return lobby_error(
            "the genesis the host {host} sent does not seat you with your own keys: not joined",
            host=host,
        )
    if mine[0].name != identity.name:
        return lobby_error(
            "the genesis the host {host} sent does not give your name: not joined", host=host
        )
    for i, s in enumerate(g.seats):
        said = (statements or {}).get(s.identity)
        if said is not None and said != (s.name, s.sealing):
            return lobby_error(
                "the genesis the host {host} sent gives seat {seat} another name or key than "
                "that seat stated ({name}): not joined",
                host=host,
                seat=i + 1,
                name=s.name,
            )
    return None
