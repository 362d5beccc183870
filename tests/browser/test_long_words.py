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


WIDE = "Wwwwwwwwww" * 4  # 40 of the widest letters, no space


def test_a_long_name_leaves_a_senas_meaning_readable_and_headers_whole(page):
    """A 40-letter name in a seña's card wraps in its seat chip, the meaning beside it keeps a
    readable width (not a column of one letter); the game report's headers and other short
    words break between words only, never inside one ("leg al")."""
    page.set_viewport_size({"width": 1280, "height": 900})
    url = page.url.split("#")[0].rstrip("/")
    seats = [seat | {"name": WIDE[: 40 - seat["seat"]] + str(seat["seat"])} for seat in SEATS]
    table = httpx.post(f"{url}/api/tables", json={"seats": seats, "profile": "extended"}).json()
    hand_id = table["current"]["hand"]["id"]
    for seat in (1, 2):
        sena = httpx.post(
            f"{url}/api/hands/{hand_id}/calls", json={"seat": seat, "text": "sena lip_bite left"}
        )
        assert sena.status_code == 200, sena.text
    page.reload(wait_until="domcontentloaded")
    meanings = page.locator("#sena-list .sena .meaning")
    expect(meanings).to_have_count(2)
    expect(meanings.first).to_have_text("tres reyes")
    widths = page.evaluate(
        """() => [...document.querySelectorAll('#sena-list .sena .meaning')].map((el) => {
             const em = parseFloat(getComputedStyle(el).fontSize);
             return el.getBoundingClientRect().width / em;
           })"""
    )
    assert min(widths) > 5 * 0.6, widths  # wider than five characters (about 0.6 em each)
    assert page.evaluate(
        """() => [...document.querySelectorAll('#sena-list .sena .meaning')].every((el) => {
             const range = document.createRange();
             range.selectNodeContents(el);
             return range.getClientRects().length <= 2; // "tres reyes": a line, two at most
           })"""
    )
    assert outside(page, "#sena-list .sena, #sena-list .sena > *", ".card") == []

    page.click("#game-report")
    dialog = page.locator("dialog.report-dialog")
    expect(dialog.locator("th")).not_to_have_count(0)
    broken = page.evaluate(
        """() => [...document.querySelectorAll(
               'dialog.report-dialog th, #sena-list .badge, #sena-list button')].filter((el) => {
             // each word of the element laid out on one line: a word broken is on two
             const text = el.firstChild;
             if (!text || text.nodeType !== Node.TEXT_NODE) return false;
             let at = 0;
             return text.data.split(/(\\s+)/).some((word) => {
               const start = at;
               at += word.length;
               if (!word.trim() || word.length < 2) return false;
               const range = document.createRange();
               range.setStart(text, start);
               range.setEnd(text, start + word.length);
               const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
               return tops.size > 1;
             });
           }).map((el) => el.textContent)"""
    )
    assert broken == []
