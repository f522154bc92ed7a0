"""Every cheat is rejected at the entry that commits it and blamed on its author
(protocol version 2: every body carries its proof).

A cheating seat's table is honest; its software is modified through the step seam
(:attr:`Table.alter`: the body it signs instead), or the harness re-signs what it sends,
or it forces moves its table would refuse.  Each test asserts the seat blamed and the
sequence number of the entry blamed: the cheater's own entry of that kind.
"""

from __future__ import annotations

from typing import Any

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from p2pcards.cards import parse_cards
from p2pcards.games import encode_event
from p2pcards.games.akulina import Discard, pairable
from p2pcards.mental_poker import (
    InvalidScalar,
    card_point,
    encrypt,
    reencrypt_proven,
    shuffle_proven,
)
from p2pcards.mental_poker._ristretto import G, add, mul, scalar, sub
from p2pcards.table import (
    Broadcast,
    CheatDetected,
    Offence,
    Rejected,
    Step,
    Table,
    audit_entries,
)
from p2pcards.table._steps import Blame
from p2pcards.table._steps._order import check_opening, shuffle_opening
from p2pcards.transcript import BadGenesis, peek_entry, sign_entry
from tests.table.harness import Harness, force_move, make_genesis_bytes, make_seats

CHEAT = 1


def resign(h: Harness, seat: int, raw: bytes, body: object) -> bytes:
    """The entry ``raw`` with another body, validly signed by ``seat``."""
    e = peek_entry(raw)
    key = h.tables[seat]._key
    assert key is not None
    return sign_entry(
        key, table=e.table, hand=e.hand, seq=e.seq, prev=e.prev, seat=e.seat, kind=e.kind, body=body
    ).raw


def honest(n: int, cheat: int = CHEAT) -> list[int]:
    return [s for s in range(n) if s != cheat]


def committed_at(h: Harness, kind: str, nth: int = 1, cheat: int = CHEAT) -> int:
    """The sequence number of the cheater's ``nth`` entry of ``kind`` (as it sent it)."""
    seqs = [o.seq for o in h.outputs[cheat] if isinstance(o, Broadcast) and o.kind == kind]
    return seqs[nth - 1]


def rejected_at_once(h: Harness, kind: str, error: str, nth: int = 1, cheat: int = CHEAT) -> None:
    """Every honest seat's first (and only) accusation names the cheater at its entry of
    ``kind``, with ``error`` in the message; the log audit agrees."""
    seq = committed_at(h, kind, nth, cheat)
    for s in honest(h.n, cheat):
        cheats = h.cheats(s)
        assert cheats, f"seat {s} detected nothing"
        assert (cheats[0].seat, cheats[0].seq) == (cheat, seq), cheats[0]
        assert error in cheats[0].detail, cheats[0].detail
        assert len(h.tables[s].log) <= seq  # the bad entry never entered an honest log
        assert h.tables[s].halted
        audited_with_evidence(h, s, (cheat, seq))


def audited_with_evidence(h: Harness, s: int, blamed: tuple[int, int]) -> None:
    """Seat ``s``'s log with the evidence it kept audits as cheating by ``blamed`` (seat,
    entry), re-derived from that evidence (protocol/table.md §3, Evidence)."""
    log = [e.raw for e in h.tables[s].log]
    report = audit_entries(log, evidence=h.evidence(s), proof_cache=h.proof_cache)
    assert report.verdict == "cheating", report.to_json()
    c = report.cheats[0]
    assert (c.seat, c.seq) == blamed and c in report.proven_by_evidence, report.to_json()


def alter_nth(kind: str, fn: Any, nth: int = 1) -> Any:
    """A step seam rewriting the cheater's ``nth`` body of ``kind``: ``fn(t, step,
    body)``."""
    seen = {"n": 0}

    def alter(t: Table, step: Step, body: Any) -> Any:
        if step.kind != kind:
            return body
        seen["n"] += 1
        return fn(t, step, body) if seen["n"] == nth else body

    return alter


def run_cheat(
    game: str, alter: Any, seats: int = 3, seed: int = 5, cheat: int = CHEAT, **kw: Any
) -> Harness:
    h = Harness(game, seats, seed=seed, **kw)
    h.tables[cheat].alter = alter
    h.run()
    return h


