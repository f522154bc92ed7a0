"""The seat controller: snapshots, fan-out subscriptions, play() errors naming the rule,
plain data that survives JSON, and the turn loop (drive) with its ending.

Sessions here run without a network: a stand-in for the mesh hands what one session queues
to send (a round's contribution) to the others' ``feed``, and replicates every entry of one
session's log that another lacks, as the mesh's log gossip does (a turn's entry goes out by
the gossip alone); every seat is a full Session with its own files."""

from __future__ import annotations

import dataclasses
import json
import os
import random
import time
from pathlib import Path
from typing import Any

import pytest
import trio

from p2pcards.games import game_info, game_names
from p2pcards.peer import (
    MoveNotLegal,
    Notice,
    NotYourTurn,
    PeerBack,
    PeerLost,
    PlayError,
    Resynced,
    SeatClosed,
    Session,
    Snapshot,
    to_plain,
)
from p2pcards.peer._resume import replayed_session
from p2pcards.peer._storage import TableStorage
from p2pcards.table import (
    GameOver,
    HandStarted,
    HandVerified,
    MoveMade,
    SeatLeft,
    Waiting,
    YourTurn,
)
from p2pcards.ui import Names, Texts, awaiting_line, waiting_line
from tests.table.harness import Harness


def _sessions(game: str, n: int, seed: int, tmp_path: Path, **options: Any) -> list[Session]:
    h = Harness(game, n, seed=seed, options=options)
    out = []
    for i, t in enumerate(h.tables):
        ids = [x.identity for x in t.genesis.seats]
        storage = TableStorage(t.table_id, tmp_path / f"p{i}")
        storage.append_entries([t.log[0].raw])  # the genesis, as the lobby writes it
        out.append(Session(t, ids, storage))
    return out


def _deliver(ss: list[Session]) -> None:
    """Hand every queued entry to every other session, and every log entry one session
    holds to each session that lacks it (the log gossip), until nothing moves."""
    moved = True
    while moved:
        moved = False
        for i, s in enumerate(ss):
            while True:
                try:
                    data = s._send_r.receive_nowait()
                except trio.WouldBlock:
                    break
                moved = True
                for j, o in enumerate(ss):
                    if j != i:
                        o.feed(data)
            for j, o in enumerate(ss):
                head = o.store.head()
                for seq in range(head + 1, s.store.head() + 1) if j != i else ():
                    raw = s.store.get(seq)
                    assert raw is not None
                    o.feed(raw)
                moved = moved or o.store.head() > head


def _start(ss: list[Session]) -> None:
    for s in ss:
        s.handle(s.table.start())
    _deliver(ss)


def _bot_step(ss: list[Session], rngs: list[random.Random]) -> bool:
    """The seat whose turn it is plays its bot's move; False when nobody may move."""
    for i, s in enumerate(ss):
        snap = s.controller.snapshot()
        if snap.my_turn:
            bot = game_info(snap.game).bots["basic"]
            s.controller.play(bot(snap.view, list(snap.legal), rngs[i]))
            _deliver(ss)
            return True
    return False


def _json(x: Any) -> Any:
    return json.loads(json.dumps(x, ensure_ascii=False))


