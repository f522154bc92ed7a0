"""The texts themselves: the catalog is complete, Russian plural forms, no name in an
inflected slot, moves in the present tense, the viewer in the second person, seats
counted from 1 (issue 15's list of wrong Russian)."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import pytest

from p2pcards.cards import Rank, Suit, parse_card, parse_cards
from p2pcards.games import Decision, LocalDealer, Shuffled, View, forfeit_result, load_game
from p2pcards.games.akulina import Discard, Draw
from p2pcards.games.sto_odno import Pass as Pass101
from p2pcards.games.sto_odno import Play as Play101
from p2pcards.games.sto_odno import TakePenalty
from p2pcards.games.sunduchki import Answer, Ask, AskCount, AskSuits, Note, SetAside
from p2pcards.games.thousand import Bid, GiveCards, Pass, Play
from p2pcards.ui import (
    Names,
    Texts,
    abandoned_line,
    dealer_line,
    presenter,
    result_line,
    ru_plural,
    table_event_line,
    waiting_line,
    waiting_reason,
)

RU_NAMES = Names(("Аня", "Борис", "Вера"))
PLACEHOLDER = re.compile(r"\{(\w+)\}")
RU_ONLY = {"ranks", "rank_acc"}  # word forms passed for the Russian text only


def first_view(game: str, seats: int, seat: int = 0, **options: Any) -> View:
    """``seat``'s view at the first decision of a seeded game."""
    state = load_game(game, seats=seats, **options).new_state()
    dealer = LocalDealer.seeded(state, 1)
    while not isinstance(state.need(), Decision):
        dealer.answer()
    view: View = state.view(seat, dealer.knowledge[seat])
    return view


@pytest.mark.parametrize(
    ("n", "form"),
    [
        *((n, 0) for n in (1, 21, 101)),
        *((n, 1) for n in (2, 4, 23)),
        *((n, 2) for n in (0, 5, 11, 12, 14, 20, 111, 112)),
    ],
)
def test_russian_plural_rule(n: int, form: int) -> None:
    assert ru_plural(n) == form


def test_penalty_cards_take_the_russian_plural() -> None:
    view = first_view("101", 3)
    got = []
    for n in (1, 2, 5, 21):
        p = presenter("101", "ru")
        v = dataclasses.replace(view, penalized=(1, n), missed=None)
        got += p.facts(v, ["Аня", "Борис", "Вера"])
    assert got == [
        "Борис берёт штрафом 1 карту",
        "Борис берёт штрафом 2 карты",
        "Борис берёт штрафом 5 карт",
        "Борис берёт штрафом 21 карту",
    ]
    en = presenter("101", "en").facts(dataclasses.replace(view, penalized=(1, 2)), RU_NAMES)
    assert en[0] == "Борис draws 2 (penalty)"


# -- names, tense, person ------------------------------------------------------------------
def test_names_are_never_pasted_into_an_inflected_slot() -> None:
    t = Texts("ru")
    lost = type("PeerLost", (), {"name": "Борис", "seat": 1})()
    assert table_event_line(t, RU_NAMES, lost) == "связь потеряна: Борис; переподключаемся…"
    assert table_event_line(Texts("en"), RU_NAMES, lost) == (
        "connection lost: Борис; reconnecting…"
    )
    assert waiting_reason(t, RU_NAMES, "share", seat=1) == "ключи к картам игрока Борис"
    assert waiting_reason(Texts("en"), Names(("Anna", "Boris")), "share", seat=1) == (
        "keys for Boris's cards"
    )
    assert waiting_reason(t, Names(RU_NAMES.names, me=1), "share", seat=1) == (
        "ключи к вашим картам"
    )
    assert waiting_reason(Texts("en"), RU_NAMES, "shuffle", pass_no=1) == "the shuffle (pass 1)"
    assert waiting_reason(t, RU_NAMES, "shuffle", pass_no=2) == "перемешивание колоды (проход 2)"
    assert waiting_line(t, RU_NAMES, (1, 2), 12.7) == "ждём: Борис и Вера… 12 с"


def test_the_waiting_line_says_when_the_vote_comes_from_half_the_stall_limit() -> None:
    """A new user's trial: Борис's program was killed; Аня saw «ждём: Борис… 66 с» and
    nothing of the vote to come at 120 s, which then surprised her.  From half the table's
    stall limit on, the waiting line says it."""
    t, en = Texts("ru"), Texts("en")
    assert waiting_line(t, RU_NAMES, (1,), 59.9, limit=120) == "ждём: Борис… 59 с"
    assert waiting_line(t, RU_NAMES, (1,), 66.2, limit=120) == (
        "ждём: Борис… 66 с из 120: потом остальные могут закончить раздачу без этого игрока"
    )
    assert waiting_line(t, RU_NAMES, (1,), 66.2, limit=120, rounds=True) == (
        "ждём: Борис… 66 с из 120: потом остальные могут закончить раунд без этого игрока"
    )
    assert waiting_line(en, Names(("Anna", "Boris", "Vera")), (1,), 61, limit=120) == (
        "waiting for Boris… 61 s of 120: then the others may end the hand without this player"
    )