# ------------------------------------------------------------------ the shuffle entry
def planted(t: Table, step: Any, body: list) -> list:
    """The attack of issue 12: one output ciphertext replaced by a linear combination of
    two inputs (E'_0 = E_a + k·E_b), the honest proof kept."""
    deck_in = step.deck.current
    k = scalar(5)
    c1 = add(deck_in[3][0], mul(k, deck_in[7][0]))
    c2 = add(deck_in[3][1], mul(k, deck_in[7][1]))
    return [[[c1, c2], *body[0][1:]], body[1]]


def swapped(t: Table, step: Any, body: list) -> list:
    deck = body[0]
    return [[deck[1], deck[0], *deck[2:]], body[1]]


def duplicated(t: Table, step: Any, body: list) -> list:
    deck = body[0]
    return [[deck[0], deck[0], *deck[2:]], body[1]]


def replaced(t: Table, step: Any, body: list) -> list:
    """A fresh encryption of the queen of spades in place of one card."""
    qs = card_point(t.table_id, parse_cards("Qs")[0].code)
    ct = encrypt(qs, t.joint, scalar(12345))
    return [[list(ct), *body[0][1:]], body[1]]


def foreign_key(t: Table, step: Any, body: list) -> list:
    """A correct, proven shuffle, but re-encrypted under the cheater's own key."""
    ctx = t.proof_ctx(t.me, step.label)
    return shuffle_proven(ctx, t.my_key.public, step.deck.current, t.stream("other"))[1]


def identity_point(t: Table, step: Any, body: list) -> list:
    deck = body[0]
    return [[[bytes(32), deck[0][1]], *deck[1:]], body[1]]


@pytest.mark.parametrize(
    ("cheat", "error"),
    [
        (planted, "does not verify"),
        (swapped, "does not verify"),
        (duplicated, "repeated"),
        (replaced, "does not verify"),
        (foreign_key, "does not verify"),
        (identity_point, "is the identity"),
    ],
)
def test_a_bad_shuffle_is_rejected_at_its_entry(cheat: Any, error: str) -> None:
    h = run_cheat("akulina", alter_nth("shuffle", cheat))
    rejected_at_once(h, "shuffle", error)
    assert all(t.hand == 1 and t.knowledge == {} for t in h.tables)  # nothing was dealt


def test_the_planted_relation_is_rejected_before_any_card_is_dealt_at_any_seat() -> None:
    """The issue's 4-seat table: the first shuffler plants the relation; rejected at
    its own entry (the second of the hand after the keys), nobody holds a card."""
    h = run_cheat("akulina", alter_nth("shuffle", planted), seats=4, seed=3, cheat=0)
    rejected_at_once(h, "shuffle", "does not verify", cheat=0)
    assert committed_at(h, "shuffle", cheat=0) == 8  # genesis, 3 accepts, 4 keys
    assert not any(isinstance(o, Broadcast) and o.kind == "share" for o in h.outputs[2])


# ------------------------------------------------------------------ keys
def test_a_rogue_key_chosen_to_cancel_the_others_is_rejected() -> None:
    """The cheater publishes Y_1 = Z − Y_0 − Y_2 (it would know the deck key's log):
    it cannot prove knowledge of its logarithm."""

    def rogue(t: Table, step: Step, body: list) -> list:
        others = [h.tables[s].my_key.public for s in (0, 2)]  # published in the same round
        target = mul(scalar(77), G)
        y = sub(sub(target, others[0]), others[1])
        return [y, body[1], body[2]]

    h = Harness("akulina", 3, seed=5)
    h.tables[CHEAT].alter = alter_nth("key", rogue)
    h.run()
    rejected_at_once(h, "key", "proof of knowledge")


def test_a_copied_seat_key_is_blamed_on_the_later_seat_at_its_key_entry() -> None:
    """Seat 2 publishes seat 0's key with a valid proof (the two share the secret: a
    coalition; with one key, seat 0's card shares would open seat 2's cards to seat 0
    alone).  The proof verifies, so it is the key round's end that blames seat 2 at its
    own key entry (protocol/table.md §3), and the audit of the log says the same."""

    def copied(t: Table, step: Step, body: list) -> list:
        from p2pcards.mental_poker import ProofContext

        ctx = ProofContext(t.table_id, 0, 2, "seat key")
        return h.tables[0].my_key.publish(ctx, t.stream("copy"))

    h = Harness("akulina", 3, seed=5)
    h.tables[2].alter = alter_nth("key", copied)
    h.run()
    seq = committed_at(h, "key", cheat=2)
    assert seq == 5  # genesis, 2 accepts, keys of seats 0, 1, 2
    for s in (0, 1):
        first = h.cheats(s)[0]
        assert (first.seat, first.seq, first.rule) == (2, seq, "seat key"), first
        assert h.tables[s].halted and h.tables[s].joint is None
    report = audit_entries([e.raw for e in h.tables[0].log], proof_cache=h.proof_cache)
    assert report.verdict == "cheating"
    assert (report.cheats[0].seat, report.cheats[0].seq) == (2, seq)


