"""One seat's screen as plain data for the browser (JSON): :func:`screen`.

The shape (every text already in the page's language)::

    {"rev", "game", "title", "lang", "seat", "labels": {...},
     "seats": [{"name", "count", "count_text", "you", "turn", "info": [str]}],
     "hand": [card], "moves": [{"id", "label", "cards": [code], "back": int|None,
                               "to": [seat]|None}],
     "centre": [{"title", "cards": [card], "who": [str], "backs": int, "text": str}],
     "turn": {"text", "seat", "waited", "warn"}, "history": [str], "sheet": table|None,
     "hand_over": {"sheet": table|None}|None, "result": [str]|None, "verdict": str,
     "can_again": bool, "lobby": bool,
     "alerts": [str], "over": bool, "left": bool, "leaving": bool, "left_text": str,
     "log": table id|None, "code": str}

``turn.warn``: on this seat's turn, ``{"in": seconds, "text": str}``: the stall warning
("осталось 30 с, чтобы сходить: …") the page adds to the turn line ``in`` seconds from
now (the terminal's moment: :meth:`~p2pcards.peer.SeatController.warning_in`), else
None.  ``alerts`` name each seat that left the table (never as a lost connection) and each
seat whose connection dropped; ``leaving``: this seat's leave is on its way;
``left``: it is done, and ``left_text`` says what it did.  ``over``: the game is over
for this seat (a result, or a hand ended without one: a seat left or stopped).

``card`` is ``{"c": code, "r": "Q", "s": suit 0..3}``; ``table`` is
``{"title", "head": [str], "rows": [[str]]}``.  A move's ``cards`` are the codes of the
viewer's cards it uses (click one to play it); ``back`` the index of a face-down card
to pick (Akulina); moves with neither are buttons.  ``to``: the seat each of ``cards``
goes to (Thousand's passing of two cards: click a card, then the seat); when every move
uses two cards and none has ``to`` (Thousand for two: the discard), the player
clicks the two cards.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import Any

from p2pcards.cards import Card
from p2pcards.games import Move, View
from p2pcards.ui import Names, Texts, forfeited_view, plays_rounds, stall_warning_line
from p2pcards.ui import presenter as ui_presenter
from p2pcards.web._present import presenter
from p2pcards.web._seat import HistoryItem, Snapshot
from p2pcards.web._texts import labels, waiting_text

HISTORY_LINES = 12


def card(c: Card) -> dict[str, Any]:
    """A card as plain data: code, rank symbol, suit index."""
    return {"c": c.code, "r": c.rank.symbol, "s": int(c.suit)}


T = Texts
"""The texts of the screen's language: ``t("msgid {x}", x=...)`` (the catalog)."""


