"""Fixtures of the browser tests: one headless Chromium per test session (Debian's
package, never a downloaded build), a fresh context per test, console errors collected."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import sync_playwright

from tests.web._browser import CHROMIUM, CHROMIUM_ARGS


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless; fails (never skips) when it is missing."""
    assert Path(CHROMIUM).exists(), (
        f"{CHROMIUM} is missing: scripts/test installs it (apt-get install chromium)"
    )
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


class Console:
    """Errors seen by a page: console.error messages and uncaught exceptions."""

    def __init__(self) -> None:
        self.errors: list[str] = []

    def watch(self, page: Any) -> Any:
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        return page


@pytest.fixture
def console() -> Console:
    return Console()


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 1024, "height": 640})
    yield ctx
    ctx.close()


@pytest.fixture(scope="session")
def screens(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder for the tables' screenshots."""
    return tmp_path_factory.mktemp("web-screens")
