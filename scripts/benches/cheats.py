"""Bench ``cheats``: the cheat catalogue (issue 12 item 9), one JSON line per cheat.

Each cheat is played by seat 1 of an in-memory table (``tests/table/harness.py``: every
seat a :class:`~p2pcards.table.Table`, entries delivered in random order with
duplicates), through the step seam :attr:`Table.alter` (modified software that signs
another body), a forced move (a move its own table would refuse) or a tampered broadcast
(extra or foreign bytes on the wire).  Per cheat::

    {"bench": "cheats", "cheat": NAME, "game": GAME, "committed_at": SEQ,
     "rejected_at": SEQ, "detected_at": LOG_LENGTH, "blamed": SEAT, "right_seat": true,
     "at_once": true}

``committed_at``: the log sequence number of the cheater's entry that commits the cheat;
``rejected_at``: the entry the honest seats' first accusation names
(:attr:`CheatDetected.seq`); ``detected_at``: how long the first honest seat's log was
when it accused (``at_once``: it accused before any later entry was appended, else it
caught the cheat later, e.g. at the end-of-hand reveal); ``blamed``: the seat every
honest seat names first (None: nobody, as for bytes refused without a valid signature of
a seat, or not every honest seat the same); ``blamed_by_the_end``: every seat any honest
seat accused by the end of the run; ``offence``: the first accusation's kind;
``right_seat``: the seat blamed is the cheater, or nobody where nobody should be: a
replayed entry (another table's, signed by an honest seat and relayed by the cheater) is
refused by every honest seat on arrival and never logged, and nobody is accused by the
end (its signer is honest and the relay signed nothing; protocol/table.md §3,
"Replays"); for it ``committed_at`` and ``rejected_at`` are the sequence number the
replayed entry carries and ``detected_at`` the honest log's length when it arrived.
A planted body counts from the entry its author signed and sent, also when its own
table refuses to log it (an identity point in its deck: ``committed_at`` is then that
entry's sequence number, which the honest seats name).
``--only NAME`` runs one cheat.  Mental poker version 2 rejects every protocol cheat at
its own entry (``at_once``), and so the claims about hidden cards that are proven when
made (a false follow-suit claim, a bid over 120 without a marriage, Sunduchki's false
"no" and an ask for a rank not held); the others are checked at the end-of-hand showdown
(Akulina's "no pair": a claim made before a re-shuffle of the hand is checked on the
cards the hand held then, followed through the re-shuffles their seats open at the end
of the hand).  ``--seeds 0 1 …`` runs each chosen cheat at each of those seeds (one line
per seed) instead of its own seeds; ``--seats N`` at ``N`` seats.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from p2pcards.cards import parse_cards
from p2pcards.games import Move, encode_event
from p2pcards.games.akulina import Discard
from p2pcards.games.sunduchki import Answer, Ask
from p2pcards.games.thousand import Bid
from p2pcards.games.thousand import Play as ThousandPlay
from p2pcards.mental_poker import card_point, encrypt, reencrypt_proven, shuffle_proven
from p2pcards.mental_poker._ristretto import G, add, mul, scalar, sub
from p2pcards.table import Broadcast, CheatDetected, Output, Rejected, Table
from p2pcards.transcript import Entry, peek_entry, sign_entry
from tests.table.harness import Harness, force_move, make_genesis_bytes, make_seats

CHEAT = 1


@dataclass
class Watch(Harness):
    """A harness that records, per honest seat, its log length when it first accused,
    and the sequence numbers of the cheater's planted entries."""

    detected: dict[int, int] = field(default_factory=dict)
    planted: list[tuple[str, Any]] = field(default_factory=list)
    planted_seqs: list[int] = field(default_factory=list)
    replayed: bytes | None = None  # a replayed entry (it has no author to blame)
    refused: dict[int, int] = field(default_factory=dict)  # seat -> log length, on arrival

    def __post_init__(self) -> None:
        super().__post_init__()
        for s, t in enumerate(self.tables):
            t.receive = self._watching(s, t.receive)  # type: ignore[method-assign]

    def _watching(self, seat: int, receive: Callable[..., list[Output]]) -> Any:
        """``receive`` of seat ``seat``'s table, recording when it refused the replayed
        entry's bytes on arrival (a :class:`Rejected`, the log unchanged)."""

        def watched(data: bytes, sender: int | None = None) -> list[Output]:
            n = len(self.tables[seat].log)
            outs = receive(data, sender)
            if data == self.replayed and seat not in self.refused:
                if any(isinstance(o, Rejected) for o in outs):
                    self.refused[seat] = n
            return outs

        return watched

    def handle(self, seat: int, outs: list[Output]) -> None:
        if seat != self.cheater and seat not in self.detected:
            if any(isinstance(o, CheatDetected) for o in outs):
                self.detected[seat] = len(self.tables[seat].log)
        if seat == self.cheater and self.planted:
            for o in outs:  # the planted body as signed and sent, at its sequence number
                if isinstance(o, Broadcast) and planted_in(self, peek_entry(o.data)):
                    self.planted_seqs.append(o.seq)
        super().handle(seat, outs)


