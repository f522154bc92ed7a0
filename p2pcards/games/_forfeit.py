"""Forfeits: what a hand's result is when a seat stalls and the others vote it out.

With three or more seats, a seat that the table waits for longer than the table's
``stall_limit`` (seconds) forfeits the hand, decided by the other seats' signed votes
(``protocol/table.md`` §3, stalls).  Each game's forfeit rule (its ``forfeit`` option,
``docs/rules/<game>.md``, "Stalls and forfeits") says who loses and what the score sheet
gets; the game ends with that result (the table deals no further hand without the seat).
With two seats there is no forfeit: the hand ends with no result, naming the seat.  A seat
that had left the table before the vote round (it did not vote) forfeits with the stalled
seat, each treated by the rule as the stalled seat is.

The rules texts say nothing of a player who walks away; the default, ``lose``, is what
Russian home tables do ("ушёл из-за стола — проиграл"): the one who left loses the game and
takes the worst line of the score sheet for the hand.  ``void`` writes nothing for the hand
and still names the seat as the game's only loser.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from p2pcards.games._state import GameState, Option

STALL_LIMIT = 120
"""The default ``stall_limit``: seconds the table waits for one seat before voting."""

FORFEIT_CHOICES = ("lose", "void")


def table_options() -> tuple[Option, ...]:
    """The options every game has for the table around it: ``stall_limit`` (seconds
    awaited before the other seats vote) and ``forfeit`` (the forfeit rule: ``lose`` or
    ``void``, see this module).  Both are in the genesis, so every seat applies the
    same ones."""
    return (
        Option(
            "stall_limit",
            STALL_LIMIT,
            "seconds the table waits for a seat before the others vote to end the hand "
            "without it (3+ seats: it forfeits; 2 seats: no result)",
            "Stalls and forfeits (docs/rules)",
            low=1,
            high=86_400,
            help_ru="сколько секунд стол ждёт игрока, прежде чем остальные голосуют "
            "закончить раздачу без него (3 и больше мест: ему поражение; 2 места: без итога)",
        ),
        Option(
            "forfeit",
            "lose",
            "a stalled or departed seat (3+ seats): lose = it loses the game and takes the "
            "forfeit line on the sheet; void = nothing written for the hand, it still loses",
            "Stalls and forfeits (docs/rules)",
            choices=FORFEIT_CHOICES,
            help_ru="игрок, который завис или ушёл (от 3 мест), проигрывает партию: 'lose' — "
            "ему пишется штрафная строка, 'void' — за раздачу ничего не пишется",
        ),
    )


def forfeit_result(
    before: GameState, now: GameState, seat: int, also: tuple[int, ...] = ()
) -> dict[str, Any]:
    """The game's result after ``seat`` forfeits the current hand.

    ``before``: the engine as the hand began (its score sheet); ``now``: the engine at
    the stall (for what was already declared, e.g. Thousand's contract).  ``also``: the
    other seats that forfeit with it, those that had left the table before the vote
    round and so did not vote in it (``protocol/table.md`` §3 rule 4; each is treated as
    ``seat`` is, ``docs/rules/<game>.md`` "Stalls and forfeits").  Returns the game's
    usual result (see its ``result()``) with ``losers`` the forfeiting seats (``seat``
    first), ``winners`` the other seats (Sunduchki: those of them with the most chests)
    and ``forfeit``: ``{"seat", "hand" (0-based engine hand), "rule" ("lose" or
    "void"), "penalty"}`` (of ``seat``), with ``"also"`` and ``"penalties"`` (of each of
    ``also``) when others forfeit too.
    """
    rule = str(now.options.get("forfeit", "lose"))
    res = dict(before.result())  # type: ignore[attr-defined]  # every engine has one
    out = [seat, *sorted(set(also) - {seat})]
    penalties: list[Any] = []
    for i, s in enumerate(out):
        penalty: Any = 0
        if rule == "lose":
            penalty = _PENALTY.get(now.game.name, _no_penalty)(before, now, s, res, i == 0)
        penalties.append(penalty)
    others = [s for s in range(now.seats) if s not in out]
    res["losers"] = out
    res["winners"] = others
    if now.game.name == "sunduchki" and others:
        best = max(res["chests"][s] for s in others)
        res["winners"] = [s for s in others if res["chests"][s] == best]
        res["losers"] = [s for s in range(now.seats) if s not in res["winners"]]
    res["forfeit"] = {"seat": seat, "hand": now.hand_no, "rule": rule, "penalty": penalties[0]}
    if len(out) > 1:
        res["forfeit"] |= {"also": out[1:], "penalties": penalties[1:]}
    return res


def _no_penalty(
    before: GameState, now: GameState, seat: int, res: dict[str, Any], first: bool
) -> Any:
    return 0


def _akulina(before: GameState, now: GameState, seat: int, res: dict[str, Any], first: bool) -> Any:
    """Akulina: the stalled seat is the hand's loser (one loss written; a seat that left
    before the vote gets one loss too, the hand counted once)."""
    losses = list(res["losses"])
    losses[seat] += 1
    res["losses"] = losses
    if first:
        res["loser"] = seat
        res["hands"] = res["hands"] + 1
    return 1


THOUSAND_PENALTY = 120


def _thousand(
    before: GameState, now: GameState, seat: int, res: dict[str, Any], first: bool
) -> Any:
    """Thousand: minus 120 (the rules' penalty for a barrel or three bolts), or minus
    the contract when the stalled seat is the declarer of a higher one this hand."""
    penalty = THOUSAND_PENALTY
    unwritten = len(getattr(now, "sheet", ())) == len(getattr(before, "sheet", ()))
    if unwritten and getattr(now, "declarer", None) == seat:  # the hand is not scored yet
        penalty = max(penalty, int(getattr(now, "bid", 0)))
    scores = list(res["scores"])
    scores[seat] -= penalty
    res["scores"] = scores
    return -penalty


STO_ODNO_OVER = 102


def _sto_odno(
    before: GameState, now: GameState, seat: int, res: dict[str, Any], first: bool
) -> Any:
    """101: the stalled seat's total is written as 102 (over 101: it loses the series),
    or kept when already higher."""
    scores = list(res["scores"])
    added = max(0, STO_ODNO_OVER - scores[seat])
    scores[seat] += added
    res["scores"] = scores
    return added


_PENALTY: dict[str, Callable[[GameState, GameState, int, dict[str, Any], bool], Any]] = {
    "akulina": _akulina,
    "thousand": _thousand,
    "101": _sto_odno,
}
"""Game name -> what the ``lose`` rule writes on the sheet (Sunduchki: nothing; the
chests stand and the stalled seat is the loser)."""
