"""A table's files: the public log (entries and evidence, transcript log-file format,
auditable with ``p2pcards audit``) and this peer's secrets (mode 0600).

Secrets are synced to disk (fdatasync) before :meth:`TableStorage.persist` returns, so
nothing that depends on them is published first.  Log entries are written through to the
operating system (they survive the process being killed) but not synced one by one: the
log is public and a restart loses nothing by missing its tail after a power cut (every
entry this seat wrote is re-derived byte-identical from its synced secrets, the others
come back from the peers).  A sync per entry cost 4-17 ms on the critical path of every
entry on a virtual disk."""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any, BinaryIO

import msgpack

from p2pcards._say import Msgid
from p2pcards.files import StorageError, home, private_dir, tighten
from p2pcards.transcript import MAGIC, LogContents, RecordType, encode_record, read_log

_datasync = getattr(os, "fdatasync", os.fsync)


def recover(f: BinaryIO) -> LogContents:
    """Read a whole log file from the start, cut off a torn final record (truncating the
    file to ``good_length``) and leave the position at the end.

    Returns the :class:`~p2pcards.transcript.LogContents` (``torn`` says what was cut).
    Raises :class:`~p2pcards.transcript.LogFileError` for a file that is not a log or is
    corrupt in the middle."""
    f.seek(0)
    contents = read_log(f.read())
    if contents.torn is not None:
        f.truncate(contents.good_length)
    f.seek(0, os.SEEK_END)
    return contents


def read_entries(path: Path) -> list[bytes]:
    """The entries of the log file at ``path``, read only (a torn final record is left
    out, not cut: nothing is written, no file is created).  Raises OSError when it
    cannot be read and :class:`~p2pcards.transcript.LogFileError` when it is corrupt."""
    return read_log(path.read_bytes()).entries()


def read_secrets(path: Path) -> dict[str, Any]:
    """The secrets (key -> data) of the ``.secrets`` file at ``path``, read only (as
    :meth:`TableStorage.secrets`; nothing is written).  Raises OSError when it cannot be
    read and :class:`~p2pcards.transcript.LogFileError` when it is corrupt."""
    out: dict[str, Any] = {}
    for r in read_log(path.read_bytes()).records:
        if r.type == RecordType.SECRET:
            key, data = msgpack.unpackb(r.data, raw=False)
            out[key] = data
    return out


def _open(path: Path, mode: int) -> BinaryIO:
    """Open (create) ``path``; its directory is made or tightened to 0700, and a private
    ``mode`` (0600) is enforced on an existing file too."""
    private_dir(path.parent)
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, mode)
        if not mode & 0o077:
            tighten(fd, mode)
        return os.fdopen(fd, "r+b")
    except OSError as exc:
        raise StorageError(
            exc.errno or 0, Msgid("cannot open {path}: {why}"), path=str(path), why=exc.strerror
        ) from None