def test_the_waiting_line_never_counts_past_the_stall_limit() -> None:
    """A new user's trial (issue 15): a restarted seat's screen counted «ждём: …… 39 с из
    30» with nobody there to vote.  Once the limit has passed the line says so, not a
    count past it, and when nobody connected can vote (``voters=False``), that too."""
    t, en = Texts("ru"), Texts("en")
    for waited in (30.0, 39.4, 900.0):
        assert waiting_line(t, RU_NAMES, (1,), waited, limit=30) == (
            "ждём: Борис… предел ожидания (30 с) прошёл: остальные могут закончить раздачу "
            "без этого игрока в любой момент"
        )
        assert waiting_line(t, RU_NAMES, (1,), waited, limit=30, voters=False) == (
            "ждём: Борис… предел ожидания (30 с) прошёл, но на связи нет никого, кто мог бы "
            "закончить раздачу без этого игрока"
        )
    assert waiting_line(t, RU_NAMES, (1,), 29.9, limit=30, voters=False) == (
        "ждём: Борис… 29 с из 30: потом остальные могут закончить раздачу без этого игрока"
    )
    assert waiting_line(t, RU_NAMES, (1,), 39, limit=30, rounds=True, voters=False) == (
        "ждём: Борис… предел ожидания (30 с) прошёл, но на связи нет никого, кто мог бы "
        "закончить раунд без этого игрока"
    )
    assert waiting_line(t, RU_NAMES, (1,), 39, limit=30, rounds=True) == (
        "ждём: Борис… предел ожидания (30 с) прошёл: остальные могут закончить раунд без этого "
        "игрока в любой момент"
    )
    boris = Names(("Anna", "Boris", "Vera"))
    assert waiting_line(en, boris, (1,), 39, limit=30) == (
        "waiting for Boris… the stall limit (30 s) has passed: the others may end the hand "
        "without this player now"
    )
    assert waiting_line(en, boris, (1,), 39, limit=30, voters=False) == (
        "waiting for Boris… the stall limit (30 s) has passed, but nobody is connected to end "
        "the hand without this player"
    )


def test_the_contract_agrees_with_who_plays_it() -> None:
    view = first_view("thousand", 3)
    v = dataclasses.replace(view, declarer=0, bid=120, phase="play")
    ru = presenter("thousand", "ru")
    lines = [ln.plain for s in ru.centre(v, Names(("Вы", "Борис", "Вера"), me=0)) for ln in s.lines]
    assert "Контракт: вы играете 120" in lines
    lines = [ln.plain for s in ru.centre(v, Names(RU_NAMES.names, me=1)) for ln in s.lines]
    assert "Контракт: Аня играет 120" in lines
    assert not any("Вы играет" in ln for ln in lines)


def test_thousand_moves_in_the_present_tense_with_names() -> None:
    view = first_view("thousand", 3)
    p, en = presenter("thousand", "ru"), presenter("thousand", "en")
    obs = RU_NAMES
    k_h = parse_card("Kh")
    assert p.move_line(Play(1, 5, parse_card("9d")), view, obs) == "Борис играет 9♦"
    assert p.move_line(Play(1, 5, k_h, "marriage"), view, obs) == (
        "Борис играет К♥ и объявляет марьяж червей (+100)"
    )
    assert en.move_line(Play(1, 5, k_h, "marriage"), view, Names(("A", "Boris", "C"))) == (
        "Boris plays K♥ and declares the marriage in hearts (+100)"
    )
    assert p.move_line(Play(2, 5, parse_card("As"), "aces"), view, obs) == (
        "Вера играет Т♠ и объявляет четыре туза (+200)"
    )
    assert p.move_line(Bid(2, 115), view, obs) == "Вера заявляет 115"
    assert p.move_line(Pass(0), view, obs) == "Аня пасует"
    assert p.move_line(Pass(0), view, Names(obs.names, me=0)) == "Вы пасуете"
    gave = p.move_line(GiveCards(2, (1, 2)), view, obs)
    assert gave == "Вера отдаёт по карте. Получают: Аня и Борис"
    assert p.choice(Bid(0, 115), view, obs) == "заявка 115"


def test_akulina_moves() -> None:
    view = first_view("akulina", 3)
    v = dataclasses.replace(view, drawer=0, holder=1, counts=(5, 7, 4))
    p = presenter("akulina", "ru")
    pair = Discard(2, (1, 2), tuple(parse_cards("KS KH")))
    assert p.move_line(Draw(0, 2), v, RU_NAMES) == "Аня тянет карту 3 из 7 у игрока Борис"
    assert p.move_line(Draw(0, 2), v, Names(RU_NAMES.names, me=0)) == (
        "Вы тянете карту 3 из 7 у игрока Борис"
    )
    assert p.move_line(Draw(0, 2), v, Names(RU_NAMES.names, me=1)) == (
        "Аня тянет у вас карту 3 из 7"
    )
    assert p.move_line(pair, v, RU_NAMES) == "Вера сбрасывает К♠ К♥"
    assert p.move_line(Discard(2, (), ()), v, RU_NAMES) == "Вера: пары нет"
    assert p.choice(Draw(0, 2), v, RU_NAMES) == "взять карту 3 из 7 у игрока Борис"
    assert p.result_lines({"loser": 1}, RU_NAMES) == [
        "проигравший: Борис (на руках осталась дама пик)"
    ]


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("ru", "проигравший: Борис (поражение без игры)"),
        ("en", "loser: Борис (forfeits the hand)"),
    ],
)
def test_akulina_a_seat_that_forfeits_is_not_said_to_hold_the_queen(lang: str, line: str) -> None:
    """A seat that left or stopped responding loses the hand by forfeit (docs/rules/
    akulina.md): the end dialog said "left with the queen of spades" of a seat that held
    9♣ K♥ (a new user's trial)."""
    state = load_game("akulina", seats=3).new_state()
    dealer = LocalDealer.seeded(state, 1)
    while not isinstance(state.need(), Decision):
        dealer.answer()
    result = forfeit_result(state, state, 1)
    assert (result["loser"], result["forfeit"]["seat"]) == (1, 1)
    assert presenter("akulina", lang).result_lines(result, RU_NAMES) == [line]


