"""LAN play in the browser: the peer's seat controller (``session.controller``) as a
:class:`~p2pcards.web._seat.SeatSource`, and :func:`play_web`, which serves the page for
a running :class:`~p2pcards.peer.Session` until its game ends."""

from __future__ import annotations

import webbrowser
from pathlib import Path
from typing import Any

import trio

from p2pcards.games import Game, IllegalMove, Move, View, load_game
from p2pcards.peer import (
    Departure,
    Ending,
    PeerBack,
    PeerLost,
    Resynced,
    SeatController,
    Session,
)
from p2pcards.peer import Snapshot as PeerSnapshot
from p2pcards.table import (
    CheatDetected,
    HandAbandoned,
    HandStarted,
    HandVerified,
    MoveMade,
    SeatLeft,
    VoteCast,
    YourCards,
)
from p2pcards.ui import Texts, abandoned_msgid
from p2pcards.web._offline import HISTORY
from p2pcards.web._seat import HistoryItem, Snapshot
from p2pcards.web._serve import WebPage, start_page
from p2pcards.web._texts import N_


class ControllerSource:
    """The page's view of a LAN seat: snapshots built from ``controller`` (a
    :class:`~p2pcards.peer.SeatController`) and its updates; :meth:`run` follows them.
    ``lobby``: the page came from the web lobby (its end dialog leads back there).

    Leaving (:meth:`leave`) is the terminal's: the seat departs
    (:meth:`~p2pcards.peer.Session.depart`), the page says what the leave did, and a
    seat that left is shown as gone, not as a lost connection."""

    def __init__(self, controller: SeatController, *, lobby: bool = False) -> None:
        self.controller = controller
        self.lobby = lobby
        self.leaving = False
        """The player left: the leave is on its way (the others' votes awaited)."""
        self.left = False
        """The leave is done: :attr:`departure` says what it did."""
        self.departure: Departure | None = None
        self.left_texts: dict[str, str] = {}
        """What the leave did, in words, per language ("en", "ru")."""
        self._nursery: trio.Nursery | None = None
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
            if snap.turn is not None and a.reason != "connect":  # (restarted: no turn yet)
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
        extra["leaving"] = self.leaving and not self.left
        if self.left_texts:
            extra["left_text"] = dict(self.left_texts)
        extra["departed"] = list(snap.departed)
        extra["over"] = self.controller.ending() is not None
        if self.lobby and snap.log_path:  # the log viewer is one of the lobby's pages
            extra["log"] = Path(snap.log_path).stem
        if snap.table_code:
            extra["code"] = snap.table_code
        extra["connected"] = list(snap.connected)
        warn_in = self.controller.warning_in() if snap.my_turn else None
        seconds = self.controller.turn_seconds_left()
        if warn_in is not None and seconds is not None:  # (the page says it when due)
            extra["warn_at"] = trio.current_time() + warn_in
            extra["warn_left"] = seconds - warn_in
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
        """Play through the controller (its PlayError, an IllegalMove, when not legal;
        an IllegalMove once the player left)."""
        if self.leaving:
            raise IllegalMove(self.seat, "web", "this seat has left the table")
        self.controller.play(move)

    def continue_hand(self) -> None:
        """Nothing to do: a LAN table deals the next hand by itself."""

    def play_again(self) -> None:
        """Not offered on a LAN table yet (the page hides the button)."""

    def leave(self) -> None:
        """Leave as the terminal's q does: the signed leave goes to the others and this
        seat stays for their votes when they vote at once (at two seats, or on its turn:
        the hand then ends and the table is done; else it is marked left), at most
        :data:`~p2pcards.peer.DEPART_SECONDS`; then the controller closes and the page
        says what the leave did (:attr:`left_texts`).  Needs :meth:`run` running."""
        if self.leaving:
            return
        self.leaving = True
        self._refresh()
        if self._nursery is None:  # (not followed: leave at once, as before)
            self.left = True
            self.controller.leave()
            self._refresh()
            return
        self._nursery.start_soon(self._depart)

    async def _depart(self) -> None:
        session = self.controller.session
        with trio.CancelScope(shield=True):  # the others are told, whatever comes
            gone = await session.depart()
        self.departure = gone
        self.left_texts = {lang: departure_text(session, gone, lang, self.lobby) for lang in LANGS}
        self.left = True
        self.controller.leave()  # (the session has stopped: this closes the controller)
        self._refresh()

    def ending(self) -> Ending | None:
        """The game's :class:`~p2pcards.peer.Ending` for this seat once it is over (None
        while a leave is on its way: the page then says what it did)."""
        if self.leaving and not self.left:
            return None
        return self.controller.ending()

    def _refresh(self) -> None:
        self._snap = self._build(self.controller.snapshot())
        self._changed.set()
        self._changed = trio.Event()

    async def run(self) -> None:
        """Follow the controller's updates until the game ends for this seat (and a
        leave is done)."""
        async with trio.open_nursery() as n:
            self._nursery = n
            async with self.controller.subscribe(replay=True) as sub:
                async for up in sub:
                    self._note(up.event)
                    self._refresh()

    def _note(self, ev: Any) -> None:
        snap = self.controller.snapshot()
        names = snap.names
        item: HistoryItem | None = None
        if isinstance(ev, MoveMade):
            # the view the move was made in (a resume replays every move at once)
            item = HistoryItem(move=ev.move, before=ev.before)
        elif isinstance(ev, YourCards):
            item = HistoryItem(received=tuple(c.code for c in ev.cards))
        elif isinstance(ev, HandStarted):  # "— hand 2 —", as the terminal's history
            item = HistoryItem(started=ev.hand)
        elif isinstance(ev, HandVerified):
            fact = (  # (101 plays rounds)
                N_("round {n} verified ✓") if self.game.name == "101" else N_("hand {n} verified ✓")
            )
            item = HistoryItem(fact=fact, args=(("n", ev.hand),))
        elif isinstance(ev, CheatDetected):
            item = HistoryItem(cheat=ev)  # worded by the presenter in the page's language
        elif isinstance(ev, HandAbandoned):  # (the terminal's words: left, or silent)
            fact = abandoned_msgid(ev, self.game.name == "101")
            item = HistoryItem(fact=fact, args=(("name", names[ev.seat]),))
        elif isinstance(ev, SeatLeft):
            item = HistoryItem(fact=N_("{name} left the table"), args=(("name", names[ev.seat]),))
        elif isinstance(ev, VoteCast):
            fact = N_("{voter} votes to end the hand without {name}")
            item = HistoryItem(
                fact=fact, args=(("voter", names[ev.voter]), ("name", names[ev.stalled]))
            )
        elif isinstance(ev, PeerLost | PeerBack) and ev.seat in snap.departed:
            item = None  # a seat that left: its link ends with it, no news
        elif isinstance(ev, PeerLost) and snap.result is None:
            fact = N_("connection to {name} lost, reconnecting…")
            item = HistoryItem(fact=fact, args=(("name", ev.name),))
        elif isinstance(ev, PeerBack) and ev.again:  # (the first connection: no news)
            item = HistoryItem(fact=N_("{name} is back"), args=(("name", ev.name),))
        elif isinstance(ev, Resynced):
            item = None
        if item is not None:
            self._history.append(item)