async def test_snapshots_follow_a_whole_game_and_round_trip_through_json(tmp_path: Path) -> None:
    ss = _sessions("akulina", 3, 1, tmp_path)
    c = ss[0].controller
    assert c.snapshot().status == "lobby"
    lobby = c.snapshot().awaiting
    assert lobby is not None and lobby.reason == "accept" and lobby.seats == (1, 2)
    _start(ss)
    rngs = [random.Random(i) for i in range(3)]
    seen_status = set()
    turns = 0
    while True:
        for s in ss:
            snap = s.controller.snapshot()
            plain = snap.to_plain()
            assert _json(plain) == plain
            seen_status.add(snap.status)
            assert snap.names == ss[0].controller.snapshot().names
            if snap.my_turn:
                assert snap.turn == snap.seat and snap.legal
                assert snap.awaiting is not None and snap.awaiting.reason == "move"
                assert snap.awaiting.seats == (snap.seat,)
        if not _bot_step(ss, rngs):
            break
        turns += 1
    end = c.snapshot()
    assert end.status == "finished" and end.result is not None
    assert end.result == ss[1].controller.snapshot().result
    assert end.awaiting is None and not end.my_turn and end.legal == ()
    assert end.verified == (1,) and end.cheats == ()
    assert end.scores == tuple(end.result["losses"])
    assert end.fingerprints[0] == end.fingerprints[0].upper() and len(end.fingerprints) == 3
    assert {"playing", "finished"} <= seen_status
    assert turns > 5
    ending = c.ending()
    assert ending is not None and ending.status == "finished" and ending.result == end.result
    assert _json(ending.to_plain()) == ending.to_plain()


@pytest.mark.parametrize("game", game_names())
async def test_every_update_of_every_game_converts_to_json(tmp_path: Path, game: str) -> None:
    """One hand (Thousand: to the end of its first hand) of each game: every event, the
    snapshot after it and every legal move are plain data equal after a JSON trip."""
    ss = _sessions(game, game_info(game).default_seats, 3, tmp_path / game)
    sub = ss[0].controller.subscribe()
    _start(ss)
    rngs = [random.Random(i) for i in range(len(ss))]
    hands = 0
    kinds = set()
    while hands < 1 and _bot_step(ss, rngs):
        while True:
            with trio.move_on_after(0):
                up = await sub.__anext__()
                plain = up.to_plain()
                assert _json(plain) == plain, (game, up)
                kinds.add(plain["event"]["type"])
                if isinstance(up.event, HandVerified):
                    hands += 1
                continue
            break
        snap = ss[0].controller.snapshot()
        assert _json(snap.to_plain()) == snap.to_plain()
    assert {"HandStarted", "MoveMade", "YourCards"} <= kinds, (game, kinds)


async def test_subscribers_fan_out_in_order_and_a_slow_one_is_resynced(tmp_path: Path) -> None:
    ss = _sessions("akulina", 3, 2, tmp_path)
    c = ss[0].controller
    c.max_lag = 64
    c._journal = type(c._journal)(maxlen=64)
    fast, other, slow = c.subscribe(), c.subscribe(), c.subscribe()
    got: dict[str, list[Any]] = {"fast": [], "other": []}
    rngs = [random.Random(i) for i in range(3)]

    async def drain(name: str, sub: Any) -> None:
        while True:
            with trio.move_on_after(0):
                got[name].append(await sub.__anext__())
                continue
            return

    for s in ss:
        s.handle(s.table.start())
        await drain("fast", fast)
        await drain("other", other)
    _deliver(ss)
    await drain("fast", fast)
    await drain("other", other)
    steps = 0
    while _bot_step(ss, rngs):
        await drain("fast", fast)
        await drain("other", other)
        steps += 1
    await drain("fast", fast)
    await drain("other", other)
    assert [u.seq for u in got["fast"]] == list(range(c._seq))  # every change, in order
    assert [u.event for u in got["fast"]] == [u.event for u in got["other"]]
    assert not any(isinstance(u.event, Resynced) for u in got["fast"])
    first = next(u.event for u in got["fast"] if not isinstance(u.event, Waiting))
    assert isinstance(first, HandStarted)  # after the wait for the seat keys
    assert isinstance(got["fast"][-1].event, GameOver)
    # the slow one never read: the table went on; it gets one Resynced, then the rest
    first = await slow.__anext__()
    assert isinstance(first.event, Resynced) and first.event.missed == c._seq
    assert isinstance(first.event.snapshot, Snapshot)
    assert first.event.snapshot.status == "finished"
    c.close()
    with pytest.raises(StopAsyncIteration):
        await slow.__anext__()
    assert steps > 5