THOUSAND_FORFEIT = {  # (forfeit_result's shape: Борис left in hand 3, 120 - 120)
    "winners": [0, 2],
    "losers": [1],
    "scores": [230, 0, -100],
    "forfeit": {"seat": 1, "hand": 2, "rule": "lose", "penalty": -120},
}


@pytest.mark.parametrize(
    ("lang", "lines"),
    [
        (
            "ru",
            [
                "итоговый счёт: Аня 230, Борис 0, Вера -100",
                "проигравший: Борис (поражение без игры)",
                "впереди по очкам: Аня (230)",
            ],
        ),
        (
            "en",
            [
                "final scores: Аня 230, Борис 0, Вера -100",
                "loser: Борис (forfeits the hand)",
                "ahead on points: Аня (230)",
            ],
        ),
    ],
)
def test_a_game_ended_by_a_forfeit_names_no_winners(lang: str, lines: list[str]) -> None:
    """Issue 15 item 2: after Борис left a game of Thousand the end said «победители:
    Аня и Вера» beside Вера's -100 (the rules make every other seat a winner), while the
    audit says «Борис проиграл …; Аня — 230; Вера — -100».  Now the one who forfeited is
    the loser and, instead of winners, who is ahead on points."""
    p = presenter("thousand", lang)
    assert p.result_lines(THOUSAND_FORFEIT, RU_NAMES) == lines
    # the plain line and the audit's sentence agree: Борис lost; nobody is called a winner
    assert result_line(Texts("ru"), THOUSAND_FORFEIT, RU_NAMES).startswith("проигравший: Борис;")
    # 101: fewer points are better
    sto = {"winners": [0, 1], "losers": [2], "scores": [15, 79, 102],
           "forfeit": {"seat": 2, "hand": 1, "rule": "lose", "penalty": 102}}  # fmt: skip
    assert presenter("101", "ru").result_lines(sto, RU_NAMES)[1:] == [
        "проигравший: Вера (поражение без игры)",
        "впереди по очкам: Аня (15)",
    ]


def thousand_forfeit_in_hand_2(seat: int = 1) -> tuple[Any, dict[str, Any]]:
    """A seeded Thousand for three, hand 1 played out by the basic bots; in hand 2's
    auction ``seat`` forfeits: (the view of seat 0 then, the result)."""
    return _forfeit_in_hand_2(load_game("thousand").new_state(), seat)


def _forfeit_in_hand_2(state: Any, seat: int) -> tuple[Any, dict[str, Any]]:
    """``state`` dealt with seed 4, hand 1 played out by the basic bots; at hand 2's first
    decision ``seat`` forfeits: (the view of seat 0 then, the result)."""
    dealer = LocalDealer.seeded(state, 4)
    basic = state.game.info.bots["basic"]
    before = None
    while True:
        if dealer.answer() is not None:
            continue
        need = state.need()
        if state.hand_no == 1:
            if before is None:
                before = state.clone()
            if isinstance(need, Decision):
                break
            continue
        s = need.seat
        legal = state.legal_moves(s, dealer.knowledge[s])
        dealer.apply(basic(state.view(s, dealer.knowledge[s]), legal, dealer.player_rngs[s]))
    assert before is not None
    return state.view(0, dealer.knowledge[0]), forfeit_result(before, state, seat)


def test_the_score_sheet_has_a_row_for_a_forfeited_hand() -> None:
    """Issue 15 item 3: the score sheet had no row for a hand forfeited, so the final
    scores' -120 came from nowhere.  Now the row (hand, who forfeited, the points
    written) is in the presenter's sheet, which the terminal draws, and the web page's
    Thousand sheet has it too."""
    view, result = thousand_forfeit_in_hand_2()
    first = view.sheet[0].scores
    assert result["scores"] == [first[0], first[1] - 120, first[2]]
    p = presenter("thousand", "ru")
    sheet = p.sheet(view, RU_NAMES, result)
    assert sheet is not None and len(sheet.rows) == 2
    assert [c.plain for c in sheet.rows[-1]] == [
        "2",
        "поражение: Борис",
        "",
        "",
        f"{first[0]} (+0)",
        f"{first[1] - 120} (-120) поражение",
        f"{first[2]} (+0)",
    ]
    assert len(p.sheet(view, RU_NAMES).rows) == 1  # (without the result: the game's own)
    from p2pcards.web._present import presenter as web_presenter
    from p2pcards.web._screen import game_screen

    web = game_screen("thousand", web_presenter("thousand", "ru", {}))
    table = web.final_sheet(view, Texts("ru"), list(RU_NAMES), result)
    assert table is not None
    assert table["rows"][-1] == [
        "2",
        "поражение: Борис",
        f"{first[0]} (+0)",
        f"{first[1] - 120} (-120) поражение",
        f"{first[2]} (+0)",
    ]


