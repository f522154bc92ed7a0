"""The screens as plain data, without a browser (p2pcards.web._screen and the games'
parts): what the page is told to draw."""

from __future__ import annotations

from dataclasses import replace

from p2pcards.cards import Card
from p2pcards.games import load_game
from p2pcards.web import Snapshot, screen
from p2pcards.web._logview import log_view


def test_akulina_discard_pile_shows_every_discarded_card() -> None:
    # a bug: the pile showed the last 8 cards only (12 discarded: 4 missing)
    game = load_game("akulina", seats=4)
    view = game.new_state().view(0, {})
    cards = tuple(Card.from_code(c) for c in (0, 13, 1, 14, 2, 15, 3, 16, 4, 17, 5, 18))
    view = replace(view, discards=cards)
    snap = Snapshot(rev=1, game=game, seat=0, names=("A", "B", "C", "D"), view=view)
    for lang, title in (("en", "Discarded pairs (6)"), ("ru", "Сброшенные пары (6)")):
        pile = screen(snap, lang, 0.0)["centre"][0]
        assert pile["title"] == title
        assert [c["c"] for c in pile["cards"]] == [c.code for c in cards]


def test_a_lost_peer_is_an_alert_until_it_is_back() -> None:
    game = load_game("akulina", seats=3)
    view = game.new_state().view(0, {})
    names = ("Anna", "Boris", "Vera")
    lost = Snapshot(
        rev=1, game=game, seat=0, names=names, view=view, extra={"connected": [True, False, True]}
    )
    en, ru = screen(lost, "en", 0.0), screen(lost, "ru", 0.0)
    assert en["alerts"] == ["connection to Boris lost, reconnecting…"]
    assert ru["alerts"] == ["связь с игроком Boris потеряна, переподключаемся…"]
    assert en["seats"][1]["info"][0] == "connection lost"
    back = replace(lost, rev=2, extra={"connected": [True, True, True]})
    assert screen(back, "en", 0.0)["alerts"] == []
    # a bug: after the game the peers that went home showed "connection lost"
    over = replace(lost, rev=3, result={"loser": 1})
    assert screen(over, "en", 0.0)["alerts"] == []
    assert "connection lost" not in screen(over, "en", 0.0)["seats"][1]["info"]


def test_an_unreadable_log_says_so_in_the_viewer() -> None:
    for data in ([], [b"not an entry"]):
        got = log_view(data, "en")
        assert got["verdict"] == "unreadable"
        assert got["verdict_text"].startswith("Not a p2pcards log, or damaged: ")
    assert log_view([], "ru")["verdict_text"].startswith("Это не запись p2pcards")


def test_the_cheat_verdict_is_in_the_page_language() -> None:
    # a bug: the LAN page worded the cheat in English whatever the page's language
    from p2pcards.table import CheatDetected, Offence
    from p2pcards.ui import Names, presenter
    from tests.web._browser import english_words

    game = load_game("thousand", seats=3)
    names = ("Анна", "Борис", "Вера")
    cheat = CheatDetected(1, 12, "shuffle", Offence.EQUIVOCATION, "seat 1 signed two")
    snap = Snapshot(
        rev=1, game=game, seat=0, names=names, view=game.new_state().view(0, {}),
        verdict="cheat", cheat=cheat,
    )  # fmt: skip
    for lang in ("ru", "en"):
        why = presenter("thousand", lang).cheat_text(cheat, Names(names))
        assert screen(snap, lang, 0.0)["verdict"] == f"✗ Борис: {why}"
    assert english_words(screen(snap, "ru", 0.0)["verdict"]) == []
    assert "(entry 12)" in screen(snap, "en", 0.0)["verdict"]


def test_card_counts_in_russian_plurals() -> None:
    # a bug: the page wrote "1 карт" (the number and a fixed word)
    game = load_game("akulina", seats=4)
    view = replace(game.new_state().view(0, {}), counts=(1, 3, 5, 21))
    snap = Snapshot(rev=1, game=game, seat=0, names=("А", "Б", "В", "Г"), view=view)
    got = [s["count_text"] for s in screen(snap, "ru", 0.0)["seats"]]
    assert got == ["1 карта", "3 карты", "5 карт", "21 карта"]
    assert screen(snap, "en", 0.0)["seats"][0]["count_text"] == "1 card"