async def test_play_refuses_out_of_turn_and_illegal_moves_naming_the_rule(
    tmp_path: Path,
) -> None:
    ss = _sessions("sto_odno", 2, 4, tmp_path)
    _start(ss)
    turn = next(s for s in ss if s.controller.snapshot().my_turn)
    idle = next(s for s in ss if s is not turn)
    snap = turn.controller.snapshot()
    move = snap.legal[0]
    with pytest.raises(NotYourTurn) as e:
        idle.controller.play(move)
    assert e.value.rule == "turn" and e.value.awaiting is not None
    assert e.value.awaiting.seats == (turn.seat,) and e.value.awaiting.reason == "move"
    n = len(turn.table.log)
    # the move of another seat: refused, nothing signed
    wrong_seat = dataclasses.replace(move, seat=idle.seat)
    with pytest.raises(MoveNotLegal) as e2:
        turn.controller.play(wrong_seat)
    assert e2.value.rule.startswith("101: ") and "not yours" in e2.value.message
    assert len(turn.table.log) == n
    # as plain data (what a browser sends back)
    plain = _json(to_plain(move))
    assert turn.controller.play_plain(plain) == move
    assert turn.table.log[n].kind == "move" and turn.table.log[n].seat == turn.seat
    with pytest.raises(PlayError):  # not its turn, or (it moves again) not legal twice
        turn.controller.play_plain(plain)
    # after leaving, no more moves
    _deliver(ss)
    nxt = next(s for s in ss if s.controller.snapshot().my_turn)
    nxt.controller.leave()
    with pytest.raises(SeatClosed):
        nxt.controller.play(nxt.table.legal_moves()[0])


async def test_drive_plays_a_seat_to_the_end_and_reports_the_ending(tmp_path: Path) -> None:
    """The turn loop: one seat driven by drive() (async choose), the others by hand."""
    ss = _sessions("akulina", 3, 6, tmp_path)
    rngs = [random.Random(i) for i in range(3)]
    bot = game_info("akulina").bots["basic"]
    events: list[Any] = []

    async def choose(snap: Snapshot) -> Any:
        await trio.sleep(0)
        return bot(snap.view, list(snap.legal), rngs[0])

    result: list[Any] = []

    async def seat0() -> None:
        result.append(await ss[0].controller.drive(choose, lambda u, s: events.append(u.event)))

    async with trio.open_nursery() as n:
        n.start_soon(seat0)
        _start(ss)
        ss[0].done.set()  # (no network: nothing to linger for)
        while not result:
            await trio.sleep(0.001)
            _bots_move(ss, bot, rngs)
    ending = result[0]
    assert ending.status == "finished" and ending.verified == (1,)
    assert ending.result == ss[1].table.result
    assert any(isinstance(e, YourTurn) for e in events)
    assert sum(isinstance(e, MoveMade) and e.seat == 0 for e in events) >= 1


def _bots_move(ss: list[Any], bot: Any, rngs: list[random.Random]) -> None:
    """Deliver what is sent, then seats 1 and 2 play their bot when it is their turn."""
    _deliver(ss)
    for i in (1, 2):
        snap = ss[i].controller.snapshot()
        if snap.my_turn:
            ss[i].controller.play(bot(snap.view, list(snap.legal), rngs[i]))
            _deliver(ss)


