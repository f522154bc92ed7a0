"""Version 2's group layer (Ristretto255) and the checks of long-term public keys."""

from __future__ import annotations

import nacl.bindings as nb
import nacl.public
import nacl.signing
import pytest

from p2pcards.mental_poker import _public_keys
from p2pcards.mental_poker._errors import (
    InvalidPoint,
    InvalidPublicKey,
    InvalidScalar,
    MalformedMessage,
)
from p2pcards.mental_poker._public_keys import check_ed25519_key, check_x25519_key
from p2pcards.mental_poker._ristretto import (
    IDENTITY,
    G,
    L,
    add,
    check_point,
    check_points,
    check_scalar,
    mul,
    mul_base,
    scalar,
    sub,
)

# RFC 9496, appendix A.1 (multiples of the generator) and A.2 (invalid encodings).
RFC9496_B = "e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76"
RFC9496_2B = "6a493210f7499cd17fecb510ae0cea23a110e8d5b901f8acadd3095c73a3b919"
RFC9496_INVALID = [
    # non-canonical field encodings
    "00ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
    "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "f3ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    # negative field elements
    "0100000000000000000000000000000000000000000000000000000000000000",
    "01ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
]
T8 = bytes.fromhex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05")
ED_IDENTITY = bytes.fromhex("01" + "00" * 31)
ED_T2 = bytes.fromhex("ec" + "ff" * 30 + "7f")  # (0, -1)


def test_generator_is_rfc9496s() -> None:
    assert G.hex() == RFC9496_B
    assert mul(scalar(2), G).hex() == RFC9496_2B
    assert mul_base(scalar(2)).hex() == RFC9496_2B


@pytest.mark.parametrize("enc", RFC9496_INVALID)
def test_invalid_encodings_refused(enc: str) -> None:
    with pytest.raises(InvalidPoint) as e:
        check_point(bytes.fromhex(enc), what="C1", seat=2, step="shuffle", position=5)
    assert (e.value.seat, e.value.step, e.value.position) == (2, "shuffle", 5)


@pytest.mark.parametrize("bad", [IDENTITY, b"", bytes(31), bytes(33), "ab" * 16, None, 7])
def test_identity_and_bad_shapes_refused(bad: object) -> None:
    with pytest.raises(InvalidPoint) as e:
        check_point(bad, what="share", seat=1, step="deal")
    assert e.value.seat == 1


def test_check_points_shape() -> None:
    with pytest.raises(MalformedMessage):
        check_points([G], 2, what="x", seat=0, step="s")
    with pytest.raises(InvalidPoint) as e:
        check_points([G, IDENTITY], 2, what="x", seat=0, step="s")
    assert e.value.position == 1


def test_scalars() -> None:
    assert check_scalar(scalar(L - 1), what="s", seat=0, step="s") == scalar(L - 1)
    assert check_scalar(bytes(32), what="s", seat=0, step="s") == bytes(32)
    for bad in [L.to_bytes(32, "little"), (L + 5).to_bytes(32, "little"), b"\xff" * 32]:
        with pytest.raises(InvalidScalar, match="not reduced"):
            check_scalar(bad, what="s", seat=3, step="s")
    with pytest.raises(InvalidScalar, match="zero"):
        check_scalar(bytes(32), what="s", seat=3, step="s", nonzero=True)
    with pytest.raises(InvalidScalar):
        check_scalar(bytes(31), what="s", seat=3, step="s")


def test_arithmetic_edge_cases() -> None:
    p = mul_base(scalar(5))
    assert mul(bytes(32), p) == IDENTITY
    assert mul_base(bytes(32)) == IDENTITY
    assert sub(p, p) == IDENTITY
    assert add(p, IDENTITY) == p
    assert mul(scalar(L - 1), p) == sub(IDENTITY, p)


# --- long-term keys ------------------------------------------------------------------------


def _torsion() -> list[bytes]:
    """k·T8 for k = 1..8 (T8 of order 8; 4·T8 = (0, -1), 8·T8 = identity)."""
    out = [T8]
    for _ in range(7):
        out.append(nb.crypto_core_ed25519_add(out[-1], T8))
    assert out[3] == ED_T2 and out[7] == ED_IDENTITY
    return out


