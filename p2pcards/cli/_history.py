"""Hand history lines with every card visible (simulate --show, replay)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from p2pcards.cards import Card
from p2pcards.cli._i18n import tr
from p2pcards.games import Event, GameState, Move, Opened, Revealed, Shuffled, Taken


def seat_name(names: Sequence[str], seat: int, lang: str = "en") -> str:
    """``names[seat]`` or "seat N" / "место N"."""
    if 0 <= seat < len(names):
        return names[seat]
    return tr(lang, f"seat {seat}", f"место {seat}")


def history_line(
    state: GameState,
    event: Event,
    cards: Mapping[int, Card],
    lang: str,
    names: Sequence[str] = (),
) -> str | None:
    """One line describing ``event`` (call BEFORE applying it to ``state``), showing
    hidden cards from ``cards`` (position -> card); None for events not worth a line."""
    if isinstance(event, Move):
        text = state.describe_event(event, lang)
        for s in sorted(range(state.seats) if names else (), reverse=True):
            text = text.replace(f"seat {s}", seat_name(names, s))
            text = text.replace(f"места {s}", seat_name(names, s))
            text = text.replace(f"место {s}", seat_name(names, s))
        return text

    def show(ps: Sequence[int]) -> str:
        return " ".join(cards[p].symbol if p in cards else "??" for p in ps)

    if isinstance(event, Shuffled):
        return (
            tr(
                lang,
                f"— hand {event.hand + 1}: the deck is shuffled —",
                f"— раздача {event.hand + 1}: колода перемешана —",
            )
            if event.first == 0
            else None
        )
    if isinstance(event, Revealed):
        who = seat_name(names, event.to, lang)
        return tr(
            lang,
            f"  {who} gets {show(event.positions)}",
            f"  {who} получает {show(event.positions)}",
        )
    if isinstance(event, Opened):
        return tr(lang, "  opened: ", "  открыто: ") + " ".join(c.symbol for c in event.cards)
    if isinstance(event, Taken):
        return tr(
            lang, f"  (the card is {show([event.position])})", f"  (это {show([event.position])})"
        )
    return None
