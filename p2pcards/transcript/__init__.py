"""Signed, hash-chained, canonical log entries (DESIGN.md "Transcript";
``protocol/transcript.md`` is the normative description).

Pure and sans-I/O (the log-file format is encoded to and decoded from bytes; the peer
layer, ``p2pcards.peer._storage``, does the file calls).  Typical use::

    entry = make_genesis(host_key, Genesis(table=tid, game="akulina", options={...},
                                           seats=(SeatInfo(...), ...)))
    log = Log(entry.raw)                       # verifies the genesis
    rnd = log.accept_round()                   # seats 1..n-1 accept, in any order
    rnd.offer(accept_bytes) ...; log.append_round(rnd)
    log.append(turn_entry_bytes)               # verified, chained, equivocation caught
    rnd = log.open_round([1, 2, 3], "keys", hand=1)   # contributions made at once
"""

from p2pcards.transcript._code import TABLE_CODE_TAG, table_code
from p2pcards.transcript._codec import (
    MAX_ARRAY_LEN,
    MAX_BIN_LEN,
    MAX_DEPTH,
    MAX_ENTRY_BYTES,
    MAX_MAP_LEN,
    MAX_STR_LEN,
)
from p2pcards.transcript._entry import (
    ENTRY_DOMAIN,
    KIND_RE,
    PROTOCOL_VERSION,
    ROUND_DOMAIN,
    ZERO_HASH,
    Entry,
    Head,
    KeyLookup,
    check_follows,
    entry_hash,
    peek_entry,
    round_link,
    sign_entry,
    verify_entry,
)
from p2pcards.transcript._equivocation import Equivocation
from p2pcards.transcript._errors import (
    BadGenesis,
    BadSignature,
    BrokenChain,
    EquivocationError,
    LogFileError,
    MalformedEntry,
    OutOfTurn,
    SequenceGap,
    TranscriptError,
    UnknownSeat,
    WrongHand,
    WrongSequence,
    WrongTable,
)
from p2pcards.transcript._genesis import (
    ACCEPT_KIND,
    GENESIS_KIND,
    Genesis,
    SeatInfo,
    check_accept,
    make_accept,
    make_genesis,
    verify_genesis,
)
from p2pcards.transcript._log import Log
from p2pcards.transcript._logfile import (
    MAGIC,
    LogContents,
    Record,
    RecordType,
    TornTail,
    encode_log,
    encode_record,
    read_log,
    read_log_from,
)
from p2pcards.transcript._pending import Pending
from p2pcards.transcript._round import Round, round_seqs

__all__ = [
    "ACCEPT_KIND",
    "ENTRY_DOMAIN",
    "GENESIS_KIND",
    "KIND_RE",
    "MAGIC",
    "MAX_ARRAY_LEN",
    "MAX_BIN_LEN",
    "MAX_DEPTH",
    "MAX_ENTRY_BYTES",
    "MAX_MAP_LEN",
    "MAX_STR_LEN",
    "PROTOCOL_VERSION",
    "ROUND_DOMAIN",
    "TABLE_CODE_TAG",
    "ZERO_HASH",
    "BadGenesis",
    "BadSignature",
    "BrokenChain",
    "Entry",
    "Equivocation",
    "EquivocationError",
    "Genesis",
    "Head",
    "KeyLookup",
    "Log",
    "LogContents",
    "LogFileError",
    "MalformedEntry",
    "OutOfTurn",
    "Pending",
    "Record",
    "RecordType",
    "Round",
    "SeatInfo",
    "SequenceGap",
    "TornTail",
    "TranscriptError",
    "UnknownSeat",
    "WrongHand",
    "WrongSequence",
    "WrongTable",
    "check_accept",
    "check_follows",
    "encode_log",
    "encode_record",
    "entry_hash",
    "make_accept",
    "make_genesis",
    "peek_entry",
    "read_log",
    "read_log_from",
    "round_link",
    "round_seqs",
    "sign_entry",
    "table_code",
    "verify_entry",
    "verify_genesis",
]