def _key(kind: str, body: Any) -> tuple[str, str]:
    return kind, json.dumps(body, default=repr, sort_keys=True)


def planted_in(h: Watch, e: Entry) -> bool:
    """True if ``e`` is the cheater's and carries a planted body."""
    return e.seat == h.cheater and _key(e.kind, e.body) in {_key(k, b) for k, b in h.planted}


def body_cheat(kind: str, fn: Callable[[Table, Any], Any], nth: int = 1) -> Callable[..., Any]:
    """A ``Harness.cheat``: the ``nth`` body of ``kind`` the cheater signs is ``fn(t, body)``
    (recorded as planted)."""
    seen = {"n": 0}

    def cheat(t: Table, k: str, body: Any) -> Any:
        if k != kind:
            return body
        seen["n"] += 1
        if seen["n"] != nth:
            return body
        new = fn(t, body)
        H.planted.append((k, new))
        return new

    return cheat


H: Watch  # the harness being run (the hooks record into it)


def forced(pick: Callable[[Watch, int, Table, list[Move]], Move | None]) -> Callable[..., Any]:
    """A ``Harness.decide``: the cheater forces the move ``pick`` returns (once)."""
    done = {"n": 0}

    def decide(h: Watch, seat: int, t: Table, legal: list[Move]) -> Move | None:
        if seat == CHEAT and not done["n"]:
            move = pick(h, seat, t, legal)
            if move is not None:
                done["n"] += 1
                h.planted_seqs.append(t.next_seq)  # its move takes the next slot
                force_move(h, seat, t, move)
                return None
        return h.bot(t.view(), legal, h.bot_rngs[seat])

    return decide


def tampered(make: Callable[[Watch, int, Broadcast], list[bytes] | None]) -> Callable[..., Any]:
    """A ``Harness.tamper``: the cheater's first broadcast ``make`` rewrites is sent as the
    bytes it returns; the last of them is the planted entry."""
    done = {"n": 0}

    def hook(h: Watch, seat: int, b: Broadcast) -> list[bytes]:
        if seat == CHEAT and not done["n"]:
            new = make(h, seat, b)
            if new is not None:
                done["n"] += 1
                h.planted_seqs.append(peek_entry(new[-1]).seq)
                return new
        return [b.data]

    return hook


def resign(h: Harness, seat: int, raw: bytes, body: object, seq_delta: int = 0) -> bytes:
    e = peek_entry(raw)
    key = h.tables[seat]._key
    assert key is not None
    prev = e.hash if seq_delta else e.prev
    return sign_entry(
        key,
        table=e.table,
        hand=e.hand,
        seq=e.seq + seq_delta,
        prev=prev,
        seat=e.seat,
        kind=e.kind,
        body=body,
    ).raw


# ------------------------------------------------------------------ the catalogue
def _step(t: Table) -> Any:
    return t._step  # the step whose body is being altered


def dup_ciphertext(t: Table, body: list[Any]) -> list[Any]:
    deck, proof = body
    return [[deck[0], deck[0], *deck[2:]], proof]


def swap_ciphertexts(t: Table, body: list[Any]) -> list[Any]:
    deck, proof = body
    return [[deck[1], deck[0], *deck[2:]], proof]


def planted_relation(t: Table, body: list[Any]) -> list[Any]:
    """Issue 12's attack: an output ciphertext replaced by E_a + k·E_b of two inputs."""
    deck_in = _step(t).deck.current
    k = scalar(5)
    ct = [add(deck_in[3][i], mul(k, deck_in[7][i])) for i in (0, 1)]
    return [[ct, *body[0][1:]], body[1]]


def replace_ciphertext(t: Table, body: list[Any]) -> list[Any]:
    qs = card_point(t.table_id, parse_cards("Qs")[0].code)
    assert t.joint is not None
    return [[list(encrypt(qs, t.joint, scalar(12345))), *body[0][1:]], body[1]]