@pytest.mark.parametrize(
    ("field", "value", "why"),
    [
        ("sealing", bytes(32), "small order"),  # the crash: u = 0
        ("sealing", (1).to_bytes(32, "little"), "small order"),
        ("sealing", b"\xff" * 31 + b"\x7f", "canonical"),
        ("identity", bytes([1]) + bytes(31), "small order"),  # the identity point
    ],
)
def test_a_bad_long_term_key_in_the_genesis_is_refused_naming_the_seat(
    field: str, value: bytes, why: str
) -> None:
    import random

    from p2pcards.transcript import Genesis, SeatInfo, make_genesis

    seats = make_seats(3, random.Random(1))
    raw = make_genesis_bytes("akulina", seats, bytes(16))
    g = Genesis.from_entry(peek_entry(raw)) if hasattr(Genesis, "from_entry") else None
    infos = list(peek_genesis_seats(raw))
    infos[2] = SeatInfo(infos[2].name, *(
        (infos[2].identity, value) if field == "sealing" else (value, infos[2].sealing)
    ))  # fmt: skip
    del g
    bad = make_genesis(seats[0][0], Genesis(bytes(16), "akulina", {}, tuple(infos))).raw
    with pytest.raises(BadGenesis) as e:
        Table(bad)
    assert e.value.seat == 2 and why in str(e.value)


def peek_genesis_seats(raw: bytes) -> Any:
    from p2pcards.transcript import Log

    return Log(raw).genesis.seats


# ------------------------------------------------------------------ shares
def test_a_wrong_decryption_share_is_blamed_at_once() -> None:
    def wrong(t: Table, step: Step, body: list) -> list:
        shares = list(body[0])
        shares[0] = add(shares[0], G)
        return [shares, body[1]]

    h = run_cheat("akulina", alter_nth("share", wrong))
    rejected_at_once(h, "share", "decryption shares")
    for s in honest(3):  # the honest seats hold no card of the failed deal
        assert h.tables[s].knowledge == {}


def test_a_share_of_another_card_is_blamed_at_once() -> None:
    def other_card(t: Table, step: Any, body: list) -> list:
        c1s = [t.slots[p].ct[0] for p in step.todo[t.me]]
        c1s = [*c1s[1:], c1s[0]]
        from p2pcards.mental_poker import make_shares

        return make_shares(t.proof_ctx(t.me, step.label), t.my_key, c1s, t.stream("x"))

    h = run_cheat("akulina", alter_nth("share", other_card))
    rejected_at_once(h, "share", "decryption shares")


def test_a_wrong_share_when_opening_a_card_is_blamed_at_once() -> None:
    def wrong(t: Table, step: Step, body: list) -> list:
        return [[add(d, G) for d in body[0]], body[1]]

    h = run_cheat("akulina", alter_nth("open", wrong), seed=6)
    rejected_at_once(h, "open", "decryption shares")


# ------------------------------------------------------------------ hand re-shuffle (Akulina)
def queen_in_hand(t: Table, step: Any, body: list) -> list:
    """The holder swaps one of its cards for a fresh queen of spades while re-shuffling
    its hand (so the taker would draw it)."""
    qs = card_point(t.table_id, parse_cards("Qs")[0].code)
    ct = encrypt(qs, t.joint, scalar(999))
    return [[list(ct), *body[0][1:]], body[1]]


def test_a_hand_reshuffle_that_changes_a_card_is_rejected_at_its_entry() -> None:
    h = run_cheat("akulina", alter_nth("reshuffle", queen_in_hand))
    rejected_at_once(h, "reshuffle", "does not verify")


def test_a_third_seat_cannot_follow_a_card_from_hand_to_hand() -> None:
    """After a hand re-shuffle nobody but the holder knows a card of that hand: a seat
    that held a card before (it gave it away) no longer knows where it is."""
    h = Harness("akulina", 3, seed=4)
    h.run()
    t0 = h.tables[0]
    reshuffles = [e for e in t0.log if e.kind == "reshuffle"]
    assert reshuffles
    # every seat's knowledge holds only cards it holds now or that are open
    for s, t in enumerate(h.tables):
        for p in t.knowledge:
            slot = t.slots[p]
            assert slot.card is not None or slot.owner == s


