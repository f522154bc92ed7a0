"""A full disk or an unwritable data directory is reported clearly: before the game
starts (``p2pcards host``/``join`` exit 2 naming the path and the cure) or at the moment
it happens (a secret or a log entry that cannot be written stops the session: nothing
more is sent, the file keeps no torn record, and the error reaches the user)."""

from __future__ import annotations

import errno
import functools
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import trio

from p2pcards import files
from p2pcards._say import Msgid
from p2pcards.cli._lan import run_lan
from p2pcards.files import StorageError, check_writable
from p2pcards.peer import Session, StorageFailed, TableStorage, _storage
from p2pcards.table import Broadcast, Persist, Table
from p2pcards.transcript import RecordType, read_log
from tests.table.harness import make_genesis_bytes, make_seats

ROOT = Path(__file__).resolve().parents[2]


class FullDisk:
    """Stands in for the ``os`` module inside p2pcards.peer._storage: ``write`` on the
    chosen descriptors writes at most ``room`` more bytes, then fails with ENOSPC (as a
    real full disk does: a short write, then the error)."""

    def __init__(self, fds: set[int], room: int) -> None:
        self.fds = fds
        self.room = room

    def write(self, fd: int, data: Any) -> int:
        if fd not in self.fds:
            return os.write(fd, data)
        if self.room <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        n = os.write(fd, bytes(data)[: self.room])
        self.room -= n
        return n

    def __getattr__(self, name: str) -> Any:
        return getattr(os, name)


def _table(tmp_path: Path) -> tuple[Table, TableStorage]:
    seats = make_seats(2, random.Random(3))
    genesis = make_genesis_bytes("akulina", seats, bytes(range(16)))
    key, sk, _pk = seats[1]
    table = Table(genesis, seat=1, identity=key, sealing_key=sk,
                  random_bytes=random.Random(1).randbytes)  # fmt: skip
    return table, TableStorage(bytes(range(16)), tmp_path)


def test_enospc_on_a_secret_leaves_no_torn_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, storage = _table(tmp_path)
    storage.persist("hand1/deck0", b"s" * 40)
    good = storage.secrets_path.read_bytes()
    full = FullDisk({storage._secrets.fileno()}, room=10)
    monkeypatch.setattr(_storage, "os", full)
    with pytest.raises(StorageError) as e:
        storage.persist("hand1/random0", b"r" * 40)
    assert e.value.errno == errno.ENOSPC
    assert str(storage.secrets_path) in str(e.value)
    assert "the disk is full: free some space" in str(e.value)
    assert storage.secrets_path.read_bytes() == good  # cut back: no torn record
    full.room = 10**6  # space freed: the next write works and both records read back
    storage.persist("hand1/random0", b"r" * 40)
    again = TableStorage(bytes(range(16)), tmp_path)  # a restart reads both back
    assert again.secrets() == {"hand1/deck0": b"s" * 40, "hand1/random0": b"r" * 40}
    log = read_log(storage.secrets_path.read_bytes())
    assert log.torn is None and [r.type for r in log.records] == [RecordType.SECRET] * 2


