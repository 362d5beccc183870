"""The chromium every browser test module shares."""

import pytest
from playwright.sync_api import sync_playwright

from tests.browser.chromium import launch_chromium


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as playwright:
        chromium = launch_chromium(playwright)
        yield chromium
        chromium.close()