async def test_a_departure_during_the_players_choice_is_shown_at_once(tmp_path: Path) -> None:
    """Issue 15 item 1: while seat 0 thinks, seat 1 leaves: the open choice is given up,
    the departure is shown (on_update) and the choice asked again; before, the turn loop
    showed nothing until the player answered.  (With ``vote_on_leave`` off: the front
    end decides; by default the hand ends at once, the next test.)"""
    ss = _sessions("akulina", 3, 6, tmp_path)
    ss[0].vote_on_leave = ss[2].vote_on_leave = False
    rngs = [random.Random(i) for i in range(3)]
    bot = game_info("akulina").bots["basic"]
    asked: list[int] = []  # how many updates were shown when each choice was opened
    events: list[Any] = []

    async def choose(snap: Snapshot) -> Any:
        asked.append(len(events))
        await trio.sleep_forever()

    async with trio.open_nursery() as n:
        n.start_soon(ss[0].controller.drive, choose, lambda u, s: events.append(u.event))
        _start(ss)
        with trio.fail_after(30):
            while not asked:
                await trio.sleep(0.001)
                _bots_move(ss, bot, rngs)
            ss[1].handle(ss[1].table.leave())
            _deliver(ss)
            while len(asked) < 2:
                await trio.sleep(0.001)
        n.cancel_scope.cancel()
    left = [e for e in events[asked[0] : asked[1]] if isinstance(e, SeatLeft)]
    assert [e.seat for e in left] == [1]


async def test_play_bot_returns_the_forfeited_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    """play_bot gives the HandAbandoned for a forfeit as for a two-seat abandoned hand
    (it returned None once the Ending's status was "forfeited")."""
    from p2pcards.peer import Ending, _bot, play_bot

    hand = object()  # (stands for the HandAbandoned)
    for status in ("forfeited", "abandoned"):
        ending = Ending(status, {"losers": [1]}, (), (), hand, "", ())  # type: ignore[arg-type]

        async def run_bot(*_a: Any, ending: Ending = ending) -> Ending:
            return ending

        monkeypatch.setattr(_bot, "run_bot", run_bot)
        assert await play_bot(None) is hand  # type: ignore[arg-type]


async def test_a_leave_during_the_players_choice_ends_the_hand_at_once(tmp_path: Path) -> None:
    """Issue 15 item 2: at three seats seat 1 leaves while seat 0 thinks.  Seat 0's
    session (awaited) votes at once on the signed leave and seat 2 joins it: the choice
    is given up, the hand is abandoned with seat 1 forfeiting, for both.  Before, the
    hand went on until seat 1's turn came."""
    ss = _sessions("akulina", 3, 6, tmp_path)
    rngs = [random.Random(i) for i in range(3)]
    bot = game_info("akulina").bots["basic"]
    asked: list[int] = []
    events: list[Any] = []
    got: list[Any] = []

    async def choose(snap: Snapshot) -> Any:
        asked.append(len(events))
        await trio.sleep_forever()

    async def drive() -> None:
        got.append(await ss[0].controller.drive(choose, lambda u, s: events.append(u.event)))

    async with trio.open_nursery() as n:
        n.start_soon(drive)
        _start(ss)
        with trio.fail_after(30):
            while not asked:
                await trio.sleep(0.001)
                _bots_move(ss, bot, rngs)
            ss[1].handle(ss[1].table.leave())
            _deliver(ss)
            while not got:
                await trio.sleep(0.001)
                _deliver(ss)
        n.cancel_scope.cancel()
    assert len(asked) == 1
    [ending] = got
    assert ending.status == "forfeited"  # (it said "abandoned", as a two-seat hand ends)
    assert (ending.abandoned.seat, ending.abandoned.reason) == (1, "left")
    assert ending.result["losers"] == [1]
    assert ending.abandoned.result == ending.result
    for s in (0, 2):
        t = ss[s].table
        assert [e.seat for e in t.log if e.kind == "abandon"] == [0, 2]
    assert [e.seat for e in events if isinstance(e, SeatLeft)] == [1]


