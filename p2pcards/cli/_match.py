"""Matches: many games of bots with the local dealer, optionally on every core.

Game ``i`` of a match gets its own seed, drawn from ``random.Random(seed)`` in order
(:func:`game_seeds`), and is played start to end by one worker: so the records (and
every figure computed from them) are identical for a given seed whatever the number of
worker processes.  Workers are standard-library processes
(:class:`concurrent.futures.ProcessPoolExecutor`); ``jobs=1`` plays in this process.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from p2pcards.games import LocalDealer, Move, Player, View, load_game
from p2pcards.games._levels import resolve_bot


@dataclass(frozen=True)
class MatchSpec:
    """What to play: ``game`` (registry name), ``seats``, ``options`` and one bot spec per
    seat (see :func:`p2pcards.games.resolve_bot`).  ``rotate``: game ``i`` seats bot
    ``bots[(s - i) % seats]`` at seat ``s``, so every bot plays every seat equally often."""

    game: str
    seats: int
    options: Mapping[str, Any]
    bots: tuple[str, ...]
    rotate: bool = False

    def seating(self, index: int) -> tuple[str, ...]:
        """The bot spec at each seat in game ``index``."""
        if not self.rotate:
            return self.bots
        n = self.seats
        return tuple(self.bots[(s - index) % n] for s in range(n))


@dataclass(frozen=True)
class GameRecord:
    """One game's outcome: ``bots`` per seat, ``winners``/``losers`` (seats), ``scores``
    per seat (None if the game has none), ``moves`` (decisions), ``hands`` (deals),
    ``think`` per seat (seconds per decision, only when timing was asked), ``think_cpu``
    the same decisions' CPU time of the thread (seconds: on a loaded machine the wall
    time counts the waits for a core); ``contracts``
    and ``made``: hands with a declarer and those whose bid was made (games whose score
    sheet rows have ``made``, i.e. Thousand; else 0)."""

    index: int
    seed: int
    bots: tuple[str, ...]
    winners: tuple[int, ...]
    losers: tuple[int, ...]
    scores: tuple[float, ...] | None
    moves: int
    hands: int
    think: tuple[tuple[float, ...], ...] = field(default=(), compare=False)
    think_cpu: tuple[tuple[float, ...], ...] = field(default=(), compare=False)
    contracts: int = 0
    made: int = 0


def game_seeds(seed: int, games: int) -> list[int]:
    """The per-game seeds of a match: 64-bit draws from ``random.Random(seed)``."""
    rng = random.Random(seed)
    return [rng.getrandbits(64) for _ in range(games)]


def default_jobs() -> int:
    """Worker processes by default: every core (``os.cpu_count()``, at least 1)."""
    return max(1, os.cpu_count() or 1)


_GAMES: dict[tuple[Any, ...], Any] = {}


def play_game(spec: MatchSpec, index: int, seed: int, timing: bool = False) -> GameRecord:
    """Play game ``index`` of ``spec`` with the local dealer seeded by ``seed``."""
    key = (spec.game, spec.seats, tuple(sorted(spec.options.items())))
    game = _GAMES.get(key)
    if game is None:
        game = _GAMES[key] = load_game(spec.game, spec.seats, **dict(spec.options))
    seating = spec.seating(index)
    players: list[Player] = [resolve_bot(game.info, b) for b in seating]
    think: list[list[float]] = [[] for _ in players]
    cpu: list[list[float]] = [[] for _ in players]
    if timing:
        players = [_timed(p, think[s], cpu[s]) for s, p in enumerate(players)]
    state = game.new_state()
    dealer = LocalDealer(state, rng=random.Random(seed))
    result = dealer.run(players)
    scores = result.get("scores")
    rows = [r for r in getattr(state, "sheet", ()) if hasattr(r, "made")]
    return GameRecord(
        index=index,
        seed=seed,
        bots=seating,
        winners=tuple(result["winners"]),
        losers=tuple(result["losers"]),
        scores=None if scores is None else tuple(float(x) for x in scores),
        moves=sum(isinstance(e, Move) for e in dealer.events),
        hands=len(dealer.hand_events),
        think=tuple(tuple(t) for t in think) if timing else (),
        think_cpu=tuple(tuple(t) for t in cpu) if timing else (),
        contracts=len(rows),
        made=sum(bool(r.made) for r in rows),
    )


def _timed(player: Player, out: list[float], cpu: list[float]) -> Player:
    def timed(view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        t0, c0 = time.perf_counter(), time.thread_time()
        move = player(view, legal, rng)
        out.append(time.perf_counter() - t0)
        cpu.append(time.thread_time() - c0)
        return move

    return timed


def _play_batch(
    spec: MatchSpec, batch: Sequence[tuple[int, int]], timing: bool
) -> list[GameRecord]:
    return [play_game(spec, i, s, timing) for i, s in batch]


def run_match(
    spec: MatchSpec,
    games: int,
    seed: int,
    jobs: int = 1,
    *,
    timing: bool = False,
    progress: Callable[[int], None] | None = None,
) -> list[GameRecord]:
    """Play ``games`` games of ``spec`` on ``jobs`` processes; returns the records in
    game order.  ``progress(k)`` is called as ``k`` more games finish.  Raises
    ValueError when ``games`` or ``jobs`` is below 1; a bot or engine error in a worker
    is raised here."""
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, got {jobs}")
    work = list(enumerate(game_seeds(seed, games)))
    if jobs == 1 or games == 1:
        out = []
        for i, s in work:
            out.append(play_game(spec, i, s, timing))
            if progress is not None:
                progress(1)
        return out
    # Small batches keep the progress bar moving and the cores evenly loaded.
    size = max(1, min(16, games // (jobs * 8)))
    batches = [work[k : k + size] for k in range(0, games, size)]
    records: list[GameRecord] = []
    with ProcessPoolExecutor(max_workers=min(jobs, len(batches))) as pool:
        futures = [pool.submit(_play_batch, spec, b, timing) for b in batches]
        for f in as_completed(futures):
            got = f.result()
            records.extend(got)
            if progress is not None:
                progress(len(got))
    records.sort(key=lambda r: r.index)
    return records
