"""Shared drivers: play many games through the in-memory mental-poker table
(``tests/table/harness.py``) and tally what every honest game must show.  Used by the
test suite (a few games) and by ``scripts/bench honest`` (many)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from tests.table.harness import Harness

HONEST_SIZES_200 = [2] * 90 + [3] * 60 + [4] * 30 + [5] * 8 + [6] * 5 + [7] * 4 + [8] * 3
"""200 games over 2..8 seats, small tables dominating (``scripts/bench honest``)."""
HONEST_SIZES_LARGE = [5, 8]
"""2 games, the smallest and largest of the sizes tests/table/test_table.py does not play
one by one (2-4); `scripts/bench honest` plays 5-8 and more."""


@dataclass
class HonestTally:
    """What honest games showed: ``games`` played, ``accusations`` (CheatDetected by any
    seat), games whose logs were not byte-identical (``logs_differ``), games with a seat
    that did not verify every hand (``unverified``) or with no result (``unfinished``);
    ``problems`` lists ``(game index, seats, what)``."""

    games: int = 0
    accusations: int = 0
    logs_differ: int = 0
    unverified: int = 0
    unfinished: int = 0
    problems: list[tuple[int, int, str]] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        """True when every game was as an honest game must be."""
        return not self.problems


def play_honest(
    game: str, seats: int, seed: int, duplicate: float = 0.05
) -> tuple[Harness, list[str]]:
    """Play one honest game; returns the harness and what was wrong with it (empty when
    nothing: byte-identical logs, no accusation, every hand verified, a result)."""
    h = Harness(game, seats, seed=seed, duplicate=duplicate)
    h.run(max_steps=2_000_000)
    wrong = []
    logs = h.logs()
    if any(log != logs[0] for log in logs):
        wrong.append("logs differ")
    for s in range(seats):
        if h.cheats(s):
            wrong.append(f"seat {s} accused: {h.cheats(s)[0]}")
    hands = h.tables[0].hand
    if any(t.verified != list(range(1, hands + 1)) for t in h.tables):
        wrong.append("a hand not verified")
    if h.tables[0].result is None:
        wrong.append("no result")
    return h, wrong


def honest_games(
    sizes: Sequence[int], *, game: str = "akulina", seed: int = 1000, duplicate: float = 0.05
) -> Iterator[tuple[int, int, Harness, list[str]]]:
    """Play one honest game per entry of ``sizes`` (its seat count), seeds ``seed + i``;
    yields ``(i, seats, harness, wrong)`` as each ends."""
    for i, n in enumerate(sizes):
        h, wrong = play_honest(game, n, seed + i, duplicate)
        yield i, n, h, wrong


def tally(sizes: Sequence[int], **kw: object) -> HonestTally:
    """Play :func:`honest_games` and count what went wrong."""
    t = HonestTally()
    for i, n, h, wrong in honest_games(sizes, **kw):  # type: ignore[arg-type]
        t.games += 1
        t.accusations += sum(len(h.cheats(s)) for s in range(n))
        t.logs_differ += "logs differ" in wrong
        t.unverified += "a hand not verified" in wrong
        t.unfinished += "no result" in wrong
        t.problems.extend((i, n, w) for w in wrong)
    return t
