"""The chromium every browser test shares, and a referee page of a fresh server."""

import pytest
from playwright.sync_api import expect, sync_playwright

from tests.browser.chromium import launch_chromium
from tests.keinu_server import KeinuServer

# One wait for every browser test (Playwright's is global: set in a module, it held for all).
# A loaded 2-core CI machine runs the servers' video beside the browser; 15 s is a ceiling that
# a passing check never waits out, and a failing one reports.
expect.set_options(timeout=15_000)


@pytest.fixture(scope="session")
def browser():
    """One chromium for all of a test worker's browser tests: starting Playwright's driver and
    chromium takes 0.8 s of CPU. Each page is in a context of its own (``browser.new_page``),
    closed after its test."""
    with sync_playwright() as playwright:
        chromium = launch_chromium(playwright)
        yield chromium
        chromium.close()


@pytest.fixture(autouse=True)
def pages_closed_after_each_test(request):
    """Every page a test opened is closed when it ends. Left open, a live page goes on drawing
    its server's video and scores through the module's later tests: wasted CPU, and a second
    viewer the later tests did not ask for."""
    yield
    if "browser" in request.fixturenames:
        for context in request.getfixturevalue("browser").contexts:
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