# ------------------------------------------------------------------ passes (Thousand)
def another_card(t: Table, step: Any, body: list) -> list:
    """The giver passes a re-encryption of another of its cards than the one given."""
    others = [p for p, s in t.slots.items() if s.owner == t.me and p not in step.positions]
    ct = t.slots[others[0]].ct
    return [reencrypt_proven(t.proof_ctx(t.me, step.label), t.joint, ct, t.stream("y"))[1]]


def unchanged(t: Table, step: Any, body: list) -> list:
    ct = t.slots[step.positions[0]].ct
    return [[list(ct), body[0][1]]]


@pytest.mark.parametrize(
    ("cheat", "error"), [(another_card, "re-encryption"), (unchanged, "not re-randomized")]
)
def test_a_passed_card_that_is_not_the_card_given_is_rejected(cheat: Any, error: str) -> None:
    for seed in range(30, 60):
        h = Harness("thousand", 3, seed=seed, options={"max_hands": 1})
        if any(t.me != CHEAT for t in h.tables[CHEAT : CHEAT + 1]):
            continue
        h.tables[CHEAT].alter = alter_nth("reencrypt", cheat)
        h.run()
        if any(e.kind == "reencrypt" and e.seat == CHEAT for e in h.tables[CHEAT].log):
            break
    rejected_at_once(h, "reencrypt", error)


# ------------------------------------------------------------------ lots (Sunduchki)
def test_a_wrong_lot_share_is_blamed_at_once() -> None:
    def wrong(t: Table, step: Step, body: list) -> list:
        return [[add(body[0][0], G)], body[1]]

    h = run_cheat("sunduchki", alter_nth("lot-open", wrong))
    rejected_at_once(h, "lot-open", "decryption shares")


def test_a_lot_shuffle_that_plants_a_token_is_rejected() -> None:
    def plant(t: Table, step: Any, body: list) -> list:
        deck = body[0]
        return [[deck[0], *deck[:-1]], body[1]]  # token 0 twice, the last dropped

    h = run_cheat("sunduchki", alter_nth("lot", plant))
    rejected_at_once(h, "lot", "repeated")


# ------------------------------------------------------------------ moves and transcript
def keep_a_pair(h: Harness, seat: int, t: Table, legal: list) -> object:
    if seat == CHEAT and t.engine.phase == "discard" and legal[0].positions:
        move = Discard(seat, (), ())
        force_move(h, seat, t, move)
        return None
    return h.bot(t.view(), legal, h.bot_rngs[seat])


def test_keeping_a_pair_is_caught_by_the_end_of_hand_showdown() -> None:
    for seed in range(20):
        h = Harness("akulina", 3, seed=seed)
        h.decide = keep_a_pair
        h.run()
        if h.cheats(0):
            break
    for s in honest(3):
        c = h.cheats(s)[0]
        assert c.seat == CHEAT
        assert c.rule == "akulina: Какие пары сбрасывать" and c.offence == Offence.FALSE_CLAIM
        assert c.claim is not None and c.claim.kind == "no_pair"
        assert c.falsified is not None and len(c.falsified.cards) == 2  # the pair kept
        assert c.seq is not None and peek_entry(h.tables[s].log[c.seq].raw).seat == CHEAT


def test_claiming_a_card_that_the_open_does_not_show() -> None:
    def lie(h: Harness, seat: int, t: Table, legal: list) -> object:
        if seat == CHEAT and t.engine.phase == "initial" and legal[0].positions:
            m = legal[0]
            fake = parse_cards("As Ah")
            real = [c for c in m.cards[:2]]
            if not pairable(*fake) or set(real) == set(fake):
                fake = parse_cards("Ks Kh")
            move = Discard(seat, m.positions[:2], tuple(fake))
            force_move(h, seat, t, move)
            return None
        return h.bot(t.view(), legal, h.bot_rngs[seat])

    h = Harness("akulina", 3, seed=12)
    h.decide = lie
    h.run()
    for s in honest(3):
        c = h.cheats(s)[0]
        assert c.seat == CHEAT and "not the cards claimed" in c.detail


