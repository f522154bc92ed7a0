"""``scripts/bench engine [--game G] [--seats N] [--seconds S]``: rules-engine speed with
the local dealer in one process (bots "basic").  Emits hands/s, moves/s (decisions) and
events/s (decisions plus dealer events), median over 5 runs.  Rates are per second of
this process's CPU time (``time.process_time``), so other work on the machine slows the
run but does not lower the figure much; the moves include the basic bots' decisions."""

from __future__ import annotations

import argparse
import random
import time

from _util import emit

from p2pcards.games import LocalDealer, Move, game_info, load_game


def run_once(game_name: str, seats: int, seconds: float, seed: int) -> tuple[float, float, float]:
    game = load_game(game_name, seats=seats)
    bot = game_info(game_name).bots["basic"]
    players = [bot] * seats
    rng = random.Random(seed)
    hands = moves = events = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        dealer = LocalDealer(game.new_state(), rng=random.Random(rng.getrandbits(64)))
        dealer.run(players)
        hands += len(dealer.hand_events)
        moves += sum(isinstance(e, Move) for e in dealer.events)
        events += len(dealer.events)
    dt = time.process_time() - t0
    return hands / dt, moves / dt, events / dt


def main(argv: list[str]) -> None:
    p = argparse.ArgumentParser(prog="scripts/bench engine")
    p.add_argument("--game", default="akulina")
    p.add_argument("--seats", type=int, default=4)
    p.add_argument("--seconds", type=float, default=1.0, help="length of one run")
    p.add_argument("--runs", type=int, default=5)
    a = p.parse_args(argv)
    results = [run_once(a.game, a.seats, a.seconds, i) for i in range(a.runs)]
    for i, unit in enumerate(("hands/s", "moves/s", "events/s")):
        emit("engine", unit, [r[i] for r in results], game=a.game, seats=a.seats)