def test_101_a_forfeited_round_is_explained_and_has_its_sheet() -> None:
    """Issue 15 items 3-4 for 101: a seat voted out ended the series at 102 with no word
    of where the 102 came from, under the sheet of the round before.  Now the forfeit is
    said ("Борис: поражение в раунде 2 (место покинуто), +N в записи, в серии 102") and
    the round forfeited has its sheet, on the terminal and on the web page."""
    view, result = _forfeit_in_hand_2(load_game("101", seats=3).new_state(), 1)
    had = list(view.scores)
    assert result["scores"] == [had[0], 102, had[2]]
    p = presenter("101", "ru")
    pts = 102 - had[1]
    assert p.final_lines(result, RU_NAMES, True)[0] == (
        f"Борис: поражение в раунде 2 (место покинуто), +{pts} в записи, в серии 102"
    )
    assert p.final_lines(result, RU_NAMES, False)[0].startswith("Борис: поражение в раунде 2 (не")
    sheet = p.sheet(view, RU_NAMES, result)
    assert sheet is not None and sheet.title == "Раунд 2: поражение без игры"
    # no «остались карты»: the round was not played out, no hand opened (the column
    # stood empty: a new user's trial)
    assert sheet.headers == ("игрок", "очки", "серия") and sheet.right == (False, True, True)
    assert [[c.plain for c in row] for row in sheet.rows] == [
        ["Аня", "0", str(had[0])],
        ["Борис (поражение)", f"+{pts}", "102"],
        ["Вера", "0", str(had[2])],
    ]
    from p2pcards.web._present import presenter as web_presenter
    from p2pcards.web._screen import game_screen

    web = game_screen("101", web_presenter("101", "ru", {}))
    table = web.final_sheet(view, Texts("ru"), list(RU_NAMES), result)
    assert table is not None and table["title"] == "Раунд 2: поражение без игры"
    assert table["head"] == ["игрок", "очки", "серия"]
    assert table["rows"][1] == ["Борис (поражение)", f"+{pts}", "102"]


def test_101_moves_and_what_may_be_played() -> None:
    view = first_view("101", 3)
    p, en = presenter("101", "ru"), presenter("101", "en")
    q = parse_card("Qs")
    assert p.move_line(Play101(1, (4,), (q,), Suit.HEARTS), view, RU_NAMES) == (
        "Борис кладёт Д♠ и заказывает черви"
    )
    assert p.move_line(Pass101(2), view, RU_NAMES) == "Вера пасует"
    assert en.move_line(Pass101(2), view, Names(("A", "B", "Vera"))) == "Vera passes"
    assert p.move_line(TakePenalty(0), view, RU_NAMES) == "Аня принимает штраф"
    assert p.choice(Pass101(0), view, RU_NAMES) == "пас (нечем ходить и нечего взять)"
    eight = parse_card("8h")
    seven = parse_card("7c")
    cases = [
        (dict(mode="first", top=None, named=None), "любую карту", "any card"),
        (dict(mode="normal", top=eight, named=None), "черви, восьмёрки или даму", None),
        (dict(mode="normal", top=seven, named=None), None, "clubs, a seven or a queen"),
        (dict(mode="normal", top=q, named=Suit.CLUBS), "трефы или даму", "clubs or a queen"),
        (dict(mode="penalty", top=seven, named=None), "семёрку, чтобы перевести штраф", None),
        (
            dict(mode="penalty", top=parse_card("Ac"), named=None),
            None,
            "an ace to pass the penalty on",
        ),
    ]
    for changes, ru_text, en_text in cases:
        v = dataclasses.replace(view, **changes)  # type: ignore[arg-type]
        if ru_text is not None:
            assert p.requirement(v) == ru_text
        if en_text is not None:
            assert en.requirement(v) == en_text