class TableStorage:
    """``<home>/tables/<table id hex>.log`` and ``.secrets``.

    ``append_entries(raws)`` adds log entries; ``persist(key, data)`` stores one secret
    (msgpack of ``[key, data]``) durably; ``load()`` returns what a restart needs.
    Every failure is a :class:`~p2pcards.files.StorageError` naming the path and the cure.
    """

    def __init__(self, table_id: bytes, base: Path | None = None) -> None:
        root = private_dir(base) if base is not None else home()
        self.log_path = root / "tables" / f"{table_id.hex()}.log"
        self.secrets_path = root / "tables" / f"{table_id.hex()}.secrets"
        self._log = _open(self.log_path, 0o644)
        self._secrets = _open(self.secrets_path, 0o600)
        self._log_contents = recover(self._log)
        self._secret_contents = recover(self._secrets)
        self.log_length = sum(r.type == RecordType.ENTRY for r in self._log_contents.records)
        """Entries in the log file (those on disk at start plus those appended since)."""
        self._evidence = set(self._log_contents.evidence())

    def entries(self) -> list[bytes]:
        """Entries already on disk (after a restart)."""
        return [r.data for r in self._log_contents.records if r.type == RecordType.ENTRY]

    def secrets(self) -> dict[str, Any]:
        """Secrets already on disk (key -> data)."""
        out: dict[str, Any] = {}
        for r in self._secret_contents.records:
            if r.type == RecordType.SECRET:
                key, data = msgpack.unpackb(r.data, raw=False)
                out[key] = data
        return out

    def append_entries(self, raws: list[bytes]) -> None:
        """Append log entries (written through to the OS, not synced: see the module)."""
        self._write(self._log, self.log_path, [(RecordType.ENTRY, r) for r in raws], False)
        self.log_length += len(raws)

    def evidence(self) -> list[bytes]:
        """Evidence already on disk (signed entries this seat rejected as cheats)."""
        return self._log_contents.evidence()

    def append_evidence(self, raws: tuple[bytes, ...] | list[bytes]) -> None:
        """Append EVIDENCE records (each signed entry once: one the file holds already, e.g.
        rejected again after a restart, is not written twice)."""
        new = [r for r in dict.fromkeys(raws) if r not in self._evidence]
        if new:
            self._write(self._log, self.log_path, [(RecordType.EVIDENCE, r) for r in new], False)
            self._evidence.update(new)

    def persist(self, key: str, data: Any) -> None:
        """Store a secret durably (synced) before anything depending on it is published."""
        rec = msgpack.packb([key, data], use_bin_type=True)
        self._write(self._secrets, self.secrets_path, [(RecordType.SECRET, rec)], True)

    def _write(
        self, f: BinaryIO, path: Path, records: list[tuple[RecordType, bytes]], sync: bool
    ) -> None:
        """Append ``records`` with os.write (and, with ``sync``, fdatasync); on failure
        (e.g. a full disk) cut the file back to its size before, so no torn record is
        left, and raise StorageError naming the path and the cure."""
        fd = f.fileno()
        data = b"".join(encode_record(t, d) for t, d in records)
        size = -1
        try:
            size = os.lseek(fd, 0, os.SEEK_END)
            if size == 0:
                data = MAGIC + data
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            if sync:
                _datasync(fd)  # fdatasync (fsync where there is none)
        except OSError as exc:
            try:
                if size >= 0:
                    os.ftruncate(fd, size)
            except OSError:
                pass  # recover() cuts a torn tail on the next start
            cure: str = exc.strerror or str(exc)
            if exc.errno in (errno.ENOSPC, errno.EDQUOT):
                cure = Msgid("the disk is full: free some space, then start again to resume")
            raise StorageError(
                exc.errno or 0, Msgid("cannot write {path}: {cure}"), path=str(path), cure=cure
            ) from None

    def mark_done(self) -> None:
        """Mark the game over (a ``.done`` file beside the log): nothing to resume."""
        try:
            self.log_path.with_suffix(".done").touch()
        except OSError:
            pass

    def mark_left(self) -> None:
        """Mark that this seat left the table (a ``.left`` file beside the log): the
        others end the hand without it, so it is over for this seat and not offered for
        resuming (:func:`~p2pcards.peer.unfinished_tables`)."""
        try:
            self.log_path.with_suffix(".left").touch()
        except OSError:
            pass

    def mark_bots(self, bots: Sequence[tuple[str, str]] = ()) -> None:
        """Mark that in-process bots of this host sit at the table (a ``.bots`` file
        beside the log), each given as (its data directory, its bot or level): JSON
        ``[{"home": …, "strategy": …}, …]``.  Resuming the table restarts them from their
        own files there (:func:`~p2pcards.peer.unfinished_tables`); with none given (bots
        whose files went with the process) the table cannot go on after a crash and is
        not offered for resuming."""
        try:
            self.log_path.with_suffix(".bots").write_text(
                json.dumps([{"home": h, "strategy": st} for h, st in bots], ensure_ascii=False),
                encoding="utf-8",
            )
        except OSError:
            pass

    def close(self) -> None:
        """Close both files."""
        self._log.close()
        self._secrets.close()