def foreign_key(t: Table, body: list[Any]) -> list[Any]:
    step, key = _step(t), t.my_key
    assert key is not None and t.me is not None
    ctx = t.proof_ctx(t.me, step.label)
    return shuffle_proven(ctx, key.public, step.deck.current, t.stream("foreign"))[1]


def identity_point(t: Table, body: list[Any]) -> list[Any]:
    deck, proof = body
    return [[[bytes(32), deck[0][1]], *deck[1:]], proof]


def rogue_key(t: Table, body: list[Any]) -> list[Any]:
    """Y_1 = Z − Σ others (it would know the deck key's logarithm), the proof kept."""
    others = [H.tables[s].my_key.public for s in range(H.n) if s != CHEAT]  # type: ignore[union-attr]
    y = mul(scalar(77), G)
    for o in others:
        y = sub(y, o)
    return [y, body[1], body[2]]


def identity_key(t: Table, body: list[Any]) -> list[Any]:
    """Y_1 = the identity (in a prime-order group the one point of small order), the
    proof kept."""
    return [bytes(32), body[1], body[2]]


def non_canonical_key(t: Table, body: list[Any]) -> list[Any]:
    """Y_1 = the encoding of the field element p = 2^255 - 19 (not reduced: no canonical
    ristretto255 encoding), the proof kept."""
    return [((1 << 255) - 19).to_bytes(32, "little"), body[1], body[2]]


def wrong_share(t: Table, body: list[Any]) -> list[Any]:
    return [[add(body[0][0], G), *body[0][1:]], body[1]]


def queen_in_hand(t: Table, body: list[Any]) -> list[Any]:
    qs = card_point(t.table_id, parse_cards("Qs")[0].code)
    assert t.joint is not None
    return [[list(encrypt(qs, t.joint, scalar(999))), *body[0][1:]], body[1]]


def another_card(t: Table, body: list[Any]) -> list[Any]:
    step = _step(t)
    mine = [p for p, s in t.slots.items() if s.owner == t.me and p not in step.positions]
    assert t.me is not None and t.joint is not None
    ctx = t.proof_ctx(t.me, step.label)
    return [reencrypt_proven(ctx, t.joint, t.slots[mine[0]].ct, t.stream("another"))[1]]


def keep_a_pair(h: Watch, seat: int, t: Table, legal: list[Move]) -> Move | None:
    e = t.engine
    if e.phase == "discard" and isinstance(legal[0], Discard) and legal[0].positions:  # type: ignore[attr-defined]
        return Discard(seat, (), ())
    return None


def renege(h: Watch, seat: int, t: Table, legal: list[Move]) -> Move | None:
    e: Any = t.engine
    if isinstance(legal[0], ThousandPlay) and e.trick:
        allowed = {m.position for m in legal if isinstance(m, ThousandPlay)}
        for p in sorted(e.hands[seat]):
            if p not in allowed:
                return ThousandPlay(seat, p, t.knowledge[p])
    return None


def bid_without_marriage(h: Watch, seat: int, t: Table, legal: list[Move]) -> Move | None:
    from p2pcards.games.thousand._rules import marriages_in

    e: Any = t.engine
    if any(isinstance(m, Bid) for m in legal) and e.bid < 125:
        held = [t.knowledge[p] for p in e.hands[seat] if p in t.knowledge]
        if not marriages_in(held):
            return Bid(seat, 125)
    return None


def false_no(h: Watch, seat: int, t: Table, legal: list[Move]) -> Move | None:
    req = getattr(t.engine, "request", None)
    first = legal[0]
    if isinstance(first, Answer) and first.yes and req is not None and req.stage == 1:
        return Answer(seat, False)
    return None


def false_no_at(stage: int) -> Callable[..., Move | None]:
    """A "no" to question ``stage`` (2: the count, 3: the suits) where "yes" is true."""

    def pick(h: Watch, seat: int, t: Table, legal: list[Move]) -> Move | None:
        req = getattr(t.engine, "request", None)
        yes = any(isinstance(m, Answer) and m.yes for m in legal)
        if yes and req is not None and req.stage == stage:
            return Answer(seat, False)
        return None

    return pick


def keep_one_back(h: Watch, seat: int, t: Table, legal: list[Move]) -> Move | None:
    """The one-question scheme: hand over only one of two or more cards of the rank."""
    first = legal[0]
    if isinstance(first, Answer) and first.yes and len(first.cards) > 1:
        return Answer(seat, True, first.positions[:1], first.cards[:1])
    return None