def test_sunduchki_questions_and_answers() -> None:
    view = first_view("sunduchki", 3)
    p, en = presenter("sunduchki", "ru"), presenter("sunduchki", "en")
    obs = RU_NAMES
    assert p.move_line(Ask(0, 1, Rank.QUEEN), view, obs) == "Аня → Борис: есть дамы?"
    assert p.move_line(AskCount(0, 2), view, obs) == "Аня: ровно 2?"
    assert p.move_line(AskSuits(0, (Suit.SPADES, Suit.DIAMONDS)), view, obs) == (
        "Аня: масти ♠ ♦ (пики, бубны)?"
    )
    assert p.move_line(Answer(1, True), view, obs) == "Борис: да"
    assert p.move_line(Answer(1, False), view, obs) == "Борис: нет"
    qq = tuple(parse_cards("QD QC"))
    assert p.move_line(Answer(1, True, (5, 6), qq), view, obs) == "Борис: да, отдаёт Д♦ Д♣"
    chest = tuple(parse_cards("QS QH QD QC"))
    assert p.move_line(SetAside(0, (1, 2, 3, 4), chest), view, obs) == (
        "Аня откладывает сундучок: Д♠ Д♥ Д♦ Д♣"
    )
    assert p.move_line(SetAside(0), view, obs) == "Аня: сундучков нет"
    names_en = Names(("Anna", "Boris", "Vera"))
    assert en.move_line(Ask(0, 1, Rank.QUEEN), view, names_en) == (
        "Anna → Boris: do you have queens?"
    )
    assert en.note_text(Note("draw", 0), names_en) == "Anna draws a card"
    assert en.note_text(Note("draw", 0), Names(names_en.names, me=0)) == "You draw a card"
    assert p.note_text(Note("pass", 2), obs) == "Вера пропускает ход: у соперников нет карт"


# -- seats from 1, results in words ----------------------------------------------------------
def test_seats_are_counted_from_one() -> None:
    assert tuple(Names.seats(3, "ru")) == ("место 1", "место 2", "место 3")
    assert tuple(Names.seats(2, "en")) == ("seat 1", "seat 2")
    t = Texts("ru")
    names = Names.seats(3, "ru")
    shuffled = dealer_line(t, names, Shuffled(0, 0, 36), {})
    assert shuffled == "— раздача 1: колода перемешана —"


def test_results_in_words() -> None:
    t = Texts("ru")
    res = {"winners": [0, 2], "losers": [1], "losses": [0, 1, 0]}
    assert result_line(t, res, RU_NAMES) == "проигравший: Борис; проигрыши: Аня 0, Борис 1, Вера 0"
    two = {"winners": [0], "losers": [1, 2], "scores": [1005, 300, 120]}
    assert result_line(t, two, RU_NAMES) == ("победитель: Аня; очки: Аня 1005, Борис 300, Вера 120")
    assert result_line(Texts("en"), two, RU_NAMES) == (
        "won: Аня; scores: Аня 1005, Борис 300, Вера 120"
    )
    assert result_line(t, None, RU_NAMES) == "итога нет"


def test_the_seat_controllers_awaiting_in_words() -> None:
    from p2pcards.peer import Awaiting
    from p2pcards.ui import awaiting_line

    ru, en = Texts("ru"), Texts("en")
    names = Names(("Аня", "Борис", "Вера"), me=0)
    keys = Awaiting((1, 2), "keys", for_seat=0, waited_ms=12_400)
    assert awaiting_line(ru, names, keys) == "ждём: Борис и Вера… 12 с (ключи к вашим картам)"
    shuffle = Awaiting((2,), "shuffle", for_seat=2, pass_no=1, waited_ms=900)
    assert awaiting_line(en, Names(("Anna", "Boris", "Vera")), shuffle) == (
        "waiting for Vera… 0 s: the shuffle (pass 1)"
    )
    assert awaiting_line(ru, names, Awaiting((1,), "move", for_seat=1)) == (
        "ждём: Борис… 0 с (ход: Борис)"
    )


# -- the new user's list (item 8, 15): impersonal leave words, 101's rounds, "to you" --------
def test_a_seat_that_left_is_worded_without_gender() -> None:
    t = Texts("ru")
    left = type("HandAbandoned", (), {"seat": 1, "reason": "left", "result": {"losers": [1]}})()
    gone = type("HandAbandoned", (), {"seat": 1, "reason": "left", "result": None})()
    assert table_event_line(t, RU_NAMES, left) == (
        "раздача окончена, поражение без игры: Борис (место покинуто)"
    )
    assert table_event_line(t, RU_NAMES, gone) == (
        "раздача прервана без итога: Борис (место покинуто)"
    )
    # 101 plays rounds (sto-odno.ru.txt), not hands
    p101 = presenter("101", "ru")
    assert table_event_line(t, RU_NAMES, left, words=p101) == (
        "раунд окончен, поражение без игры: Борис (место покинуто)"
    )
    en = presenter("101", "en")
    assert table_event_line(Texts("en"), RU_NAMES, gone, words=en) == (
        "the round is abandoned, no result: Борис left the table"
    )


@pytest.mark.parametrize(
    ("forfeits", "rounds", "reason", "line"),
    [
        (True, True, "left", "the round is over: Борис left the table and forfeits"),
        (True, True, "stall", "the round is over: Борис stopped responding and forfeits"),
        (True, False, "left", "the hand is over: Борис left the table and forfeits"),
        (True, False, "stall", "the hand is over: Борис stopped responding and forfeits"),
        (False, True, "left", "the round is abandoned, no result: Борис left the table"),
        (False, True, "stall", "the round is abandoned: Борис stopped responding"),
        (False, False, "left", "the hand is abandoned, no result: Борис left the table"),
        (False, False, "stall", "the hand is abandoned: Борис stopped responding"),
    ],
)
def test_every_abandoned_line(forfeits: bool, rounds: bool, reason: str, line: str) -> None:
    result = {"losers": [1]} if forfeits else None
    ev = type("HandAbandoned", (), {"seat": 1, "reason": reason, "result": result})()
    assert abandoned_line(Texts("en"), RU_NAMES, ev, rounds) == line


