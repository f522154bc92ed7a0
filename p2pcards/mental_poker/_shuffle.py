"""The two-pass shuffle: secrets, commitments and the public record of one deck.

Pass 1: seat 0, 1, ... in turn take the current deck ``D``, pick a scalar ``x`` and a
permutation ``perm`` and publish ``out[i] = x * D[perm[i]]``.  Pass 2: each seat in turn
takes the current deck ``E`` and publishes ``out[i] = (y[i] * x^-1) * E[i]`` with fresh
per-position scalars ``y[i]``, swapping its pass-1 lock for per-position locks.  The final
deck holds at index ``i`` the point ``(y_0[i] * ... * y_{N-1}[i]) * card_point``.

With its pass-1 output a seat publishes ``digest("pass1", ..., x, perm, salt)``; with its
pass-2 output it publishes one key commitment per position, ``digest("key-commit", ..., seat,
position, y)``, so that any single key can be checked when it is disclosed without
disclosing the others.  protocol/SPEC.md, "Shuffle", is normative.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from p2pcards.mental_poker._cards import DeckSpec
from p2pcards.mental_poker._draw import random_permutation
from p2pcards.mental_poker._errors import (
    DuplicatePoint,
    MalformedMessage,
    MentalPokerError,
    ShuffleMismatch,
)
from p2pcards.mental_poker._group import (
    RandomBytes,
    check_point,
    check_scalar,
    draw,
    mul,
    random_scalar,
    scalar_invert,
    scalar_mul,
)
from p2pcards.mental_poker._hash import digest

REVEAL_STEP = "end-of-hand reveal"


def pass1_commitment(
    spec: DeckSpec, seat: int, x: bytes, permutation: Sequence[int], salt: bytes
) -> bytes:
    """``digest("pass1", version, table_id, hand, first, seat, x, permutation, salt)``."""
    c = spec.context
    return digest("pass1", c.version, c.table_id, c.hand, spec.first, seat, x, permutation, salt)


def key_commitment(spec: DeckSpec, seat: int, position: int, key: bytes) -> bytes:
    """``digest("key-commit", version, table_id, hand, seat, position, key)``: the commitment to
    seat ``seat``'s pass-2 scalar (its *key*) for absolute ``position``."""
    c = spec.context
    return digest("key-commit", c.version, c.table_id, c.hand, seat, position, key)


@dataclass(frozen=True, slots=True)
class ShuffleSecrets:
    """One seat's secrets for one deck.

    ``x``: pass-1 scalar; ``permutation``: pass-1 output index i takes input index
    ``permutation[i]``; ``salt``: 32 bytes of the pass-1 commitment; ``keys[i]``: pass-2
    scalar for position ``first + i`` (the seat's *key* for it); ``seal_seed``: 32 bytes
    from which the ephemeral keys of this seat's sealed key shares are derived.

    Persist :meth:`to_wire` (plain msgpack-ready data) BEFORE publishing anything that
    depends on it; publish it at the end of the hand (the end-of-hand reveal).
    """

    seat: int
    first: int
    x: bytes
    permutation: tuple[int, ...]
    salt: bytes
    keys: tuple[bytes, ...]
    seal_seed: bytes

    @classmethod
    def generate(cls, spec: DeckSpec, seat: int, random_bytes: RandomBytes) -> ShuffleSecrets:
        """Fresh secrets for ``seat`` (0-based) from ``random_bytes(n)``.

        Draw order (fixed, so a seeded source gives fixed secrets): x (64 bytes, reduced),
        permutation (Fisher-Yates), salt (32), keys (64 bytes each), seal_seed (32).
        """
        if not 0 <= seat < spec.seats:
            raise ValueError(f"seat {seat} out of range for {spec.seats} seats")
        x = random_scalar(random_bytes)
        perm = tuple(random_permutation(random_bytes, spec.n))
        salt = draw(random_bytes, 32)
        keys = tuple(random_scalar(random_bytes) for _ in range(spec.n))
        seal_seed = draw(random_bytes, 32)
        return cls(seat, spec.first, x, perm, salt, keys, seal_seed)

    def key(self, position: int) -> bytes:
        """The key (pass-2 scalar) for absolute ``position``; ValueError if not in deck."""
        i = position - self.first
        if not 0 <= i < len(self.keys):
            raise ValueError(f"position {position} is not in this deck")
        return self.keys[i]

    def to_wire(self) -> list[Any]:
        """``[seat, first, x, permutation, salt, keys, seal_seed]`` (msgpack-ready)."""
        return [
            self.seat,
            self.first,
            self.x,
            list(self.permutation),
            self.salt,
            list(self.keys),
            self.seal_seed,
        ]

    @classmethod
    def from_wire(cls, data: object, spec: DeckSpec, seat: int) -> ShuffleSecrets:
        """Parse and check secrets revealed (or persisted) by ``seat`` for ``spec``.

        Raises MalformedMessage (wrong shape, seat or first; a permutation that is not a
        permutation of ``range(n)`` is a ShuffleMismatch of pass 1) or InvalidScalar (x or
        a key zero, not reduced or not 32 bytes), each naming ``seat``.
        """
        step = REVEAL_STEP

        def bad(msg: str) -> MentalPokerError:
            return MalformedMessage(msg, seat=seat, step=step)

        if not isinstance(data, list | tuple) or len(data) != 7:
            raise bad("revealed secrets are not a list of 7 fields")
        s, first, x, perm, salt, keys, seal_seed = data
        if s != seat or isinstance(s, bool):
            raise bad(f"revealed secrets name seat {s!r}")
        if first != spec.first or isinstance(first, bool):
            raise bad(f"revealed secrets are for the deck at {first!r}, not {spec.first}")
        check_scalar(x, what="pass-1 scalar", seat=seat, step=step)
        if not isinstance(perm, list | tuple) or len(perm) != spec.n:
            raise bad(f"the permutation is not a list of {spec.n} indices")
        if not all(isinstance(j, int) and not isinstance(j, bool) for j in perm) or sorted(
            perm
        ) != list(range(spec.n)):
            raise ShuffleMismatch(
                "the revealed pass-1 permutation is not a permutation (a card encoded "
                "twice or dropped)",
                seat=seat,
                step="pass 1",
            )
        for name, v in (("salt", salt), ("seal seed", seal_seed)):
            if not isinstance(v, bytes) or len(v) != 32:
                raise bad(f"the {name} is not 32 bytes")
        if not isinstance(keys, list | tuple) or len(keys) != spec.n:
            raise bad(f"the keys are not a list of {spec.n} scalars")
        for i, k in enumerate(keys):
            check_scalar(k, what="key", seat=seat, step=step, position=spec.first + i)
        assert isinstance(x, bytes) and isinstance(salt, bytes) and isinstance(seal_seed, bytes)
        return cls(seat, first, x, tuple(perm), salt, tuple(keys), seal_seed)