def test_seats_say_card_counts_in_plural_forms_and_you_once() -> None:
    # a new user saw "Gleb 1 cards", "You (you)" and "Вы (вы)"
    game = load_game("akulina", seats=3)
    view = replace(game.new_state().view(0, {}), counts=(5, 1, 2))
    snap = Snapshot(rev=1, game=game, seat=0, names=("You", "Boris", "Gleb"), view=view)
    en = screen(snap, "en", 0.0)["seats"]
    assert [s["count_text"] for s in en] == ["5 cards", "1 card", "2 cards"]
    assert [s["label"] for s in en] == ["You", "Boris", "Gleb"]
    ru = screen(replace(snap, names=("Вы", "Борис", "Глеб")), "ru", 0.0)["seats"]
    assert [s["count_text"] for s in ru] == ["5 карт", "1 карта", "2 карты"]
    assert ru[0]["label"] == "Вы"
    named = screen(replace(snap, names=("Anna", "Boris", "Gleb")), "en", 0.0)["seats"]
    assert named[0]["label"] == "Anna (you)"


def test_your_own_face_down_cards_are_your_cards() -> None:
    game = load_game("akulina", seats=2)
    view = replace(game.new_state().view(0, {}), holder=0, drawer=1, counts=(3, 4))
    snap = Snapshot(rev=1, game=game, seat=0, names=("You", "Boris"), view=view)
    assert screen(snap, "en", 0.0)["centre"][1]["title"] == "Your cards"
    assert screen(replace(snap, names=("Вы", "Борис")), "ru", 0.0)["centre"][1]["title"] == (
        "Ваши карты"
    )


def test_sunduchki_history_speaks_to_you_in_the_second_person() -> None:
    from p2pcards.games.sunduchki import Note

    game = load_game("sunduchki", seats=2)
    view = replace(game.new_state().view(0, {}), history=(Note("draw", 0), Note("draw", 1)))
    snap = Snapshot(rev=1, game=game, seat=0, names=("Вы", "Борис"), view=view)
    assert screen(snap, "ru", 0.0)["history"] == [
        "Вы берёте карту из запаса",
        "Борис берёт карту из запаса",
    ]


def test_thousand_contract_speaks_to_the_declarer_in_the_second_person() -> None:
    # a bug (the new user's trial): "Contract: You plays 100", "Вы … играет 115"
    game = load_game("thousand", seats=3)
    view = replace(game.new_state().view(0, {}), declarer=0, bid=115)
    names = ("You", "Boris", "Vera")
    for seat_view, lang, text in (
        (view, "en", "Contract: you play 115"),
        (view, "ru", "Контракт: вы играете 115"),
        (replace(view, declarer=1), "en", "Contract: Boris plays 115"),
    ):
        snap = Snapshot(rev=1, game=game, seat=0, names=names, view=seat_view)
        auction = screen(snap, lang, 0.0)["centre"][0]
        assert auction["text"].endswith(text), auction


def test_thousand_trick_counter_follows_the_number_of_players() -> None:
    # a bug (new-user trial): a two-seat hand said "Trick 1 of 8"; two players play ten
    # tricks (docs/rules/thousand.md, "Two seats"), three players eight
    for seats, names, tricks in ((2, ("A", "B"), 10), (3, ("A", "B", "C"), 8)):
        game = load_game("thousand", seats=seats)
        view = replace(game.new_state().view(0, {}), phase="play", trick_no=1)
        snap = Snapshot(rev=1, game=game, seat=0, names=names, view=view)
        for lang, title in (("en", f"Trick 1 of {tricks}"), ("ru", f"Взятка 1 из {tricks}")):
            titles = [p.get("title") for p in screen(snap, lang, 0.0)["centre"]]
            assert title in titles


