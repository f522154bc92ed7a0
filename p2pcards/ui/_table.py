"""Texts of the table and the connection, the same for every game: whom the table waits
for and why ("the shuffle (pass 1)", "keys for Boris's cards"), hands verified, a cheat,
an abandoned hand, a lost peer, the cards you received; and the dealer's events in a
hand history with every card visible (replay, ``simulate --show``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from p2pcards.cards import Card
from p2pcards.games import Opened, Revealed, Shuffled, Taken
from p2pcards.ui._names import Names
from p2pcards.ui._texts import N_, Texts

KINDS = {
    "key": "accept",
    "share": "keys",
    "reencrypt": "give",
    "reshuffle": "order",
    "lot": "random",
    "lot-open": "random",
    "showdown": "reveal",
    "reshuffle-open": "reveal",
}
"""The table's entry kinds that the seat controller's reasons name otherwise."""

ROUND_GAMES = frozenset({"101"})
"""The games whose rules call a hand a round (101: «раунд», "round"): the texts shared by
every game say "round" for them where the others say "hand"."""


def plays_rounds(game: str) -> bool:
    """True when ``game`` (a registry name) calls a hand a round (:data:`ROUND_GAMES`)."""
    return game in ROUND_GAMES


def _rounds(words: object) -> bool:
    """True when the presenter ``words`` (or None) is of a game that plays rounds."""
    return plays_rounds(str(getattr(words, "game", "")))


def waiting_reason(
    t: Texts,
    names: Names,
    reason: str,
    *,
    seat: int | None = None,
    pass_no: int | None = None,
    rounds: bool = False,
) -> str:
    """What the table waits for, in words.

    ``reason`` is the seat controller's ``Awaiting.reason`` ("accept", "shuffle", "keys",
    "receive", "open", "random", "order", "give", "move", "reveal", "abandon") or the
    table's entry kind ("key", "shuffle", "share", "reencrypt", "reshuffle", "lot",
    "lot-open", "showdown"); ``seat``: the seat the step is about (``Awaiting.for_seat``:
    whose cards the keys are for, who shuffles, who is voted out); ``pass_no``: the
    shuffle pass (from 1; None in protocol 3, one pass per seat); ``rounds``: the game
    calls a hand a round (:func:`plays_rounds`).  An unknown reason gives "".
    """
    reason = KINDS.get(reason, reason)
    who = names[seat] if seat is not None else "?"
    me = names.is_me(seat)
    if reason == "accept":
        return t("everyone to accept the table")
    if reason == "shuffle":
        if pass_no is None:
            return t("the shuffle")
        return t("the shuffle (pass {n})", n=pass_no)
    if reason == "keys":
        if seat is None:
            return t("keys to the cards dealt")
        return t("keys for your cards") if me else t("keys for {name}'s cards", name=who)
    if reason == "receive":
        return t("you to receive your cards") if me else t("{name} to receive the cards", name=who)
    if reason == "open":
        return t("keys to open cards")
    if reason == "random":
        return t("a joint random draw")
    if reason == "order":
        return t("{name} to order the hand", name=who)
    if reason == "give":
        return t("{name} to hand a card over", name=who)
    if reason == "move":
        return t("your move") if me else t("a move by {name}", name=who)
    if reason == "reveal":
        return t("the reveal of the cards for the check")
    if reason == "abandon":
        if me:  # (this seat's own time is up: protocol/table.md §3 rule 6)
            if rounds:
                return t("your time to move is up: the others' agreement to end the round")
            return t("your time to move is up: the others' agreement to end the hand")
        if rounds:
            return t("agreement to end the round without {name}", name=who)
        return t("agreement to end the hand without {name}", name=who)
    return ""


def waiting_line(
    t: Texts,
    names: Names,
    seats: Sequence[int],
    seconds: float | None = None,
    limit: float | None = None,
    rounds: bool = False,
    voters: bool | None = True,
) -> str:
    """ "waiting for Boris, Vera…" / "ждём: Борис, Вера…", with " 12 s" / " 12 с" when
    ``seconds`` is given (whole seconds, never negative).  ``limit``: the table's stall
    limit (seconds); from half of it on the line says when the vote comes: "waiting for
    Boris… 66 s of 120: then the others may end the hand without him" is worded
    without a pronoun («ждём: Борис… 66 с из 120: потом остальные могут закончить
    раздачу без этого игрока»; ``rounds``: 101's "round"), so that nobody waited for is
    surprised by the vote.  It never counts past the limit («39 с из 30»): once it has
    passed, it says so, and with ``voters`` False (the seat controller's
    ``Awaiting.voters``: no seat connected can vote) that nobody can end the hand; with
    ``voters`` None (nobody can vote, but the awaited seat is connected: a voter back,
    about to vote) it says no limit at all, only the seconds."""
    who = names.join(seats, t)
    if seconds is None:
        return t("waiting for {names}…", names=who)
    s = max(0, int(seconds))
    if voters is None:
        limit = None
    if limit is not None and limit > 0 and s >= limit:
        return _past_limit(t, who, int(limit), rounds, voters)
    if limit is not None and limit > 0 and s >= limit / 2:
        if rounds:
            return t(
                "waiting for {names}… {s} s of {limit}: then the others may end the round "
                "without this player",
                names=who,
                s=s,
                limit=int(limit),
            )
        return t(
            "waiting for {names}… {s} s of {limit}: then the others may end the hand without "
            "this player",
            names=who,
            s=s,
            limit=int(limit),
        )
    return t("waiting for {names}… {s} s", names=who, s=s)


def _past_limit(t: Texts, who: str, limit: int, rounds: bool, voters: bool | None) -> str:
    """:func:`waiting_line` once the stall limit has passed."""
    if not voters:
        if rounds:
            return t(
                "waiting for {names}… the stall limit ({limit} s) has passed, but nobody is "
                "connected to end the round without this player",
                names=who,
                limit=limit,
            )
        return t(
            "waiting for {names}… the stall limit ({limit} s) has passed, but nobody is "
            "connected to end the hand without this player",
            names=who,
            limit=limit,
        )
    if rounds:
        return t(
            "waiting for {names}… the stall limit ({limit} s) has passed: the others may end "
            "the round without this player now",
            names=who,
            limit=limit,
        )
    return t(
        "waiting for {names}… the stall limit ({limit} s) has passed: the others may end "
        "the hand without this player now",
        names=who,
        limit=limit,
    )


def rejoin_waiting_line(
    t: Texts, names: Names, seats: Sequence[int], seconds: float | None = None
) -> str:
    """A seat restarted and has heard from no other seat yet (the seat controller's
    ``Awaiting.reason == "connect"``): "back at the table: waiting for an answer from
    Ann, Vika… 12 s" / «вы снова за столом: ждём ответа (Аня, Вика)… 12 с», whole
    seconds when ``seconds`` is given.  No stall limit is said: nobody is there to vote,
    and no move is offered until someone answers."""
    who = names.join(seats, t)
    if seconds is None:
        return t("back at the table: waiting for an answer from {names}…", names=who)
    s = max(0, int(seconds))
    return t("back at the table: waiting for an answer from {names}… {s} s", names=who, s=s)


def stall_warning_line(t: Texts, seconds: float, rounds: bool = False) -> str:
    """ "30 s left to make your move: then the others may end the hand without you" /
    «осталось 30 с, чтобы сходить: …», said once a turn when the stall limit nears
    (:meth:`p2pcards.peer.SeatController.warning_in`); whole seconds (the nearest: 29.99
    left is "30 s"), never negative; ``rounds``: 101's "round"."""
    n = max(round(seconds), 0)
    if rounds:
        return t.n(
            "{n} s left to make your move: then the others may end the round without you",
            "{n} s left to make your move: then the others may end the round without you",
            n,
        )
    return t.n(
        "{n} s left to make your move: then the others may end the hand without you",
        "{n} s left to make your move: then the others may end the hand without you",
        n,
    )


def awaiting_line(t: Texts, names: Names, awaiting: Any, rounds: bool = False) -> str:
    """The seat controller's ``Awaiting`` in words: "waiting for Boris… 12 s: keys for
    Boris's cards" (``seats``, ``reason``, ``for_seat``, ``pass_no``, ``waited_ms``;
    ``rounds``: see :func:`waiting_reason`); a restarted seat that heard no one yet
    (``reason="connect"``): :func:`rejoin_waiting_line`."""
    if awaiting.reason == "connect":
        return rejoin_waiting_line(t, names, awaiting.seats, awaiting.waited_ms / 1000)
    head = waiting_line(t, names, awaiting.seats, awaiting.waited_ms / 1000)
    why = waiting_reason(
        t,
        names,
        awaiting.reason,
        seat=awaiting.for_seat,
        pass_no=awaiting.pass_no,
        rounds=rounds,
    )
    return t("{waiting}: {why}", waiting=head, why=why) if why else head


class ClaimWords(Protocol):
    """What a game's presenter says of a claim about hidden cards (see
    :meth:`p2pcards.ui.Presenter.claim_text`)."""

    def claim_text(self, claim: Any, names: Names) -> str: ...

    def falsified_text(self, claim: Any, falsified: Any, names: Names) -> str: ...


def cheat_text(
    t: Texts, names: Names, ev: Any, words: ClaimWords | None = None, rounds: bool = False
) -> str:
    """A :class:`~p2pcards.table.CheatDetected` in words, without the cheater's name
    (the caller puts it first): what was broken and at which entry ("a false claim
    (entry 17): Boris plays 9♣ in trick 2, so has no ♥; but had to play J♥").  ``words``:
    the game's presenter, for a false claim (without it the claim is named by its rule).
    Reads the event's fields by name (``offence``, ``seq``, ``rule``, ``claim``,
    ``falsified``, ``about``), so this module does not import the table.  ``rounds``
    (or a presenter of such a game): the game calls a hand a round (:func:`plays_rounds`)."""
    off = str(getattr(ev, "offence", "protocol"))
    where = t(" (entry {n})", n=ev.seq) if ev.seq is not None else ""
    if off == "false claim":
        if words is None or getattr(ev, "claim", None) is None:
            return t("a false claim{where}: {rule}", where=where, rule=ev.rule)
        said = words.claim_text(ev.claim, names)
        if ev.falsified is None:  # refused at its own entry: its proof does not hold
            return t(
                "a false claim{where}: {claim}; its proof does not hold", where=where, claim=said
            )
        why = words.falsified_text(ev.claim, ev.falsified, names)
        return t("a false claim{where}: {claim}; {why}", where=where, claim=said, why=why)
    if off == "equivocation":
        return t("two different signed entries for one place in the log{where}", where=where)
    if off == "out of turn":
        return t("an entry out of turn{where}", where=where)
    if off == "transcript":
        return t("an entry that does not fit the log{where}", where=where)
    if off == "illegal move":
        return t("a move the rules forbid{where}: {rule}", where=where, rule=ev.rule)
    rule = step_words(t, ev.rule, rounds or _rounds(words))
    return t("a protocol step broken{where}: {rule}", where=where, rule=rule)


STEP_WORDS = {
    "key": N_("the seat's key and its proof"),
    "seat key": N_("the seat's key and its proof"),
    "shuffle": N_("the shuffle of the deck"),
    "reshuffle": N_("the re-shuffle of a hand"),
    "reshuffle-open": N_("the opening of a re-shuffled hand"),
    "take": N_("taking a card"),
    "reencrypt": N_("the re-encryption of the cards handed over"),
    "lot": N_("the shuffle of the lots"),
    "lot-open": N_("the opening of the lot"),
    "share": N_("a decryption share"),
    "open": N_("the opening of cards"),
    "showdown": N_("the showdown at the end of the hand"),
    "abandon": N_("a vote to end the hand"),
    "move": N_("a move"),
    "move encoding": N_("the encoding of a move"),
    "mental poker": N_("the card cryptography"),
}
ROUND_STEP_WORDS = {
    "showdown": N_("the showdown at the end of the round"),
    "abandon": N_("a vote to end the round"),
}
"""The table's protocol steps (a :class:`~p2pcards.table.CheatDetected`'s ``rule``: a
step's kind, with the entry it began at: "shuffle 12") in words; ``ROUND_STEP_WORDS``:
those that say "round" in a game that plays rounds."""


def step_words(t: Texts, rule: str, rounds: bool = False) -> str:
    """A protocol step in words ("the shuffle of the deck" / "перемешивание колоды") for
    a cheat's ``rule`` ("shuffle 12"); a rule of no known step as it is.  ``rounds``: the
    game calls a hand a round ("a vote to end the round")."""
    kind, _, n = rule.rpartition(" ")
    kind = kind if n.isdigit() else rule
    msgid = (ROUND_STEP_WORDS.get(kind) if rounds else None) or STEP_WORDS.get(kind)
    return t(msgid) if msgid is not None else rule


def table_event_line(
    t: Texts, names: Names, ev: Any, hand_text: str = "", words: ClaimWords | None = None
) -> str | None:
    """One line for a table or connection event (None: nothing worth a line).

    Knows the events of :mod:`p2pcards.table` (HandStarted, HandVerified, CheatDetected,
    HandAbandoned, YourCards, Waiting) and of :mod:`p2pcards.peer` (PeerLost, PeerBack)
    by their class name, so this module imports neither.  ``hand_text`` is the
    presenter's word for a hand with its number ("hand 2" / "round 2"); the event's
    ``hand`` number is used when it is empty.  ``words``: the game's presenter, which
    says a false claim (:func:`cheat_text`).
    """
    kind = type(ev).__name__
    if kind == "HandStarted":
        return f"— {hand_text or t('hand {n}', n=ev.hand)} —"
    if kind == "HandVerified":
        return t("{hand}: verified", hand=hand_text or t("hand {n}", n=ev.hand))
    if kind == "CheatDetected":
        who = names[ev.seat] if ev.seat is not None else "?"
        return t("CHEAT by {name}: {why}", name=who, why=cheat_text(t, names, ev, words))
    if kind == "HandAbandoned":
        return abandoned_line(t, names, ev, _rounds(words))
    if kind == "SeatLeft":
        return t("{name} left the table", name=names[ev.seat])
    if kind == "VoteCast":
        if names.is_me(ev.stalled):  # (the seat voted against is told: §3 rule 6)
            if _rounds(words):
                return t("{voter} votes to end the round without you", voter=names[ev.voter])
            return t("{voter} votes to end the hand without you", voter=names[ev.voter])
        if _rounds(words):
            return t(
                "{voter} votes to end the round without {name}",
                voter=names[ev.voter],
                name=names[ev.stalled],
            )
        return t(
            "{voter} votes to end the hand without {name}",
            voter=names[ev.voter],
            name=names[ev.stalled],
        )
    if kind == "YourCards":
        return t("You receive {cards}", cards=t.cards(ev.cards))
    if kind == "Waiting":
        return waiting_line(t, names, ev.seats)
    if kind == "PeerLost":
        return t("connection lost: {name}; reconnecting…", name=ev.name)
    if kind == "PeerBack":  # (the first connection is no news)
        return t("{name} is back", name=ev.name) if getattr(ev, "again", True) else None
    return None


def abandoned_line(t: Texts, names: Names, ev: Any, rounds: bool = False) -> str:
    """A ``HandAbandoned`` in words: with a result (three or more seats) the seat
    forfeits ("the hand is over: Boris stopped responding and forfeits"); with two seats
    the hand ends with no result.  ``reason`` "left": it left the table.  ``rounds``:
    the game calls a hand a round (101: "the round is over", "раунд окончен")."""
    return t(abandoned_msgid(ev, rounds), name=names[ev.seat])


def abandoned_msgid(ev: Any, rounds: bool = False) -> str:
    """The catalog's msgid of :func:`abandoned_line` for ``ev`` (its ``{name}`` not
    filled in), for a front end that words it later, in the language of the moment."""
    forfeits = getattr(ev, "result", None) is not None
    left = getattr(ev, "reason", "stall") == "left"
    return _ABANDONED[forfeits, rounds, left]


_ABANDONED = {  # (the seat forfeits, the game plays rounds, it left) -> the line
    (True, True, True): N_("the round is over: {name} left the table and forfeits"),
    (True, True, False): N_("the round is over: {name} stopped responding and forfeits"),
    (True, False, True): N_("the hand is over: {name} left the table and forfeits"),
    (True, False, False): N_("the hand is over: {name} stopped responding and forfeits"),
    (False, True, True): N_("the round is abandoned, no result: {name} left the table"),
    (False, True, False): N_("the round is abandoned: {name} stopped responding"),
    (False, False, True): N_("the hand is abandoned, no result: {name} left the table"),
    (False, False, False): N_("the hand is abandoned: {name} stopped responding"),
}


def dealer_line(
    t: Texts, names: Names, event: Any, cards: Mapping[int, Card], rounds: bool = False
) -> str | None:
    """A history line for a dealer event with every card visible (``cards``: position
    -> card; a position not in it shows as "??"); None for events not worth a line.
    ``rounds``: the game calls a hand a round ("— round 2: the deck is shuffled —")."""

    def show(ps: Sequence[int]) -> str:
        return " ".join(t.card(cards[p]) if p in cards else "??" for p in ps)

    if isinstance(event, Shuffled):
        if event.first != 0:
            return None
        if rounds:
            return t("— round {n}: the deck is shuffled —", n=event.hand + 1)
        return t("— hand {n}: the deck is shuffled —", n=event.hand + 1)
    if isinstance(event, Revealed):
        if names.is_me(event.to):
            return t("  you get {cards}", cards=show(event.positions))
        return t("  {name} gets {cards}", name=names[event.to], cards=show(event.positions))
    if isinstance(event, Opened):
        return t("  opened: {cards}", cards=t.cards(event.cards))
    if isinstance(event, Taken):
        return t("  (the card is {card})", card=show([event.position]))
    return None
