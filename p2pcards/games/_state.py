"""The engine contract: options, game descriptions, claims and the state base class.

Modeled on OpenSpiel's ``Game``/``State`` split, for many parties with hidden cards:
a :class:`GameInfo` describes a game and its options; :meth:`GameInfo.new_state` gives a
:class:`GameState`, a deterministic, mutable state machine driven by needs and events
(:mod:`p2pcards.games._events`).
"""

from __future__ import annotations

import copy
import hashlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

import msgpack

from p2pcards.cards import Card
from p2pcards.games._errors import OptionError
from p2pcards.games._events import Finished, Need
from p2pcards.games._moves import Event, Move, decode_event, encode_event

Knowledge = Mapping[int, Card]
"""What one seat knows: position -> card, for the positions it has seen this hand."""


@dataclass(frozen=True, slots=True)
class Option:
    """One configuration option of a game.

    ``default`` is the variant the rules text calls "ours"; ``choices`` (if given) lists
    every allowed value; ``low``/``high`` bound integers; ``rules`` names the section of
    the rules text the option comes from; ``help`` says what it does, in English, and
    ``help_ru`` in Russian (lobbies list both; see :meth:`describe_help`).
    """

    name: str
    default: Any
    help: str
    rules: str
    choices: tuple[Any, ...] | None = None
    low: int | None = None
    high: int | None = None
    help_ru: str = ""

    def describe_help(self, lang: str = "en") -> str:
        """The option's description in ``lang`` ("en" or "ru"; English when no Russian
        text is given)."""
        return self.help_ru if lang == "ru" and self.help_ru else self.help

    def parse(self, value: Any) -> Any:
        """Validate ``value`` (a Python value or its command-line string form).

        Returns the typed value; raises :class:`OptionError` naming the option and the
        allowed values.
        """
        kind = type(self.default)
        v = value
        if isinstance(value, str) and kind is not str:
            text = value.strip().lower()
            try:
                if kind is bool:
                    if text not in ("true", "false", "yes", "no", "1", "0", "on", "off"):
                        raise ValueError
                    v = text in ("true", "yes", "1", "on")
                else:
                    v = kind(text)
            except ValueError:
                if kind is bool:
                    raise OptionError(
                        "option {option}: {value!r} is not true or false",
                        option=self.name,
                        value=value,
                    ) from None
                raise OptionError(
                    "option {option}: {value!r} is not a number", option=self.name, value=value
                ) from None
        if kind is int and (not isinstance(v, int) or isinstance(v, bool)):
            raise OptionError(
                "option {option}: {value!r} is not a whole number", option=self.name, value=value
            )
        if kind is bool and not isinstance(v, bool):
            raise OptionError(
                "option {option}: {value!r} is not true or false", option=self.name, value=value
            )
        if kind is str and not isinstance(v, str):
            raise OptionError(
                "option {option}: {value!r} is not a text", option=self.name, value=value
            )
        if self.choices is not None and v not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise OptionError(
                "option {option}: {value!r} is not one of {allowed}",
                option=self.name,
                value=value,
                allowed=allowed,
            )
        if self.low is not None and v < self.low:
            raise OptionError(
                "option {option}: {value} is below the minimum {low}",
                option=self.name,
                value=v,
                low=self.low,
            )
        if self.high is not None and v > self.high:
            raise OptionError(
                "option {option}: {value} is above the maximum {high}",
                option=self.name,
                value=v,
                high=self.high,
            )
        return v


Term = tuple[tuple[Card, ...], tuple[Card, ...]]
"""``(has, lacks)`` of a :class:`HiddenClaim` of kind ``"cnf"``: every card of ``has`` is
at one of the positions and no card of ``lacks`` is at any of them."""


