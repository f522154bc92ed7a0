"""``p2pcards simulate``: argument checks, confidence intervals, and --jobs independence."""

from __future__ import annotations

import pytest

from p2pcards.cli import main
from p2pcards.cli._match import MatchSpec, game_seeds, run_match
from p2pcards.cli._stats import mean_ci, wilson


def test_wilson_interval_values() -> None:
    # Reference values (Newcombe 1998, table I: 0/10 -> 0-0.2775; 5/10 -> 0.2366-0.7634).
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = wilson(5, 10)
    assert (lo, hi) == (pytest.approx(0.2366, abs=1e-4), pytest.approx(0.7634, abs=1e-4))
    lo, hi = wilson(10, 10)
    assert lo == pytest.approx(0.7225, abs=1e-4) and hi == pytest.approx(1.0)
    with pytest.raises(ValueError):
        wilson(1, 0)
    m, a, b = mean_ci([1.0, 2.0, 3.0])
    assert m == 2.0 and a == pytest.approx(2 - 1.96 * 1 / 3**0.5, abs=1e-3)
    assert b == pytest.approx(2 + 1.96 * 1 / 3**0.5, abs=1e-3)


@pytest.mark.parametrize("games", ["0", "-3"])
def test_games_below_one_is_a_clear_error(games: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "akulina", "--games", games, "--lang", "en"]) == 2
    assert f"--games must be at least 1, not {games}" in capsys.readouterr().err


def test_jobs_below_one_and_unknown_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "akulina", "--games", "2", "--jobs", "0", "--lang", "en"]) == 2
    assert "--jobs must be at least 1, not 0" in capsys.readouterr().err
    with pytest.raises(SystemExit) as e:
        main(["simulate", "akulina", "--bots", "genius", "--lang", "en"])
    assert e.value.code == 2
    assert "unknown bot 'genius' for akulina" in capsys.readouterr().err


def test_seeds_are_drawn_from_the_master_seed() -> None:
    assert game_seeds(7, 3) == game_seeds(7, 5)[:3]
    assert game_seeds(7, 3) != game_seeds(8, 3)


def test_results_do_not_depend_on_jobs() -> None:
    spec = MatchSpec("101", 3, {}, ("basic", "random", "random"), rotate=True)
    one = run_match(spec, 6, seed=11, jobs=1)
    two = run_match(spec, 6, seed=11, jobs=2)
    assert one == two
    assert [r.index for r in two] == list(range(6))
    # rotation: game i seats the basic bot at seat i mod 3
    assert [r.bots.index("basic") for r in one] == [0, 1, 2, 0, 1, 2]


def test_simulate_reports_intervals(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "akulina", "--games", "8", "--seed", "3", "--lang", "en"]
    assert main([*args, "--jobs", "2", "--bots", "basic,random"]) == 0
    two = capsys.readouterr().out
    assert main([*args, "--jobs", "1", "--bots", "basic,random"]) == 0
    one = capsys.readouterr().out
    table = [ln for ln in one.splitlines() if not ln.startswith(("games per", "Akulina"))]
    assert table == [ln for ln in two.splitlines() if not ln.startswith(("games per", "Akulina"))]
    assert "Akulina (Old Maid): 8 games, 4 seats, seed 3, jobs 1" in one
    assert "95% Wilson" in one
    assert " all  random" in one and "(24 seats)" in one


def test_host_bots_accepts_a_count_or_levels() -> None:
    from p2pcards.cli.host import bot_seats

    assert bot_seats("2", "hard") == ["hard", "hard"]
    assert bot_seats("0", "basic") == []
    assert bot_seats("hard, medium", "basic") == ["hard", "medium"]
    assert bot_seats("-1", "basic") is None and bot_seats(" , ", "basic") is None


def test_simulate_levels_per_seat(capsys: pytest.CaptureFixture[str]) -> None:
    # Akulina has no strong bot: every level plays basic (a game of chance).
    args = ["simulate", "akulina", "--games", "3", "--jobs", "1", "--lang", "en"]
    assert main([*args, "--bots", "hard,medium,easy"]) == 0
    out = capsys.readouterr().out
    assert "   1  hard" in out and "   2  medium" in out and "   3  easy" in out  # from 1