async def test_news_during_the_players_choice_redraws_the_menu(tmp_path: Path) -> None:
    """Issue 15 item 3: after a resume, "back at the table in 24.68 s" was printed under
    the open prompt ("выбор> снова за столом через 24,68 с") and the menu was not shown
    again.  Now it is a Notice: the open choice gives way to it, it is shown (on_update),
    and the choice (the whole menu) is asked again; and on this seat's turn the
    controller says how long is left of the stall limit."""
    ss = _sessions("akulina", 3, 6, tmp_path)
    rngs = [random.Random(i) for i in range(3)]
    bot = game_info("akulina").bots["basic"]
    asked: list[int] = []
    events: list[Any] = []

    async def choose(snap: Snapshot) -> Any:
        asked.append(len(events))
        await trio.sleep_forever()

    async with trio.open_nursery() as n:
        n.start_soon(ss[0].controller.drive, choose, lambda u, s: events.append(u.event))
        _start(ss)
        with trio.fail_after(30):
            while not asked:
                await trio.sleep(0.001)
                _bots_move(ss, bot, rngs)
            left = ss[0].controller.turn_seconds_left()
            assert left is not None and 0 < left <= ss[0].stall_limit
            assert ss[1].controller.turn_seconds_left() is None  # (not its turn)
            ss[0].controller._publish(Notice("back at the table in 24.68 s"))
            while len(asked) < 2:
                await trio.sleep(0.001)
        n.cancel_scope.cancel()
    shown = events[asked[0] : asked[1]]
    assert Notice("back at the table in 24.68 s") in shown


def _restarted(s: Session, base: Path) -> Session:
    """Seat ``s`` restarted from its files (as ``resume_table`` rebuilds it, before any
    network): it has heard from nobody yet."""
    storage = TableStorage(s.table.table_id, base)
    return replayed_session(storage, s.table._key, s.table.sealing, random.Random(9).randbytes)


async def test_a_restarted_seat_is_offered_no_move_before_it_hears_anyone(tmp_path: Path) -> None:
    """A new user's trial (issue 15): a seat restarted after the others had ended the game
    and gone showed «Ваш ход» and took a move, with nobody there to receive it.  Until it
    hears from another seat it is offered no move: it waits for them ("connect"); once a
    link is up its turn is offered as before."""
    ss = _sessions("akulina", 2, 1, tmp_path)
    _start(ss)
    rngs = [random.Random(i) for i in range(2)]
    while not ss[1].controller.snapshot().my_turn:
        assert _bot_step(ss, rngs)
    live = ss[1].controller.snapshot()
    back = _restarted(ss[1], tmp_path / "p1")
    c = back.controller
    snap = c.snapshot()
    assert (snap.my_turn, snap.legal, snap.turn) == (False, (), 1)
    assert snap.awaiting is not None
    assert (snap.awaiting.seats, snap.awaiting.reason) == ((0,), "connect")
    assert c.turn_seconds_left() is None and c.warning_in() is None and snap.can_vote_out == ()
    ns = Names(snap.names, 1)
    assert (
        awaiting_line(Texts("ru"), ns, snap.awaiting)
        == "вы снова за столом: ждём ответа (seat0)… 0 с"
    )
    assert awaiting_line(Texts("en"), ns, snap.awaiting) == (
        "back at the table: waiting for an answer from seat0… 0 s"
    )
    with pytest.raises(NotYourTurn):
        c.play(live.legal[0])
    asked: list[Snapshot] = []

    async def choose(s: Snapshot) -> Any:
        asked.append(s)
        await trio.sleep_forever()

    async with trio.open_nursery() as n:
        n.start_soon(c.drive, choose)
        await trio.sleep(0.05)
        assert asked == []  # (every replayed update seen: still no move offered)
        back._link_up(0)  # seat 0 answers
        with trio.fail_after(5):
            while not asked:
                await trio.sleep(0.001)
        n.cancel_scope.cancel()
    assert asked[0].my_turn and asked[0].legal == live.legal
    assert c.snapshot().awaiting == dataclasses.replace(live.awaiting, voters=True)  # type: ignore[arg-type]


