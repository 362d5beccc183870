"""Debian's chromium, driven by Playwright: how every browser test starts it."""

from __future__ import annotations

from playwright.sync_api import Browser, Playwright

CHROMIUM = "/usr/bin/chromium"  # scripts/ensure-chromium installs it; never a downloaded build
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def launch_chromium(playwright: Playwright) -> Browser:
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
