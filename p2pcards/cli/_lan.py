"""Shared parts of the LAN commands (host, join, bot, list, play): arguments, finding a
table by name or address, the lobby progress, and the end-of-game report."""

from __future__ import annotations

import argparse
import ipaddress
import logging
import math
import os
import random
import shlex
import signal
import sys
import threading
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import trio

from p2pcards import net
from p2pcards._exceptions import leaves
from p2pcards.cli._i18n import N_, error_text, tr, trn
from p2pcards.cli._lanargs import add_lan_arguments as add_lan_arguments  # re-exported
from p2pcards.cli._results import format_result
from p2pcards.cli._warnings import TerminalFormatter, mdns_unavailable
from p2pcards.files import ENV_HOME, StorageError, check_writable, home
from p2pcards.identity import EmptyName, Identity, IdentityError, load_or_create_identity
from p2pcards.peer import (
    Departure,
    Ending,
    Lobby,
    LobbyError,
    LobbyUpdate,
    Notice,
    Session,
    Unfinished,
    address_text,
    drop_table,
    resume_table,
    run_bot,
    unfinished_tables,
)
from p2pcards.table import (
    CheatDetected,
    HandAbandoned,
    HandVerified,
    MoveMade,
    SeatLeft,
    VoteCast,
    Waiting,
)
from p2pcards.ui import (
    Names,
    Texts,
    abandoned_line,
    cheat_text,
    plays_rounds,
    presenter,
    table_event_line,
    value_label,
    waiting_line,
    waiting_reason,
)
from p2pcards.ui import lobby_error_text as ui_lobby_error_text

WHY_NOTHING_FOUND = N_(
    """\
No table found on the local network.  This may be because:
  - nobody is hosting yet (start one with: p2pcards host GAME; games: {games});
  - the Wi-Fi isolates clients from each other (common on guest and public networks);
  - a firewall blocks multicast DNS (UDP port 5353).
You can always join by address: p2pcards join HOST:PORT (the host prints it)."""
)
WHY_NOT_FOUND_TO_JOIN = N_(
    """\
No open table of that name on the local network.  This may be because:
  - its game has already started (a table is announced only until every seat is
    taken; by address, p2pcards join HOST:PORT says so for sure);
  - nobody is hosting it yet (start one with: p2pcards host GAME; games: {games});
  - the Wi-Fi isolates clients from each other (common on guest and public networks);
  - a firewall blocks multicast DNS (UDP port 5353)."""
)
"""(Both: ``{games}`` is :func:`not_found_games`; the game of a table not found is not
known, so the command names the placeholder, as the helps do: ``host GAME``, ``host ИГРА``.)"""


def not_found_games() -> str:
    """The ``{games}`` of :data:`WHY_NOTHING_FOUND` and :data:`WHY_NOT_FOUND_TO_JOIN`."""
    from p2pcards.games import game_names

    return ", ".join(game_names())


def identity_from_args(args: argparse.Namespace, *, for_play: bool = False) -> Identity:
    """Load (or create) the identity, honouring --home and --player-name; exits 2 with
    a clear message when the data directory is unusable.  ``for_play``: also check,
    before any game starts, that the table files can be written there (writable, not
    read-only, enough free space: :func:`~p2pcards.files.check_writable`)."""
    if getattr(args, "home", None):
        os.environ[ENV_HOME] = str(args.home)
    try:
        me = load_or_create_identity(getattr(args, "player_name", None))
        if for_play:
            check_writable(home() / "tables")
            log_to_file(home() / LOG_FILE)
    except EmptyName:
        print(
            tr(args.lang, "p2pcards: the player name is empty: choose one with --player-name NAME"),
            file=sys.stderr,
        )
        raise SystemExit(2) from None
    except (IdentityError, StorageError, ValueError) as e:
        print(f"p2pcards: {error_text(args.lang, e)}", file=sys.stderr)
        raise SystemExit(2) from None
    return me


LOG_FILE = "p2pcards.log"
"""The program's log in the data directory: what the network and the table noted (a peer
that went away, a refused connection, an entry refused), with the time."""


def log_to_file(path: Path) -> None:
    """Write this process's ``p2pcards`` log records of level INFO and up to ``path``
    (appended, with the time and the logger's name), and only warnings to stderr (in the
    player's language: :class:`~p2pcards.cli._warnings.TerminalFormatter`), as
    Python does without any handler (so a peer going away, logged at INFO, is kept but
    never shown on the player's terminal).  Once per process, and only for a process
    of its own (its stderr is the real one: not inside a test harness)."""
    root = logging.getLogger("p2pcards")
    if sys.stderr is not sys.__stderr__ or any(isinstance(h, logging.FileHandler)
                                               for h in root.handlers):  # fmt: skip
        return
    try:
        file = logging.FileHandler(path, encoding="utf-8")
    except OSError:
        return  # (the game goes on without its log)
    file.setLevel(logging.INFO)
    file.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    shown = logging.StreamHandler(sys.stderr)
    shown.setLevel(logging.WARNING)
    shown.setFormatter(TerminalFormatter())  # (in the player's language)
    root.addHandler(file)
    root.addHandler(shown)
    root.setLevel(logging.INFO)


_FATAL = (LobbyError, net.NetError, StorageError, OSError)


def _fatal_leaf(exc: BaseException) -> BaseException | None:
    """The first LobbyError/NetError/StorageError/OSError inside ``exc`` (which may be an
    exception group from trio's nurseries), StorageError first; None if there is none."""
    got = leaves(exc)
    for kind in (StorageError, *_FATAL):
        for leaf in got:
            if isinstance(leaf, kind):
                return leaf
    return None


class Departed(Exception):
    """The player left (q, Ctrl-C, Ctrl-D) at a point where what that means has its own
    words: ``text``, printed by :func:`run_lan` (one line or a few), and the exit status
    ``code`` (130)."""

    def __init__(self, code: int, text: str) -> None:
        super().__init__(text)
        self.code = code
        self.text = text


