"""Rules engines behind one uniform contract (DESIGN.md, "Hidden information in the engine").

Public API::

    game = load_game("akulina", seats=4)          # options validated
    state = game.new_state()
    dealer = LocalDealer.seeded(state, seed=7)    # or the mental-poker table
    result = dealer.run([bots.basic] * 4)

See ``docs/architecture.md`` for the contract in full.
"""

from p2pcards.games._dealer import HandOrder, LocalDealer, Player, replay
from p2pcards.games._errors import (
    ClaimMismatch,
    DecodeError,
    GameError,
    IllegalMove,
    OptionError,
    ScoreSheetError,
)
from p2pcards.games._events import (
    CommitOrder,
    DealerEvent,
    Decision,
    Finished,
    Need,
    Open,
    Opened,
    OrderCommitted,
    Random,
    RandomValue,
    Reveal,
    Revealed,
    Shuffle,
    Shuffled,
    TakeHidden,
    Taken,
)
from p2pcards.games._forfeit import STALL_LIMIT, forfeit_result, table_options
from p2pcards.games._moves import Event, Move, decode_event, encode_event
from p2pcards.games._registry import game_info, game_names, load_game
from p2pcards.games._state import (
    Claim,
    ClaimCheck,
    Falsified,
    Game,
    GameInfo,
    GameState,
    HiddenClaim,
    Knowledge,
    Option,
    View,
    cnf_hidden,
    each_hidden,
    holds_hidden,
)

__all__ = [
    "STALL_LIMIT",
    "Claim",
    "ClaimCheck",
    "ClaimMismatch",
    "CommitOrder",
    "DealerEvent",
    "Decision",
    "DecodeError",
    "Event",
    "Falsified",
    "Finished",
    "Game",
    "GameError",
    "GameInfo",
    "GameState",
    "HandOrder",
    "HiddenClaim",
    "IllegalMove",
    "Knowledge",
    "LocalDealer",
    "Move",
    "Need",
    "Open",
    "Opened",
    "Option",
    "OptionError",
    "OrderCommitted",
    "Player",
    "Random",
    "RandomValue",
    "Reveal",
    "Revealed",
    "ScoreSheetError",
    "Shuffle",
    "Shuffled",
    "TakeHidden",
    "Taken",
    "View",
    "cnf_hidden",
    "decode_event",
    "each_hidden",
    "encode_event",
    "forfeit_result",
    "game_info",
    "game_names",
    "holds_hidden",
    "load_game",
    "replay",
    "table_options",
]