LANGS = ("en", "ru")


def departure_text(session: Session, gone: Departure, lang: str, lobby: bool) -> str:
    """What this seat's leave did, in ``lang``: the terminal's line
    (:func:`p2pcards.cli._lan.departed_text`), except that in the web lobby a leave
    nobody heard names the lobby's "Go back to it" (the table waits, and is offered
    there) instead of a command."""
    from p2pcards.cli._lan import departed_text

    if lobby and gone.what == "unheard":
        t = Texts(lang)
        return t(
            "You left the table; nobody was connected to hear it, so the table waits for "
            "you: “Go back to it” under the unfinished tables brings you back."
        )
    return departed_text(session, gone, lang)


END_GRACE = 10.0
"""Seconds the page is kept up after the game ends, until the browser shows the end."""


async def play_web(
    session: Session,
    lang: str,
    *,
    port: int = 0,
    open_browser: bool = True,
    home: Path | None = None,
    task_status: trio.TaskStatus[WebPage] = trio.TASK_STATUS_IGNORED,
) -> Ending:
    """Serve this seat's page (printing its URL, opening the browser unless
    ``open_browser`` is False) until the game ends for the seat; returns the
    :class:`~p2pcards.peer.Ending`.  When the player left from the page, raises
    :class:`p2pcards.cli._lan.Departed` (130, the words of the terminal's leave)."""
    source = ControllerSource(session.controller)
    async with trio.open_nursery() as n:
        page = await start_page(n, source, port=port, lang=lang, home=home)
        n.start_soon(source.run)
        t = Texts(lang)
        print(f"{t('Open in your browser (the link is for you only):')}\n  {page.url}", flush=True)
        task_status.started(page)
        if open_browser:
            await trio.to_thread.run_sync(webbrowser.open, page.url)
        while True:
            ending = source.ending()
            if ending is not None:
                # the page shows the end before the server goes (a closed tab: 10 s)
                final = source.snapshot().rev
                with trio.move_on_after(END_GRACE):
                    while page.latency.last_shown < final:
                        await trio.sleep(0.05)
                n.cancel_scope.cancel()
                break
            await source.wait_change(source.snapshot().rev)
    if source.left:  # as the terminal's q: its line, exit status 130
        from p2pcards.cli._lan import Departed

        raise Departed(130, source.left_texts[lang if lang in LANGS else "en"])
    return ending
