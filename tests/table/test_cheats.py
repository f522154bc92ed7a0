"""Every cheat of issue 3 is detected and blamed on the right seat.

A cheating seat's table is honest; the harness tampers with what it sends (re-signed with
its own key, so the entries are validly signed) or forces moves its table would refuse.
"""

from __future__ import annotations

import dataclasses

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from p2pcards.cards import parse_cards
from p2pcards.games import encode_event
from p2pcards.games.akulina import Discard, pairable
from p2pcards.mental_poker import card_point, seal_key_shares
from p2pcards.table import Broadcast, Offence, Rejected, Table
from p2pcards.transcript import peek_entry, sign_entry
from tests.table.harness import Harness, force_move

CHEAT = 1


def resign(h: Harness, seat: int, raw: bytes, body: object) -> bytes:
    """The entry ``raw`` with another body, validly signed by ``seat``."""
    e = peek_entry(raw)
    key = h.tables[seat]._key
    assert key is not None
    return sign_entry(
        key, table=e.table, hand=e.hand, seq=e.seq, prev=e.prev, seat=e.seat, kind=e.kind, body=body
    ).raw


def blamed(h: Harness, seat: int = CHEAT) -> list[int]:
    """Honest seats whose first accusation names ``seat``."""
    out = []
    for s in range(h.n):
        if s == seat:
            continue
        cheats = h.cheats(s)
        assert cheats, f"seat {s} detected nothing"
        if any(c.seat == seat for c in cheats):
            out.append(s)
    return out


def honest(n: int, cheat: int = CHEAT) -> list[int]:
    return [s for s in range(n) if s != cheat]


def once(pred):  # type: ignore[no-untyped-def]
    """A tamper hook that rewrites the first broadcast matching ``pred`` only."""
    done = {"n": 0}

    def hook(h: Harness, seat: int, b: Broadcast) -> list[bytes]:
        if seat == CHEAT and not done["n"]:
            new = pred(h, seat, b)
            if new is not None:
                done["n"] += 1
                return new
        return [b.data]

    return hook


def first(kind: str, fn, nth: int = 1):  # type: ignore[no-untyped-def]
    """A cheat that rewrites the ``nth`` body of ``kind`` the cheater publishes."""
    seen = {"n": 0}

    def cheat(t: Table, k: str, body: object) -> object:
        if k != kind:
            return body
        seen["n"] += 1
        return fn(t, body) if seen["n"] == nth else body

    return cheat


def test_wrong_key_share_is_blamed_at_once_and_confirmed() -> None:
    def bad_share(t: Table, body: list) -> list:
        to, positions, _groups = body
        deck = t.decks[-1]
        wrong = dataclasses.replace(
            deck.mine, keys=tuple(bytes([7]) + bytes(31) for _ in deck.mine.keys)
        )
        pk = t.genesis.seats[to].sealing
        return [to, positions, [seal_key_shares(deck.spec, wrong, to, pk, positions)]]

    h = Harness("akulina", 3, seed=5, cheat=first("share", bad_share))
    h.run()
    assert blamed(h) == honest(3)
    for s in honest(3):
        assert any(c.rule.startswith("key share") and c.seat == CHEAT for c in h.cheats(s))


@pytest.mark.parametrize("pass_no", [1, 2])
def test_a_card_encoded_twice_is_caught_at_once(pass_no: int) -> None:
    def dup(t: Table, body: list) -> list:
        com, points = body
        return [com, [points[0], points[0], *points[2:]]]

    h = Harness("akulina", 3, seed=6, cheat=first("pass", dup, pass_no))
    h.run()
    assert blamed(h) == honest(3)
    assert all("same point" in h.cheats(s)[0].detail for s in honest(3))


@pytest.mark.parametrize("pass_no", [1, 2])
def test_a_replaced_ciphertext_is_named_by_the_reveal(pass_no: int) -> None:
    def replace(t: Table, body: list) -> list:
        com, points = body
        other = card_point(b"another table!!!", 9, parse_cards("As")[0])
        return [com, [other, *points[1:]]]

    h = Harness("akulina", 3, seed=7, cheat=first("pass", replace, pass_no))
    h.run()
    assert blamed(h) == honest(3)
    for s in honest(3):
        assert any("replaced" in c.detail for c in h.cheats(s) if c.seat == CHEAT)


def test_a_small_order_point_is_rejected_at_once() -> None:
    def small(t: Table, body: list) -> list:
        com, points = body
        return [com, [*points[:3], bytes([1]) + bytes(31), *points[4:]]]  # the identity

    h = Harness("akulina", 3, seed=8, cheat=first("pass", small))
    h.run()
    assert blamed(h) == honest(3)
    assert all(h.cheats(s)[0].rule == "pass 1" for s in honest(3))