def pass1_output(spec: DeckSpec, secrets: ShuffleSecrets, deck: Sequence[bytes]) -> list[bytes]:
    """``out[i] = x * deck[permutation[i]]`` (points assumed already checked)."""
    x = secrets.x
    return [mul(x, deck[j]) for j in secrets.permutation]


def pass2_output(spec: DeckSpec, secrets: ShuffleSecrets, deck: Sequence[bytes]) -> list[bytes]:
    """``out[i] = (keys[i] * x^-1) * deck[i]`` (points assumed already checked)."""
    xinv = scalar_invert(secrets.x)
    return [mul(scalar_mul(k, xinv), p) for k, p in zip(secrets.keys, deck, strict=True)]


def pass1_body(spec: DeckSpec, secrets: ShuffleSecrets, deck: Sequence[bytes]) -> list[Any]:
    """Pass-1 body ``[commitment, [point x n]]`` for ``secrets.seat`` given its input."""
    com = pass1_commitment(spec, secrets.seat, secrets.x, secrets.permutation, secrets.salt)
    return [com, pass1_output(spec, secrets, deck)]


def pass2_body(spec: DeckSpec, secrets: ShuffleSecrets, deck: Sequence[bytes]) -> list[Any]:
    """Pass-2 body ``[[key commitment x n], [point x n]]`` for ``secrets.seat``."""
    coms = [
        key_commitment(spec, secrets.seat, p, k)
        for p, k in zip(spec.positions, secrets.keys, strict=True)
    ]
    return [coms, pass2_output(spec, secrets, deck)]


def parse_pass_body(
    spec: DeckSpec, pass_no: int, seat: int, body: object
) -> tuple[bytes | list[bytes], list[bytes]]:
    """Check the shape of a pass body (not its points): returns ``(commitment or key
    commitments, points)``.  Raises MalformedMessage naming ``seat`` and the pass."""
    step = f"pass {pass_no}"
    if not isinstance(body, list | tuple) or len(body) != 2:
        raise MalformedMessage("the body is not [commitment(s), points]", seat=seat, step=step)
    com, points = body
    if not isinstance(points, list | tuple) or len(points) != spec.n:
        raise MalformedMessage(f"the deck is not a list of {spec.n} points", seat=seat, step=step)
    if pass_no == 1:
        if not isinstance(com, bytes) or len(com) != 32:
            raise MalformedMessage("the commitment is not 32 bytes", seat=seat, step=step)
        return com, list(points)
    if (
        not isinstance(com, list | tuple)
        or len(com) != spec.n
        or not all(isinstance(c, bytes) and len(c) == 32 for c in com)
    ):
        raise MalformedMessage(
            f"the key commitments are not {spec.n} hashes of 32 bytes", seat=seat, step=step
        )
    return list(com), list(points)


