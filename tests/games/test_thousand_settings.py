"""Thousand table settings and starting from a score sheet, with deal D1 of
tests/games/test_thousand.py: seat 0 declares and takes 161 (61 card points and the
hearts marriage, 100), the defenders 32 and 27 card points; rounded 160, 30, 25.

Settings (docs/rules/thousand.md): ``barrel_exact`` (only a made bid of exactly the
barrel bid leaves the barrel), ``rounding=none`` (scores as counted); ``scores`` (a
game continued from a paper sheet)."""

from __future__ import annotations

import re

import pytest

from p2pcards.games import OptionError, load_game
from p2pcards.games.thousand import ScoreSheetError, Standing, parse_scores
from tests.games.test_thousand import D1_TRICKS, Table, contested, give


def _play_d1(t: Table, bid: int = 105) -> None:
    contested(t, bid=bid)
    give(t)
    for trick in D1_TRICKS:
        for seat, card, declare in trick:
            t.play(seat, card, declare)


def test_d1_raw_totals() -> None:
    t = Table(rounding="none")
    _play_d1(t)
    assert t.state.sheet[0].taken == (161, 32, 27)


@pytest.mark.parametrize(
    ("exact", "bid", "score", "barrel"),
    [
        (False, 120, 1040, None),  # at least 120: leaves the barrel
        (False, 125, 1040, None),
        (True, 120, 1040, None),  # exactly 120: leaves it
        (True, 125, 880, 1),  # a made 125 is not "ровно на 120": a try used
    ],
)
def test_barrel_exact(exact: bool, bid: int, score: int, barrel: int | None) -> None:
    t = Table(barrel_exact=exact, scores="880,0,0")
    _play_d1(t, bid=bid)
    st = t.state.standings[0]
    assert (st.score, st.barrel) == (score, barrel)


def test_rounding_none_writes_scores_as_counted() -> None:
    t = Table(rounding="none")
    _play_d1(t)
    assert t.state.scores == [161, 32, 27]
    t = Table()  # the default rounds to five: 161 -> 160, 32 -> 30, 27 -> 25
    _play_d1(t)
    assert t.state.scores == [160, 30, 25]


def test_rounding_none_from_a_sheet_of_unrounded_scores() -> None:
    # seat 1 starts at 3 (allowed without rounding) and gains 32: 35; seat 2 -7 + 27
    t = Table(rounding="none", scores="0,3,-7")
    _play_d1(t)
    assert t.state.scores == [161, 35, 20]


# ---------------------------------------------------------------- score sheets


def test_scores_option_sets_standings_and_labels() -> None:
    got = parse_scores("Аня=455b1, Борис=880/2 ,Вера=-120", 3, load_game("thousand").options)
    assert got == [
        ("Аня", Standing(455, None, 1)),
        ("Борис", Standing(880, 2, 0)),
        ("Вера", Standing(-120, None, 0)),
    ]
    s = load_game("thousand", scores="Аня=455b1,Борис=880/2,Вера=120").new_state()
    assert [(st.score, st.barrel, st.bolts) for st in s.standings] == [
        (455, None, 1),
        (880, 2, 0),
        (120, None, 0),
    ]
    assert s.view(0, {}).scores == (455, 880, 120)


def test_new_state_scores_is_the_option() -> None:
    g = load_game("thousand")
    s = g.new_state(scores=[455, Standing(880, barrel=2), ("Вера", Standing(120, bolts=1))])
    assert s.game.options["scores"] == "455,880/2,Вера=120b1"
    assert s.game.describe()["options"]["scores"] == "455,880/2,Вера=120b1"
    assert [st.score for st in s.standings] == [455, 880, 120]
    assert s.digest() == g.new_state(scores="455,880/2,Вера=120b1").digest()


@pytest.mark.parametrize(
    ("sheet", "message"),
    [
        ("455,880", "2 entries for 3 seats"),
        ("455,880,12", "entry 3 '12': 12 is not a multiple of 5"),
        ("455,890,0", "entry 2 '890': no score lies between the barrel 880 and the target"),
        ("455,1000,0", "entry 2 '1000': 1000 has reached the target 1000"),
        ("455/1,0,0", "entry 1 '455/1': /1 (barrel tries) needs the score 880"),
        ("880/3,0,0", "entry 1 '880/3': 3 hands on the barrel; at most 2"),
        ("0b3,0,0", "entry 1 '0b3': 3 bolts; at most 2"),
        ("Аня:455,0,0", "entry 1 'Аня:455': expected [NAME=]SCORE"),
    ],
)
def test_bad_score_sheets_are_refused_naming_the_entry(sheet: str, message: str) -> None:
    with pytest.raises(ScoreSheetError, match=re.escape(message)) as e:
        load_game("thousand", scores=sheet)
    assert isinstance(e.value, ValueError) and isinstance(e.value, OptionError)


def test_score_sheet_respects_the_options() -> None:
    assert load_game("thousand", rounding="none", scores="3,4,7").options["scores"] == "3,4,7"
    load_game("thousand", barrel=0, scores="950,990,0")  # no barrel: any score below 1000
    with pytest.raises(ScoreSheetError, match="at most 0"):
        load_game("thousand", barrel_tries=1, scores="880/1,0,0")
    with pytest.raises(ScoreSheetError, match="4 entries for 2 seats"):
        load_game("thousand", seats=2, scores="0,0,0,0")
    with pytest.raises(OptionError, match="keeps no score"):
        load_game("sunduchki").new_state(scores=[1, 2, 3, 4])


# ---------------------------------------------------------------- command line


def test_simulate_two_and_four_seats_and_scores(capsys: pytest.CaptureFixture[str]) -> None:
    from p2pcards.cli import main

    assert main(["simulate", "thousand", "--seats", "2", "--games", "2", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Thousand: 2 games, 2 seats" in out and "declarer made the bid:" in out
    args = ["simulate", "thousand", "--seats", "4", "--games", "1", "--lang", "ru"]
    assert main([*args, "--scores", "Аня=900,Борис=880,Вера=120,Дима=0", "-o", "barrel=0"]) == 0
    out = capsys.readouterr().out
    assert "Тысяча: 1 партия, 4 места, сид 7" in out and "в среднем раздач за партию" in out
    with pytest.raises(SystemExit) as e:
        main(["simulate", "thousand", "--lang", "en", "--scores", "Аня=455,Борис=890,Вера=0"])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.splitlines() == [  # the error and the sheet's form, no list of every option
        "p2pcards: --scores entry 2 'Борис=890': no score lies between the barrel 880 and the "
        "target 1000",
        "  --scores: start from a score sheet: one [NAME=]SCORE[/TRIES][bBOLTS] per seat in "
        "seat order, e.g. 'Аня=455,Борис=880/2,Вера=120b1' (empty: everyone at 0)",
    ]