async def test_a_secret_that_cannot_be_written_is_never_published(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Session.handle: Persist fails -> the Broadcast after it is not queued, the user
    gets StorageFailed, and the session refuses to do anything more."""
    table, storage = _table(tmp_path)
    session = Session(table, [bytes(32), bytes([1]) * 32], storage)
    monkeypatch.setattr(_storage, "os", FullDisk({storage._secrets.fileno()}, room=0))
    outs = [Persist("hand1/deck0", b"secret"), Broadcast(b"pass body", 3, "pass")]
    with pytest.raises(StorageError, match="disk is full"):
        session.handle(outs)
    with pytest.raises(trio.WouldBlock):
        session._send_r.receive_nowait()  # nothing to send
    ev = (await session.controller.subscribe().__anext__()).event
    assert isinstance(ev, StorageFailed) and str(storage.secrets_path) in ev.message
    assert session.failed is not None
    with pytest.raises(StorageError):  # stopped for good, even once space is back
        session.handle([Broadcast(b"later", 4, "pass")])
    with pytest.raises(StorageError):
        session.feed(b"an entry from a peer")
    with pytest.raises(trio.WouldBlock):
        session._send_r.receive_nowait()
    assert TableStorage(bytes(range(16)), tmp_path).secrets() == {}


async def test_a_log_entry_that_cannot_be_written_stops_the_session(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table's own accept of the genesis cannot be appended to the log file: the
    session fails, the log store is not synced (nothing to gossip), the file has no
    torn record."""
    table, storage = _table(tmp_path)
    session = Session(table, [bytes(32), bytes([1]) * 32], storage)
    monkeypatch.setattr(_storage, "os", FullDisk({storage._log.fileno()}, room=5))
    with pytest.raises(StorageError, match="disk is full"):
        session.handle(table.start())
    assert session.store.head() == -1  # nothing offered to the mesh's gossip
    assert storage.log_path.read_bytes() == b""
    assert isinstance(session.failed, StorageError)


async def test_run_raises_the_storage_error(tmp_path: Path) -> None:
    """A failure hit on any path (e.g. inside the mesh's offer) ends Session.run."""
    table, storage = _table(tmp_path)
    session = Session(table, [bytes(32), bytes([1]) * 32], storage)
    session._fail(StorageError(errno.ENOSPC, "cannot write X: the disk is full"))
    with pytest.raises(StorageError, match="cannot write X"):
        await session._stop_on_failure()


def test_cli_unwraps_the_error_from_trio_nurseries(capsys: pytest.CaptureFixture[str]) -> None:
    async def main(args: Any) -> int:
        async with trio.open_nursery() as n:

            async def fail() -> None:
                raise StorageError(errno.ENOSPC, "cannot write /x/t.log: the disk is full")

            n.start_soon(fail)
            await trio.sleep_forever()
        return 0

    class Args:
        lang = "en"

    assert run_lan(main, Args()) == 2  # type: ignore[arg-type]
    err = capsys.readouterr().err
    assert "p2pcards: cannot write /x/t.log: the disk is full" in err
    assert "nothing more was sent" in err


def test_storage_errors_are_shown_in_russian(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A StorageError carries its message id and values: the terminal words it in the
    player's language, its cure too; the log and ``str()`` keep the English (issue 15)."""
    from p2pcards.cli._i18n import error_text

    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    with pytest.raises(StorageError) as e:
        check_writable(blocker / "tables")
    assert f"cannot write in {blocker}/tables: a path component is not a directory" in str(e.value)
    assert error_text("ru", e.value) == (
        f"не удаётся писать в {blocker}/tables: часть пути — не каталог: исправьте путь или "
        "задайте P2PCARDS_HOME=..."
    )
    with pytest.raises(StorageError) as e:
        check_writable(tmp_path / "ok", min_free=1 << 60)
    got = error_text("ru", e.value)
    assert got.startswith(f"не удаётся писать в {tmp_path}/ok: свободно только ")
    assert "а игре нужно 1125899906842624 КиБ" in error_text("ru", e.value)

    async def main(args: Any) -> int:
        cure = Msgid("the disk is full: free some space")
        raise StorageError(errno.ENOSPC, Msgid("cannot write {path}: {cure}"), path="/x", cure=cure)

    class Args:
        lang = "ru"

    assert run_lan(main, Args()) == 2  # type: ignore[arg-type]
    err = capsys.readouterr().err
    assert "p2pcards: не удаётся записать /x: диск заполнен: освободите место\n" in err


def test_check_writable_names_path_and_cure(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    with pytest.raises(StorageError, match=f"{blocker}/tables: a path component is not a dir"):
        check_writable(blocker / "tables")
    with pytest.raises(StorageError, match=r"only \d+ KiB free, a game needs .* free some space"):
        check_writable(tmp_path / "ok", min_free=1 << 60)
    check_writable(tmp_path / "ok")
    assert list((tmp_path / "ok").iterdir()) == []  # the probe file is gone


# -- the CLI, with a real read-only file system and a real tiny one --------------------
@functools.cache
def _unshare_mount() -> list[str]:
    for prefix in (["unshare", "-rmn"], ["unshare", "-mn"]):
        try:
            done = subprocess.run([*prefix, "true"], capture_output=True, timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            continue
        if done.returncode == 0:
            return prefix
    pytest.fail("cannot create a private mount and network namespace", pytrace=False)


def _host_in_namespace(tmp_path: Path, mount_options: str, readonly: bool) -> tuple[int, str]:
    mnt = tmp_path / "mnt"
    mnt.mkdir()
    home = mnt / "home"
    py = sys.executable
    script = f"""
set -e
ip link set lo up
mount -t tmpfs -o {mount_options} tmpfs {mnt}
export {files.ENV_HOME}={home}
{py} -m p2pcards.cli identity >/dev/null
{"mount -o remount,ro " + str(mnt) if readonly else ""}
set +e
{py} -m p2pcards.cli host akulina --seats 2 --no-mdns --bind 127.0.0.1 --headless basic
echo "rc=$?"
"""
    done = subprocess.run([*_unshare_mount(), "sh", "-c", script], capture_output=True,
                          text=True, timeout=60, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})  # fmt: skip
    out = done.stdout + done.stderr
    rc = int(out.rsplit("rc=", 1)[1].split()[0]) if "rc=" in out else -1
    return rc, out


def test_host_on_a_read_only_data_directory_exits_2(tmp_path: Path) -> None:
    rc, out = _host_in_namespace(tmp_path, "size=4m", readonly=True)
    assert rc == 2, out
    assert f"cannot write in {tmp_path}/mnt/home/tables: the file system is read-only" in out
    assert f"choose a writable directory with {files.ENV_HOME}=" in out
    assert "hosting" not in out  # refused before any table was opened


def test_host_on_a_full_disk_exits_2(tmp_path: Path) -> None:
    rc, out = _host_in_namespace(tmp_path, "size=200k", readonly=False)
    assert rc == 2, out
    assert f"cannot write in {tmp_path}/mnt/home/tables: only" in out
    assert "KiB free, a game needs 1024 KiB: free some space" in out
    assert "hosting" not in out
