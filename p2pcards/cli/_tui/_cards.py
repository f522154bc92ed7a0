"""Cards as rich text: red hearts and diamonds, face-down backs, groups of cards."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text

from p2pcards.cards import Card, Suit
from p2pcards.ui._cardnames import card_symbol, cards_symbols

RED = "bold red"
BLACK = "bold"
BACK = "🂠"


def suit_style(suit: Suit) -> str:
    """The rich style of a suit: red for hearts and diamonds, bold for the black suits."""
    return RED if suit.is_red else BLACK


def card_text(card: Card, lang: str = "en") -> Text:
    """One card as styled text, e.g. ``Q♥`` in red (``Д♥`` in Russian)."""
    return Text(card_symbol(card, lang), style=suit_style(card.suit))


def suit_text(suit: Suit) -> Text:
    """A suit symbol as styled text."""
    return Text(suit.symbol, style=suit_style(suit))


def cards_text(cards: Iterable[Card], sep: str = " ", lang: str = "en") -> Text:
    """Cards separated by ``sep``, each styled; empty text for no cards."""
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(sep)
        out.append_text(card_text(c, lang))
    return out


def grouped_text(cards: Iterable[Card], lang: str = "en") -> Text:
    """Cards in the given order, with a wider gap where the suit changes
    ("9♠ Q♠   K♥   A♣")."""
    out = Text()
    prev = None
    for i, c in enumerate(cards):
        if i:
            out.append("   " if c.suit != prev else " ")
        out.append_text(card_text(c, lang))
        prev = c.suit
    return out


def backs_text(n: int, numbered: bool = True) -> Text:
    """``n`` face-down cards, numbered from 1 when ``numbered`` ("[1] [2] [3]")."""
    if not numbered:
        return Text(" ".join(BACK for _ in range(n)), style="cyan")
    return Text(" ".join(f"[{i + 1}]" for i in range(n)), style="cyan")


def symbols(cards: Iterable[Card], lang: str = "en") -> str:
    """Cards as plain symbols, e.g. ``"K♥ K♠"`` / ``"К♥ К♠"`` (choice texts, history)."""
    return cards_symbols(cards, lang)
