"""LAN play in the browser: the peer's seat controller (``session.controller``) as a
:class:`~p2pcards.web._seat.SeatSource`, and :func:`play_web`, which serves the page for
a running :class:`~p2pcards.peer.Session` until its game ends."""

from __future__ import annotations

import webbrowser
from pathlib import Path
from typing import Any

import trio

from p2pcards.games import Game, Move, View, load_game
from p2pcards.peer import Ending, PeerBack, PeerLost, Resynced, SeatController, Session
from p2pcards.peer import Snapshot as PeerSnapshot
from p2pcards.table import CheatDetected, HandAbandoned, HandVerified, MoveMade, YourCards
from p2pcards.ui import Texts
from p2pcards.web._offline import HISTORY
from p2pcards.web._seat import HistoryItem, Snapshot
from p2pcards.web._serve import WebPage, start_page
from p2pcards.web._texts import N_


class ControllerSource:
    """The page's view of a LAN seat: snapshots built from ``controller`` (a
    :class:`~p2pcards.peer.SeatController`) and its updates; :meth:`run` follows them.
    ``lobby``: the page came from the web lobby (its end dialog leads back there)."""

    def __init__(self, controller: SeatController, *, lobby: bool = False) -> None:
        self.controller = controller
        self.lobby = lobby
        self.left = False
        snap = controller.snapshot()
        self.game: Game[Any] = load_game(snap.game, seats=len(snap.names), **dict(snap.options))
        self.seat = snap.seat if snap.seat is not None else 0
        self._history: list[HistoryItem] = []
        self._rev = 0
        self._changed = trio.Event()
        self._last_view: View = self.game.new_state().view(self.seat, {})
        self._snap = self._build(snap)

    def _build(self, snap: PeerSnapshot) -> Snapshot:
        view = snap.view if snap.view is not None else self._last_view
        self._last_view = view
        awaited, since = None, None
        extra: dict[str, Any] = {}
        a = snap.awaiting
        if a is not None:
            awaited = a.for_seat if a.for_seat is not None else (a.seats[0] if a.seats else None)
            if snap.turn is not None:
                awaited = snap.turn
            since = trio.current_time() - a.waited_ms / 1000
            extra = {"reason": a.reason, "for_seat": a.for_seat, "seats": list(a.seats)}
        verdict = "verified" if snap.verified else "playing"
        cheat = snap.cheats[-1] if snap.cheats else None
        if cheat is not None:
            verdict = "cheat"
        extra["again"] = False
        extra["lobby"] = self.lobby
        extra["left"] = self.left
        if self.lobby and snap.log_path:  # the log viewer is one of the lobby's pages
            extra["log"] = Path(snap.log_path).stem
        if snap.table_code:
            extra["code"] = snap.table_code
        extra["connected"] = list(snap.connected)
        self._rev += 1
        return Snapshot(
            rev=self._rev,
            game=self.game,
            seat=self.seat,
            names=snap.names,
            view=view,
            legal=snap.legal if snap.my_turn else (),
            awaited=awaited,
            awaited_since=since,
            history=tuple(self._history[-HISTORY:]),
            result=snap.result,
            verdict=verdict,
            cheat=cheat,
            extra=extra,
            at=trio.current_time(),
        )

    # -- SeatSource --------------------------------------------------------------------
    def snapshot(self) -> Snapshot:
        """See :class:`~p2pcards.web._seat.SeatSource`."""
        return self._snap

    async def wait_change(self, rev: int) -> Snapshot:
        """See :class:`~p2pcards.web._seat.SeatSource`."""
        while self._rev <= rev:
            await self._changed.wait()
        return self._snap

    def play(self, move: Move) -> None:
        """Play through the controller (its PlayError, an IllegalMove, when not legal)."""
        self.controller.play(move)

    def continue_hand(self) -> None:
        """Nothing to do: a LAN table deals the next hand by itself."""

    def play_again(self) -> None:
        """Not offered on a LAN table yet (the page hides the button)."""

    def leave(self) -> None:
        """Leave through the controller (it tells the others and stops the session)."""
        self.left = True
        self.controller.leave()
        self._snap = self._build(self.controller.snapshot())
        self._changed.set()
        self._changed = trio.Event()

    async def run(self) -> None:
        """Follow the controller's updates until the game ends for this seat."""
        async with self.controller.subscribe(replay=True) as sub:
            async for up in sub:
                self._note(up.event)
                self._snap = self._build(self.controller.snapshot())
                self._changed.set()
                self._changed = trio.Event()

    def _note(self, ev: Any) -> None:
        names = self.controller.snapshot().names
        item: HistoryItem | None = None
        if isinstance(ev, MoveMade):
            # the view the move was made in (a resume replays every move at once)
            item = HistoryItem(move=ev.move, before=ev.before)
        elif isinstance(ev, YourCards):
            item = HistoryItem(received=tuple(c.code for c in ev.cards))
        elif isinstance(ev, HandVerified):
            item = HistoryItem(fact=N_("hand {hand} verified ✓"), args=(("hand", ev.hand),))
        elif isinstance(ev, CheatDetected):
            item = HistoryItem(cheat=ev)  # worded by the presenter in the page's language
        elif isinstance(ev, HandAbandoned):
            who = names[ev.seat]
            item = HistoryItem(fact=N_("hand abandoned: {who} stopped"), args=(("who", who),))
        elif isinstance(ev, PeerLost) and self.controller.snapshot().result is None:
            fact = N_("connection to {name} lost, reconnecting…")
            item = HistoryItem(fact=fact, args=(("name", ev.name),))
        elif isinstance(ev, PeerBack) and ev.again:  # (the first connection: no news)
            item = HistoryItem(fact=N_("{name} is back"), args=(("name", ev.name),))
        elif isinstance(ev, Resynced):
            item = None
        if item is not None:
            self._history.append(item)


END_GRACE = 10.0
"""Seconds the page is kept up after the game ends, until the browser shows the end."""


async def play_web(
    session: Session,
    lang: str,
    *,
    port: int = 0,
    open_browser: bool = True,
    task_status: trio.TaskStatus[WebPage] = trio.TASK_STATUS_IGNORED,
) -> Ending:
    """Serve this seat's page (printing its URL, opening the browser unless
    ``open_browser`` is False) until the game ends for the seat; returns the
    :class:`~p2pcards.peer.Ending`."""
    source = ControllerSource(session.controller)
    async with trio.open_nursery() as n:
        page = await start_page(n, source, port=port, lang=lang)
        n.start_soon(source.run)
        t = Texts(lang)
        print(f"{t('Open in your browser (the link is for you only):')}\n  {page.url}", flush=True)
        task_status.started(page)
        if open_browser:
            await trio.to_thread.run_sync(webbrowser.open, page.url)
        while True:
            ending = session.controller.ending()
            if ending is not None:
                # the page shows the end before the server goes (a closed tab: 10 s)
                final = source.snapshot().rev
                with trio.move_on_after(END_GRACE):
                    while page.latency.last_shown < final:
                        await trio.sleep(0.05)
                n.cancel_scope.cancel()
                return ending
            await source.wait_change(source.snapshot().rev)
