"""Mental poker without a trusted dealer (pure, sans-I/O).  docs/mental_poker.md has the
walk-through for the table; protocol/SPEC.md is normative.

One deck per ``Shuffle`` need::

    spec = DeckSpec.make(table_id, hand, seats, need.first, need.cards)
    record = PublicShuffle(spec)                    # same at every seat
    mine = ShuffleSecrets.generate(spec, my_seat, random_bytes)
    persist(mine.to_wire())                         # BEFORE publishing anything
    # in turn (record.turn == (pass_no, seat)):
    body = record.contribute(mine)                  # my turn: publish body
    record.accept(seat, body)                       # someone else's body: checked
    # reveal position p to seat t: every other seat s publishes
    sealed = seal_key_shares(spec, mine, t, x25519_pk[t], positions)
    keys = open_key_shares(record, sealed, s, t, my_x25519_sk, positions)   # at t
    cards = unlock(record, {p: {seat: key, ...}})   # t adds its own mine.key(p)
    # open: every seat publishes open_body(spec, mine, positions);
    #       everyone checks check_open_body(record, s, body, positions), then unlock
    # end of hand: every seat publishes mine.to_wire(); everyone runs
    cards = verify_deck(spec, record.bodies, reveals, sealed_shares=..., open_shares=...,
                        public_keys=x25519_pks)

Version 2 (protocol/mental_poker_v2.md; every step proven when made; the table switches to
it in place of the above): :class:`ProofContext`, :class:`SeatKey` /
:func:`check_seat_key`, ElGamal (:func:`encrypt`, :func:`reencrypt`, :func:`initial_deck`,
:func:`joint_key`), :func:`shuffle_proven` / :func:`check_shuffle` (Terelius–Wikström),
:func:`make_shares` / :func:`check_shares`, :func:`reencrypt_proven` /
:func:`check_reencryption`, claims (:func:`prove_claim` / :func:`check_claim` with
:func:`each_card_in` / :func:`some_card_in` / :func:`holds_a_pair`), lots (:func:`lot_deck`,
:func:`lot_outcome`), and :func:`check_ed25519_key` / :func:`check_x25519_key` for
long-term keys.

Hidden hand order: :class:`HandOrderSecret`, :func:`order_commitment`, :func:`check_order`.
Joint randomness: :func:`random_value`, :func:`random_commitment`,
:func:`check_random_value`, :func:`random_result`.  Every error is a
:class:`MentalPokerError` naming the seat to blame, the step and the position.
"""

from p2pcards.mental_poker._cards import PROTOCOL_VERSION, DeckSpec, HandContext, card_point
from p2pcards.mental_poker._claims import (
    AllOf,
    AnyOf,
    Leaf,
    Node,
    check_claim,
    each_card_in,
    holds_a_pair,
    prove_claim,
    some_card_in,
)
from p2pcards.mental_poker._domain import MENTAL_POKER_VERSION, ProofContext, generator, lot_point
from p2pcards.mental_poker._domain import card_point as card_point_v2
from p2pcards.mental_poker._draw import randbelow, random_permutation
from p2pcards.mental_poker._elgamal import (
    Ciphertext,
    check_ciphertext,
    check_deck,
    deck_wire,
    decrypt,
    encrypt,
    initial_deck,
    joint_key,
    reencrypt,
)
from p2pcards.mental_poker._errors import (
    BadClaimProof,
    BadKeyProof,
    BadReencryptionProof,
    BadShuffleProof,
    CommitmentMismatch,
    DeckMismatch,
    DuplicatePoint,
    GroupError,
    InvalidPoint,
    InvalidProof,
    InvalidPublicKey,
    InvalidScalar,
    MalformedMessage,
    MentalPokerError,
    NotACard,
    OrderViolation,
    ShuffleMismatch,
    WrongDecryptionShare,
    WrongKeyShare,
)
from p2pcards.mental_poker._group import L, RandomBytes, check_point, check_scalar
from p2pcards.mental_poker._keys import (
    check_key,
    check_open_body,
    key_plaintext,
    open_body,
    open_key_shares,
    seal_key_shares,
    unlock,
)
from p2pcards.mental_poker._lots import lot_deck, lot_outcome
from p2pcards.mental_poker._order import HandOrderSecret, check_order, order_commitment
from p2pcards.mental_poker._public_keys import check_ed25519_key, check_x25519_key
from p2pcards.mental_poker._randomness import (
    check_random_value,
    random_commitment,
    random_result,
    random_value,
)
from p2pcards.mental_poker._reencryption import check_reencryption, reencrypt_proven
from p2pcards.mental_poker._ristretto import check_points
from p2pcards.mental_poker._seal import x25519_keypair, x25519_public_key
from p2pcards.mental_poker._seat_key import SeatKey, check_seat_key
from p2pcards.mental_poker._shares import (
    check_shares,
    make_shares,
    own_decrypt,
    partial_decrypt,
)
from p2pcards.mental_poker._shuffle import (
    PublicShuffle,
    ShuffleSecrets,
    key_commitment,
    pass1_commitment,
)
from p2pcards.mental_poker._shuffle_proof import (
    ShuffleWitness,
    check_shuffle,
    prove_shuffle,
    shuffle,
    shuffle_proven,
)
from p2pcards.mental_poker._verify import OpenShare, SealedShare, verify_deck

__all__ = [
    "MENTAL_POKER_VERSION",
    "PROTOCOL_VERSION",
    "AllOf",
    "AnyOf",
    "BadClaimProof",
    "BadKeyProof",
    "BadReencryptionProof",
    "BadShuffleProof",
    "Ciphertext",
    "CommitmentMismatch",
    "DeckMismatch",
    "DeckSpec",
    "DuplicatePoint",
    "GroupError",
    "HandContext",
    "HandOrderSecret",
    "InvalidPoint",
    "InvalidProof",
    "InvalidPublicKey",
    "InvalidScalar",
    "L",
    "Leaf",
    "MalformedMessage",
    "MentalPokerError",
    "Node",
    "NotACard",
    "OpenShare",
    "OrderViolation",
    "ProofContext",
    "PublicShuffle",
    "RandomBytes",
    "SealedShare",
    "SeatKey",
    "ShuffleMismatch",
    "ShuffleSecrets",
    "ShuffleWitness",
    "WrongDecryptionShare",
    "WrongKeyShare",
    "card_point",
    "card_point_v2",
    "check_ciphertext",
    "check_claim",
    "check_deck",
    "check_ed25519_key",
    "check_key",
    "check_open_body",
    "check_order",
    "check_point",
    "check_points",
    "check_random_value",
    "check_reencryption",
    "check_scalar",
    "check_seat_key",
    "check_shares",
    "check_shuffle",
    "check_x25519_key",
    "deck_wire",
    "decrypt",
    "each_card_in",
    "encrypt",
    "generator",
    "holds_a_pair",
    "initial_deck",
    "joint_key",
    "key_commitment",
    "key_plaintext",
    "lot_deck",
    "lot_outcome",
    "lot_point",
    "make_shares",
    "open_body",
    "open_key_shares",
    "order_commitment",
    "own_decrypt",
    "partial_decrypt",
    "pass1_commitment",
    "prove_claim",
    "prove_shuffle",
    "randbelow",
    "random_commitment",
    "random_permutation",
    "random_result",
    "random_value",
    "reencrypt",
    "reencrypt_proven",
    "seal_key_shares",
    "shuffle",
    "shuffle_proven",
    "some_card_in",
    "unlock",
    "verify_deck",
    "x25519_keypair",
    "x25519_public_key",
]
