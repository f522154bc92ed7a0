"""The web lobby's failures in the page's language (a bug: the Russian page showed the
lobby's English messages): every LobbyError kind a player meets, and a bad option."""

from __future__ import annotations

from pathlib import Path

import pytest

from p2pcards.games import OptionError
from p2pcards.identity import new_identity
from p2pcards.net import DiscoveryUnavailable
from p2pcards.peer import LobbyError
from p2pcards.web._lobby import LobbyService
from p2pcards.web._lobbyapp import failure_text, lobby_screen
from p2pcards.web._texts import lobby_status
from tests.web._browser import ALLOWED_LATIN, english_words

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


def test_the_host_form_offers_every_bot_level_in_the_page_language() -> None:
    """Issue 17: levels are chosen wherever bots are; the form offered only random and
    basic (a new user's trial).  Akulina has no strong bot: no levels above easy."""
    from p2pcards.web._lobby import games_offered

    ru = {g["name"]: g for g in games_offered("ru")}
    assert ru["thousand"]["bots"] == ["basic", "random", "medium", "hard"]
    assert ru["thousand"]["bot_labels"] == {
        "basic": "лёгкий",
        "random": "случайные ходы",
        "medium": "средний",
        "hard": "сильный",
    }
    assert ru["akulina"]["bots"] == ["basic", "random"]
    en = {g["name"]: g for g in games_offered("en")}
    assert en["101"]["bot_labels"]["hard"] == "hard" and en["101"]["bots"][-1] == "hard"


def test_every_option_and_value_of_the_host_form_is_worded_in_both_languages() -> None:
    """The Russian host form showed the options as typed (``first_card``,
    ``cover``/``next_draws``, ``forfeit: lose/void``; a new user's trial): every option
    of every game and every listed value has a label, Russian with no Latin word under
    ``ru``, and the default (our variant) is the value shown first."""
    from p2pcards.web._lobby import games_offered

    en = {g["name"]: g for g in games_offered("en")}
    for g in games_offered("ru"):
        for o, o_en in zip(g["options"], en[g["name"]]["options"], strict=True):
            texts = [o["label"], *o["choice_labels"]]
            assert all(english_words(x) == [] for x in texts), (g["name"], o["name"], texts)
            assert o["label"] != o_en["label"] and len(o["choice_labels"]) == len(
                o["choices"] or ()
            )
            if o["choices"]:
                assert o["default"] in o["choices"]
    sto = {o["name"]: o for o in en["101"]["options"]}
    assert sto["six"]["label"] == "A six"
    assert sto["six"]["choice_labels"] == [
        "its player covers it",
        "the next player draws one and misses a turn",
    ]
    ru = {o["name"]: o for o in {g["name"]: g for g in games_offered("ru")}["101"]["options"]}
    assert ru["first_card"]["label"] == "Первая карта начинающего"
    assert ru["deck"]["choice_labels"] == ["36 карт", "52 карты"]
    assert ru["eight_continue"]["choice_labels"] == ["да", "нет"]
    assert ru["eight_continue"]["default_label"] == "нет"


def test_the_hosted_table_lists_a_join_line_for_every_address() -> None:
    """Issue 15: the lobby's "the table is open" line named the first address only; the
    others (another network, IPv6) are listed as the terminal's host lists them, a ready
    ``p2pcards join ADDR:PORT`` each, in both languages; loopback says it is local."""
    lobby = LobbyService(new_identity("Аня"))
    lobby.status, lobby.table_name, lobby.total, lobby.seated = (
        "hosting",
        "Аня: Тысяча",
        3,
        ("Аня",),
    )
    lobby.addresses = (("192.168.1.5", 40123), ("10.8.0.2", 40123), ("fd00::5", 40123))
    lobby.address = lobby.addresses[0]
    ru, en = lobby_screen(lobby, "ru"), lobby_screen(lobby, "en")
    assert ru["status_text"] == "Стол «Аня: Тысяча» открыт · мест 1/3: Аня · ждём игроков…"
    assert (
        en["status_text"] == "Table “Аня: Тысяча” is open · seats 1/3: Аня · waiting for players…"
    )
    joins = ["p2pcards join 192.168.1.5:40123", "p2pcards join 10.8.0.2:40123",
             "p2pcards join [fd00::5]:40123"]  # fmt: skip
    assert ru["join_lines"] == ["другие садятся за стол одной из этих команд:", *joins]
    assert en["join_lines"] == ["others join with one of these commands:", *joins]
    lobby.addresses = (("127.0.0.1", 40123),)  # no network: this machine only
    assert lobby_screen(lobby, "ru")["join_lines"][1:] == [
        "p2pcards join 127.0.0.1:40123   (только с этой машины: сетевого адреса нет)"
    ]
    lobby.status = "playing"
    assert lobby_screen(lobby, "ru")["join_lines"] == []