class GameScreen:
    """The per-game parts of a screen; one subclass per game in ``p2pcards.web.games``.
    ``ui`` is the game's presenter in the screen's language."""

    def __init__(self, ui: Any) -> None:
        self.ui = ui
        self.game = ""
        """The game's name (set by :func:`game_screen`)."""

    def seat_info(self, view: View, seat: int, t: T, names: Sequence[str]) -> list[str]:
        """Short lines under a seat's name (score, bid, "out")."""
        return []

    def centre(self, view: View, t: T, names: Sequence[str]) -> list[dict[str, Any]]:
        """The middle of the table: piles of cards and short texts."""
        return []

    def sheet(self, view: View, t: T, names: Sequence[str]) -> dict[str, Any] | None:
        """The score sheet, or None when the game has none yet."""
        return None

    def final_sheet(
        self, view: View, t: T, names: Sequence[str], result: Mapping[str, Any] | None
    ) -> dict[str, Any] | None:
        """The score sheet beside the game's ``result``: :meth:`sheet`, and in Thousand
        the row of a hand forfeited (the game's own sheet has none)."""
        return self.sheet(view, t, names)

    def move_cards(self, move: Move, view: View) -> tuple[list[int], int | None]:
        """The codes of the viewer's cards ``move`` uses, and a face-down index to pick."""
        hand = dict(view.hand)
        pos: list[int] = []
        p = getattr(move, "position", None)
        if isinstance(p, int):
            pos.append(p)
        ps = getattr(move, "positions", None)
        if isinstance(ps, tuple):
            pos.extend(x for x in ps if isinstance(x, int))
        return [hand[x].code for x in pos if x in hand], None

    def move_targets(self, move: Move, view: View) -> list[int] | None:
        """For a move that hands the viewer's cards to other seats: the seat each card
        of :meth:`move_cards` goes to, in the same order (the page lets the player click
        a card, then the seat); None for any other move."""
        return None

    def history(
        self, view: View, items: Sequence[HistoryItem], t: T, names: Sequence[str], ui: Any
    ) -> list[str]:
        """Recent events as lines, oldest first.  The public facts that are no move
        (:meth:`p2pcards.ui.Presenter.facts`: Thousand's obligatory first bid, 101's
        penalty drawn and missed turn) come as on the terminal: each move's facts from the
        state it was made in, before its line, and those of ``view`` (now) last, each once
        (by a presenter of this screen's own: ``ui`` is shared, and says a fact once)."""
        lines: list[str] = []
        said = ui_presenter(self.game, t.lang, ui.p.options)
        for it in items:
            if it.move is not None and it.before is not None:
                lines.extend(said.facts(it.before, names))
                line = ui.history_line(it.move, it.before, names)
                if line:
                    lines.append(line)
            elif it.fact is not None:
                args = {k: t.cards(v) if isinstance(v, tuple) else v for k, v in it.args}
                lines.append(t(it.fact, **args))  # (a tuple: cards, in the page's letters)
            elif it.cheat is not None:
                c = it.cheat
                who = names[c.seat] if c.seat is not None else "?"
                what = ui_presenter(self.game, t.lang).cheat_text(c, Names(tuple(names)))
                lines.append(t("cheat: {who}: {what}", who=who, what=what))
            elif it.started:  # (the terminal's line: "— hand 2 —", 101 "— round 2 —")
                lines.append(f"— {ui.hand_no_text(it.started)} —")
            elif it.received:
                got = t.cards(Card.from_code(c) for c in it.received)
                lines.append(t("You receive {cards}", cards=got))
        lines.extend(said.facts(view, names))
        return lines


_GAMES = {
    "akulina": "akulina",
    "thousand": "thousand",
    "101": "sto_odno",
    "sunduchki": "sunduchki",
}


def game_screen(game: str, ui: Any) -> GameScreen:
    """The :class:`GameScreen` of a registered game with its presenter ``ui``; ValueError
    for an unknown game."""
    mod = _GAMES.get(game)
    if mod is None:
        raise ValueError(f"no web page for the game {game!r}")
    cls: type[GameScreen] = importlib.import_module(f"p2pcards.web.games.{mod}").Screen
    gs = cls(ui)
    gs.game = game
    return gs


def seat_label(t: T, name: str, you: bool) -> str:
    """The name over a seat: "Anna (you)" for the viewer's seat, but "You" / "Вы" alone
    when the viewer has no name of its own (``play --offline`` without ``--name``)."""
    if not you or name in (t("You"), "You", "Вы"):
        return name
    return t("{name} (you)", name=name)