def test_two_signed_entries_for_one_slot_are_equivocation() -> None:
    sent: dict[str, int] = {}

    def twice(h: Harness, seat: int, b: Broadcast) -> list[bytes]:
        if seat == CHEAT and b.kind == "shuffle" and not sent:
            sent["seq"] = b.seq
            e = peek_entry(b.data)
            return [b.data, resign(h, seat, b.data, [e.body[0][::-1], e.body[1]])]
        return [b.data]

    h = Harness("akulina", 3, seed=13, tamper=twice)
    h.run()
    for s in honest(3):
        c = h.cheats(s)
        assert c and c[0].seat == CHEAT and c[0].seq == sent["seq"]
        assert c[0].rule in ("equivocation", "shuffle 4", "shuffle") or "verify" in c[0].detail
        audited_with_evidence(h, s, (CHEAT, sent["seq"]))


def test_an_entry_signed_by_a_stranger_is_rejected_and_the_game_goes_on() -> None:
    stranger = Ed25519PrivateKey.from_private_bytes(bytes(range(32)))
    done = {"n": 0}

    def forged(h: Harness, seat: int, b: Broadcast) -> list[bytes]:
        if seat != CHEAT or done["n"]:
            return [b.data]
        done["n"] = 1
        e = peek_entry(b.data)
        fake = sign_entry(
            stranger, table=e.table, hand=e.hand, seq=e.seq + 1, prev=e.hash, seat=2,
            kind=e.kind, body=e.body,
        ).raw  # fmt: skip
        return [b.data, fake]

    h = Harness("akulina", 3, seed=14, tamper=forged)
    h.run()
    assert all(t.result is not None for t in h.tables)
    for s in honest(3):
        assert h.cheats(s) == []
        rej = [o for o in h.outputs[s] if isinstance(o, Rejected)]
        assert rej and rej[0].seat == 2 and "signature" in rej[0].reason


def test_entries_replayed_from_another_table_and_another_hand_blame_nobody() -> None:
    """A relay replays what honest seats signed elsewhere (protocol/table.md §3,
    "Replays"): seat 1 sends, beside its first move, seat 2's accept of another table of
    the same players (seat 2's own identity key, another table id), and in hand 2 every
    entry seat 0 signed in hand 1.  Every honest seat refuses the foreign entry on arrival
    (the seat it names is its signer, which is not accused) and drops the old ones as
    copies; nobody is blamed, both hands are verified and the logs are identical."""
    import random

    seed = 30
    seats = make_seats(3, random.Random(seed))  # the harness's players
    other = Table(
        make_genesis_bytes("thousand", seats, bytes(range(16)), max_hands=2),
        seat=2, identity=seats[2][0], sealing_key=seats[2][1],
        random_bytes=random.Random(1).randbytes,
    )  # fmt: skip
    [foreign] = [o.data for o in other.start() if isinstance(o, Broadcast)]
    sent: dict[str, list[bytes]] = {}

    def replay(h: Harness, seat: int, b: Broadcast) -> list[bytes]:
        hand = peek_entry(b.data).hand
        if seat != CHEAT or b.kind != "move" or str(hand) in sent:
            return [b.data]
        if hand == 1:
            sent["1"] = [foreign]
        else:
            sent[str(hand)] = [e.raw for e in h.tables[CHEAT].log if e.hand == 1 and e.seat == 0]
        return [b.data, *sent[str(hand)]]

    h = Harness("thousand", 3, seed=seed, tamper=replay, options={"max_hands": 2})
    assert h.tables[2].genesis.seats[2].identity == other.genesis.seats[2].identity
    refused: dict[int, list[Rejected]] = {}
    for s in honest(3):
        t, receive = h.tables[s], h.tables[s].receive

        def watched(data: bytes, sender: int | None = None, s: int = s, r: Any = receive) -> Any:
            outs = r(data, sender)
            if data == foreign:
                refused.setdefault(s, []).extend(o for o in outs if isinstance(o, Rejected))
            return outs

        t.receive = watched  # type: ignore[method-assign]
    h.run()
    assert len(sent["2"]) > 10  # seat 0's hand-1 entries, re-sent in hand 2
    assert all(h.cheats(s) == [] for s in range(3))
    assert all(t.verified == [1, 2] and t.result is not None for t in h.tables)
    logs = h.logs()
    assert logs[0] == logs[1] == logs[2] and foreign not in logs[0]
    for s in honest(3):
        assert refused[s] and refused[s][0].seat == 2, refused
        assert "table" in refused[s][0].reason, refused[s][0]


