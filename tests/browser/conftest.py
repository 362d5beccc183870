"""The chromium every browser test shares, and a referee page of a fresh server."""

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Playwright, expect, sync_playwright

from tests.browser.chromium import launch_chromium
from tests.keinu_server import KeinuServer

# One wait for every browser test (Playwright's is global: set in a module, it held for all).
# A loaded 2-core CI machine runs the servers' video beside the browser; 15 s is a ceiling that
# a passing check never waits out, and a failing one reports.
expect.set_options(timeout=15_000)
HERE = Path(__file__).parent


class _Chromium:
    """The test worker's chromium, kept from one browser test to the next: starting Playwright's
    driver and chromium takes 0.8 s of CPU. It is stopped before any other test runs, since
    Playwright's synchronous API holds an asyncio loop on the thread while it runs."""

    playwright: Playwright | None = None
    browser: Browser | None = None

    @classmethod
    def get(cls) -> Browser:
        if cls.browser is None:
            cls.playwright = sync_playwright().start()
            cls.browser = launch_chromium(cls.playwright)
        return cls.browser

    @classmethod
    def stop(cls) -> None:
        if cls.browser is not None and cls.playwright is not None:
            cls.browser.close()
            cls.playwright.stop()
        cls.browser = cls.playwright = None


@pytest.fixture
def browser() -> Browser:
    """The worker's chromium. Each page is in a context of its own (``browser.new_page``),
    closed after its test."""
    return _Chromium.get()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None):
    yield
    if nextitem is None or HERE not in nextitem.path.parents:
        _Chromium.stop()


@pytest.fixture(autouse=True)
def pages_closed_after_each_test():
    """Every page a test opened is closed when it ends. Left open, a live page goes on drawing
    its server's video and scores through the later tests: wasted CPU, and a second viewer the
    later tests did not ask for."""
    yield
    if _Chromium.browser is not None:
        for context in _Chromium.browser.contexts:
            context.close()


@pytest.fixture
def page(browser, tmp_path):
    """The dashboard of a `keinu serve --no-live` of its own; the test fails on a page error."""
    server = KeinuServer("--data-dir", str(tmp_path / "data"), "--no-live")
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server.url, wait_until="domcontentloaded")
    try:
        yield page
        assert errors == []
    finally:
        page.close()
        server.stop()
