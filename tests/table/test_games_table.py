"""Thousand, 101 and Sunduchki played whole through the mental-poker table, in memory.

Every seat is a Table fed by the harness (random delivery order, duplicates); bots decide
from their own view.  For each game: the logs are byte-identical, every hand is verified
by every seat, the results agree, and the log audit verifies.  Then one cheat per game,
made through the table (the cheater's software writes a move its table would refuse):
each is caught by every honest seat's end-of-hand audit and blamed on the cheater.

``scripts/bench games_table`` plays the same whole games and reports their cost.
"""

from __future__ import annotations

from typing import Any

import pytest

from p2pcards.games import Move
from p2pcards.games.sto_odno import Draw, Play
from p2pcards.games.sunduchki import Answer
from p2pcards.games.thousand import Play as ThousandPlay
from p2pcards.table import HandVerified, Offence, Table, audit_entries
from p2pcards.ui import Names, presenter
from tests.table.harness import Harness, force_move

CHEAT = 1


def check_honest(h: Harness) -> dict[str, Any]:
    """Run ``h``; assert what every honest game must show; return the agreed result."""
    h.run(max_steps=2_000_000)
    results = [t.result for t in h.tables]
    assert results[0] is not None, "the game did not finish"
    assert all(r == results[0] for r in results), "the seats disagree on the result"
    logs = h.logs()
    assert all(log == logs[0] for log in logs), "the logs are not byte-identical"
    hands = h.tables[0].hand
    for s, t in enumerate(h.tables):
        assert h.cheats(s) == [], f"seat {s} accused someone in an honest game"
        assert t.verified == list(range(1, hands + 1)), f"seat {s}: not every hand verified"
        assert sum(isinstance(o, HandVerified) for o in h.outputs[s]) == hands
    report = audit_entries(logs[0], proof_cache=h.proof_cache)  # proofs: checked by the seats
    assert report.verdict == "verified", report.to_json()
    assert report.result == results[0]
    result: dict[str, Any] = dict(results[0])
    return result


def blamed_by_all(h: Harness, rule: str) -> list[str]:
    """Every honest seat names CHEAT first, under ``rule``, as a false claim; also the log
    audit.  Returns the honest seats' cheats in the game presenter's English words (seats
    named from 1: "seat 2" is CHEAT)."""
    msgs = []
    words, names = presenter(h.game), Names.seats(h.n, "en")
    for s in range(h.n):
        if s == CHEAT:
            continue
        cheats = h.cheats(s)
        assert cheats, f"seat {s} detected nothing"
        assert (cheats[0].seat, cheats[0].rule) == (CHEAT, rule), cheats
        assert cheats[0].seq is not None  # the log entry of the lying move
        assert cheats[0].offence == Offence.FALSE_CLAIM
        msgs.append(words.cheat_text(cheats[0], names))
    report = audit_entries(h.logs()[0], proof_cache=h.proof_cache)
    assert report.verdict == "cheating"
    assert [c.seat for c in report.cheats] == [CHEAT]
    return msgs


def force(h: Harness, t: Table, move: Move) -> None:
    """The cheater's software writes ``move`` although its table would refuse it."""
    force_move(h, CHEAT, t, move)


# ---------------------------------------------------------------------- Thousand
def test_thousand_a_whole_game_to_1000_every_hand_verified() -> None:
    # continued from a sheet near the barrel: 3 hands, 1.5 s of CPU (from 0 the game is
    # 22 hands, 16 s: ``scripts/bench games_table`` plays it)
    h = Harness("thousand", 3, seed=4, options={"scores": "800,840,760"})
    result = check_honest(h)
    assert result["capped"] is False and result["hands"] == h.tables[0].hand == 3
    scores = result["scores"]
    assert all(s % 5 == 0 for s in scores)  # scores are rounded to 5
    assert max(scores) >= 1000 and result["winners"] == [scores.index(max(scores))]
    assert 880 in scores  # a seat stopped on the barrel


