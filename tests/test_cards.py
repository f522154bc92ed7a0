from p2pcards.cards import Card, Rank, Suit, deck, parse_card, parse_cards


def test_symbols_and_names() -> None:
    q = Card(Rank.QUEEN, Suit.SPADES)
    assert q.symbol == "Q♠"
    assert Card(Rank.TEN, Suit.HEARTS).symbol == "10♥"
    assert q.name("ru") == "дама пик"
    assert q.name("en") == "queen of spades"
    assert Card(Rank.ACE, Suit.DIAMONDS).name("ru") == "туз бубен"


def test_deck_sizes() -> None:
    assert [len(deck(n)) for n in (24, 32, 36, 52)] == [24, 32, 36, 52]
    assert min(c.rank for c in deck(24)) == Rank.NINE
    assert len(set(deck(52))) == 52


def test_parse_and_code_roundtrip() -> None:
    assert parse_card("QS") == parse_card("Q♠") == Card(Rank.QUEEN, Suit.SPADES)
    assert parse_cards("10h, 7d") == [Card(Rank.TEN, Suit.HEARTS), Card(Rank.SEVEN, Suit.DIAMONDS)]
    for c in deck(52):
        assert Card.from_code(c.code) == c