def test_a_revealed_permutation_that_does_not_match_its_commitment() -> None:
    def alter(t: Table, body: dict) -> dict:
        wire = list(body["decks"][0])
        perm = list(wire[3])
        perm[0], perm[1] = perm[1], perm[0]
        wire[3] = perm
        return {**body, "decks": [wire, *body["decks"][1:]]}

    h = Harness("akulina", 3, seed=9, cheat=first("secrets", alter))
    h.run()
    assert blamed(h) == honest(3)
    assert all("commitment" in h.cheats(s)[0].detail for s in honest(3))


def test_handing_over_another_position_than_the_index_picked() -> None:
    def other(t: Table, picked: int) -> int:
        return next(p for p in t.engine.hands[t.me] if p != picked)

    for seed in range(10, 20):
        h = Harness("akulina", 3, seed=seed, cheat=first("taken", other))
        h.run()
        if h.cheats(0):
            break
    assert blamed(h) == honest(3)
    assert all(h.cheats(s)[0].rule == "hand order" for s in honest(3))


def keep_a_pair(h: Harness, seat: int, t: Table, legal: list) -> object:
    if seat == CHEAT and t.engine.phase == "discard" and legal[0].positions:
        move = Discard(seat, (), ())
        force_move(h, seat, t, move)
        return None
    return h.bot(t.view(), legal, h.bot_rngs[seat])


def test_keeping_a_pair_is_caught_by_the_end_of_hand_audit() -> None:
    for seed in range(20):
        h = Harness("akulina", 3, seed=seed)
        h.decide = _forcing(keep_a_pair)
        h.run()
        if h.cheats(0):
            break
    assert blamed(h) == honest(3)
    for s in honest(3):
        c = h.cheats(s)[0]
        assert c.rule == "akulina: Какие пары сбрасывать" and c.offence == Offence.FALSE_CLAIM
        assert c.claim is not None and c.claim.kind == "no_pair"
        assert c.falsified is not None and len(c.falsified.cards) == 2  # the pair kept
        assert c.seq is not None


def _forcing(fn):  # type: ignore[no-untyped-def]
    def decide(h: Harness, seat: int, t: Table, legal: list) -> object:
        move = fn(h, seat, t, legal)
        return move

    return decide


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
    assert blamed(h) == honest(3)
    assert all("not the cards claimed" in h.cheats(s)[0].detail for s in honest(3))


def test_two_signed_entries_for_one_slot_are_equivocation() -> None:
    def twice(h: Harness, seat: int, b: Broadcast) -> list[bytes] | None:
        if b.kind != "order":
            return None
        return [b.data, resign(h, seat, b.data, bytes(32))]

    h = Harness("akulina", 3, seed=13, tamper=once(twice))
    h.run()
    for s in honest(3):
        assert any(c.seat == CHEAT for c in h.cheats(s))
        assert any(c.rule in ("equivocation", "out of turn") for c in h.cheats(s))


def test_an_entry_signed_by_a_stranger_is_rejected_and_the_game_goes_on() -> None:
    stranger = Ed25519PrivateKey.from_private_bytes(bytes(range(32)))

    def forged(h: Harness, seat: int, b: Broadcast) -> list[bytes] | None:
        e = peek_entry(b.data)
        fake = sign_entry(
            stranger,
            table=e.table,
            hand=e.hand,
            seq=e.seq + 1,
            prev=e.hash,
            seat=2,
            kind=e.kind,
            body=e.body,
        ).raw
        return [b.data, fake]

    h = Harness("akulina", 3, seed=14, tamper=once(forged))
    h.run()
    assert all(t.result is not None for t in h.tables)
    for s in honest(3):
        assert h.cheats(s) == []
        rej = [o for o in h.outputs[s] if isinstance(o, Rejected)]
        assert rej and rej[0].seat == 2 and "signature" in rej[0].reason


def test_an_entry_replayed_from_another_table_is_rejected() -> None:
    other = Harness("akulina", 3, seed=99)
    other.run()
    foreign = [e.raw for e in other.tables[1].log][5]

    def replay(h: Harness, seat: int, b: Broadcast) -> list[bytes] | None:
        return [b.data, foreign]

    h = Harness("akulina", 3, seed=15, tamper=once(replay))
    h.run()
    assert all(t.result is not None for t in h.tables)
    for s in honest(3):
        assert h.cheats(s) == []
        assert any(isinstance(o, Rejected) for o in h.outputs[s])


def test_acting_out_of_turn_is_blamed() -> None:
    def hook(h: Harness, seat: int, b: Broadcast) -> list[bytes] | None:
        if b.kind != "move":
            return None
        e = peek_entry(b.data)
        key = h.tables[seat]._key
        assert key is not None
        # right after its own move, seat 1 writes again in the next slot, which is not its
        bad = sign_entry(
            key,
            table=e.table,
            hand=e.hand,
            seq=e.seq + 1,
            prev=e.hash,
            seat=seat,
            kind="move",
            body=encode_event(Discard(seat, (), ())),
        ).raw
        return [b.data, bad]

    h = Harness("akulina", 3, seed=16, tamper=once(hook))
    h.run()
    assert blamed(h) == honest(3)
    assert all(h.cheats(s)[0].rule == "out of turn" for s in honest(3))