def test_thousand_failing_to_follow_suit_is_caught() -> None:
    done: list[str] = []

    def renege(h: Harness, seat: int, t: Table, legal: list[Move]) -> Move | None:
        e = t.engine
        if seat == CHEAT and not done and isinstance(legal[0], ThousandPlay) and e.trick:
            allowed = {m.position for m in legal}
            for p in sorted(e.hands[seat]):
                if p not in allowed:  # a card the rules forbid now (follow, beat, trump)
                    c = t.knowledge[p]
                    done.append(c.symbol)
                    force(h, t, ThousandPlay(seat, p, c))
                    return None
        return h.bot(t.view(), legal, h.bot_rngs[seat])

    for seed in range(40, 60):
        done.clear()
        h = Harness("thousand", 3, seed=seed, options={"max_hands": 1}, decide=renege)
        h.run()
        if done:
            break
    assert done, "the cheater never had a card to renege with"
    msgs = blamed_by_all(h, "thousand: Розыгрыш и взятки")
    for s in (0, 2):  # refused at its own entry: nothing was appended after it
        assert len(h.tables[s].log) == h.cheats(s)[0].seq + 1  # type: ignore[operator]
    for m in msgs:
        assert f"seat {CHEAT + 1} plays {done[0]} in trick" in m and ", so has no " in m
        assert m.endswith("; its proof does not hold")  # refused at its entry (proven claims)


# ---------------------------------------------------------------------- 101
class Rebuilds:
    """A decide hook that plays the bot and records the most stock rebuilds seen in a
    round (``StoOdnoState.rebuilt``) and the Shuffle needs asked mid-round."""

    def __init__(self) -> None:
        self.most = 0

    def __call__(self, h: Harness, seat: int, t: Table, legal: list[Move]) -> Move:
        self.most = max(self.most, t.engine.rebuilt)  # type: ignore[attr-defined]
        return h.bot(t.view(), legal, h.bot_rngs[seat])


def mid_round_shuffles(t: Table) -> int:
    """Shuffles of a recycled stock (first position > 0) in ``t``'s applied events."""
    from p2pcards.games import Shuffled

    return sum(isinstance(ev, Shuffled) and ev.first > 0 for _h, ev in t.events)


@pytest.mark.parametrize(("seats", "bots", "seed"), [(2, "random", 0), (4, "basic", 1)])
def test_101_a_whole_series_with_the_stock_turned_over(seats: int, bots: str, seed: int) -> None:
    seen = Rebuilds()
    h = Harness("101", seats, seed=seed, bots=bots, decide=seen)
    result = check_honest(h)
    assert result["capped"] is False
    scores = result["scores"]
    assert result["losers"] and all(scores[s] > 101 for s in result["losers"])
    assert all(scores[s] <= 101 for s in result["winners"])
    assert result["rounds"] == h.tables[0].hand  # one mental-poker hand per deal
    assert seen.most >= 1, "the stock was never rebuilt from the discard pile"
    assert mid_round_shuffles(h.tables[0]) == 0  # turned over, not reshuffled


def test_101_recycle_shuffle_asks_a_second_shuffle_mid_round() -> None:
    seen = Rebuilds()
    opts = {"recycle": "shuffle", "max_rounds": 2}
    h = Harness("101", 2, seed=15, bots="random", options=opts, decide=seen)
    check_honest(h)  # every hand verified: the recycled stocks' shuffles too
    assert seen.most >= 1
    assert mid_round_shuffles(h.tables[0]) == 2
    # each recycled stock is a deck of its own, shuffled by every seat
    assert all(len(t.decks) == 2 for t in h.tables)


def test_101_a_false_could_not_play_is_caught() -> None:
    done: list[str] = []

    def lie(h: Harness, seat: int, t: Table, legal: list[Move]) -> Move | None:
        if seat == CHEAT and not done and any(isinstance(m, Play) for m in legal):
            play = next(m for m in legal if isinstance(m, Play))
            if Draw(seat) not in legal and t.engine.drawable():  # type: ignore[attr-defined]
                done.append(play.cards[0].name("en"))
                force(h, t, Draw(seat))  # "I have nothing to play" while holding a card
                return None
        return h.bot(t.view(), legal, h.bot_rngs[seat])

    h = Harness("101", 3, seed=11, options={"max_rounds": 1}, decide=lie)
    h.run()
    assert done
    msgs = blamed_by_all(h, "101: Обычный ход: масть, достоинство или дама")
    for m in msgs:
        assert f": seat {CHEAT + 1} draws: no card to play (" in m
        assert m.endswith("; its proof does not hold")  # refused at its entry (proven claims)


