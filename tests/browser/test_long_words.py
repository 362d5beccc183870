"""A long word (a player's name or a referee's note with no spaces) wraps inside its box: the
live page's seat tiles stay inside their card and the window, a seña's card holds its note, the
setup's seats and the referee's status bar stay as wide as the window."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import expect

from tests.api.table_examples import SEATS

pytestmark = pytest.mark.browser

LONG = "Bartolomé" + "x" * 31  # 40 characters, no space
NOTE = "y" * 300


def outside(page, selector: str, within: str) -> list[str]:
    """The elements of ``selector`` reaching past the right edge of their ``within`` ancestor, or
    wider than their own box (their text running out of it)."""
    return page.evaluate(
        """([selector, within]) => [...document.querySelectorAll(selector)].filter((el) => {
             const box = el.closest(within).getBoundingClientRect();
             const own = el.getBoundingClientRect();
             return own.right > box.right + 1 || el.scrollWidth > el.clientWidth + 1;
           }).map((el) => el.className + ': ' + el.textContent.slice(0, 30))""",
        [selector, within],
    )


def test_long_names_and_notes_wrap_inside_their_boxes(page):
    page.set_viewport_size({"width": 1280, "height": 900})
    url = page.url.split("#")[0].rstrip("/")
    seats = [SEATS[0] | {"name": LONG}, *SEATS[1:3], SEATS[3] | {"name": "Z" * 40}]
    table = httpx.post(f"{url}/api/tables", json={"name": "M" * 40, "seats": seats}).json()
    hand_id = table["current"]["hand"]["id"]
    sena = httpx.post(f"{url}/api/hands/{hand_id}/calls", json={"seat": 1, "text": "sena wink"})
    assert sena.status_code == 200, sena.text
    httpx.post(
        f"{url}/api/hands/{hand_id}/senas/0/review", json={"action": "overruled", "note": NOTE}
    )
    page.reload(wait_until="domcontentloaded")
    expect(page.locator("#sena-list .sena")).to_have_count(1)
    wide = "document.scrollingElement.scrollWidth"
    assert page.evaluate(wide) <= 1280
    assert outside(page, "#sena-list .sena, #sena-list .sena > *", ".card") == []
    assert outside(page, "#status .stat", "#status") == []
    assert outside(page, "#seat-picker .seat-btn", ".card") == []

    page.click("[data-tab=live]")
    expect(page.locator("#seat-tiles .seat-tile")).to_have_count(4)
    assert page.evaluate(wide) <= 1280
    assert outside(page, "#seat-tiles .seat-tile, .seat-tile .tile-head", ".card") == []