def run_lan(main: Callable[[argparse.Namespace], Awaitable[int]], args: argparse.Namespace) -> int:
    """``trio.run(main, args)``; a lobby, network or file error (even inside an exception
    group) is printed as one clear line and gives exit status 2; leaving (q, Ctrl-C,
    Ctrl-D) prints one line and gives 130 (:class:`Departed`: its own words)."""
    from p2pcards.cli._tui._seat import Quit

    CTRL_C.scope, CTRL_C.hit = None, False
    try:
        return trio.run(_with_ctrl_c, main, args)
    except Departed as d:
        print(d.text, flush=True)
        return d.code
    except (Quit, KeyboardInterrupt, EOFError) as e:
        return _left(args.lang, isinstance(e, KeyboardInterrupt))
    except (*_FATAL, BaseExceptionGroup) as e:  # type: ignore[misc]
        got = leaves(e)
        gone = [x for x in got if isinstance(x, Departed)]
        if gone:
            print(gone[0].text, flush=True)
            return gone[0].code
        if any(isinstance(x, Quit | KeyboardInterrupt | EOFError) for x in got):
            ctrl_c = any(isinstance(x, KeyboardInterrupt) for x in got)
            return _left(args.lang, ctrl_c)  # q, Ctrl-C or Ctrl-D inside a nursery
        exits = [x for x in got if isinstance(x, SystemExit)]
        if exits and len(exits) == len(got):
            code = exits[0].code
            return code if isinstance(code, int) else 1
        leaf = _fatal_leaf(e)
        if leaf is None:
            raise
        text = (
            lobby_error_text(leaf, args.lang)
            if isinstance(leaf, LobbyError)
            else error_text(args.lang, leaf)
        )
        print(f"p2pcards: {text}", file=sys.stderr)
        if isinstance(leaf, StorageError):
            print(
                tr(
                    args.lang,
                    "the game stopped here: nothing more was sent; your log and secrets up to this "
                    "point are on disk",
                ),
                file=sys.stderr,
            )
        return 2


class _CtrlC:
    """Where Ctrl-C goes (:func:`_with_ctrl_c`): ``scope``, the cancel scope of the game
    being played (:func:`play_to_end`; None outside a game), and ``hit``, whether
    Ctrl-C cancelled it."""

    scope: trio.CancelScope | None = None
    hit = False


CTRL_C = _CtrlC()


async def _with_ctrl_c(main: Callable[[argparse.Namespace], Awaitable[int]],
                       args: argparse.Namespace) -> int:  # fmt: skip
    """``main(args)`` with Ctrl-C (SIGINT) read by a task of its own: during a game it
    cancels the game (:attr:`CTRL_C`), so :func:`play_to_end` tells the others and says
    what the leave did; elsewhere it raises KeyboardInterrupt (one line, status 130).
    Without this, trio raised KeyboardInterrupt in whatever task ran at that moment (a
    bot's, the mesh's): the game then saw only a cancellation, sent no leave, and the
    player was told that no game had started."""
    if threading.current_thread() is not threading.main_thread():
        return await main(args)  # (signals are for the main thread only)
    with trio.open_signal_receiver(signal.SIGINT) as signals:
        async with trio.open_nursery() as nursery:

            async def watch() -> None:
                async for _ in signals:
                    if CTRL_C.scope is None or CTRL_C.hit:
                        raise KeyboardInterrupt
                    CTRL_C.hit = True
                    CTRL_C.scope.cancel()

            nursery.start_soon(watch)
            try:
                return await main(args)
            finally:
                nursery.cancel_scope.cancel()


def _left(lang: str, ctrl_c: bool = False) -> int:
    """The one line printed when the player leaves (q, Ctrl-C, Ctrl-D) before a game
    started (in the lobby, finding the table, a question): exit status 130.  Leaving a
    game has its own line (:func:`departed_text`, through :class:`Departed`).  After
    Ctrl-C it starts a line of its own (the terminal echoed "^C" where the cursor was:
    "^Cвы вышли…")."""
    print(("\n" if ctrl_c else "") + tr(lang, "You left; no game had started"), flush=True)
    return 130


def parse_address(text: str, lang: str) -> net.Address | None:
    """``host:port`` -> (host, port), or None when ``text`` is not an address.
    Exits 2 for a port outside 1..65535, for an address whose port is not a number
    (``127.0.0.1:notaport``: :func:`p2pcards.net.bad_port`, not a table's name) and for
    an IP address without a port (the host listens on a port of its own choosing,
    printed in its join lines), the message in ``lang``."""
    host, sep, port = text.rpartition(":")
    if not sep or not port.isdigit() or not host or net.is_ip(text.strip()):
        typo = net.bad_port(text)
        if typo is not None:
            why = tr(
                lang,
                "{address}: the port {value!r} is not a number from 1 to 65535: type "
                "HOST:PORT as the host prints it (e.g. p2pcards join {host}:40404)",
                address=text.strip(),
                value=typo[1],
                host=typo[0],
            )
            print(f"p2pcards: {why}", file=sys.stderr)
            raise SystemExit(2)
        bare = text.strip()
        if bare.endswith(":") and not any(c.isspace() for c in bare):
            bare = bare[:-1]  # («127.0.0.1:» too; «Аня:» is a name)
        try:
            ipaddress.ip_address(bare.strip("[]"))
        except ValueError:
            return None
        why = tr(
            lang,
            "{address} is an address without its port: type HOST:PORT as the host prints "
            "it (e.g. p2pcards join {host}:40404)",
            address=bare,
            host=f"[{bare}]" if ":" in bare and not bare.startswith("[") else bare,
        )
        print(f"p2pcards: {why}", file=sys.stderr)
        raise SystemExit(2)
    if not net.is_port(port):
        why = tr(lang, "port {port} is not a port number (1-65535)", port=port)
        print(f"p2pcards: {why}", file=sys.stderr)
        raise SystemExit(2)
    return (host.strip("[]"), int(port))