def test_a_replay_names_the_peer_that_delivered_it_not_its_signer() -> None:
    """``Table.receive(data, sender)``: an entry of another table is refused, naming the
    seat it claims (its signer, not accused) and the peer that delivered it."""
    import random

    seats = make_seats(3, random.Random(7))
    here, there = (make_genesis_bytes("akulina", seats, bytes([i]) * 16) for i in (1, 2))
    other = Table(there, seat=2, identity=seats[2][0], sealing_key=seats[2][1],
                  random_bytes=random.Random(1).randbytes)  # fmt: skip
    [foreign] = [o.data for o in other.start() if isinstance(o, Broadcast)]
    t = Table(here, seat=0, identity=seats[0][0], sealing_key=seats[0][1],
              random_bytes=random.Random(2).randbytes)  # fmt: skip
    t.start()
    outs = t.receive(foreign, sender=1)
    assert [(o.seat, o.sender) for o in outs if isinstance(o, Rejected)] == [(2, 1)]
    assert not any(isinstance(o, CheatDetected) for o in outs) and len(t.log) == 1


def test_acting_out_of_turn_is_blamed() -> None:
    done = {"n": 0}

    def hook(h: Harness, seat: int, b: Broadcast) -> list[bytes]:
        if seat != CHEAT or b.kind != "move" or done["n"]:
            return [b.data]
        done["n"] = 1
        e = peek_entry(b.data)
        key = h.tables[seat]._key
        assert key is not None
        # right after its own move, seat 1 writes again in the next slot, which is not its
        bad = sign_entry(
            key, table=e.table, hand=e.hand, seq=e.seq + 1, prev=e.hash, seat=seat,
            kind="move", body=encode_event(Discard(seat, (), ())),
        ).raw  # fmt: skip
        done["seq"] = e.seq + 1
        return [b.data, bad]

    h = Harness("akulina", 3, seed=16, tamper=hook)
    h.run()
    for s in honest(3):
        c = h.cheats(s)[0]
        assert (c.seat, c.seq) == (CHEAT, done["seq"])
        assert c.rule in ("out of turn", "equivocation")  # its own slot, or another's
        audited_with_evidence(h, s, (CHEAT, done["seq"]))


def test_a_turn_entry_chained_as_a_round_sibling_is_blamed_at_its_entry() -> None:
    """Seat 1's shuffle (a turn: it must follow the head, transcript.md §5) signed with the
    previous entry's own ``prev``, as a later contribution of a round would be: the log's
    sibling rule lets it chain, so the table must refuse it (the entry would not bind
    seat 0's shuffle before it)."""

    def hook(h: Harness, seat: int, b: Broadcast) -> list[bytes]:
        e = peek_entry(b.data)
        if e.seat != CHEAT or b.kind != "shuffle":  # (not the evidence it passes on)
            return [b.data]
        before = h.tables[seat].log[e.seq - 1]
        assert before.kind == "shuffle" and before.seat == CHEAT - 1
        return [resign_prev(h, seat, b.data, before.prev)]

    h = Harness("akulina", 3, seed=5, tamper=hook)
    h.run()
    seq = committed_at(h, "shuffle")
    for s in honest(3):
        c = h.cheats(s)[0]
        assert (c.seat, c.seq, c.rule) == (CHEAT, seq, "transcript"), c
        assert "does not follow" in c.detail
        assert len(h.tables[s].log) == seq
        audited_with_evidence(h, s, (CHEAT, seq))


def resign_prev(h: Harness, seat: int, raw: bytes, prev: bytes) -> bytes:
    """The entry ``raw`` with another ``prev``, validly signed by ``seat``."""
    e = peek_entry(raw)
    key = h.tables[seat]._key
    assert key is not None
    return sign_entry(
        key, table=e.table, hand=e.hand, seq=e.seq, prev=prev, seat=e.seat, kind=e.kind,
        body=e.body,
    ).raw  # fmt: skip


# ------------------------------------------------------------------ hidden claims, proven when made
def forcing(pick: Any) -> Any:
    """A ``Harness.decide``: seat CHEAT forces the move ``pick(t, legal)`` returns, once
    (``decide.seqs``: the sequence number of its entry); others play their bots."""
    seqs: list[int] = []

    def decide(h: Harness, seat: int, t: Table, legal: list) -> object:
        if seat == CHEAT and not seqs:
            move = pick(t, legal)
            if move is not None:
                seqs.append(t.next_seq)
                force_move(h, seat, t, move)
                return None
        return h.bot(t.view(), legal, h.bot_rngs[seat])

    decide.seqs = seqs  # type: ignore[attr-defined]
    return decide


