"""The live view says when a camera gives too few frames a second for a brief seña: `keinu
serve` on the sample clip written at 10 frames a second (every third frame), in Debian's
chromium."""

import cv2
import pytest
from playwright.sync_api import expect

from tests.browser.test_dashboard import live_tab, serving

pytestmark = pytest.mark.browser


def ten_a_second(sample_videos, folder):
    capture = cv2.VideoCapture(str(sample_videos / "single.mp4"))
    clip = folder / "slow.mp4"
    writer = None
    index = 0
    while True:
        ok, image = capture.read()
        if not ok:
            break
        if writer is None:
            size = (image.shape[1], image.shape[0])
            writer = cv2.VideoWriter(str(clip), cv2.VideoWriter_fourcc(*"mp4v"), 10.0, size)
        if index % 3 == 0:
            writer.write(image)
        index += 1
    assert writer is not None
    writer.release()
    capture.release()
    return clip


def test_a_camera_giving_ten_frames_a_second_is_said_to_be_slow(browser, sample_videos, tmp_path):
    clip = ten_a_second(sample_videos, tmp_path)
    with serving(tmp_path / "data", "--source", str(clip), "--loop") as url:
        page, errors = live_tab(browser, url)
        slow = page.locator("#health-text .slow")
        expect(slow).to_contain_text("pocos fotogramas", timeout=30_000)
        assert "un guiño breve puede perderse" in (slow.get_attribute("title") or "")
        expect(page.locator("#health-dot")).to_have_class("dot warn")
        assert "fotogramas por segundo leídos" in (
            page.locator("#health").get_attribute("title") or ""
        )
        page.set_viewport_size({"width": 820, "height": 1180})  # a tablet: nothing overflows
        page.click("#lang")
        expect(slow).to_contain_text("few frames")
        assert page.evaluate("document.documentElement.scrollWidth") <= 820
        assert errors == []
