"""Fixtures for the console's end-to-end tests: one `coach serve` (dev mode, offline provider,
seeded demo users) and one headless Chromium for the module; a page per test; every test
ends by asserting the browser logged no console error (CSP violations included) unless the
test declared the one it provokes.

Without Chromium, chromedriver or selenium these tests SKIP with a loud reason (and a banner
at the end of the run); with COACH_REQUIRE_BROWSER=1 (`make test-browser`) they fail instead."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests.browser.support import (
    REPO,
    REQUIRE_ENV,
    SCREENSHOTS_ENV,
    WIDE,
    BrowserLog,
    ServedCoach,
    launch_chromium,
    missing_prerequisites,
    seed_demo_users,
    served_coach,
    server_env,
)

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver

_skipped_reason: list[str] = []


def _require_browser() -> None:
    reason = missing_prerequisites()
    if reason is None:
        return
    if os.environ.get(REQUIRE_ENV) == "1":
        pytest.fail(reason + f" ({REQUIRE_ENV}=1)", pytrace=False)
    if not _skipped_reason:
        _skipped_reason.append(reason)
    pytest.skip(reason)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if _skipped_reason:
        terminalreporter.write_sep("!", "BROWSER TESTS SKIPPED", red=True, bold=True)
        terminalreporter.write_line(_skipped_reason[0], red=True, bold=True)


@pytest.fixture(scope="session")
def console_server(database_url: str, redis_url: str) -> Iterator[ServedCoach]:
    """`coach serve` with COACH_ENV=dev and the offline provider on the run's test database,
    after `coach seed-demo`."""
    _require_browser()
    env = server_env(database_url, redis_url)
    seed_demo_users(env)
    with served_coach(env) as server:
        yield server


@pytest.fixture(scope="session")
def chromium() -> Iterator[WebDriver]:
    _require_browser()
    profile = Path(tempfile.mkdtemp(prefix="coach-chromium-"))
    driver = launch_chromium(profile)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture(scope="session")
def screenshot_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """docs/ when COACH_SCREENSHOTS=docs (`make screenshots`), else a temporary folder."""
    if os.environ.get(SCREENSHOTS_ENV) == "docs":
        return REPO / "docs"
    return tmp_path_factory.mktemp("screenshots")


@pytest.fixture
def browser(chromium: WebDriver, console_server: ServedCoach) -> Iterator[tuple[WebDriver, BrowserLog]]:
    """A wide window on a blank page, and the console log it must keep clean."""
    chromium.set_window_size(*WIDE)
    chromium.get("about:blank")
    log = BrowserLog(chromium)
    log.drain()
    yield chromium, log
    errors = log.errors()
    assert errors == [], "the browser logged console errors:\n" + "\n".join(errors)


@pytest.fixture
def page(browser: tuple[WebDriver, BrowserLog], console_server: ServedCoach) -> Any:
    """The console, opened in the wide window, its demo users listed."""
    from tests.browser.page import ConsolePage

    return ConsolePage(browser[0], console_server.base_url).open()
