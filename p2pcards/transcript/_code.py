"""The table code: a short string derived from the genesis that every player reads aloud
once (``protocol/transcript.md`` section 7, "Table code").

Every seat holds the same genesis bytes (every seat signs its hash in its accept), so
every honest seat shows the same code; a relay that split one table into two (a
different genesis on each side) would have to find two genesis entries whose codes
agree, an 80-bit second preimage of SHA-256.

    code = base32(SHA-256(enc("p2pcards/v1/table-code") || enc(genesis hash)))[:16]

in 4 groups of 4 separated by spaces (``"K7QX 3MAB Z2LD W4PE"``), where ``enc(b) =
u32be(len(b)) || b`` as in the protocol's hashing.  The base32 alphabet (RFC 4648: A-Z,
2-7) has no 0, 1, 8 or 9, so O/0 and I/1 cannot be confused; spaces rather than the
dashes of key fingerprints tell the two apart.
"""

from __future__ import annotations

import base64
import hashlib

TABLE_CODE_TAG = b"p2pcards/v1/table-code"


def table_code(genesis_hash: bytes) -> str:
    """The table code of the genesis whose entry hash (SHA-256 of its signed bytes,
    ``Entry.hash``) is ``genesis_hash`` (32 bytes; ValueError otherwise): 16 base32
    characters, 80 bits, in 4 groups of 4 separated by spaces."""
    if not isinstance(genesis_hash, bytes) or len(genesis_hash) != 32:
        raise ValueError("a genesis hash is 32 bytes")
    h = hashlib.sha256()
    for part in (TABLE_CODE_TAG, genesis_hash):
        h.update(len(part).to_bytes(4, "big") + part)
    text = base64.b32encode(h.digest()).decode("ascii")[:16]
    return " ".join(text[i : i + 4] for i in range(0, 16, 4))
