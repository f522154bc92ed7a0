"""Coming back to a LAN table that is over (a new user's trial, session 9): a seat that
left a game which cannot go on is told so at once by the same command (not after 30 s of
dialling and a "try again"); a seat killed and voted out, restarted, votes nobody out and
is told the others may have ended the game.  Through pseudo-terminals in a private
network namespace (``_lan_comeback.py``: two tables at once, one netns run for the
module)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from p2pcards.peer._storage import read_entries
from tests.net._netns import run_in_netns

HERE = Path(__file__).resolve().parent


@pytest.fixture(scope="module")
def back() -> Any:
    out = run_in_netns([sys.executable, str(HERE / "_lan_comeback.py")], timeout=300)
    return json.loads(next(x for x in out.splitlines() if x.startswith("RESULT "))[7:])


def _plain(text: str) -> str:
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text)


def _flat(text: str) -> str:
    """The words of a screen, its boxes' borders gone (a history line wraps in its box)."""
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", _plain(text)).split())


def test_the_same_join_after_the_game_ended_says_it_is_over_at_once(back: Any) -> None:
    """Before: «на 127.0.0.1:PORT никто не принимает соединений (пробовали 30 с): запущен
    ли стол…? Ещё раз: p2pcards join …» after 30 s of dialling a host that had gone."""
    text, rc = back["vera"]
    assert rc == 130
    assert ("Вы вышли из-за стола: остальные закончили раунд, и вам засчитано поражение. Игра "
            "окончена: она есть в p2pcards games.") in _plain(text)  # fmt: skip
    assert "вернуться" not in text and "brings you back" not in text
    anya, rc = back["anya"]
    # (three seats: Vera forfeits, the game ends with its result: status 0, as its audit)
    assert rc == 0 and "Игра окончена: для нового раунда нужны все игроки, а один выбыл" in anya
    ru, rc = back["vera_again_ru"]
    assert rc == 1
    assert re.search(r"эта игра окончена: Сто одно [0-9a-f]{8} \(Аня, Борис, Вера; [^)]*\); "
                     r"p2pcards games покажет итог", ru)  # fmt: skip
    en, rc = back["vera_again_en"]
    assert rc == 1
    assert re.search(r"this game is over: 101 \(One Hundred and One\) [0-9a-f]{8} \(Аня, Борис, "
                     r"Вера; [^)]*\); p2pcards games shows how it ended", en)  # fmt: skip
    for said in (ru, en):
        assert "никто не принимает" not in said and "nothing listens" not in said
        assert "p2pcards join" not in said  # (no "try again")


def test_the_leavers_log_holds_the_end_as_the_others(back: Any) -> None:
    """The leaver waited for the others' votes before going: its log ends as theirs."""
    [mine] = back["logs"]["vera"]
    [theirs] = back["logs"]["anya"]
    assert Path(mine).name == Path(theirs).name
    assert read_entries(Path(mine)) == read_entries(Path(theirs))
    assert ".done" in back["gone"]["vera"]


def test_a_restarted_seat_connected_to_nobody_votes_nobody_out(back: Any) -> None:
    """Боб, killed while the table waited for Вика and voted out by the others, comes
    back after they went: his table waits for Вика (his log stops there), past the stall
    limit (8 s), connected to nobody; before, his program voted Вика out («голос за конец
    раздачи без игрока Вика: Боб»)."""
    text, rc = back["bob"]
    plain = _flat(text)
    assert rc == 130
    assert "голос за конец" not in plain and "Боб votes" not in plain
    assert "за этим столом никто не отвечает: вас не было " in plain
    assert "дольше предела ожидания стола (8 с), так что остальные, возможно, закончили " in plain
    ann, rc = back["ann"]
    assert rc == 0 and "the hand is over: Боб stopped responding and forfeits" in ann


def test_a_restarted_seat_that_leaves_is_told_the_game_may_be_over(back: Any) -> None:
    """Before: «…никто не был на связи и не узнал об этом, так что стол ждёт вас: p2pcards
    join … вернёт вас за стол», to a table whose game the others had ended."""
    plain = _flat(back["bob"][0])
    m = re.search(r"Вы вышли из-за стола\. С вашего возвращения за ним никто не ответил: вас не "
                  r"было (\d+) с, дольше предела ожидания стола \(8 с\), так что остальные, "
                  r"возможно, закончили игру без вас\. Если так, p2pcards games drop "
                  r"([0-9a-f]{8}) — бросить стол; p2pcards (?:.*)join (?:.*) — попробовать ещё "
                  r"раз\.", plain)  # fmt: skip
    assert m is not None, plain[-600:]
    assert int(m.group(1)) > 8
    [log] = back["logs"]["bob"]
    assert Path(log).stem.startswith(m.group(2))
    assert "стол ждёт вас" not in plain
