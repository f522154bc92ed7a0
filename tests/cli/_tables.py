"""An unfinished table in a data directory, written the way a seat writes one (its
genesis in the log, its roster in the secrets), for the tests of ``p2pcards games`` and
of host/join meeting an unfinished table.  No network."""

from __future__ import annotations

from pathlib import Path

from p2pcards.games import load_game
from p2pcards.identity import Identity, new_identity
from p2pcards.peer import TableStorage
from p2pcards.transcript import Genesis, SeatInfo, make_genesis


def unfinished_table(
    base: Path,
    me: Identity,
    game: str = "thousand",
    others: tuple[str, ...] = ("Борис", "Вера"),
    *,
    host_address: tuple[str, int] = ("10.77.0.1", 40000),
    name: str = "",
) -> bytes:
    """Write an unfinished table of ``game`` hosted by ``me`` (seat 0) with ``others``
    under ``base``; returns its table id."""
    table_id = bytes(range(0xD1, 0xD1 + 16))
    g = load_game(game, seats=1 + len(others))
    seats = [SeatInfo(me.name, me.peer_id, me.sealing_public)]
    for n in others:
        o = new_identity(n)
        seats.append(SeatInfo(n, o.peer_id, o.sealing_public))
    raw = make_genesis(me.signing_key, Genesis(table_id, game, dict(g.options), tuple(seats))).raw
    st = TableStorage(table_id, base)
    st.append_entries([raw])
    members = [[s.identity, *host_address] if i == 0 else [s.identity, "", 0]
               for i, s in enumerate(seats)]  # fmt: skip
    st.persist("roster", {"members": members, "port": host_address[1], "bind": "",
                          "name": name or f"{me.name}: {g.info.title['en']}"})  # fmt: skip
    st.close()
    return table_id
