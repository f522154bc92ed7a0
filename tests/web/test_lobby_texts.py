"""The web lobby's failures in the page's language (a bug: the Russian page showed the
lobby's English messages): every LobbyError kind a player meets, and a bad option."""

from __future__ import annotations

import pytest

from p2pcards.games import OptionError
from p2pcards.peer import LobbyError
from p2pcards.web._lobbyapp import failure_text
from p2pcards.web._texts import lobby_status
from tests.web._browser import english_words

AT = {"host": "192.168.1.5", "port": 40123}

CASES = [
    (LobbyError("x", kind="not found", target="Борис"), "стола «Борис» в сети нет"),
    (LobbyError("x", kind="not confirmed", name="Борис", fingerprint="AB"),
     "вы не сели за стол хозяина Борис"),
    (LobbyError("x", kind="unreachable", seconds=5.0, **AT), "192.168.1.5:40123 не отвечает"),
    (LobbyError("x", kind="refused", seconds=30.0, **AT), "192.168.1.5:40123 не отвечает"),
    (LobbyError("x", kind="started", **AT), "192.168.1.5:40123"),
    (LobbyError("x", kind="full", seats=4, **AT), "192.168.1.5:40123"),
    (LobbyError("x", kind="not a table", **AT), "192.168.1.5:40123"),
    (LobbyError("x", kind="not admitted", **AT), ""),
    (OptionError("bots: {value} is not between 0 and {high}", value=5, high=3),
     "ботов: 5 — не от 0 до 3"),
]  # fmt: skip


@pytest.mark.parametrize(("error", "part"), CASES)
def test_lobby_failures_are_worded_in_russian(error: Exception, part: str) -> None:
    ru = failure_text("ru", error)
    assert part in ru
    assert english_words(ru) == [], ru
    assert failure_text("en", error) != ru
    shown = lobby_status("ru", {"status": "idle", "error": ru})
    assert shown == f"Не получилось: {ru}"