async def find_table(
    target: str, interfaces: Sequence[str] | None, lang: str, timeout: float = 6.0
) -> tuple[net.Address, str | None]:
    """Resolve ``target`` (host:port, or a table name seen on mDNS) to an address and the
    host fingerprint mDNS advertised (None for a typed address).  A name matches a
    table's whole name, or else its first letters; once one matches, the others get
    :data:`SETTLE_SECONDS` to answer too.  Exits 1 when none matches, or when several
    do (tables of one name with different host keys: each is printed with its
    fingerprint and address, to join by address after asking the host)."""
    addr = parse_address(target, lang)
    if addr is not None:
        return addr, None
    print(tr(lang, "looking for table {target!r} on the LAN…", target=target))
    seen: list[net.TableAd] = []
    try:
        async with net.browse(interfaces=interfaces) as browser:
            deadline = trio.current_time() + timeout
            while trio.current_time() < deadline:
                seen = browser.tables()
                if _matching(seen, target):  # the others answer together: a moment more
                    deadline = min(deadline, trio.current_time() + SETTLE_SECONDS)
                elif seen:
                    deadline = min(deadline, trio.current_time() + 2.0)
                await trio.sleep(0.1)
            seen = browser.tables()
    except net.NetError as e:
        print(mdns_unavailable(e, lang), file=sys.stderr)
    found = _matching(seen, target)
    if len(found) == 1:
        return found[0].address, found[0].fingerprint
    if found:
        from p2pcards.cli.list_tables import table_lines

        names = sorted({t.name for t in found})
        if len(names) == 1:
            print(same_table_name_text(names[0], len(found), lang))
        else:
            print(tr(lang, "several tables match {target!r}:", target=target))
        for line in table_lines(found, lang, _known_players(), warn_same_name=False):
            print(line)
        print(tr(lang, "join one by its address: p2pcards join HOST:PORT"))
        raise SystemExit(1)
    if seen:
        print(
            tr(
                lang,
                "no table called {target!r}; tables seen: {names}",
                target=target,
                names=", ".join(Texts(lang).quoted(n) for n in sorted({t.name for t in seen})),
            )
        )
        print(tr(lang, "join one by its name (its first letters will do) or by HOST:PORT."))
        print(tr(lang, "(a table whose game has started is no longer announced.)"))
        raise SystemExit(1)
    print(tr(lang, "no table called {target!r} was found.", target=target))
    print(tr(lang, WHY_NOT_FOUND_TO_JOIN, games=not_found_games()))
    raise SystemExit(1)


SETTLE_SECONDS = 3.0
"""How long :func:`find_table` listens on once a table matches (another table answering
under the same name makes the name ambiguous).  3 s: with 1 s, and again with 2 s on a
loaded machine (a clean-clone run of the whole suite, session 10), only an impostor's
answer was heard and not the real table's, so the join refused the impostor instead of
listing both (tests/net/test_lobby_trust.py); a slow Wi-Fi is no faster."""


def _matching(tables: Sequence[net.TableAd], target: str) -> list[net.TableAd]:
    """The tables called ``target``; if none, those whose name starts with it."""
    exact = [t for t in tables if t.name == target]
    low = target.lower()
    return exact or [t for t in tables if t.name.lower().startswith(low)]


def _known_players() -> Any:
    """The known players, or None when their file is unreadable (finding still works)."""
    from p2pcards.peer import KnownPlayers

    try:
        return KnownPlayers()
    except StorageError:
        return None


def same_table_name_text(name: str, n: int, lang: str) -> str:
    """The warning when ``n`` tables with different host keys answer under one name:
    two hosts took it, or someone pretends to be the host."""
    return trn(
        lang,
        "WARNING: {n} table is called {name!r}, with different host keys: ask the host "
        "which fingerprint is theirs (someone may be pretending to be them)",
        "WARNING: {n} tables are called {name!r}, with different host keys: ask the host "
        "which fingerprint is theirs (someone may be pretending to be them)",
        n,
        name=name,
    )


def print_join_lines(lobby: Lobby, lang: str, *, mdns: bool) -> None:
    """The host's ready-to-type join commands: one ``p2pcards join IP:PORT`` line for
    every non-loopback address it listens on (``lobby.addresses``).  The one by the
    table's name follows once the table is announced (:func:`follow_lobby`: the name
    is known only then, ``NAME-2`` when another host has it).  ``mdns``: unused (kept
    for callers)."""
    addresses = lobby.addresses
    print(tr(lang, "others join with one of these commands:"))
    for a in addresses:
        line = f"  p2pcards join {address_text(a)}"
        if ipaddress.ip_address(a[0]).is_loopback:
            line += "   " + tr(lang, "(this machine only: no network address found)")
        print(line)
    sys.stdout.flush()


def print_name_line(update: LobbyUpdate, lang: str) -> None:
    """(host) The join command by the table's announced name, after a notice when the
    name asked for was taken by another host."""
    if update.renamed_from:
        print(
            tr(
                lang,
                "another table on this network is called {name!r}: yours is announced as "
                "{new_name!r}",
                name=update.renamed_from,
                new_name=update.table_name,
            )
        )
    by_name = f"  p2pcards join {shlex.quote(update.table_name)}"
    print(by_name + "   " + tr(lang, "(by the table's name, where multicast works)"), flush=True)


def lobby_error_text(e: LobbyError, lang: str) -> str:
    """A lobby error in ``lang`` (:func:`p2pcards.ui.lobby_error_text`, shared with the
    web page)."""
    return ui_lobby_error_text(e, Texts(lang))


def show_lobby(update: LobbyUpdate, lang: str) -> None:
    """One line of lobby progress: every seat's name and key fingerprint."""
    fps = update.fingerprints or ("",) * len(update.names)
    names = ", ".join(f"{n} [{fp}]" if fp else n for n, fp in zip(update.names, fps, strict=False))
    print(
        tr(
            lang,
            "seats {n_names}/{total}: {names}",
            n_names=len(update.names),
            total=update.total,
            names=names,
        ),
        flush=True,
    )


def same_name_text(name: str, lang: str) -> str:
    """The hint when two seats have one name (two players on one machine both default
    to its user's name): each should pick one of their own."""
    return tr(
        lang,
        "two players are called {name!r}: tell them apart by their fingerprints, and next "
        "time each picks a name: p2pcards identity --player-name NAME",
        name=name,
    )


def lobby_keys(lang: str) -> Any:
    """The typed lines while the lobby waits for the seats (a :class:`Keys` router; its
    prompts are the confirmations, :func:`p2pcards.cli._keyboard.ask`): ``q`` or Ctrl-D
    leaves (``Quit``), ``?`` or anything else says what the lobby waits for."""
    from p2pcards.cli._keyboard import Keys
    from p2pcards.cli._tui._menu import idle_key
    from p2pcards.cli._tui._seat import Quit

    def idle(got: str | None) -> None:
        what = idle_key(got)
        if what == "quit":
            raise Quit
        if what:
            print(tr(lang, "waiting for the seats to fill: the game has not started (q leaves)"),
                  flush=True)  # fmt: skip

    return Keys(idle)