@dataclass(frozen=True)
class HiddenClaim:
    """What a claim says about the claimer's hidden cards, as a statement about sets of
    cards that a proof can show when the claim is made (the OR-proofs and inequality
    proofs of ``protocol/mental_poker_v2.md`` §10 on ``W = C2 − Σ others' shares``).

    ``kind`` ``"each"``: every card at ``positions`` is one of ``cards``; ``"holds"``:
    for one of ``groups``, every card of the group is at one of ``positions``; ``"cnf"``:
    for every clause of ``clauses`` (a tuple of :data:`Term`), one of its terms
    ``(has, lacks)`` holds: every card of ``has`` is at one of ``positions`` and no card
    of ``lacks`` is at any of them (a count or a set of suits of one rank, "no complete
    chest").  ``positions`` are the claimer's positions no one else has seen (public cards
    of its hand are checked in public and left out).  The statement holds exactly when
    the claim does, given what is public when the claim is made.
    """

    kind: str
    positions: tuple[int, ...]
    cards: tuple[Card, ...] = ()
    groups: tuple[tuple[Card, ...], ...] = ()
    clauses: tuple[tuple[Term, ...], ...] = ()

    def holds(self, cards: Mapping[int, Card]) -> bool:
        """True when the statement is true of ``cards`` (position -> card)."""
        held = [cards[p] for p in self.positions]
        if self.kind == "each":
            return all(c in self.cards for c in held)
        if self.kind == "cnf":
            got = set(held)
            return all(
                any(set(has) <= got and not got & set(lacks) for has, lacks in clause)
                for clause in self.clauses
            )
        return any(all(c in held for c in g) for g in self.groups)

    def mentions(self) -> frozenset[Card]:
        """Every card the statement names."""
        named = set(self.cards) | {c for g in self.groups for c in g}
        for clause in self.clauses:
            for has, lacks in clause:
                named.update(has)
                named.update(lacks)
        return frozenset(named)


def each_hidden(
    positions: Sequence[int], allowed: Sequence[Card], public: Mapping[int, Card]
) -> HiddenClaim | None:
    """ "Every card at ``positions`` is one of ``allowed``" on the hidden ones, or None
    when nothing is hidden or a public card there already breaks it (then the claim is
    false in public, and the end-of-hand check names it).  ``allowed`` keeps the cards
    public elsewhere: a card opened from one deck may lie hidden in the next (101's
    stock shuffled again)."""
    if any(public[p] not in allowed for p in positions if p in public):
        return None
    hidden = tuple(p for p in positions if p not in public)
    return HiddenClaim("each", hidden, tuple(allowed)) if hidden else None


def cnf_hidden(
    positions: Sequence[int], clauses: Sequence[Sequence[Term]], public: Mapping[int, Card]
) -> HiddenClaim | None:
    """ "For every clause, one of its terms ``(has, lacks)`` holds" on the hidden
    ``positions`` (the caller has already taken the public cards of the hand into the
    terms), or None when nothing is hidden or there is no clause."""
    hidden = tuple(p for p in positions if p not in public)
    if not hidden or not clauses:
        return None
    return HiddenClaim(
        "cnf", hidden, clauses=tuple(tuple((tuple(h), tuple(lk)) for h, lk in cl) for cl in clauses)
    )


def holds_hidden(
    positions: Sequence[int], groups: Sequence[Sequence[Card]], public: Mapping[int, Card]
) -> HiddenClaim | None:
    """ "For one of ``groups``, every card is at one of ``positions``" on the hidden ones
    (each group without the cards shown in public there), or None when a group is
    already shown in public or nothing is hidden."""
    shown = {public[p] for p in positions if p in public}
    gs = [tuple(c for c in g if c not in shown) for g in groups]
    hidden = tuple(p for p in positions if p not in public)
    if not gs or any(not g for g in gs) or not hidden:
        return None
    return HiddenClaim("holds", hidden, groups=tuple(gs))


@dataclass(frozen=True)
class Falsified:
    """Why a claim is false, as data (the presenter of the game says it in words).

    ``cards``: the cards that show it, in the order the game's check gives (the cards
    that should have been played, the pair kept, the chest kept, the hand held...);
    ``about``: any further facts (e.g. ``{"limit": 120}`` for a bid, ``{"position": 7,
    "claimed": K♣}`` for a chest set aside face down).
    """

    cards: tuple[Card, ...] = ()
    about: Mapping[str, Any] = field(default_factory=dict)


ClaimCheck = Callable[[Mapping[int, Card]], Falsified | None]
"""A claim's check: every card of the hand (position -> card) -> None when the claim
holds, else :class:`Falsified`."""