async def test_a_seat_back_on_its_own_turn_counts_its_time_away(tmp_path: Path) -> None:
    """A new user's trial (the host killed on its turn, back 2.5 min later): «Ваш ход» and
    «осталось 7 с», its clock started again at the restart, while the others had voted
    long before; its move was then refused.  Its own clock of its turn runs from its log's
    last change, as the others' did: back after 200 s at a 120 s limit, its time is up
    (``protocol/table.md`` §3 rule 6; the watchdog then calls ``Table.time_up``)."""
    ss = _sessions("akulina", 2, 1, tmp_path)
    _start(ss)
    rngs = [random.Random(i) for i in range(2)]
    while not ss[1].controller.snapshot().my_turn:
        assert _bot_step(ss, rngs)
    log = TableStorage(ss[1].table.table_id, tmp_path / "p1").log_path
    then = time.time() - 200
    os.utime(log, (then, then))
    back = _restarted(ss[1], tmp_path / "p1")
    back._link_up(0)  # seat 0 answers
    left = back.controller.turn_seconds_left()
    assert left is not None and -81 < left < -79  # (120 s - 200 s away)
    away = _restarted(ss[0], tmp_path / "p0")  # (not its turn: its clock starts at the restart)
    assert away.waiting_since is not None and trio.current_time() - away.waiting_since < 5


async def test_the_awaiting_says_whether_anyone_can_vote_at_the_stall_limit(
    tmp_path: Path,
) -> None:
    """Issue 15: the waiting line counted past the stall limit with nobody there to vote.
    ``Awaiting.voters``: this seat can vote the awaited seat out (True) until it has voted;
    then, every other link down (no mesh here), nobody can vote out the seat whose vote
    the round waits for."""
    ss = _sessions("akulina", 3, 1, tmp_path)
    _start(ss)
    rngs = [random.Random(i) for i in range(3)]
    while not ss[0].controller.snapshot().my_turn:
        assert _bot_step(ss, rngs)
    c = ss[1].controller
    a = c.snapshot().awaiting
    assert a is not None and (a.seats, a.reason, a.voters) == ((0,), "move", True)
    ss[1].handle(ss[1].table.abandon(0))  # seat 1 votes seat 0 out; seat 2 has not yet
    a = c.snapshot().awaiting
    assert a is not None and (a.seats, a.reason, a.for_seat) == ((2,), "abandon", 0)
    assert a.voters is False
    c._connected[0] = True  # (the seat voted against cannot vote)
    assert c.snapshot().awaiting.voters is False  # type: ignore[union-attr]


async def test_a_voter_back_is_waited_for_without_the_stall_limit(tmp_path: Path) -> None:
    """A new user's trial (session 10): Борис, a voter, died and came back, about to
    vote; Аня, who had voted, still read «…прошёл, но на связи нет никого, кто мог бы
    закончить раздачу без этого игрока» until the hand ended.  With the awaited voter's
    link up, ``Awaiting.voters`` is None and the line says only the seconds; down again,
    False."""
    ss = _sessions("akulina", 3, 1, tmp_path)
    _start(ss)
    rngs = [random.Random(i) for i in range(3)]
    while not ss[0].controller.snapshot().my_turn:
        assert _bot_step(ss, rngs)
    c = ss[1].controller
    ss[1].handle(ss[1].table.abandon(0))  # seat 1 votes seat 0 out; seat 2 has not yet
    c._publish(PeerBack(2, "Борис"))  # seat 2 (the awaited voter) back
    a = c.snapshot().awaiting
    assert a is not None and (a.seats, a.for_seat, a.voters) == ((2,), 0, None)
    t = Texts("ru")
    names = Names(("Вера", "Аня", "Борис"))
    assert waiting_line(t, names, a.seats, 95, limit=30, voters=a.voters) == "ждём: Борис… 95 с"
    c._publish(PeerLost(2, "Борис", "reset"))
    assert c.snapshot().awaiting.voters is False  # type: ignore[union-attr]
    assert waiting_line(t, names, (2,), 95, limit=30, voters=False) == (
        "ждём: Борис… предел ожидания (30 с) прошёл, но на связи нет никого, кто мог бы "
        "закончить раздачу без этого игрока"
    )