async def follow_lobby(lobby: Any, lang: str, *, join_lines: bool = True) -> Session:
    """Print lobby updates until the game starts; returns the session.  On a terminal,
    ``q`` typed meanwhile leaves (:func:`lobby_keys`; Ctrl-C too).  ``join_lines``: print
    the join command by the table's name once it is announced, and the stall limit at
    the start (False when the host's bots take every other seat: nobody is to join, and
    no player is waited for)."""
    async with trio.open_nursery() as n:
        if sys.stdin.isatty():
            n.start_soon(lobby_keys(lang).run)

        told: set[str] = set()
        announced = ""

        def show(u: LobbyUpdate) -> None:
            nonlocal announced
            if u.table_name and u.table_name != announced:
                announced = u.table_name
                if join_lines:
                    print_name_line(u, lang)
            show_lobby(u, lang)
            for name in sorted({n for n in u.names if u.names.count(n) > 1} - told):
                told.add(name)
                print(same_name_text(name, lang), flush=True)

        async def updates() -> None:
            async for u in lobby.updates:
                show(u)

        n.start_soon(updates)
        session: Session = await lobby.started()
        n.cancel_scope.cancel()
    while True:  # the updates that came with the start (the last seats taken)
        try:
            show(lobby.updates.receive_nowait())
        except (trio.WouldBlock, trio.EndOfChannel, trio.ClosedResourceError):
            break
    print(
        tr(
            lang,
            "table code: {code} (every player sees the same code: read it aloud once)",
            code=session.table_code,
        ),
        flush=True,
    )
    if join_lines:
        print(stall_text(session, lang), flush=True)
    sheet = sheet_order_text(session.table.game.options.get("scores"), session.names, lang)
    if sheet:
        print(sheet, flush=True)
    return session


def sheet_order_text(scores: object, names: Sequence[str], lang: str) -> str | None:
    """The warning when a score sheet's names (``--scores 'Аня=455,Борис=880/2,…'``, the
    option ``scores``) are not the names of the seats they go to: its entries go by seat
    order, one per seat, the names being the sheet's labels only (docs/rules/GAME.md,
    "Starting from a score sheet").  ``names``: the seats' names in seat order.  None
    when there is no sheet or every named entry is its seat's."""
    if not isinstance(scores, str) or not scores.strip():
        return None
    entries = [e.strip() for e in scores.split(",")]
    wrong = [
        (seat, e)
        for seat, e in zip(names, entries, strict=False)
        if "=" in e and e.split("=", 1)[0].strip() not in ("", seat)
    ]
    if not wrong:
        return None
    return tr(
        lang,
        "WARNING: the score sheet goes by seat order, not by name: {pairs}",
        pairs="; ".join(f"{seat} ← {e}" for seat, e in wrong),
    )


def stall_text(session: Session, lang: str) -> str:
    """The table's stall limit and what follows it, for every player at the start."""
    limit = int(session.stall_limit)
    if len(session.names) >= 3:
        rule = session.table.game.options.get("forfeit", "lose")
        return tr(
            lang,
            "a player who does not answer for {s} s (the host's --stall-limit) or leaves is "
            "voted out by the others and {rule}",
            s=limit,
            rule=value_label(Texts(lang), "forfeit", rule),
        )
    if plays_rounds(session.table.game.name):
        return tr(
            lang,
            "if your opponent leaves, the round ends at once with no result; so it does when "
            "they do not answer for {s} s (the host's --stall-limit)",
            s=limit,
        )
    return tr(
        lang,
        "if your opponent leaves, the hand ends at once with no result; so it does when "
        "they do not answer for {s} s (the host's --stall-limit)",
        s=limit,
    )


def rejoined_text(lang: str, dt: float) -> str:
    """ "back at the table (reconnected in 5.3 s)" / "снова за столом (переподключение
    заняло 5,3 с)": ``dt`` seconds from the start of the resume until every other seat is
    connected again, to a tenth of a second (whole seconds from 10 s on)."""
    x = f"{dt:.1f}" if dt < 10 else f"{dt:.0f}"
    return tr(
        lang,
        "back at the table (reconnected in {dt} s)",
        dt=x.replace(".", ",") if lang == "ru" else x,
    )


def final_report(
    ending: Ending,
    lang: str,
    game: str | None = None,
    *,
    said_end: bool = False,
    said_result: bool = False,
) -> int:
    """Print the verdict of every hand and the log path; the exit status: 0 if every hand
    verified, also for a game that ended by a forfeit (three or more seats: the game's
    result stands, as ``p2pcards audit`` of its log says), 1 if a cheat was found, 3 if
    a hand was abandoned with no result (two seats; 2 is for errors).
    ``game``: the game's name, whose presenter says a false claim in words.

    ``said_end``: the seat's own lines already said how an abandoned hand ended (the
    terminal seat's history and a headless seat's progress lines: «раздача окончена,
    поражение без игры: Борис (место покинуто)» stood twice at the end); ``said_result``:
    and the forfeit's result (the terminal seat's «игра окончена: …» and its final
    screen; a headless seat does not say it)."""
    print(tr(lang, "log: {log_path}", log_path=ending.log_path))
    names = ending.names
    if ending.abandoned is not None:
        rounds = plays_rounds(game or "")
        if not said_end:
            print(abandoned_line(Texts(lang), Names(names), ending.abandoned, rounds))
        forfeit = ending.abandoned.result
        if forfeit is not None and not said_result:  # a forfeit (3+ seats): the game's result
            print(tr(lang, "result: ") + format_result(forfeit, list(names), lang))
        # (after the line above: the seat voted out is why no hand follows)
        if rounds:
            print(tr(lang, "The game is over: a new round needs every player, and one is out "
                           "(p2pcards games lists it)."))  # fmt: skip
        else:
            print(tr(lang, "The game is over: a new hand needs every player, and one is out "
                           "(p2pcards games lists it)."))  # fmt: skip
        return 3 if forfeit is None else 0
    if ending.cheats:
        words = presenter(game, lang) if game is not None else None
        for c in ending.cheats:
            who = names[c.seat] if c.seat is not None else "?"
            ns = Names(tuple(names))
            message = (
                words.cheat_text(c, ns)
                if words
                else cheat_text(Texts(lang), ns, c, rounds=plays_rounds(game or ""))
            )
            print(
                tr(
                    lang,
                    "CHEAT DETECTED: {who}, rule '{rule}': {message}",
                    who=who,
                    rule=c.rule,
                    message=message,
                )
            )
        return 1
    if ending.result is not None:
        print(tr(lang, "result: ") + format_result(ending.result, list(names), lang))
    hands = ", ".join(str(h) for h in ending.verified)
    if plays_rounds(game or ""):
        print(tr(lang, "verified: every round checked ({hands})", hands=hands))
    else:
        print(tr(lang, "verified: every hand checked ({hands})", hands=hands))
    return 0