@dataclass(frozen=True)
class Claim:
    """A duty about hidden cards that only the end-of-hand audit can check.

    ``hand``/``step``: where it was made (step = index of the move among the hand's
    events); ``seat``: who made it; ``rule``: the rules section; ``kind``: what is
    claimed, a name the game's presenter knows (e.g. Thousand's ``"follow"``); ``about``:
    its facts as data (trick number, card played, question asked...; keys per kind, listed
    where each game records its claims); ``check(cards)`` gets every card of the hand
    (position -> card, after the end-of-hand reveal) and returns None if the claim holds,
    else a :class:`Falsified` naming the cards that make it false; ``hidden``: the claim as
    a statement about the claimer's hidden cards that a proof can show when it is made
    (:class:`HiddenClaim`), or None where the claim is checked only at the end of the hand
    (each game's ``docs/rules/<game>.md`` says which).  No prose: the presenters
    (:mod:`p2pcards.ui`) say a claim and its falsehood in words.
    """

    hand: int
    step: int
    seat: int
    rule: str
    kind: str
    about: Mapping[str, Any]
    check: ClaimCheck = field(compare=False, repr=False)
    hidden: HiddenClaim | None = None
    set_of: tuple[int, ...] = ()
    """The positions whose cards ``check`` reads, given when it reads them as a set and a
    part of the set can already make the claim false (``check`` then accepts a mapping
    with some of them missing): such a claim can still be checked at the end of the hand
    after a hand re-shuffle moved its cards among positions (Akulina's "no pair")."""

    def __deepcopy__(self, memo: dict[int, object]) -> Claim:
        """Itself: a claim is never changed once made, so :meth:`GameState.clone` shares
        it (cloning the engine for every move must not copy every claim of the game)."""
        return self


StateT = TypeVar("StateT", bound="GameState")


@dataclass(frozen=True)
class GameInfo(Generic[StateT]):
    """A registered game: names, seat range, options, move types and its state class."""

    name: str
    title: Mapping[str, str]
    min_seats: int
    max_seats: int
    default_seats: int
    options: tuple[Option, ...]
    move_types: tuple[type[Move], ...]
    state_class: type[StateT]
    rules_file: str
    bots: Mapping[str, Any] = field(default_factory=dict)
    """Bot name -> :class:`~p2pcards.games.Player` (at least "random" and "basic")."""
    check: Callable[[int, Mapping[str, Any]], None] | None = None
    """``check(seats, options)``: cross-option validation after every option parsed;
    raises :class:`OptionError` (e.g. a ``scores`` option that does not fit the seats)."""
    scores_text: Callable[[Sequence[Any]], str] | None = None
    """For a game that keeps score across hands: turns one score per seat into the text
    of its ``scores`` option (see :meth:`Game.new_state`)."""

    def option(self, name: str) -> Option:
        """The option called ``name``; raises OptionError listing the known ones."""
        for o in self.options:
            if o.name == name:
                return o
        known = ", ".join(o.name for o in self.options) or "none"
        raise OptionError(
            "{game} has no option {option!r} (options: {known})",
            game=self.name,
            option=name,
            known=known,
        )

    def configure(self, seats: int | None = None, **options: Any) -> Game[StateT]:
        """Validate seats and options; returns a configured :class:`Game`.

        Raises OptionError for an unknown option, a bad value or a seat count outside
        ``min_seats..max_seats``.
        """
        n = self.default_seats if seats is None else seats
        if isinstance(n, str):
            try:
                n = int(n)
            except ValueError:
                raise OptionError("seats: {value!r} is not a number", value=n) from None
        if not self.min_seats <= n <= self.max_seats:
            if self.min_seats == self.max_seats:
                raise OptionError(
                    "{game} is played by exactly {low} players, not {n}",
                    game=self.name,
                    low=self.min_seats,
                    n=n,
                )
            raise OptionError(
                "{game} is played by {low} to {high} players, not {n}",
                game=self.name,
                low=self.min_seats,
                high=self.max_seats,
                n=n,
            )
        values = {o.name: o.default for o in self.options}
        for k, v in options.items():
            values[k] = self.option(k).parse(v)
        if self.check is not None:
            self.check(n, values)
        return Game(self, n, values)

    @property
    def move_kinds(self) -> dict[str, type[Move]]:
        """KIND -> move class."""
        return {m.KIND: m for m in self.move_types}


@dataclass(frozen=True)
class Game(Generic[StateT]):
    """A game with its seat count and every option's value fixed."""

    info: GameInfo[StateT]
    seats: int
    options: Mapping[str, Any]

    @property
    def name(self) -> str:
        """The game's registry name."""
        return self.info.name

    def new_state(self, scores: Sequence[Any] | str | None = None) -> StateT:
        """The initial state (nothing shuffled yet).

        ``scores``: continue a series from a score sheet, one score per seat in seat
        order (games that keep score across hands: Thousand, 101, Akulina; see each
        game's ``docs/rules`` page for what a score is).  It becomes the game's ``scores``
        option, so ``state.game.describe()`` (and a genesis made from it) records it:
        ``load_game("101", seats=2).new_state(scores=[40, 95])`` equals
        ``load_game("101", seats=2, scores="40,95").new_state()``.  Raises
        :class:`OptionError` (a ValueError) naming the bad entry, or for a game without
        scores.
        """
        if scores is None:
            return self.info.state_class(self)
        if self.info.scores_text is None:
            raise OptionError(
                "{game} keeps no score across hands: no scores to start from", game=self.name
            )
        text = scores if isinstance(scores, str) else self.info.scores_text(scores)
        game = self.info.configure(self.seats, **{**self.options, "scores": text})
        return game.info.state_class(game)

    def decode_event(self, obj: object) -> Event:
        """Decode plain data from :func:`encode_event`; raises DecodeError."""
        return decode_event(obj, self.info.move_kinds)

    def encode_event(self, event: Event) -> list[object]:
        """Plain msgpack-ready data for ``event``."""
        return encode_event(event)

    def describe(self) -> dict[str, Any]:
        """Plain data naming the game, seats and options (used in the genesis)."""
        return {"game": self.name, "seats": self.seats, "options": dict(self.options)}


