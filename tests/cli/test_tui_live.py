"""LAN play on the full screen: table events from a (stand-in) session drive the screens
of one seat, with the waiting line, history, verified hands and the final result."""

from __future__ import annotations

import math
import random
from types import SimpleNamespace
from typing import Any

import pytest
import trio

from p2pcards.cards import parse_cards
from p2pcards.cli._tui._live import LiveScreen, play_seat_live
from p2pcards.cli._tui._seat import Quit
from p2pcards.games import Decision, Finished, LocalDealer, Revealed, View, load_game
from p2pcards.table import (
    GameOver,
    HandStarted,
    HandVerified,
    MoveMade,
    VoteCast,
    Waiting,
    YourCards,
    YourTurn,
)
from tests.cli._tui_util import NAMES, scripted_seat, text_of

N4 = NAMES[:4]


class _Table:
    def __init__(self, game: Any, state: Any, dealer: LocalDealer) -> None:
        self.game, self.state, self.dealer = game, state, dealer
        self.halted = False

    def view(self) -> Any:
        return self.state.view(0, self.dealer.knowledge[0])

    def legal_moves(self) -> list[Any]:
        return self.state.legal_moves(0, self.dealer.knowledge[0])

    def expecting(self) -> None:
        return None


class _Session:
    """What play_seat_live uses of a p2pcards.peer.SeatController (snapshot, drive: the
    turn loop), fed by a local dealer."""

    def __init__(self, seed: int) -> None:
        game = load_game("akulina", seats=4)
        state = game.new_state()
        self.dealer = LocalDealer.seeded(state, seed)
        self.table = _Table(game, state, self.dealer)
        self.names = N4
        self._send, self.events = trio.open_memory_channel[Any](math.inf)
        self._moves_send, self._moves = trio.open_memory_channel[Any](1)

    def snapshot(self) -> Any:
        t = self.table
        return SimpleNamespace(
            game=t.game.name,
            options=t.game.options,
            names=self.names,
            view=t.view(),
            legal=tuple(t.legal_moves()),
        )

    async def drive(self, choose: Any, on_update: Any) -> Any:
        async for ev in self.events:
            snap = self.snapshot()
            on_update(SimpleNamespace(event=ev), snap)
            if isinstance(ev, YourTurn):
                self._moves_send.send_nowait(await choose(snap))
            if isinstance(ev, GameOver):
                return SimpleNamespace(result=ev.result)
        return None

    async def produce(self) -> None:
        state, dealer = self.table.state, self.dealer
        self._send.send_nowait(HandStarted(1))
        while True:
            ev = dealer.answer()
            if isinstance(ev, Revealed) and ev.to == 0:
                cards = tuple(dealer.knowledge[0][p] for p in ev.positions)
                self._send.send_nowait(YourCards(ev.positions, cards))
            if ev is not None:
                continue
            need = state.need()
            if isinstance(need, Finished):
                self._send.send_nowait(HandVerified(1))
                self._send.send_nowait(GameOver(need.result))
                return
            assert isinstance(need, Decision)
            s = need.seat
            legal = state.legal_moves(s, dealer.knowledge[s])
            if s == 0:
                self._send.send_nowait(YourTurn(tuple(legal)))
                move = await self._moves.receive()
            else:
                self._send.send_nowait(Waiting((s,), "move"))
                await trio.sleep(0)
                view = state.view(s, dealer.knowledge[s])
                move = self.table.game.info.bots["basic"](view, legal, dealer.player_rngs[s])
            before = state.view(0, dealer.knowledge[0])
            dealer.apply(move)
            self._send.send_nowait(MoveMade(s, move, before))


async def test_a_whole_akulina_hand_from_table_events() -> None:
    session = _Session(seed=2)
    tui = scripted_seat("akulina", ["1"] * 200)
    result: list[Any] = []
    async with trio.open_nursery() as n:
        n.start_soon(session.produce)

        async def seat() -> None:
            result.append(await play_seat_live(session, "en", tui=tui))

        n.start_soon(seat)
    out = tui.console.export_text()
    assert result[0].result == session.table.state.need().result
    loser = N4[result[0].result["loser"]]
    assert out.rstrip().splitlines()[-1] == f"loser: {loser} (left with the queen of spades)"
    assert "waiting for Boris… 0 s" in out or "waiting for Vera… 0 s" in out
    assert "hand 1: verified" in out
    assert "You take card" in out  # the viewer's own moves in the second person