def screen(snap: Snapshot, lang: str, now: float) -> dict[str, Any]:
    """The screen of ``snap`` in ``lang`` at trio time ``now`` (for the wait timer)."""
    game = snap.game
    ui = presenter(game.name, lang, game.options)
    gs = game_screen(game.name, ui)

    t = Texts(lang)

    names = list(snap.names)
    view = forfeited_view(snap.view, snap.result)
    turn_seat = snap.awaited
    seats: list[dict[str, Any]] = []
    for s in range(game.seats):
        count = view.counts[s] if s < len(view.counts) else 0
        seats.append(
            {
                "name": names[s],
                "label": seat_label(t, names[s], s == snap.seat),
                "count": count,
                "count_text": t.n("{n} card", "{n} cards", count),
                "you": s == snap.seat,
                "turn": s == turn_seat,
                "info": gs.seat_info(view, s, t, names),
            }
        )
    moves = []
    for i, m in enumerate(snap.legal):
        codes, back = gs.move_cards(m, view)
        moves.append(
            {
                "id": i,
                "label": ui.describe(m, view, names),
                "cards": codes,
                "back": back,
                "to": gs.move_targets(m, view),
            }
        )
    waited = None
    if snap.awaited_since is not None:
        waited = max(0.0, now - snap.awaited_since)
    turn_text = ""
    if snap.result is None and snap.hand_over is None:
        turn_text = ui.turn_text(view, names) if snap.awaited is not None else ""
        if snap.awaited is not None and not turn_text:
            turn_text = (
                t("Your turn")
                if snap.awaited == snap.seat
                else t("Waiting for {name}", name=names[snap.awaited])
            )
    reason = snap.extra.get("reason")
    if reason and reason != "move" and snap.result is None:
        seats_ = [names[x] for x in snap.extra.get("seats", ())] or ["?"]
        about = snap.extra.get("for_seat")
        turn_text = waiting_text(
            lang,
            t.join(seats_),
            reason,
            names[about] if about is not None else "",
            plays_rounds(game.name),
        )
    connected = snap.extra.get("connected")
    departed = set(snap.extra.get("departed", ())) - {snap.seat}
    alerts: list[str] = []
    for k in sorted(departed):  # a seat that left: gone, not a connection lost
        alerts.append(labels(lang)["seat_left"].format(name=names[k]))
        seats[k]["info"].insert(0, labels(lang)["seat_gone"])
    if connected and snap.result is None:
        for k, up in enumerate(connected):
            if not up and k != snap.seat and k not in departed:
                alerts.append(labels(lang)["peer_lost"].format(name=names[k]))
    if connected and snap.result is None:  # after the game the others go home
        for k, up in enumerate(connected):
            if not up and k != snap.seat and k not in departed:
                seats[k]["info"].insert(0, labels(lang)["disconnected"])
    history = gs.history(view, snap.history, t, names, ui)[-HISTORY_LINES:]
    hand_over = None
    if snap.hand_over is not None:
        hand_over = {"sheet": gs.sheet(snap.hand_over, t, names)}
    result = None
    if snap.result is not None:  # (a forfeit explained first, as on the terminal)
        forfeit = snap.result.get("forfeit")
        left = not isinstance(forfeit, Mapping) or forfeit.get("seat") in departed
        result = list(ui.final_lines(snap.result, names, left))
    warn = None
    warn_at = snap.extra.get("warn_at")
    lost = connected and any(
        not up and k != snap.seat and k not in departed for k, up in enumerate(connected)
    )  # (the alerts say the connection lost: the warning would say what is not happening)
    if warn_at is not None and snap.result is None and snap.legal and not lost:
        warn = {
            "in": max(0.0, float(warn_at) - now),
            "text": stall_warning_line(
                t, float(snap.extra.get("warn_left", 0)), plays_rounds(game.name)
            ),
        }
    lab = labels(lang, game.name)  # (101 plays rounds: «раунд», not «раздача»)
    verdict = lab.get(snap.verdict, snap.verdict)
    if snap.cheat is not None:
        c = snap.cheat
        who = names[c.seat] if c.seat is not None else "?"
        why = ui_presenter(game.name, lang, game.options).cheat_text(c, Names(tuple(names)))
        verdict = f"✗ {who}: {why}"
    return {
        "rev": snap.rev,
        "game": game.name,
        "title": game.info.title["ru" if lang == "ru" else "en"],
        "lang": lang,
        "seat": snap.seat,
        "labels": lab,
        "seats": seats,
        "hand": [card(c) for _, c in view.hand],
        "moves": moves,
        "centre": gs.centre(view, t, names),
        "turn": {"text": turn_text, "seat": turn_seat, "waited": waited, "warn": warn},
        "history": history,
        "sheet": gs.final_sheet(view, t, names, snap.result),
        "hand_over": hand_over,
        "result": result,
        "verdict": verdict,
        "can_again": bool(snap.extra.get("again", True)),
        "lobby": bool(snap.extra.get("lobby", False)),
        "alerts": alerts,
        "over": snap.result is not None or bool(snap.extra.get("over", False)),
        "left": bool(snap.extra.get("left", False)),
        "leaving": bool(snap.extra.get("leaving", False)),
        "left_text": dict(snap.extra.get("left_text", {})).get(lang, lab["left"]),
        "log": snap.extra.get("log"),
        "code": snap.extra.get("code", ""),
    }