@dataclass(frozen=True)
class View:
    """What one seat may see.  Games subclass this with their public fields.

    ``seat``: the viewer; ``need``: what the game waits for; ``hand``: the viewer's own
    cards as (position, card) pairs, sorted for display; ``counts``: cards in each
    seat's hand; ``hand_no``: the hand (deal) number, 0-based.
    """

    seat: int
    need: Need
    hand: tuple[tuple[int, Card], ...]
    counts: tuple[int, ...]
    hand_no: int


class GameState(ABC):
    """Base class of every engine's state.

    Subclasses implement :meth:`need`, :meth:`legal_moves`, :meth:`_apply`,
    :meth:`view` and :meth:`public_state`; the base keeps the claims and the event
    count.  All methods are deterministic and do no I/O.
    """

    info: ClassVar[GameInfo[Any]]

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.seats = game.seats
        self.options = game.options
        self._claims: list[Claim] = []
        self.step = 0  # events applied so far (all hands)
        self.hand_no = -1

    # -- the contract ---------------------------------------------------------------
    @abstractmethod
    def need(self) -> Need:
        """What the game waits for now (one of the needs in ``_events``)."""

    @abstractmethod
    def legal_moves(self, seat: int, knowledge: Knowledge) -> list[Move]:
        """Every legal move of ``seat`` given what it knows, sorted deterministically.

        Empty when it is not ``seat``'s decision.  ``knowledge`` maps the positions this
        seat has seen to their cards.
        """

    def apply(self, event: Event) -> None:
        """Apply a dealer event or a move.

        Raises :class:`IllegalMove` (naming seat and rule) when the event does not answer
        the current need or the move breaks a rule checkable in public; the state is then
        unchanged.  :class:`ClaimMismatch` when opened cards contradict a claim.
        """
        self._apply(event)
        self.step += 1

    @abstractmethod
    def _apply(self, event: Event) -> None:
        """Game-specific part of :meth:`apply`; must validate before mutating."""

    @abstractmethod
    def view(self, seat: int, knowledge: Knowledge) -> View:
        """What ``seat`` may see, given its knowledge."""

    @abstractmethod
    def public_state(self) -> Any:
        """The public state as plain, deterministic msgpack-ready data (no dicts with
        unordered keys)."""

    def claims(self) -> list[Claim]:
        """Every hidden-information claim made so far (all hands)."""
        return list(self._claims)

    def add_claim(
        self,
        seat: int,
        rule: str,
        kind: str,
        about: Mapping[str, Any],
        check: ClaimCheck,
        hidden: HiddenClaim | None = None,
        set_of: tuple[int, ...] = (),
    ) -> None:
        """Record a claim of ``kind`` made by ``seat`` at the current step (for
        subclasses); see :class:`Claim`."""
        claim = Claim(self.hand_no, self.step, seat, rule, kind, dict(about), check, hidden, set_of)
        self._claims.append(claim)

    def digest(self) -> bytes:
        """SHA-256 of the canonical encoding of :meth:`public_state` (32 bytes)."""
        return hashlib.sha256(msgpack.packb(self.public_state(), use_bin_type=True)).digest()

    def clone(self: StateT) -> StateT:
        """An independent deep copy (the game's description and the claims, never
        changed, are shared)."""
        memo: dict[int, Any] = {id(self.game): self.game, id(self._claims): list(self._claims)}
        return copy.deepcopy(self, memo)

    @property
    def is_finished(self) -> bool:
        """True when :meth:`need` is Finished."""
        return isinstance(self.need(), Finished)


def seats_clockwise(start: int, n: int) -> Sequence[int]:
    """Seats ``start, start+1, ..`` modulo ``n`` (clockwise is increasing seat index)."""
    return [(start + i) % n for i in range(n)]