# ---------------------------------------------------------------------- Sunduchki
@pytest.mark.parametrize("seats", [2, 6])  # 3-5: scripts/bench games_table
def test_sunduchki_a_whole_game(seats: int) -> None:
    h = Harness("sunduchki", seats, seed=60 + seats)
    result = check_honest(h)
    chests = result["chests"]
    assert len(chests) == seats and sum(chests) == 9
    best = max(chests)
    assert result["winners"] == [s for s in range(seats) if chests[s] == best]
    assert result["losers"] == [s for s in range(seats) if chests[s] != best]


@pytest.mark.parametrize("stage", [2, 3])
def test_sunduchki_a_false_no_to_the_count_or_the_suits_is_refused_at_its_entry(
    stage: int,
) -> None:
    """A "no" to question 2 (the count) or 3 (the suits) by a seat for which it is "yes":
    its move cannot carry a proof, so every honest seat refuses that very entry (the log
    stops there) and blames the liar; the audit of the log agrees."""
    done: list[int] = []

    def lie(h: Harness, seat: int, t: Table, legal: list[Move]) -> Move | None:
        req = t.engine.request  # type: ignore[attr-defined]
        first = legal[0]
        if seat == CHEAT and not done and isinstance(first, Answer) and req.stage == stage:
            if any(m.yes for m in legal if isinstance(m, Answer)):
                done.append(t.next_seq)
                force(h, t, Answer(seat, False))
                return None
        return h.bot(t.view(), legal, h.bot_rngs[seat])

    for seed in range(70, 90):
        done.clear()
        h = Harness("sunduchki", 4, seed=seed, decide=lie)
        h.run()
        if done:
            break
    assert done, "the liar was never asked the right question"
    msgs = blamed_by_all(h, "sunduchki: Ход: три вопроса по порядку")
    for s in range(h.n):
        if s != CHEAT:
            assert h.cheats(s)[0].seq == done[0] and len(h.tables[s].log) == done[0] + 1
    words = ": suits " if stage == 3 else ": exactly "
    for m in msgs:
        assert f"seat {CHEAT + 1} answers no to (" in m and words in m, m
        assert m.endswith("; its proof does not hold"), m


def test_sunduchki_one_question_a_card_kept_back_is_refused_at_its_entry() -> None:
    """The one-question scheme: the liar hands over only one of its two or more cards of
    the rank asked; "I handed over every card of the rank" is made by that answer, so the
    answer entry itself cannot carry its proof and is refused, the liar blamed."""
    done: list[int] = []

    def lie(h: Harness, seat: int, t: Table, legal: list[Move]) -> Move | None:
        first = legal[0]
        if seat == CHEAT and not done and isinstance(first, Answer) and len(first.cards) > 1:
            done.append(t.next_seq)
            force(h, t, Answer(seat, True, first.positions[:1], first.cards[:1]))
            return None
        return h.bot(t.view(), legal, h.bot_rngs[seat])

    for seed in range(70, 90):
        done.clear()
        h = Harness("sunduchki", 3, seed=seed, options={"questions": "one"}, decide=lie)
        h.run()
        if done:
            break
    assert done, "the liar never had two cards of a rank asked"
    msgs = blamed_by_all(h, "sunduchki: Другие варианты")
    for s in range(h.n):
        if s != CHEAT:
            assert h.cheats(s)[0].seq == done[0] and len(h.tables[s].log) == done[0] + 1
    for m in msgs:
        assert f"seat {CHEAT + 1} hands over every card of the rank: " in m, m
        assert m.endswith("; its proof does not hold"), m
