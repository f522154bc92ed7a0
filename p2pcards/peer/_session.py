"""A seated table running over the network: the Table state machine fed by a Mesh.

Entries reach the table two ways: directly from their author (every Broadcast output is
sent to every other seat, in order with the seat's other messages, such as its leave),
and through the mesh's log gossip, which replicates the entries the table has appended
(so a seat that missed a direct send, or reconnects, catches up from any peer).  The
gossip never sends an entry back to its author, who holds it (``Mesh.holds``); it may
send a peer an entry that peer also got directly (the table drops the copy).  Secrets are
written (fsync) before anything that depends on them is sent; every appended entry goes
to the table's log file, and every entry the table rejected as a cheat goes there too, as
an EVIDENCE record after the log (so the audit of this seat's log names the cheat), and
so does every other seat's verified leave (so the audit knows which seats a vote could
not wait for).  A table's ``Fetch`` (an entry was dropped as built on another version of
the entries before it) is asked of that entry's author alone, as a direct ``["fetch",
first, last]``, and such a request from a peer is answered with the log's entries
(``protocol/table.md`` §3 "Forks", rule 3).
"""

from __future__ import annotations

import logging
import math
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import msgpack
import trio

from p2pcards import net
from p2pcards._say import say
from p2pcards.files import StorageError
from p2pcards.games import STALL_LIMIT, Move
from p2pcards.peer._controller import SeatController
from p2pcards.peer._events import (
    Misbehaviour,
    PeerBack,
    PeerLost,
    SessionEvent,
    StorageFailed,
)
from p2pcards.peer._storage import TableStorage
from p2pcards.peer._trace import Trace
from p2pcards.table import (
    Appended,
    Broadcast,
    CheatDetected,
    Evidence,
    Fetch,
    GameOver,
    HandAbandoned,
    Output,
    Persist,
    Rejected,
    SeatLeft,
    Table,
    Waiting,
)
from p2pcards.transcript import table_code

log = logging.getLogger("p2pcards.peer")

FETCH = "fetch"
"""A session message ``["fetch", first, last]`` (msgpack): send me your log entries
``first``..``last`` (``protocol/table.md`` §3 "Forks", rule 3; ``docs/api.md``)."""
MAX_FETCH = 8
"""Most entries one fetch asks for (a round has at most 8 contributions)."""
MAX_FETCHES_ANSWERED = 1024
"""Most distinct fetches a session answers (each once): a peer cannot make it resend
the log over and over."""


def is_lobby_message(data: bytes) -> bool:
    """Whether ``data`` is shaped as a lobby message, a msgpack array whose first item is
    a string (its kind), rather than an entry frame, an array of two byte strings."""
    if len(data) < 2 or not 0x91 <= data[0] <= 0x9F:
        return False
    return 0xA0 <= data[1] <= 0xBF or data[1] in (0xD9, 0xDA, 0xDB)


class TableStore:
    """What the mesh gossips from (``net.LogStore``): the table's log, the one copy of the
    game (``head``/``get`` read it, up to what the log file holds). An entry a peer offers
    is only queued (no verification here): the session feeds the queue to the table from its
    own task, so the mesh is never called back from inside its own message handler; the log
    file and the gossip follow what the table appends."""

    ahead = 256
    """Entries beyond the next one the mesh still offers: a round's contributions are
    appended together, so a peer sends several before the first one fits our log."""

    def __init__(self, table: Table, storage: TableStorage, limit: int = 4096) -> None:
        self.table = table
        self.storage = storage
        self._queue, self.queued = trio.open_memory_channel[bytes](limit)

    def head(self) -> int:
        """Highest sequence number in the table's log that is also in the log file (an
        entry is gossiped once written: after a failed write, nothing more)."""
        return min(len(self.table.log), self.storage.log_length) - 1

    def get(self, seq: int) -> bytes | None:
        """The signed bytes of log entry ``seq``, or None."""
        return self.table.log[seq].raw if 0 <= seq <= self.head() else None

    def offer(self, seq: int, data: bytes) -> bool:
        """Queue a peer's entry ``seq`` for the table; False when it is already held or
        the queue is full (the mesh sends it again later)."""
        if seq <= self.head():
            return False
        try:
            self._queue.send_nowait(data)
        except trio.WouldBlock:
            return False
        return True


