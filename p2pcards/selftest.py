"""Start-up self-test of the group library: libsodium's point validation, through PyNaCl.

Every point and identity key received from another peer is checked with libsodium's
``crypto_core_ed25519_is_valid_point`` (canonical, on the curve, not of small order, in
the prime-order subgroup); the security of the shuffle and of the identity keys rests on
it.  libsodium before the fix of CVE-2025-69277 (December 2025) accepted some points
outside the prime-order subgroup: a valid point ``Q`` plus the point ``(0, -1)`` of order
2 passed the check.  PyNaCl 1.6.2 bundles a fixed libsodium, but a PyNaCl built against
an older system libsodium (``SODIUM_INSTALL=system``) would still have the bug, and
nothing else would notice.

:func:`check_group_library` adds each of the eight small-order points (orders 1, 2, 4
and 8) to a valid point of the prime-order subgroup, and checks that the sum, and the
small-order point itself, are refused.  If not, :class:`UnsafeGroupLibrary` says which
library and how to fix it, in English and Russian; the CLI then refuses to play.
"""

from __future__ import annotations

from collections.abc import Callable

import nacl
from nacl.bindings import (
    crypto_core_ed25519_add,
    crypto_core_ed25519_is_valid_point,
    crypto_scalarmult_ed25519_base_noclamp,
)

SMALL_ORDER_POINTS = tuple(
    bytes.fromhex(h)
    for h in (
        "01" + "00" * 31,  # the neutral element (order 1)
        "ec" + "ff" * 30 + "7f",  # (0, -1), order 2: the case of CVE-2025-69277
        "00" * 32,  # order 4
        "00" * 31 + "80",  # order 4, other sign
        "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",  # order 8
        "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",  # order 8
        "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",  # order 8
        "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",  # order 8
    )
)
"""The eight points of small order of Ed25519 (compressed Edwards encodings)."""

Q = crypto_scalarmult_ed25519_base_noclamp((7).to_bytes(32, "little"))
"""A point of the prime-order subgroup (7 times the base point)."""


class UnsafeGroupLibrary(RuntimeError):
    """libsodium's point validation accepts points outside the prime-order subgroup.

    ``english`` and ``russian`` hold the message for the user (library, bug, fix)."""

    def __init__(self, what: str) -> None:
        self.english = (
            f"p2pcards refuses to play: the libsodium used by PyNaCl {nacl.__version__} "
            f"accepts {what} as a valid point (the bug CVE-2025-69277, fixed in libsodium in "
            "December 2025), so a cheating peer could break the shuffle's secrecy. Fix: "
            "update PyNaCl (pip install -U 'PyNaCl>=1.6.2', which bundles a fixed "
            "libsodium); if your PyNaCl uses the system's libsodium (SODIUM_INSTALL=system), "
            "update libsodium to 1.0.20-stable of 2025-12 or later, or reinstall PyNaCl "
            "without SODIUM_INSTALL."
        )
        self.russian = (
            f"p2pcards отказывается играть: libsodium, которую использует PyNaCl "
            f"{nacl.__version__}, принимает {what} за допустимую точку (ошибка "
            "CVE-2025-69277, исправлена в libsodium в декабре 2025), и нечестный игрок "
            "мог бы раскрыть тасовку. Что сделать: обновите PyNaCl (pip install -U "
            "'PyNaCl>=1.6.2', в нём исправленная libsodium); если PyNaCl собран с "
            "системной libsodium (SODIUM_INSTALL=system), обновите libsodium до "
            "1.0.20-stable от 2025-12 или новее либо переустановите PyNaCl без "
            "SODIUM_INSTALL."
        )
        super().__init__(self.english)


def check_group_library(
    is_valid_point: Callable[[bytes], bool] | None = None,
    add: Callable[[bytes, bytes], bytes] | None = None,
) -> None:
    """Raise UnsafeGroupLibrary unless ``is_valid_point`` accepts ``Q`` and refuses every
    small-order point and every ``Q + T`` for ``T`` of small order (``T`` not neutral).

    The arguments default to libsodium's functions (tests pass a stub that simulates the
    vulnerable library).  Costs about a millisecond.
    """
    is_valid_point = is_valid_point or crypto_core_ed25519_is_valid_point
    add = add or crypto_core_ed25519_add
    if not is_valid_point(Q):
        raise UnsafeGroupLibrary("nothing (it refuses a valid point)")
    for order, t in zip((1, 2, 4, 4, 8, 8, 8, 8), SMALL_ORDER_POINTS, strict=True):
        if is_valid_point(t):
            raise UnsafeGroupLibrary(f"a point of order {order}")
        if order > 1 and is_valid_point(add(Q, t)):
            raise UnsafeGroupLibrary(f"Q + T with T of order {order}")