def _thousand_dealt() -> View:
    """Seat 0's view of a Thousand hand just dealt (seed 1)."""
    state = load_game("thousand").new_state()
    dealer = LocalDealer.seeded(state, 1)
    while dealer.answer() is not None:
        pass
    return state.view(0, dealer.knowledge[0])


def test_live_screen_waiting_clock_history_and_sheet() -> None:
    tui = scripted_seat("thousand", [])
    live = LiveScreen(tui, NAMES[:3])
    view = _thousand_dealt()
    live.feed(Waiting((2,), "move"), view, 10.0)
    live.feed(Waiting((2,), "move"), view, 15.0)  # the same wait: the clock keeps running
    live.draw(view, 22.5)
    assert "waiting for Vera… 12 s" in tui.console.export_text()
    live.feed(YourCards((1,), tuple(parse_cards("9H"))), view, 23.0)
    assert live.history[-1] == "You receive 9♥"
    live.feed(YourTurn(()), view, 24.0)
    assert live.waiting is None
    live.feed(HandStarted(2), view, 30.0)
    assert live.history[-1] == "— hand 2 —"
    assert "Score sheet" in text_of(live.below)


def test_the_waiting_line_says_when_the_vote_comes_at_a_lan_table() -> None:
    """A new user's trial: «ждём: Борис… 66 с» and nothing of the vote to come at the
    stall limit (120 s), which then surprised the others.  From half the limit on the
    screen's waiting line says it, in place and on a whole redraw."""
    tui = scripted_seat("thousand", [], lang="ru")
    tui.stall_limit = 120.0
    live = LiveScreen(tui, ["Аня", "Борис", "Вера"])
    view = _thousand_dealt()
    live.feed(Waiting((1,), "move"), view, 10.0)
    live.draw(view, 40.0)
    assert "ждём: Борис… 30 с" in tui.console.export_text()
    live.draw(view, 76.5)
    assert (
        "ждём: Борис… 66 с из 120: потом остальные могут закончить раздачу без этого игрока"
        in tui.console.export_text()
    )


def test_the_screens_waiting_line_stops_at_the_stall_limit() -> None:
    """A new user's trial (issue 15): «ждём: Борис… 39 с из 30» with nobody there to vote.
    Past the limit the screen says the limit has passed, and, when nobody connected can
    vote (the controller's ``Awaiting.voters``), that nobody can end the hand."""
    tui = scripted_seat("thousand", [], lang="ru")
    tui.stall_limit = 30.0
    live = LiveScreen(tui, ["Аня", "Борис", "Вера"])
    view = _thousand_dealt()
    live.feed(Waiting((1,), "move"), view, 10.0)
    live.draw(view, 49.0)
    out = tui.console.export_text()
    assert "ждём: Борис… предел ожидания (30 с) прошёл: остальные могут закончить" in out
    tui.voters = False
    live.draw(view, 49.0)
    out = tui.console.export_text()
    assert "ждём: Борис… предел ожидания (30 с) прошёл, но на связи нет никого" in out
    assert "39 с" not in out


class _Stuck(_Session):
    """A table that waits for Vera for ever (another player thinking)."""

    async def drive(self, choose: Any, on_update: Any) -> Any:
        on_update(SimpleNamespace(event=Waiting((2,), "move")), self.snapshot())
        await trio.sleep_forever()


