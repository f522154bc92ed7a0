"""What the other players' pages say when a seat leaves a LAN table (issue 15: a web
page said "Галя не отвечает" of someone who left, and "connection lost" for her): the
seat's leave, then its link dropping as its program ends, through the peer's sessions
(no network: what one session queues is handed to the others).  The page names her as
gone ("Boris left the table" / "… покидает стол", the terminal's words), never as silent
or as a lost connection; the end of the hand says she left and forfeits."""

from __future__ import annotations

import random
from pathlib import Path

import trio

from p2pcards.games import game_info
from p2pcards.peer import PeerBack, PeerLost
from p2pcards.web._lan import ControllerSource
from p2pcards.web._screen import screen
from tests.peer.test_controller import _deliver, _sessions, _start


async def test_the_others_pages_say_a_seat_left_never_lost_or_silent(tmp_path: Path) -> None:
    ss = _sessions("akulina", 3, 5, tmp_path)
    rngs = [random.Random(i) for i in range(3)]
    bot = game_info("akulina").bots["basic"]
    names = ss[0].names
    page = ControllerSource(ss[0].controller)
    shown: dict[str, dict[str, object]] = {}
    async with trio.open_nursery() as n:
        n.start_soon(page.run)
        for s in (1, 2):  # the mesh's first links (no news)
            ss[0]._emit(PeerBack(s, names[s], again=False))
        _start(ss)
        for _ in range(10_000):  # the bots play until it is seat 2's move: not seat 1's
            snaps = [s.controller.snapshot() for s in ss]
            if snaps[2].my_turn:
                break
            i = next(i for i, snap in enumerate(snaps) if snap.my_turn)
            ss[i].controller.play(bot(snaps[i].view, list(snaps[i].legal), rngs[i]))
            _deliver(ss)
        ss[1].handle(ss[1].table.leave())  # seat 1 leaves, then its program ends
        _deliver(ss)
        ss[0]._emit(PeerLost(1, names[1], "closed"))
        await trio.testing.wait_all_tasks_blocked()
        shown["left"] = {lang: screen(page.snapshot(), lang, 0.0) for lang in ("en", "ru")}
        await trio.testing.wait_all_tasks_blocked()
        shown["over"] = {lang: screen(page.snapshot(), lang, 0.0) for lang in ("en", "ru")}
        n.cancel_scope.cancel()
    ab = ss[0].table.abandoned
    assert ab is not None and (ab.seat, ab.reason) == (1, "left")
    who = names[1]
    en, ru = shown["left"]["en"], shown["left"]["ru"]
    assert en["alerts"] == [f"{who} left the table"]  # not "connection to … lost"
    assert ru["alerts"] == [f"{who} покидает стол"]
    assert en["seats"][1]["info"][0] == "left the table"
    assert "connection lost" not in en["seats"][1]["info"]
    assert f"{who} left the table" in en["history"]
    assert f"{who} покидает стол" in ru["history"]
    for screens in shown.values():
        for lang, sc in screens.items():
            text = " ".join([*sc["history"], *sc["alerts"]])  # type: ignore[list-item]
            assert "connection" not in text and "связь" not in text, (lang, text)
            assert "stopped" not in text and "не отвечает" not in text, (lang, text)
    # the hand ends at once: seat 2, awaited, votes on the leave and seat 0 joins it
    # (issue 15 item 2; before, the hand went on until the table waited for seat 1)
    assert shown["left"]["en"]["over"] is True
    en, ru = shown["over"]["en"], shown["over"]["ru"]
    assert en["over"] is True and en["result"] == [f"loser: {who} (forfeits the hand)"]
    assert f"the hand is over: {who} left the table and forfeits" in en["history"]
    assert f"раздача окончена, поражение без игры: {who} (место покинуто)" in ru["history"]
    voters = [names[0], names[2]]
    assert any(f"{v} votes to end the hand without {who}" in en["history"] for v in voters)


async def test_at_two_seats_a_leave_ends_the_hand_and_the_page_knows_it_is_over(
    tmp_path: Path,
) -> None:
    """Two seats: the leave ends the hand at once, with no result.  The page's screen
    says the game is over (``over``), so when the program then ends, the page says so
    ("closed") instead of "The connection to the game was lost… Retrying"."""
    ss = _sessions("akulina", 2, 5, tmp_path)
    names = ss[0].names
    page = ControllerSource(ss[0].controller)
    async with trio.open_nursery() as n:
        n.start_soon(page.run)
        ss[0]._emit(PeerBack(1, names[1], again=False))
        _start(ss)
        ss[1].handle(ss[1].table.leave())
        _deliver(ss)
        ss[0]._emit(PeerLost(1, names[1], "closed"))
        await trio.testing.wait_all_tasks_blocked()
        sc = {lang: screen(page.snapshot(), lang, 0.0) for lang in ("en", "ru")}
        n.cancel_scope.cancel()
    assert ss[0].table.abandoned is not None and ss[0].table.abandoned.result is None
    en, ru = sc["en"], sc["ru"]
    assert en["over"] is True and en["result"] is None
    assert f"the hand is abandoned, no result: {names[1]} left the table" in en["history"]
    assert f"раздача прервана без итога: {names[1]} (место покинуто)" in ru["history"]
    assert not any("connection" in line for line in en["history"] + en["alerts"])
