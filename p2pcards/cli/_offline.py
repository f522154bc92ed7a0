"""Offline play: one human seat in the terminal against bots, with the local dealer in
one process (``p2pcards play --offline GAME``).  No network and no cryptography: the
quick way to play, and the test bed of the terminal UI."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from p2pcards.cli._i18n import error_text, tr, trn
from p2pcards.cli._tui import Quit, TerminalSeat
from p2pcards.games import (
    Decision,
    Finished,
    Game,
    LocalDealer,
    Move,
    OptionError,
    Player,
    Revealed,
    View,
)
from p2pcards.games._levels import resolve_bot
from p2pcards.ui import seat_names


def play_offline(
    game: Game[Any],
    tui: TerminalSeat,
    *,
    human: int,
    bots: Sequence[Player],
    names: Sequence[str],
    seed: int,
    pause_between_hands: bool = True,
    max_events: int = 1_000_000,
) -> Mapping[str, Any]:
    """Play ``game`` to the end: ``tui`` decides for seat ``human``, ``bots[seat]`` for
    the others (the entry at ``human`` is ignored); the local dealer is seeded with
    ``seed``.  Between hands the score sheet is shown (and, with
    ``pause_between_hands``, Enter awaited).  Returns the Finished result.

    Raises :class:`~p2pcards.cli._tui.Quit` when the player leaves, GameError if the
    game does not end within ``max_events`` events.
    """
    from p2pcards.games import GameError

    ui = tui.ui
    state = game.new_state()
    dealer = LocalDealer.seeded(state, seed)
    history: list[str] = []

    def human_view() -> View:
        view: View = state.view(human, dealer.knowledge[human])
        return view

    for _ in range(max_events):
        hand = state.hand_no
        before = human_view()
        ev = dealer.answer()
        if ev is None:
            need = state.need()
            if isinstance(need, Finished):
                break
            assert isinstance(need, Decision)
            seat = need.seat
            legal = state.legal_moves(seat, dealer.knowledge[seat])
            if not legal:
                raise GameError(f"seat {seat} must decide but has no legal move")
            view = state.view(seat, dealer.knowledge[seat])
            history.extend(ui.facts(before, names))
            move: Move
            if seat == human:
                tui.show(view, names, history)
                move = tui.choose_sync(view, legal, names)
            else:
                move = bots[seat](view, legal, dealer.player_rngs[seat])
            line = ui.history_line(move, before, names)
            if line:
                history.append(line)
            dealer.apply(move)
        elif isinstance(ev, Revealed) and ev.to == human and before.hand:
            got = [dealer.knowledge[human][p] for p in ev.positions]
            history.append(ui.p.t("You receive {cards}", cards=ui.p.t.cards(got)))
        if state.hand_no != hand and hand >= 0:
            after = human_view()
            history.extend(ui.facts(before, names))
            history.append(ui.p.hand_over_line(hand + 1))
            if not state.is_finished:
                sheet = ui.sheet(after, names)
                if sheet is not None:
                    tui.console.print(sheet)
                    if pause_between_hands:
                        try:
                            tui.read(ui.p.next_hand_prompt())
                        except (EOFError, KeyboardInterrupt):
                            raise Quit from None
    else:
        raise GameError(f"game did not finish within {max_events} events")
    need = state.need()
    assert isinstance(need, Finished)
    final = human_view()
    tui.show(final, names, history)
    sheet = ui.sheet(final, names)
    if sheet is not None:
        tui.console.print(sheet)
    for line in ui.result_lines(need.result, names):
        tui.say(line, style="bold")
    return need.result


def seat_error(lang: str, seat: int, seats: int) -> str:
    """The error for a ``--seat`` (counted from 1) that is not one of ``seats``."""
    return tr(
        lang, "p2pcards: --seat {seat} is not a seat of {seats} (1-{seats})", seat=seat, seats=seats
    )


def offline_main(args: Any, seed: int) -> int:
    """``p2pcards play --offline``: configure from ``args`` (game, seats, option, bots,
    seat, name, lang), play, print the result.  Returns 0, 130 when the player quit (as
    leaving a LAN table; README), 2 on a
    bad argument (message on stderr)."""
    import sys

    from p2pcards.cli._options import game_from_args

    lang = args.lang
    game = game_from_args(args)
    if not 0 <= args.seat < game.seats:
        print(
            seat_error(args.lang, args.seat + 1, game.seats),
            file=sys.stderr,
        )
        return 2
    specs = [s.strip() for s in args.bots.split(",") if s.strip()] or ["basic"]
    specs += [specs[-1]] * game.seats
    bots: list[Player] = []
    others = iter(specs)
    for s in range(game.seats):
        if s == args.seat:
            bots.append(game.info.bots["basic"])
            continue
        name = next(others)
        try:
            bots.append(resolve_bot(game.info, name))
        except OptionError as e:
            print(f"p2pcards: {error_text(args.lang, e)}", file=sys.stderr)
            return 2
    try:
        tui = TerminalSeat(game.name, lang, options=game.options)
    except ValueError as e:
        print(f"p2pcards: {e}", file=sys.stderr)
        return 2
    me = args.name or tui.ui.t("You")
    names = seat_names(game.seats, args.seat, me, lang)
    tui.say(
        trn(
            lang,
            "{title}, {n} seat, seed {seed}, you are seat {seat}",
            "{title}, {n} seats, seed {seed}, you are seat {seat}",
            game.seats,
            title=game.info.title[lang],
            seed=seed,
            seat=args.seat + 1,
        )
    )
    try:
        play_offline(game, tui, human=args.seat, bots=bots, names=names, seed=seed)
    except Quit:
        tui.say(tui.ui.t("You left the game."))
        return 130
    return 0