def run_forced(game: str, pick: Any, seeds: range, **kw: Any) -> tuple[Harness, int]:
    """The first seed in which the cheater could force its move."""
    for seed in seeds:
        h = Harness(game, 3, seed=seed, **kw)
        h.decide = forcing(pick)
        h.run()
        if h.decide.seqs:  # type: ignore[attr-defined]
            return h, h.decide.seqs[0]  # type: ignore[attr-defined]
    raise AssertionError("the cheater never had the chance")


def false_claim_rejected_at_once(h: Harness, seq: int, kind: str) -> None:
    """Every honest seat's first accusation is the cheater's false claim ``kind`` at its
    own entry ``seq``, and the hand stopped there (no later entry in any honest log)."""
    for s in honest(h.n):
        c = h.cheats(s)[0]
        assert (c.seat, c.seq, c.offence) == (CHEAT, seq, Offence.FALSE_CLAIM), c
        assert c.claim is not None and c.claim.kind == kind
        assert "not proven" in c.detail, c.detail
        assert len(h.tables[s].log) == seq + 1  # caught at its entry, not at the showdown
        assert h.tables[s].halted


def test_a_bid_over_120_without_a_marriage_is_rejected_at_its_entry() -> None:
    from p2pcards.games.thousand import Bid
    from p2pcards.games.thousand._rules import marriages_in

    def bid(t: Table, legal: list) -> object:
        e: Any = t.engine
        if any(isinstance(m, Bid) for m in legal) and e.bid < 125:
            if not marriages_in([t.knowledge[p] for p in e.hands[CHEAT] if p in t.knowledge]):
                return Bid(CHEAT, 125)
        return None

    h, seq = run_forced("thousand", bid, range(40, 50))
    false_claim_rejected_at_once(h, seq, "bid")


def test_asking_for_a_rank_one_does_not_hold_is_rejected_at_its_entry() -> None:
    from p2pcards.games.sunduchki import Ask

    def ask(t: Table, legal: list) -> object:
        asks = [m for m in legal if isinstance(m, Ask)]
        if not asks:
            return None
        e: Any = t.engine
        held = {t.knowledge[p].rank for p in e.hands[CHEAT] if p in t.knowledge}
        free = [r for r in e._in_play() if r not in held]
        return Ask(CHEAT, asks[0].target, free[0]) if free else None

    h, seq = run_forced("sunduchki", ask, range(4, 10))
    false_claim_rejected_at_once(h, seq, "holds_rank")


def test_a_proof_of_another_statement_does_not_prove_a_false_follow_claim() -> None:
    """The cheater reneges and proves, with the right shape, "every hidden card is one of
    these" for the allowed cards with one swapped for the card of the led suit it holds:
    a valid proof of another statement, refused (the proof does not verify)."""
    from dataclasses import replace

    from p2pcards.games.thousand import Play
    from p2pcards.table._claim_proofs import provable, prove_move

    def renege(t: Table, legal: list) -> object:
        e: Any = t.engine
        if isinstance(legal[0], Play) and e.trick:
            allowed = {m.position for m in legal if isinstance(m, Play)}
            for p in sorted(e.hands[CHEAT]):
                if p not in allowed and p in t.knowledge:
                    return Play(CHEAT, p, t.knowledge[p])
        return None

    def with_a_forged_proof(h: Harness, seat: int, t: Table, legal: list) -> object:
        move = renege(t, legal) if seat == CHEAT and not seqs else None
        if move is None:
            return h.bot(t.view(), legal, h.bot_rngs[seat])
        after = t.engine.clone()
        n = len(after.claims())
        after.apply(move)
        [(claim, held, ex)] = provable(t, CHEAT, after.claims()[n:])
        hid = claim.hidden
        assert hid is not None
        mine = [t.knowledge[p] for p in hid.positions]
        bad = next(c for c in mine if c not in hid.cards)  # the card the duty asks for
        swap = next(c for c in hid.cards if c not in mine and c not in ex[hid.positions[0]])
        lie = replace(
            claim, hidden=replace(hid, cards=tuple(bad if c == swap else c for c in hid.cards))
        )
        label = f"move {t.next_seq}"
        proofs = prove_move(t, CHEAT, label, [(lie, held, ex)])
        seqs.append(t.next_seq)
        before = t.alter

        def forged(tt: Any, step: Step, body: Any) -> Any:
            tt.alter = before
            return [encode_event(move), proofs]

        t.alter = forged
        h.handle(seat, t.decide(legal[0]))
        return None

    for seed in range(30, 40):
        seqs: list[int] = []
        h = Harness("thousand", 3, seed=seed, decide=with_a_forged_proof)
        h.run()
        if seqs:
            break
    false_claim_rejected_at_once(h, seqs[0], "follow")
    for s in honest(3):
        assert "claim 0: the claim about hidden cards is not proven)" in h.cheats(s)[0].detail


