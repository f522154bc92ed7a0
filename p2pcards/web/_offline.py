"""The offline table for the web page: one human seat against bots, with the local
dealer, in the same trio run as the web server (``p2pcards play --offline GAME``).

:class:`OfflineTable` is a :class:`~p2pcards.web._seat.SeatSource`: ``run()`` plays the
game in a trio task; the page reads snapshots and calls :meth:`play`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import trio

from p2pcards.games import (
    Decision,
    Finished,
    Game,
    IllegalMove,
    LocalDealer,
    Move,
    Player,
    Revealed,
    View,
)
from p2pcards.web._seat import HistoryItem, Snapshot
from p2pcards.web._texts import N_

HISTORY = 40
"""How many recent events a snapshot keeps."""


class OfflineTable:
    """Seat ``human`` of ``game`` in this process; ``bots[seat]`` plays every other seat
    (the entry at ``human`` is unused) after ``bot_delay`` seconds, so a person can follow;
    ``seed`` seeds the dealer (each "play again" uses the next seed).
    """

    def __init__(
        self,
        game: Game[Any],
        *,
        human: int,
        bots: Sequence[Player],
        names: Sequence[str],
        seed: int,
        bot_delay: float = 0.6,
    ) -> None:
        if not 0 <= human < game.seats:
            raise ValueError(f"seat {human} is not a seat of {game.seats}")
        self.game = game
        self.human = human
        self.bots = list(bots)
        self.names = tuple(names)
        self.seed = seed
        self.bot_delay = bot_delay
        self.games_played = 0
        self.results: list[Any] = []
        self.left = False
        self._rev = 0
        self._changed = trio.Event()
        self._moves: tuple[trio.MemorySendChannel[Move], trio.MemoryReceiveChannel[Move]] = (
            trio.open_memory_channel(1)
        )
        self._go = trio.Event()
        self._history: list[HistoryItem] = []
        self._legal: tuple[Move, ...] = ()
        self._awaited: int | None = None
        self._since: float | None = None
        self._hand_over: View | None = None
        self._result: Any = None
        self._snap: Snapshot
        self._new_game()

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
        """Play ``move`` for the human seat; IllegalMove when it is not legal now."""
        if move not in self._snap.legal:
            raise IllegalMove(self.human, "web", f"not a legal move now: {move!r}")
        try:
            self._moves[0].send_nowait(move)
        except trio.WouldBlock:
            raise IllegalMove(self.human, "web", "a move is already on its way") from None
        self._legal = ()
        self._publish()

    def continue_hand(self) -> None:
        """See :class:`~p2pcards.web._seat.SeatSource`."""
        self._go.set()

    def leave(self) -> None:
        """See :class:`~p2pcards.web._seat.SeatSource`: the table stops (the bots have
        nobody to tell); :attr:`left` is then True."""
        self.left = True
        self._legal = ()
        self._publish()

    def play_again(self) -> None:
        """See :class:`~p2pcards.web._seat.SeatSource`."""
        if self._result is not None:
            self._go.set()

    # -- the game loop -------------------------------------------------------------------
    def _new_game(self) -> None:
        self.state = self.game.new_state()
        self.dealer = LocalDealer.seeded(self.state, self.seed + self.games_played)
        self._history = []
        self._legal = ()
        self._awaited = None
        self._since = None
        self._hand_over = None
        self._result = None
        self._publish()

    def _view(self) -> View:
        view: View = self.state.view(self.human, self.dealer.knowledge[self.human])
        return view

    def _publish(self) -> None:
        self._rev += 1
        self._snap = Snapshot(
            rev=self._rev,
            game=self.game,
            seat=self.human,
            names=self.names,
            view=self._view(),
            legal=self._legal,
            awaited=self._awaited,
            awaited_since=self._since,
            history=tuple(self._history[-HISTORY:]),
            hand_over=self._hand_over,
            result=self._result,
            at=_now(),
            extra={"left": True} if self.left else {},
        )
        self._changed.set()
        self._changed = trio.Event()

    async def run(self, *, games: int | None = None) -> None:
        """Play games until cancelled (or ``games`` of them): each game to its end, the
        next one after :meth:`play_again`."""
        while games is None or self.games_played < games:
            await self._play_one()
            self.games_played += 1
            self.results.append(self._result)
            if games is not None and self.games_played >= games:
                break
            self._go = trio.Event()
            await self._go.wait()
            self._new_game()

    def _note_taken(self, before: View, mover: int | None) -> None:
        """A history line when another seat took cards from the human's hand (Akulina's
        draw): the human knows which card it lost."""
        if mover is None or mover == self.human:
            return
        after = self._view()
        if after.hand_no != before.hand_no:
            return
        kept = {c for _, c in after.hand}
        lost = [c for _, c in before.hand if c not in kept]
        if lost:
            who, cards = self.names[mover], tuple(lost)  # (worded in the page's letters)
            fact = N_("{who} took your {cards}")
            self._history.append(HistoryItem(fact=fact, args=(("who", who), ("cards", cards))))

    async def _play_one(self) -> None:
        state, dealer, human = self.state, self.dealer, self.human
        mover: int | None = None
        mine = self._view()
        while True:
            hand = state.hand_no
            before = self._view()
            if before.hand_no == mine.hand_no and len(before.hand) < len(mine.hand):
                self._note_taken(mine, mover)
            if len(before.hand) != len(mine.hand) or before.hand_no != mine.hand_no:
                mine = before
            ev = dealer.answer()
            if ev is None:
                need = state.need()
                if isinstance(need, Finished):
                    self._awaited = None
                    self._result = need.result
                    self._publish()
                    return
                assert isinstance(need, Decision)
                seat = need.seat
                legal = state.legal_moves(seat, dealer.knowledge[seat])
                self._awaited, self._since = seat, trio.current_time()
                if seat == human:
                    self._legal = () if self.left else tuple(legal)
                    self._publish()
                    move = await self._moves[1].receive()
                else:
                    self._publish()
                    await trio.sleep(self.bot_delay)
                    view = state.view(seat, dealer.knowledge[seat])
                    move = self.bots[seat](view, legal, dealer.player_rngs[seat])
                self._history.append(HistoryItem(move=move, before=before))
                mover = seat
                dealer.apply(move)
                self._legal = ()
            elif isinstance(ev, Revealed) and ev.to == human and before.hand:
                got = tuple(dealer.knowledge[human][p].code for p in ev.positions)
                self._history.append(HistoryItem(received=got))
            if state.hand_no != hand and hand >= 0 and not state.is_finished:
                self._hand_over = self._view()
                self._awaited = None
                self._go = trio.Event()
                self._publish()
                await self._go.wait()
                self._hand_over = None
            self._publish()


def _now() -> float:
    """trio's clock, or 0.0 outside a trio run (the table is built before it starts)."""
    try:
        return trio.current_time()
    except RuntimeError:
        return 0.0


def new_seed() -> int:
    """A fresh random seed for a table (from the OS)."""
    return random.SystemRandom().randrange(2**31)