class PublicShuffle:
    """The public record of one deck's shuffle: identical at every seat.

    Turns go pass 1 seat 0..N-1, then pass 2 seat 0..N-1 (:attr:`turn`).  For the local
    seat's turn call :meth:`contribute` (computes, records without re-checking, returns the
    body to publish); for a received body call :meth:`accept` (checks every point and
    records).  :attr:`bodies` lists the accepted bodies in turn order (the end-of-hand
    verification takes them); :attr:`final_deck` is the deck positions refer to.
    """

    def __init__(self, spec: DeckSpec, checked: set[bytes] | None = None) -> None:
        """``checked``: an optional set of points known to be valid, shared by the caller
        (e.g. between the in-process seats of a test harness) to skip re-checking the
        same bytes; points that pass the check are added to it.  Validity depends only on
        the bytes, so sharing it is sound.  Default: every point is checked."""
        self.spec = spec
        self._checked = checked
        self.decks: list[tuple[bytes, ...]] = [spec.points]
        """Deck 0 is the card points; deck k (k >= 1) is turn k-1's output."""
        self.bodies: list[list[Any]] = []
        self.pass1_commitments: list[bytes] = []
        self.key_commitments: list[tuple[bytes, ...]] = []

    @property
    def turn(self) -> tuple[int, int] | None:
        """``(pass_no, seat)`` whose output is awaited, or None when the shuffle is done."""
        k, n = len(self.bodies), self.spec.seats
        if k < n:
            return (1, k)
        if k < 2 * n:
            return (2, k - n)
        return None

    @property
    def done(self) -> bool:
        """True once every seat has published both passes."""
        return self.turn is None

    @property
    def input_deck(self) -> tuple[bytes, ...]:
        """The deck the seat whose turn it is works on."""
        return self.decks[-1]

    @property
    def final_deck(self) -> tuple[bytes, ...]:
        """The shuffled deck: ``final_deck[position - first]``.  ValueError if not done."""
        if not self.done:
            raise ValueError("the shuffle is not finished")
        return self.decks[-1]

    def point(self, position: int) -> bytes:
        """The final (locked) point at ``position``."""
        return self.final_deck[self.spec.index(position)]

    def key_commitment(self, seat: int, position: int) -> bytes:
        """Seat ``seat``'s commitment to its key for ``position``.  ValueError before the
        shuffle is finished or for a position outside the deck."""
        if not self.done:
            raise ValueError("the shuffle is not finished")
        return self.key_commitments[seat][self.spec.index(position)]

    def _expect(self, seat: int) -> tuple[int, int]:
        t = self.turn
        if t is None:
            raise MalformedMessage("the shuffle is already finished", seat=seat, step="shuffle")
        if t[1] != seat:
            raise MalformedMessage(
                f"it is seat {t[1]}'s turn in pass {t[0]}", seat=seat, step=f"pass {t[0]}"
            )
        return t

    def compute(self, secrets: ShuffleSecrets) -> list[Any]:
        """The body the seat whose turn it is publishes (does not record it)."""
        pass_no, _ = self._expect(secrets.seat)
        if secrets.first != self.spec.first or len(secrets.keys) != self.spec.n:
            raise ValueError("secrets are for another deck")
        if pass_no == 1:
            return pass1_body(self.spec, secrets, self.decks[-1])
        return pass2_body(self.spec, secrets, self.decks[-1])

    def contribute(self, secrets: ShuffleSecrets) -> list[Any]:
        """Compute the local seat's body, record it (no re-check: we made it) and return
        it for publishing.  Persist ``secrets`` before publishing the body."""
        body = self.compute(secrets)
        self._record(secrets.seat, body)
        return body

    def accept(self, seat: int, body: object) -> None:
        """Check and record the body ``seat`` published for its current turn.

        Raises MalformedMessage (out of turn, wrong shape), InvalidPoint (a point that is
        not in the prime-order group, with its position) or DuplicatePoint (the same point
        at two positions: a card encoded twice), each naming ``seat`` and the pass.
        """
        pass_no, _ = self._expect(seat)
        step = f"pass {pass_no}"
        com, points = parse_pass_body(self.spec, pass_no, seat, body)
        first = self.spec.first
        checked = self._checked
        for i, p in enumerate(points):
            if checked is not None and p in checked:
                continue
            check_point(p, what="the output point", seat=seat, step=step, position=first + i)
            if checked is not None:
                checked.add(p)
        seen: dict[bytes, int] = {}
        for i, p in enumerate(points):
            j = seen.setdefault(p, i)
            if j != i:
                raise DuplicatePoint(
                    f"the same point is at positions {first + j} and {first + i}",
                    seat=seat,
                    step=step,
                    position=first + i,
                )
        self._record(seat, [com, points])

    def _record(self, seat: int, body: list[Any]) -> None:
        com, points = body
        if len(self.bodies) < self.spec.seats:
            self.pass1_commitments.append(com)
        else:
            self.key_commitments.append(tuple(com))
        self.bodies.append(body)
        self.decks.append(tuple(points))
