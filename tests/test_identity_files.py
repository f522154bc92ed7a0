"""Identity storage and per-table files (no network)."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from nacl.public import Box, PrivateKey

from p2pcards import files, identity, net


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(files.ENV_HOME, str(tmp_path / "p2p"))
    return tmp_path / "p2p"


def test_home_honours_env_and_is_created(home: Path) -> None:
    assert files.home() == home
    assert home.is_dir()
    assert stat.S_IMODE(home.stat().st_mode) == 0o700


def test_identity_created_once_mode_0600_and_reloaded(home: Path) -> None:
    me = identity.load_or_create_identity(name="Петя")
    path = home / "identity.json"
    assert me.path == path
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    again = identity.load_or_create_identity()
    assert again.peer_id == me.peer_id
    assert again.sealing_public == me.sealing_public
    assert again.name == "Петя"
    assert len(me.peer_id) == 32
    # fingerprint: 4 groups of 4 base32 characters, the one the network layer shows
    fp = me.fingerprint
    assert len(fp) == 19 and [len(g) for g in fp.split("-")] == [4, 4, 4, 4]
    assert set(fp.replace("-", "")) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
    assert fp == net.fingerprint(me.peer_id)
    # the keys work: a signature verifies, a sealed box opens
    me.signing_key.public_key().verify(me.signing_key.sign(b"m"), b"m")
    other = PrivateKey.generate()
    sealed = Box(other, me.sealing_key.public_key).encrypt(b"card key")
    assert Box(me.sealing_key, other.public_key).decrypt(sealed) == b"card key"


def test_rename_keeps_keys(home: Path) -> None:
    me = identity.load_or_create_identity(name="A")
    renamed = identity.load_or_create_identity(name="  Вася\x07 ")
    assert renamed.name == "Вася" and renamed.peer_id == me.peer_id
    assert json.loads((home / "identity.json").read_text())["name"] == "Вася"


def test_two_homes_two_identities(tmp_path: Path) -> None:
    a = identity.load_or_create_identity("a", base=tmp_path / "a")
    b = identity.load_or_create_identity("b", base=tmp_path / "b")
    assert a.peer_id != b.peer_id and a.fingerprint != b.fingerprint


def test_loose_permissions_are_tightened(home: Path) -> None:
    identity.load_or_create_identity(name="x")
    os.chmod(home / "identity.json", 0o644)
    identity.load_identity()
    assert stat.S_IMODE((home / "identity.json").stat().st_mode) == 0o600


def test_damaged_identity_file_named(home: Path) -> None:
    home.mkdir(parents=True)
    (home / "identity.json").write_text('{"version": 1, "name": "x", "signing_key": "zz"}')
    with pytest.raises(identity.IdentityError, match=r"identity\.json is damaged") as e:
        identity.load_identity()
    from p2pcards.cli._i18n import error_text  # shown in the player's language (issue 15)

    assert error_text("ru", e.value).startswith(
        f"файл с вашим ключом {home / 'identity.json'} повреждён: "
    )


def test_unwritable_home_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    monkeypatch.setenv(files.ENV_HOME, str(blocker / "p2p"))
    with pytest.raises(files.StorageError, match="not a directory") as info:
        identity.load_or_create_identity(name="x")
    assert str(blocker / "p2p") in str(info.value) and "P2PCARDS_HOME" in str(info.value)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_existing_loose_dirs_and_secrets_are_tightened_on_every_open(home: Path) -> None:
    """A data directory, tables/ and .secrets made by hand (or by an older version) with
    0755 / 0644 are tightened when next opened; the public log keeps 0644."""
    from p2pcards.peer._storage import TableStorage

    tid = bytes(range(16))
    tables = home / "tables"
    tables.mkdir(parents=True)
    os.chmod(home, 0o755)
    os.chmod(tables, 0o755)
    secrets = tables / f"{tid.hex()}.secrets"
    log = tables / f"{tid.hex()}.log"
    for path in (secrets, log):
        path.write_bytes(b"")
        os.chmod(path, 0o644)
    assert files.home() == home and _mode(home) == 0o700
    os.chmod(home, 0o755)
    storage = TableStorage(tid, home)
    assert (_mode(home), _mode(tables), _mode(secrets), _mode(log)) == (0o700, 0o700, 0o600, 0o644)
    storage.close()
    os.chmod(tables, 0o777)
    os.chmod(secrets, 0o666)
    TableStorage(tid, home).close()  # (the one record writer)
    assert (_mode(tables), _mode(secrets)) == (0o700, 0o600)
    os.chmod(home, 0o750)
    identity.load_or_create_identity(name="x", base=home)
    assert _mode(home) == 0o700
    # tightening only: a stricter mode is left as it is
    os.chmod(secrets, 0o400)
    files.tighten(secrets, 0o600)
    assert _mode(secrets) == 0o400
