"""Key shares: revealing a position to one seat (sealed) or to all (open), and unlocking.

A seat's *key* for position ``p`` is its pass-2 scalar ``y_s[p]`` itself.  The final point
at ``p`` is ``(y_0[p] * ... * y_{N-1}[p]) * card_point``, so whoever holds every seat's key
for ``p`` multiplies the final point by the inverse of their product and looks the result
up among the hand's card points.  Each received key is checked against the sender's
published key commitment ``digest("key-commit", ..., seat, p, key)`` on arrival, so a wrong key is
caught at once and blamed on the sender's signed message.

Sealed plaintext (msgpack): ``["p2pcards/v1/mental-poker/key-shares", version, table_id, hand,
sender, to, [positions], [keys]]``; the ephemeral key is ``digest("seal", version,
table_id, hand, first, sender, to, [positions], seal_seed)``.  protocol/SPEC.md,
"Reveal" and "Open", is normative.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgpack

from p2pcards.cards import Card
from p2pcards.mental_poker._cards import DeckSpec
from p2pcards.mental_poker._errors import MalformedMessage, NotACard, WrongKeyShare
from p2pcards.mental_poker._group import batch_invert, check_scalar, mul, scalar_product
from p2pcards.mental_poker._hash import digest
from p2pcards.mental_poker._seal import SealOpenError, seal, unseal
from p2pcards.mental_poker._shuffle import PublicShuffle, ShuffleSecrets, key_commitment

KEYS_LABEL = "p2pcards/v1/mental-poker/key-shares"


def _check_positions(spec: DeckSpec, positions: Sequence[int]) -> list[int]:
    ps = list(positions)
    if not ps or len(set(ps)) != len(ps):
        raise ValueError("positions must be non-empty and distinct")
    for p in ps:
        spec.index(p)
    return ps


def key_plaintext(
    spec: DeckSpec, sender: int, to: int, positions: Sequence[int], keys: Sequence[bytes]
) -> bytes:
    """The exact plaintext sealed by ``sender`` for seat ``to``."""
    c = spec.context
    out: bytes = msgpack.packb(
        [KEYS_LABEL, c.version, c.table_id, c.hand, sender, to, list(positions), list(keys)],
        use_bin_type=True,
    )
    return out


def seal_ephemeral(
    spec: DeckSpec, secrets: ShuffleSecrets, to: int, positions: Sequence[int]
) -> bytes:
    """The ephemeral X25519 secret key of the sealed share ``secrets.seat`` -> ``to``."""
    c = spec.context
    return digest(
        "seal",
        c.version,
        c.table_id,
        c.hand,
        spec.first,
        secrets.seat,
        to,
        list(positions),
        secrets.seal_seed,
    )


def seal_key_shares(
    spec: DeckSpec,
    secrets: ShuffleSecrets,
    to: int,
    recipient_public_key: bytes,
    positions: Sequence[int],
) -> bytes:
    """Seal ``secrets.seat``'s keys for ``positions`` to seat ``to``.

    ``recipient_public_key`` is ``to``'s 32-byte X25519 key.  Returns the sealed bytes
    (48 + plaintext length); the caller puts them in a signed transcript entry, e.g. body
    ``[to, positions, sealed]``.  The same inputs always give the same bytes, so sealing
    twice is harmless.  Raises ValueError when ``to`` is the sender or positions are not
    distinct positions of this deck.
    """
    if to == secrets.seat or not 0 <= to < spec.seats:
        raise ValueError(f"cannot seal key shares from seat {secrets.seat} to seat {to}")
    ps = _check_positions(spec, positions)
    keys = [secrets.key(p) for p in ps]
    pt = key_plaintext(spec, secrets.seat, to, ps, keys)
    return seal(pt, recipient_public_key, seal_ephemeral(spec, secrets, to, ps))


def check_key(record: PublicShuffle, seat: int, position: int, key: object, step: str) -> bytes:
    """Check ``key`` (from ``seat``, for ``position``) against the seat's key commitment.

    Returns the key; raises InvalidScalar (zero, not reduced, not 32 bytes) or
    WrongKeyShare (does not match the commitment), naming ``seat`` and ``position``.
    """
    k = check_scalar(key, what="the key", seat=seat, step=step, position=position)
    if key_commitment(record.spec, seat, position, k) != record.key_commitment(seat, position):
        raise WrongKeyShare(
            "the key does not match the seat's key commitment",
            seat=seat,
            step=step,
            position=position,
        )
    return k


def open_key_shares(
    record: PublicShuffle,
    sealed: object,
    sender: int,
    to: int,
    recipient_secret_key: bytes,
    positions: Sequence[int],
) -> dict[int, bytes]:
    """Open and check the keys ``sender`` sealed to ``to`` for ``positions``.

    Returns ``{position: key}``.  Raises WrongKeyShare naming ``sender`` when the box does
    not open, the plaintext is not bound to this table, hand, sender, recipient and
    positions, or a key does not match its commitment (InvalidScalar for a zero or
    unreduced key).
    """
    step = f"key share to seat {to}"
    ps = _check_positions(record.spec, positions)
    if not isinstance(sealed, bytes):
        raise MalformedMessage("the sealed key share is not bytes", seat=sender, step=step)
    try:
        pt = unseal(sealed, recipient_secret_key)
    except SealOpenError as e:
        raise WrongKeyShare("the sealed key share does not open", seat=sender, step=step) from e
    try:
        data = msgpack.unpackb(pt, raw=False)
    except Exception as e:  # any bytes may come out of an authentic box
        raise WrongKeyShare("the sealed key share is not msgpack", seat=sender, step=step) from e
    if not isinstance(data, list) or len(data) != 8 or not isinstance(data[7], list):
        raise WrongKeyShare("the sealed key share has the wrong layout", seat=sender, step=step)
    keys: list[Any] = data[7]
    if len(keys) != len(ps) or not all(isinstance(k, bytes) for k in keys):
        raise WrongKeyShare("the sealed key share has the wrong keys", seat=sender, step=step)
    if pt != key_plaintext(record.spec, sender, to, ps, keys):
        raise WrongKeyShare(
            "the sealed key share is not bound to this table, hand, sender, recipient "
            "and positions",
            seat=sender,
            step=step,
        )
    return {p: check_key(record, sender, p, k, step) for p, k in zip(ps, keys, strict=True)}


def open_body(spec: DeckSpec, secrets: ShuffleSecrets, positions: Sequence[int]) -> list[Any]:
    """The public body by which ``secrets.seat`` opens ``positions``: ``[[positions],
    [keys]]`` (msgpack-ready)."""
    ps = _check_positions(spec, positions)
    return [ps, [secrets.key(p) for p in ps]]


def check_open_body(
    record: PublicShuffle, sender: int, body: object, positions: Sequence[int]
) -> dict[int, bytes]:
    """Check an open body from ``sender`` for ``positions``; returns ``{position: key}``.

    Raises MalformedMessage (shape, other positions) or WrongKeyShare / InvalidScalar
    (a key that does not match its commitment), naming ``sender``.
    """
    step = "open"
    ps = _check_positions(record.spec, positions)
    if (
        not isinstance(body, list | tuple)
        or len(body) != 2
        or not isinstance(body[0], list | tuple)
        or not isinstance(body[1], list | tuple)
        or list(body[0]) != ps
        or len(body[1]) != len(ps)
    ):
        raise MalformedMessage(
            f"the open body is not [{ps}, [key x {len(ps)}]]", seat=sender, step=step
        )
    return {p: check_key(record, sender, p, k, step) for p, k in zip(ps, body[1], strict=True)}


def unlock(record: PublicShuffle, keys: Mapping[int, Mapping[int, bytes]]) -> dict[int, Card]:
    """The cards at the positions of ``keys``: ``{position: {seat: key}}`` with every
    seat's (checked) key for each position, the caller's own included.

    Cost: one scalar multiplication per position and one inversion in all.  Raises
    ValueError when a seat's key is missing, NotACard (no seat named) when the unlocked
    point is not a card of the deck: some seat cheated in pass 2, and the end-of-hand
    verification names it.
    """
    n = record.spec.seats
    ps = list(keys)
    products = []
    for p in ps:
        ks = keys[p]
        if sorted(ks) != list(range(n)):
            raise ValueError(f"position {p}: keys of seats {sorted(ks)} given, all {n} needed")
        products.append(scalar_product([ks[s] for s in range(n)]))
    out: dict[int, Card] = {}
    for p, inv in zip(ps, batch_invert(products), strict=True):
        card = record.spec.card_of_point(mul(inv, record.point(p)))
        if card is None:
            raise NotACard(
                "every key was applied and the point is not a card of the deck",
                step="unlock",
                position=p,
            )
        out[p] = card
    return out