def ask_without_the_rank(h: Watch, seat: int, t: Table, legal: list[Move]) -> Move | None:
    e: Any = t.engine
    asks = [m for m in legal if isinstance(m, Ask)]
    held = {t.knowledge[p].rank for p in e.hands[seat] if p in t.knowledge}
    free = [r for r in e._in_play() if r not in held]
    return Ask(seat, asks[0].target, free[0]) if asks and free else None


def equivocate(h: Watch, seat: int, b: Broadcast) -> list[bytes] | None:
    if b.kind != "shuffle":
        return None
    body = peek_entry(b.data).body
    return [b.data, resign(h, seat, b.data, [body[0][::-1], body[1]])]


def out_of_turn(h: Watch, seat: int, b: Broadcast) -> list[bytes] | None:
    if b.kind != "move":
        return None
    bad = resign(h, seat, b.data, encode_event(Discard(seat, (), ())), seq_delta=1)
    return [b.data, bad]


def replay_foreign(h: Watch, seat: int, b: Broadcast) -> list[bytes] | None:
    """Seat 1 relays, beside its first move, an entry honest seat 2 signed at another
    table of the same players (its accept of that table's genesis: its own identity
    key, another table id).  Nobody may be blamed: the signer is honest, and the relay
    signed nothing (protocol/table.md §3, "Replays")."""
    if b.kind != "move":
        return None
    seats = make_seats(h.n, random.Random(h.seed))  # the harness's players, their keys
    genesis = make_genesis_bytes(h.game, seats, bytes(range(16)), **h.options)
    other = Table(genesis, seat=2, identity=seats[2][0], sealing_key=seats[2][1],
                  random_bytes=random.Random(1).randbytes)  # fmt: skip
    [foreign] = [o.data for o in other.start() if isinstance(o, Broadcast)]
    assert other.genesis.seats[2].identity == h.tables[2].genesis.seats[2].identity
    h.replayed = foreign
    return [b.data, foreign]


@dataclass(frozen=True)
class Case:
    name: str
    game: str
    seats: int
    kwargs: Callable[[], dict[str, Any]]
    seeds: tuple[int, ...] = (5,)
    expect: int | None = CHEAT
    options: dict[str, Any] = field(default_factory=dict)


CASES = [
    Case(
        "planted linear relation (issue 12)",
        "akulina",
        3,
        lambda: {"cheat": body_cheat("shuffle", planted_relation)},
    ),
    Case(
        "duplicated ciphertext",
        "akulina",
        3,
        lambda: {"cheat": body_cheat("shuffle", dup_ciphertext)},
        (6,),
    ),
    Case(
        "swapped ciphertexts",
        "akulina",
        3,
        lambda: {"cheat": body_cheat("shuffle", swap_ciphertexts)},
    ),
    Case(
        "replaced ciphertext",
        "akulina",
        3,
        lambda: {"cheat": body_cheat("shuffle", replace_ciphertext)},
        (7,),
    ),
    Case(
        "foreign-key re-encryption",
        "akulina",
        3,
        lambda: {"cheat": body_cheat("shuffle", foreign_key)},
    ),
    Case(
        "invalid point (the identity) in a shuffle",
        "akulina",
        3,
        lambda: {"cheat": body_cheat("shuffle", identity_point)},
        (8,),
    ),
    Case("rogue key", "akulina", 3, lambda: {"cheat": body_cheat("key", rogue_key)}),
    Case(
        "small-order seat key (the identity)",
        "akulina",
        3,
        lambda: {"cheat": body_cheat("key", identity_key)},
    ),
    Case(
        "non-canonical seat key",
        "akulina",
        3,
        lambda: {"cheat": body_cheat("key", non_canonical_key)},
    ),
    Case(
        "wrong decryption share",
        "akulina",
        3,
        lambda: {"cheat": body_cheat("share", wrong_share)},
    ),
    Case(
        "steered hand re-shuffle (Akulina)",
        "akulina",
        3,
        lambda: {"cheat": body_cheat("reshuffle", queen_in_hand)},
    ),
    Case(
        "passed card not the card held (Thousand)",
        "thousand",
        3,
        lambda: {"cheat": body_cheat("reencrypt", another_card)},
        tuple(range(30, 40)),
        options={"max_hands": 1},
    ),
    Case(
        "false follow-suit claim",
        "thousand",
        3,
        lambda: {"decide": forced(renege)},
        tuple(range(30, 40)),
    ),
    Case(
        "bid over 120 without a marriage",
        "thousand",
        3,
        lambda: {"decide": forced(bid_without_marriage)},
        tuple(range(40, 50)),
    ),
    Case("false 'no' (Sunduchki)", "sunduchki", 3, lambda: {"decide": forced(false_no)}, (4, 5, 6)),
    Case(
        "false 'no' to the count (Sunduchki)",
        "sunduchki",
        3,
        lambda: {"decide": forced(false_no_at(2))},
        tuple(range(4, 20)),
    ),
    Case(
        "false 'no' to the suits (Sunduchki)",
        "sunduchki",
        3,
        lambda: {"decide": forced(false_no_at(3))},
        tuple(range(4, 20)),
    ),
    Case(
        "a card of the rank kept back (Sunduchki, one question)",
        "sunduchki",
        3,
        lambda: {"decide": forced(keep_one_back)},
        tuple(range(4, 20)),
        options={"questions": "one"},
    ),
    Case(
        "asking for a rank not held (Sunduchki)",
        "sunduchki",
        3,
        lambda: {"decide": forced(ask_without_the_rank)},
        (4, 5, 6),
    ),
    Case(
        "a pair kept (Akulina)",
        "akulina",
        3,
        lambda: {"decide": forced(keep_a_pair)},
        (0,),  # caught at the end of the hand (seed 0: the pair went through another hand)
    ),
    Case("equivocation", "akulina", 3, lambda: {"tamper": tampered(equivocate)}, (13,)),
    Case("entry out of turn", "akulina", 3, lambda: {"tamper": tampered(out_of_turn)}, (16,)),
    Case(
        "replay from another table",
        "akulina",
        3,
        lambda: {"tamper": tampered(replay_foreign)},
        (15,),
        expect=None,
    ),
]


