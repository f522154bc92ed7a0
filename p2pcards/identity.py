"""A user's identity: Ed25519 signing key, X25519 sealing key, display name (peer layer).

Stored in ``identity.json`` in the data directory (:func:`p2pcards.files.home`, which
honours ``$P2PCARDS_HOME``), file mode 0600, written atomically::

    {"version": 1, "name": "Петя", "signing_key": "<32-byte Ed25519 seed, hex>",
     "sealing_key": "<32-byte X25519 private key, hex>"}

The sealing key is generated and stored beside the signing key rather than derived from
it, so the two keys stay independent.  ``peer_id`` is the raw 32-byte Ed25519 public key
(the id used by :mod:`p2pcards.net`); ``fingerprint`` is what people read aloud to check
who is who: base32 of SHA-256 of that key, 16 characters in 4 groups
(``p2pcards.net.fingerprint``).

Usage::

    me = load_or_create_identity(name="Петя")   # first run creates it
    me.peer_id, me.fingerprint, me.signing_key, me.sealing_key
"""

from __future__ import annotations

import getpass
import json
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, NoEncryption, PrivateFormat
from nacl.public import PrivateKey as SealingKey

from p2pcards import files
from p2pcards._say import Msgid
from p2pcards.net import fingerprint, peer_id_of

IDENTITY_FILE = "identity.json"
MAX_NAME = 40


class IdentityError(Exception):
    """The identity file is unreadable or malformed (message names the file); ``msgid``
    and ``params`` as :class:`p2pcards.files.StorageError`'s (shown translated)."""

    def __init__(self, msgid: str, /, **params: Any) -> None:
        super().__init__(msgid.format(**params) if params else msgid)
        self.msgid = msgid
        self.params = params


@dataclass(frozen=True)
class Identity:
    """One user's keys and display name; ``path`` is where it is stored."""

    name: str
    signing_key: Ed25519PrivateKey
    sealing_key: SealingKey
    path: Path | None = None

    @property
    def peer_id(self) -> bytes:
        """Raw 32-byte Ed25519 public key."""
        return peer_id_of(self.signing_key)

    @property
    def sealing_public(self) -> bytes:
        """Raw 32-byte X25519 public key (others seal to it)."""
        return bytes(self.sealing_key.public_key)

    @property
    def fingerprint(self) -> str:
        """``XXXX-XXXX-XXXX-XXXX`` (see the module docstring)."""
        return fingerprint(self.peer_id)

    def to_json(self) -> bytes:
        """The stored form (contains the private keys)."""
        seed = self.signing_key.private_bytes(Encoding.Raw, PrivateFormat.Raw, NoEncryption())
        doc = {
            "version": 1,
            "name": self.name,
            "signing_key": seed.hex(),
            "sealing_key": bytes(self.sealing_key).hex(),
        }
        return json.dumps(doc, ensure_ascii=False, indent=1).encode() + b"\n"


class EmptyName(ValueError):
    """A display name with nothing printable in it (the command line words it)."""


def clean_name(name: str) -> str:
    """Strip control characters and clip to 40 characters; :class:`EmptyName` (a
    ValueError) if nothing is left."""
    text = "".join(ch for ch in name if ch.isprintable()).strip()[:MAX_NAME]
    if not text:
        raise EmptyName(f"display name {name!r} is empty")
    return text


def _default_name() -> str:
    """The OS user's full name when the account has one (the first field of its
    passwd "gecos" entry: "Anna Petrova,,,"), else the login name, else "player"."""
    try:
        import pwd

        full = pwd.getpwuid(os.getuid()).pw_gecos.split(",")[0].strip()
        if full and full.lower() != getpass.getuser().lower():
            return clean_name(full)
    except (ImportError, KeyError, OSError, ValueError, AttributeError):
        pass
    try:
        return clean_name(getpass.getuser())
    except (ValueError, OSError, KeyError):
        return "player"


def new_identity(name: str | None = None) -> Identity:
    """Fresh keys (not stored); ``name`` defaults to the OS user name."""
    return Identity(
        clean_name(name) if name is not None else _default_name(),
        Ed25519PrivateKey.generate(),
        SealingKey.generate(),
    )


def load_identity(base: Path | None = None) -> Identity | None:
    """The stored identity, or None if there is none yet.

    ``base`` defaults to :func:`p2pcards.files.home`.  A file readable by others is
    tightened to 0600.  Raises IdentityError (malformed) or StorageError (unreadable).
    """
    path = (files.private_dir(base) if base is not None else files.home()) / IDENTITY_FILE
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise files.StorageError(
            exc.errno or 0, Msgid("cannot read {path}: {why}"), path=str(path), why=exc.strerror
        ) from None
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
        if mode & 0o077:
            os.chmod(path, 0o600)
    except OSError:
        pass
    try:
        doc = json.loads(raw)
        if doc.get("version") != 1:
            raise ValueError(f"unknown version {doc.get('version')!r}")
        signing = Ed25519PrivateKey.from_private_bytes(bytes.fromhex(doc["signing_key"]))
        sealing = SealingKey(bytes.fromhex(doc["sealing_key"]))
        name = clean_name(str(doc["name"]))
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise IdentityError(
            Msgid("identity file {path} is damaged: {why}"), path=str(path), why=exc
        ) from None
    return Identity(name, signing, sealing, path)


def save_identity(identity: Identity, base: Path | None = None) -> Identity:
    """Write ``identity`` (mode 0600, atomically); return it with ``path`` set."""
    path = (base if base is not None else files.home()) / IDENTITY_FILE
    files.write_atomic(path, identity.to_json(), 0o600)
    return Identity(identity.name, identity.signing_key, identity.sealing_key, path)


def load_or_create_identity(name: str | None = None, base: Path | None = None) -> Identity:
    """The stored identity, created (and stored) on first use.

    ``name`` is used when creating, and renames an existing identity if it differs.
    Raises IdentityError, StorageError, ValueError (empty name).
    """
    root = base if base is not None else files.home()
    identity = load_identity(root)
    if identity is None:
        return save_identity(new_identity(name), root)
    if name is not None and clean_name(name) != identity.name:
        renamed = Identity(clean_name(name), identity.signing_key, identity.sealing_key)
        return save_identity(renamed, root)
    return identity