ACCEPT_QUIET = 1.0
"""Seconds the start waits for the seats' accepts before it says whom it waits for."""


async def every_seat_accepted(session: Session, lang: str) -> None:
    """Return once every seat accepted the table (signed its genesis), then say that
    the game starts; until then, once per change, whom it waits for.  Before, the host
    said «все места заняты: игра начинается» as soon as the last seat was taken, while
    that joiner could still be comparing a fingerprint or answering a question, and
    the game did not start.  A normal start takes a moment: the first such line comes
    after :data:`ACCEPT_QUIET` seconds, and this seat's own accept (signed at once,
    maybe not yet logged behind another's) is not waited for."""
    c = session.controller
    shown: tuple[int, ...] = ()
    quiet_until = trio.current_time() + ACCEPT_QUIET
    async with c.subscribe(replay=False) as updates:
        while not session.table.log.started:
            got = c.snapshot().awaiting
            missing = got.seats if got is not None and got.reason == "accept" else ()
            missing = tuple(s for s in missing if s != session.seat)
            if missing and missing != shown and trio.current_time() >= quiet_until:
                shown = missing
                names = Names(tuple(session.names)).join(missing, Texts(lang))
                print(tr(lang, "waiting for the others to accept the table: {names}",
                         names=names), flush=True)  # fmt: skip
            with trio.move_on_after(0.25):  # (an accept may come with no update)
                try:
                    await updates.__anext__()
                except StopAsyncIteration:  # (the seat closed: the table cannot start)
                    await trio.sleep(0.25)
    print(tr(lang, "all seats taken: the game starts"), flush=True)


async def play_to_end(
    session: Session,
    strategy: str | None,
    lang: str,
    seed: int | None = None,
    web: Any = None,
    *,
    starting: bool = False,
) -> int:
    """Play this seat to the end of the game, with the bot ``strategy`` (progress lines
    printed) or, when None, in the terminal; print the final report.  Returns the exit
    status (see :func:`final_report`).  The game's ending, written once for host, join,
    bot, play and a resumed table.  ``web``: the parsed arguments of
    :func:`p2pcards.cli._webargs.add_web_arguments`; with ``--web`` the seat is played on
    the browser page instead of the terminal.  ``starting``: a table just formed: first
    :func:`every_seat_accepted` (Ctrl-C leaves meanwhile too)."""
    from p2pcards.cli._tui._seat import Quit

    try:
        with trio.CancelScope() as game:  # (Ctrl-C cancels it: _with_ctrl_c)
            CTRL_C.scope = game
            if starting:
                await every_seat_accepted(session, lang)
            ending = await _play(session, strategy, lang, seed, web)
        left = game.cancelled_caught
    except BaseException as e:
        if not any(isinstance(x, Quit | KeyboardInterrupt | EOFError) for x in leaves(e)):
            raise
        left = True
    finally:
        CTRL_C.scope = None
    if left:
        if CTRL_C.hit:  # (the terminal echoed "^C" after the prompt: "выбор> ^CВы вышли…")
            print(flush=True)

        rounds = plays_rounds(session.table.game.name)

        def waiting(seconds: float) -> None:  # (the votes are slow to come)
            if rounds:
                print(tr(lang, "leaving the table: waiting for the others to end the round (at "
                               "most {s} s)…", s=int(seconds)), flush=True)  # fmt: skip
                return
            print(tr(lang, "leaving the table: waiting for the others to end the hand (at "
                           "most {s} s)…", s=int(seconds)), flush=True)  # fmt: skip

        with trio.CancelScope(shield=True):  # tell the others before going
            gone = await session.depart(on_wait=waiting)
        raise Departed(130, departed_text(session, gone, lang))
    # (the terminal seat said the end and the result, a headless one the end; the
    # browser seat's terminal said neither)
    web_seat = not strategy and bool(getattr(web, "web", False))
    return final_report(
        ending,
        lang,
        session.table.game.name,
        said_end=not web_seat,
        said_result=not strategy and not web_seat,
    )


def departed_text(session: Session, gone: Departure, lang: str) -> str:
    """The line a player who left (q, Ctrl-C, Ctrl-D) is told, true to what his leave
    did (:class:`~p2pcards.peer.Departure`): the others ended the hand without him (no
    result at two seats; at three or more he forfeits it) and the game is over, or they
    were told but their votes did not come in time; or nobody heard it, and the
    same command brings him back while they wait; or no game was running."""
    several = len(session.names) >= 3
    if gone.what in ("ended", "told"):
        texts = _DEPARTED_ROUND if plays_rounds(session.table.game.name) else _DEPARTED
        what = tr(lang, texts[gone.what == "ended", several])
        return what + " " + tr(lang, "The game is over: p2pcards games lists it.")
    if gone.what == "unheard":
        command = shlex.join(["p2pcards", *sys.argv[1:]])
        away = away_seconds(session)
        if away is not None:  # (restarted, heard no one, away past the stall limit)
            return tr(
                lang,
                "You left the table. Nobody at it answered since you came back: you were "
                "away {s} s, longer than its stall limit ({limit} s), so the others may have "
                "ended the game without you. If so, p2pcards games drop {id} drops it; "
                "{command} tries again.",
                s=away_shown(away, session.stall_limit),
                limit=int(session.stall_limit),
                id=session.storage.log_path.stem[:8],
                command=command,
            )
        return tr(
            lang,
            "You left the table; nobody was connected to hear it, so the table waits for you: "
            "{command} brings you back",
            command=command,
        )
    if gone.what == "over":
        return tr(lang, "You left; the game was over (p2pcards games lists it)")
    return tr(lang, "You left; no game had started")