def test_a_pair_kept_and_re_shuffled_in_another_hand_is_caught_at_the_end_of_the_hand() -> None:
    """Akulina, seed 0: the cheater keeps a pair (a false "no pair" at its move); a card of
    it is then taken by another seat and re-shuffled in that seat's hand, so no position
    tells where it went.  At the end of the hand every seat that re-shuffled opens its
    permutations (``reshuffle-open``): each honest seat follows every position through
    every re-shuffle and names the claim's own entry (protocol/table.md §3).  Without the
    openings (the positions traced back, :meth:`Table._cards_once_at`) the pair is not
    seen: the case the end-of-hand check missed."""

    def keep(t: Table, legal: list) -> object:
        if t.engine.phase == "discard" and legal[0].positions:  # type: ignore[attr-defined]
            return Discard(CHEAT, (), ())
        return None

    h, seq = run_forced("akulina", keep, range(0, 1))
    for s in honest(3):
        t = h.tables[s]
        c = h.cheats(s)[0]
        assert (c.seat, c.seq, c.offence) == (CHEAT, seq, Offence.FALSE_CLAIM), c
        assert c.claim is not None and c.claim.kind == "no_pair"
        assert c.claim.step < t.reshuffle_step  # made before the last re-shuffle
        assert c.falsified is not None and len(c.falsified.cards) == 2  # the pair kept
        cards = t.revealed_cards[t.hand]
        assert c.claim.check(t._cards_once_at(c.claim, cards)) is None  # (not seen so)
        assert c.claim.check(t._cards_then(c.claim, cards)) == c.falsified
        assert any(r.holder != CHEAT and r.step > c.claim.step for r in t.reshuffles)
    # an opening is checked against the logged ciphertexts: a wrong randomizer, a wrong
    # permutation, a randomizer that is no scalar, each names what is wrong
    t = h.tables[0]
    r = next(r for r in t.reshuffles if len(r.positions) >= 2)
    good = shuffle_opening(h.tables[r.holder], r)
    assert check_opening(t, r, good, r.holder) == r.psi
    psi, rs = good
    bad_r = [psi, [scalar(7), *rs[1:]]]
    bad_psi = [[psi[1], psi[0], *psi[2:]], rs]
    for bad, error in [
        (bad_r, "output 0 is not input"),
        (bad_psi, "is not input"),
        ([psi, rs[:-1]], "randomizers"),
        ([[0] * len(psi), rs], "not a permutation"),
    ]:
        with pytest.raises(Blame, match=error):
            check_opening(t, r, bad, r.holder)
    with pytest.raises(InvalidScalar):
        check_opening(t, r, [psi, [b"\xff" * 32, *rs[1:]]], r.holder)


def test_a_false_re_shuffle_opening_is_blamed_on_its_seat_at_its_entry() -> None:
    """Akulina: at the end of the hand the cheater opens one of its hand re-shuffles with
    two outputs' permutation entries swapped (a wrong psi): every honest seat names it at
    its ``reshuffle-open`` entry, and the hand is not verified."""

    def swap_psi(t: Table, step: Step, body: list) -> list:
        psi, rs = body[0]
        return [[[psi[1], psi[0], *psi[2:]], rs], *body[1:]]

    h = run_cheat("akulina", alter_nth("reshuffle-open", swap_psi))
    seq = committed_at(h, "reshuffle-open")
    for s in honest(3):
        c = h.cheats(s)[0]
        assert (c.seat, c.seq, c.rule) == (CHEAT, seq, "reshuffle-open"), c
        assert "is not input" in c.detail
        assert h.tables[s].hand not in h.tables[s].verified
