"""End-of-hand verification of one deck from its public record and revealed secrets.

:func:`verify_deck` recomputes both shuffle passes of every seat from the published input
deck and that seat's revealed secrets, checks every commitment and every key share that
was published (sealed ones are re-sealed and compared byte for byte), checks that the deck
is a permutation of the game's deck and returns ``{position: card}``.  Every seat is
checked only against its own published data, so an honest seat is never blamed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from p2pcards.cards import Card
from p2pcards.mental_poker._cards import DeckSpec
from p2pcards.mental_poker._errors import (
    CommitmentMismatch,
    DeckMismatch,
    MalformedMessage,
    ShuffleMismatch,
    WrongKeyShare,
)
from p2pcards.mental_poker._group import mul, scalar_invert, scalar_mul
from p2pcards.mental_poker._keys import open_body, seal_key_shares
from p2pcards.mental_poker._shuffle import (
    ShuffleSecrets,
    key_commitment,
    parse_pass_body,
    pass1_commitment,
)


@dataclass(frozen=True, slots=True)
class SealedShare:
    """A published sealed key share: ``sender`` sealed its keys for ``positions`` to
    ``to``; ``sealed`` are the exact bytes of the signed entry."""

    sender: int
    to: int
    positions: tuple[int, ...]
    sealed: bytes

    def body(self) -> list[Any]:
        """The entry body ``[to, [positions], sealed]`` (SPEC.md section 14)."""
        return [self.to, list(self.positions), self.sealed]

    @classmethod
    def from_body(cls, sender: int, body: object) -> SealedShare:
        """Parse the body ``[to, [positions], sealed]`` of an entry by ``sender``.

        Checks shapes only (the positions against a deck are checked when used).  Raises
        MalformedMessage naming ``sender``.
        """
        if (
            not isinstance(body, list | tuple)
            or len(body) != 3
            or not _is_int(body[0])
            or not isinstance(body[1], list | tuple)
            or not body[1]
            or not all(_is_int(p) for p in body[1])
            or not isinstance(body[2], bytes)
        ):
            raise MalformedMessage(
                "the sealed keys body is not [to, [positions], sealed]", seat=sender, step="reveal"
            )
        return cls(sender, body[0], tuple(body[1]), body[2])


@dataclass(frozen=True, slots=True)
class OpenShare:
    """A published open body (``[[positions], [keys]]``) by ``sender``."""

    sender: int
    positions: tuple[int, ...]
    body: object


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 2**32


def _plain(v: object) -> object:
    if isinstance(v, list | tuple):
        return [_plain(x) for x in v]
    return v


def verify_deck(
    spec: DeckSpec,
    bodies: Sequence[object],
    revealed: Sequence[object],
    *,
    sealed_shares: Sequence[SealedShare] = (),
    open_shares: Sequence[OpenShare] = (),
    public_keys: Sequence[bytes] = (),
) -> dict[int, Card]:
    """Verify one deck's shuffle and key shares; return ``{position: card}``.

    ``bodies``: the 2N pass bodies in turn order (pass 1 seats 0..N-1, then pass 2), as
    published (e.g. :attr:`PublicShuffle.bodies`); ``revealed[seat]``: each seat's
    end-of-hand reveal (:meth:`ShuffleSecrets.to_wire`); ``public_keys[seat]``: X25519
    keys, needed to re-seal ``sealed_shares``.

    Raises, naming the seat and step: MalformedMessage (a missing or malformed body or
    reveal), InvalidScalar, CommitmentMismatch (a permutation, scalar, salt or key that does
    not match its commitment), ShuffleMismatch (an output point that is not the one the
    revealed secrets give: a ciphertext replaced, or a card encoded twice or dropped),
    WrongKeyShare (a sealed or open key share that differs from the revealed keys) or
    DeckMismatch (cannot happen when every pass checks).  Cost: 2·N·n scalar
    multiplications, and one re-seal per sealed share.
    """
    n_seats, first = spec.seats, spec.first
    if len(bodies) != 2 * n_seats:
        missing = len(bodies) % n_seats if len(bodies) < 2 * n_seats else None
        raise MalformedMessage(
            f"{len(bodies)} shuffle bodies published, {2 * n_seats} expected",
            seat=missing,
            step="shuffle",
        )
    if len(revealed) != n_seats:
        raise MalformedMessage(f"{len(revealed)} reveals, {n_seats} expected", step="reveal")
    secrets = [ShuffleSecrets.from_wire(revealed[s], spec, s) for s in range(n_seats)]
    parsed = [parse_pass_body(spec, 1 + k // n_seats, k % n_seats, b) for k, b in enumerate(bodies)]

    # Pass 1: commitments, then each seat's output from its published input.
    deck: Sequence[bytes] = spec.points
    for s, sec in enumerate(secrets):
        com, out = parsed[s]
        if pass1_commitment(spec, s, sec.x, sec.permutation, sec.salt) != com:
            raise CommitmentMismatch(
                "the revealed pass-1 scalar, permutation and salt do not match the commitment",
                seat=s,
                step="pass 1",
            )
        for i, j in enumerate(sec.permutation):
            if mul(sec.x, deck[j]) != out[i]:
                raise ShuffleMismatch(
                    "the published point is not the revealed scalar times the input point "
                    "the revealed permutation names (a ciphertext replaced)",
                    seat=s,
                    step="pass 1",
                    position=first + i,
                )
        deck = out

    # Pass 2: key commitments, then each seat's output.
    for s, sec in enumerate(secrets):
        coms, out = parsed[n_seats + s]
        assert isinstance(coms, list)
        for i, (p, k) in enumerate(zip(spec.positions, sec.keys, strict=True)):
            if key_commitment(spec, s, p, k) != coms[i]:
                raise CommitmentMismatch(
                    "the revealed key does not match the key commitment",
                    seat=s,
                    step="pass 2",
                    position=p,
                )
        xinv = scalar_invert(sec.x)
        for i, k in enumerate(sec.keys):
            if mul(scalar_mul(k, xinv), deck[i]) != out[i]:
                raise ShuffleMismatch(
                    "the published point is not the input point with the pass-1 lock "
                    "swapped for the revealed key (a ciphertext replaced)",
                    seat=s,
                    step="pass 2",
                    position=first + i,
                )
        deck = out

    # Which card is where: compose the permutations.
    index = list(range(spec.n))
    for sec in reversed(secrets):
        index = [sec.permutation[j] for j in index]
    cards = {first + i: spec.cards[j] for i, j in enumerate(index)}
    if sorted(cards.values()) != sorted(spec.cards):
        raise DeckMismatch("the shuffled deck is not a permutation of the game's deck")

    for sh in sealed_shares:
        step = f"key share to seat {sh.to}"
        if not 0 <= sh.sender < n_seats or not 0 <= sh.to < n_seats or sh.sender == sh.to:
            raise MalformedMessage(
                "a key share between impossible seats", seat=sh.sender, step=step
            )
        if len(public_keys) != n_seats:
            raise ValueError("public_keys (one X25519 key per seat) are needed for sealed shares")
        try:
            expect = seal_key_shares(
                spec, secrets[sh.sender], sh.to, public_keys[sh.to], sh.positions
            )
        except ValueError as e:
            raise MalformedMessage(
                f"the key share names bad positions: {e}", seat=sh.sender, step=step
            ) from e
        if expect != sh.sealed:
            raise WrongKeyShare(
                "the sealed key share is not the one the revealed keys give",
                seat=sh.sender,
                step=step,
            )

    for op in open_shares:
        if not 0 <= op.sender < n_seats:
            raise MalformedMessage("an open body from no seat", step="open")
        try:
            expect_body = open_body(spec, secrets[op.sender], op.positions)
        except ValueError as e:
            raise MalformedMessage(
                f"the open names bad positions: {e}", seat=op.sender, step="open"
            ) from e
        if _plain(op.body) != expect_body:
            raise WrongKeyShare(
                "the opened keys are not the revealed keys", seat=op.sender, step="open"
            )
    return cards