def test_ed25519_key_ok() -> None:
    k = bytes(nacl.signing.SigningKey(bytes(range(32))).verify_key)
    assert check_ed25519_key(k, seat=1) == k


def test_ed25519_small_order_and_mixed_refused() -> None:
    q = bytes(nacl.signing.SigningKey(bytes(range(32))).verify_key)
    torsion = _torsion()
    for t in torsion:
        with pytest.raises(InvalidPublicKey) as e:
            check_ed25519_key(t, seat=4)
        assert e.value.seat == 4
    for k, t in enumerate(torsion[:7], start=1):
        # CVE-2025-69277: the vulnerable is_valid_point accepted Q + (0,-1) (k = 4).
        with pytest.raises(InvalidPublicKey):
            check_ed25519_key(nb.crypto_core_ed25519_add(q, t), seat=4)
        assert k


def test_ed25519_subgroup_check_survives_a_vulnerable_library(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Simulate libsodium's CVE-2025-69277 (is_valid_point accepting any point with an
    # order-2 component, here: accepting everything): the second check still refuses.
    q = bytes(nacl.signing.SigningKey(bytes(range(32))).verify_key)
    monkeypatch.setattr(
        _public_keys._nb,  # type: ignore[attr-defined]
        "crypto_core_ed25519_is_valid_point",
        lambda p: True,
    )
    assert check_ed25519_key(q, seat=0) == q
    for t in _torsion()[:7]:
        with pytest.raises(InvalidPublicKey, match="subgroup"):
            check_ed25519_key(nb.crypto_core_ed25519_add(q, t), seat=0)


def test_ed25519_non_canonical_refused() -> None:
    # y = p + 1 encodes y = 1 non-canonically (identity), and y >= p generally.
    p = 2**255 - 19
    for y in [p, p + 1, 2**255 - 1]:
        with pytest.raises(InvalidPublicKey):
            check_ed25519_key((y).to_bytes(32, "little"), seat=0)
    with pytest.raises(InvalidPublicKey):
        check_ed25519_key(b"short", seat=0)


X25519_SMALL_ORDER = [
    0,
    1,
    325606250916557431795983626356110631294008115727848805560023387167927233504,
    39382357235489614581723060781553021112529911719440698176882885853963445705823,
    2**255 - 19 - 1,
]


def test_x25519_key_ok_and_seal_works() -> None:
    sk = nacl.public.PrivateKey(bytes(range(1, 33)))
    pk = bytes(sk.public_key)
    assert check_x25519_key(pk, seat=2) == pk
    box = nacl.public.SealedBox(nacl.public.PublicKey(pk)).encrypt(b"x")
    assert nacl.public.SealedBox(sk).decrypt(box) == b"x"


@pytest.mark.parametrize("u", X25519_SMALL_ORDER)
def test_x25519_small_order_refused(u: int) -> None:
    data = u.to_bytes(32, "little")
    with pytest.raises(InvalidPublicKey, match="small order") as e:
        check_x25519_key(data, seat=3)
    assert e.value.seat == 3
    # this is the crash of the issue: sealing to such a key raises inside libsodium
    with pytest.raises(Exception):  # noqa: B017
        nacl.public.SealedBox(nacl.public.PublicKey(data)).encrypt(b"x")


@pytest.mark.parametrize("u", [2**255 - 19, 2**255 - 18, 2**255 - 1, 2**256 - 1])
def test_x25519_non_canonical_refused(u: int) -> None:
    with pytest.raises(InvalidPublicKey, match="canonical"):
        check_x25519_key(u.to_bytes(32, "little"), seat=3)


def test_the_group_layer_does_no_file_io_and_rbcls_copy_is_removed_outside_it() -> None:
    """The pure layer used to unlink rbcl's temporary libsodium at import (I/O); now the
    peer package does it (tests/conftest.py imports it first)."""
    import inspect
    import os
    import sys

    from p2pcards.mental_poker import _ristretto
    from p2pcards.peer import remove_rbcl_copy

    source = inspect.getsource(_ristretto)
    assert "unlink" not in source and "import os" not in source
    path = sys.modules["rbcl._sodium"].lib_path
    assert not os.path.exists(path)  # removed once, at the peer package's import
    assert remove_rbcl_copy() is False  # nothing left to remove, and no error
