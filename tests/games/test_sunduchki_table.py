"""Sunduchki through the mental-poker table (no dealer): a false "no" is refused at its
own entry (its proof does not hold) by every honest seat and by the log audit.  (Honest
whole games at 2 and 6 seats, verified by every seat and the audit with identical logs:
tests/table/test_games_table.py; 3-5 seats: scripts/bench games_table.)"""

from __future__ import annotations

from p2pcards.games.sunduchki import Answer
from p2pcards.table import Offence, Table, audit_entries
from p2pcards.ui import Names, presenter
from tests.table.harness import Harness, force_move

LIAR = 1


def test_a_false_no_is_refused_at_its_entry() -> None:
    lied: list[str] = []

    def lie(h: Harness, seat: int, t: Table, legal: list) -> object:
        req = t.engine.request
        first = legal[0]
        if (
            seat == LIAR
            and not lied
            and isinstance(first, Answer)
            and first.yes
            and req is not None
            and req.stage == 1
        ):
            lied.append(req.rank.name_in("en", plural=True))
            move = Answer(seat, False)  # "no" while holding the rank
            force_move(h, seat, t, move)
            return None
        return h.bot(t.view(), legal, h.bot_rngs[seat])

    h = Harness("sunduchki", 3, seed=4)
    h.decide = lie
    h.run()
    assert lied, "the liar was never asked about a rank it holds"
    for s in (0, 2):
        [cheat] = h.cheats(s)
        assert cheat.seat == LIAR and cheat.rule == "sunduchki: Ход: три вопроса по порядку"
        assert cheat.offence == Offence.FALSE_CLAIM and cheat.claim is not None
        assert cheat.claim.kind == "answer" and cheat.claim.about["yes"] is False
        q = cheat.claim.about["question"]
        assert q.stage == 1 and q.target == LIAR and q.rank.name_in("en", plural=True) == lied[0]
        assert cheat.falsified is None  # nothing opened: the proof made with it fails
        line = presenter("sunduchki").cheat_text(cheat, Names.seats(3, "en"))
        assert f"seat {LIAR + 1} answers no to (seat " in line and f"do you have {lied[0]}?" in line
        assert line.endswith("; its proof does not hold")
        assert cheat.seq is not None and len(h.tables[s].log) == cheat.seq + 1  # at its entry
    report = audit_entries(h.logs()[0])
    assert report.verdict == "cheating"
    assert [c.seat for c in report.cheats] == [LIAR]
