"""Where p2pcards keeps its files, and crash-safe writing of them (peer layer, does I/O).

Layout under the data directory (:func:`home`)::

    identity.json               this user's keys and display name (mode 0600)
    tables/<table id hex>.log   the table's log: one record per transcript entry
    tables/<table id hex>.secrets   this peer's secrets for that table (mode 0600)

The data directory and ``tables/`` are mode 0700 and every ``.secrets`` file (and
``identity.json``) mode 0600: not only when created but on every open, so a folder or file
copied or made by hand with 0755 / 0644 is tightened (:func:`private_dir`,
:func:`tighten`).

The data directory is ``$P2PCARDS_HOME`` if set (tests and several peers on one machine
use it), else the platform's user data directory (platformdirs, e.g.
``~/.local/share/p2pcards`` on Linux).

Records: each record in a ``.log`` or ``.secrets`` file is a 4-byte big-endian length
followed by that many bytes.  :class:`RecordFile` appends records and fsyncs each one
before returning, so a record that was reported written survives a crash; a record cut
by a crash is detected on reading (the complete records before it are kept).

Every failure is a :class:`StorageError` naming the path and saying what to do (full
disk, unwritable directory).
"""

from __future__ import annotations

import errno
import os
import stat
import struct
from pathlib import Path

import platformdirs

ENV_HOME = "P2PCARDS_HOME"
_LEN = struct.Struct(">I")
MAX_RECORD = 64 << 20
MIN_FREE = 1 << 20
"""Free space (bytes) :func:`check_writable` requires: a long game's log and secrets."""


class StorageError(OSError):
    """A file of ours cannot be read or written; the message names the path and the cure."""


def _explain(action: str, path: Path, exc: OSError) -> StorageError:
    if exc.errno == errno.ENOSPC or exc.errno == errno.EDQUOT:
        cure = "the disk is full: free some space"
    elif exc.errno == errno.EROFS:
        cure = f"the file system is read-only: choose a writable directory with {ENV_HOME}=..."
    elif exc.errno in (errno.EACCES, errno.EPERM):
        cure = f"no permission: choose a writable directory with {ENV_HOME}=..."
    elif exc.errno in (errno.ENOTDIR, errno.EEXIST):
        cure = f"a path component is not a directory: fix it or set {ENV_HOME}=..."
    else:
        cure = exc.strerror or str(exc)
    return StorageError(exc.errno or 0, f"cannot {action} {path}: {cure}")


def tighten(target: Path | int, mode: int) -> None:
    """Remove every permission bit of ``target`` (a path or an open fd) beyond ``mode``
    (e.g. 0644 -> 0600 for ``mode`` 0o600; 0500 stays 0500).  Raises OSError."""
    st = os.stat(target)
    current = stat.S_IMODE(st.st_mode)
    if current & ~mode:
        if isinstance(target, int):
            os.fchmod(target, current & mode)
        else:
            os.chmod(target, current & mode)


def private_dir(path: Path) -> Path:
    """Create ``path`` (mode 0700, with its parents) if missing, and tighten it to 0700 if
    it exists with more (see the module docstring).  Returns ``path``; raises
    StorageError naming the path and the cure."""
    try:
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
        tighten(path, 0o700)
    except OSError as exc:
        raise _explain("create a private directory", path, exc) from None
    if not path.is_dir():
        raise StorageError(errno.ENOTDIR, f"cannot use {path}: it is not a directory")
    return path


def home() -> Path:
    """The data directory (see the module docstring), created (mode 0700) if missing and
    tightened to 0700 if it exists with more.

    Raises StorageError if it cannot be created.
    """
    override = os.environ.get(ENV_HOME)
    path = Path(override).expanduser() if override else Path(platformdirs.user_data_dir("p2pcards"))
    return private_dir(path)


def check_writable(directory: Path, min_free: int = MIN_FREE) -> None:
    """Check, before a game starts, that files can be written in ``directory`` (created
    if missing): write, fsync and delete a probe file, and require ``min_free`` bytes of
    free space.  Raises StorageError naming the path and the cure (a read-only or
    unwritable directory, a full disk)."""
    probe = directory / f".probe{os.getpid()}"
    try:
        private_dir(directory)
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.write(fd, b"p2pcards")
            os.fsync(fd)
        finally:
            os.close(fd)
            probe.unlink(missing_ok=True)
        st = os.statvfs(directory)
    except OSError as exc:
        raise _explain("write in", directory, exc) from None
    free = st.f_bavail * st.f_frsize
    if free < min_free:
        raise StorageError(
            errno.ENOSPC,
            f"cannot write in {directory}: only {free // 1024} KiB free, a game needs "
            f"{min_free // 1024} KiB: free some space or set {ENV_HOME}=...",
        )


