"""Errors raised by the mental-poker layer.

Every error names what was wrong in plain words and carries the seat to blame (``seat``,
None when nobody can be blamed from the data at hand), the protocol step (``step``: the
step label of the proof context, e.g. ``"shuffle 7"``) and, where one applies, the
``position``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager


class MentalPokerError(Exception):
    """Base of every mental-poker error.

    Attributes: ``seat`` (int or None), ``step`` (str), ``position`` (int or None) and
    ``message`` (the plain-words reason, without the seat/step prefix).
    """

    def __init__(
        self,
        message: str,
        *,
        seat: int | None = None,
        step: str = "",
        position: int | None = None,
    ) -> None:
        self.seat = seat
        self.step = step
        self.position = position
        self.message = message
        where = []
        if seat is not None:
            where.append(f"seat {seat}")
        if step:
            where.append(step)
        if position is not None:
            where.append(f"position {position}")
        prefix = ", ".join(where)
        super().__init__(f"{prefix}: {message}" if prefix else message)


class MalformedMessage(MentalPokerError):
    """A body or revealed secret that does not have the documented shape."""


class InvalidPoint(MentalPokerError):
    """A received point that is not 32 bytes, not canonical, not on the curve, of small
    order or outside the prime-order subgroup."""


class InvalidScalar(MentalPokerError):
    """A received scalar that is not 32 bytes, not reduced mod L, or zero."""


class GroupError(MentalPokerError):
    """libsodium refused a group operation (e.g. an identity result).  Cannot happen on
    checked inputs; raised instead of the library's bare exception so a peer never
    crashes."""


@contextmanager
def blaming(error: type[MentalPokerError], seat: int | None, step: str) -> Iterator[None]:
    """Turn a :class:`GroupError` raised inside the block into ``error`` blaming ``seat``
    (a check never lets a library refusal out without the culprit)."""
    try:
        yield
    except GroupError as e:
        raise error(f"a group operation was refused: {e.message}", seat=seat, step=step) from e


class InvalidPublicKey(MentalPokerError):
    """An Ed25519 identity key or X25519 sealing key that is not 32 bytes, not canonical, of
    small order or (Ed25519) outside the prime-order subgroup."""


class InvalidProof(MentalPokerError):
    """A zero-knowledge proof that does not verify (base of the proof errors below).  The
    ``seat`` is the prover: its signed entry proves the cheat."""


class BadKeyProof(InvalidProof):
    """A seat key whose Schnorr proof of knowledge does not verify (a rogue key)."""


class WrongDecryptionShare(InvalidProof):
    """A decryption share whose Chaum–Pedersen proof does not verify (a wrong share, a
    share of another ciphertext, a share under another key)."""


class BadReencryptionProof(InvalidProof):
    """A re-encrypted ciphertext that is not proven to be a re-encryption of its source."""


class BadShuffleProof(InvalidProof):
    """A shuffle output that is not proven to be a re-encryption and permutation of its
    input deck."""


class BadClaimProof(InvalidProof):
    """A proof that a hidden card lies in an allowed set that does not verify (a false
    claim: cannot follow suit, has no such rank, holds a marriage...)."""
