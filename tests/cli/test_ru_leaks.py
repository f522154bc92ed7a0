"""No internal name in a text shown to a user (a new user's notes at 882f1ae): the
stall line said "(stall_limit, forfeit=lose)" inside Russian; it names the flag a user
types (``--stall-limit``) and the forfeit rule in words, in both languages."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from p2pcards.cli._lan import stall_text
from tests.ui._latin import foreign_words


def _session(seats: int, forfeit: str | None = None) -> object:
    options = {} if forfeit is None else {"forfeit": forfeit}
    game = SimpleNamespace(name="akulina", options=options)
    return SimpleNamespace(
        stall_limit=60.0, names=("Аня", "Борис", "Вера")[:seats], table=SimpleNamespace(game=game)
    )


@pytest.mark.parametrize(
    ("seats", "forfeit", "lang", "said"),
    [
        (3, None, "ru", "игрока, который не отвечает 60 с (--stall-limit хозяина стола) или "
         "уходит, остальные исключают голосованием, и он проигрывает партию, ему пишется "
         "штрафная строка"),
        (3, "void", "ru", "игрока, который не отвечает 60 с (--stall-limit хозяина стола) или "
         "уходит, остальные исключают голосованием, и он проигрывает партию, за раздачу "
         "ничего не пишется"),
        (3, None, "en", "a player who does not answer for 60 s (the host's --stall-limit) or "
         "leaves is voted out by the others and loses the game, with the forfeit line on the "
         "sheet"),
        (2, None, "ru", "если соперник уходит из-за стола, раздача сразу кончается без итога; "
         "так же — если он не отвечает 60 с (--stall-limit хозяина стола)"),
        (2, None, "en", "if your opponent leaves, the hand ends at once with no result; so it "
         "does when they do not answer for 60 s (the host's --stall-limit)"),
    ],
)  # fmt: skip
def test_the_stall_line_names_the_flag_and_the_rule_in_words(
    seats: int, forfeit: str | None, lang: str, said: str
) -> None:
    text = stall_text(_session(seats, forfeit), lang)  # type: ignore[arg-type]
    assert text == said
    assert "stall_limit" not in text and "forfeit=" not in text
    if lang == "ru":
        assert foreign_words(text) == []


def test_names_in_russian_sentences_are_in_russian_quotes(
    capsys: pytest.CaptureFixture[str], tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Python repr ('Аня') stood for a name inside Russian sentences: it is «Аня» (the
    English keeps its quotes); a command to copy keeps the shell's quoting."""
    from p2pcards.cli import main
    from p2pcards.cli._lan import same_name_text
    from p2pcards.ui import Texts

    assert Texts("ru").quoted("Аня: Тысяча") == "«Аня: Тысяча»"
    assert Texts("en").quoted("Anna: Thousand") == "'Anna: Thousand'"
    assert same_name_text("Аня", "ru") == (
        "у двух игроков одно имя «Аня»: различайте их по отпечаткам, а в следующий раз пусть "
        "каждый выберет своё: p2pcards identity --player-name ИМЯ"
    )
    assert same_name_text("Anna", "en").startswith("two players are called 'Anna': ")
    monkeypatch.setenv("P2PCARDS_HOME", str(tmp_path))
    assert main(["--lang", "ru", "games", "resume", "zzzz"]) == 2
    assert capsys.readouterr().err == "p2pcards: стола «zzzz» нет (список: p2pcards games)\n"
    assert main(["--lang", "en", "games", "resume", "zzzz"]) == 2
    assert capsys.readouterr().err == "p2pcards: no table 'zzzz' (p2pcards games lists them)\n"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("ru", "  - его ещё никто не открыл (откройте: p2pcards host ИГРА; игры: 101, akulina, "
         "sunduchki, thousand);"),
        ("en", "  - nobody is hosting it yet (start one with: p2pcards host GAME; games: 101, "
         "akulina, sunduchki, thousand);"),
    ],
)  # fmt: skip
def test_joining_a_table_not_found_names_no_game_of_its_own(
    lang: str, said: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``join 'Аня: Тысяча'`` for a table whose game had started suggested «p2pcards host
    akulina --seats 4»: the game of a table not found is unknown, so the line names the
    placeholder, as the helps do, with the games to choose from."""
    import contextlib

    import trio

    from p2pcards import net
    from p2pcards.cli._lan import find_table

    @contextlib.asynccontextmanager
    async def browse(**_: object):  # type: ignore[no-untyped-def]
        yield SimpleNamespace(tables=lambda: [])

    monkeypatch.setattr(net, "browse", browse)
    with pytest.raises(SystemExit) as e:
        trio.run(find_table, "Аня: Тысяча", None, lang, 0.05)
    assert e.value.code == 1
    out = capsys.readouterr().out
    assert said in out.splitlines()
    assert "akulina --seats" not in out
    if lang == "ru":
        assert [x for x in out.splitlines() if foreign_words(x)] == []