def test_a_forfeit_shows_the_seats_totals_of_the_result() -> None:
    """A new user's trial (LAN, 101 for three, Борис's program killed): the others voted
    him out, the end said «счёт серии: Аня 15, Бот 1 79, Борис 102 … проигравший: Борис»
    while his seat still said «очки 0» (the last view is from before the forfeit)."""
    game = load_game("101", seats=3)
    view = game.new_state().view(0, {})
    result = {
        "losers": [2],
        "winners": [0, 1],
        "scores": [15, 79, 102],
        "forfeit": {"seat": 2, "hand": 1, "rule": "lose", "penalty": 102},
    }
    snap = Snapshot(rev=1, game=game, seat=0, names=("Аня", "Бот 1", "Борис"), view=view)
    over = screen(replace(snap, result=result), "ru", 0.0)
    assert [x["info"][-2:] for x in over["seats"]][2] == ["очки 102", "серия проиграна"]
    assert over["seats"][0]["info"][-1] == "очки 15"
    assert over["result"] == [
        "Борис: поражение в раунде 2 (не отвечает), +102 в записи, в серии 102",
        "счёт серии: Аня 15, Бот 1 79, Борис 102",
        "проигравший: Борис (поражение без игры)",
        "впереди по очкам: Аня (15)",
    ]
    # without a forfeit the view's own totals stand (they are the result's)
    del_forfeit = {k: v for k, v in result.items() if k != "forfeit"}
    plain = screen(replace(snap, result=del_forfeit), "ru", 0.0)
    assert plain["seats"][2]["info"][-1] == "очки 0"


def test_the_page_words_cards_with_russian_letters_and_101_rounds() -> None:
    """A Russian page: В, Д, К, Т in the texts beside the cards (the card faces follow
    the page's language in cards.js); 101's button says «Следующий раунд» (issue 15,
    items 5 and 6)."""
    from p2pcards.cards import Rank, parse_cards

    game = load_game("101", seats=3)
    view = replace(game.new_state().view(0, {}), known=((), tuple(parse_cards("QS AH")), ()))
    snap = Snapshot(rev=1, game=game, seat=0, names=("A", "B", "C"), view=view)
    ru, en = screen(snap, "ru", 0.0), screen(snap, "en", 0.0)
    assert "Д♠ Т♥" in ru["seats"][1]["info"] and "Q♠ A♥" in en["seats"][1]["info"]
    assert ru["labels"]["next_hand"] == "Следующий раунд"
    assert en["labels"]["next_hand"] == "Next round"
    game = load_game("sunduchki", seats=3)
    view = replace(game.new_state().view(0, {}), chests=((), (Rank.KING, Rank.ACE), ()))
    snap = Snapshot(rev=1, game=game, seat=0, names=("A", "B", "C"), view=view)
    assert "К Т" in screen(snap, "ru", 0.0)["seats"][1]["info"]


def test_the_stall_warning_and_a_forfeit_are_said_as_on_the_terminal() -> None:
    """Issue 15 item 4: the stall warning («осталось 30 с, чтобы сходить: …») and the
    forfeit explained («Борис: поражение в раздаче 1 (место покинуто), -120 в записи»)
    were on the terminal's full screen only.  Now the screen model has the warning (when
    the page is to add it to the turn line: the seat controller's moment) and the end's
    lines begin with the forfeit (the shared presenter's final_lines)."""
    from p2pcards.games import LocalDealer, forfeit_result

    game = load_game("thousand", seats=3)
    state = game.new_state()
    before = state.clone()
    dealer = LocalDealer.seeded(state, 1)
    while dealer.answer() is not None:
        pass
    seat = state.need().seat
    view = state.view(seat, dealer.knowledge[seat])
    legal = tuple(state.legal_moves(seat, dealer.knowledge[seat]))
    names = ("Аня", "Борис", "Вера")
    snap = Snapshot(rev=1, game=game, seat=seat, names=names, view=view, legal=legal,
                    extra={"warn_at": 100.0, "warn_left": 30.0})  # fmt: skip
    warning = "осталось 30 с, чтобы сходить: потом остальные могут закончить раздачу без вас"
    assert screen(snap, "ru", 90.0)["turn"]["warn"] == {"in": 10.0, "text": warning}
    assert screen(snap, "ru", 130.0)["turn"]["warn"] == {"in": 0.0, "text": warning}
    assert screen(replace(snap, extra={}), "ru", 90.0)["turn"]["warn"] is None
    # cut off from a seat (issue 15): the alert says so, and no warning beside it
    cut = [True] * 3
    cut[(seat + 2) % 3] = False
    lost = replace(snap, extra={**snap.extra, "connected": cut})
    assert screen(lost, "ru", 130.0)["turn"]["warn"] is None
    assert screen(lost, "ru", 130.0)["alerts"] == [
        f"связь с игроком {names[(seat + 2) % 3]} потеряна, переподключаемся…"
    ]
    gone = replace(snap, extra={**lost.extra, "departed": [(seat + 2) % 3]})
    assert screen(gone, "ru", 130.0)["turn"]["warn"] == {"in": 0.0, "text": warning}
    other = (seat + 1) % 3
    result = forfeit_result(before, state, other)
    end = replace(snap, legal=(), result=result, extra={"departed": [other]})
    lines = screen(end, "ru", 0.0)["result"]
    assert lines[0] == f"{names[other]}: поражение в раздаче 1 (место покинуто), -120 в записи"
    assert lines[-2:] == [f"проигравший: {names[other]} (поражение без игры)",
                          "впереди по очкам: " + " и ".join(n for i, n in enumerate(names)
                                                            if i != other) + " (0)"]  # fmt: skip
    stalled = screen(replace(end, extra={}), "ru", 0.0)["result"][0]
    assert stalled == f"{names[other]}: поражение в раздаче 1 (не отвечает), -120 в записи"