DEPART_SECONDS = 10.0
"""How long at most a seat that leaves lingers (:meth:`Session.depart`): its leave handed
to the peers, then, when they vote at once (the table waits for this seat, or it has two
seats), their votes to end the hand without it; a fraction of a second on a LAN."""
VOTES_SLOW = 2.0
"""After this many seconds without the others' votes a leaving seat says it waits."""


@dataclass(frozen=True)
class Departure:
    """What this seat's leave did (:meth:`Session.depart`).  ``what``:

    - ``"ended"``: the others ended the hand without this seat and it saw their votes
      (``abandoned``: with two seats no result, with three or more it forfeits; either
      way the game is over and the table is marked done);
    - ``"told"``: the leave reached the others, but their votes did not come in time
      (they end the hand without this seat when they can; the table is marked left: it
      is over for this seat);
    - ``"unheard"``: nobody was connected, so nobody knows: the table waits for this
      seat, and the same command brings it back;
    - ``"idle"``: no game was running (not started yet); ``"over"``: the game had ended.
    """

    what: Literal["ended", "told", "unheard", "idle", "over"]
    abandoned: HandAbandoned | None = None


class Session:
    """One seat at one table over a mesh.

    ``table``: the state machine; ``names``: seat display names; ``peer_ids``: seat ->
    32-byte identity key; ``storage``: the table's files; ``mesh``: set by :meth:`run`.
    Front ends drive the seat through :attr:`controller` (a
    :class:`~p2pcards.peer.SeatController`: snapshot, subscribe, play, leave).
    """

    def __init__(
        self,
        table: Table,
        peer_ids: Sequence[bytes],
        storage: TableStorage,
    ) -> None:
        self.table = table
        self.names = [s.name for s in table.genesis.seats]
        self.table_code = table_code(table.log[0].hash)
        """The table code every player reads aloud (:func:`p2pcards.transcript.table_code`)."""
        self.peer_ids = list(peer_ids)
        self.storage = storage
        self.store = TableStore(table, storage)
        self.mesh: net.Mesh | None = None
        self._send_q, self._send_r = trio.open_memory_channel[bytes](math.inf)
        self._direct_q, self._direct_r = trio.open_memory_channel[tuple[bytes, bytes]](math.inf)
        self._answered: set[tuple[bytes, int, int]] = set()  # fetches answered (once each)
        self.done = trio.Event()
        self.seat = table.me
        self.stall_limit = float(table.game.options.get("stall_limit", STALL_LIMIT))
        """Seconds to wait for a seat before voting to end the hand without it: the
        table's ``stall_limit`` option (in the genesis, so every seat has the same)."""
        self._backlog: dict[bytes, list[bytes]] = {}
        self._lost: set[int] = set()  # seats whose link dropped (PeerBack.again)
        self._up: set[int] = set()  # seats whose link is up, as last reported
        self.waiting_since: float | None = None
        self.waiting_for: tuple[int, ...] = ()
        self.trace = Trace.from_env()  # off unless P2PCARDS_TRACE is set
        self.failed: StorageError | None = None
        self._failed = trio.Event()
        self._scope: trio.CancelScope | None = None
        self._nursery: trio.Nursery | None = None
        self._stopped = False
        self.vote_on_leave = True
        """Vote out a seat that signed its leave as soon as the table allows it
        (:meth:`~p2pcards.table.Table.votable_departed`, ``protocol/table.md`` §3 rules
        1-2): at two seats at once, whoever's turn it is; at three or more also on
        another seat's turn, as soon as the table waits for this seat's own entry or
        holds another seat's vote against the leaver signed at its head (it joins that
        vote), so the hand ends at once, not at the leaver's turn (False: a front end
        decides, through ``controller.vote_out``; the stall watchdog still votes after
        ``stall_limit``)."""
        self.left_sent = trio.Event()
        """Set once this seat's leave was handed to every connected peer."""
        self._leave: bytes | None = None
        self._lingering = False  # (depart: stay for the votes after the leave is sent)
        self.leave_delivered = 0
        """How many peers this seat's leave was handed to (0: nobody was connected, so
        nobody knows it left: the same command brings it back)."""
        self._voting_departed = False
        self.heard = True
        """Whether another seat's link was up since this session began (a resumed seat
        starts with False, :func:`~p2pcards.peer.resume_table`): a seat that restarted
        and has heard no one votes nobody out (the others may have ended the game long
        ago; its clock of the stall started only at its restart)."""
        self.away_since: float | None = None
        """A resumed seat: when its log last changed before the restart (seconds since
        the epoch), i.e. since when it heard nothing of the table; None otherwise."""
        self.back_at: float | None = None
        """A resumed seat: when it was back (its restart, seconds since the epoch): it was
        away from :attr:`away_since` to this moment; None otherwise."""
        self.controller = SeatController(self)
        """The seat controller every front end drives this seat through."""

    def _emit(self, ev: SessionEvent) -> None:
        self.controller._publish(ev)

    def stop(self) -> None:
        """Stop running (the seat left): :meth:`run` returns soon, nothing more is sent."""
        self._stopped = True
        if self._scope is not None:
            self._scope.cancel()

    def leave(self, grace: float = 2.0) -> None:
        """This seat leaves: its signed leave goes to every peer (they see "Boris left
        the table" and may vote it out at once), then the session stops once it is sent
        (after at most ``grace`` seconds; :meth:`depart` stays for the votes instead).  A
        game already over, or not started, just stops."""
        t = self.table
        if self._stopped or self.failed is not None or self._nursery is None:
            self.stop()
            return
        if not t.log.started or t.halted or t.finished or t.left:
            self.stop()
            return
        outs = t.leave()
        self._leave = next(o.data for o in outs if isinstance(o, Broadcast))
        try:  # (in this seat's log file too: its audit may meet a vote on this leave)
            self.storage.append_evidence([self._leave])
        except StorageError:
            pass  # (the leave still goes out; only the audit of this file is poorer)
        self.handle(outs)
        self._send_q.send_nowait(b"")  # marks where everything before it was sent
        self._nursery.start_soon(self._stop_after, grace)

    async def depart(
        self, grace: float = DEPART_SECONDS, on_wait: Callable[[float], None] | None = None
    ) -> Departure:
        """:meth:`leave`, then wait (at most ``grace`` seconds) until the leave was
        handed to the peers and the others ended the hand without this seat (their votes
        reach it while it lingers: its log then ends as theirs, and its table is over:
        ``done``); then stop.  Returns what the leave did (:class:`Departure`).

        The others vote as soon as the leave reaches them, whoever's turn it is (at three
        or more seats the awaited seat votes at once and the others join it:
        :meth:`~p2pcards.table.Table.left_alone`); a leaver gone before their votes kept
        a log that stopped short, audited "incomplete" while theirs said "abandoned".
        ``on_wait(seconds)`` is called when the votes have not come within
        :data:`VOTES_SLOW` seconds of the leave being sent (a voter's link is slow), with
        the seconds left of ``grace`` (the terminal says why the player waits)."""
        t = self.table
        playing = not (
            self._stopped or self.failed is not None or self._nursery is None
            or not t.log.started or t.halted or t.finished or t.left
        )  # fmt: skip
        self._lingering = True
        self.leave(grace)
        if not playing:
            return Departure("over" if t.halted or t.finished else "idle", t.abandoned)
        deadline = trio.current_time() + grace
        with trio.move_on_after(grace):
            await self.left_sent.wait()
            if self.leave_delivered and not self.done.is_set():
                with trio.move_on_after(VOTES_SLOW):
                    await self.done.wait()
                if on_wait is not None and not self.done.is_set():
                    on_wait(max(deadline - trio.current_time(), 0.0))
                await self.done.wait()
        self.stop()
        if t.abandoned is not None:
            return Departure("ended", t.abandoned)
        if not self.leave_delivered:
            return Departure("unheard", None)
        self.storage.mark_left()
        return Departure("told", None)

    async def _stop_after(self, delay: float) -> None:
        await trio.sleep(delay)
        self.stop()

    def _vote_departed(self) -> None:
        """Vote out a seat that signed its leave when the table allows it (see
        :attr:`vote_on_leave`: at two seats whoever's turn it is, at three or more on
        this seat's turn or joining another's vote; :meth:`~p2pcards.table.Table.
        votable_departed`)."""
        t = self.table
        if not self.vote_on_leave or self._voting_departed or t.voting is not None:
            return
        if t.halted or t.finished or t.left or not t.departed:
            return
        for s in t.votable_departed():
            self._voting_departed = True
            try:
                self.handle(t.abandon(s, "left"))
            except ValueError:
                pass
            finally:
                self._voting_departed = False
            return

    @property
    def log_path(self) -> str:
        """Where the table's log file is."""
        return str(self.storage.log_path)

    # -- feeding the table ------------------------------------------------------------
    def handle(self, outs: list[Output]) -> None:
        """Carry out table outputs in order: persist, send, report.

        Raises StorageError when a secret or a log entry cannot be written: the session
        then stops for good (nothing more is sent, not even what was already decided)."""
        if self.failed is not None:
            raise self.failed
        t0 = time.monotonic() if self.trace is not None else 0.0
        c0 = time.process_time() if self.trace is not None else 0.0
        appended: list[Appended] = []
        evidence: list[bytes] = []
        try:
            for o in outs:
                if isinstance(o, Persist):
                    self.storage.persist(o.key, o.data)
                elif isinstance(o, Broadcast):
                    if self.trace is not None:
                        self.trace.event("signed", t0, c0, seq=o.seq, kind=o.kind)
                    self._send_q.send_nowait(o.data)
                elif isinstance(o, Appended):
                    appended.append(o)
                elif isinstance(o, Evidence):
                    evidence.extend(o.entries)
                elif isinstance(o, Fetch):
                    if o.seat != self.seat and 0 <= o.seat < len(self.peer_ids):
                        ask = msgpack.packb([FETCH, o.first, o.last])
                        self._direct_q.send_nowait((self.peer_ids[o.seat], ask))
                else:
                    if isinstance(o, GameOver):
                        self.done.set()
                        self.storage.mark_done()
                    elif isinstance(o, HandAbandoned):
                        self.done.set()
                        self.storage.mark_done()
                    elif isinstance(o, Waiting):
                        if o.seats != self.waiting_for:
                            self.waiting_for = o.seats
                            self.waiting_since = trio.current_time()
                    elif isinstance(o, SeatLeft):
                        self._send_q.send_nowait(o.data)  # pass it on (links may be down)
                        evidence.append(o.data)  # for the audit: who could not vote
                        if self.mesh is not None and o.seat != self.seat:
                            if self.peer_ids[o.seat] not in self.mesh.connected():
                                self._forget(o.seat)  # (its link was down already)
                    self._emit(o)
            if appended:
                self.waiting_since = trio.current_time()  # progress: the clock restarts
                self._write_log(appended)
            if evidence:  # the rejected entries, after the log (protocol/table.md §3)
                self.storage.append_evidence(evidence)
            self._vote_departed()
        except StorageError as exc:
            self._fail(exc)
            raise

    def _fail(self, exc: StorageError) -> None:
        if self.failed is None:
            self.failed = exc
            said = say("this seat stops sending: its table files cannot be written")
            log.error("%s; this seat stops sending", exc, extra=said)
            self._emit(StorageFailed(str(exc)))
            self._failed.set()

    def _write_log(self, appended: list[Appended]) -> None:
        """Write the entries the table appended (its ``Appended`` outputs) to the log file,
        then gossip them.  Entries already on disk (replayed after a restart) are not
        written again."""
        new = [a for a in appended if a.seq >= self.storage.log_length]
        if new:
            self.storage.append_entries([a.data for a in new])
        if self.trace is not None:
            log = self.table.log
            for a in new:
                e = log[a.seq]
                self.trace.event("applied", seq=e.seq, kind=e.kind, seat=e.seat, hand=e.hand)
        if self.mesh is not None:
            log = self.table.log
            for a in appended:  # its author holds it: never gossiped back to it
                author = log[a.seq].seat
                if author != self.seat and 0 <= author < len(self.peer_ids):
                    self.mesh.holds(self.peer_ids[author], a.seq)
            self.mesh.announce()

    def take_gossip(self) -> None:
        """Feed every entry the mesh queued in :attr:`store` to the table (the gossip
        task does this as entries arrive)."""
        while True:
            try:
                data = self.store.queued.receive_nowait()
            except trio.WouldBlock:
                return
            self.feed(data)

    async def _gossip(self) -> None:
        async for data in self.store.queued:
            self.feed(data)

    def feed(self, data: bytes, source: bytes | None = None) -> None:
        """Give received entry bytes to the table (``source``: the peer id that sent
        them, named in the warning logged when they are refused)."""
        if self.failed is not None:
            raise self.failed
        outs = self.table.receive(data)
        if source is not None:
            for o in outs:
                if isinstance(o, CheatDetected):  # (blamed: the seat that signed it)
                    said = say(
                        "an entry of {name} (seat {seat}) breaks the rules: it is refused "
                        "and kept as evidence (p2pcards audit names the rule)",
                        **self._who(source, o.seat),
                    )
                    log.warning("peer %s sent an entry the table refused: %s",
                                net.fingerprint(source), o, extra=said)  # fmt: skip
                elif isinstance(o, Rejected) and o.reason.endswith(": ignored"):
                    # a late entry or vote, a stale leave: never a cheat (the table's
                    # words), not worth a warning on the player's terminal
                    log.info("peer %s sent an entry the table ignored: %s",
                             net.fingerprint(source), o)  # fmt: skip
                elif isinstance(o, Rejected):
                    said = say(
                        "an entry from {name} (seat {seat}) was refused: it does not fit "
                        "this table's log (p2pcards.log says why)",
                        **self._who(source),
                    )
                    log.warning("peer %s sent an entry the table refused: %s",
                                net.fingerprint(source), o, extra=said)  # fmt: skip
        self.handle(outs)

    def _who(self, peer_id: bytes, seat: int | None = None) -> dict[str, Any]:
        """A warning's culprit: ``name`` and ``seat`` counted from 1 (``seat``, else the
        seat of ``peer_id``; a peer of no seat by its key fingerprint)."""
        s = seat if seat is not None else self.seat_of(peer_id)
        if s is None or not 0 <= s < len(self.names):
            return {"name": f"[{net.fingerprint(peer_id)}]", "seat": "?"}
        return {"name": self.names[s], "seat": s + 1}

    def receive_direct(self, data: bytes, source: bytes) -> bool:
        """A direct message from the peer ``source``: an entry goes to the table
        (:meth:`feed`); a lobby message (``[kind: str, …]``, :mod:`p2pcards.peer._signed`)
        does not: the host's "start" reaches a joiner whose session already began from
        the genesis that the log gossip brought first, and it is the lobby's, not an
        entry (decoded as an entry frame it was refused with "3 exceeds
        max_array_len(2)").  Returns whether the table was given it."""
        if is_lobby_message(data):
            self._answer_fetch(data, source)
            return False
        self.feed(data, source=source)
        return True

    def _answer_fetch(self, data: bytes, source: bytes) -> None:
        """A peer's ``["fetch", first, last]`` (:data:`FETCH`): send it this log's entries
        ``first``..``last`` (at most :data:`MAX_FETCH`, each fetch answered once, the range
        cut to what the log holds).  Anything else shaped as a lobby message is ignored."""
        try:
            msg = msgpack.unpackb(data, max_array_len=3, max_str_len=16, max_bin_len=0,
                                  max_map_len=0, max_ext_len=0)  # fmt: skip
        except (ValueError, TypeError, msgpack.UnpackException):
            return
        if not (isinstance(msg, list) and len(msg) == 3 and msg[0] == FETCH):
            return
        first, last = msg[1], msg[2]
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in (first, last)):
            return
        if not 1 <= first <= last < first + MAX_FETCH:
            return
        last = min(last, self.store.head())
        key = (source, first, last)
        if first > last or key in self._answered:
            return
        if len(self._answered) >= MAX_FETCHES_ANSWERED:
            return
        self._answered.add(key)
        for seq in range(first, last + 1):
            raw = self.store.get(seq)
            if raw is not None:
                self._direct_q.send_nowait((source, raw))

    def move(self, move: Move) -> None:
        """Make this seat's move; raises IllegalMove when it is not legal now."""
        self.handle(self.table.decide(move))

    def seat_of(self, peer_id: bytes) -> int | None:
        """The seat of a peer id, or None."""
        try:
            return self.peer_ids.index(peer_id)
        except ValueError:
            return None

    # -- running ----------------------------------------------------------------------
    async def run(self, mesh: net.Mesh, task_status: Any = trio.TASK_STATUS_IGNORED) -> None:
        """Drive the table over ``mesh`` until the game is over (then keep serving the
        log to peers for ``linger`` seconds so everyone gets the last entries)."""
        self.mesh = mesh
        if self.trace is not None:
            self.trace.event("start", seat=self.seat, seats=len(self.peer_ids), pid=os.getpid())
        try:
            await self._run(mesh, task_status)
        finally:
            self.controller.close()
            if self.trace is not None:
                self.trace.flush()

    async def _run(self, mesh: net.Mesh, task_status: Any) -> None:
        async with trio.open_nursery() as nursery:
            self._scope = nursery.cancel_scope
            self._nursery = nursery
            if self._stopped:
                nursery.cancel_scope.cancel()
            nursery.start_soon(self._sender)
            nursery.start_soon(self._direct_sender)
            nursery.start_soon(self._watchdog)
            nursery.start_soon(self._receiver)
            nursery.start_soon(self._gossip)
            nursery.start_soon(self._stop_on_failure)
            if not self.table.log.started:  # (start() writes no accept already logged)
                self.handle(self.table.start())
            self.handle([])
            if self.table.finished:
                self.done.set()
            task_status.started()
            await self.done.wait()
            # serve the last entries; leave when every peer holds our whole log (but a
            # seat that left: waiting for it kept the others 10 s after its leave)
            with trio.move_on_after(10):
                while True:
                    heads = [p.remote_head for pid, p in mesh.peers().items()
                             if self.seat_of(pid) not in self.table.departed]  # fmt: skip
                    if heads and min(heads) >= self.store.head():
                        break
                    await trio.sleep(0.05)
            nursery.cancel_scope.cancel()

    async def _watchdog(self) -> None:
        """After :attr:`stall_limit` seconds waiting for the same seat, vote to end the
        hand without it (each seat on its own clock; the log records who stalled)."""
        while True:
            since = self.waiting_since
            left = 1.0 if since is None else since + self.stall_limit - trio.current_time()
            await trio.sleep(min(1.0, max(left, 0.02)))
            t = self.table
            if t.halted or t.finished or t.left or self.waiting_since is None:
                continue  # (a seat that left votes no more)
            if t.voting is not None:
                continue  # (after its vote this seat waits for the other votes)
            if not self.heard:
                continue  # (restarted, connected to nobody: it knows nothing of a stall)
            if trio.current_time() - self.waiting_since < self.stall_limit:
                continue
            if self.seat is not None and self.seat in t.awaited() and not t.out_of_time:
                # our own time is up too: once another seat votes against us at this head,
                # we write nothing more for the slot (protocol/table.md §3, rule 6)
                self.handle(t.time_up())
            exp = t.expecting()
            if exp is None:
                continue
            stalled = [s for s in self.waiting_for if s != self.seat]
            if stalled:
                try:
                    self.handle(t.abandon(stalled[0]))
                except ValueError:
                    self.waiting_since = trio.current_time()

    async def _stop_on_failure(self) -> None:
        await self._failed.wait()
        assert self.failed is not None
        raise self.failed

    async def _sender(self) -> None:
        assert self.mesh is not None
        async for data in self._send_r:
            if self.failed is not None:
                return
            if not data:  # this seat left: everything before was sent
                self.left_sent.set()
                if not self._lingering:
                    self.stop()  # (leave(): at once; depart() lingers for the votes)
                return
            for pid in self.peer_ids:
                if self.seat is not None and pid == self.peer_ids[self.seat]:
                    continue
                sent = await self._send_to(pid, data)
                if sent and data == self._leave:
                    self.leave_delivered += 1

    async def _direct_sender(self) -> None:
        """Send what is meant for one peer only (a fetch, or the entries answering one)."""
        async for pid, data in self._direct_r:
            if self.failed is not None:
                return
            await self._send_to(pid, data)

    async def _send_to(self, pid: bytes, data: bytes) -> bool:
        """Send directly; a peer not connected now gets it when it (re)connects (a round
        contribution is in nobody's log until the round completes, so the log gossip
        cannot carry it: e.g. right after this seat restarted).  True when it was handed
        to a live connection now."""
        assert self.mesh is not None
        if self.failed is not None:  # stopped: a storage failure
            return False
        try:
            await self.mesh.send_direct(pid, data)
        except net.NetError:
            backlog = self._backlog.setdefault(pid, [])
            if len(backlog) < 10_000:
                backlog.append(data)
            return False
        return True

    async def _flush_backlog(self, pid: bytes) -> None:
        for data in self._backlog.pop(pid, []):
            await self._send_to(pid, data)

    async def _receiver(self) -> None:
        assert self.mesh is not None
        # the links made before the table started (the lobby's, on the same mesh) sent
        # their PeerConnected to the lobby: without these the seats stay "lost"
        for pid in self.mesh.connected():
            s = self.seat_of(pid)
            if s is not None and s != self.seat:
                self._link_up(s)
        async for ev in self.mesh.events:
            await self.mesh_event(ev)

    def _link_up(self, s: int) -> None:
        """Seat ``s``'s link is up: one :class:`PeerBack` per change (a connection that
        replaces another, both sides having dialed at once, is no news: "Борис снова на
        связи" was printed twice for one reconnect), none for a seat that left."""
        self.heard = True
        if s in self._up:
            return
        self._up.add(s)
        if s not in self.table.departed:
            self._emit(PeerBack(s, self.names[s], again=s in self._lost))

    def _link_down(self, s: int, reason: str) -> None:
        """Seat ``s``'s link ended: one :class:`PeerLost` per change; a seat that signed
        its leave is gone on purpose: no "connection lost, reconnecting" for it, and the
        mesh forgets it (no more dialing it, no connection from it admitted: it never
        comes "back")."""
        self._up.discard(s)
        if s in self.table.departed:
            self._forget(s)
            return
        self._lost.add(s)
        if not self.done.is_set():  # (after the game the others go home: no news)
            self._emit(PeerLost(s, self.names[s], reason))

    def _forget(self, s: int) -> None:
        """Stop dialing the departed seat ``s`` (its link is down)."""
        self._backlog.pop(self.peer_ids[s], None)
        if self.mesh is not None:
            self.mesh.remove_peer(self.peer_ids[s])

    async def mesh_event(self, ev: object) -> None:
        """Carry out one mesh event (what :meth:`run`'s receiver does with each): a
        direct message, a link up or down (:class:`PeerBack` / :class:`PeerLost`, once
        per change), an entry that does not fit the log."""
        assert self.mesh is not None
        if isinstance(ev, net.DirectReceived):
            self.receive_direct(ev.data, ev.peer_id)
        elif isinstance(ev, net.PeerDisconnected):
            s = self.seat_of(ev.peer_id)
            if s is not None and s != self.seat:
                self._link_down(s, ev.reason)
        elif isinstance(ev, net.PeerConnected):
            s = self.seat_of(ev.peer_id)
            if s is not None and s != self.seat:
                self._link_up(s)
                if self._backlog.get(ev.peer_id):
                    await self._flush_backlog(ev.peer_id)
                for raw in self.table.open_round_entries():  # lost with the link?
                    await self._send_to(ev.peer_id, raw)
        elif isinstance(ev, net.EntryConflict):  # (EntryRejected: our queue was full)
            s = self.seat_of(ev.peer_id)
            name = self.names[s] if s is not None else ev.peer_id.hex()[:8]
            said = say(
                "entry {n} from {name} (seat {seat}) differs from the one this log "
                "holds: the table checks it",
                n=ev.seq,
                **self._who(ev.peer_id),
            )
            log.warning("peer %s (%s) sent entry %d that does not fit the log",
                        net.fingerprint(ev.peer_id), name, ev.seq, extra=said)  # fmt: skip
            self.feed(ev.data)
            self._emit(Misbehaviour(s, name, f"sent entry {ev.seq} that does not fit the log"))
