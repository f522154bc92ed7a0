"""The games' options in words: a short label for every option and for every value of
an option with a fixed list of values, as msgids of the catalog (shown by the web
lobby's host form; ``--option NAME=VALUE`` keeps the names).  One table for every game:
an option that several games share (``deck``, ``scores``, ``stall_limit``,
``forfeit``) means the same in each.  The rules pages (``docs/rules/<game>.md``, "Options")
say what each does at length."""

from __future__ import annotations

from typing import Any

from p2pcards.ui._texts import N_, Texts

OPTION_LABELS: dict[str, str] = {
    # shared
    "deck": N_("Deck"),
    "scores": N_("Start from a score sheet"),
    "stall_limit": N_("Seconds to wait for a player"),
    "forfeit": N_("A player who stalls or leaves (3 seats or more)"),
    "max_moves": N_("Move limit"),
    # 101
    "cards": N_("Cards dealt to each player"),
    "first_card": N_("The starter's first card"),
    "six": N_("A six"),
    "eight_continue": N_("After an eight, play again on it"),
    "eight_draw": N_("Eight: draw one when you cannot go on"),
    "eight_cover_last": N_("A round cannot end on an eight"),
    "ten_reverse": N_("A ten reverses the direction of play"),
    "king_spades_draw": N_("Cards the king of spades makes the next player draw"),
    "pass_penalty": N_("A six or seven penalty may be passed on"),
    "hundred_to_fifty": N_("A total of exactly 100 becomes 50"),
    "king_spades_points": N_("Points of the king of spades left in hand"),
    "nine_zero": N_("A nine left in hand is worth 0"),
    "queen_finish": N_("A round may end on a queen"),
    "multi": N_("Several cards of one rank in one move"),
    "recycle": N_("The empty stock is rebuilt"),
    "start": N_("The first card of a round"),
    "draw": N_("With no card to play"),
    "lose_at": N_("The series is lost"),
    "reset_at_101": N_("A total of exactly 101 becomes 0"),
    "announce_last": N_("Say “One hundred and one” before your last card"),
    "announce_penalty": N_("Cards drawn for a forgotten call"),
    "max_rounds": N_("Round limit of the series"),
    # Akulina
    "removed_queen": N_("The queen set aside"),
    "full_deck": N_("Full deck: no queen set aside"),
    "hands": N_("Hands in the series"),
    # Sunduchki
    "questions": N_("Questions"),
    "ask": N_("Whom to ask"),
    "after_success": N_("After a good guess"),
    "empty_hand": N_("An empty hand"),
    "show_chests": N_("Chests"),
    # Thousand
    "target": N_("Play up to"),
    "barrel": N_("The barrel starts at (0: no barrel)"),
    "barrel_bid": N_("Bid that leaves the barrel (0: 120 or 125)"),
    "barrel_exact": N_("Only exactly that bid leaves the barrel"),
    "barrel_tries": N_("Hands allowed on the barrel"),
    "barrel_penalty": N_("Penalty after the last try on the barrel"),
    "bolts": N_("Bolts per penalty"),
    "bolt_penalty": N_("Penalty for the bolts"),
    "bolts_in_row": N_("Only bolts in a row count"),
    "declarer_scores": N_("A declarer who made the bid scores"),
    "compare": N_("The bid is compared with"),
    "rounding": N_("Scores are written"),
    "show_talon": N_("The talon is shown to all"),
    "four_aces": N_("Four aces score 200, like a marriage"),
    "marriage_first_trick": N_("A marriage may be declared on the first trick"),
    "sitout_scores": N_("The dealer sitting out (four seats) scores"),
    "max_hands": N_("Hand limit of the game"),
}
"""Option name -> its label (a msgid)."""

VALUE_LABELS: dict[tuple[str, str], str] = {
    ("forfeit", "lose"): N_("loses the game, with the forfeit line on the sheet"),
    ("forfeit", "void"): N_("loses the game, nothing written for the hand"),
    ("first_card", "any"): N_("any card of the hand"),
    ("first_card", "last_dealt"): N_("the last card dealt to the starter"),
    ("six", "cover"): N_("its player covers it"),
    ("six", "next_draws"): N_("the next player draws one and misses a turn"),
    ("recycle", "turn"): N_("by turning the discard pile over"),
    ("recycle", "shuffle"): N_("by a new shuffle"),
    ("start", "hand"): N_("from the starter's hand"),
    ("start", "deck"): N_("turned up from the stock"),
    ("draw", "one"): N_("draw one, the turn passes"),
    ("draw", "until_playable"): N_("draw until a card can be played"),
    ("lose_at", "above"): N_("above 101"),
    ("lose_at", "at_least"): N_("at 101 or more"),
    ("removed_queen", "hearts"): N_("the queen of hearts"),
    ("removed_queen", "diamonds"): N_("the queen of diamonds"),
    ("removed_queen", "clubs"): N_("the queen of clubs"),
    ("questions", "three"): N_("three: rank, count, suits"),
    ("questions", "one"): N_("one: a named rank takes every such card"),
    ("ask", "any"): N_("any opponent with cards"),
    ("ask", "left"): N_("the left neighbour while the stock lasts"),
    ("after_success", "any"): N_("ask anyone"),
    ("after_success", "same"): N_("keep asking the same opponent"),
    ("empty_hand", "wait"): N_("draws at its next turn, which then ends"),
    ("empty_hand", "draw_on"): N_("draws at once and goes on asking"),
    ("show_chests", "open"): N_("shown to all when set aside"),
    ("show_chests", "end"): N_("set aside face down, shown at the end"),
    ("declarer_scores", "taken"): N_("what it took"),
    ("declarer_scores", "bid"): N_("the bid"),
    ("compare", "raw"): N_("the unrounded total"),
    ("compare", "rounded"): N_("the rounded total"),
    ("rounding", "five"): N_("rounded to 5"),
    ("rounding", "none"): N_("as counted"),
    ("show_talon", "contested"): N_("after a contested auction"),
    ("show_talon", "always"): N_("always"),
    ("show_talon", "never"): N_("never"),
    ("sitout_scores", "talon"): N_("the talon's card points"),
    ("sitout_scores", "talon_marriage"): N_("those and a marriage in the talon"),
    ("sitout_scores", "none"): N_("nothing"),
}
"""(option name, value as typed) -> the value's label (a msgid); a value not listed is
shown as it is (numbers)."""


def option_label(t: Texts, name: str) -> str:
    """The label of option ``name`` in ``t``'s language; KeyError for an option with
    no label (a test walks every game's options)."""
    return t(OPTION_LABELS[name])


def value_label(t: Texts, name: str, value: Any) -> str:
    """The label of ``value`` (a Python value or its typed form) of option ``name``:
    "yes"/"no" for a flag, "36 cards" for a deck, the listed label of a named value,
    else the value itself."""
    if isinstance(value, bool) or value in ("true", "false"):
        return t("yes") if value in (True, "true") else t("no")
    if name == "deck":
        n = int(value)
        return t.n("{n} card", "{n} cards", n)
    msgid = VALUE_LABELS.get((name, str(value)))
    return t(msgid) if msgid is not None else str(value)