@pytest.mark.parametrize(
    ("kind", "lang", "text"),
    [
        ("unreachable", "en", "no answer from 192.168.1.5:40123 within 5 s: is the host running, "
         "and is this the address it prints? Retry with: p2pcards join 192.168.1.5:40123"),
        ("refused", "en", "nothing listens at 192.168.1.5:40123 (tried for 5 s): is the host "
         "running, and is this the address it prints? Retry with: p2pcards join 192.168.1.5:40123"),
        ("unreachable", "ru", "192.168.1.5:40123 не ответил за 5 с: запущен ли стол и тот ли это "
         "адрес, что он показывает? Ещё раз: p2pcards join 192.168.1.5:40123"),
        ("refused", "ru", "на 192.168.1.5:40123 никто не принимает соединений (пробовали 5 с): "
         "запущен ли стол и тот ли это адрес, что он показывает? Ещё раз: p2pcards join "
         "192.168.1.5:40123"),
    ],
)  # fmt: skip
def test_no_host_at_the_address_says_what_to_try(kind: str, lang: str, text: str) -> None:
    from p2pcards.peer import LobbyError
    from p2pcards.ui import lobby_error_text

    e = LobbyError("x", kind=kind, host="192.168.1.5", port=40123, seconds=5.0)
    assert lobby_error_text(e, Texts(lang)) == text


def test_a_join_timeout_has_the_russian_decimal_comma() -> None:
    """``join --timeout 0.5`` said "не ответил за 0.5 с" under --lang ru."""
    from p2pcards.peer import LobbyError
    from p2pcards.ui import lobby_error_text

    e = LobbyError("x", kind="unreachable", host="10.0.0.9", port=4000, seconds=0.5)
    assert lobby_error_text(e, Texts("ru")).startswith("10.0.0.9:4000 не ответил за 0,5 с:")
    assert "within 0.5 s:" in lobby_error_text(e, Texts("en"))


def test_a_rejoin_is_timed_with_the_russian_decimal_comma() -> None:
    from p2pcards.cli._lan import rejoined_text

    assert rejoined_text("ru", 5.281) == "снова за столом (переподключение заняло 5,3 с)"
    assert rejoined_text("en", 5.281) == "back at the table (reconnected in 5.3 s)"
    assert rejoined_text("ru", 24.68) == "снова за столом (переподключение заняло 25 с)"


def test_cards_pass_to_you_in_the_second_person() -> None:
    view = first_view("thousand", 3)
    en = presenter("thousand", "en")
    me = Names(("Anna", "Boris", "Vera"), me=0)
    assert en.move_line(GiveCards(1, (1, 2)), view, me) == (
        "Boris passes one card to Vera and one to you"
    )
    ru = presenter("thousand", "ru")
    assert ru.move_line(GiveCards(1, (1, 2)), view, Names(RU_NAMES.names, me=0)) == (
        "Борис отдаёт по карте. Получают: Вера и вы"
    )


def test_sunduchki_calls_the_stock_one_word() -> None:
    view = first_view("sunduchki", 3)
    ru = presenter("sunduchki", "ru")
    lines = [ln.plain for s in ru.centre(view, RU_NAMES) for ln in s.lines]
    assert f"Запас: {view.stock}" in lines
    assert p_draw(ru) == "Борис берёт карту из запаса"


def p_draw(p: Any) -> str:
    return str(p.note_text(Note("draw", 1), RU_NAMES))


def test_thousand_sheet_brackets_show_the_real_change() -> None:
    # a new user saw "760 (+0) -barrel off" for 880 -> 760, "880 (+55)" on the barrel
    # where the score stayed 880, and the Russian "-бочка слетел"
    from p2pcards.games.thousand._state import SheetRow

    view = first_view("thousand", 3)

    def row(hand: int, gains: tuple[int, ...], scores: tuple[int, ...], notes: Any) -> SheetRow:
        return SheetRow(hand, 1, 100, True, gains, gains, scores, notes, (3, 3, 2))

    rows = (
        row(0, (0, 120, 60), (880, 120, 60), (("barrel",), (), ())),  # from 840 (below)
        row(1, (55, 100, 0), (880, 220, 60), ((), (), ())),  # on the barrel: +0
        row(2, (0, 100, 20), (880, 320, 80), ((), (), ())),
        row(3, (40, 100, 0), (760, 420, 80), (("barrel_penalty", "off_barrel"), (), ())),
    )
    v = dataclasses.replace(view, scores=(760, 420, 80), barrel=(None,) * 3, sheet=rows)
    opts = load_game("thousand", seats=3, scores="840,0,0").options
    en = presenter("thousand", "en", opts).sheet_cells(v)
    assert [r[0] for r in en] == [
        (880, 40, "on the barrel"),
        (880, 0, ""),
        (880, 0, ""),
        (760, -120, "barrel penalty, off the barrel"),
    ]
    ru = presenter("thousand", "ru", opts).sheet_cells(v)
    assert ru[3][0] == (760, -120, "штраф за бочку, уход с бочки")
    assert ru[1][1] == (220, 100, "")
    assert presenter("thousand", "en").sheet_cells(v)[0][1] == (120, 120, "")  # from zero


