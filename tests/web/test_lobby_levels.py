"""The web lobby's host form takes a level per bot seat, as ``host --bots hard,medium``
(issue 17; the form had one level for every bot): the page's request carries the list,
the old single ``level`` is still read, and a level the game does not have or a list
that is not one level per bot is refused in the page's language, before any table
opens.  (tests/web/test_lobby_bots.py seats such bots at a real table.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from p2pcards.cli._i18n import error_text
from p2pcards.games import OptionError
from p2pcards.identity import new_identity
from p2pcards.web._lobby import HostSpec, LobbyService
from p2pcards.web._lobbyapp import host_spec
from tests.web._browser import english_words


def test_the_request_carries_a_level_for_each_bot() -> None:
    spec = host_spec({"game": "thousand", "seats": 3, "bots": 2, "levels": ["hard", "medium"]})
    assert (spec.bots, spec.levels) == (2, ("hard", "medium"))
    # the page before levels per bot sent one level for all
    old = host_spec({"game": "thousand", "seats": 3, "bots": 2, "level": "medium"})
    assert old.levels == ("medium", "medium")
    assert host_spec({"game": "akulina", "seats": 3}).levels == ()
    for bad in ("hard", [1, 2], ["hard", None]):
        with pytest.raises(ValueError, match="levels must be strings"):
            host_spec({"game": "thousand", "seats": 3, "bots": 2, "levels": bad})


def _refusal(tmp_path: Path, spec: HostSpec) -> OptionError:
    lobby = LobbyService(new_identity("Аня"), base=tmp_path)
    with pytest.raises(OptionError) as e:
        lobby.host(spec)
    assert (lobby.status, lobby.last_host) == ("idle", None)  # no table opened
    return e.value


def test_an_unknown_level_is_refused_naming_the_bot(tmp_path: Path) -> None:
    e = _refusal(tmp_path, HostSpec("thousand", 3, {}, bots=2, levels=("hard", "brutal")))
    assert error_text("en", e) == (
        "Bot 2: unknown level 'brutal' (levels: basic, random, medium, hard)"
    )
    ru = error_text("ru", e)
    assert ru == "Бот 2: неизвестный уровень 'brutal' (уровни: basic, random, medium, hard)"
    e = _refusal(tmp_path, HostSpec("akulina", 3, {}, bots=2, levels=("basic", "")))
    assert error_text("en", e) == "Bot 2: unknown level '' (levels: basic, random)"


def test_a_level_count_other_than_the_bots_is_refused(tmp_path: Path) -> None:
    e = _refusal(tmp_path, HostSpec("thousand", 3, {}, bots=2, levels=("hard",)))
    assert error_text("en", e) == "bots: 2, but bot levels: 1 (one level for each bot)"
    ru = error_text("ru", e)
    assert ru == "ботов: 2, а уровней ботов: 1 (нужен уровень для каждого бота)"
    assert english_words(ru) == []
    e = _refusal(tmp_path, HostSpec("thousand", 3, {}, bots=1, levels=()))
    assert error_text("en", e) == "bots: 1, but bot levels: 0 (one level for each bot)"
