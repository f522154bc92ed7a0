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
from typing import Any

import platformdirs

from p2pcards._say import Msgid

ENV_HOME = "P2PCARDS_HOME"
MIN_FREE = 1 << 20
"""Free space (bytes) :func:`check_writable` requires: a long game's log and secrets."""


class StorageError(OSError):
    """A file of ours cannot be read or written; the message names the path and the cure.

    ``msgid`` and ``params``: the message as a message id of the catalog and its values
    (a :class:`~p2pcards._say.Msgid` value is one too), which the command line shows in
    the player's language (:func:`p2pcards.cli._i18n.error_text`); ``str()`` is English."""

    def __init__(self, code: int, msgid: str, /, **params: Any) -> None:
        super().__init__(code, msgid.format(**params) if params else msgid)
        self.msgid = msgid
        self.params = params


_CURES = {
    errno.ENOSPC: Msgid("the disk is full: free some space"),
    errno.EDQUOT: Msgid("the disk is full: free some space"),
    errno.EROFS: Msgid(
        "the file system is read-only: choose a writable directory with P2PCARDS_HOME=..."
    ),
    errno.EACCES: Msgid("no permission: choose a writable directory with P2PCARDS_HOME=..."),
    errno.EPERM: Msgid("no permission: choose a writable directory with P2PCARDS_HOME=..."),
    errno.ENOTDIR: Msgid("a path component is not a directory: fix it or set P2PCARDS_HOME=..."),
    errno.EEXIST: Msgid("a path component is not a directory: fix it or set P2PCARDS_HOME=..."),
    errno.ENOENT: Msgid(
        "a directory on the path cannot be created here: choose another with P2PCARDS_HOME=..."
    ),
}
"""The cure of each error number :func:`_explain` knows (message ids)."""

_ACTIONS = {
    "create a private directory": Msgid("cannot create a private directory {path}: {cure}"),
    "write in": Msgid("cannot write in {path}: {cure}"),
    "write": Msgid("cannot write {path}: {cure}"),
}
"""Each action of :func:`_explain` -> its message id."""


def _explain(action: str, path: Path, exc: OSError) -> StorageError:
    cure: str = _CURES.get(exc.errno or 0) or exc.strerror or str(exc)
    return StorageError(exc.errno or 0, _ACTIONS[action], path=str(path), cure=cure)


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
        raise StorageError(
            errno.ENOTDIR, Msgid("cannot use {path}: it is not a directory"), path=str(path)
        )
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
            Msgid(
                "cannot write in {path}: only {free} KiB free, a game needs {need} KiB: free "
                "some space or set P2PCARDS_HOME=..."
            ),
            path=str(directory),
            free=free // 1024,
            need=min_free // 1024,
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
