"""The web lobby in a real browser, in a private network namespace
(tests/web/_lan_lobby.py): the tables found on the LAN, the player's name and
fingerprint, the Russian page with no English (remembered over a reload), hosting a
table with bots on the empty seats and playing it on the table page, back to the lobby,
joining a table by its name and playing it; every result shown is the audited log's."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from p2pcards.web._present import presenter
from tests.peer.test_demo import unshare_flag

ROOT = Path(__file__).resolve().parents[2]


def test_lobby_finds_hosts_joins_and_plays(screens: Path) -> None:
    cmd = ["unshare", unshare_flag(), sys.executable, str(ROOT / "tests/web/_lan_lobby.py")]
    proc = subprocess.run(
        [*cmd, str(screens)], capture_output=True, text=True, timeout=600, cwd=ROOT
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    assert got["errors"] == []
    # the list: Boris's table with its game, seats, host and fingerprint; Anna's own
    name, game, seats, host, fingerprint, code = got["row"][:6]
    assert (name, game, seats, host) == ("Boris 101", "101 (One Hundred and One)", "1/2", "Boris")
    assert code == "after the start"  # the table code comes from the genesis
    assert len(fingerprint) == 19 and fingerprint.count("-") == 3
    assert got["me_fp"] == got["fingerprint"]
    assert got["lobby_english"] == []
    assert got["more_rules"] == [False, "Другие правила"]  # our variant unless unfolded
    # joining, Anna is asked about Boris, the host new to her, with his fingerprint
    assert got["ask"] == (
        f"Хозяин стола Boris [{fingerprint}] вам незнаком: сравните отпечаток с тем, что "
        "показывает p2pcards identity на компьютере хозяина. Сесть за этот стол?"
    )
    # "do not join": the failure in Russian, no English
    assert got["refused"] == "Не получилось: вы не сели за стол хозяина Boris"
    for key, options in (("akulina", {}), ("101", {"max_rounds": "1"})):
        g = got[key]
        assert g["ending"]["status"] == "finished"
        assert g["log"]["verdict"] == "verified" and g["log"]["hands"]
        assert g["log"]["result"] == g["ending"]["result"]
        for line in presenter(key, "ru", options).result_lines(g["log"]["result"], g["names"]):
            assert line in g["shown"]
        assert g["verdict"] == ("раунд проверен ✓" if key == "101" else "раздача проверена ✓")
        assert g["english"] == []
        assert g["status"] == "Последняя игра: окончена, все раздачи проверены."
        assert (screens / f"lobby-{key}.png").exists()
        assert g["log_link"] == f"logs#{g['log_id']}"  # the end dialog links to its log
    assert got["akulina"]["names"][0] == "Anna" and len(got["akulina"]["names"]) == 4
    # a level for each bot seat (issue 17; the form had one for every bot), the easy one
    # unless chosen, the bots seated at those levels
    assert got["levels_two"] == 2
    assert got["levels_form"] == [
        ["Бот 1", "лёгкий"],
        ["Бот 2", "случайные ходы"],
        ["Бот 3", "лёгкий"],
    ]
    assert got["akulina"]["levels"] == ["basic", "random", "basic"]
    # the log viewer: both games listed, the newest (101) opened, every hand verified,
    # stepped through by button and by key, every seat's cards, every entry checked
    v = got["viewer"]
    assert len(v["past"]) == 2 and v["first"] == got["101"]["log_id"]
    assert v["verdict"] == "Проверка: всё честно, проверены все раунды (1)"  # (101: rounds)
    assert v["hands"] == ["0", "Раунд 1 ✓"]
    assert v["stepno"].startswith("Шаг 5 из ")
    assert v["step"] and len(v["seat_cards"]) == 2 and sum(v["seat_cards"]) > 0
    assert v["entries"] > 10 and v["entries_bad"] == 0
    assert v["english"] == []
    assert got["101"]["names"] == ["Boris", "Anna"]
    # leaving from the table page is the terminal's leave (issue 15): the bot voted Anna
    # (seat 0) out at once, for leaving (not a stall); her log ends as the bot's; the
    # lobby says what the leave did, in the terminal's words, and does not offer the
    # table as unfinished (its "Go back to it" led to a dead table)
    left = got["left"]
    assert left["bot_status"] == "abandoned" and left["bot_abandoned"] == [0, "left"]
    assert left["bot_log"] == "abandoned"
    assert left["status"] in (
        "Вы вышли из-за стола: второй игрок закончил раунд без итога. "
        "Игра окончена: она есть в p2pcards games.",  # (101: a round)
        # (the bot's vote not back within 10 s: the table is marked left)
        "Вы вышли из-за стола: второй игрок закончит раунд без итога. "
        "Игра окончена: она есть в p2pcards games.",
    )
    if left["status"].startswith("Вы вышли из-за стола: второй игрок закончил"):
        assert left["ending"] == "abandoned" and left["log"] == "abandoned"
    assert left["offered"] == [] and left["shown"] is False
    # the bot is named in the page's language (the lobby was started in English)
    assert left["names"] == ["Anna", "Бот 1"]
    # and keeps its key from table to table, as host --bots does (a player who met
    # "Бот 1" was warned at the next table that its key had changed)
    assert sorted(got["akulina"]["keys"]) == ["Anna", "Бот 1", "Бот 2", "Бот 3"]
    assert left["keys"]["Бот 1"] == got["akulina"]["keys"]["Бот 1"]
    assert len(set(got["akulina"]["keys"].values())) == 4
