"""Mental poker without a trusted dealer, every step proven when it is made (pure,
sans-I/O).  protocol/mental_poker_v2.md is normative; docs/mental_poker.md is the guide;
protocol/table.md says which table entry carries which body.

ElGamal over Ristretto255 (:mod:`._ristretto`): :class:`ProofContext` binds every proof
to the table, hand, seat and step; :class:`SeatKey` / :func:`check_seat_key` (Schnorr
proof of knowledge, RFC 8235), :func:`joint_key`; :func:`initial_deck`,
:func:`shuffle_proven` / :func:`check_shuffle` (Terelius–Wikström);
:func:`make_shares` / :func:`check_shares` (batched Chaum–Pedersen),
:func:`partial_decrypt`, :func:`own_decrypt`, :func:`decrypt`; :func:`reencrypt_proven` /
:func:`check_reencryption`; claims (:func:`prove_claim` / :func:`check_claim` over
:func:`each_card_in`, :func:`some_card_in`, :func:`holds_a_pair`); lots
(:func:`lot_deck`, :func:`lot_outcome`); :func:`check_ed25519_key` /
:func:`check_x25519_key` for long-term keys.  Randomness comes in as
``random_bytes(n)``.  Every error is a :class:`MentalPokerError` naming the seat to
blame, the step and the position.
"""

from p2pcards.mental_poker._claims import (
    AllOf,
    AnyOf,
    Leaf,
    Node,
    NotCard,
    check_claim,
    each_card_in,
    holds_a_pair,
    no_card_in,
    prove_claim,
    some_card_in,
)
from p2pcards.mental_poker._domain import (
    MENTAL_POKER_VERSION,
    ProofContext,
    card_point,
    generator,
    lot_point,
)
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
    GroupError,
    InvalidPoint,
    InvalidProof,
    InvalidPublicKey,
    InvalidScalar,
    MalformedMessage,
    MentalPokerError,
    WrongDecryptionShare,
)
from p2pcards.mental_poker._lots import lot_deck, lot_outcome
from p2pcards.mental_poker._public_keys import check_ed25519_key, check_x25519_key
from p2pcards.mental_poker._reencryption import check_reencryption, reencrypt_proven
from p2pcards.mental_poker._ristretto import L, RandomBytes, check_point, check_points, check_scalar
from p2pcards.mental_poker._sealing import x25519_keypair, x25519_public_key
from p2pcards.mental_poker._seat_key import SeatKey, check_seat_key
from p2pcards.mental_poker._shares import (
    check_shares,
    make_shares,
    own_decrypt,
    partial_decrypt,
)
from p2pcards.mental_poker._shuffle_proof import (
    ShuffleWitness,
    check_shuffle,
    prove_shuffle,
    shuffle,
    shuffle_proven,
)

__all__ = [
    "MENTAL_POKER_VERSION",
    "AllOf",
    "AnyOf",
    "BadClaimProof",
    "BadKeyProof",
    "BadReencryptionProof",
    "BadShuffleProof",
    "Ciphertext",
    "GroupError",
    "InvalidPoint",
    "InvalidProof",
    "InvalidPublicKey",
    "InvalidScalar",
    "L",
    "Leaf",
    "MalformedMessage",
    "MentalPokerError",
    "Node",
    "NotCard",
    "ProofContext",
    "RandomBytes",
    "SeatKey",
    "ShuffleWitness",
    "WrongDecryptionShare",
    "card_point",
    "check_ciphertext",
    "check_claim",
    "check_deck",
    "check_ed25519_key",
    "check_point",
    "check_points",
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
    "lot_deck",
    "lot_outcome",
    "lot_point",
    "make_shares",
    "no_card_in",
    "own_decrypt",
    "partial_decrypt",
    "prove_claim",
    "prove_shuffle",
    "randbelow",
    "random_permutation",
    "reencrypt",
    "reencrypt_proven",
    "shuffle",
    "shuffle_proven",
    "some_card_in",
    "x25519_keypair",
    "x25519_public_key",
]