async def test_keys_typed_while_another_player_thinks_take_effect_at_once() -> None:
    """Issue 15 item 1: one reader of the typed lines while waiting for another seat: a
    number typed early is said to be unused (never an answer to a later menu), ? shows
    the keys and the rules a screen at a time (q goes back), and q leaves at once, once
    confirmed (tests/cli/test_leave_confirm.py; Ctrl-D, the end of input, at once)."""
    for last in (("q", "y"), (None,)):
        send, recv = trio.open_memory_channel[Any](10)
        tui = scripted_seat("akulina", [])
        for line in ("5", "?", "q", *last):  # (q at the rules' pager: back to the table)
            send.send_nowait(line)
        with trio.fail_after(30), pytest.raises(BaseExceptionGroup) as got:
            await play_seat_live(_Stuck(seed=1), "en", tui=tui, keys=recv.receive)
        assert [type(e) for e in got.value.exceptions] == [Quit]
        out = tui.console.export_text()
        # ("yet" was wrong once the player's turn had passed: «сейчас не ваш ход» says it)
        assert "'5' was not used: it is not your turn now (q leaves the table, ? shows" in out
        assert "Keys: a number picks a choice, 0 goes back, ? shows these rules" in out
        assert "— page 1 of " in out
        assert "waiting for Vera" in out


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "'5' was not used: it is not your turn now (q leaves the table, ? shows the "
         "rules)."),
        ("ru", "«5» не учтено: сейчас не ваш ход (q — выйти из-за стола, ? — правила)."),
    ],
)  # fmt: skip
async def test_a_line_typed_off_turn_on_the_plain_seat(
    lang: str, line: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The line-by-line seat words a line typed while it is not the player's turn (before
    it, or after it passed: "not your turn yet" was wrong then) as the full screen does."""
    from p2pcards.cli._seat import play_lines

    class Thinking:  # (another seat's turn for ever)
        def snapshot(self) -> Any:
            return SimpleNamespace(names=N4, game="akulina", options={})

        def warning_in(self) -> None:
            return None

        async def drive(self, choose: Any, on_update: Any) -> Any:
            await trio.sleep_forever()

    session = SimpleNamespace(controller=Thinking(), heard=True)
    typed = iter(["5", None])

    async def source() -> str | None:
        await trio.sleep(0)
        return next(typed)

    with trio.fail_after(10), pytest.raises(BaseExceptionGroup) as got:
        await play_lines(session, lang, source=source)  # type: ignore[arg-type]
    assert [type(e) for e in got.value.exceptions] == [Quit]
    assert line in capsys.readouterr().out.splitlines()


async def test_a_long_wait_rewrites_the_waiting_line_in_place(autojump_clock: Any) -> None:
    """Waiting 9 s for another player: one screen drawn, then only its last line, the
    waiting seconds, rewritten in place every 2 s (it redrew the whole screen every 2 s,
    after a 'clear screen' that terminals copy into the scrollback: a new user's trial);
    the next change redraws the screen once, over the last one."""
    import io

    from rich.console import Console

    from p2pcards.cli._tui._seat import HOME_ERASE, UP_ERASE_LINE

    tui = scripted_seat("akulina", [], lang="ru")
    tui.clear = True
    tui.console = Console(file=io.StringIO(), width=110, force_terminal=True, color_system=None)

    class Waits(_Session):
        async def drive(self, choose: Any, on_update: Any) -> Any:
            on_update(SimpleNamespace(event=Waiting((2,), "move")), self.snapshot())
            await trio.sleep(9)  # Vera thinks
            on_update(SimpleNamespace(event=Waiting((3,), "move")), self.snapshot())
            await trio.sleep(1)
            raise Quit

    with pytest.raises(BaseExceptionGroup):
        await play_seat_live(Waits(seed=1), "ru", tui=tui)
    out = tui.console.file.getvalue()  # type: ignore[attr-defined]
    assert "\x1b[2J" not in out  # (no "clear screen")
    screens = out.split(HOME_ERASE)[1:]
    assert len(screens) == 2  # one per change: Vera's wait, then Gleb's
    first, rest = screens[0].split(UP_ERASE_LINE, 1)[0], screens[0].split(UP_ERASE_LINE)[1:]
    assert first.rstrip().splitlines()[-1] == "ждём: Vera… 0 с"
    assert [x.strip() for x in rest] == ["ждём: Vera… 2 с", "ждём: Vera… 4 с",
                                         "ждём: Vera… 6 с", "ждём: Vera… 8 с"]  # fmt: skip
    second = screens[1].split(UP_ERASE_LINE)
    assert second[0].rstrip().splitlines()[-1] == "ждём: Gleb… 0 с"


def test_an_abandoned_hand_shows_no_turn() -> None:
    """The hand ended by vote when Vera left on her turn: the screen no longer marks her
    turn nor says "Ходит: Vera" (a new user's trial: the last screen said whose turn it
    was, under "раздача окончена")."""
    from p2pcards.table import HandAbandoned, SeatLeft

    tui = scripted_seat("akulina", [], lang="ru")
    live = LiveScreen(tui, N4)
    state = load_game("akulina", seats=4).new_state()
    dealer = LocalDealer.seeded(state, 1)
    while dealer.answer() is not None:
        pass
    view = state.view(0, dealer.knowledge[0])
    turn = state.need().seat
    live.feed(Waiting((turn,), "move"), view, 0.0)
    live.draw(view, 1.0)
    before = tui.console.export_text(clear=True)
    assert "▶" in before and f"Ходит: {N4[turn]}" in before
    live.feed(SeatLeft(turn, 5), view, 2.0)
    live.feed(HandAbandoned(1, turn, 6, "left", {"loser": turn}), view, 2.0)
    live.draw(view, 3.0)
    after = tui.console.export_text()
    assert "▶" not in after and "Ходит" not in after and "ждём" not in after
    assert f"раздача окончена, поражение без игры: {N4[turn]} (место покинуто)" in after


async def test_the_player_is_warned_once_before_the_stall_limit(autojump_clock: Any) -> None:
    """Issue 15 item 3: a player back at the table on his turn was voted out as "not
    answering" with no warning.  Now, once a turn, under the open prompt: how many
    seconds are left before the others may end the hand without him (30 s before a
    120 s limit), then the prompt again; and a Notice ("back at the table") goes into
    the history, not under the prompt."""
    from p2pcards.peer import Notice

    tui = scripted_seat("akulina", [], lang="ru")
    started = trio.current_time()

    class Turn(_Session):
        session = SimpleNamespace(stall_limit=120.0)

        def snapshot(self) -> Any:
            snap = super().snapshot()
            snap.log_length = 7
            return snap

        def turn_seconds_left(self) -> float:
            return 120.0 - (trio.current_time() - started)

        def warning_in(self) -> float:  # (as the seat controller's: 30 s before)
            return max(0.0, self.turn_seconds_left() - 30.0)

        async def drive(self, choose: Any, on_update: Any) -> Any:
            state, dealer = self.table.state, self.dealer
            while True:  # (the others play until it is seat 0's move)
                if dealer.answer() is not None:
                    continue
                need = state.need()
                legal = state.legal_moves(need.seat, dealer.knowledge[need.seat])
                view = state.view(need.seat, dealer.knowledge[need.seat])
                if need.seat == 0 and len(legal) > 1 and tui.ui.planned(view, legal) is None:
                    break  # (a menu to answer, not a move played at once)
                bot = self.table.game.info.bots["basic"]
                dealer.apply(bot(view, legal, dealer.player_rngs[need.seat]))
            on_update(SimpleNamespace(event=Notice("снова за столом через 24,68 с")),
                      self.snapshot())  # fmt: skip
            with trio.move_on_after(100):
                await choose(self.snapshot())
            raise Quit

    async def never() -> str | None:
        await trio.sleep_forever()
        return None

    with pytest.raises(BaseExceptionGroup):
        await play_seat_live(Turn(seed=1), "ru", tui=tui, keys=never)
    out = tui.console.export_text()
    assert "снова за столом через 24,68 с" in out.split("выбор>")[0]  # (in the screen)
    warning = "осталось 30 с, чтобы сходить: потом остальные могут закончить раздачу без вас"
    assert out.count(warning) == 1
    assert out.rstrip().endswith("выбор>")  # the prompt again under it


def test_a_forfeit_in_thousand_is_explained_and_no_departed_seat_has_the_turn() -> None:
    """Issue 15 item 4: after a player left a game of Thousand the final screen showed an
    empty score sheet and an unexplained -120 in the final scores, and "Ходит: Борис"
    stayed on the screen after he left.  Now the turn line never names a seat that left,
    the sheet has the forfeit's row (item 3) and the forfeit is said: who, why, and the
    points."""
    from p2pcards.games import forfeit_result
    from p2pcards.table import HandAbandoned, SeatLeft

    tui = scripted_seat("thousand", [], lang="ru")
    live = LiveScreen(tui, NAMES[:3])
    game = load_game("thousand")
    state = game.new_state()
    dealer = LocalDealer.seeded(state, 1)
    before = state.clone()
    while dealer.answer() is not None:
        pass
    assert state.need().seat == 2  # Vera is to bid
    view = state.view(0, dealer.knowledge[0])
    live.draw(view, 0.0)
    assert "Ходит: Vera" in tui.console.export_text()
    live.feed(SeatLeft(2, 9), view, 1.0)
    live.draw(view, 1.0)
    out = tui.console.export_text()
    assert "Vera покидает стол" in out and "Ходит: Vera" not in out
    result = forfeit_result(before, state, 2)
    assert result["scores"] == [0, 0, -120]
    live.feed(HandAbandoned(1, 2, 9, "left", result), view, 2.0)
    live.feed(GameOver(result), view, 2.0)
    live.final(view)
    out = tui.console.export_text()
    # no hand was played out: the sheet has only the forfeit's row (item 3)
    sheet = out.split("Запись")[1]
    row = next(x for x in sheet.splitlines() if "поражение: Vera" in x)
    assert row.split("│")[5:8] == [" 0 (+0) ", " 0 (+0) ", " -120 (-120) поражение "]
    assert "Vera: поражение в раздаче 1 (место покинуто), -120 в записи" in out
    assert "итоговый счёт: Anna 0, Boris 0, Vera -120" in out
    # the seats table has the result's totals (a playtest: «Борис … 0» above «-120»)
    seats = out.split("Запись")[0].split("Тысяча")[-1]
    vera = next(x for x in seats.splitlines() if x.strip().startswith("Vera"))
    assert vera.split()[1:3] == ["7", "-120"]  # cards, score


def test_from_hand_two_the_sheet_sits_above_the_turn_and_the_waiting_clock_runs() -> None:
    """A new user's trial: from the second hand of Thousand on, the score sheet was
    printed under the screen, between "Ваш ход" and the choices, so the waiting line
    was no longer the last line and its seconds stopped ("ждём: Борис… 0 с" for 8 s),
    and after five hands the screen ran past a 50-line window.  Now the sheet sits
    between the history and the turn line, only its last SHEET_ROWS hands after a "…"
    row (the final screen has it whole), and the waiting line is last and ticks."""
    import io

    from rich.console import Console

    from p2pcards.cli._tui._live import SHEET_ROWS
    from p2pcards.cli._tui._seat import UP_ERASE_LINE

    game = load_game("thousand")
    state = game.new_state()
    dealer = LocalDealer.seeded(state, 3)
    basic = game.info.bots["basic"]
    while True:
        if dealer.answer() is not None:
            continue
        need = state.need()
        assert isinstance(need, Decision)
        if state.view(0, dealer.knowledge[0]).hand_no == 5:
            break
        s = need.seat
        legal = state.legal_moves(s, dealer.knowledge[s])
        dealer.apply(basic(state.view(s, dealer.knowledge[s]), legal, dealer.player_rngs[s]))
    view = state.view(0, dealer.knowledge[0])
    assert len(view.sheet) == 5  # five hands on the sheet
    tui = scripted_seat("thousand", [], lang="ru")
    tui.console = Console(file=io.StringIO(), width=110, force_terminal=True, color_system=None)
    live = LiveScreen(tui, NAMES[:3])
    live.feed(HandStarted(6), view, 0.0)
    live.feed(Waiting((1,), "move"), view, 0.0)
    live.draw(view, 0.0)
    screen = tui.console.file.getvalue()  # type: ignore[attr-defined]
    lines = [x.rstrip() for x in screen.splitlines() if x.strip()]
    assert lines[-1] == "ждём: Boris… 0 с"  # the last line: rewritten in place
    head = next(i for i, x in enumerate(lines) if x.startswith("┡"))  # the sheet's rows
    sheet_rows = lines[head + 1 : next(i for i, x in enumerate(lines) if x.startswith("└"))]
    numbers = [x.strip("│ ").split()[0] for x in sheet_rows]
    assert numbers[:1] == ["…"] and "1" not in numbers  # hand 1 is left out
    assert [n for n in numbers if n.isdigit()] == ["2", "3", "4", "5"][-SHEET_ROWS:]
    assert lines.index("Ходит: Boris") == head + len(sheet_rows) + 2  # just under the sheet
    assert live.tick(3.0)  # the seconds go on under the sheet
    rewritten = tui.console.file.getvalue()[len(screen) :]  # type: ignore[attr-defined]
    assert rewritten.startswith(UP_ERASE_LINE) and "ждём: Boris… 3 с" in rewritten
    live.final(view)
    final = tui.console.file.getvalue()  # type: ignore[attr-defined]
    assert "│ 1 " in final.split("ждём: Boris… 3 с")[-1]  # the whole sheet at the end


async def test_back_from_the_rules_the_table_is_drawn_again() -> None:
    """A new user's trial: `?` then `q` left the rules' last page on the screen with only
    the menu under it (the hand and the table scrolled away).  Back from the rules, while
    another player thinks and from the menu of the player's own turn, the whole screen
    is drawn again before anything else."""
    send, recv = trio.open_memory_channel[Any](10)
    tui = scripted_seat("akulina", [])
    for line in ("?", "q", "q", "y"):  # the rules while Vera thinks, back; then leave
        send.send_nowait(line)
    with trio.fail_after(30), pytest.raises(BaseExceptionGroup):
        await play_seat_live(_Stuck(seed=1), "en", tui=tui, keys=recv.receive)
    after = tui.console.export_text().split("— page 1 of ", 1)[1]
    assert "Akulina" in after and "waiting for Vera" in after  # the table again

    drawn: list[int] = []
    tui = scripted_seat("akulina", [])
    tui.after_rules = lambda: drawn.append(1)
    send, recv = trio.open_memory_channel[Any](10)
    for line in ("?", "q", "1"):  # the rules from the menu, back, then a choice
        send.send_nowait(line)
    game = load_game("akulina", seats=4)
    state = game.new_state()
    dealer = LocalDealer.seeded(state, 1)
    while dealer.answer() is not None:
        pass
    need = state.need()
    assert isinstance(need, Decision)
    legal = state.legal_moves(need.seat, dealer.knowledge[need.seat])
    view = state.view(need.seat, dealer.knowledge[need.seat])
    with trio.fail_after(30):
        move = await tui.choose(view, legal, N4, keys=recv.receive)
    assert drawn == [1] and move in legal


async def test_back_at_the_table_the_history_is_in_the_order_of_the_log() -> None:
    """Issue 15 item 1: after a resume (the program killed and started again, ``join``
    again) the history showed «Vera заявляет 100 (обязательная заявка первой руки)»
    above «— раздача 1 —»: the resume replays the whole log at once, and every replayed
    update was shown with the snapshot of now, whose auction the first line fed (a
    Waiting) already said.  Now a fact is said from the state a move was made in, and
    from the present only at the latest update."""
    game = load_game("thousand")
    state = game.new_state()
    dealer = LocalDealer.seeded(state, 1)
    events: list[Any] = [Waiting((1, 2), "key"), HandStarted(1)]
    basic = game.info.bots["basic"]
    while True:  # the deal, then the auction until it is seat 0's bid
        if dealer.answer() is not None:
            continue
        need = state.need()
        if need.seat == 0:
            break
        s = need.seat
        legal = state.legal_moves(s, dealer.knowledge[s])
        before = state.view(0, dealer.knowledge[0])
        move = basic(state.view(s, dealer.knowledge[s]), legal, dealer.player_rngs[s])
        dealer.apply(move)
        events += [Waiting((s,), "move"), MoveMade(s, move, before)]
    events.append(YourTurn(tuple(state.legal_moves(0, dealer.knowledge[0]))))
    view = state.view(0, dealer.knowledge[0])
    assert view.auction[0] == (1, 100) and len(view.auction) == 2  # Boris 100, Vera's call

    class Resumed:
        published = len(events)

        def snapshot(self) -> Any:  # (the present: a resume replays every update at once)
            return SimpleNamespace(game="thousand", options={}, names=NAMES[:3], view=view,
                                   legal=(), log_length=30)  # fmt: skip

        async def drive(self, choose: Any, on_update: Any) -> Any:
            for i, ev in enumerate(events):
                on_update(SimpleNamespace(seq=i, event=ev), self.snapshot())
            return None

    tui = scripted_seat("thousand", [], lang="ru")
    await play_seat_live(Resumed(), "ru", tui=tui)
    out = tui.console.export_text()
    history = out.split("История")[-1]  # (the last screen's)
    hand = history.index("— раздача 1 —")
    bid = history.index("Boris заявляет 100 (обязательная заявка первой руки)")
    vera = history.index("Vera ", bid)  # Vera's call, the first move
    assert hand < bid < vera
    assert history.count("обязательная заявка") == 1
    # one screen, at the latest update (a playtest's resume drew 219, the first of them
    # with "Ваш ход" over "ждём: Бот 1 и Бот 2… 0 с", a Waiting of the genesis)
    assert out.count("История") == 1


async def test_a_restarted_seat_says_it_waits_for_the_others_before_its_move(
    tmp_path: Any,
) -> None:
    """A new user's trial (issue 15): restarted on its turn at a table the others had ended
    and left, the screen offered the move (and took it) before «никто не отвечает».  Now,
    until another seat answers, its last line says it waits for them, and no menu is
    offered; once one answers, the menu comes."""
    from tests.peer.test_controller import _bot_step, _restarted, _sessions, _start

    ss = _sessions("akulina", 2, 1, tmp_path)
    _start(ss)
    rngs = [random.Random(i) for i in range(2)]
    while not ss[1].controller.snapshot().my_turn:
        assert _bot_step(ss, rngs)
    back = _restarted(ss[1], tmp_path / "p1")
    tui = scripted_seat("akulina", [], lang="ru")
    _send, recv = trio.open_memory_channel[Any](10)  # (no line typed)
    async with trio.open_nursery() as n:
        n.start_soon(play_seat_live, back.controller, "ru", tui, recv.receive)
        await trio.sleep(0.1)
        before = tui.console.export_text(clear=False)
        back._link_up(0)  # seat 0 answers
        with trio.fail_after(5):
            while "выбор>" not in tui.console.export_text(clear=False):
                await trio.sleep(0.01)
        n.cancel_scope.cancel()
    assert before.rstrip().splitlines()[-1] == "вы снова за столом: ждём ответа (seat0)… 0 с"
    assert "выбор>" not in before and "ждём: seat0" not in before
    assert "Ваш ход" not in before  # (a new user's trial: the turn line said it meanwhile)


def test_a_seat_whose_time_is_up_sees_the_vote_not_its_turn() -> None:
    """The re-trial of rule 6 (``protocol/table.md`` §3): Аня's time ran out and Вера
    voted; her move was refused, yet her screen said «Ваш ход» and «ждём: Борис… 15 с из
    30: потом остальные могут закончить раздачу без этого игрока», as if Борис were the
    one to be voted out.  Now no turn is shown and the line names the votes awaited."""
    state = load_game("thousand").new_state()
    dealer = LocalDealer.seeded(state, 1)
    while dealer.answer() is not None:
        pass
    tui = scripted_seat("thousand", [], lang="ru")
    me = next(s for s in range(3) if tui.ui.turn(state.view(s, dealer.knowledge[s])) == s)
    view = state.view(me, dealer.knowledge[me])
    other = (me + 1) % 3
    names = ["Аня", "Борис", "Вера"]
    tui.stall_limit = 30.0
    live = LiveScreen(tui, names)
    live.draw(view, 0.0)
    assert "Ваш ход" in tui.console.export_text()
    live.feed(VoteCast((me + 2) % 3, me, "stall", 1), view, 31.0)
    live.feed(Waiting((other,), "abandon", {"stalled": me, "reason": "stall"}), view, 31.0)
    live.time_up = me  # (play_seat_live: the controller's Awaiting, reason "abandon")
    live.draw(view, 46.0)
    out = tui.console.export_text()
    assert "Ваш ход" not in out
    voter = names[(me + 2) % 3]
    assert f"голос за конец раздачи без вас: {voter}" in out
    assert (
        f"ждём: {names[other]}… 15 с (ваше время на ход вышло: согласие остальных закончить "
        "раздачу)" in out
    )
    assert "из 30" not in out
