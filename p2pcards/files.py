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

The table files are written by :class:`p2pcards.peer.TableStorage` (the one record
writer) in the transcript's log-file format (``p2pcards.transcript``: records with a
length and a checksum; a record cut by a crash is detected and cut on the next start).

Every failure is a :class:`StorageError` naming the path and saying what to do (full
disk, unwritable directory).
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import platformdirs

ENV_HOME = "P2PCARDS_HOME"
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