def test_the_log_viewer_of_101_says_round_as_the_game_does() -> None:
    """A new user's trial (issue 15): the log viewer said «раздача» (hand) in 101, whose
    screens say «раунд» (:func:`p2pcards.ui.plays_rounds`): its buttons, each round's
    line, the shuffle step and the verdict."""
    from tests.table.harness import Harness

    h = Harness("101", 2, seed=3, options={"max_rounds": 1})
    h.run(max_steps=2_000_000)
    ru = log_view(h.logs()[0], "ru", proof_cache=h.proof_cache)
    assert ru["verdict"] == "verified"
    assert ru["hand_label"] == "Раунд"
    assert ru["hands"][1]["text"] == "раунд 1 проверен ✓"
    assert ru["verdict_text"] == "Проверка: всё честно, проверены все раунды (1)"
    assert ru["hands"][1]["steps"][0]["text"] == "— раунд 1: колода перемешана —"
    said = " ".join([ru["verdict_text"]] + [h["text"] for h in ru["hands"]])
    said += " ".join(s["text"] for hand in ru["hands"] for s in hand["steps"])
    assert "раздач" not in said
    en = log_view(h.logs()[0], "en", proof_cache=h.proof_cache)
    assert (en["hand_label"], en["hands"][1]["text"]) == ("Round", "round 1 verified ✓")


def test_the_page_history_has_the_facts_the_terminal_shows() -> None:
    """A new user's trial (issue 15): the page's history had none of the facts that are
    no move and that the terminal's history says (the shared presenters' ``facts``):
    Thousand's obligatory first bid, before the first move's line, once; 101's penalty
    drawn and missed turn, from the state now."""
    from p2pcards.games import Decision, LocalDealer
    from p2pcards.ui import presenter
    from p2pcards.web._seat import HistoryItem

    game = load_game("thousand", seats=3)
    state = game.new_state()
    dealer = LocalDealer.seeded(state, 1)
    while not isinstance(need := state.need(), Decision):
        dealer.answer()
    names = ("Анна", "Борис", "Вера")
    before = state.view(0, dealer.knowledge[0])
    first = before.auction[0][0]  # type: ignore[attr-defined]
    bid = f"{names[first]} заявляет 100 (обязательная заявка первой руки)"
    snap = Snapshot(rev=1, game=game, seat=0, names=names, view=before)
    assert screen(snap, "ru", 0.0)["history"] == [bid]  # the state now: no move yet
    move = state.legal_moves(need.seat, dealer.knowledge[need.seat])[0]
    line = presenter("thousand", "ru").history_line(move, before, names)
    dealer.apply(move)
    now = state.view(0, dealer.knowledge[0])
    items = (HistoryItem(move=move, before=before),)
    snap = Snapshot(rev=2, game=game, seat=0, names=names, view=now, history=items)
    assert screen(snap, "ru", 0.0)["history"] == [bid, line]  # said once, before the move
    game = load_game("101", seats=3)
    view = replace(game.new_state().view(0, {}), penalized=(1, 2), missed=1)
    snap = Snapshot(rev=1, game=game, seat=0, names=names, view=view)
    assert screen(snap, "en", 0.0)["history"] == presenter("101", "en").facts(view, names)
    assert screen(snap, "ru", 0.0)["history"] == [
        "Борис берёт штрафом 2 карты",
        "Борис пропускает ход",
    ]


