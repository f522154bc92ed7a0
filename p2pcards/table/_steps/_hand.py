"""What a hand keeps across its steps: each position's ciphertext and the shares published
for it (protocol/table.md §2)."""

from __future__ import annotations

from dataclasses import dataclass, field

from p2pcards.cards import Card
from p2pcards.mental_poker import Ciphertext


@dataclass
class Slot:
    """One position of the hand.  ``ct``: its current ciphertext (changed by a
    re-encryption or a hand re-shuffle); ``shares``: seat -> its checked decryption share
    of ``ct``; ``owner``: the seat that holds the card hidden (it was revealed to it, or
    it re-shuffled its hand), None for a card in the stock; ``card``: the card once it is
    open to everyone."""

    ct: Ciphertext
    shares: dict[int, bytes] = field(default_factory=dict)
    owner: int | None = None
    card: Card | None = None

    def renew(self, ct: Ciphertext, owner: int | None) -> None:
        """A new ciphertext of the same card: no share of it is published yet."""
        self.ct = ct
        self.shares = {}
        self.owner = owner


@dataclass
class Deck:
    """One ``Shuffle`` of the hand: positions ``first .. first+len(cards)-1``; ``points``
    maps each card point of the deck's composition to its card."""

    first: int
    cards: tuple[Card, ...]
    points: dict[bytes, Card]
    current: list[Ciphertext]
    """The deck after the shuffles checked so far (the initial deck, then each seat's)."""
    dealing: bool = True
    """True until the first shares after its shuffle (the deal: every Reveal in a row)."""


@dataclass
class HandReshuffle:
    """One hand re-shuffle of the hand (Akulina's take), as checked at its entry.

    ``step``: the engine step it was made at; ``holder``: the seat that re-shuffled;
    ``positions``: its hand (sorted); ``deck_in``/``out``: the ciphertexts of those
    positions before and after (position ``positions[i]`` then holds ``out[i]``);
    ``label``: the step label of its entry (its shuffle witness is re-made from the
    holder's stream of that label); ``psi``: the permutation once the holder opened it at
    the end of the hand (``psi[i]``: the index in ``positions`` whose card
    ``positions[i]`` holds after it), None until then."""

    step: int
    holder: int
    positions: tuple[int, ...]
    deck_in: list[Ciphertext]
    out: list[Ciphertext]
    label: str
    psi: tuple[int, ...] | None = None