# -- one form for one thing, sentence case (issue 15, item 4) -----------------------------
@pytest.mark.parametrize("game", ["akulina", "thousand", "101", "sunduchki"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_menu_title_does_not_repeat_the_turn_line(game: str, lang: str) -> None:
    """The turn line ("Ваш ход") and the menu title said the same thing in two forms."""
    state = load_game(game, seats=3).new_state()
    dealer = LocalDealer.seeded(state, 1)
    while not isinstance(need := state.need(), Decision):
        dealer.answer()
    view = state.view(need.seat, dealer.knowledge[need.seat])
    legal = state.legal_moves(need.seat, dealer.knowledge[need.seat])
    p = presenter(game, lang)
    names = Names(("Аня", "Борис", "Вера"), me=need.seat)
    title = p.menu(view, legal, names).title
    turn = p.turn_text(view, names)
    assert turn == {"ru": "Ваш ход", "en": "Your turn"}[lang]
    assert turn.casefold() not in title.casefold()


def test_the_thousand_score_sheet_names_every_column() -> None:
    view = first_view("thousand", 3)
    sheet = presenter("thousand", "ru").sheet(view, RU_NAMES)
    assert sheet is not None
    assert sheet.headers == ("#", "кто играл", "заявка", "сыграна", "Аня", "Борис", "Вера")
    assert all(sheet.headers)


def test_the_cards_received_line_starts_a_sentence() -> None:
    from p2pcards.table._outputs import YourCards

    ev = YourCards((1,), tuple(parse_cards("9H")))
    assert table_event_line(Texts("ru"), RU_NAMES, ev) == "Вам пришло: 9♥"
    assert table_event_line(Texts("en"), RU_NAMES, ev) == "You receive 9♥"


def test_the_thousand_history_has_the_first_hands_obligatory_bid() -> None:
    """The auction's first call, the first hand's 100, is no move: the move list showed
    the auction from the second call on (issue 15, item 8)."""
    from p2pcards.cli._history import history_line

    game = load_game("thousand", seats=3)
    state = game.new_state()
    dealer = LocalDealer.seeded(state, 1)
    while not isinstance(need := state.need(), Decision):
        dealer.answer()
    view = state.view(need.seat, dealer.knowledge[need.seat])
    first, amount = view.auction[0]  # type: ignore[attr-defined]
    assert amount == 100 and len(view.auction) == 1  # type: ignore[attr-defined]
    p = presenter("thousand", "ru")
    said = f"{RU_NAMES[first]} заявляет 100 (обязательная заявка первой руки)"
    assert p.facts(view, RU_NAMES) == [said]
    assert p.facts(view, RU_NAMES) == []  # once a hand
    mine = presenter("thousand", "ru").facts(view, Names(RU_NAMES.names, me=first))
    assert mine == ["Вы заявляете 100 (обязательная заявка первой руки)"]
    # the move list with every card (replay, simulate --show): the same line first
    move = state.legal_moves(need.seat, dealer.knowledge[need.seat])[0]
    p = presenter("thousand", "ru")
    lines = history_line(p, state, move, dealer.cards, RU_NAMES)
    assert lines is not None and lines.splitlines()[0] == said
    assert lines.splitlines()[1] == p.move_line(move, view, RU_NAMES)
    assert history_line(p, state, move, dealer.cards, RU_NAMES) == p.move_line(move, view, RU_NAMES)


# -- card letters (issue 15, item 6) -------------------------------------------------------
def test_russian_cards_use_russian_letters_and_typed_cards_take_both() -> None:
    """Russian tables print В, Д, К, Т (валет, дама, король, туз) for J, Q, K, A; the
    English keeps its letters; a typed card may use either."""
    from p2pcards.cli._tui._base import line_text
    from p2pcards.ui import Line

    cards = parse_cards("JS QH KD AC 10S")
    assert Texts("ru").cards(cards) == "В♠ Д♥ К♦ Т♣ 10♠"
    assert Texts("en").cards(cards) == "J♠ Q♥ K♦ A♣ 10♠"
    assert Texts("ru").rank(Rank.QUEEN) == "Д" and Texts("en").rank(Rank.QUEEN) == "Q"
    assert line_text(Line.of(tuple(cards)), "ru").plain == "В♠ Д♥ К♦ Т♣ 10♠"
    assert line_text(Line.of(tuple(cards)), "en").plain == "J♠ Q♥ K♦ A♣ 10♠"
    for typed, code in (("Д♠", "QS"), ("дs", "QS"), ("Т♥", "AH"), ("В♦", "JD"), ("К♣", "KC")):
        assert parse_card(typed) == parse_card(code), typed
    assert parse_card("TS") == parse_card("10S")  # a Latin T is still the ten
    view = first_view("thousand", 3)
    ru = presenter("thousand", "ru")
    assert ru.move_line(Play(1, 5, parse_card("QS")), view, RU_NAMES) == "Борис играет Д♠"
    assert ru.choice(Play(0, 5, parse_card("AD")), view, RU_NAMES) == "сыграть Т♦"


@pytest.mark.parametrize(
    ("game", "lang", "vote", "reason", "showdown", "abandon"),
    [
        ("101", "ru", "голос за конец раунда без игрока Борис: Аня",
         "согласие закончить раунд без игрока Борис", "вскрытие карт в конце раунда",
         "голос за окончание раунда"),
        ("101", "en", "Аня votes to end the round without Борис",
         "agreement to end the round without Борис", "the showdown at the end of the round",
         "a vote to end the round"),
        ("thousand", "ru", "голос за конец раздачи без игрока Борис: Аня",
         "согласие закончить раздачу без игрока Борис", "вскрытие карт в конце раздачи",
         "голос за окончание раздачи"),
        ("akulina", "en", "Аня votes to end the hand without Борис",
         "agreement to end the hand without Борис", "the showdown at the end of the hand",
         "a vote to end the hand"),
    ],
)  # fmt: skip
def test_the_shared_texts_say_round_in_101(
    game: str, lang: str, vote: str, reason: str, showdown: str, abandon: str
) -> None:
    """101's rules call a deal a round («раунд»): the vote to end it, what the table
    waits for, the cheat rules' names and the replay's shuffle line said «раздача»."""
    from p2pcards.ui import plays_rounds

    t, p = Texts(lang), presenter(game, lang)
    rounds = plays_rounds(game)
    assert rounds == (game == "101")
    cast = type("VoteCast", (), {"voter": 0, "stalled": 1})()
    assert table_event_line(t, RU_NAMES, cast, words=p) == vote
    assert waiting_reason(t, RU_NAMES, "abandon", seat=1, rounds=rounds) == reason
    for rule, said in (("showdown 40", showdown), ("abandon 41", abandon)):
        ev = type("CheatDetected", (), {"offence": "protocol", "seq": None, "rule": rule})()
        assert p.cheat_text(ev, RU_NAMES).endswith(f": {said}")
    shuffled = Shuffled(hand=1, first=0, n=24)
    line = dealer_line(t, RU_NAMES, shuffled, {}, rounds)
    word = {("ru", True): "раунд", ("ru", False): "раздача", ("en", True): "round",
            ("en", False): "hand"}[lang, rounds]  # fmt: skip
    assert line is not None and line.startswith(f"— {word} 2: ")


def test_the_stall_warning_says_round_in_101() -> None:
    """101 calls a deal a round: its stall warning said «закончить раздачу»."""
    from p2pcards.ui import stall_warning_line

    assert stall_warning_line(Texts("ru"), 29.99, rounds=True) == (
        "осталось 30 с, чтобы сходить: потом остальные могут закончить раунд без вас"
    )
    assert stall_warning_line(Texts("en"), 30, rounds=False) == (
        "30 s left to make your move: then the others may end the hand without you"
    )


def _played_out(game_name: str, seats: int, **options: Any) -> dict[str, Any]:
    """A whole game of basic bots with the local dealer: its result."""
    import random

    from p2pcards.games import Finished, game_info

    game = load_game(game_name, seats=seats, **options)
    state = game.new_state()
    dealer = LocalDealer.seeded(state, 2)
    bot = game_info(game_name).bots["basic"]
    rng = random.Random(2)
    while not isinstance(need := state.need(), Finished):
        if isinstance(need, Decision):
            k = dealer.knowledge[need.seat]
            dealer.apply(bot(state.view(need.seat, k), state.legal_moves(need.seat, k), rng))
        else:
            dealer.answer()
    return dict(need.result)


def test_a_game_ended_by_its_limit_says_so() -> None:
    """A new user's trial (issue 15): a game that ended because ``max_hands`` was reached
    ended with the scores and no word of why; the result lines say it (and 101's round
    limit, Sunduchki's move limit)."""
    result = _played_out("thousand", 3, max_hands=1)
    assert result["capped"] and result["hands"] == 1
    ru = presenter("thousand", "ru", {"max_hands": 1, "target": 1000}).result_lines(
        result, RU_NAMES
    )
    assert ru[1] == (
        "игра окончена по пределу раздач: сыграна 1 раздача, и до 1000 никто не дошёл "
        "(побеждает больший счёт)"
    )
    en = presenter("thousand", "en", {"target": 1000}).result_lines(
        {**result, "hands": 3}, RU_NAMES
    )
    assert en[1] == (
        "the game ends at its hand limit: 3 hands played, and nobody reached 1000 (the "
        "highest score wins)"
    )
    result = _played_out("101", 3, max_rounds=2)
    assert result["capped"] and result["rounds"] == 2
    ru = presenter("101", "ru").result_lines(result, RU_NAMES)
    assert ru[1] == (
        "серия окончена по пределу раундов: сыграно 2 раунда, и за 101 никто не перешёл "
        "(проигрывает больший счёт)"
    )
    capped = {"chests": [1, 0, 2], "winners": [2], "losers": [0, 1], "capped": True}
    ru = presenter("sunduchki", "ru", {"max_moves": 50}).result_lines(capped, RU_NAMES)
    assert ru[1] == "игра окончена по пределу ходов (50): собраны не все сундучки"
    uncapped = {**result, "capped": False}
    assert len(presenter("101", "ru").result_lines(uncapped, RU_NAMES)) == 3
