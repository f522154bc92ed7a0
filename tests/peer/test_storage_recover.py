"""The one record writer (peer/_storage.py): a torn final record is cut on open and
reported, the next append completes the file; listing unfinished tables reads only."""

from __future__ import annotations

import io
import os
from pathlib import Path

from p2pcards.identity import new_identity
from p2pcards.peer import unfinished_tables
from p2pcards.peer._storage import TableStorage, read_entries, recover
from p2pcards.transcript import MAGIC, RecordType, encode_log, encode_record
from tests.table.harness import Harness
from tests.transcript._transcript_helpers import started_log


def sample() -> list[tuple[RecordType, bytes]]:
    _log, entries = started_log(3)
    recs = [(RecordType.ENTRY, e.raw) for e in entries]
    recs.insert(1, (RecordType.SECRET, b"k" * 32))
    recs.append((RecordType.EVIDENCE, b"proof"))
    return recs


def _write(f: io.BufferedIOBase | io.BytesIO, recs: list[tuple[RecordType, bytes]]) -> None:
    f.seek(0, os.SEEK_END)
    out = b"".join(encode_record(t, d) for t, d in recs)
    f.write((MAGIC if f.tell() == 0 else b"") + out)


def test_recover_and_append_on_a_real_file(tmp_path: Path) -> None:
    recs = sample()
    path = tmp_path / "table.p2plog"
    with open(path, "a+b") as f:
        _write(f, recs[:3])
        _write(f, recs[3:])
    whole = path.read_bytes()
    assert whole == encode_log(recs)
    path.write_bytes(whole[:-7])  # a crash in the middle of the last write
    with open(path, "r+b") as f:
        got = recover(f)
        assert len(got.records) == 4 and got.torn is not None
        _write(f, recs[4:])
    assert path.read_bytes() == whole
    with open(path, "r+b") as f:
        assert recover(f).torn is None


def test_recover_in_memory() -> None:
    f = io.BytesIO()
    _write(f, sample())
    f.write(b"\x00\x00\x00")
    got = recover(f)
    assert got.torn is not None and got.torn.length == 3
    assert f.getvalue() == encode_log(sample())


def test_listing_unfinished_tables_creates_no_file_and_leaves_none_open(tmp_path: Path) -> None:
    """unfinished_tables used to open each table's storage (O_CREAT: an empty
    ``.secrets`` appeared beside a log copied without one) and never closed it."""
    h = Harness("akulina", 3, seed=1)
    g = h.tables[0].genesis
    me = new_identity("x")
    st = TableStorage(g.table, tmp_path)
    st.append_entries([h.tables[0].log[0].raw])
    st.close()
    st.secrets_path.unlink()
    before = sorted(p.name for p in (tmp_path / "tables").iterdir())
    fds = len(os.listdir("/proc/self/fd"))
    assert unfinished_tables(me, tmp_path) == []  # not seated there
    assert sorted(p.name for p in (tmp_path / "tables").iterdir()) == before
    assert len(os.listdir("/proc/self/fd")) == fds
    assert read_entries(st.log_path) == [h.tables[0].log[0].raw]
    assert not (tmp_path / "nowhere").exists()
    assert unfinished_tables(me, tmp_path / "nowhere") == []
    assert not (tmp_path / "nowhere").exists()
