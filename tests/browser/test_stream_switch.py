"""A tab switched to before the video's first frame still shows the video, in Debian's chromium."""

import re

import pytest
from playwright.sync_api import expect

from tests.api.clips import write_clip
from tests.browser.test_dashboard import serving

pytestmark = pytest.mark.browser


def test_a_tab_opened_before_the_first_frame_shows_the_video(browser, tmp_path):
    # a frame every two seconds: the referee page's stream waits that long for its first
    clip = write_clip(tmp_path / "slow.mp4", frames=6, fps=0.5)
    with serving(tmp_path / "data", "--source", str(clip), "--loop") as url:
        page = browser.new_page(viewport={"width": 1366, "height": 900})
        page.goto(url, wait_until="domcontentloaded")
        referee = page.locator("#page-referee img.stream")
        expect(referee).to_have_attribute("src", re.compile(r"^/api/stream/cam1\.mjpg"))
        assert page.evaluate("document.querySelector('#page-referee img.stream').naturalWidth") == 0
        page.click("[data-tab=live]")
        page.wait_for_function("document.querySelector('#page-live img.stream').naturalWidth > 0")