def away_seconds(session: Session) -> float | None:
    """How long a resumed seat that has heard no one since its restart was away from the
    table (from its log's last change to the moment it was back, ``session.back_at``:
    not until now, the time it has been back counted as away too, "вас не было 115 с"
    after 60 s away and 55 s back), when that is longer than the table's stall
    limit: the others may have voted it out and ended the game.  None otherwise (it heard
    someone, it is no resumed seat, or it was away shorter: the table waits for it)."""
    since = getattr(session, "away_since", None)
    if since is None or getattr(session, "heard", True):
        return None
    back = getattr(session, "back_at", None)
    away = (back if back is not None else time.time()) - since
    return away if away > session.stall_limit else None


def away_shown(away: float, stall_limit: float) -> int:
    """The whole seconds said for ``away`` (longer than ``stall_limit``): its integer part,
    but at least one more than the limit's (8.4 s away with a limit of 8 s is «9 с»: cut
    to 8 it read «вас не было 8 с, дольше предела ожидания стола (8 с)»)."""
    return max(int(away), int(stall_limit) + 1)


_DEPARTED = {  # (the votes came back, 3+ seats) -> what the leave did
    (True, False): N_("You left the table: the other player ended the hand, with no result."),
    (True, True): N_("You left the table: the others ended the hand, and you forfeit it."),
    (False, False): N_("You left the table: the other player ends the hand, with no result."),
    (False, True): N_("You left the table: the others end the hand, and you forfeit it."),
}
_DEPARTED_ROUND = {  # (101: a round)
    (True, False): N_("You left the table: the other player ended the round, with no result."),
    (True, True): N_("You left the table: the others ended the round, and you forfeit it."),
    (False, False): N_("You left the table: the other player ends the round, with no result."),
    (False, True): N_("You left the table: the others end the round, and you forfeit it."),
}


async def _play(
    session: Session, strategy: str | None, lang: str, seed: int | None, web: Any
) -> Ending:
    if strategy:
        snap = session.controller.snapshot()
        lines = QuietLines()

        def show(ev: Any) -> None:
            if isinstance(ev, Waiting):
                lines.waiting(ev, snap.names, lang, snap.seat, snap.game)
                return
            lines.say(describe_event(ev, snap.names, lang, snap.game, snap.options, snap.seat))

        rng = random.Random(seed) if seed is not None else random.Random()
        ending = await run_bot(session, strategy, rng, on_event=show)
    elif getattr(web, "web", False):
        from p2pcards.web._lan import play_web

        ending = await play_web(
            session, lang, port=web.web_port, open_browser=not web.no_browser, home=home()
        )
    else:
        from p2pcards.cli._seat import play_seat  # _seat imports this module

        ending = await play_seat(session, lang)
    return ending


class QuietLines:
    """Progress lines for a headless seat or a plain terminal, with one waiting line per
    step the table waits for ("waiting for Dima, Boris, Вера…: keys for Boris's cards"),
    not one per entry: the table reports whom it waits for after every entry (a round of
    3 contributions said "Dima, Boris, Вера", then "Dima, Вера", then "Вера"; the demo
    printed 240 waiting lines for one hand of Akulina)."""

    def __init__(self) -> None:
        self._step: object = None

    def say(self, line: str | None) -> None:
        """Print ``line`` (None or "": nothing)."""
        if line:
            print(line, flush=True)

    def waiting(
        self, ev: Waiting, names: Sequence[str], lang: str, me: int | None, game: str = ""
    ) -> None:
        """The waiting line of ``ev``, printed only when the table waits for a new step
        (``game``: its registry name; 101 says "round" where the others say "hand")."""
        about = dict(ev.about or {})
        step = (ev.kind, repr(sorted(about.items())))
        if step == self._step:
            return
        self._step = step
        t, ns = Texts(lang), Names(tuple(names), me)
        seat = next((about[k] for k in ("to", "seat", "holder", "stalled") if k in about), None)
        why = waiting_reason(
            t, ns, ev.kind, seat=seat, pass_no=about.get("pass"), rounds=plays_rounds(game)
        )
        head = waiting_line(t, ns, ev.seats)
        self.say(t("{waiting}: {why}", waiting=head, why=why) if why else head)


def describe_event(
    ev: Any,
    names: Sequence[str],
    lang: str,
    game: str,
    options: Mapping[str, Any] | None = None,
    me: int | None = None,
) -> str | None:
    """A line of progress for a headless seat (None: nothing to say), from the presenter
    of ``game`` (:mod:`p2pcards.ui`); ``names``: the seats' display names; ``me``: this
    seat (its own moves in the second person)."""
    ns = Names(tuple(names), me)
    p = presenter(game, lang, options)
    if isinstance(ev, MoveMade):
        return p.move_line(ev.move, ev.before, ns)
    if isinstance(ev, HandAbandoned | Waiting | HandVerified | CheatDetected | SeatLeft | VoteCast):
        hand = p.hand_no_text(ev.hand) if isinstance(ev, HandVerified) else ""
        return table_event_line(p.t, ns, ev, hand, p)
    return None


def _matches(
    u: Unfinished,
    game: str | None,
    target: str | None,
    lang: str,
    hosting: tuple[Any, Sequence[str]] | None = None,
) -> bool:
    """Whether the command being run is the one that sat at ``u`` (so running it again
    brings the player back): ``host GAME`` at a table this seat hosted of that game,
    and with ``hosting`` (the configured game, the bots' specs) with the same seats,
    options and bots (another table otherwise: ``host thousand --bots 2`` resumed a
    table of other options, saying this command sat at it); ``join`` / ``bot --join``
    with the host's address or the table's name.  Exits 2 for an address whose port is
    out of range (the message in ``lang``)."""
    if game is not None:
        if not (u.seat == 0 and u.game == game):
            return False
        if hosting is None:
            return True
        configured, bots = hosting
        return (
            len(u.names) == configured.seats
            and dict(u.options) == dict(configured.options)
            and [s for _h, s in u.bot_seats] == list(bots)
        )
    if target is None:
        return False
    addr = parse_address(target, lang)
    if addr is not None:
        return u.host_address is not None and tuple(u.host_address) == tuple(addr)
    name = u.table_name.lower()
    return bool(name) and (name == target.lower() or name.startswith(target.lower()))


