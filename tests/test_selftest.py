"""The start-up self-test of libsodium's point validation (CVE-2025-69277): the real
library passes; a library that accepts Q + (0, -1) (simulated by a stub) is refused,
and the CLI then refuses to play, naming the library and the fix."""

from __future__ import annotations

import pytest
from nacl.bindings import crypto_core_ed25519_add, crypto_core_ed25519_is_valid_point

from p2pcards import cli, selftest

ORDER_2 = bytes.fromhex("ec" + "ff" * 30 + "7f")  # (0, -1)


def _vulnerable(p: bytes) -> bool:
    """libsodium with the bug: Q + (0, -1) passes (the rest as the real one)."""
    return p == crypto_core_ed25519_add(selftest.Q, ORDER_2) or crypto_core_ed25519_is_valid_point(
        p
    )


def test_the_installed_libsodium_passes() -> None:
    selftest.check_group_library()
    assert selftest.SMALL_ORDER_POINTS[1] == ORDER_2


def test_the_order_2_case_is_refused_naming_the_library_and_the_fix() -> None:
    with pytest.raises(selftest.UnsafeGroupLibrary) as info:
        selftest.check_group_library(is_valid_point=_vulnerable)
    err = info.value
    assert "Q + T with T of order 2" in err.english
    assert "CVE-2025-69277" in err.english and "PyNaCl" in err.english
    assert "pip install -U 'PyNaCl>=1.6.2'" in err.english and "libsodium" in err.english
    assert "отказывается играть" in err.russian and "CVE-2025-69277" in err.russian


@pytest.mark.parametrize("order_index", range(8))
def test_every_small_order_sum_is_checked(order_index: int) -> None:
    t = selftest.SMALL_ORDER_POINTS[order_index]
    target = t if order_index == 0 else crypto_core_ed25519_add(selftest.Q, t)

    def accepts_one(p: bytes) -> bool:
        return p == target or crypto_core_ed25519_is_valid_point(p)

    with pytest.raises(selftest.UnsafeGroupLibrary):
        selftest.check_group_library(is_valid_point=accepts_one)


def test_the_cli_refuses_to_play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(selftest, "crypto_core_ed25519_is_valid_point", _vulnerable)
    assert cli.main(["--lang", "en", "simulate", "akulina"]) == 3
    err = capsys.readouterr().err
    assert err.startswith("p2pcards refuses to play") and "order 2" in err
    assert cli.main(["--lang", "ru", "simulate", "akulina"]) == 3
    assert "p2pcards отказывается играть" in capsys.readouterr().err
