"""Every fixed text of the web pages (buttons, headings, messages) as msgids of the
gettext catalog (``p2pcards/locale``, :class:`p2pcards.ui.Texts`): written in English,
marked with :func:`N_` where they are kept in a table, translated where they are shown.
The pages get them with each screen, so the browser code holds no text."""

from __future__ import annotations

from collections.abc import Mapping

from p2pcards.ui import Texts, plays_rounds
from p2pcards.ui._texts import N_ as N_  # the web's modules import it from here


def _translated(table: Mapping[str, str], lang: str) -> dict[str, str]:
    """``table``'s texts in ``lang``; the language switch names the other language in
    its own words (not a translation)."""
    t = Texts(lang)
    out = {k: t(v) if v else "" for k, v in table.items()}
    out["lang"] = "English" if t.ru else "Русский"
    return out


LABELS: dict[str, str] = {
    "your_hand": N_("Your hand"),
    "history": N_("What happened"),
    "sheet": N_("Score sheet"),
    "table": N_("Table"),
    "cancel": N_("Cancel"),
    "choose": N_("Choose"),
    "next_hand": N_("Next hand"),
    "play_again": N_("Play again"),
    "back_lobby": N_("Back to the lobby"),
    "open_log": N_("Step through the game's log"),
    "code": N_("table code"),
    "game_over": N_("Game over"),
    "hand_over": N_("Hand over"),
    "cards": N_("cards"),
    "you": N_("you"),
    "connecting": N_("Connecting…"),
    "lost": N_(
        "The connection to the game was lost. Is p2pcards still running? Reconnecting… "
        "attempt {n} in {s} s"
    ),
    "refused": N_("That move is not allowed now."),
    "closed": N_("The game is over and p2pcards has stopped; you can close this page."),
    "keys": N_("Keys: ←/→ choose, Enter plays, 1–9 pick an action, ? the rules"),
    "seconds": N_("s"),
    "offline": N_("offline game: local dealer, bots"),
    "verified": N_("hand verified ✓"),
    "seat_out": N_("out"),
    "playing": N_("hands are verified as they end"),
    "disconnected": N_("connection lost"),
    "peer_lost": N_("connection to {name} lost, reconnecting…"),
    "leave": N_("Leave the table"),
    "rules": N_("Rules (?)"),
    "close": N_("Close"),
    "leave_title": N_("Leave the table?"),
    "leave_text": N_("The others are told that you left; the game cannot go on without you."),
    "leave_yes": N_("Leave"),
    "leave_no": N_("Stay"),
    "left": N_("You left the table. You can close this page."),
    "leaving": N_("You leave the table: the others are told…"),
    "more": N_("More…"),
    "seat_left": N_("{name} left the table"),
    "seat_gone": N_("left the table"),
    "give_hint": N_("Click a card, then the player who gets it."),
    "discard_hint": N_("Click the two cards to discard."),
}


WAIT_REASONS: dict[str, str] = {
    "accept": N_("to sit down"),
    "shuffle": N_("to shuffle"),
    "keys": N_("for keys to {x}'s cards"),
    "receive": N_("{x} to take the cards"),
    "open": N_("for keys to open cards"),
    "random": N_("for a joint draw"),
    "order": N_("{x} to order the hand"),
    "give": N_("{x} to hand a card over"),
    "move": "",
    "reveal": N_("for the end-of-hand check"),
    "abandon": N_("votes to go on without {x}"),
    "connect": N_("for an answer (you are back at the table)"),
}
"""What the table waits for, in words (``{x}``: the seat it is about)."""


def waiting_text(lang: str, who: str, reason: str, about: str, rounds: bool = False) -> str:
    """ "waiting for Boris · for keys to Vera's cards": ``who`` is awaited, ``reason``
    one of :data:`WAIT_REASONS` (a controller's ``Awaiting.reason``), ``about`` the name
    of the seat it concerns; ``rounds``: the game calls a hand a round (101)."""
    t = Texts(lang)
    head = t("waiting for {w}", w=who)
    what = WAIT_REASONS.get(reason, "")
    if rounds and reason == "reveal":
        what = N_("for the end-of-round check")
    return f"{head} · {t(what).format(x=about)}" if what else head


PAGE_ROUND_LABELS: dict[str, str] = {
    "next_hand": N_("Next round"),
    "hand_over": N_("Round over"),
    "verified": N_("round verified ✓"),
    "playing": N_("rounds are verified as they end"),
}
"""The page's labels that say "round" in a game that calls a hand a round (101)."""


def labels(lang: str, game: str = "") -> dict[str, str]:
    """All labels in ``lang`` ("ru" or anything else for English), in the words of
    ``game`` (a registry name: 101 says "round" where the others say "hand")."""
    out = _translated(LABELS, lang)
    if plays_rounds(game):
        out |= _translated(PAGE_ROUND_LABELS, lang)
    return out


