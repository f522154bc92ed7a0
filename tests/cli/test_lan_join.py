"""Hosting and joining as a newcomer does, in Russian and English, through
pseudo-terminals in a private network namespace (issue 15, items 2, 3 and 7): the host
asks about an unfinished table (a wrong key asks again), prints its real address as a
ready ``p2pcards join 10.77.0.1:PORT`` line and a bot joins through that line; joining
a name nobody hosts lists the tables seen; an address where nothing answers fails
within its timeout with a retry hint; joining a game that already started says so."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from tests.net._netns import run_in_netns
from tests.ui._latin import foreign_words

HERE = Path(__file__).resolve().parent
VETH = (
    "ip link add v0 type veth peer name v1 && ip addr add 10.77.0.1/24 dev v0 "
    "&& ip link set v0 up && ip link set v1 up"
)  # 10.77.0.1 is ours; 10.77.0.99 never answers (nobody holds it)


def russian_ok(text: str) -> list[str]:
    """The lines of a Russian output with English words in them (table names, commands
    and addresses aside)."""
    lines = [x.replace("Аня: Акулина", "Аня") for x in text.splitlines()]
    return [x for x in lines if foreign_words(x)]


def _scenario() -> str:
    return run_in_netns(
        [sys.executable, str(HERE / "_lan_scenario.py")], timeout=150, extra_setup=VETH
    )


def test_joining_as_a_newcomer_in_russian_and_english() -> None:
    try:
        out = _scenario()
    except pytest.fail.Exception as e:
        # the deal is random: about once in a hundred 2-seat deals the host is left with
        # nothing to choose (e.g. only the queen of spades after the pairs go) and the
        # game ends before the first prompt the scenario waits for; that deal, and only
        # that one, is played again (seen once in CI: "итог: проигравший: Аня" before it)
        if "the host's first move" not in str(e) or "итог: " not in str(e):
            raise
        out = _scenario()
    got = json.loads(next(x for x in out.splitlines() if x.startswith("RESULT "))[7:])
    # the unfinished table is asked about, never resumed in its place; a wrong key asks again
    assert "У вас есть незаконченный стол: Тысяча d1d2d3d4 (Аня, Борис, Вера; " in got["question"]
    assert (
        "  3. бросить его (журнал останется для проверки) и открыть новый стол" in got["question"]
    )
    assert "введите 1, 2, 3 или q" in got["again"]
    # the host's real address, as a ready line (the bot joined through it), never loopback
    hosting = got["hosting"]
    assert "брошен; журнал остаётся для проверки" in hosting
    joins = re.findall(r"p2pcards join (\S+)", hosting)
    assert re.fullmatch(r"10\.77\.0\.1:\d+", joins[0]) and not any("127.0.0.1" in j for j in joins)
    assert "p2pcards join 'Аня: Акулина'" in hosting
    port = joins[0].rsplit(":", 1)[1]
    expected = {
        ("nobody", "en"): "no table called 'Nobody'; tables seen: 'Аня: Акулина'",
        ("nobody", "ru"): "стола «Nobody» нет; видны столы: «Аня: Акулина»",
        ("dead", "en"): f"p2pcards: no answer from 10.77.0.99:{port} within 1 s: is the host "
        f"running, and is this the address it prints? Retry with: p2pcards join 10.77.0.99:{port}",
        ("dead", "ru"): f"p2pcards: 10.77.0.99:{port} не ответил за 1 с: запущен ли стол и тот "
        f"ли это адрес, что он показывает? Ещё раз: p2pcards join 10.77.0.99:{port}",
        ("late", "en"): f"p2pcards: the game at 10.77.0.1:{port} has already started: ask its "
        "players for a new table",
        ("late", "ru"): f"p2pcards: игра на 10.77.0.1:{port} уже началась: попросите игроков "
        "открыть новый стол",
    }
    for (case, lang), line in expected.items():
        text, rc = got[case][lang]
        assert line in text.splitlines(), (case, lang, text)
        assert rc == (1 if case == "nobody" else 2)
        assert "Traceback" not in text
        if lang == "ru":
            assert russian_ok(text) == [], (case, text)
    assert russian_ok(hosting) == []
    assert got["host_rc"] == 130