@pytest.mark.parametrize(
    ("ending", "en", "ru"),
    [
        (
            "forfeited",
            "The last game: finished by forfeit (a player left or stopped responding).",
            "Последняя игра: завершена досрочно (игрок ушёл или перестал отвечать).",
        ),
        (
            "abandoned",
            "The last game: stopped: a player left.",
            "Последняя игра: остановлена: игрок ушёл.",
        ),
    ],
)
def test_a_last_game_ended_by_a_forfeit_is_finished(ending: str, en: str, ru: str) -> None:
    """At three or more seats a player who left forfeits and the game ends with its
    result (``Ending.status`` "forfeited"): the lobby said «остановлена: игрок ушёл», as
    for a two-seat hand with none ("abandoned")."""
    st = {"status": "over", "ending": ending}
    assert (lobby_status("en", st), lobby_status("ru", st)) == (en, ru)


def test_mdns_unavailable_is_said_in_the_page_language(tmp_path: object) -> None:
    """Issue 15: with no multicast the lobby's table list said "mDNS cannot start on any
    interface: No interfaces to listen on, check that any interfaces have IP version
    IPVersion.V4Only" in English on the Russian page."""
    from pathlib import Path

    lobby = LobbyService(new_identity("Аня"), base=Path(str(tmp_path)))
    lobby.browse_error = "mDNS cannot start on any interface: No interfaces to listen on"
    ru = lobby_screen(lobby, "ru")["browse_error"]
    assert ru == (
        "mDNS здесь недоступен, поэтому столов в сети не видно: садитесь по адресу "
        "(адрес:порт, который показывает страница хозяина)"
    )
    assert english_words(ru, ALLOWED_LATIN | {"mDNS"}) == [], ru
    hosting = failure_text("ru", DiscoveryUnavailable("mDNS cannot start on any interface"))
    assert hosting == (
        "mDNS здесь недоступен, поэтому стол нельзя объявить в сети (нет групповой рассылки "
        "или мешает брандмауэр)"
    )


async def test_an_address_with_a_bad_port_is_an_error_not_a_name(tmp_path: Path) -> None:
    """The join box's ``127.0.0.1:notaport`` (a new user's trial at the terminal): said at
    once, naming the port, instead of waiting for a table of that name."""
    import trio

    for lang, expected in [
        ("ru", "127.0.0.1:notaport: порт «notaport» — не число от 1 до 65535"),
        ("en", "127.0.0.1:notaport: the port 'notaport' is not a number from 1 to 65535"),
    ]:
        lobby = LobbyService(new_identity("Аня"), base=tmp_path, lang=lang)
        with trio.fail_after(2):  # (a name is looked for much longer: JOIN_WAIT)
            async with trio.open_nursery() as n:
                lobby._nursery = n
                assert lobby.join("127.0.0.1:notaport") is None
                while lobby.failure is None:
                    await lobby.wait_change(lobby.rev)
                n.cancel_scope.cancel()
        assert lobby.status == "idle"
        assert lobby.failure is not None
        assert failure_text(lang, lobby.failure) == expected
        assert lobby.error == expected


def test_the_lobby_says_a_forfeited_game_finished(tmp_path: Path) -> None:
    """The lobby's state carries the seat's ``Ending.status`` as it is: "forfeited" for
    a game ended by a forfeit (it was "abandoned" with a "forfeit" flag beside it)."""
    from p2pcards.peer import Ending

    lobby = LobbyService(new_identity("Аня"), base=tmp_path)
    lobby.status = "over"
    lobby.ending = Ending("forfeited", {"losers": [1]}, (), (), None, "", ("Аня", "Борис", "Вера"))
    st = lobby_screen(lobby, "ru")
    assert st["ending"] == "forfeited" and "forfeit" not in st
    assert st["status_text"] == (
        "Последняя игра: завершена досрочно (игрок ушёл или перестал отвечать)."
    )
