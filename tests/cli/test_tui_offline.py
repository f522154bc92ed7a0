"""``p2pcards play --offline``: whole games in-process with typed choices, the score
sheet between hands, the final result lines, and clear errors for bad arguments."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from p2pcards.cli import main
from p2pcards.cli._offline import play_offline
from p2pcards.games import load_game
from p2pcards.ui import Texts, seat_names
from tests.cli._tui_util import scripted_seat


def _play(name: str, seats: int, seed: int, **options: Any) -> tuple[Any, str, list[str]]:
    game = load_game(name, seats=seats, **options)
    seat = scripted_seat(name, ["1"] * 3000, options=game.options)
    names = seat_names(seats, 0, "Anna", "en")
    bots = [game.info.bots["basic"]] * seats
    result = play_offline(game, seat, human=0, bots=bots, names=names, seed=seed)
    return result, seat.console.export_text(), names


@pytest.mark.parametrize(
    ("name", "seats", "options"),
    [
        ("akulina", 4, {"hands": 2}),
        ("thousand", 3, {"max_hands": 2}),
        ("101", 3, {"max_rounds": 2}),
        ("sunduchki", 4, {}),
    ],
)
def test_whole_game_with_typed_choices(name: str, seats: int, options: dict[str, Any]) -> None:
    result, out, names = _play(name, seats, 3, **options)
    tail = out.rstrip().splitlines()
    t = Texts("en")
    w, lo = result["winners"], result["losers"]
    winners, losers = t.join(names[s] for s in w), t.join(names[s] for s in lo)
    assert tail[-2:] == [
        t.n("winner: {who}", "winners: {who}", len(w), who=winners),
        t.n("loser: {who}", "losers: {who}", len(lo), who=losers),
    ]
    if name == "thousand":
        # the sheet after hand 1 (between hands) and the final one with both hands
        assert out.count("Score sheet") == 2
        scores = ", ".join(f"{names[s]} {result['scores'][s]}" for s in range(3))
        assert f"final scores: {scores}" in out
    if name == "akulina":
        assert f"loser: {names[result['loser']]} (left with the queen of spades)" in out
        assert out.count("Losses in the series") == 2
    if name == "101":
        assert "Round 1" in out and "series scores:" in out
    if name == "sunduchki":
        chests = ", ".join(f"{names[s]} {result['chests'][s]}" for s in range(4))
        assert f"chests: {chests}" in out


def test_lan_branch_lists_the_tables_found(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``p2pcards play`` (no --offline) lists what mDNS found; q leaves.  mDNS itself is
    replaced here: discovery is tested in a network namespace in tests/net."""
    from contextlib import asynccontextmanager

    from p2pcards import net
    from p2pcards.cli import _lanplay

    ad = net.TableAd(
        "Пятница",
        b"t" * 16,
        "thousand",
        1,
        3,
        "Аня",
        b"k" * 32,
        40000,
        fingerprint="AAAA-BBBB-CCCC-DDDD",
        addresses=("10.0.0.7",),
    )

    class FakeBrowser:
        def tables(self) -> list[net.TableAd]:
            return [ad]

    @asynccontextmanager
    async def fake_browse(**kw: object):  # type: ignore[no-untyped-def]
        yield FakeBrowser()

    async def no_sleep(t: float) -> None:
        return None

    monkeypatch.setattr(_lanplay.net, "browse", fake_browse)
    monkeypatch.setattr(_lanplay.trio, "sleep", no_sleep)

    async def ask(prompt: str) -> str:
        return "q"

    monkeypatch.setattr(_lanplay, "ask", ask)
    assert main(["play", "--tui", "--lang", "en", "--home", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "1. Пятница: Thousand, 1/3, Аня [AAAA-BBBB-CCCC-DDDD]" in out
    assert "0. host a new table" in out


def test_bad_arguments_are_clear_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--offline", "--lang", "en"]) == 2
    assert "p2pcards play --offline needs a GAME" in capsys.readouterr().err
    assert main(["play", "--offline", "akulina", "--seats", "3", "--seat", "4"]) == 2
    assert "--seat 4 is not a seat of 3 (1-3)" in capsys.readouterr().err  # counted from 1
    assert main(["play", "--offline", "akulina", "--seats", "3", "--seat", "0", "--tui"]) == 2
    assert "--seat 0 is not a seat of 3 (1-3)" in capsys.readouterr().err
    assert main(["play", "--offline", "akulina", "--bots", "genius"]) == 2
    err = capsys.readouterr().err
    assert "unknown bot 'genius' for akulina (bots: random, basic, strong, easy, medium, hard)" in (
        err
    )
    with pytest.raises(SystemExit) as e:
        main(["play", "--offline", "akulina", "--seats", "9"])
    assert e.value.code == 2
    assert "akulina is played by 2 to 8 players, not 9" in capsys.readouterr().err


def test_quitting_says_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    rc = main(["play", "--offline", "thousand", "--tui", "--seed", "4", "--lang", "ru"])
    assert rc == 130  # as leaving a LAN table (README)
    out = capsys.readouterr().out
    assert "Вы вышли из игры." in out
    # the seats in their plural form and «сид», not "Тысяча: мест: 3, зерно 4" (issue 15)
    assert "Тысяча, 3 места, сид 4, ваше место — 1" in out


def test_bots_given_as_a_number_are_that_many_easy_bots(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``play --offline thousand --bots 2`` is you against two easy bots, as ``host --bots
    2`` is (a new user's trial: it said "unknown bot '2'")."""
    import p2pcards.cli._offline as offline

    got: list[tuple[int, str]] = []
    monkeypatch.setattr(
        offline, "offline_main", lambda args, seed: got.append((args.seats, args.bots)) or 0
    )
    assert main(["play", "--offline", "thousand", "--bots", "2", "--tui"]) == 0
    assert main(["play", "--offline", "akulina", "--bots", "3", "--seats", "4", "--tui"]) == 0
    assert got == [(3, "basic"), (4, "basic")]
    assert (
        main(["play", "--offline", "akulina", "--bots", "2", "--seats", "4", "--lang", "en"]) == 2
    )
    assert capsys.readouterr().err == (
        "p2pcards: --bots 2 and --seats 4 disagree: you and the bots take 3 seats (or give "
        "levels per seat: --bots hard,easy)\n"
    )
    # the number of seats in its plural form, not "занимаете мест: 3" (issue 15)
    for bots, seats, taken in (("2", "4", "3 места"), ("4", "3", "5 мест")):
        argv = ["play", "--offline", "akulina", "--bots", bots, "--seats", seats, "--lang", "ru"]
        assert main(argv) == 2
        assert capsys.readouterr().err == (
            f"p2pcards: --bots {bots} и --seats {seats} не сходятся: вместе с ботами вы "
            f"занимаете {taken} (или задайте уровень каждому месту: --bots hard,easy)\n"
        )
    assert main(["play", "--offline", "akulina", "--bots", "0", "--lang", "ru"]) == 2
    assert capsys.readouterr().err == (
        "p2pcards: --bots 0: без сети вы играете хотя бы против одного бота\n"
    )
