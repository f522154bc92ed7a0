"""``p2pcards audit`` and ``p2pcards replay`` on logs written by in-memory tables."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from p2pcards.cli import main
from p2pcards.transcript import RecordType, encode_log, peek_entry
from tests.table.harness import Harness


def write_log(path: Path, entries: list[bytes]) -> Path:
    path.write_bytes(encode_log([(RecordType.ENTRY, e) for e in entries]))
    return path


@pytest.fixture(scope="module")
def honest_log() -> list[bytes]:
    h = Harness("akulina", 3, seed=21)
    h.run()
    return h.logs()[0]


def test_audit_verifies_an_honest_game(tmp_path: Path, honest_log: list[bytes], capsys) -> None:
    log = write_log(tmp_path / "t.log", honest_log)
    assert main(["audit", str(log), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    last = out.splitlines()[-1]
    assert last == "VERIFIED: 1 hand checked. seat0 lost (1 loss); seat1 and seat2 0."


def test_audit_in_russian_in_words(tmp_path: Path, honest_log: list[bytes], capsys) -> None:
    log = write_log(tmp_path / "t.log", honest_log)
    assert main(["audit", str(log), "--lang", "ru"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [
        "игра: Акулина, игроки: seat0, seat1, seat2, записей: 100",
        "ПРОВЕРЕНО: проверена 1 раздача. Проигравший: seat0 (1 проигрыш); seat1 и seat2 — 0.",
    ]


def test_audit_names_the_cheat_from_the_evidence_an_honest_seat_kept(
    tmp_path: Path, capsys
) -> None:
    """A wrong decryption share: an honest seat's log stops before it, and its file keeps
    the rejected entry as an EVIDENCE record (as its session writes it): the audit names
    seat 1 at that entry."""
    from p2pcards.mental_poker._ristretto import G, add
    from p2pcards.peer import TableStorage
    from p2pcards.table import Evidence

    def wrong(t, step, body):  # type: ignore[no-untyped-def]
        if step.kind != "share":
            return body
        return [[add(body[0][0], G), *body[0][1:]], body[1]]

    h = Harness("akulina", 3, seed=10)
    h.tables[1].alter = wrong
    h.run()
    bad = next(e for e in h.tables[1].log if e.kind == "share" and e.seat == 1)
    st = TableStorage(h.tables[0].table_id, tmp_path)
    st.append_entries(h.logs()[0])
    for o in h.outputs[0]:
        if isinstance(o, Evidence):
            st.append_evidence(o.entries)
            st.append_evidence(o.entries)  # (rejected again after a restart: kept once)
    st.close()
    assert TableStorage(h.tables[0].table_id, tmp_path).evidence() == [bad.raw]
    log = st.log_path
    assert main(["audit", str(log), "--lang", "en"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[1].startswith(f"CHEATING: seat1 at entry {bad.seq}, rule 'share")
    assert main(["audit", str(log), "--json"]) == 1
    got = json.loads(capsys.readouterr().out)
    assert got["verdict"] == "cheating" and got["evidence"] == 1
    c = got["cheats"][0]
    assert (c["seat"], c["entry"], c["evidence"]) == (1, bad.seq, True)
    assert "decryption shares" in c["detail"]


def test_audit_json_keeps_the_data_and_lists_the_checks_of_every_hand(
    tmp_path: Path, honest_log: list[bytes], capsys
) -> None:
    log = write_log(tmp_path / "t.log", honest_log)
    assert main(["audit", str(log), "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""  # no progress bar when stderr is not a terminal
    got = json.loads(captured.out)
    assert got["verdict"] == "verified" and got["hands_verified"] == [1]
    assert got["result"]["losers"] == [0] and got["result"]["losses"] == [1, 0, 0]
    start, hand = got["hands"]
    assert start == {"hand": 0, "verified": True, "proofs": {"key": 3}, "items": {"key": 3},
                     "moves": 0, "claims": 0, "opened": {}}  # fmt: skip
    assert hand["hand"] == 1 and hand["verified"]
    assert hand["proofs"]["shuffle"] == 3 and hand["items"]["shuffle"] == 3 * 35
    assert {"share", "open", "reshuffle"} <= set(hand["proofs"])
    assert hand["moves"] == sum(peek_entry(e).kind == "move" for e in honest_log)
    assert hand["claims"] >= 1 and len(hand["opened"]) == 35  # every card opened by the end
    assert "Q♠" in hand["opened"].values()


def test_audit_of_a_log_that_stops_midway(tmp_path: Path, honest_log: list[bytes], capsys) -> None:
    log = write_log(tmp_path / "p.log", honest_log[:10])  # in the deal's round of shares
    assert main(["audit", str(log), "--lang", "en"]) == 3
    assert capsys.readouterr().out.splitlines()[-1] == (
        "INCOMPLETE: 0 hands checked; the log stops while waiting for seat0, seat1 and seat2: "
        "keys to the cards dealt."
    )
    assert main(["audit", str(log), "--lang", "ru"]) == 3
    assert capsys.readouterr().out.splitlines()[-1] == (
        "НЕ ЗАВЕРШЕНО: проверено 0 раздач; журнал обрывается на ожидании: seat0, seat1 и seat2 "
        "(ключи к розданным картам)."
    )


def test_audit_of_garbage_is_unreadable(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "x.log"
    bad.write_bytes(b"not a log at all")
    assert main(["audit", str(bad)]) == 2
    assert main(["audit", str(tmp_path / "missing.log")]) == 2


def test_replay_shows_every_card(tmp_path: Path, honest_log: list[bytes], capsys) -> None:
    log = write_log(tmp_path / "t.log", honest_log)
    assert main(["replay", str(log), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "seat1 gets" in out and "??" not in out and "Q♠" in out


def test_audit_of_a_hand_abandoned_by_a_stall_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    """Two seats, seat 1 silent at its shuffle and voted out for the stall: the
    ABANDONED line says it stopped responding, in both languages (a seat that left is
    worded in tests/cli/test_new_user_texts.py)."""
    from p2pcards.cli.audit import print_report
    from p2pcards.table import audit_entries
    from tests.table.test_abandon import Hold, stalled_table

    h = stalled_table("akulina", 2, Hold(1, kind="shuffle"), seed=3)  # (a short log)
    h.handle(0, h.tables[0].abandon(1, "stall"))
    h.run()
    report = audit_entries(h.logs()[0])
    lines = {}
    for lang in ("en", "ru"):
        print_report(report, lang)
        lines[lang] = capsys.readouterr().out.splitlines()[-1]
    seq = report.entries - 1
    assert lines == {
        "en": "ABANDONED: 0 hands checked; hand 1 was ended without the seat that stopped "
        f"responding: seat1 (entry {seq}).",
        "ru": "ПРЕРВАНО: проверено 0 раздач; раздача 1 закончена без игрока, который перестал "
        f"отвечать: seat1 (запись {seq}).",
    }


@pytest.fixture(scope="module")
def sto_odno_log() -> list[bytes]:
    h = Harness("101", 2, seed=5)
    h.run()
    return h.logs()[0]


def test_replay_and_audit_of_101_say_round(
    tmp_path: Path, sto_odno_log: list[bytes], capsys: pytest.CaptureFixture[str]
) -> None:
    """101's rules call a deal a round (its own texts say «раунд»): replay said «—
    раздача 1: колода перемешана —» and audit «проверено 2 раздачи» in 101."""
    log = write_log(tmp_path / "t.log", sto_odno_log)
    assert main(["replay", str(log), "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert "— раунд 1: колода перемешана —" in out.splitlines()
    assert "раздач" not in out
    assert main(["replay", str(log), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "— round 1: the deck is shuffled —" in out.splitlines() and "hand 1" not in out
    main(["audit", str(log), "--lang", "ru"])
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.startswith("ПРОВЕРЕНО: проверен") and " раунд" in last and "раздач" not in last
    main(["audit", str(log), "--lang", "en"])
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.startswith("VERIFIED: ") and " round" in last and "hand" not in last


def test_an_abandoned_101_round_in_audit(capsys: pytest.CaptureFixture[str]) -> None:
    from p2pcards.cli.audit import print_report
    from p2pcards.table import audit_entries
    from tests.table.test_abandon import Hold, stalled_table

    h = stalled_table("101", 2, Hold(1, kind="shuffle"), seed=3)
    h.handle(0, h.tables[0].abandon(1, "stall"))
    h.run()
    report = audit_entries(h.logs()[0])
    lines = {}
    for lang in ("en", "ru"):
        print_report(report, lang)
        lines[lang] = capsys.readouterr().out.splitlines()[-1]
    seq = report.entries - 1
    assert lines == {
        "en": "ABANDONED: 0 rounds checked; round 1 was ended without the seat that stopped "
        f"responding: seat1 (entry {seq}).",
        "ru": "ПРЕРВАНО: проверено 0 раундов; раунд 1 закончен без игрока, который перестал "
        f"отвечать: seat1 (запись {seq}).",
    }


@pytest.fixture(scope="module")
def forfeit_log() -> list[bytes]:
    """Akulina for three: seat 2 leaves while the table waits for its move; seats 0 and
    1 vote it out at once and it forfeits the game (protocol/table.md §3 rule 4)."""
    from tests.table.test_abandon import Hold, stalled_table
    from tests.table.test_leave import _leave_bytes

    h = stalled_table("akulina", 3, Hold(2, kind="move"), seed=3)
    data = _leave_bytes(h, 2)
    for s in (0, 1):
        h.handle(s, h.tables[s].receive(data))
        h.handle(s, h.tables[s].abandon(2, "left"))
    h.run()
    return h.logs()[0]


def test_the_forfeit_result_names_the_seat_once(
    forfeit_log: list[bytes], capsys: pytest.CaptureFixture[str]
) -> None:
    """The result line after the forfeit's verdict (which names the seat) read "seat2
    forfeits: seat2 lost (1 loss); …" («Поражение без игры: seat2. Проигравший: seat2 …»,
    a new user's trial): it is the game's result, the seat named once, in it."""
    from p2pcards.cli.audit import print_report
    from p2pcards.table import audit_entries

    report = audit_entries(forfeit_log)
    lines = {}
    for lang in ("en", "ru"):
        print_report(report, lang)
        lines[lang] = capsys.readouterr().out.splitlines()[-1]
    assert lines == {
        "en": "Result of the game: seat2 lost (1 loss); seat0 and seat1 0.",
        "ru": "Итог игры — проигравший: seat2 (1 проигрыш); seat0 и seat1 — 0.",
    }


def test_a_game_ended_by_a_forfeit_is_finished_not_abandoned(
    tmp_path: Path, forfeit_log: list[bytes], capsys: pytest.CaptureFixture[str]
) -> None:
    """At three seats a seat voted out (here: it left) forfeits and the game ends with
    its result (protocol/table.md §3 rule 4): a verified end, exit status 0.  It read
    «ПРЕРВАНО: проверено 0 раздач…» and exited 3, as an abandoned hand with no result
    (two seats: test_two_seats_abandoned_is_still_exit_3)."""
    log = write_log(tmp_path / "t.log", forfeit_log)
    seq = len(forfeit_log) - 2  # (the two votes are the last entries; the first is here)
    said = {}
    for lang in ("en", "ru"):
        assert main(["audit", str(log), "--lang", lang]) == 0
        said[lang] = capsys.readouterr().out.splitlines()
    assert said["en"] == [
        "game: Akulina (Old Maid), seats: seat0, seat1, seat2, entries: 16",
        "FINISHED BY FORFEIT: 0 hands checked; hand 1, checked up to the vote, was ended "
        f"without the seat that left the table: seat2 (entry {seq}).",
        "Result of the game: seat2 lost (1 loss); seat0 and seat1 0.",
    ]
    assert said["ru"] == [
        "игра: Акулина, игроки: seat0, seat1, seat2, записей: 16",
        "ЗАВЕРШЕНО ДОСРОЧНО: проверено 0 раздач; раздача 1, проверенная до голосования, "
        f"закончена без игрока, покинувшего стол: seat2 (запись {seq}).",
        "Итог игры — проигравший: seat2 (1 проигрыш); seat0 и seat1 — 0.",
    ]
    assert main(["audit", str(log), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["verdict"] == "forfeited"
    assert (data["result"]["losers"], data["result"]["winners"]) == ([2], [0, 1])
    assert data["result"]["forfeit"] == {"seat": 2, "hand": 0, "rule": "lose", "penalty": 1}
    assert main(["replay", str(log), "--lang", "en"]) == 0  # (replay's status is audit's)


def test_two_seats_abandoned_is_still_exit_3(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """At two seats the hand ends with no result (protocol/table.md §3 rule 4): the game
    has no end to verify, so it stays "abandoned", exit status 3."""
    from tests.table.test_abandon import Hold, stalled_table

    h = stalled_table("akulina", 2, Hold(1, kind="shuffle"), seed=3)
    h.handle(0, h.tables[0].abandon(1, "stall"))
    h.run()
    log = write_log(tmp_path / "t.log", h.logs()[0])
    assert main(["audit", str(log), "--lang", "en"]) == 3
    assert capsys.readouterr().out.splitlines()[-1].startswith("ABANDONED: 0 hands checked; ")
    assert main(["audit", str(log), "--json"]) == 3
    assert json.loads(capsys.readouterr().out)["verdict"] == "abandoned"


def test_replay_of_an_unfinished_hand_shows_your_own_cards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A new user's trial (issue 15): ``replay`` of a hand that never ended showed every
    card as ??, the replaying player's own too.  A log in a data directory whose
    identity sat at the table, with the seat's secrets beside it, shows that seat's
    cards as dealt (the others' stay ??)."""
    from p2pcards.identity import Identity, SealingKey, save_identity
    from p2pcards.peer._storage import TableStorage

    h = Harness("akulina", 3, seed=21, paused={0, 1, 2})  # dealt, and nobody moves
    h.run()
    t = h.tables[0]
    mine = t.view().hand
    assert mine and h.tables[0].result is None
    storage = TableStorage(t.table_id, tmp_path / "p0")
    storage.append_entries(h.logs()[0])
    for key, data in h.persisted[0].items():
        storage.persist(key, data)
    storage.close()
    log = storage.log_path
    assert main(["replay", str(log), "--lang", "en"]) == 3  # incomplete
    before = capsys.readouterr().out
    assert "seat0 gets ??" in before  # no identity in the directory: nothing known
    save_identity(Identity("Аня", t._key, SealingKey(t.sealing)), tmp_path / "p0")
    assert main(["replay", str(log), "--lang", "en"]) == 3
    out = capsys.readouterr().out
    cards = " ".join(c.symbol for _, c in mine)
    got = [x for x in out.splitlines() if x.strip().startswith("seat0 gets ")]
    assert got and "??" not in got[0] and all(c.symbol in got[0] for _, c in mine), (got, cards)
    assert "seat1 gets ??" in out  # the others' cards were not opened to this seat