def test_the_log_viewer_says_a_forfeit_finished_the_game() -> None:
    """A game of three that seat 2 left: the viewer said "the log stops before the end"
    (the "incomplete" label: no label for a forfeit) and drew it as a failure."""
    from tests.table.test_abandon import Hold, stalled_table
    from tests.table.test_leave import _leave_bytes

    h = stalled_table("akulina", 3, Hold(2, kind="move"), seed=3)
    data = _leave_bytes(h, 2)
    for s in (0, 1):
        h.handle(s, h.tables[s].receive(data))
        h.handle(s, h.tables[s].abandon(2, "left"))
    h.run()
    en, ru = log_view(h.logs()[0], "en"), log_view(h.logs()[0], "ru")
    assert en["verdict"] == ru["verdict"] == "forfeited"
    assert en["verdict_text"] == (
        "Audit: no cheating; the game ended by a forfeit (a player left or stopped "
        "responding, the others voted); hands checked to their end: 0"
    )
    assert ru["verdict_text"] == (
        "Проверка: обмана нет; игра завершена досрочно (игрок ушёл или перестал отвечать, "
        "остальные проголосовали); раздач проверено до конца: 0"
    )


def test_the_page_of_101_says_round_as_its_screens_do() -> None:
    """Issue 15 (the web's «раздача» in 101): the page's verdict, the end of a round, the
    check at its end and the history's verified line said «раздача» in 101."""
    from p2pcards.web._seat import HistoryItem

    game = load_game("101", seats=2)
    view = game.new_state().view(0, {})
    item = HistoryItem(fact="round {n} verified ✓", args=(("n", 1),))
    snap = Snapshot(rev=1, game=game, seat=0, names=("Аня", "Борис"), view=view,
                    verdict="verified", history=(item,), awaited=1,
                    extra={"reason": "reveal", "seats": [1]})  # fmt: skip
    ru = screen(snap, "ru", 0.0)
    assert ru["verdict"] == "раунд проверен ✓"
    assert (ru["labels"]["hand_over"], ru["labels"]["next_hand"]) == (
        "Раунд окончен",
        "Следующий раунд",
    )
    assert ru["labels"]["playing"] == "каждый раунд проверяется в конце"
    assert ru["turn"]["text"] == "ждём: Борис · проверка раунда"
    assert ru["history"] == ["раунд 1 проверен ✓"]
    said = " ".join([ru["verdict"], ru["turn"]["text"], *ru["history"]])
    assert "раздач" not in said
    thousand = load_game("thousand", seats=3)
    snap = replace(snap, game=thousand, view=thousand.new_state().view(0, {}),
                   names=("Аня", "Борис", "Вера"))  # fmt: skip
    assert screen(snap, "ru", 0.0)["verdict"] == "раздача проверена ✓"


def test_the_page_history_says_where_each_hand_starts() -> None:
    """Issue 15 (the page's history as the terminal's): the LAN terminal's history says
    "— hand 2 —" where a hand starts (101: "— раунд 2 —"); the page said nothing."""
    from p2pcards.table import HandStarted
    from p2pcards.web._lan import ControllerSource
    from p2pcards.web._seat import HistoryItem

    game = load_game("101", seats=2)
    view = game.new_state().view(0, {})
    items = (HistoryItem(started=1), HistoryItem(started=2))
    snap = Snapshot(rev=1, game=game, seat=0, names=("Аня", "Борис"), view=view, history=items)
    assert screen(snap, "ru", 0.0)["history"] == ["— раунд 1 —", "— раунд 2 —"]
    thousand = load_game("thousand", seats=3)
    snap = replace(snap, game=thousand, view=thousand.new_state().view(0, {}),
                   names=("Аня", "Борис", "Вера"))  # fmt: skip
    assert screen(snap, "en", 0.0)["history"] == ["— hand 1 —", "— hand 2 —"]

    class Controller:  # (what _note asks of it)
        def snapshot(self) -> object:
            from types import SimpleNamespace

            return SimpleNamespace(names=("Аня", "Борис"), departed=(), result=None)

    source = ControllerSource.__new__(ControllerSource)
    source.controller, source._history, source.game = Controller(), [], game  # type: ignore[assignment]
    source._note(HandStarted(2))
    assert source._history == [HistoryItem(started=2)]