def refusal_text(pending: Sequence[Unfinished], lang: str) -> str:
    """Why a headless command does not start a new table: the unfinished ones, each with
    the commands that resume or drop it."""
    from p2pcards.cli.games import table_line

    lines = [
        trn(
            lang,
            "p2pcards: an unfinished table is waiting for you:",
            "p2pcards: {n} unfinished tables are waiting for you:",
            len(pending),
        )
    ]
    for u in pending:
        lines.append("  " + table_line(u, lang))
        lines.append(
            "    "
            + tr(
                lang,
                "resume it: p2pcards games resume {id}   drop it: p2pcards games drop {id}",
                id=u.short_id,
            )
        )
    lines.append(tr(lang, "or start this table anyway with --new (the unfinished ones stay)."))
    return "\n".join(lines)


async def _ask_about(u: Unfinished, lang: str, joining: bool = False) -> str:
    """Ask the player what to do about the unfinished table ``u``: "resume", "new",
    "drop"; a wrong key asks again; ``q`` (or end of input) leaves.  ``joining``: the
    new table is someone else's (join: "sit at", not "start")."""
    from p2pcards.cli.games import table_line

    print(tr(lang, "You have an unfinished table: {table}", table=table_line(u, lang)))
    print(tr(lang, "  1. resume it"))
    if joining:
        print(tr(lang, "  2. join the new table (the unfinished one stays: p2pcards games)"))
        print(tr(lang, "  3. drop it (its log stays, for audit) and join the new table"))
    else:
        print(tr(lang, "  2. start the new table (the unfinished one stays: p2pcards games)"))
        print(tr(lang, "  3. drop it (its log stays, for audit) and start the new table"))
    print(tr(lang, "  q. quit"))
    while True:
        from p2pcards.cli._keyboard import ask

        text = await ask(tr(lang, "your choice: "))
        key = text.lower() if text is not None else "q"
        if key in ("1", "2", "3"):
            return {"1": "resume", "2": "new", "3": "drop"}[key]
        if key in ("q", "й", "в"):
            raise Departed(130, menu_quit_text(u, lang))
        print(tr(lang, "please type 1, 2, 3 or q"))


def menu_quit_text(u: Unfinished, lang: str) -> str:
    """What ``q`` at the unfinished-table question says: nothing was played, the table
    stays as it was, and how to resume or drop it (the player never sat down: not "you
    left the table")."""
    return tr(
        lang,
        "Quit. The unfinished table {id} stays as it is: p2pcards games resume {id} resumes "
        "it, p2pcards games drop {id} drops it.",
        id=u.short_id,
    )


async def resume_unfinished(
    identity: Identity,
    args: argparse.Namespace,
    lang: str,
    *,
    game: str | None = None,
    target: str | None = None,
    interactive: bool = False,
    hosting: tuple[Any, Sequence[str]] | None = None,
) -> int | None:
    """Before a new table: deal with this identity's unfinished tables (a crash, a
    closed terminal).  One that the same command sat at (:func:`_matches`: ``game`` and
    ``hosting``, the configured game and its bots, for host; ``target`` for join) is
    resumed and played to the end.  Any other is never
    substituted silently: ``interactive``, the player is asked (resume, start the new
    one, drop); headless, the command refuses, naming each and the commands to resume or
    drop it (exit status 2).  Returns the exit status, or None to go on with the new
    table.  ``--new`` skips all this."""
    if getattr(args, "new", False):
        return None
    pending = unfinished_tables(identity)
    if not pending:
        return None
    same = [u for u in pending if _matches(u, game, target, lang, hosting)]
    if same and target is not None and parse_address(target, lang) is None:
        if await announced(target, getattr(args, "interface", None)):
            same = []  # an open table of that name: a new one (a started one is unannounced)
    if same:
        u = same[0]
        print(
            tr(
                lang,
                "resuming the unfinished {game} table {value} (this command sat at it; "
                "--new starts another)",
                game=_title(u.game, lang),
                value=u.short_id,
            ),
            flush=True,
        )
        return await resume_one(identity, u, args, lang)
    if not interactive:
        print(refusal_text(pending, lang), file=sys.stderr)
        return 2
    for u in pending:
        what = await _ask_about(u, lang, joining=target is not None)
        if what == "resume":
            return await resume_one(identity, u, args, lang)
        if what == "drop":
            drop_table(u)
            print(tr(lang, "dropped; its log stays for audit: {log_path}", log_path=u.path))
    return None


def over_table(identity: Identity, target: str, lang: str) -> Unfinished | None:
    """The table this seat last sat at by ``target`` (the host's address, or the table's
    name: :func:`_matches`) when this seat's files show it over: its log holds the end
    (``.done``) or this seat left it and the others were told (``.left``: they end the
    hand without it, so the game is over).  None when the newest such table is
    unfinished, dropped, or there is none."""
    from p2pcards.peer import known_tables

    for u in known_tables(identity):  # (newest first)
        if u.seat is None or not _matches(u, None, target, lang):
            continue
        return u if (u.done or u.left) and not u.dropped else None
    return None


async def another_table_at(address: net.Address, table_id: bytes, seconds: float = 2.0) -> bool:
    """Whether something answers at ``address`` with a table other than ``table_id`` (a
    new table at the address of one that is over), asked once: a refused connection
    (nobody listens any more) or no answer within ``seconds`` is False."""
    try:
        info = await net.probe(address, timeout=seconds)
    except net.NetError:
        return False
    return bytes(info.get("table_id") or b"") != table_id


def over_text(u: Unfinished, lang: str) -> str:
    """What ``join`` says at once for a table that this seat's files show over
    (:func:`over_table`), instead of dialling its host for 30 s and suggesting a retry."""
    from p2pcards.cli.games import table_line

    return tr(
        lang,
        "this game is over: {table}; p2pcards games shows how it ended",
        table=table_line(u, lang),
    )


async def announced(target: str, interfaces: Sequence[str] | None, seconds: float = 2.0) -> bool:
    """Whether a table called ``target`` (or starting so: :func:`_matching`) is announced
    on mDNS within ``seconds``: its lobby is open, so it is a new table, never the
    unfinished one of that name (a table is announced only until its seats are taken;
    the next table of a host often has the same name)."""
    try:
        async with net.browse(interfaces=interfaces) as browser:
            with trio.move_on_after(seconds):
                while not _matching(browser.tables(), target):
                    await trio.sleep(0.1)
                return True
    except net.NetError:
        pass
    return False


def _title(game: str, lang: str) -> str:
    from p2pcards.cli.games import title

    return title(game, lang)


NOBODY_SECONDS = 20.0
"""How long a resumed table waits for its first peer before it says that nobody answers
(they may have ended the game without this seat: it left, and they voted it out)."""