def fsync_dir(path: Path) -> None:
    """fsync a directory so that a file created or renamed in it survives a crash."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some filesystems refuse fsync on directories; nothing more can be done
    finally:
        os.close(fd)


def write_atomic(path: Path, data: bytes, mode: int = 0o600) -> None:
    """Replace ``path`` with ``data`` all at once (temp file, fsync, rename, fsync dir).

    Raises StorageError.
    """
    tmp = path.with_name(f".{path.name}.tmp{os.getpid()}")
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
        try:
            os.fchmod(fd, mode)
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except OSError as exc:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise _explain("write", path, exc) from None
    fsync_dir(path.parent)


class RecordFile:
    """An append-only file of length-prefixed records, fsynced after each append.

    ``RecordFile(path, mode=0o600)`` opens (creating it, and its directory, mode 0700, if
    needed; a private ``mode`` such as 0600 is also enforced on an existing file, and the
    directory tightened to 0700); ``append(data)`` writes one record durably;
    ``read_all(path)`` returns every complete record.  Use as a context manager or call ``close()``.
    """

    def __init__(self, path: Path, mode: int = 0o644) -> None:
        self.path = Path(path)
        private_dir(self.path.parent)
        try:
            existed = self.path.exists()
            self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, mode)
            if not mode & 0o077:
                tighten(self._fd, mode)
        except OSError as exc:
            raise _explain("open for writing", self.path, exc) from None
        if not existed:
            fsync_dir(self.path.parent)

    def append(self, data: bytes) -> None:
        """Append one record and fsync it; raises StorageError (e.g. disk full)."""
        if len(data) > MAX_RECORD:
            raise ValueError(f"record of {len(data)} bytes exceeds {MAX_RECORD}")
        record = _LEN.pack(len(data)) + data
        try:
            view = memoryview(record)
            while view:
                view = view[os.write(self._fd, view) :]
            os.fsync(self._fd)
        except OSError as exc:
            raise _explain("append to", self.path, exc) from None

    def close(self) -> None:
        """Close the file (idempotent)."""
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1

    def __enter__(self) -> RecordFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @staticmethod
    def read_all(path: Path) -> tuple[list[bytes], bool]:
        """Return ``(records, truncated)``: every complete record, and whether a final
        record was cut short (a crash mid-append).  A missing file reads as ([], False).

        Raises StorageError if the file cannot be read.
        """
        try:
            data = Path(path).read_bytes()
        except FileNotFoundError:
            return [], False
        except OSError as exc:
            raise _explain("read", Path(path), exc) from None
        records, pos = [], 0
        while pos + 4 <= len(data):
            (n,) = _LEN.unpack_from(data, pos)
            if pos + 4 + n > len(data):
                break
            records.append(data[pos + 4 : pos + 4 + n])
            pos += 4 + n
        return records, pos != len(data)


class TableFiles:
    """The files of one table under ``home``: ``log_path`` and ``secrets_path``.

    ``open_log()`` / ``open_secrets()`` return RecordFiles (secrets with mode 0600).
    Write a secret before publishing anything that depends on it (DESIGN.md, "Mental
    poker"): ``RecordFile.append`` returns only once it is on disk.
    """

    def __init__(self, table_id: bytes, base: Path | None = None) -> None:
        root = base if base is not None else home()
        self.table_id = table_id
        self.directory = root / "tables"
        self.log_path = self.directory / f"{table_id.hex()}.log"
        self.secrets_path = self.directory / f"{table_id.hex()}.secrets"

    def open_log(self) -> RecordFile:
        """The table's log, for appending (mode 0644: the log is public)."""
        return RecordFile(self.log_path, 0o644)

    def open_secrets(self) -> RecordFile:
        """This peer's secrets for the table, for appending (mode 0600)."""
        return RecordFile(self.secrets_path, 0o600)

    def read_log(self) -> tuple[list[bytes], bool]:
        """Records of the log, and whether the last one was cut (see RecordFile.read_all)."""
        return RecordFile.read_all(self.log_path)

    def read_secrets(self) -> tuple[list[bytes], bool]:
        """Records of the secrets file (see RecordFile.read_all)."""
        return RecordFile.read_all(self.secrets_path)