LOBBY_LABELS: dict[str, str] = {
    "title": N_("p2pcards: tables"),
    "you": N_("You are"),
    "fingerprint": N_("fingerprint"),
    "fingerprint_help": N_(
        "Compare it aloud: the same letters on everyone's screen mean it is really you"
    ),
    "tables": N_("Tables on the network"),
    "none": N_(
        "No table found on the network yet (the list refreshes by itself). Host one below, "
        "or join by address if the Wi-Fi isolates computers from each other."
    ),
    "col_table": N_("Table"),
    "col_game": N_("Game"),
    "col_seats": N_("Seats"),
    "col_host": N_("Host"),
    "col_fingerprint": N_("Host's fingerprint"),
    "col_code": N_("Table code"),
    "code_later": N_("after the start"),
    "join": N_("Join"),
    "yours": N_("your table"),
    "join_title": N_("Join by name or address"),
    "join_placeholder": N_("table name or host:port"),
    "host_title": N_("Host a table"),
    "game": N_("Game"),
    "seats": N_("Seats"),
    "options": N_("Options"),
    "default": N_("default"),
    "more_rules": N_("More rules"),
    "more_rules_help": N_(
        "Our variant of the rules is played (marked “ours”); change here what your table "
        "plays differently."
    ),
    "ours": N_("ours"),
    "bots": N_("Bots for empty seats"),
    "level": N_("Bots' level"),
    "bot_n": N_("Bot {n}"),  # the level of each: "Бот 1 [сильный]"
    "host": N_("Open the table"),
    "leave": N_("Leave"),
    "to_table": N_("Go to the table"),
    "connecting": N_("Connecting…"),
    "lost": N_(
        "The connection to p2pcards was lost. Is it still running? Reconnecting… "
        "attempt {n} in {s} s"
    ),
    "busy": N_("Leave the current table first."),
    "empty": N_("Type a table's name or an address."),
    "logs": N_("Past games"),
    "admit": N_("Let them in"),
    "refuse": N_("Refuse"),
    "sit": N_("Sit at this table"),
    "dont": N_("Do not join"),
    "true": N_("yes"),
    "false": N_("no"),
    "unfinished": N_("Unfinished tables"),
    "unfinished_help": N_(
        "You did not finish these tables: go back to one, or drop it (its log stays, for "
        "audit). A new table hosted or joined below leaves them as they are."
    ),
    "resume": N_("Go back to it"),
    "drop": N_("Drop it"),
    "gone": N_("That table is no longer waiting."),
}
"""The lobby page's fixed texts."""


def lobby_labels(lang: str) -> dict[str, str]:
    """The lobby page's labels in ``lang``."""
    return _translated(LOBBY_LABELS, lang)


ENDINGS: dict[str, str] = {
    "finished": N_("finished, every hand verified"),
    "cheat": N_("stopped: a cheat was found"),
    "abandoned": N_("stopped: a player left"),
    "forfeited": N_("finished by forfeit (a player left or stopped responding)"),
    "left": N_("you left"),
}
"""How the last game ended (an ``Ending.status``; "forfeited": an abandoned hand with the
game's result, three or more seats; "abandoned": two seats, no result), for the lobby's
status line."""


def lobby_status(lang: str, st: Mapping[str, object]) -> str:
    """The lobby's state in words: the table being formed and who sits there, the game
    running, how the last one ended, or an error."""
    t = Texts(lang)
    seated = st.get("seated") or []
    assert isinstance(seated, list)
    seats = f"{len(seated)}/{st.get('total')}: {', '.join(str(x) for x in seated)}"
    status, table = st.get("status"), st.get("table")
    if status == "hosting":
        return t(
            "Table “{table}” is open · seats {seats} · waiting for players…",
            table=table,
            seats=seats,
        )
    if status == "joining":
        if st.get("resuming"):
            return t("Going back to the unfinished table: reconnecting to the players…")
        if not table:
            return t("Looking for the table…")
        return t(
            "At the table “{table}” · seats {seats} · waiting for the start…",
            table=table,
            seats=seats,
        )
    if status == "playing":
        return t("The game is on.")
    left = st.get("left_text")
    if status == "over" and isinstance(left, Mapping) and left.get(lang):
        return str(left[lang])  # what the player's leave did (the terminal's line)
    if status == "over":
        ending = str(st.get("ending"))
        how = ENDINGS.get(ending)
        return t("The last game: {how}.", how=t(how) if how else ending)
    error = st.get("error")
    if error:
        return t("That did not work: {error}", error=error)
    return ""


def join_lines(lang: str, st: Mapping[str, object]) -> list[str]:
    """While a table is hosted: the terminal host's ready join commands, a heading and one
    ``p2pcards join ADDR:PORT`` per address others can join at (every non-loopback
    address listened on; a loopback one says it is for this machine only); else none."""
    joins = st.get("joins")
    if st.get("status") != "hosting" or not isinstance(joins, list) or not joins:
        return []
    t = Texts(lang)
    lines = [t("others join with one of these commands:")]
    for j in joins:
        line = f"p2pcards join {j['address']}"
        if j.get("local"):
            line += "   " + t("(this machine only: no network address found)")
        lines.append(line)
    return lines