def run_case(case: Case) -> dict[str, Any]:
    global H
    for seed in case.seeds:
        H = Watch(case.game, case.seats, seed=seed, options=dict(case.options), **case.kwargs())
        H.run()
        if H.planted or H.planted_seqs:
            break
    h = H
    seqs = list(h.planted_seqs)  # (a planted body's entry, as its author sent it)
    committed = min(seqs) if seqs else None
    firsts = [h.cheats(s)[0] for s in range(h.n) if s != CHEAT and h.cheats(s)]
    blamed = {c.seat for c in firsts}
    rejected = {c.seq for c in firsts}
    honest = [s for s in range(h.n) if s != CHEAT]
    detected = min((h.detected[s] for s in honest if s in h.detected), default=None)
    if h.replayed is not None and not firsts:
        # nobody to blame: "rejected" is every honest seat refusing the bytes on arrival,
        # the entry in no honest log
        logged = any(h.replayed in {e.raw for e in h.tables[s].log} for s in honest)
        if set(h.refused) >= set(honest) and not logged:
            rejected = {peek_entry(h.replayed).seq}
            detected = min(h.refused.values())
    one_blamed = blamed.pop() if len(blamed) == 1 and len(firsts) == len(honest) else None
    later = sorted({c.seat for s in honest for c in h.cheats(s) if c.seat is not None})
    return {
        "bench": "cheats",
        "cheat": case.name,
        "game": case.game,
        "seed": h.seed,
        "committed_at": committed,
        "rejected_at": rejected.pop() if len(rejected) == 1 else sorted(rejected, key=str) or None,
        "detected_at": detected,
        "blamed": one_blamed,
        "right_seat": one_blamed == case.expect
        and (case.expect is not None or (not later and set(h.refused) >= set(honest))),
        "at_once": detected is not None
        and committed is not None
        and (detected <= committed + 1 or set(h.refused) >= set(honest)),
        "offence": str(firsts[0].offence) if firsts else None,
        "blamed_by_the_end": later,
    }


def main(argv: list[str]) -> None:
    p = argparse.ArgumentParser(prog="scripts/bench cheats")
    p.add_argument("--only", help="run the cheat of this name only")
    p.add_argument("--seeds", type=int, nargs="+", help="run each cheat at these seeds")
    p.add_argument("--seats", type=int, help="run each cheat at this many seats")
    a = p.parse_args(argv)
    for case in CASES:
        if a.only and case.name != a.only:
            continue
        for one in [(s,) for s in a.seeds] if a.seeds else [case.seeds]:
            c = dataclasses.replace(case, seeds=one, seats=a.seats or case.seats)
            print(json.dumps(run_case(c), ensure_ascii=False), flush=True)
