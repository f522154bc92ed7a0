"""File calls for log files: the only module of the transcript layer that does I/O, and
only on file objects its caller opened (it never opens a path).

The peer layer opens ``NAME`` (entries and evidence) and ``NAME.secrets`` (its own
secrets) in ``"r+b"``/``"a+b"`` mode and uses :func:`recover` once, then
:func:`append_records` for every write.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import BinaryIO

from p2pcards.transcript._logfile import MAGIC, LogContents, RecordType, encode_record, read_log


def recover(f: BinaryIO) -> LogContents:
    """Read a whole log file from the start, cut off a torn final record (truncating
    the file to ``good_length``) and leave the position at the end.

    Returns the :class:`LogContents` (``torn`` says what was cut).  Raises
    :class:`LogFileError` for a file that is not a log or is corrupt in the middle."""
    f.seek(0)
    contents = read_log(f.read())
    if contents.torn is not None:
        f.truncate(contents.good_length)
    f.seek(0, os.SEEK_END)
    return contents


_datasync = getattr(os, "fdatasync", os.fsync)


def append_records(
    f: BinaryIO, records: Iterable[tuple[RecordType, bytes]], *, sync: bool = True
) -> None:
    """Append records at the end of ``f`` (writing the magic first if the file is
    empty), flush, and with ``sync`` call ``os.fdatasync`` (``os.fsync`` where there is
    none) so they survive a crash before the caller publishes anything that depends on
    them (fdatasync also syncs the file size an append changes)."""
    f.seek(0, os.SEEK_END)
    out = b"".join(encode_record(t, d) for t, d in records)
    if f.tell() == 0:
        out = MAGIC + out
    f.write(out)
    f.flush()
    if sync:
        _datasync(f.fileno())