def ask_text(lang: str, a: Mapping[str, object]) -> str:
    """The question about a player (``PlayerCheck.to_plain()``): a joiner asking for a
    seat, a host new to us, or a known name that comes with another key (a warning)."""
    t = Texts(lang)
    name, fp = a.get("name"), a.get("fingerprint")
    if a.get("status") == "changed":
        return t(
            "WARNING: {name} [{fingerprint}] is NOT the {name} you played with before "
            "[{known}]: another computer, or someone pretending to be them. Accept the new "
            "key anyway?",
            name=name,
            fingerprint=fp,
            known=a.get("known_fingerprint"),
        )
    also = ""
    if a.get("status") == "renamed":
        also = t(" (you know this key as {known_name})", known_name=a.get("known_name"))
    if a.get("role") == "joiner":  # the terminal's questions (p2pcards.cli._confirm)
        return t(
            "{name} [{fingerprint}]{known} asks for a seat: compare the fingerprint with "
            "the one p2pcards identity shows on their computer. Let them in?",
            name=name,
            fingerprint=fp,
            known=also,
        )
    asked = t(
        "the host {name} [{fingerprint}]{known} is new to you: compare the fingerprint with "
        "the one p2pcards identity shows on the host's computer. Sit at this table?",
        name=name,
        fingerprint=fp,
        known=also,
    )
    return asked[:1].upper() + asked[1:]


LOGVIEW_LABELS: dict[str, str] = {
    "title": N_("p2pcards: game log"),
    "past": N_("Past games"),
    "none": N_("No game played here yet."),
    "open_file": N_("Open a log file"),
    "back": N_("Back to the lobby"),
    "hand": N_("Hand"),
    "prev": N_("◀ Previous"),
    "next": N_("Next ▶"),
    "step": N_("Step {i} of {n}"),
    "entries": N_("Entries of the log, each checked"),
    "seating": N_("Seating: the table's genesis and every seat's acceptance"),
    "hand_verified": N_("hand {n} verified ✓"),
    "hand_unverified": N_("hand {n} not verified ✗"),
    "entry_ok": N_("✓ signed by {who}, chained, checked"),
    "entry_cheat": N_("✗ cheat, rule {rule}: {message}"),
    "evidence_cheat": N_(
        "✗ not in the log: this seat rejected it as a cheat and kept it as evidence; "
        "rule {rule}: {message}"
    ),
    "evidence_none": N_("kept as evidence, but it proves no cheat: the audit ignores it"),
    "by_evidence": N_(
        " (an entry it signed that this seat rejected and kept as evidence, not in the log)"
    ),
    "verified": N_("Audit: verified, every hand checked ({n})"),
    "cheating": N_("Audit: CHEATING by {who} at entry {seq}, rule {rule}: {message}"),
    "forfeited": N_(
        "Audit: no cheating; the game ended by a forfeit (a player left or stopped "
        "responding, the others voted); hands checked to their end: {n}"
    ),
    "abandoned": N_(
        "Audit: a hand was abandoned (a player stopped responding); hands checked: {n}"
    ),
    "incomplete": N_(
        "Audit: no cheating found, but the log stops before the end; hands checked: {n}"
    ),
    "unreadable": N_("Not a p2pcards log, or damaged: "),
    "cards_of": N_("Every seat's cards after this step"),
}
"""The log viewer's fixed texts (``{n}``, ``{who}``… filled in by str.format)."""


ROUND_LABELS: dict[str, str] = {
    "hand": N_("Round"),
    "hand_verified": N_("round {n} verified ✓"),
    "hand_unverified": N_("round {n} not verified ✗"),
    "verified": N_("Audit: verified, every round checked ({n})"),
    "forfeited": N_(
        "Audit: no cheating; the game ended by a forfeit (a player left or stopped "
        "responding, the others voted); rounds checked to their end: {n}"
    ),
    "abandoned": N_(
        "Audit: a round was abandoned (a player stopped responding); rounds checked: {n}"
    ),
    "incomplete": N_(
        "Audit: no cheating found, but the log stops before the end; rounds checked: {n}"
    ),
}
"""The log viewer's labels that say "round" for a game that calls a hand a round
(:func:`p2pcards.ui.plays_rounds`: 101's «раунд», as its screens say)."""


def logview_labels(lang: str, game: str = "") -> dict[str, str]:
    """The log viewer's labels in ``lang``, in the words of ``game`` (a registry name:
    101 says "round" where the others say "hand")."""
    labels = _translated(LOGVIEW_LABELS, lang)
    if plays_rounds(game):
        labels |= _translated(ROUND_LABELS, lang)
    return labels