def nobody_seconds(stall_limit: float) -> float:
    """How long (seconds) a resumed table waits for its first peer before saying that
    nobody answers: :data:`NOBODY_SECONDS`, or the table's stall limit when that is
    shorter (the others vote a silent seat out after that long, so a table that waits
    less for a seat also says sooner that nobody is there)."""
    return min(NOBODY_SECONDS, stall_limit)


async def report_rejoin(
    seat: Any,
    t0: float,
    lang: str,
    short_id: str,
    nobody_after: float = NOBODY_SECONDS,
    say: Callable[[str], None] | None = None,
    session: Session | None = None,
) -> None:
    """Say "back at the table in 0.42 s" once every other seat is connected again; if
    none of them answers within ``nobody_after`` seconds (from the call, whatever the
    updates meanwhile), first say so (and how to leave
    or drop the table) instead of letting the player wait for a game that may be over.
    ``say(text)``: how (default: print the line; a player's terminal seat: a
    :class:`~p2pcards.peer.Notice`, drawn with the screen and its menu).  ``session``:
    the resumed session (how long it was away: :func:`away_seconds`)."""
    if say is None:

        def say(text: str) -> None:
            print(text, flush=True)

    def rejoined() -> bool:
        snap = seat.snapshot()
        return all(c for i, c in enumerate(snap.connected) if i != snap.seat)

    def nobody() -> bool:
        snap = seat.snapshot()
        return not any(c for i, c in enumerate(snap.connected) if i != snap.seat)

    async with seat.subscribe(replay=False) as updates:
        told = False
        # (from now: any update before, the player's own move while the host's bots still
        # started, said "nobody answers" at once, then "back at the table in 2.19 s")
        deadline = trio.current_time() + nobody_after
        while not rejoined():
            with trio.move_on_at(math.inf if told else deadline):
                try:
                    await updates.__anext__()  # (a PeerBack for each seat reconnected)
                except StopAsyncIteration:
                    return  # the table closed
            if not told and nobody() and trio.current_time() >= deadline:
                told = True
                away = away_seconds(session) if session is not None else None
                if away is not None and session is not None:
                    say(
                        tr(
                            lang,
                            "nobody at this table answers: you were away {s} s, longer than "
                            "its stall limit ({limit} s), so the others may have ended the "
                            "game without you. q leaves; p2pcards games drop {id} drops the "
                            "table",
                            s=away_shown(away, session.stall_limit),
                            limit=int(session.stall_limit),
                            id=short_id,
                        )
                    )
                    continue
                say(
                    tr(
                        lang,
                        "nobody at this table answers: they may have ended the game without "
                        "you (after you left). q leaves; p2pcards games drop {id} drops the "
                        "table",
                        id=short_id,
                    )
                )
    dt = time.monotonic() - t0
    say(rejoined_text(lang, dt))


def over_at_restart(session: Session, lang: str) -> int | None:
    """A restarted seat whose log already ends the game (replayed: the game finished, the
    hand was abandoned, a cheat halted the table): say at once that it is over, its result
    and how to check it (``p2pcards audit LOG``, ``p2pcards games``), and return the exit
    status of :func:`final_report`; None when the game goes on (it was offered a move at
    a table nobody served, and waited).  The table is marked done."""
    ending = session.controller.ending()
    if ending is None or ending.status in ("left", "failed"):
        return None
    session.storage.mark_done()
    print(
        tr(
            lang,
            "This game is over: its log ends it, there is nothing to resume. p2pcards audit "
            "{log_path} checks it again; p2pcards games lists it.",
            log_path=session.log_path,
        ),
        flush=True,
    )
    return final_report(ending, lang, session.table.game.name)


async def resume_one(identity: Identity, u: Unfinished, args: argparse.Namespace, lang: str) -> int:
    """Rejoin the unfinished table ``u`` and play it to the end; the exit status."""
    t0 = time.monotonic()
    async with resume_table(identity, u.table_id, lang=lang) as session:
        over = over_at_restart(session, lang)
        if over is not None:  # (no bots back, no "nobody answers", no screen to play on)
            return over
        async with trio.open_nursery() as nursery:
            for home_, strategy in u.bot_seats:  # this host's bots come back too
                nursery.start_soon(resumed_bot, Path(home_), u.table_id, strategy, lang)
            say = None
            if _player_terminal(args):  # (drawn with the screen, not under its prompt)

                def say(text: str) -> None:
                    session.controller._publish(Notice(text))

            nursery.start_soon(report_rejoin, session.controller, t0, lang, u.short_id,
                               nobody_seconds(session.stall_limit), say, session)  # fmt: skip
            rc = await _play_resumed(session, args, lang)
            nursery.cancel_scope.cancel()
        return rc


async def resumed_bot(base: Path, table_id: bytes, strategy: str, lang: str) -> None:
    """A bot of this host that sat at the table ``table_id``, restarted from its files
    in its data directory ``base`` (its key and the table's log and secrets: see
    :func:`p2pcards.cli.host.bot_home`) and played with ``strategy`` until the host ends
    it; its table files are removed then."""
    from p2pcards.identity import load_identity

    me = load_identity(base)
    if me is None:
        return
    try:
        async with resume_table(me, table_id, base=base, lang=lang) as session:
            await run_bot(session, strategy, random.Random())
            await trio.sleep_forever()  # serve the log until the host ends
    finally:
        remove_table_files(base, table_id)


def remove_table_files(base: Path, table_id: bytes) -> None:
    """Remove a table's files (log, secrets, markers) from the data directory ``base``
    (a host's bot once the host ends it: the host keeps the table's log)."""
    for f in (base / "tables").glob(f"{table_id.hex()}.*"):
        try:
            f.unlink()
        except OSError:
            pass


def _player_terminal(args: argparse.Namespace) -> bool:
    """Whether a resumed seat is played by a person in this terminal (no bot, no web)."""
    headless = args.command == "bot" or getattr(args, "headless", None)
    return not headless and not getattr(args, "web", False)


async def _play_resumed(session: Session, args: argparse.Namespace, lang: str) -> int:
    strategy = getattr(args, "strategy", None) if args.command == "bot" else None
    strategy = strategy or getattr(args, "headless", None)
    return await play_to_end(session, strategy, lang, web=args)  # (host/join --web: the page)
