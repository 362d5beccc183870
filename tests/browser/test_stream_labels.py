"""The words over the live picture: each seat at its face and the gestures it makes, in the page's
language, written by the page over the stream (which draws no words), in Debian's chromium."""

import json

import httpx
import pytest
from playwright.sync_api import expect

from tests.api.table_examples import SEATS
from tests.browser.test_dashboard import live_tab, serving

pytestmark = pytest.mark.browser


def share_of_picture(page, selector: str) -> dict[str, float]:
    """Where ``selector``'s box is over the live picture, as shares of its width and height."""
    return page.evaluate(
        """(selector) => {
             const img = document.querySelector('#page-live img.stream').getBoundingClientRect();
             const box = document.querySelector(selector).getBoundingClientRect();
             return { left: (box.left - img.left) / img.width,
                      right: (box.right - img.left) / img.width,
                      bottom: (box.bottom - img.top) / img.height };
           }""",
        selector,
    )


def test_the_seats_and_their_gestures_are_written_at_their_faces_in_the_pages_words(
    browser, sample_videos, tmp_path
):
    truth = json.loads((sample_videos / "table.truth.json").read_text())
    with serving(tmp_path / "data") as url:
        page, errors = live_tab(browser, url)
        labels = page.locator("#page-live .stream-labels")
        seat = labels.locator(".stream-seat[data-seat='1']")
        expect(seat).to_contain_text("Asiento 1", timeout=30_000)
        expect(labels.locator(".stream-seat")).to_have_count(4)

        # just above seat 1's face, the leftmost of the table's four
        x, y, _, _ = truth["seats"]["1"]["bbox"]
        where = share_of_picture(page, "#page-live .stream-seat[data-seat='1']")
        assert abs(where["left"] - x / truth["width"]) < 0.03
        assert abs(where["bottom"] - y / truth["height"]) < 0.05
        assert where["right"] < 0.5

        # a gesture: beside its seat's face, named as the feed names it
        made = labels.locator(".stream-gestures").first
        expect(made).to_be_visible(timeout=30_000)
        words = made.inner_text().splitlines()[0]
        assert "_" not in words
        expect(page.locator("#feed li.gesture")).to_contain_text([f"gesto: {words}"])

        page.click("#lang")
        expect(seat).to_contain_text("Seat 1")
        expect(seat).not_to_contain_text("Asiento")
        assert errors == []


#: The boxes of the words over the referee's picture that cover each other.
OVERLAPS = """() => {
  const boxes = [...document.querySelectorAll('#page-referee .stream-labels > div')]
    .map((el) => [el.textContent, el.getBoundingClientRect()]);
  const hit = (a, b) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  return boxes.flatMap(([a, boxA], i) => boxes.slice(i + 1)
    .filter(([, boxB]) => hit(boxA, boxB)).map(([b]) => [a, b]));
}"""


def test_a_seat_over_the_picture_is_named_by_who_sits_there(browser, tmp_path):
    """With a table whose seats are named, the words at each face name its player too; on the
    referee's narrower picture, where the faces' words would run into each other, each keeps
    a line of its own."""
    with serving(tmp_path / "data") as url:
        httpx.post(f"{url.rstrip('/')}/api/tables", json={"seats": SEATS}).raise_for_status()
        page, errors = live_tab(browser, url)
        seat = page.locator("#page-live .stream-labels .stream-seat[data-seat='4']")
        expect(seat).to_contain_text("Asiento 4 · Iñaki", timeout=30_000)
        page.set_viewport_size({"width": 1000, "height": 900})
        page.click("[data-tab=referee]")
        words = page.locator("#page-referee .stream-labels .stream-seat")
        expect(words).to_have_count(4, timeout=30_000)
        for _ in range(10):  # as they are drawn anew with every frame's scores
            assert page.evaluate(OVERLAPS) == []
            page.wait_for_timeout(200)
        assert errors == []


def test_a_face_on_no_seat_is_said_to_be_on_none(browser, tmp_path):
    """Three seats for the sample's four faces: the face left over, drawn grey and not watched,
    is labelled as on no seat, in the page's words."""
    with serving(tmp_path / "data", "--seats", "1,2,3") as url:
        page, errors = live_tab(browser, url)
        labels = page.locator("#page-live .stream-labels")
        expect(labels.locator(".stream-seat[data-seat]")).to_have_count(3, timeout=30_000)
        unseated = labels.locator(".stream-seat.no-seat")
        expect(unseated).to_have_count(1)
        expect(unseated).to_have_text("sin asiento")
        page.click("#lang")
        expect(unseated).to_have_text("no seat")
        where = share_of_picture(page, "#page-live .stream-seat.no-seat")
        assert 0 <= where["left"] < where["right"] <= 1
        assert errors == []
